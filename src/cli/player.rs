//! `klotski gui` and `klotski render`: what to play (the puzzle on standard input, a brick
//! puzzle file or a classic layout code) and where: a window, or PNG frames.

use super::args::{GuiArgs, PlayerArgs, RenderArgs};
use super::output::{self, tell};
use super::terminal::read_puzzle;
use super::{BAD_INPUT, INTERNAL, LIMIT, OK};
use anyhow::{Context, Result};
use klotski::gui::app;
use klotski::gui::content::game::Game;
use klotski::gui::content::saved::Saves;
use klotski::gui::content::scores::Scores;
use klotski::gui::error::GuiError;
use klotski::gui::render::headless;
use klotski::solve::Options;
use std::io::IsTerminal;
use std::os::unix::fs::DirBuilderExt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Opens the window and plays until it is closed; a window that cannot open (no display) is
/// one `error:` line and exit 2, like other bad usage.
pub fn gui(args: &GuiArgs) -> Result<u8> {
    let _runtime = RuntimeDir::ensure();
    let options = player_options(&args.solve_args);
    // A person who typed `klotski gui` at a terminal, with no puzzle, gets the level picker.
    let given = args.player.hrd.is_some() || args.player.sbp.is_some() || args.player.id.is_some();
    let game = match given || !std::io::stdin().is_terminal() {
        true => Some(game(&args.player, options.clone())?),
        false => None,
    };
    let window = app::WindowOptions {
        tween: Duration::from_millis(args.player.speed),
        size: args.player.size,
        // A working folder that is gone leaves the browser at the root.
        folder: std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
        home: super::folders::home(),
    };
    let keep = app::Kept {
        scores: Scores::at(super::folders::scores_file()),
        saves: Saves::at(super::folders::saved_games()),
    };
    match app::run(game, window, options, keep) {
        Ok(()) => Ok(OK),
        Err(e @ GuiError::Window(_)) => {
            tell!("error: {e} (klotski render draws frames without a display)");
            Ok(BAD_INPUT)
        }
        Err(e) => {
            tell!("error: {e}");
            Ok(INTERNAL)
        }
    }
}

/// Writes the frames `args` ask for and prints their paths.
pub fn render(args: &RenderArgs) -> Result<u8> {
    let _runtime = RuntimeDir::ensure();
    let options = player_options(&args.solve_args);
    let deadline = options.limits.deadline;
    let game = game(&args.player, options)?;
    let request = headless::RenderRequest {
        size: args.player.size,
        tween: Duration::from_millis(args.player.speed),
        out: args.out.as_deref(),
        steps: &args.steps,
        animate: args.animate.as_deref(),
        deadline,
    };
    match headless::render_files(game, &request) {
        Ok(written) => {
            let listing: String = (written.iter())
                .map(|path| format!("{}\n", path.display()))
                .collect();
            output::stdout(listing)?;
            Ok(OK)
        }
        Err(stopped @ GuiError::TimeLimit { .. }) => {
            tell!("klotski: {stopped}");
            Ok(LIMIT)
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
fn game(player: &PlayerArgs, options: Options) -> Result<Game> {
    if let Some(id) = &player.id {
        return Ok(Game::of_id(id.clone(), &options));
    }
    if let Some(code) = &player.hrd {
        let code: klotski::puzzles::hrd::code::Code = code.parse()?;
        return Ok(Game::hrd(code));
    }
    match &player.sbp {
        Some(path) => {
            let file = std::fs::File::open(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let memory = options.limits.max_memory;
            let board =
                klotski::puzzles::sbp::SbpBoard::read(std::io::BufReader::new(file), memory)
                    .with_context(|| format!("{}", path.display()))?;
            let name = klotski::gui::content::open::file_name(path);
            Ok(Game::sbp(board, options.limits).named(name))
        }
        None => Ok(Game::numeric(
            read_puzzle(options.limits.max_memory)?,
            options,
        )),
    }
}

/// A private `XDG_RUNTIME_DIR` for a session that has none, removed at the end of the run.
///
/// The system's graphics and windowing libraries look for a Wayland socket there and print
/// "XDG_RUNTIME_DIR is invalid or not set" when the variable is missing, even on runs that
/// need no display (`render`); an empty folder of our own makes them look, find nothing, and
/// stay quiet.
struct RuntimeDir(Option<PathBuf>);

impl RuntimeDir {
    /// Sets `XDG_RUNTIME_DIR` to a new private folder when it names no folder. Called first
    /// thing in `gui` and `render`, before any thread is started.
    fn ensure() -> RuntimeDir {
        let set = std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from);
        if set.is_some_and(|dir| dir.is_absolute() && dir.is_dir()) {
            return RuntimeDir(None);
        }
        let dir = std::env::temp_dir().join(format!("klotski-runtime-{}", std::process::id()));
        if std::fs::DirBuilder::new().mode(0o700).create(&dir).is_err() {
            return RuntimeDir(None);
        }
        // SAFETY: no other thread runs yet (the player starts its threads after this), so
        // none reads the environment while it changes.
        unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
        RuntimeDir(Some(dir))
    }
}

impl Drop for RuntimeDir {
    fn drop(&mut self) {
        if let Some(dir) = &self.0 {
            // Only an empty folder is removed: anything a library left there stays.
            let _ = std::fs::remove_dir(dir);
        }
    }
}
