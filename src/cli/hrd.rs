//! `klotski hrd`: the classic 4x5 Klotski engine's command set, each command also under the
//! seed's own spelling (`--show`, `--cal`, ...), its output on stdout or into a file.

use super::args::{GroupTables, HrdArgs, HrdCommand};
use super::cpu_time::thread_cpu;
use super::output::{self, FileWriteFailed, WriteFailed, tell};
use super::progress;
use super::{BAD_INPUT, OK};
use anyhow::Result;
use klotski::puzzles::hrd::analysis::{Analysis, Scratch};
use klotski::puzzles::hrd::census::{self, GroupCensus, MixCount, Progress};
use klotski::puzzles::hrd::code::{Code, CodeError};
use klotski::puzzles::hrd::database;
use klotski::puzzles::hrd::enumerate::{self, Census};
use klotski::puzzles::hrd::group::Group;
use klotski::puzzles::hrd::moves::Metric;
use klotski::puzzles::hrd::show::{self, Drawing};
use klotski::puzzles::hrd::solve::{self, Path};
use klotski::puzzles::text::{InputProblem, LineError, Lines};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Why an `hrd` command could not finish.
#[derive(Debug, thiserror::Error)]
enum HrdError {
    /// A layout code.
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
    /// A seeds file lists more than [`MOST_SEEDS`] codes.
    #[error("{path} line {line}: more than {MOST_SEEDS} seeds")]
    TooManySeeds {
        /// The file.
        path: String,
        /// 1-based line of the first code too many.
        line: usize,
    },
    /// A seeds file could not be read, or has a line too long.
    #[error("{path} line {line}: {problem}")]
    Input {
        /// The file.
        path: String,
        /// 1-based line.
        line: usize,
        /// What went wrong.
        problem: InputProblem,
    },
    /// Standard output could not be written.
    #[error(transparent)]
    Output(#[from] WriteFailed),
    /// A file could not be read.
    #[error("{path}: {cause}")]
    Io {
        /// The file.
        path: String,
        /// The failure.
        cause: std::io::Error,
    },
    /// A file or folder to write could not be made or written: exit 4, as for stdout.
    #[error(transparent)]
    Write(#[from] FileWriteFailed),
}

/// The longest line a seeds file may hold: a code and a note after it.
const SEED_LINE_BYTES: usize = 4096;

/// Runs the command; bad codes in files and failed file writes are one `error:` line, exit 2;
/// a failed stdout is left to [`super::run`].
pub fn run(args: &HrdArgs) -> Result<u8> {
    match command(args) {
        Ok(()) => Ok(OK),
        Err(HrdError::Output(write)) => Err(write.into()),
        Err(HrdError::Write(write)) => Err(write.into()),
        Err(e) => {
            tell!("error: {e}");
            Ok(BAD_INPUT)
        }
    }
}

fn command(args: &HrdArgs) -> Result<(), HrdError> {
    let metric = if args.unit {
        Metric::Unit
    } else {
        Metric::Piece
    };
    match &args.command {
        HrdCommand::Show { code, width } => {
            let layout = code.layout();
            let text = format!(
                "{}\n{}{}\n",
                layout.code(),
                Drawing {
                    layout,
                    width: *width
                },
                show::summary(layout)
            );
            emit(None, &text)
        }
        HrdCommand::Cal { code, file } => {
            let text = path_text(*code, None, solve::solve(*code, metric));
            emit(file.as_ref(), &text)
        }
        HrdCommand::CalTarget { code, target, file } => {
            let path = solve::to_target(*code, *target, metric);
            emit(file.as_ref(), &path_text(*code, Some(*target), path))
        }
        HrdCommand::Group { code, file } => {
            let group = Group::of(*code, metric);
            let mut out = Vec::with_capacity(group.len() * 10);
            group
                .codes()
                .iter()
                .for_each(|&c| enumerate::push_line(&mut out, c));
            emit_bytes(file.as_ref(), &out)
        }
        HrdCommand::Analy { code, file, links } => {
            analy(*code, metric, file.as_ref(), *links, false)
        }
        HrdCommand::AnalyQuiet { code, file, links } => {
            analy(*code, metric, Some(file), *links, true)
        }
        HrdCommand::AnalyGroup(tables) => group_tables(tables, metric, false, false),
        HrdCommand::AnalyGroupIntegral(tables) => group_tables(tables, metric, false, true),
        HrdCommand::AnalyMultiGroup(tables) => group_tables(tables, metric, true, false),
        HrdCommand::AnalyMultiGroupIntegral(tables) => group_tables(tables, metric, true, true),
        HrdCommand::All { dir } => emit(None, &mix_table(&all(dir)?)),
        HrdCommand::AllCode { file } => {
            let mut out = Vec::with_capacity(29_334_498 * 10);
            enumerate::for_each(|c, _| enumerate::push_line(&mut out, c));
            emit_bytes(Some(file), &out)
        }
        HrdCommand::Bench { repeat } => emit(None, &bench(*repeat as usize)),
    }
}

/// `analy` and `analy-quiet`: the report to `file` or stdout; with a file and not `quiet`, the
/// headline numbers on stdout too.
fn analy(
    start: Code,
    metric: Metric,
    file: Option<&PathBuf>,
    links: bool,
    quiet: bool,
) -> Result<(), HrdError> {
    let group = Group::of(start, metric);
    let index = group.index_of(start).expect("the seed is in its group");
    let analysis = Analysis::of(&group, index, &mut Scratch::default());
    let listed = links.then(|| analysis.links(&group));
    let report = analysis.report(listed.as_deref()).to_string();
    emit(file, &report)?;
    if file.is_some() && !quiet {
        emit(None, &analysis_summary(&analysis))?;
    }
    Ok(())
}

/// Runs the census with a progress bar on stderr (on a terminal; elsewhere a line every few
/// seconds) and writes the
/// seed's files into `dir`, creating it when needed; returns the counts per mix.
fn all(dir: &std::path::Path) -> Result<Vec<MixCount>, HrdError> {
    std::fs::create_dir_all(dir).map_err(FileWriteFailed::at(dir))?;
    let bar = progress::job(Some(census::ALL_LAYOUTS));
    let mut show = |p: Progress| {
        bar.set_length(p.total);
        bar.set_position(p.done);
        bar.set_message(p.step.name());
    };
    let census = GroupCensus::all(&mut show);
    database::write(&census, dir, &mut show).map_err(|e| FileWriteFailed {
        path: e.path,
        cause: e.source,
    })?;
    bar.finish_and_clear();
    Ok(census.mix_counts())
}

/// The summary of `all`: layouts and groups per mix in the assignment's order, then the totals.
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

/// Writes both CSV tables for the group of the code (or each code of the seeds file, with
/// `multi`; a group reached by an earlier seed is skipped), one row per layout in code order.
fn group_tables(
    tables: &GroupTables,
    metric: Metric,
    multi: bool,
    integral: bool,
) -> Result<(), HrdError> {
    let seeds = if multi {
        read_seeds(std::path::Path::new(&tables.seeds))?
    } else {
        // A code that is not UTF-8 is shown as the lossy text, which no code is either.
        vec![tables.seeds.to_string_lossy().parse()?]
    };
    // The two files are made before the work, which can take minutes: a path that cannot be
    // written fails at once.
    let create = |path: &PathBuf| std::fs::File::create(path).map_err(FileWriteFailed::at(path));
    let files = [create(&tables.farthest)?, create(&tables.solution)?];
    let (mut farthest, mut solution) = (String::new(), String::new());
    let mut done: Vec<Group> = Vec::new();
    let mut scratch = Scratch::default();
    let bar = progress::job(Some(seeds.len() as u64));
    for (number, seed) in seeds.into_iter().enumerate() {
        bar.set_position(number as u64);
        if done.iter().any(|g| g.index_of(seed).is_some()) {
            continue;
        }
        let group = Group::of(seed, metric);
        bar.set_message(format!("seed {seed}, a group of {} layouts", group.len()));
        for i in 0..group.len() {
            let a = Analysis::of(&group, i, &mut scratch);
            let _ = writeln!(farthest, "{}", a.farthest_row());
            let _ = writeln!(solution, "{}", a.solution_row(integral));
        }
        done.push(group);
    }
    bar.finish_and_clear();
    let paths = [&tables.farthest, &tables.solution];
    for ((mut file, path), text) in files.into_iter().zip(paths).zip([farthest, solution]) {
        file.write_all(text.as_bytes())
            .map_err(FileWriteFailed::at(path))?;
    }
    Ok(())
}

/// The most codes a seeds file may list, as the other readers refuse more than a million blank
/// lines: a stream without end (`yes CODE`) is refused after it, not read for ever.
const MOST_SEEDS: usize = 1_000_000;

/// The codes of a seeds file: the first word of each non-blank line, each code once, read a
/// line at a time (a line over [`SEED_LINE_BYTES`] is refused, so are more than [`MOST_SEEDS`]
/// lines).
fn read_seeds(path: &std::path::Path) -> Result<Vec<Code>, HrdError> {
    let file = std::fs::File::open(path).map_err(|cause| HrdError::Io {
        path: path.display().to_string(),
        cause,
    })?;
    let mut lines = Lines::reader(std::io::BufReader::new(file), SEED_LINE_BYTES);
    let (mut codes, mut seen) = (Vec::new(), fxhash::FxHashSet::default());
    let mut count = 0;
    while let Some((line, text)) = lines.non_blank() {
        count += 1;
        if count > MOST_SEEDS {
            let path = path.display().to_string();
            return Err(HrdError::TooManySeeds { path, line });
        }
        let word = text.split_whitespace().next().unwrap_or_default();
        let code: Code = word.parse().map_err(|cause| HrdError::Seed {
            path: path.display().to_string(),
            line,
            cause,
        })?;
        if seen.insert(code) {
            codes.push(code);
        }
    }
    let read: Result<(), LineError<InputProblem>> = lines.finish(Ok(()));
    read.map_err(|e| HrdError::Input {
        path: path.display().to_string(),
        line: e.line,
        problem: e.kind,
    })?;
    Ok(codes)
}

fn emit(file: Option<&PathBuf>, text: &str) -> Result<(), HrdError> {
    emit_bytes(file, text.as_bytes())
}

/// Writes `bytes` to `file`, or to stdout when there is none.
fn emit_bytes(file: Option<&PathBuf>, bytes: &[u8]) -> Result<(), HrdError> {
    match file {
        Some(path) => Ok(output::file(path, bytes)?),
        None => Ok(output::stdout(bytes)?),
    }
}

/// Median wall and CPU time per run of `work`, over `samples` batches of `batch` runs.
fn measure(samples: usize, batch: usize, work: &mut dyn FnMut()) -> (Duration, Option<Duration>) {
    let mut walls = Vec::new();
    let mut cpus = Vec::new();
    for _ in 0..samples {
        let (cpu0, started) = (thread_cpu(), Instant::now());
        (0..batch).for_each(|_| work());
        walls.push(started.elapsed() / batch as u32);
        if let (Some(a), Some(b)) = (cpu0, thread_cpu()) {
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
