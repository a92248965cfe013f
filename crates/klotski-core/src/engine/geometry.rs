//! Board geometry: directions, rectangle shapes and the board itself (size and walls).

use std::fmt;
use std::str::FromStr;

/// One of the four directions a piece slides in; a move is always exactly one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
}

impl Dir {
    /// All four directions, in the order successors are generated.
    pub const ALL: [Dir; 4] = [Dir::Left, Dir::Right, Dir::Up, Dir::Down];

    /// The direction that undoes this one.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
        }
    }

    /// The (row, column) offset of one step.
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
        }
    }

    /// The letter the terminal format uses: `L`, `R`, `U` or `D`.
    pub fn letter(self) -> char {
        match self {
            Dir::Left => 'L',
            Dir::Right => 'R',
            Dir::Up => 'U',
            Dir::Down => 'D',
        }
    }

    /// This direction on the board mirrored about its main diagonal ([`Board::transposed`]):
    /// left becomes up, right becomes down, and back.
    pub fn transposed(self) -> Dir {
        match self {
            Dir::Left => Dir::Up,
            Dir::Right => Dir::Down,
            Dir::Up => Dir::Left,
            Dir::Down => Dir::Right,
        }
    }

    /// Position of this direction in [`Dir::ALL`], for compact move encodings.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A direction letter was not one of `L`, `R`, `U`, `D`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a direction (L, R, U or D)")]
pub struct BadDir(pub String);

impl FromStr for Dir {
    type Err = BadDir;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "L" => Ok(Dir::Left),
            "R" => Ok(Dir::Right),
            "U" => Ok(Dir::Up),
            "D" => Ok(Dir::Down),
            _ => Err(BadDir(s.to_string())),
        }
    }
}

/// A rectangle of `rows` x `cols` cells: the footprint of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    /// Height in cells.
    pub rows: usize,
    /// Width in cells.
    pub cols: usize,
}

impl Shape {
    /// The 1x1 shape of a plain tile.
    pub const UNIT: Shape = Shape { rows: 1, cols: 1 };

    /// Number of cells the shape covers.
    pub fn area(self) -> usize {
        self.rows * self.cols
    }

    /// The shape mirrored about its main diagonal: rows and columns swapped.
    pub fn transposed(self) -> Shape {
        Shape {
            rows: self.cols,
            cols: self.rows,
        }
    }
}

/// Printed as the terminal format writes it: rows, `*`, columns (`2*1` is two rows, one column).
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}*{}", self.rows, self.cols)
    }
}

/// The fixed part of a puzzle: its size and the wall cells no piece may enter.
///
/// Cells are numbered row-major from 0: cell `r * cols + c` is row `r`, column `c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    walls: Vec<bool>,
}

impl Board {
    /// An open board of `rows` x `cols` cells with no walls.
    pub fn new(rows: usize, cols: usize) -> Board {
        Board {
            rows,
            cols,
            walls: vec![false; rows * cols],
        }
    }

    /// A board whose cells listed in `walls` can never be entered.
    pub fn with_walls(rows: usize, cols: usize, walls: impl IntoIterator<Item = usize>) -> Board {
        let mut board = Board::new(rows, cols);
        for cell in walls {
            board.walls[cell] = true;
        }
        board
    }

    /// The board mirrored about its main diagonal: `cols` x `rows`, the wall at row `r`,
    /// column `c` now at row `c`, column `r` ([`Board::transposed_cell`]).
    pub fn transposed(&self) -> Board {
        let walls = (0..self.cells()).filter(|&cell| self.walls[cell]);
        Board::with_walls(
            self.cols,
            self.rows,
            walls.map(|cell| self.transposed_cell(cell)),
        )
    }

    /// Where `cell` lies on [`Board::transposed`]; applied there, it gives `cell` back.
    pub fn transposed_cell(&self, cell: usize) -> usize {
        let (r, c) = self.row_col(cell);
        c * self.rows + r
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells, walls included.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// Whether `cell` is a wall.
    pub fn is_wall(&self, cell: usize) -> bool {
        self.walls[cell]
    }

    /// The cell at `row`, `col`.
    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    /// The (row, column) of `cell`.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols, cell % self.cols)
    }

    /// Whether `shape` with its top-left corner at `origin` lies inside the board.
    pub fn fits(&self, shape: Shape, origin: usize) -> bool {
        let (r, c) = self.row_col(origin);
        r + shape.rows <= self.rows && c + shape.cols <= self.cols
    }

    /// The cells `shape` covers with its top-left corner at `origin`, row-major.
    /// The shape must fit ([`Board::fits`]).
    pub fn footprint(&self, shape: Shape, origin: usize) -> impl Iterator<Item = usize> + '_ {
        let cols = self.cols;
        (0..shape.rows).flat_map(move |i| (0..shape.cols).map(move |j| origin + i * cols + j))
    }

    /// Where the top-left corner of `shape` lands when it steps from `origin` towards `dir`,
    /// or `None` when the step leaves the board. Walls and other pieces are not looked at.
    pub fn step(&self, shape: Shape, origin: usize, dir: Dir) -> Option<usize> {
        self.step_at(shape, self.row_col(origin), dir)
    }

    /// [`Board::step`] from the origin at row and column `(r, c)`, for a caller that has them
    /// at hand.
    pub fn step_at(&self, shape: Shape, (r, c): (usize, usize), dir: Dir) -> Option<usize> {
        let (dr, dc) = dir.delta();
        let r = r.checked_add_signed(dr)?;
        let c = c.checked_add_signed(dc)?;
        let to = self.cell(r, c);
        (r + shape.rows <= self.rows && c + shape.cols <= self.cols).then_some(to)
    }

    /// The cells a piece of `shape` at `origin` newly covers when it steps towards `dir`: the row
    /// or column just beyond its leading edge. The step must stay on the board.
    pub fn entering(
        &self,
        shape: Shape,
        origin: usize,
        dir: Dir,
    ) -> impl Iterator<Item = usize> + use<> {
        let (r, c) = self.row_col(origin);
        // The entering cells form a line: a first cell, a stride and a count.
        let (first, stride, count) = match dir {
            Dir::Left => (self.cell(r, c - 1), self.cols, shape.rows),
            Dir::Right => (self.cell(r, c + shape.cols), self.cols, shape.rows),
            Dir::Up => (self.cell(r - 1, c), 1, shape.cols),
            Dir::Down => (self.cell(r + shape.rows, c), 1, shape.cols),
        };
        (0..count).map(move |k| first + k * stride)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_is_an_involution_and_cancels_delta() {
        for d in Dir::ALL {
            assert_eq!(d.opposite().opposite(), d);
            let (a, b) = d.delta();
            let (x, y) = d.opposite().delta();
            assert_eq!((a + x, b + y), (0, 0));
            assert_eq!(d.letter().to_string().parse::<Dir>(), Ok(d));
        }
        assert!("X".parse::<Dir>().is_err());
    }

    #[test]
    fn steps_stay_on_the_board() {
        let b = Board::new(3, 4);
        let block = Shape { rows: 2, cols: 2 };
        assert_eq!(b.step(block, 0, Dir::Left), None);
        assert_eq!(b.step(block, 0, Dir::Right), Some(1));
        assert_eq!(b.step(block, 2, Dir::Right), None);
        assert_eq!(b.step(block, 4, Dir::Down), None);
        assert_eq!(b.step(block, 4, Dir::Up), Some(0));
        assert_eq!(
            b.entering(block, 0, Dir::Right).collect::<Vec<_>>(),
            vec![2, 6]
        );
        assert_eq!(
            b.entering(block, 4, Dir::Up).collect::<Vec<_>>(),
            vec![0, 1]
        );
        assert_eq!(b.footprint(block, 5).collect::<Vec<_>>(), vec![5, 6, 9, 10]);
    }
}
