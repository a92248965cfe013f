//! The `solvable` mode: is the goal configuration of an NxN sliding-tile puzzle reachable from
//! the start configuration? Two lines of input, a verdict by the parity rule in O(n log n) time
//! for n cells, and on request a shortest move sequence from the exact searches.
//!
//! Output, byte for byte as the assignment shows it: `start: ` and the start board, `goal: ` and
//! the goal board (tiles row-major, one space apart, `b` for the blank), then `solvable` or
//! `unsolvable`. Where the assignment is silent: boards are echoed in this normalised form
//! (single spaces, numbers in plain decimal, so `007` prints as `7`), not as typed.

pub mod parity;
pub mod parse;
pub mod solve;

pub use parity::Parity;
pub use parse::{BoardError, InputError, Which};

use klotski_core::engine::geometry::{Board, Shape};
use klotski_core::engine::problem::{Goal, Problem};
use klotski_core::engine::puzzle::{Move, Piece, Puzzle};
use std::fmt;
use std::fmt::Write;

/// One configuration of an NxN sliding-tile puzzle: tiles 1..N*N-1 and one blank, row-major.
/// Build one by parsing a line (`str::parse`), which validates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileBoard {
    side: usize,
    /// Row-major; 0 stands for the blank.
    cells: Vec<u32>,
}

impl TileBoard {
    /// N: the board is N x N.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The cells row-major: a tile number, or 0 for the blank.
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// The cell (row-major index) holding the blank.
    pub fn blank(&self) -> usize {
        self.cells
            .iter()
            .position(|&t| t == 0)
            .expect("a parsed board has one blank")
    }
}

/// Prints the board as the input writes it: tiles row-major, one space apart, `b` for the blank.
impl fmt::Display for TileBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &tile) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_char(' ')?;
            }
            if tile == 0 {
                f.write_char('b')?;
            } else {
                write!(f, "{tile}")?;
            }
        }
        Ok(())
    }
}

/// A start and a goal configuration of the same size. Build one by parsing the two-line input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    start: TileBoard,
    goal: TileBoard,
}

impl Instance {
    /// The start configuration.
    pub fn start(&self) -> &TileBoard {
        &self.start
    }

    /// The goal configuration.
    pub fn goal(&self) -> &TileBoard {
        &self.goal
    }

    /// Whether the goal is reachable from the start: exactly when both boards have the same
    /// parity ([`TileBoard::parity`]).
    pub fn solvable(&self) -> bool {
        self.start.parity() == self.goal.parity()
    }

    /// The puzzle on the engine: tile `t` is piece `t - 1`, a 1x1 piece labelled `t`, standing
    /// where the start puts it. See [`Instance::target`] for the goal.
    pub fn puzzle(&self) -> Puzzle {
        puzzle_of(self)
    }

    /// The puzzle on the engine with the goal board's placement as its goal.
    pub fn problem(&self) -> Problem {
        // Both boards were parsed as permutations of the same tiles.
        Problem::new(self.puzzle(), Goal::Placement(self.target())).expect("two tile boards")
    }

    /// The goal placement of the engine's pieces: the cell of each tile on the goal board.
    pub fn target(&self) -> Vec<usize> {
        origins(&self.goal)
    }
}

/// The cell of each tile on `board`: entry `t - 1` is where tile `t` stands.
fn origins(board: &TileBoard) -> Vec<usize> {
    let mut cell_of = vec![0; board.cells.len() - 1];
    for (cell, &tile) in board.cells.iter().enumerate() {
        if tile != 0 {
            cell_of[tile as usize - 1] = cell;
        }
    }
    cell_of
}

/// The engine form of `instance` (see [`Instance::puzzle`]).
fn puzzle_of(instance: &Instance) -> Puzzle {
    let side = instance.start.side;
    let pieces = (1..side * side)
        .map(|tile| Piece {
            shape: Shape::UNIT,
            numbers: vec![tile as u32],
        })
        .collect();
    // A parsed board holds each tile once.
    Puzzle::new(Board::new(side, side), pieces, origins(&instance.start)).expect("a tile board")
}

/// The exact stdout text: the `start:`, `goal:` and verdict lines, then with `moves` (a
/// solution found by `--solve`) a `moves: K` line and one `t D` line per move (the tile that
/// slides and its direction, as terminal mode writes moves).
pub fn stdout_text(instance: &Instance, moves: Option<&[Move]>) -> String {
    let verdict = if instance.solvable() {
        "solvable"
    } else {
        "unsolvable"
    };
    let mut out = format!(
        "start: {}\ngoal: {}\n{verdict}\n",
        instance.start, instance.goal
    );
    if let Some(moves) = moves {
        let puzzle = instance.puzzle();
        writeln!(out, "moves: {}", moves.len()).expect("writing to a String");
        for &mv in moves {
            writeln!(out, "{}", puzzle.describe(mv)).expect("writing to a String");
        }
    }
    out
}
