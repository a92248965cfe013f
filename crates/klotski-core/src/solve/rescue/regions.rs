//! The regions that the pieces at home wall off, and whether the pieces in each can still get
//! home while those stay put: the check that keeps a stage from shutting pieces in.
//!
//! A stage of [`crate::solve::rescue::staged`] may move the pieces already home and bring them back, but on a
//! dense board that costs more than any stage may spend, so a piece stranded behind them (a
//! tile on the wrong side of a 2x2 block in the last two rows, a tile behind a domino in a
//! one-cell corridor) is as good as lost. Cutting the free cells into regions makes the loss
//! visible at once: a piece must share a region with its target, a region with pieces still
//! to move needs a blank, and a small region can be searched whole.

use crate::engine::geometry::{Board, Dir, Shape};
use crate::engine::puzzle::{Cell, Position, Puzzle};
use crate::search::{Limits, Outcome, bidirectional_bfs};
use crate::solve::spaces::packed::PackedSpace;

/// Regions of at most this many cells are checked; a larger one opens up easily enough when a
/// later stage moves the pieces home around it.
const SMALL: usize = 16;

/// What searching a region may expand: enough to exhaust any region of
/// [`SMALL`] cells that dense boards leave; a search stopped short counts the region
/// as fine.
const SEARCHED_STATES: u64 = 50_000;

/// Whether the pieces `named` (every one at its target in `position`) shut a piece that is not
/// named away from its target: it stands in another region than its target, or in a region
/// with no blank, or in a small region whose pieces cannot all get home (its search exhausts
/// every way). Pieces home and not named count as any other.
pub(in crate::solve) fn shuts_in(
    puzzle: &Puzzle,
    position: &Position,
    target: &[usize],
    named: &[bool],
) -> bool {
    let open = |cell: usize| match position.at(cell) {
        Cell::Empty => true,
        Cell::Wall => false,
        Cell::Piece(piece) => !named[piece],
    };
    let (region, regions) = regions(&puzzle.board, open);
    let mut blanks = vec![0usize; regions];
    let mut cells = vec![Vec::new(); regions];
    for (cell, &r) in region.iter().enumerate() {
        if r == NONE {
            continue;
        }
        cells[r].push(cell);
        if position.at(cell) == Cell::Empty {
            blanks[r] += 1;
        }
    }
    // Pieces in each region, and whether each region holds every piece it is the home of.
    let mut pieces = vec![Vec::new(); regions];
    let mut unsettled = vec![false; regions];
    let mut whole = vec![true; regions];
    for (piece, (&at, &home)) in position.origins().iter().zip(target).enumerate() {
        if named[piece] {
            continue;
        }
        pieces[region[at]].push(piece);
        unsettled[region[at]] |= at != home;
        if region[at] != region[home] {
            whole[region[at]] = false;
            if region[home] != NONE {
                whole[region[home]] = false;
            }
        }
    }
    (0..regions).any(|r| {
        unsettled[r] && blanks[r] == 0
            || cells[r].len() <= SMALL
                && (!whole[r]
                    || unsettled[r] && stuck(puzzle, position, target, &cells[r], &pieces[r]))
    })
}

/// No region: a cell that is not open.
const NONE: usize = usize::MAX;

/// The region of every cell (`NONE` for those not `open`) and how many regions there are:
/// open cells joined through their sides.
fn regions(board: &Board, open: impl Fn(usize) -> bool) -> (Vec<usize>, usize) {
    let mut region = vec![NONE; board.cells()];
    let mut regions = 0;
    let mut stack = Vec::new();
    for seed in 0..board.cells() {
        if region[seed] != NONE || !open(seed) {
            continue;
        }
        region[seed] = regions;
        stack.push(seed);
        while let Some(cell) = stack.pop() {
            for dir in Dir::ALL {
                if let Some(next) = board.step(Shape::UNIT, cell, dir)
                    && region[next] == NONE
                    && open(next)
                {
                    region[next] = regions;
                    stack.push(next);
                }
            }
        }
        regions += 1;
    }
    (region, regions)
}

/// Whether `pieces`, alone on `cells` (every other cell a wall), cannot all reach `target`.
fn stuck(
    puzzle: &Puzzle,
    position: &Position,
    target: &[usize],
    cells: &[usize],
    pieces: &[usize],
) -> bool {
    let board = &puzzle.board;
    let mut walls = vec![true; board.cells()];
    cells.iter().for_each(|&cell| walls[cell] = false);
    let board = Board::with_walls(
        board.rows(),
        board.cols(),
        (0..walls.len()).filter(|&cell| walls[cell]),
    );
    let shapes = pieces.iter().map(|&p| puzzle.pieces[p].clone()).collect();
    let start = pieces.iter().map(|&p| position.origins()[p]).collect();
    let Ok(region) = Puzzle::new(board, shapes, start) else {
        return false;
    };
    let Some(space) = PackedSpace::<2>::new(&region) else {
        return false;
    };
    let goal: Vec<usize> = pieces.iter().map(|&p| target[p]).collect();
    let (start, goal) = (space.encode(&region.start), space.encode(&goal));
    let limits = Limits::memory(64 << 20).expanding(SEARCHED_STATES);
    let search = bidirectional_bfs(&space, start, goal, &limits, |_| {});
    matches!(search.outcome, Outcome::Exhausted)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `shuts_in` on `board`'s start with the 2x2 block named, if `block_named`.
    fn shuts(board: &str, block_named: bool) -> bool {
        let (puzzle, target) = crate::engine::sample(board);
        let named: Vec<bool> = (puzzle.pieces.iter())
            .map(|piece| block_named && piece.shape.area() == 4)
            .collect();
        let position = puzzle.position(&puzzle.start).unwrap();
        shuts_in(&puzzle, &position, &target, &named)
    }

    #[test]
    fn a_tile_behind_a_block_at_home_is_shut_in() {
        // Tile 6 stands right of the 2x2 block, its target left of it: nothing passes a 2x2
        // block in a strip of two rows.
        assert!(shuts("2 5\n1 2 3 4 5\n0 7 8 9 6\n1\n2 2*2\n", true));
        // Every piece on its target's side, and the blank where a piece has yet to move.
        assert!(!shuts("2 5\n1 2 3 4 5\n6 7 8 0 9\n1\n2 2*2\n", true));
        // Tiles 1 and 6 on their side but with no blank to trade places by.
        assert!(shuts("2 5\n6 2 3 4 5\n1 7 8 9 0\n1\n2 2*2\n", true));
    }

    #[test]
    fn a_small_region_is_searched_whole() {
        // In one row no tile passes another: 2 and 1 never trade places.
        assert!(shuts("1 4\n2 1 3 0\n0\n", false));
        assert!(!shuts("1 4\n1 2 0 3\n0\n", false));
    }
}
