//! `--solve`: a move sequence from the start board to the goal board (any goal, not only the
//! sorted one), found by the solver's portfolio ([`crate::solve::solve_puzzle`]).
//!
//! It is a proven shortest one when the exact search finishes within the limits: 2x2 and 3x3
//! boards always do (a 3x3 parity class has 181,440 states, a few MiB of tables). Larger boards
//! get the exact search for half the time limit and then a valid, not shortest, sequence from
//! the constructive solver; `-v` says which. For scale, the assignment's 4x4 example (47 moves)
//! stored 80 million states in 2.9 GiB of tables and took about two minutes exactly.

use super::{Instance, TileBoard};
use crate::engine::geometry::{Board, Shape};
use crate::engine::puzzle::{Piece, Puzzle};
use crate::solve::{Options, Progress, Report, Unverified, solve_puzzle};

/// The cell of each tile on `board`: entry `t - 1` is where tile `t` stands.
pub(super) fn origins(board: &TileBoard) -> Vec<usize> {
    let mut cell_of = vec![0; board.cells.len() - 1];
    for (cell, &tile) in board.cells.iter().enumerate() {
        if tile != 0 {
            cell_of[tile as usize - 1] = cell;
        }
    }
    cell_of
}

/// The engine form of `instance` (see [`Instance::engine`]).
pub(super) fn engine(instance: &Instance) -> Puzzle {
    let side = instance.start.side;
    Puzzle {
        board: Board::new(side, side),
        pieces: (1..side * side)
            .map(|tile| Piece {
                shape: Shape::UNIT,
                numbers: vec![tile as u32],
            })
            .collect(),
        start: origins(&instance.start),
    }
}

/// Searches for a move sequence from the start to the goal, whatever the parity rule says (so
/// tests can hold one against the other), with the solver's portfolio: a shortest one when the
/// exact search finishes within the limits. Every solution is replayed on the engine before it
/// is returned; `Err` is a solution that failed that check, a bug.
pub fn solve(
    instance: &Instance,
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Report, Unverified> {
    solve_puzzle(&instance.engine(), &instance.target(), options, on_progress)
}
