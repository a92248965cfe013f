//! A puzzle from a grid of numbers: every block by its top-left number, every other number a
//! 1x1 tile, pieces ordered by their labels.

use crate::engine::geometry::{Board, Shape};
use crate::engine::puzzle::{Piece, Puzzle};

impl Puzzle {
    /// The puzzle whose cells hold `grid` (row-major; 0 is a blank) on `board`: one piece per
    /// block of `blocks` (its top-left number and shape) and one 1x1 tile per other number,
    /// ordered by label, each starting where the grid shows it.
    ///
    /// The caller has checked the grid (each number once, every block fitting where its top-left
    /// number stands); a label missing from the grid is a broken promise and panics.
    pub fn numbered(board: Board, grid: &[u32], blocks: &[(u32, Shape)]) -> Puzzle {
        let cell_of = |label: u32| {
            grid.iter()
                .position(|&v| v == label)
                .expect("a block's label is on the grid")
        };
        let mut covered = vec![false; grid.len()];
        let mut pieces: Vec<(usize, Piece)> = Vec::new();
        for &(label, shape) in blocks {
            let origin = cell_of(label);
            let cells: Vec<usize> = board.footprint(shape, origin).collect();
            for &c in &cells {
                covered[c] = true;
            }
            let numbers = cells.iter().map(|&c| grid[c]).collect();
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
        Puzzle {
            board,
            pieces,
            start,
        }
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
    let puzzle = Puzzle::numbered(Board::new(rows, cols), &grid, &blocks);
    let target = puzzle
        .pieces
        .iter()
        .map(|p| p.label() as usize - 1)
        .collect();
    (puzzle, target)
}
