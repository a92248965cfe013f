//! `klotski tipover`: the Tipover solver on standard input, one tip a line.

use super::args::{TipoverArgs, default_memory_budget};
use super::output::{self, tell};
use super::{LIMIT, OK};
use anyhow::Result;
use klotski::puzzles::text::InputProblem;
use klotski::puzzles::tipover;
use klotski::puzzles::tipover::parse::ParseErrorKind;
use klotski::search::{Limits, Outcome};
use klotski::solve::{Bytes, Limit};
use std::time::Instant;

/// Solves the puzzle on standard input and prints a solution with the fewest tips.
pub fn run(args: &TipoverArgs) -> Result<u8> {
    let memory = args.max_memory.unwrap_or_else(default_memory_budget);
    let puzzle = match args.format.read(std::io::stdin().lock(), memory) {
        Ok(puzzle) => puzzle,
        Err(e)
            if matches!(
                e.kind,
                ParseErrorKind::Input(InputProblem::OverMemory { .. })
            ) =>
        {
            tell!("klotski: no answer: {e}");
            return Ok(LIMIT);
        }
        Err(e) => return Err(e.into()),
    };
    let started = Instant::now();
    let search = tipover::solve(&puzzle, Limits::memory(memory));
    if output::verbose() {
        let stats = search.stats;
        tell!(
            "klotski: breadth-first search over tips: {} states expanded, {} stored, {} peak, {:.1?}",
            stats.expanded,
            stats.stored,
            Bytes(stats.peak_bytes),
            started.elapsed()
        );
    }
    match search.outcome {
        Outcome::Found(tips) => {
            let lines: String = tips.iter().map(|tip| format!("{tip}\n")).collect();
            output::stdout(lines)?;
            Ok(OK)
        }
        Outcome::Exhausted => Ok(OK),
        Outcome::Stopped(stop) => {
            tell!("klotski: no answer: {}", Limit::from(stop));
            Ok(LIMIT)
        }
    }
}
