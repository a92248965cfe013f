//! `klotski sbp COMMAND ...`: the sliding brick puzzle's command set, run by the library, its
//! output printed here.

use super::args::default_memory_budget;
use super::{LIMIT, OK};
use anyhow::Result;
use klotski::puzzles::sbp::commands;
use klotski::search::Limits;

/// Runs the command in `args` and prints its output; exit code 3 when a limit stopped a solver.
pub fn run(args: &[String]) -> Result<u8> {
    let output = commands::run(args, Limits::memory(default_memory_budget()))?;
    print!("{}", output.stdout);
    Ok(match output.stopped {
        Some(why) => {
            eprintln!("error: {why}");
            LIMIT
        }
        None => OK,
    })
}
