//! `klotski hrd SUBCOMMAND ...`: the classic 4x5 Klotski engine's command set.

use anyhow::Result;
use klotski::puzzles::hrd::command;

/// Runs the subcommand in `args`; its exit code.
pub fn run(args: &[String]) -> Result<u8> {
    Ok(command::run(args)?)
}
