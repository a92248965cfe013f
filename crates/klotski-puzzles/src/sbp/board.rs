//! The board as the files and the assignment's commands see it: a matrix of cell values, with the goal
//! cells remembered so that a brick leaving one uncovers the goal again; printing, normal form,
//! and the bricks it holds.

use klotski_core::engine::geometry::{Dir, Shape};
use std::fmt;

/// What one cell of the matrix shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `-1`: a goal cell, which only the master brick may cover.
    Goal,
    /// `0`: free.
    Empty,
    /// `1`: a wall.
    Wall,
    /// `2` (the master brick) or more: part of the brick with this number.
    Brick(i32),
}

/// The number of the master brick.
pub const MASTER: i32 = 2;

impl Cell {
    /// The cell a file value stands for, or `None` below -1.
    pub fn from_value(value: i32) -> Option<Cell> {
        match value {
            -1 => Some(Cell::Goal),
            0 => Some(Cell::Empty),
            1 => Some(Cell::Wall),
            n if n >= MASTER => Some(Cell::Brick(n)),
            _ => None,
        }
    }

    /// The value the file format writes for this cell.
    pub fn value(self) -> i32 {
        match self {
            Cell::Goal => -1,
            Cell::Empty => 0,
            Cell::Wall => 1,
            Cell::Brick(n) => n,
        }
    }
}

/// One brick: its number, its top-left cell and its rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Brick {
    /// Its number (2 for the master brick).
    pub label: i32,
    /// Its top-left cell, row-major index.
    pub origin: usize,
    /// Its bounding rectangle (the brick itself, once the parser has checked it).
    pub shape: Shape,
}

/// A board state: `width` x `height` cells, row-major, and where the goal cells lie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SbpBoard {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    goals: Vec<bool>,
}

impl SbpBoard {
    /// A board of these cells; the goal cells are those showing `-1`. Build checked boards by
    /// parsing.
    pub(super) fn from_cells(width: usize, height: usize, cells: Vec<Cell>) -> SbpBoard {
        let goals = cells.iter().map(|&c| c == Cell::Goal).collect();
        SbpBoard::with_goals(width, height, cells, goals)
    }

    /// A board of these cells with these goal cells (the master brick may cover some).
    pub(super) fn with_goals(
        width: usize,
        height: usize,
        cells: Vec<Cell>,
        goals: Vec<bool>,
    ) -> SbpBoard {
        SbpBoard {
            width,
            height,
            cells,
            goals,
        }
    }

    /// Cells per row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Whether `cell` is a goal cell, covered or not.
    pub fn is_goal(&self, cell: usize) -> bool {
        self.goals[cell]
    }

    /// The assignment's comparison: same size and the same value in every cell.
    pub fn same_cells(&self, other: &SbpBoard) -> bool {
        (self.width, self.height) == (other.width, other.height) && self.cells == other.cells
    }

    /// Solved: no goal cell is left uncovered (only the master brick can cover one).
    pub fn is_done(&self) -> bool {
        !self.cells.contains(&Cell::Goal)
    }

    /// The bricks in the order their first cell appears, row by row.
    pub fn bricks(&self) -> Vec<Brick> {
        let mut bricks: Vec<Brick> = Vec::new();
        let mut corners: Vec<(usize, usize)> = Vec::new();
        for (i, &cell) in self.cells.iter().enumerate() {
            let Cell::Brick(label) = cell else { continue };
            let (r, c) = (i / self.width, i % self.width);
            match bricks.iter().position(|b| b.label == label) {
                Some(k) => {
                    // Bounding box: the first cell is its top row; track the far corner and
                    // the leftmost column.
                    let (last_r, last_c) = &mut corners[k];
                    *last_r = (*last_r).max(r);
                    *last_c = (*last_c).max(c);
                    let first_c = bricks[k].origin % self.width;
                    if c < first_c {
                        bricks[k].origin = bricks[k].origin - first_c + c;
                    }
                }
                None => {
                    bricks.push(Brick {
                        label,
                        origin: i,
                        shape: Shape::UNIT,
                    });
                    corners.push((r, c));
                }
            }
        }
        for (brick, (last_r, last_c)) in bricks.iter_mut().zip(corners) {
            let (r, c) = (brick.origin / self.width, brick.origin % self.width);
            brick.shape = Shape {
                rows: last_r - r + 1,
                cols: last_c - c + 1,
            };
        }
        bricks
    }

    /// The normal form: bricks other than the master renumbered 3, 4, ... in the order their
    /// first cell appears row by row (what the assignment's swapping algorithm computes).
    pub fn normalized(&self) -> SbpBoard {
        let mut renumber: Vec<(i32, i32)> = Vec::new();
        let cells = (self.cells.iter())
            .map(|&cell| match cell {
                Cell::Brick(n) if n != MASTER => {
                    let next = 3 + renumber.len() as i32;
                    let new = match renumber.iter().find(|(old, _)| *old == n) {
                        Some(&(_, new)) => new,
                        None => {
                            renumber.push((n, next));
                            next
                        }
                    };
                    Cell::Brick(new)
                }
                other => other,
            })
            .collect();
        SbpBoard {
            cells,
            ..self.clone()
        }
    }

    /// Moves the brick at `origin` of `shape` one cell towards `dir`, uncovering goal cells it
    /// leaves. The move must be legal.
    pub(super) fn shift(&mut self, origin: usize, shape: Shape, dir: Dir) {
        let grid = self.grid();
        let label = self.cells[origin];
        let to = grid.step(shape, origin, dir).expect("a legal move");
        for cell in grid.footprint(shape, origin) {
            self.cells[cell] = if self.goals[cell] {
                Cell::Goal
            } else {
                Cell::Empty
            };
        }
        for cell in grid.footprint(shape, to) {
            self.cells[cell] = label;
        }
    }

    /// The engine's view of the size (no walls): for stepping shapes.
    pub(super) fn grid(&self) -> klotski_core::engine::geometry::Board {
        klotski_core::engine::geometry::Board::new(self.height, self.width)
    }
}

/// The assignment's format: `w,h,` then each row's values, every one but the first right-aligned to
/// two characters, each followed by a comma.
impl fmt::Display for SbpBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{},{},", self.width, self.height)?;
        for row in self.cells.chunks(self.width) {
            write!(f, "{},", row[0].value())?;
            for cell in &row[1..] {
                write!(f, "{:>2},", cell.value())?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bricks_know_their_corner_and_rectangle() {
        let board: SbpBoard = "4,3,\n1,0,3,3,\n4,2,2,0,\n4,2,2,0,\n".parse().unwrap();
        let bricks = board.bricks();
        let summary: Vec<_> = (bricks.iter())
            .map(|b| (b.label, b.origin, b.shape.rows, b.shape.cols))
            .collect();
        assert_eq!(summary, [(3, 2, 1, 2), (4, 4, 2, 1), (2, 5, 2, 2)]);
    }

    #[test]
    fn a_brick_leaving_a_goal_uncovers_it() {
        let mut board: SbpBoard = "3,1,\n-1,2,0,\n".parse().unwrap();
        board.shift(1, Shape::UNIT, Dir::Left);
        assert!(board.is_done());
        assert_eq!(board.to_string(), "3,1,\n2, 0, 0,\n");
        board.shift(0, Shape::UNIT, Dir::Right);
        assert_eq!(board.to_string(), "3,1,\n-1, 2, 0,\n");
    }
}
