//! `klotski generate`: a random puzzle in the terminal input format, reproducible from its seed.

use super::OK;
use super::args::GenerateArgs;
use super::output::{self, tell};
use super::progress::Reporter;
use anyhow::{Result, bail};
use klotski::puzzles::numeric::generate::{self, Method, Spec};
use std::time::Instant;

/// Prints the puzzle `args` ask for.
pub fn run(args: &GenerateArgs) -> Result<u8> {
    let started = Instant::now();
    let Some(size) = args.size else {
        bail!("generate needs --size NxM");
    };
    let method = match (args.moves, args.shuffle) {
        (Some(_), true) => bail!("--moves and --shuffle cannot be combined"),
        (Some(n), false) => Method::Walk(n),
        (None, true) => Method::Shuffle,
        (None, false) => Method::Walk(10 * size.rows * size.cols),
    };
    let clock_seed = args.seed.is_none();
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let spec = Spec {
        size,
        blanks: args.blanks,
        blocks: args.blocks.clone().unwrap_or_default(),
        method,
        unsolvable: args.unsolvable,
    };
    let solve_args = &args.solve_args;
    let options = solve_args.options(started, solve_args.time_limit);
    let mut reporter = Reporter::new();
    let puzzle = generate::generate_told(&spec, seed, options, &mut |p| reporter.tell(p))?;
    // The spinner goes before anything else is written.
    drop(reporter);
    if clock_seed {
        tell!("klotski: seed {seed} (--seed {seed} gives this puzzle again)");
    }
    output::stdout(puzzle.to_string())?;
    Ok(OK)
}
