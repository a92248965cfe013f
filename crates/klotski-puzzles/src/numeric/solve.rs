//! Solving a Numeric Klotski puzzle end to end: the rules that prove `No` at once, then the
//! solver's portfolio on the engine form, and the answer in the terminal format graders compare.

use super::NumericPuzzle;
use super::rules;
use klotski_core::engine::puzzle::{Move, Puzzle};
use klotski_core::search::Stats;
use klotski_core::solve::{
    self, Answer, Options, Progress, Report, StageOutcome, Unverified, solve_puzzle_streaming,
};
use std::fmt::Write;
use std::time::Instant;

/// Solves `numeric`, calling `on_progress` now and then with what the solver is doing.
pub fn solve(
    numeric: &NumericPuzzle,
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Report, Unverified> {
    decided_by_rules(numeric).unwrap_or_else(|| {
        let problem = numeric.problem().expect("the block rule passed");
        solve::solve_puzzle(&problem, options, on_progress)
    })
}

/// As [`solve()`], and when the constructive solver runs, hands `on_move` each of its moves as it
/// is made (see [`solve_puzzle_streaming`]).
pub fn solve_streaming(
    numeric: &NumericPuzzle,
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
    on_move: &mut dyn FnMut(Move),
) -> Result<Report, Unverified> {
    decided_by_rules(numeric).unwrap_or_else(|| {
        let problem = numeric.problem().expect("the block rule passed");
        solve_puzzle_streaming(&problem, options, on_progress, on_move)
    })
}

/// The report of a rule that proves `numeric` unsolvable, if one applies.
fn decided_by_rules(numeric: &NumericPuzzle) -> Option<Result<Report, Unverified>> {
    let began = Instant::now();
    let proof = rules::disproof(numeric)?;
    Some(Ok(Report {
        answer: Answer::Unsolvable(proof),
        stages: vec![StageOutcome::Rules],
        stats: Stats::default(),
        elapsed: began.elapsed(),
        cut_short: false,
    }))
}

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
