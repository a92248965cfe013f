//! Numeric Klotski as the assignment states it: a numbered grid with blanks and tied blocks,
//! its engine form, and its goal (numbers in row-major order, blanks last).

pub mod generate;
pub mod parse;
pub mod rules;
pub mod solve;

pub use parse::{ParseError, ParseErrorKind};
pub use solve::{solve, solve_streaming, stdout_text};

use klotski_core::engine::geometry::{Board, Shape};
use klotski_core::engine::problem::{Goal, Problem};
use klotski_core::engine::puzzle::Puzzle;
use klotski_core::solve::Unsolvable;
use std::fmt;

/// A block declared in the input: the number at its top-left corner and its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The top-left number.
    pub label: u32,
    /// Rows x columns.
    pub shape: Shape,
}

/// A puzzle exactly as the terminal format describes it. Build one by parsing (`str::parse`),
/// which validates everything; print it back in the same format with `Display`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumericPuzzle {
    rows: usize,
    cols: usize,
    grid: Vec<u32>,
    blocks: Vec<Block>,
}

impl NumericPuzzle {
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells row-major: a number, or 0 for a blank.
    pub fn grid(&self) -> &[u32] {
        &self.grid
    }

    /// The declared blocks, in input order.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// K: how many numbers the board holds (they are exactly 1..K).
    pub fn numbers(&self) -> usize {
        self.grid.iter().filter(|&&v| v != 0).count()
    }

    /// The puzzle of `rows` x `cols` cells holding `grid` row by row (0 a blank) and these
    /// `blocks`, checked exactly as the terminal format's parser checks a file (its error names
    /// the line of that file where the parts are not a puzzle).
    pub fn from_parts(
        rows: usize,
        cols: usize,
        grid: Vec<u32>,
        blocks: Vec<Block>,
    ) -> Result<NumericPuzzle, ParseError> {
        if cols == 0 || grid.len() != rows * cols {
            // The header alone: the parser says what is wrong with the size or the rows.
            return format!("{rows} {cols}\n").parse();
        }
        let unchecked = NumericPuzzle {
            rows,
            cols,
            grid,
            blocks,
        };
        unchecked.to_string().parse()
    }

    /// The puzzle on the engine: one piece per block and per loose number, ordered by label.
    pub fn puzzle(&self) -> Puzzle {
        let blocks: Vec<(u32, Shape)> = self.blocks.iter().map(|b| (b.label, b.shape)).collect();
        // The parser checked that every block fits where its top-left number stands.
        Puzzle::numbered(Board::new(self.rows, self.cols), &self.grid, &blocks)
            .expect("a parsed board")
    }

    /// The puzzle on the engine with its goal, every number `v` on cell `v - 1`; `Err` when a
    /// block's numbers can never stand where the goal needs them ([`NumericPuzzle::target`]).
    pub fn problem(&self) -> Result<Problem, Unsolvable> {
        let puzzle = self.puzzle();
        let target = self.target(&puzzle)?;
        // The parser placed every piece; the goal puts each number on its own cell.
        Ok(Problem::new(puzzle, Goal::Placement(target)).expect("a parsed puzzle and its goal"))
    }

    /// The goal placement of `puzzle`'s pieces (built by [`NumericPuzzle::puzzle`]): number `v`
    /// on cell `v - 1`. Fails when a block's numbers cannot stand together where the goal needs
    /// them; a block's numbers never change their relative places, so that proves `No`.
    pub fn target(&self, puzzle: &Puzzle) -> Result<Vec<usize>, Unsolvable> {
        let count = self.numbers();
        let cols = self.cols;
        puzzle
            .pieces()
            .iter()
            .map(|piece| {
                let origin = piece.label() as usize - 1;
                let (r, c) = (origin / cols, origin % cols);
                let fits = r + piece.shape.rows <= self.rows && c + piece.shape.cols <= cols;
                let in_place = (0..piece.shape.rows)
                    .flat_map(|i| (0..piece.shape.cols).map(move |j| (i, j)))
                    .all(|(i, j)| {
                        let want = origin + i * cols + j + 1;
                        want <= count && piece.numbers[i * piece.shape.cols + j] as usize == want
                    });
                if fits && in_place {
                    Ok(origin)
                } else {
                    Err(Unsolvable::BlockMisfit {
                        label: piece.label(),
                        shape: piece.shape,
                    })
                }
            })
            .collect()
    }
}

/// Prints the puzzle in the terminal input format (the block count always present).
impl fmt::Display for NumericPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.rows, self.cols)?;
        for row in self.grid.chunks(self.cols) {
            let cells: Vec<String> = row.iter().map(u32::to_string).collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        writeln!(f, "{}", self.blocks.len())?;
        for block in &self.blocks {
            writeln!(f, "{} {}", block.label, block.shape)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod parts_tests {
    use super::*;

    #[test]
    fn parts_make_the_puzzle_a_file_would_and_bad_parts_are_a_parse_error() {
        let sample: NumericPuzzle = "2 2\n1 2\n0 3\n1\n1 1*2\n".parse().unwrap();
        let (grid, blocks) = (sample.grid().to_vec(), sample.blocks().to_vec());
        assert_eq!(NumericPuzzle::from_parts(2, 2, grid, blocks), Ok(sample));
        assert!(
            NumericPuzzle::from_parts(2, 0, vec![], vec![]).is_err(),
            "no columns"
        );
        assert!(
            NumericPuzzle::from_parts(2, 2, vec![1, 2, 0], vec![]).is_err(),
            "a cell short"
        );
        assert!(
            NumericPuzzle::from_parts(1, 2, vec![1, 1], vec![]).is_err(),
            "1 twice"
        );
    }
}
