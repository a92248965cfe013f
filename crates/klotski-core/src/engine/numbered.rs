//! A puzzle from a grid of numbers: every block by its top-left number, every other number a
//! 1x1 tile, pieces ordered by their labels.

use crate::engine::geometry::{Board, Shape};
use crate::engine::puzzle::{Piece, PlacementError, Puzzle};

impl Puzzle {
    /// The puzzle whose cells hold `grid` (row-major; 0 is a blank) on `board`: one piece per
    /// block of `blocks` (its top-left number and shape) and one 1x1 tile per other number,
    /// ordered by label, each starting where the grid shows it.
    ///
    /// `Err` when the pieces do not make a position: a block off the board or over another, or
    /// a block whose label is not on the grid.
    pub fn numbered(
        board: Board,
        grid: &[u32],
        blocks: &[(u32, Shape)],
    ) -> Result<Puzzle, PlacementError> {
        let cells = board.cells();
        let cell_of = |label: u32| grid.iter().position(|&v| v == label).unwrap_or(cells);
        let mut covered = vec![false; grid.len()];
        let mut pieces: Vec<(usize, Piece)> = Vec::new();
        for &(label, shape) in blocks {
            let origin = cell_of(label);
            if origin >= cells || !board.fits(shape, origin) {
                let (row, col) = board.row_col(origin.min(cells - 1));
                return Err(PlacementError::OffBoard { label, row, col });
            }
            let footprint: Vec<usize> = board.footprint(shape, origin).collect();
            for &c in &footprint {
                covered[c] = true;
            }
            let numbers = footprint.iter().map(|&c| grid[c]).collect();
            pieces.push((origin, Piece { shape, numbers }));
        }
        for (cell, &value) in grid.iter().enumerate() {
            if value != 0 && !covered[cell] {
                let tile = Piece {
                    shape: Shape::UNIT,
                    numbers: vec![value],
                };
                pieces.push((cell, tile));
            }
        }
        pieces.sort_by_key(|(_, piece)| piece.label());
        let (start, pieces) = pieces.into_iter().unzip();
        Puzzle::new(board, pieces, start)
    }
}

/// Boards for the core's own tests, written in the terminal format (`rows cols`, the grid, the
/// block count, `label RxC` lines), and their row-major goal (number `v` on cell `v - 1`).
#[cfg(test)]
pub(crate) fn sample(text: &str) -> (Puzzle, Vec<usize>) {
    let mut tokens = text.split_whitespace();
    let mut next = || tokens.next().unwrap_or("0");
    let rows: usize = next().parse().unwrap();
    let cols: usize = next().parse().unwrap();
    let grid: Vec<u32> = (0..rows * cols).map(|_| next().parse().unwrap()).collect();
    // A missing block count reads as none.
    let count: usize = next().parse().unwrap();
    let blocks: Vec<(u32, Shape)> = (0..count)
        .map(|_| {
            let label = next().parse().unwrap();
            let (r, c) = next().split_once('*').unwrap();
            let shape = Shape {
                rows: r.parse().unwrap(),
                cols: c.parse().unwrap(),
            };
            (label, shape)
        })
        .collect();
    let puzzle = Puzzle::numbered(Board::new(rows, cols), &grid, &blocks).unwrap();
    let target = puzzle
        .pieces
        .iter()
        .map(|p| p.label() as usize - 1)
        .collect();
    (puzzle, target)
}
