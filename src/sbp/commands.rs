//! The `klotski sbp COMMAND ...` command line: reads the board files, runs one command and
//! returns what it prints.

use super::board::SbpBoard;
use super::moves::{BrickMove, MoveError, parse_moves};
use super::parse::ParseError;
use super::solve::{Algo, replay, solve};
use super::space::SpaceError;
use super::walk::random_walk;
use crate::search::{Limits, Outcome, Stop};
use std::fmt::Write;

/// Why a command could not run.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// Wrong arguments.
    #[error("{0} (see klotski --help)")]
    Usage(String),
    /// A board file could not be read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A board file is malformed.
    #[error("{path}: {source}")]
    Parse {
        /// The file.
        path: String,
        /// What is wrong.
        source: ParseError,
    },
    /// The move given to `applyMove` cannot be read or made.
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

/// What a command prints, and whether a limit stopped it (with what to say on stderr).
#[derive(Debug)]
pub struct Output {
    /// Standard output.
    pub stdout: String,
    /// Set when a limit stopped a solver before it proved an answer.
    pub stopped: Option<String>,
}

fn load(path: &str) -> Result<SbpBoard, CommandError> {
    let text = std::fs::read_to_string(path).map_err(|source| CommandError::Read {
        path: path.to_string(),
        source,
    })?;
    text.parse().map_err(|source| CommandError::Parse {
        path: path.to_string(),
        source,
    })
}

fn usage(message: &str) -> CommandError {
    CommandError::Usage(message.to_string())
}

/// Python's spelling of a boolean, as the seed prints it.
fn python_bool(b: bool) -> &'static str {
    if b { "True\n" } else { "False\n" }
}

/// Runs `args` (the words after `sbp`); solvers keep within `limits`.
pub fn run(args: &[String], limits: Limits) -> Result<Output, CommandError> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let (command, rest) = words
        .split_first()
        .ok_or_else(|| usage("no sbp command given"))?;
    let mut stopped = None;
    let stdout = match (*command, rest) {
        ("print", [file]) => load(file)?.to_string(),
        ("done", [file]) => python_bool(load(file)?.is_done()).to_string(),
        ("availableMoves", [file]) => (load(file)?.available_moves().iter())
            .map(|mv| format!("{mv}\n"))
            .collect(),
        ("applyMove", [file, mv]) => {
            let mut board = load(file)?;
            board.apply(mv.parse::<BrickMove>()?)?;
            board.to_string()
        }
        // The seed's list of commands says `applyMoves`: several moves, made in turn, each as
        // `applyMove` makes it (bricks keep their numbers: no normalisation between them).
        ("applyMoves", [file, texts @ ..]) if !texts.is_empty() => {
            let mut board = load(file)?;
            let moves = (texts.iter())
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
        ("compare", [a, b]) => python_bool(load(a)?.same_cells(&load(b)?)).to_string(),
        ("norm", [file]) => load(file)?.normalized().to_string(),
        ("random", [file, n, options @ ..]) => {
            let n = n
                .parse()
                .map_err(|_| usage(&format!("random takes a number of moves, got '{n}'")))?;
            let seed = match options {
                [] => clock_seed(),
                ["--seed", s] => s
                    .parse()
                    .map_err(|_| usage(&format!("--seed takes an integer, got '{s}'")))?,
                _ => return Err(usage("random takes FILE N [--seed S]")),
            };
            let board = load(file)?;
            let mut text = board.to_string();
            for (mv, after) in random_walk(&board, n, seed) {
                write!(text, "\n{mv}\n\n{after}").expect("writing to a String");
            }
            text
        }
        (name @ ("bfs" | "dfs" | "ids" | "astar"), [file]) => {
            let algo = name.parse().expect("matched a solver name");
            let (text, stop) = solver_output(&load(file)?, algo, limits)?;
            stopped = stop.map(|stop| format!("{name} stopped at {stop}"));
            text
        }
        (
            "print" | "done" | "availableMoves" | "applyMove" | "applyMoves" | "compare" | "norm"
            | "random" | "bfs" | "dfs" | "ids" | "astar",
            _,
        ) => return Err(usage(&format!("wrong arguments for sbp {command}"))),
        (other, _) => return Err(usage(&format!("unknown sbp command '{other}'"))),
    };
    Ok(Output { stdout, stopped })
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
        Outcome::Stopped(Stop::Time) => Some(format!("the time limit after {nodes} nodes")),
    };
    Ok((text, stopped))
}

/// A seed for walks run without `--seed`: the clock's nanoseconds.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(0, |d| d.as_nanos() as u64)
}
