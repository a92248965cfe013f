//! Terminal mode's output: the exact stdout text graders compare, and the `--verbose` summary.

use crate::puzzle::Puzzle;
use crate::solver::{Answer, Bytes, Report};
use std::fmt::Write;

/// What goes to stdout for `answer`: `Yes`, the step count and one `x S` line per move, or `No`.
/// `None` when nothing was proven (stdout stays empty).
pub fn stdout_text(puzzle: &Puzzle, answer: &Answer) -> Option<String> {
    match answer {
        Answer::Solved { moves, .. } => {
            let mut out = format!("Yes\n{}\n", moves.len());
            for &mv in moves {
                writeln!(out, "{}", puzzle.describe(mv)).expect("writing to a String");
            }
            Some(out)
        }
        Answer::Unsolvable(_) => Some("No\n".to_string()),
        Answer::GaveUp(_) => None,
    }
}

/// One line for stderr saying what was proven, how, and at what cost.
pub fn summary(report: &Report) -> String {
    let cost = format!(
        "{} states stored, {} expanded, {:.1} ms, peak table memory {}",
        report.stats.stored,
        report.stats.expanded,
        report.elapsed.as_secs_f64() * 1000.0,
        Bytes(report.stats.peak_bytes)
    );
    match &report.answer {
        Answer::Solved { moves, optimal } => format!(
            "solved: {} moves, {} ({}); {cost}",
            moves.len(),
            if *optimal {
                "proven optimal"
            } else {
                "not proven optimal"
            },
            report.method
        ),
        Answer::Unsolvable(proof) => {
            format!("no solution, proven by {}: {proof}; {cost}", report.method)
        }
        Answer::GaveUp(limit) => format!(
            "gave up: {limit} before an answer was proven ({}); {cost}",
            report.method
        ),
    }
}
