//! `klotski gui` and `klotski render`: what to play (the puzzle on standard input, a brick
//! puzzle file or a classic layout code) and where: a window, or PNG frames.

use super::args::{GuiArgs, PlayerArgs, RenderArgs};
use super::output::{self, tell};
use super::terminal::read_puzzle;
use super::{INTERNAL, OK};
use anyhow::{Context, Result};
use klotski::gui::{app, headless, show::Show};
use klotski::solve::Options;
use std::time::{Duration, Instant};

/// Opens the window and plays until it is closed.
pub fn gui(args: &GuiArgs) -> Result<u8> {
    let options = player_options(&args.solve_args);
    let show = show(&args.player, options.clone())?;
    let window = app::WindowOptions {
        tween: Duration::from_millis(args.player.speed),
        size: args.player.size,
    };
    match app::run(show, window, options) {
        Ok(()) => Ok(OK),
        Err(e) => {
            tell!("error: {e}");
            Ok(INTERNAL)
        }
    }
}

/// Writes the frames `args` ask for and prints their paths.
pub fn render(args: &RenderArgs) -> Result<u8> {
    let options = player_options(&args.solve_args);
    let show = show(&args.player, options)?;
    let request = headless::RenderRequest {
        size: args.player.size,
        tween: Duration::from_millis(args.player.speed),
        out: args.out.as_deref(),
        steps: &args.steps,
        animate: args.animate.as_deref(),
    };
    match headless::render_files(show, &request) {
        Ok(written) => {
            let listing: String = (written.iter())
                .map(|path| format!("{}\n", path.display()))
                .collect();
            output::stdout(listing)?;
            Ok(OK)
        }
        Err(e) => {
            tell!("error: {e}");
            Ok(INTERNAL)
        }
    }
}

/// Solver options for the player: `--time-limit` alone, since the solver streams its moves as
/// they are made and a user watches them.
fn player_options(solve_args: &super::args::SolveArgs) -> Options {
    solve_args.options(Instant::now(), solve_args.time_limit)
}

/// What to play: the `--hrd` layout, the `--sbp` file, or the Numeric Klotski puzzle on standard
/// input.
fn show(player: &PlayerArgs, options: Options) -> Result<Show> {
    if let Some(code) = &player.hrd {
        let code: klotski::puzzles::hrd::code::Code = code.parse()?;
        return Ok(Show::hrd(code));
    }
    match &player.sbp {
        Some(path) => {
            let file = std::fs::File::open(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let memory = options.limits.max_memory;
            let board =
                klotski::puzzles::sbp::SbpBoard::read(std::io::BufReader::new(file), memory)
                    .with_context(|| format!("{}", path.display()))?;
            Ok(Show::sbp(board, options.limits))
        }
        None => Ok(Show::numeric(
            read_puzzle(options.limits.max_memory)?,
            options,
        )),
    }
}
