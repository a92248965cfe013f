//! The `klotski hrd SUBCOMMAND ...` command line: argument checks, dispatch, output files, and
//! the seed's own spelling of the subcommands (`--show`, `--cal`, ...) as aliases.

use super::analysis::{Analysis, Scratch};
use super::census::{self, GroupCensus, MixCount, Progress};
use super::code::{Code, CodeError};
use super::database;
use super::enumerate::{self, Census};
use super::group::Group;
use super::moves::Metric;
use super::show::{self, Drawing, MAX_WIDTH};
use super::solve::{self, Path};
use std::fmt::Write as _;
use std::io::Write;
use std::time::{Duration, Instant};

/// The subcommands and their arguments, for `klotski hrd --help`.
pub const USAGE: &str = "\
usage: klotski hrd SUBCOMMAND [--unit] ARGS   (CODE: 1 to 9 hex digits, e.g. 1A9BF0C00)
       klotski hrd --SUBCOMMAND ARGS               (the seed's spelling: --show, --cal, ...)
  show CODE [WIDTH]                 draw the layout, cells WIDTH characters wide (default 2)
  cal CODE [FILE]                   a shortest solution (2x2 block to the bottom centre)
  cal-target CODE TARGET [FILE]     a shortest path from CODE to TARGET
  group CODE [FILE]                 every layout reachable from CODE, codes ascending
  analy CODE [FILE] [--links]       layers, farthest layouts, solutions, and per layer the
                                    count of links to the next one (summary on stdout when
                                    FILE is given); --links also lists each link as
                                    (layer,index) -> (layer+1,index) ..., indices in the
                                    order the layers list their layouts
  analy-quiet CODE FILE [--links]   the same, written to FILE with nothing on stdout
  analy-group CODE FARTHEST.csv SOLUTION.csv
  analy-group-integral CODE FARTHEST.csv SOLUTION.csv
                                    one CSV row per layout of CODE's group; -integral adds
                                    every solution as CODE(steps)
  analy-multi-group SEEDS FARTHEST.csv SOLUTION.csv
  analy-multi-group-integral SEEDS FARTHEST.csv SOLUTION.csv
                                    the same for the group of each code in SEEDS (first word
                                    of each line), each group once
  all [DIR]                         the census of every legal layout and its group, written to
                                    DIR (default: the current folder): All_Case.txt (every
                                    code), main.csv (code,jiang_num,bing_num,style_num,
                                    group_num,group_index per layout, codes ascending) and
                                    J-B-S.txt per mix (each group's smallest code, by
                                    group_num); prints the layouts and groups per mix
  all-code FILE                     write every legal layout's code, ascending
  bench [--repeat N]                median times: enumerating all layouts, solving 1A9BF0C00
  help                              this text
  --unit                            a step is one piece moving one cell (default: one piece
                                    moving any distance, turns included)
Without FILE, output goes to stdout; with it, to FILE.";

/// Why an `hrd` command could not run.
#[derive(Debug, thiserror::Error)]
pub enum HrdError {
    /// Wrong arguments.
    #[error("{0} (see klotski hrd --help)")]
    Usage(String),
    /// A layout code on the command line.
    #[error(transparent)]
    Code(#[from] CodeError),
    /// A layout code in a seeds file.
    #[error("{path} line {line}: {cause}")]
    Seed {
        /// The file.
        path: String,
        /// 1-based line.
        line: usize,
        /// What is wrong with the code (printed here, not chained, so it shows once).
        cause: CodeError,
    },
    /// A file could not be read or written.
    #[error("{path}: {cause}")]
    Io {
        /// The file ("standard output" for stdout).
        path: String,
        /// The failure.
        cause: std::io::Error,
    },
}

fn usage(message: impl Into<String>) -> HrdError {
    HrdError::Usage(message.into())
}

/// The seed's commands, spelled as options (`--show`), and the subcommands they stand for.
const SEED_COMMANDS: [(&str, &str); 13] = [
    ("--show", "show"),
    ("--cal", "cal"),
    ("--cal-target", "cal-target"),
    ("--group", "group"),
    ("--analy", "analy"),
    ("--analy-quiet", "analy-quiet"),
    ("--analy-group", "analy-group"),
    ("--analy-group-integral", "analy-group-integral"),
    ("--analy-multi-group", "analy-multi-group"),
    ("--analy-multi-group-integral", "analy-multi-group-integral"),
    ("--all", "all"),
    ("--all-code", "all-code"),
    ("--help", "help"),
];

/// The arguments with the seed's spelling of a command (`--show CODE 4`, as its engine takes
/// them) turned into the subcommand (`show CODE 4`); other arguments are left as they are.
/// Only the first argument can be the seed's command, as in the seed's usage.
pub fn seed_alias(args: &[String]) -> Vec<String> {
    let mut out = args.to_vec();
    if let Some(first) = out.first_mut() {
        if let Some(&(_, subcommand)) = SEED_COMMANDS.iter().find(|(seed, _)| seed == first) {
            *first = subcommand.to_string();
        }
    }
    out
}

/// Runs `klotski hrd ARGS` and returns the exit code (0: answer printed).
pub fn run(args: &[String]) -> Result<u8, HrdError> {
    let args = seed_alias(args);
    let metric = if args.iter().any(|a| a == "--unit") {
        Metric::Unit
    } else {
        Metric::Piece
    };
    let mut repeat = 5;
    let mut links = false;
    let mut words: Vec<&str> = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--unit" => {}
            "--links" => links = true,
            "--repeat" => {
                let text = rest.next().ok_or_else(|| usage("--repeat needs a count"))?;
                repeat = text
                    .parse()
                    .ok()
                    .filter(|&n: &usize| n > 0)
                    .ok_or_else(|| usage(format!("--repeat takes a count, got '{text}'")))?;
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(0);
            }
            a if a.starts_with("--") => return Err(usage(format!("unknown option '{a}'"))),
            a => words.push(a),
        }
    }
    let Some((&command, operands)) = words.split_first() else {
        return Err(usage("no subcommand given"));
    };
    let arity = |min: usize, max: usize| {
        if (min..=max).contains(&operands.len()) {
            Ok(())
        } else {
            Err(usage(format!(
                "{command} takes {} argument(s), got {}",
                if min == max {
                    min.to_string()
                } else {
                    format!("{min} to {max}")
                },
                operands.len()
            )))
        }
    };
    let code = |i: usize| operands[i].parse::<Code>();
    match command {
        "show" => {
            arity(1, 2)?;
            let width = match operands.get(1) {
                None => 2,
                Some(text) => text
                    .parse()
                    .ok()
                    .filter(|w| (1..=MAX_WIDTH).contains(w))
                    .ok_or_else(|| {
                        usage(format!("WIDTH must be 1 to {MAX_WIDTH}, got '{text}'"))
                    })?,
            };
            let layout = code(0)?.layout();
            let text = format!(
                "{}\n{}{}\n",
                layout.code(),
                Drawing { layout, width },
                show::summary(layout)
            );
            emit(None, &text)?;
        }
        "cal" => {
            arity(1, 2)?;
            let start = code(0)?;
            let text = path_text(start, None, solve::solve(start, metric));
            emit(operands.get(1).copied(), &text)?;
        }
        "cal-target" => {
            arity(2, 3)?;
            let (start, target) = (code(0)?, code(1)?);
            let path = solve::to_target(start, target, metric);
            emit(
                operands.get(2).copied(),
                &path_text(start, Some(target), path),
            )?;
        }
        "group" => {
            arity(1, 2)?;
            let group = Group::of(code(0)?, metric);
            let mut out = Vec::with_capacity(group.len() * 10);
            group
                .codes()
                .iter()
                .for_each(|&c| enumerate::push_line(&mut out, c));
            emit_bytes(operands.get(1).copied(), &out)?;
        }
        "analy" | "analy-quiet" => {
            let quiet = command == "analy-quiet";
            if quiet {
                arity(2, 2)?
            } else {
                arity(1, 2)?
            };
            let start = code(0)?;
            let group = Group::of(start, metric);
            let index = group.index_of(start).expect("the seed is in its group");
            let analysis = Analysis::of(&group, index, &mut Scratch::default());
            let listed = links.then(|| analysis.links(&group));
            let report = analysis.report(listed.as_deref()).to_string();
            match operands.get(1) {
                None => emit(None, &report)?,
                Some(&file) => {
                    emit(Some(file), &report)?;
                    if !quiet {
                        emit(None, &analysis_summary(&analysis))?;
                    }
                }
            }
        }
        "analy-group"
        | "analy-group-integral"
        | "analy-multi-group"
        | "analy-multi-group-integral" => {
            arity(3, 3)?;
            // One seed code, or a file of them.
            let seeds = if command.starts_with("analy-multi") {
                read_seeds(operands[0])?
            } else {
                vec![code(0)?]
            };
            group_tables(
                &seeds,
                metric,
                command.ends_with("integral"),
                operands[1],
                operands[2],
            )?;
        }
        "all" => {
            arity(0, 1)?;
            let dir = operands.first().copied().unwrap_or(".");
            emit(None, &mix_table(&all(std::path::Path::new(dir))?))?;
        }
        "help" => {
            arity(0, 0)?;
            emit(None, &format!("{USAGE}\n"))?;
        }
        "all-code" => {
            arity(1, 1)?;
            let mut out = Vec::with_capacity(29_334_498 * 10);
            enumerate::for_each(|c, _| enumerate::push_line(&mut out, c));
            emit_bytes(Some(operands[0]), &out)?;
        }
        "bench" => {
            arity(0, 0)?;
            emit(None, &bench(repeat))?;
        }
        other => return Err(usage(format!("unknown hrd subcommand '{other}'"))),
    }
    Ok(0)
}

/// Runs the census with a progress bar on stderr (drawn only on a terminal) and writes the
/// seed's files into `dir`, creating it when needed; returns the counts per mix.
fn all(dir: &std::path::Path) -> Result<Vec<MixCount>, HrdError> {
    let io = |cause| HrdError::Io {
        path: dir.display().to_string(),
        cause,
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    let bar = indicatif::ProgressBar::new(census::ALL_LAYOUTS);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{prefix:>9} [{bar:40}] {percent:>3}% {elapsed_precise}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    let mut show = |p: Progress| {
        bar.set_length(p.total);
        bar.set_position(p.done);
        bar.set_prefix(p.stage.name());
    };
    let census = GroupCensus::all(&mut show);
    database::write(&census, dir, &mut show).map_err(|e| HrdError::Io {
        path: e.path.display().to_string(),
        cause: e.source,
    })?;
    bar.finish_and_clear();
    Ok(census.mix_counts())
}

/// The summary of `all`: layouts and groups per mix in the seed's order, then the totals.
fn mix_table(counts: &[MixCount]) -> String {
    let mut text = "jiang_num bing_num style_num layouts groups\n".to_string();
    for c in counts {
        let m = c.mix;
        let _ = writeln!(
            text,
            "{} {} {} {} {}",
            m.jiang, m.bing, m.style, c.layouts, c.groups
        );
    }
    let layouts: u64 = counts.iter().map(|c| c.layouts).sum();
    let groups: u64 = counts.iter().map(|c| u64::from(c.groups)).sum();
    let _ = writeln!(text, "total {layouts} {groups}");
    text
}

/// `cal` and `cal-target` output: a headline, then each layout of the path numbered from 0.
fn path_text(start: Code, target: Option<Code>, path: Option<Path>) -> String {
    let goal = target.map_or("solved".to_string(), |t| t.to_string());
    let Some(path) = path else {
        return match target {
            None => format!(
                "{start}: no solution (no layout with the 2x2 block at the bottom centre is reachable)\n"
            ),
            Some(_) => format!("{start} -> {goal}: no path (not in the same group)\n"),
        };
    };
    let mut text = format!("{start} -> {goal}: {} steps\n", path.steps.len());
    for (i, layout) in path.layouts.iter().enumerate() {
        let _ = writeln!(text, "{i}: {}", layout.code());
    }
    text
}

/// What `analy CODE FILE` prints besides the file: the headline numbers.
fn analysis_summary(a: &Analysis) -> String {
    let size: usize = a.layers.iter().map(Vec::len).sum();
    format!(
        "{}: group size {size}, farthest {} steps ({} layouts), minimum-step solution {} \
         ({} layouts), {} solutions\n",
        a.start,
        a.farthest_step(),
        a.farthest().len(),
        a.min_solution_step(),
        a.min_solutions().len(),
        a.solutions.len()
    )
}

/// Writes both CSV tables for the groups of `seeds` (a group reached by an earlier seed is
/// skipped), one row per layout in code order.
fn group_tables(
    seeds: &[Code],
    metric: Metric,
    integral: bool,
    farthest_path: &str,
    solution_path: &str,
) -> Result<(), HrdError> {
    let (mut farthest, mut solution) = (String::new(), String::new());
    let mut done: Vec<Group> = Vec::new();
    let mut scratch = Scratch::default();
    for &seed in seeds {
        if done.iter().any(|g| g.index_of(seed).is_some()) {
            continue;
        }
        let group = Group::of(seed, metric);
        for i in 0..group.len() {
            let a = Analysis::of(&group, i, &mut scratch);
            let _ = writeln!(farthest, "{}", a.farthest_row());
            let _ = writeln!(solution, "{}", a.solution_row(integral));
        }
        done.push(group);
    }
    emit(Some(farthest_path), &farthest)?;
    emit(Some(solution_path), &solution)
}

/// The codes of a seeds file: the first word of each non-blank line.
fn read_seeds(path: &str) -> Result<Vec<Code>, HrdError> {
    let text = std::fs::read_to_string(path).map_err(|cause| HrdError::Io {
        path: path.to_string(),
        cause,
    })?;
    (text.lines().enumerate())
        .filter_map(|(i, line)| line.split_whitespace().next().map(|word| (i, word)))
        .map(|(i, word)| {
            word.parse().map_err(|cause| HrdError::Seed {
                path: path.to_string(),
                line: i + 1,
                cause,
            })
        })
        .collect()
}

fn emit(file: Option<&str>, text: &str) -> Result<(), HrdError> {
    emit_bytes(file, text.as_bytes())
}

/// Writes `bytes` to `file`, or to stdout when there is none.
fn emit_bytes(file: Option<&str>, bytes: &[u8]) -> Result<(), HrdError> {
    let written = match file {
        Some(path) => std::fs::write(path, bytes),
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(bytes).and_then(|()| stdout.flush())
        }
    };
    written.map_err(|cause| HrdError::Io {
        path: file.unwrap_or("standard output").to_string(),
        cause,
    })
}

/// This process's CPU time (user + system) from `/proc/self/stat`, in clock ticks of 10 ms
/// (`USER_HZ` is 100 on Linux), or `None` where that file cannot be read. The machine is shared,
/// so CPU time says more than wall time; batches of runs make up for the coarse tick.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which ends with the last ')': state is field 3.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 2..].split(' ').collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Median wall and CPU time per run of `work`, over `samples` batches of `batch` runs.
fn measure(samples: usize, batch: usize, work: &mut dyn FnMut()) -> (Duration, Option<Duration>) {
    let mut walls = Vec::new();
    let mut cpus = Vec::new();
    for _ in 0..samples {
        let (cpu0, started) = (cpu_time(), Instant::now());
        (0..batch).for_each(|_| work());
        walls.push(started.elapsed() / batch as u32);
        if let (Some(a), Some(b)) = (cpu0, cpu_time()) {
            cpus.push((b - a) / batch as u32);
        }
    }
    let median = |mut v: Vec<Duration>| {
        v.sort();
        v.get(v.len() / 2).copied()
    };
    (median(walls).expect("at least one sample"), median(cpus))
}

/// Median times of enumerating (counting) every layout and of solving the opening 1A9BF0C00.
fn bench(repeat: usize) -> String {
    let ms = |(wall, cpu): (Duration, Option<Duration>)| {
        let cpu = cpu.map_or("unknown".to_string(), |c| {
            format!("{:.1} ms", c.as_secs_f64() * 1e3)
        });
        format!("median {:.1} ms wall, {cpu} CPU", wall.as_secs_f64() * 1e3)
    };
    let mut total = 0;
    let enumerate = measure(repeat, 1, &mut || total = Census::count().total());
    let opening: Code = "1A9BF0C00".parse().expect("a legal code");
    let mut steps = 0;
    let solve = measure(repeat, 50, &mut || {
        steps = solve::solve(opening, Metric::Piece).map_or(0, |p| p.steps.len())
    });
    format!(
        "enumerate all layouts: {total} layouts, {} ({repeat} runs)\n\
         solve 1A9BF0C00: {steps} steps, {} ({repeat} batches of 50)\n",
        ms(enumerate),
        ms(solve)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_seeds_commands_become_subcommands() {
        for (seed, ours) in [
            ("--show 1A9BF0C00 4", "show 1A9BF0C00 4"),
            ("--cal 1A9BF0C00 demo.txt", "cal 1A9BF0C00 demo.txt"),
            (
                "--cal-target 4FEA13400 43EA73400",
                "cal-target 4FEA13400 43EA73400",
            ),
            ("--group 4FEA13400", "group 4FEA13400"),
            ("--analy 1A9BF0C00", "analy 1A9BF0C00"),
            (
                "--analy-quiet 1A9BF0C00 demo.txt",
                "analy-quiet 1A9BF0C00 demo.txt",
            ),
            (
                "--analy-group-integral 1A9BF0C00 f.csv s.csv",
                "analy-group-integral 1A9BF0C00 f.csv s.csv",
            ),
            (
                "--analy-multi-group 5-4-0.txt f.csv s.csv",
                "analy-multi-group 5-4-0.txt f.csv s.csv",
            ),
            ("--all", "all"),
            ("--all-code All_Case.txt", "all-code All_Case.txt"),
            ("--help", "help"),
            // Already ours, or not the seed's: left alone.
            ("show 1A9BF0C00", "show 1A9BF0C00"),
            ("cal --unit 1A9BF0C00", "cal --unit 1A9BF0C00"),
            ("--unit --cal 1A9BF0C00", "--unit --cal 1A9BF0C00"),
            ("--frobnicate", "--frobnicate"),
            ("", ""),
        ] {
            assert_eq!(seed_alias(&words(seed)), words(ours), "{seed}");
        }
        assert_eq!(SEED_COMMANDS.len(), 13, "every command of the seed's usage");
    }
}
