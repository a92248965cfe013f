//! `klotski solvable`: the N-puzzle solvability checker, with its assignment's conventions: bad
//! input is one `error:` line on stdout and exit code 1.

use super::args::SolvableArgs;
use super::output::{self, tell};
use super::progress::Reporter;
use super::terminal::checked;
use super::{INTERNAL, LIMIT, OK};
use anyhow::Result;
use klotski::puzzles::solvable::{self, Instance};
use klotski::solve::Answer;
use std::time::Instant;

/// Exit code for bad input in `solvable` mode, as its assignment asks (`EXIT_FAILURE`).
const BAD_INSTANCE: u8 = 1;

/// Reads a start and a goal board on standard input and prints the verdict, with `--solve` a
/// move sequence too.
pub fn run(args: &SolvableArgs) -> Result<u8> {
    let started = Instant::now();
    let solve_args = &args.solve_args;
    let instance = match Instance::read(std::io::stdin().lock()) {
        Ok(instance) => instance,
        Err(message) => {
            output::stdout(format!("error: {message}\n"))?;
            return Ok(BAD_INSTANCE);
        }
    };
    let (moves, code) = if args.solve && instance.solvable() {
        let options = solve_args.options(started, solve_args.time_limit);
        let mut reporter = Reporter::new();
        let solved = solvable::solve::solve(&instance, options, &mut |p| reporter.tell(p));
        // The spinner goes before anything else is written.
        drop(reporter);
        let Some(report) = checked(solved) else {
            return Ok(INTERNAL);
        };
        match report.answer {
            Answer::Solved { moves, .. } => (Some(moves), OK),
            Answer::GaveUp(limit) => {
                tell!("klotski: no moves: {limit}");
                (None, LIMIT)
            }
            Answer::Unsolvable(proof) => {
                tell!("error: internal error: the parity rule says solvable, but {proof}");
                return Ok(INTERNAL);
            }
        }
    } else {
        (None, OK)
    };
    let text = solvable::stdout_text(&instance, moves.as_deref());
    output::stdout(text)?;
    Ok(code)
}
