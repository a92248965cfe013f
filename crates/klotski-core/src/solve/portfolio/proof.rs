//! Proofs that a puzzle has no solution: what the solver can prove, and the rule that proves it
//! for any puzzle with a goal placement without searching (pieces too wide to pass each other).

use crate::engine::geometry::Shape;
use crate::engine::puzzle::Puzzle;
use crate::solve::relax::Alike;

/// A proof that no sequence of moves reaches the goal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsolvable {
    /// A block's numbers keep their relative places forever, and these cannot stand together in
    /// the goal (wrong numbers, or the goal would split the block across rows or past the blanks).
    #[error("block {label} ({shape}) holds numbers that can never stand where the goal puts them")]
    BlockMisfit {
        /// The block's top-left number.
        label: u32,
        /// Its shape.
        shape: Shape,
    },
    /// One blank and 1x1 tiles only: every move changes both the permutation parity and the
    /// blank's distance parity, and the two disagree (Wilson 1974).
    #[error(
        "parity: with one blank and 1x1 tiles, the permutation parity differs from that of the blank's distance to its goal cell"
    )]
    Parity,
    /// On a board one cell wide pieces never pass each other.
    #[error("on a board one cell wide pieces never pass each other, and these are out of order")]
    LineOrder,
    /// Two pieces too wide together to stand side by side (or too tall together to stand one
    /// above the other) never pass each other, and the goal puts them the other way round.
    #[error(
        "pieces {first} ({first_shape}) and {second} ({second_shape}) are too {extent} together to pass each other on a board {cells} cells {extent}, and the goal puts them the other way round"
    )]
    PassingOrder {
        /// One piece's label.
        first: u32,
        /// Its shape.
        first_shape: Shape,
        /// The other piece's label.
        second: u32,
        /// Its shape.
        second_shape: Shape,
        /// "wide" or "tall".
        extent: &'static str,
        /// The board's width or height, as `extent` says.
        cells: usize,
    },
    /// A relaxation of the puzzle (some pieces treated as alike: [`crate::solve::relax`]) cannot reach
    /// its goal, so the puzzle cannot either.
    #[error(
        "with {alike}, the blanks and blocks cannot reach their goal cells ({states} relaxed states searched)"
    )]
    Relaxed {
        /// What was treated as alike.
        alike: Alike,
        /// How many relaxed states the search stored.
        states: u64,
    },
    /// The whole space reachable from the start was searched without meeting the goal.
    #[error(
        "exhaustive search: the {states} states reachable from the start do not include the goal"
    )]
    Exhausted {
        /// How many states that search stored.
        states: u64,
    },
}

/// Two pieces whose widths add up to more than the board's never stand side by side: their
/// columns always overlap, so one stands above the other, and a move of one cell can never swap
/// which (their rows would have to overlap on the way). The same holds for heights and rows.
/// The first such pair that the goal puts the other way round, if any. Every pair has a piece
/// more than half as wide (or tall) as the board, so only those are paired with all others.
pub fn passing_order(puzzle: &Puzzle, target: &[usize]) -> Option<Unsolvable> {
    let board = &puzzle.board;
    let (rows, cols) = (board.rows(), board.cols());
    let side = |origin: usize, vertical: bool| {
        let (r, c) = board.row_col(origin);
        if vertical { r } else { c }
    };
    for vertical in [true, false] {
        let (size, span): (usize, fn(Shape) -> usize) = if vertical {
            (cols, |s| s.cols)
        } else {
            (rows, |s| s.rows)
        };
        let pieces = &puzzle.pieces;
        for (i, first) in pieces.iter().enumerate() {
            if 2 * span(first.shape) <= size {
                continue;
            }
            for (j, second) in pieces.iter().enumerate() {
                let both_wide = 2 * span(second.shape) > size;
                if j == i || (both_wide && j < i) || span(first.shape) + span(second.shape) <= size
                {
                    continue;
                }
                let order = |at: &[usize]| side(at[i], vertical).cmp(&side(at[j], vertical));
                // Their rows (or columns) never overlap, so the top ones never tie.
                if order(&puzzle.start) != order(target) {
                    return Some(Unsolvable::PassingOrder {
                        first: first.label(),
                        first_shape: first.shape,
                        second: second.label(),
                        second_shape: second.shape,
                        extent: if vertical { "wide" } else { "tall" },
                        cells: size,
                    });
                }
            }
        }
    }
    None
}
