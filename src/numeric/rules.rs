//! Rules that prove a Numeric Klotski puzzle unsolvable without searching.

use super::NumericPuzzle;
use crate::geometry::Shape;

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
    /// The whole space reachable from the start was searched without meeting the goal.
    #[error(
        "exhaustive search: the {states} states reachable from the start do not include the goal"
    )]
    Exhausted {
        /// How many states that search stored.
        states: u64,
    },
}

/// The first rule that proves `puzzle` unsolvable, if any applies.
pub fn disproof(puzzle: &NumericPuzzle) -> Option<Unsolvable> {
    if let Err(misfit) = puzzle.target(&puzzle.engine()) {
        return Some(misfit);
    }
    if puzzle.rows() == 1 || puzzle.cols() == 1 {
        let order: Vec<u32> = puzzle.grid().iter().copied().filter(|&v| v != 0).collect();
        return order
            .windows(2)
            .any(|w| w[0] > w[1])
            .then_some(Unsolvable::LineOrder);
    }
    let tiles_only = puzzle.blocks().iter().all(|b| b.shape == Shape::UNIT);
    if tiles_only && puzzle.numbers() + 1 == puzzle.grid().len() && !parity_allows(puzzle) {
        return Some(Unsolvable::Parity);
    }
    None
}

/// For one blank and 1x1 tiles on a board at least 2x2: whether the permutation parity (blank
/// included) equals the parity of the blank's Manhattan distance to its goal cell.
fn parity_allows(puzzle: &NumericPuzzle) -> bool {
    let grid = puzzle.grid();
    let last = grid.len() - 1;
    // goal[cell] = the goal cell of what stands on `cell`; the blank's goal is the last cell.
    let goal: Vec<usize> = grid
        .iter()
        .map(|&v| if v == 0 { last } else { v as usize - 1 })
        .collect();
    let mut seen = vec![false; grid.len()];
    let mut transpositions = 0;
    for start in 0..grid.len() {
        let mut cell = start;
        let mut length = 0usize;
        while !seen[cell] {
            seen[cell] = true;
            cell = goal[cell];
            length += 1;
        }
        transpositions += length.saturating_sub(1);
    }
    let blank = grid.iter().position(|&v| v == 0).expect("one blank");
    let cols = puzzle.cols();
    let distance = (blank / cols).abs_diff(last / cols) + (blank % cols).abs_diff(last % cols);
    transpositions % 2 == distance % 2
}
