//! The puzzle editor (`E`): a Numeric Klotski board being made, and the edits a person makes to
//! it: swap two cells, tie tiles into a block or untie one, turn a tile into a blank or back,
//! change the size. Every edit keeps the board a puzzle the terminal mode reads (it is checked
//! by that parser), so the window can solve it after each edit and save it as it is.

use klotski_core::engine::geometry::Shape;
use klotski_puzzles::numeric::{Block, NumericPuzzle};

/// The smallest and largest side the editor makes.
pub const SIDES: (usize, usize) = (2, 30);

/// A board being edited: its size, its numbers (0 a blank) and its blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    rows: usize,
    cols: usize,
    grid: Vec<u32>,
    blocks: Vec<Block>,
    /// The cell a swap began on, while the pointer holds it.
    pub pressed: Option<usize>,
}

impl Editor {
    /// The editor on `numeric`'s start.
    pub fn of(numeric: &NumericPuzzle) -> Editor {
        Editor {
            rows: numeric.rows(),
            cols: numeric.cols(),
            grid: numeric.grid().to_vec(),
            blocks: numeric.blocks().to_vec(),
            pressed: None,
        }
    }

    /// Rows and columns.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The board as a puzzle, or why it is not one (the terminal parser's words).
    pub fn puzzle(&self) -> Result<NumericPuzzle, String> {
        let (grid, blocks) = (self.grid.clone(), self.blocks.clone());
        NumericPuzzle::from_parts(self.rows, self.cols, grid, blocks).map_err(|e| e.to_string())
    }

    /// Swaps cells `a` and `b` (tiles or blanks, neither in a block).
    pub fn swap(&mut self, a: usize, b: usize) -> Result<NumericPuzzle, String> {
        if self.block_at(a).is_some() || self.block_at(b).is_some() {
            return Err("a block moves as one: untie it (U) to swap its tiles".into());
        }
        self.edit(|editor| editor.grid.swap(a, b))
    }

    /// Ties the tiles from `cell` (its top-left) into a block of `shape`.
    pub fn tie(&mut self, cell: usize, shape: Shape) -> Result<NumericPuzzle, String> {
        let (row, col) = (cell / self.cols, cell % self.cols);
        if row + shape.rows > self.rows || col + shape.cols > self.cols {
            return Err(format!("a {shape} block from here leaves the board"));
        }
        let width = self.cols;
        let cells: Vec<usize> = (0..shape.rows)
            .flat_map(|r| (0..shape.cols).map(move |c| (row + r) * width + col + c))
            .collect();
        if cells.iter().any(|&c| self.grid[c] == 0) {
            return Err("a block holds tiles, not blanks".into());
        }
        if cells.iter().any(|&c| self.block_at(c).is_some()) {
            return Err("a tile there is in a block already: untie it (U) first".into());
        }
        let label = self.grid[cell];
        self.edit(|editor| editor.blocks.push(Block { label, shape }))
    }

    /// Unties the block over `cell`.
    pub fn untie(&mut self, cell: usize) -> Result<NumericPuzzle, String> {
        let Some(block) = self.block_at(cell) else {
            return Err("no block here to untie".into());
        };
        self.edit(|editor| {
            editor.blocks.remove(block);
        })
    }

    /// Turns the tile at `cell` into a blank, or the blank into a tile numbered after the
    /// others; the numbers close up to 1, 2, ... in their order.
    pub fn toggle_blank(&mut self, cell: usize) -> Result<NumericPuzzle, String> {
        if self.block_at(cell).is_some() {
            return Err("a tile in a block cannot be a blank: untie it (U) first".into());
        }
        let tiles = self.grid.iter().filter(|&&n| n != 0).count();
        if self.grid[cell] != 0 && tiles == 1 {
            return Err("a board keeps at least one tile".into());
        }
        if self.grid[cell] == 0 && tiles + 1 == self.grid.len() {
            return Err("a board keeps at least one blank".into());
        }
        self.edit(|editor| {
            let most = editor.grid.iter().copied().max().unwrap_or(0);
            editor.grid[cell] = if editor.grid[cell] == 0 { most + 1 } else { 0 };
            editor.renumber();
        })
    }

    /// A solved board of `rows` x `cols` with as many blanks as now (at least one, fewer than
    /// the cells), no blocks: a new start to edit.
    pub fn resize(&mut self, rows: usize, cols: usize) -> Result<NumericPuzzle, String> {
        let (least, most) = SIDES;
        if !(least..=most).contains(&rows) || !(least..=most).contains(&cols) {
            return Err(format!(
                "the editor makes boards of {least} to {most} rows and columns"
            ));
        }
        let cells = rows * cols;
        let blanks = self
            .grid
            .iter()
            .filter(|&&n| n == 0)
            .count()
            .clamp(1, cells - 1);
        self.edit(|editor| {
            (editor.rows, editor.cols) = (rows, cols);
            editor.grid = (1..=(cells - blanks) as u32)
                .chain(std::iter::repeat_n(0, blanks))
                .collect();
            editor.blocks.clear();
        })
    }

    /// The block over `cell`, by its place in the list.
    fn block_at(&self, cell: usize) -> Option<usize> {
        let (row, col) = (cell / self.cols, cell % self.cols);
        self.blocks.iter().position(|block| {
            let origin = self.grid.iter().position(|&n| n == block.label);
            origin.is_some_and(|origin| {
                let (top, left) = (origin / self.cols, origin % self.cols);
                (top..top + block.shape.rows).contains(&row)
                    && (left..left + block.shape.cols).contains(&col)
            })
        })
    }

    /// The numbers closed up to 1, 2, ... in their order; blocks keep their tiles.
    fn renumber(&mut self) {
        let mut order: Vec<u32> = self.grid.iter().copied().filter(|&n| n != 0).collect();
        order.sort_unstable();
        let new = |n: u32| order.binary_search(&n).map_or(0, |i| i as u32 + 1);
        for block in &mut self.blocks {
            block.label = new(block.label);
        }
        for n in &mut self.grid {
            *n = if *n == 0 { 0 } else { new(*n) };
        }
    }

    /// Applies `change` if the board stays a puzzle; otherwise leaves it as it was.
    fn edit(&mut self, change: impl FnOnce(&mut Editor)) -> Result<NumericPuzzle, String> {
        let mut edited = self.clone();
        change(&mut edited);
        let puzzle = edited.puzzle()?;
        *self = edited;
        Ok(puzzle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Editor {
        let numeric: NumericPuzzle = "3 3\n1 2 3\n4 0 0\n7 5 6\n1\n5 1*2\n".parse().unwrap();
        Editor::of(&numeric)
    }

    #[test]
    fn edits_keep_a_puzzle_the_terminal_reads_and_refusals_change_nothing() {
        let mut editor = sample();
        let swapped = editor.swap(0, 4).unwrap();
        assert_eq!(swapped.to_string(), "3 3\n0 2 3\n4 1 0\n7 5 6\n1\n5 1*2\n");
        assert!(
            editor.swap(0, 7).unwrap_err().contains("untie"),
            "5 is in a block"
        );
        editor.untie(8).unwrap();
        let tied = editor.tie(3, Shape { rows: 2, cols: 1 }).unwrap();
        assert_eq!(tied.blocks().len(), 1);
        assert_eq!(tied.blocks()[0].label, 4);
        let before = editor.clone();
        assert!(
            editor
                .tie(8, Shape { rows: 1, cols: 2 })
                .unwrap_err()
                .contains("leaves")
        );
        assert!(
            editor
                .tie(0, Shape { rows: 1, cols: 2 })
                .unwrap_err()
                .contains("blanks")
        );
        assert_eq!(editor, before, "refusals change nothing");
    }

    #[test]
    fn blanks_come_and_go_with_the_numbers_closing_up() {
        let mut editor = sample();
        // 2 becomes a blank: 3..7 close up to 2..6, the block 5 becomes 4.
        let one_less = editor.toggle_blank(1).unwrap();
        assert_eq!(one_less.to_string(), "3 3\n1 0 2\n3 0 0\n6 4 5\n1\n4 1*2\n");
        // A blank back to a tile: the next number.
        let one_more = editor.toggle_blank(4).unwrap();
        assert_eq!(one_more.grid()[4], 7);
        assert!(editor.toggle_blank(7).unwrap_err().contains("untie"));
        let resized = editor.resize(4, 5).unwrap();
        assert_eq!(
            (resized.rows(), resized.cols(), resized.blocks().len()),
            (4, 5, 0)
        );
        assert_eq!(resized.grid().iter().filter(|&&n| n == 0).count(), 2);
        assert!(editor.resize(1, 5).is_err());
    }
}
