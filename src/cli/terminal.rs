//! `klotski terminal`: solves the puzzle on standard input and prints exactly what graders
//! compare on stdout; with `--verbose`, a summary of what was proven on stderr.

use super::args::{TerminalArgs, default_memory_budget};
use super::output::{self, note, tell};
use super::progress::Reporter;
use super::watchdog::Watchdog;
use super::{INTERNAL, LIMIT, OK};
use anyhow::{Result, bail};
use klotski::puzzles::id::PuzzleId;
use klotski::puzzles::numeric::parse::{ParseError, ParseErrorKind};
use klotski::puzzles::numeric::{self, NumericPuzzle};
use klotski::puzzles::text::InputProblem;
use klotski::solve::{Answer, Bytes, Report, Unverified};
use std::io::IsTerminal;
use std::time::Instant;

/// Solves the puzzle on standard input within the options' limits, the time limit counted from
/// now and held by a watchdog.
pub fn run(terminal: &TerminalArgs) -> Result<u8> {
    let started = Instant::now();
    let args = &terminal.solve_args;
    let time_limit = terminal.time_limit();
    let watchdog = match time_limit {
        Some(limit) => Watchdog::arm(
            started + limit,
            "the time limit was reached before a solution or a proof was found \
             (--no-time-limit lets the work run to its end)",
        ),
        None => Watchdog::default(),
    };
    let memory = args.max_memory.unwrap_or_else(default_memory_budget);
    let read = match &terminal.id {
        Some(id) => Ok(numeric_of(id)?),
        None => read_puzzle(memory),
    };
    let numeric = match read {
        Ok(numeric) => numeric,
        Err(e) if over_memory(&e) => {
            tell!("klotski: no answer: {e}");
            return Ok(LIMIT);
        }
        Err(e) => return Err(e.into()),
    };
    let mut reporter = Reporter::new();
    let options = args.options(started, time_limit);
    let solved = numeric::solve(&numeric, options, &mut |p| reporter.tell(p));
    drop(reporter);
    let Some(report) = checked(solved) else {
        return Ok(INTERNAL);
    };
    if report.cut_short {
        note!(
            "klotski: the time limit cut the search short: a run with --no-time-limit may print another answer"
        );
    }
    let puzzle = numeric.puzzle();
    match numeric::stdout_text(&puzzle, &report.answer) {
        Some(text) => {
            let _writing = watchdog.writing();
            output::stdout(text)?;
            Ok(OK)
        }
        None => {
            if let Answer::GaveUp(limit) = report.answer {
                tell!("klotski: no answer: {limit} before a solution or a proof was found");
            }
            Ok(LIMIT)
        }
    }
}

/// The Numeric Klotski puzzle `id` names; another kind is bad input for `terminal`.
fn numeric_of(id: &PuzzleId) -> Result<NumericPuzzle> {
    match id {
        PuzzleId::Numeric(numeric) => Ok(numeric.clone()),
        PuzzleId::Bricks(_) | PuzzleId::Classic(_) => bail!(
            "--id: terminal solves Numeric Klotski; this ID names a {} (klotski gui --id plays it)",
            match id {
                PuzzleId::Bricks(_) => "brick puzzle",
                _ => "classic Klotski layout",
            }
        ),
    }
}

/// Reads the puzzle on standard input as it comes, stopping at the first problem; reading
/// may take at most `max_memory` bytes. A person at a terminal is told first, once, what is
/// read and how to end it; piped input is read without a word.
pub fn read_puzzle(max_memory: usize) -> Result<NumericPuzzle, ParseError> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        note!("{TYPE_A_PUZZLE}");
    }
    NumericPuzzle::read(stdin.lock(), max_memory)
}

/// What a person at a terminal is told before the puzzle is read.
pub const TYPE_A_PUZZLE: &str = "klotski: reading a puzzle from standard input (rows and \
    columns, the board, the blocks); end it with Ctrl-D, or give a file: `< FILE`";

/// Whether `error` says the board is too large to read within the memory limit: a limit that
/// stopped the work (exit 3), not bad input.
pub fn over_memory(error: &ParseError) -> bool {
    matches!(
        error.kind,
        ParseErrorKind::Input(InputProblem::OverMemory { .. })
    )
}

/// The report of a solve, after telling its summary on stderr under `-v`; `None` (told on
/// stderr) when a solution failed its replay check.
pub fn checked(solved: Result<Report, Unverified>) -> Option<Report> {
    match solved {
        Ok(report) => {
            if output::verbose() {
                tell!("{}", summary(&report));
            }
            Some(report)
        }
        Err(unverified) => {
            tell!("error: {unverified}");
            None
        }
    }
}

/// One line for stderr saying what was proven, how, and at what cost.
pub fn summary(report: &Report) -> String {
    let cost = format!(
        "{} states stored, {} expanded, {:.1} ms, peak table memory {}{}",
        report.stats.stored,
        report.stats.expanded,
        report.elapsed.as_secs_f64() * 1000.0,
        Bytes(report.stats.peak_bytes),
        if report.cut_short {
            "; cut short by the time limit, an unhurried run may differ"
        } else {
            ""
        }
    );
    let method = report.method();
    match &report.answer {
        Answer::Solved { moves, optimal } => format!(
            "solved: {} moves, {} ({method}); {cost}",
            moves.len(),
            if *optimal {
                "proven optimal"
            } else {
                "not proven optimal"
            },
        ),
        Answer::Unsolvable(proof) => {
            format!("no solution, proven by {method}: {proof}; {cost}")
        }
        Answer::GaveUp(limit) => {
            format!("gave up: {limit} before an answer was proven ({method}); {cost}")
        }
    }
}
