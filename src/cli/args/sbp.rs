//! The command line of `klotski sbp`: the sliding brick puzzle's command set.

use super::parse_size;
use clap::{Args, Subcommand};
use klotski::puzzles::sbp::moves::{BrickMove, MoveError};
use std::path::PathBuf;

/// `sbp`'s command.
#[derive(Args, Debug)]
pub struct SbpArgs {
    /// The command
    #[command(subcommand)]
    pub command: SbpCommand,
}

/// The assignment's commands, under the assignment's names.
#[derive(Subcommand, Debug)]
pub enum SbpCommand {
    /// The board in the assignment's format
    Print {
        /// A board file
        file: PathBuf,
    },
    /// True when no goal cell is left uncovered, else False
    Done {
        /// A board file
        file: PathBuf,
    },
    /// Every move that can be made, one `(brick, direction)` a line
    #[command(name = "availableMoves")]
    AvailableMoves {
        /// A board file
        file: PathBuf,
    },
    /// The board after one move, such as '(3,down)'
    #[command(name = "applyMove")]
    ApplyMove {
        /// A board file
        file: PathBuf,
        /// The move
        #[arg(value_name = "MOVE", value_parser = parse_move)]
        mv: BrickMove,
    },
    /// The board after the moves, made in turn (each argument one or more moves)
    #[command(name = "applyMoves")]
    ApplyMoves {
        /// A board file
        file: PathBuf,
        /// The moves
        #[arg(value_name = "MOVES", required = true)]
        moves: Vec<String>,
    },
    /// True when the two boards hold the same cells, else False
    Compare {
        /// A board file
        first: PathBuf,
        /// Another board file
        second: PathBuf,
    },
    /// The normal form: bricks renumbered 3, 4, ... in row-major order
    Norm {
        /// A board file
        file: PathBuf,
    },
    /// A random walk of N moves: the board, then each move and the board after it
    Random {
        /// A board file
        file: PathBuf,
        /// Moves to make
        #[arg(value_parser = moves_count)]
        n: usize,
        /// The same seed gives the same walk [default: from the clock, told on stderr]
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Solve by breadth-first search (shortest)
    Bfs(SolverArgs),
    /// Solve by depth-first search (not shortest)
    Dfs(SolverArgs),
    /// Solve by iterative deepening (shortest)
    Ids(SolverArgs),
    /// Solve by A* (shortest)
    Astar(SolverArgs),
}

/// A solver's board and memory.
#[derive(Args, Debug)]
pub struct SolverArgs {
    /// A board file
    pub file: PathBuf,
    /// Memory the search may use, such as 512M [default: half the available memory]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_memory: Option<usize>,
}

/// Parses one brick move, such as `(3,down)`.
fn parse_move(text: &str) -> Result<BrickMove, MoveError> {
    text.parse()
}

/// Parses the number of moves of `random`.
fn moves_count(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("random takes a number of moves, got '{text}'"))
}
