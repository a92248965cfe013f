//! `klotski tipover`: the Tipover solver on standard input, one tip a line.

use super::args::{TipoverArgs, default_memory_budget};
use super::output::{self, tell};
use super::{LIMIT, OK};
use anyhow::{Context, Result};
use klotski::puzzles::tipover;
use klotski::search::{Limits, Outcome};
use klotski::solve::{Bytes, Limit};
use std::io::Read;
use std::time::Instant;

/// Solves the puzzle on standard input and prints a solution with the fewest tips.
pub fn run(args: &TipoverArgs) -> Result<u8> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .context("cannot read standard input as UTF-8 text")?;
    let puzzle = args.format.parse(&text)?;
    let started = Instant::now();
    let memory = args.max_memory.unwrap_or_else(default_memory_budget);
    let search = tipover::solve(&puzzle, Limits::memory(memory));
    if args.verbose {
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
