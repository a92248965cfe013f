//! `klotski sbp`: the sliding brick puzzle's command set (seed 001), on board files, its output
//! on stdout.

use super::args::{SbpArgs, SbpCommand, SolverArgs, default_memory_budget};
use super::output::{self, tell};
use super::{LIMIT, OK};
use anyhow::Result;
use klotski::puzzles::sbp::board::SbpBoard;
use klotski::puzzles::sbp::moves::{MoveError, parse_moves};
use klotski::puzzles::sbp::parse::{ParseError, ParseErrorKind};
use klotski::puzzles::sbp::solve::{Algo, replay, solve};
use klotski::puzzles::sbp::space::SpaceError;
use klotski::puzzles::sbp::walk::random_walk;
use klotski::puzzles::text::InputProblem;
use klotski::search::{Limits, Outcome, Stop};
use klotski::solve::Limit;
use std::fmt::Write as _;
use std::path::Path;

/// Why a command could not run.
#[derive(Debug, thiserror::Error)]
enum CommandError {
    /// A board file could not be read.
    #[error("{path}: {cause}")]
    Read {
        /// The file.
        path: String,
        /// Why (printed here, not chained, so it shows once).
        cause: std::io::Error,
    },
    /// A board file is malformed.
    #[error("{path}: {cause}")]
    Parse {
        /// The file.
        path: String,
        /// What is wrong (printed here, not chained, so it shows once).
        cause: ParseError,
    },
    /// The move given to `applyMove` cannot be made.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// One of the moves given to `applyMoves` cannot be read or made.
    #[error("move {number} of {total}: {cause}")]
    Step {
        /// Its place in the list, from 1.
        number: usize,
        /// Moves in the list.
        total: usize,
        /// What is wrong with it (printed here, not chained, so it shows once).
        cause: MoveError,
    },
    /// The solvers cannot take the board.
    #[error(transparent)]
    Space(#[from] SpaceError),
}

/// The board in the file at `path`, read within the default memory budget.
fn load(path: &Path) -> Result<SbpBoard, CommandError> {
    load_within(path, default_memory_budget())
}

/// The board in the file at `path`, read a line at a time within `memory` bytes.
fn load_within(path: &Path, memory: usize) -> Result<SbpBoard, CommandError> {
    let file = std::fs::File::open(path).map_err(|cause| CommandError::Read {
        path: path.display().to_string(),
        cause,
    })?;
    SbpBoard::read(std::io::BufReader::new(file), memory).map_err(|cause| CommandError::Parse {
        path: path.display().to_string(),
        cause,
    })
}

/// Python's spelling of a boolean, as the assignment prints it.
fn python_bool(b: bool) -> &'static str {
    if b { "True\n" } else { "False\n" }
}

/// Runs the command and prints its output; exit code 3 when a limit stopped a solver, 2 for a
/// bad file or move.
pub fn run(args: &SbpArgs) -> Result<u8> {
    match output(&args.command) {
        Ok((stdout, None)) => {
            output::stdout(stdout)?;
            Ok(OK)
        }
        Ok((stdout, Some(why))) => {
            output::stdout(stdout)?;
            tell!("error: {why}");
            Ok(LIMIT)
        }
        Err(CommandError::Parse { path, cause }) if over_memory(&cause) => {
            tell!("error: {path}: {cause}");
            Ok(LIMIT)
        }
        Err(e) => Err(e.into()),
    }
}

/// Whether reading a board stopped at the memory limit: a limit (exit 3), not a bad file.
fn over_memory(error: &ParseError) -> bool {
    matches!(
        error.kind,
        ParseErrorKind::Input(InputProblem::OverMemory { .. })
    )
}

/// What the command prints, and the limit that stopped a solver, if one did.
fn output(command: &SbpCommand) -> Result<(String, Option<String>), CommandError> {
    let text = match command {
        SbpCommand::Print { file } => load(file)?.to_string(),
        SbpCommand::Done { file } => python_bool(load(file)?.is_done()).to_string(),
        SbpCommand::AvailableMoves { file } => (load(file)?.available_moves().iter())
            .map(|mv| format!("{mv}\n"))
            .collect(),
        SbpCommand::ApplyMove { file, mv } => {
            let mut board = load(file)?;
            board.apply(*mv)?;
            board.to_string()
        }
        // Several moves, made in turn, each as `applyMove` makes it (bricks keep their
        // numbers: no normalisation between them).
        SbpCommand::ApplyMoves { file, moves } => {
            let mut board = load(file)?;
            let moves = (moves.iter())
                .map(|text| parse_moves(text))
                .collect::<Result<Vec<_>, _>>()?
                .concat();
            let total = moves.len();
            for (i, mv) in moves.into_iter().enumerate() {
                board.apply(mv).map_err(|cause| CommandError::Step {
                    number: i + 1,
                    total,
                    cause,
                })?;
            }
            board.to_string()
        }
        SbpCommand::Compare { first, second } => {
            python_bool(load(first)?.same_cells(&load(second)?)).to_string()
        }
        SbpCommand::Norm { file } => load(file)?.normalized().to_string(),
        SbpCommand::Random { file, n, seed } => {
            let board = load(file)?;
            let seed = seed.unwrap_or_else(|| {
                let drawn = clock_seed();
                tell!("klotski: seed {drawn} (--seed {drawn} gives this walk again)");
                drawn
            });
            let mut text = board.to_string();
            for (mv, after) in random_walk(&board, *n, seed) {
                write!(text, "\n{mv}\n\n{after}").expect("writing to a String");
            }
            text
        }
        SbpCommand::Bfs(args) => return solver(args, Algo::Bfs, "bfs"),
        SbpCommand::Dfs(args) => return solver(args, Algo::Dfs, "dfs"),
        SbpCommand::Ids(args) => return solver(args, Algo::Ids, "ids"),
        SbpCommand::Astar(args) => return solver(args, Algo::Astar, "astar"),
    };
    Ok((text, None))
}

/// A solver's output, and the limit that stopped it (named after the solver), if one did.
fn solver(
    args: &SolverArgs,
    algo: Algo,
    name: &str,
) -> Result<(String, Option<String>), CommandError> {
    let memory = args.max_memory.unwrap_or_else(default_memory_budget);
    let (text, stop) = solver_output(
        &load_within(&args.file, memory)?,
        algo,
        Limits::memory(memory),
    )?;
    Ok((text, stop.map(|stop| format!("{name} stopped at {stop}"))))
}

/// What a solver prints: the moves, a blank line, the final board, then nodes expanded, seconds
/// and length; or `No solution`, nodes and seconds. With the limit that stopped it, if one did.
fn solver_output(
    board: &SbpBoard,
    algo: Algo,
    limits: Limits,
) -> Result<(String, Option<String>), CommandError> {
    let (found, elapsed) = solve(board, algo, limits)?;
    let mut text = String::new();
    let nodes = found.stats.expanded;
    let time = elapsed.as_secs_f64();
    let stopped = match found.outcome {
        Outcome::Found(slides) => {
            let (moves, end) = replay(board, &slides);
            for mv in &moves {
                writeln!(text, "{mv:#}").expect("writing to a String");
            }
            let length = moves.len();
            write!(text, "\n{end}\n{nodes}\n{time:.3}\n{length}\n").expect("writing to a String");
            None
        }
        Outcome::Exhausted => {
            write!(text, "No solution\n\n{nodes}\n{time:.3}\n").expect("writing to a String");
            None
        }
        Outcome::Stopped(Stop::Memory(bytes)) => Some(format!(
            "the memory limit ({bytes} bytes) after {nodes} nodes"
        )),
        Outcome::Stopped(stop) => Some(format!("{} after {nodes} nodes", Limit::from(stop))),
    };
    Ok((text, stopped))
}

/// A seed for walks run without `--seed`: the clock's nanoseconds.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(0, |d| d.as_nanos() as u64)
}
