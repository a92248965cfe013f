//! The `klotski` command line: picks a mode and maps its result to an exit code.

use anyhow::{Context, Result, anyhow, bail};
use klotski::numeric::NumericPuzzle;
use klotski::search::Limits;
use klotski::solver::{self, Algo, Answer, Options};
use klotski::terminal;
use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Exit code for an answer that is right.
const OK: u8 = 0;
/// Exit code for an internal error.
const INTERNAL: u8 = 1;
/// Exit code for bad input or bad usage.
const BAD_INPUT: u8 = 2;
/// Exit code when a limit stopped the work before an answer was proven.
const LIMIT: u8 = 3;

const USAGE: &str = "\
usage: klotski <MODE> [OPTIONS] < puzzle.txt

modes:
  terminal    solve the puzzle on standard input; print Yes, the step count and the moves, or No

options for terminal:
  -v, --verbose          tell on stderr what was proven, how, and what it cost
  --algo ALGO            exact search: auto (default: picked from the board), bfs, bibfs
                         (bidirectional BFS), astar or idastar
  --max-memory SIZE      memory the search may use, e.g. 512M or 4G (default: half the free memory)
  --time-limit SECS      give up after this many seconds (default: none)

  -h, --help             this help
  -V, --version          the version

exit codes: 0 answer printed, 2 bad input or usage, 3 a limit stopped the search";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        Some("terminal") => run(|| terminal_mode(&args[1..])),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            OK
        }
        Some("-V" | "--version") => {
            println!("klotski {}", env!("CARGO_PKG_VERSION"));
            OK
        }
        Some(other) => {
            eprintln!("error: unknown mode '{other}'\n\n{USAGE}");
            BAD_INPUT
        }
        None => {
            eprintln!("error: no mode given\n\n{USAGE}");
            BAD_INPUT
        }
    };
    ExitCode::from(code)
}

/// Runs a mode; an error it returns is bad input or usage: one `error:` line, exit code 2.
fn run(mode: impl FnOnce() -> Result<u8>) -> u8 {
    match mode() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            BAD_INPUT
        }
    }
}

/// Options shared by the modes that solve.
struct SolveArgs {
    verbose: bool,
    options: Options,
}

fn parse_solve_args(args: &[String]) -> Result<SolveArgs> {
    let mut verbose = false;
    let mut algo = Algo::default();
    let mut max_memory = None;
    let mut time_limit = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| anyhow!("{name} needs a value"));
        match arg.as_str() {
            "-v" | "--verbose" => verbose = true,
            "--algo" => algo = value("--algo")?.parse()?,
            "--max-memory" => max_memory = Some(parse_size(value("--max-memory")?)?),
            "--time-limit" => {
                let text = value("--time-limit")?;
                let secs: f64 = text
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                    .ok_or_else(|| {
                        anyhow!("--time-limit takes a number of seconds, got '{text}'")
                    })?;
                time_limit = Some(Duration::from_secs_f64(secs));
            }
            other => bail!("unknown option '{other}' (see klotski --help)"),
        }
    }
    let limits = Limits {
        max_memory: max_memory.unwrap_or_else(default_memory_budget),
        deadline: time_limit.map(|t| Instant::now() + t),
    };
    Ok(SolveArgs {
        verbose,
        options: Options { limits, algo },
    })
}

/// Parses `512M`, `4G`, `1.5G`, `64K` or a plain byte count.
fn parse_size(text: &str) -> Result<usize> {
    let (number, scale) = match text.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        t if t.ends_with('K') => (t[..t.len() - 1].to_string(), 1u64 << 10),
        t if t.ends_with('M') => (t[..t.len() - 1].to_string(), 1 << 20),
        t if t.ends_with('G') => (t[..t.len() - 1].to_string(), 1 << 30),
        t if t.ends_with('T') => (t[..t.len() - 1].to_string(), 1 << 40),
        t => (t.to_string(), 1),
    };
    let value: f64 = number
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v > 0.0)
        .ok_or_else(|| anyhow!("--max-memory takes a size such as 512M or 4G, got '{text}'"))?;
    Ok((value * scale as f64).min(usize::MAX as f64) as usize)
}

/// Half of the memory the system reports available, or 2 GiB when it cannot be read.
fn default_memory_budget() -> usize {
    let available_kib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("MemAvailable:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<usize>().ok())
        });
    available_kib.map_or(2 << 30, |kib| kib * 1024 / 2)
}

fn read_puzzle() -> Result<NumericPuzzle> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    let text = String::from_utf8(bytes).map_err(|_| anyhow!("the input is not UTF-8 text"))?;
    Ok(text.parse()?)
}

fn terminal_mode(args: &[String]) -> Result<u8> {
    let SolveArgs { verbose, options } = parse_solve_args(args)?;
    let numeric = read_puzzle()?;
    let report = match solver::solve(&numeric, options, &mut |_| {}) {
        Ok(report) => report,
        Err(unverified) => {
            eprintln!("error: {unverified}");
            return Ok(INTERNAL);
        }
    };
    if verbose {
        eprintln!("{}", terminal::summary(&report));
    }
    let puzzle = numeric.engine();
    match terminal::stdout_text(&puzzle, &report.answer) {
        Some(text) => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
                .context("cannot write the answer")?;
            Ok(OK)
        }
        None => {
            if let Answer::GaveUp(limit) = report.answer {
                eprintln!("klotski: no answer: {limit} before a solution or a proof was found");
            }
            Ok(LIMIT)
        }
    }
}
