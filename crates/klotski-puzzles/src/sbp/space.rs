//! The search space of a brick puzzle: a state is the top-left cell of every brick, the master
//! first and bricks of one shape kept sorted, so that interchangeable bricks never make two
//! states of one board (the normal form, without the labels).
//!
//! Only the master brick may enter goal cells; that rule lives here, in the successors, and the
//! goal is a predicate: the master brick covers every goal cell.

use super::board::{MASTER, SbpBoard};
use super::moves::DIRS;
use klotski_core::engine::geometry::{Board, Dir, Shape};
use klotski_core::engine::move_tables::{MoveTables, NO_STEP, mask};
use klotski_core::search::Space;

/// Largest board (cells, walls and goals included) the solvers take.
pub const MAX_CELLS: usize = 128;
/// Most bricks (the master included) the solvers take.
pub const MAX_BRICKS: usize = 32;

/// A board the solvers cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpaceError {
    /// More than [`MAX_CELLS`] cells.
    #[error("the board has {0} cells; the solvers take at most {MAX_CELLS}")]
    TooManyCells(usize),
    /// More than [`MAX_BRICKS`] bricks.
    #[error("the board has {0} bricks; the solvers take at most {MAX_BRICKS}")]
    TooManyBricks(usize),
}

/// A state: each brick's top-left cell, master first, then by shape, sorted within a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BrickCells([u8; MAX_BRICKS]);

/// A move in the space: some brick slid towards `dir` and now has its top-left cell at `to`.
/// Naming the brick by where it lands keeps moves valid whichever order same-shape bricks sort in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Landing {
    /// The brick's top-left cell after the move.
    pub to: u8,
    /// Where it slid.
    pub dir: Dir,
}

impl Landing {
    /// The brick's top-left cell before the move, on a board `width` cells wide.
    pub fn from(self, width: usize) -> usize {
        let (dr, dc) = self.dir.delta();
        (self.to as isize - dr * width as isize - dc) as usize
    }
}

/// The state space of one board.
pub struct BrickSpace {
    width: usize,
    bricks: usize,
    /// Per slot: its shape class and the slots `[start, end)` of that class.
    class_of: Vec<usize>,
    range_of: Vec<(usize, usize)>,
    /// Per class, steps in [`DIRS`] order.
    tables: MoveTables,
    walls: u128,
    goals: u128,
    /// The master brick's origins that cover every goal cell, with the cells it covers there.
    targets: Vec<(usize, u128)>,
    start: BrickCells,
}

impl BrickSpace {
    /// The space of `board`, starting from its current state.
    pub fn new(board: &SbpBoard) -> Result<BrickSpace, SpaceError> {
        let cells = board.width() * board.height();
        if cells > MAX_CELLS {
            return Err(SpaceError::TooManyCells(cells));
        }
        let bricks = board.bricks();
        if bricks.len() > MAX_BRICKS {
            return Err(SpaceError::TooManyBricks(bricks.len()));
        }
        // Class 0 is the master alone; the other classes are the other shapes, sorted, so that
        // boards with the same bricks share their keys.
        let master = *bricks.iter().find(|b| b.label == MASTER).expect("parsed");
        let mut others: Vec<Shape> = (bricks.iter())
            .filter(|b| b.label != MASTER)
            .map(|b| b.shape)
            .collect();
        others.sort_unstable();
        others.dedup();
        let shapes: Vec<Shape> = std::iter::once(master.shape).chain(others).collect();
        let mut keyed: Vec<(usize, usize)> = (bricks.iter())
            .map(|b| match b.label {
                MASTER => (0, b.origin),
                _ => (
                    1 + shapes[1..].binary_search(&b.shape).expect("listed"),
                    b.origin,
                ),
            })
            .collect();
        keyed.sort_unstable();
        let class_of: Vec<usize> = keyed.iter().map(|&(c, _)| c).collect();
        let range_of = (class_of.iter())
            .map(|&c| {
                let start = class_of.iter().position(|&k| k == c).expect("present");
                let end = class_of.iter().rposition(|&k| k == c).expect("present") + 1;
                (start, end)
            })
            .collect();
        let mut start = [0u8; MAX_BRICKS];
        for (slot, &(_, origin)) in keyed.iter().enumerate() {
            start[slot] = origin as u8;
        }
        let grid = Board::new(board.height(), board.width());
        let tables = MoveTables::new(&grid, &shapes, DIRS);
        let cell_mask = |pick: &dyn Fn(usize) -> bool| mask((0..cells).filter(|&c| pick(c)));
        let walls = cell_mask(&|c| board.cells()[c] == super::board::Cell::Wall);
        let goals = cell_mask(&|c| board.is_goal(c));
        let targets = (0..cells)
            .filter(|&o| grid.fits(master.shape, o) && tables.footprint(0, o) & goals == goals)
            .map(|o| (o, tables.footprint(0, o)))
            .collect();
        Ok(BrickSpace {
            width: board.width(),
            bricks: keyed.len(),
            class_of,
            range_of,
            tables,
            walls,
            goals,
            targets,
            start: BrickCells(start),
        })
    }

    /// The board's state.
    pub fn start(&self) -> BrickCells {
        self.start
    }

    /// Solved: the master brick covers every goal cell.
    pub fn is_goal(&self, key: &BrickCells) -> bool {
        self.tables.footprint(0, key.0[0] as usize) & self.goals == self.goals
    }

    /// A lower bound on the moves left: to reach a place where it covers the goal, the master
    /// brick makes at least its Manhattan distance in moves (one cell each), and every other
    /// brick on a cell it will cover there moves at least once. The least over such places;
    /// `u32::MAX` when there is none.
    pub fn estimate(&self, key: &BrickCells) -> u32 {
        let width = self.width;
        let master = key.0[0] as usize;
        let (r, c) = (master / width, master % width);
        let slots = key.0[1..self.bricks].iter().zip(&self.class_of[1..]);
        (self.targets.iter())
            .map(|&(t, cover)| {
                let distance = r.abs_diff(t / width) + c.abs_diff(t % width);
                let blockers = (slots.clone())
                    .filter(|&(&o, &class)| self.tables.footprint(class, o as usize) & cover != 0)
                    .count();
                (distance + blockers) as u32
            })
            .min()
            .unwrap_or(u32::MAX)
    }

    /// `key` with the brick in `slot` at `origin`, its class kept sorted.
    fn moved(&self, mut key: BrickCells, mut slot: usize, origin: usize) -> BrickCells {
        let (start, end) = self.range_of[slot];
        key.0[slot] = origin as u8;
        while slot > start && key.0[slot - 1] > key.0[slot] {
            key.0.swap(slot - 1, slot);
            slot -= 1;
        }
        while slot + 1 < end && key.0[slot + 1] < key.0[slot] {
            key.0.swap(slot + 1, slot);
            slot += 1;
        }
        key
    }
}

impl Space for BrickSpace {
    type State = BrickCells;
    type Move = Landing;

    fn successors(&self, key: &BrickCells, out: &mut Vec<(Landing, BrickCells)>) {
        let slots = &key.0[..self.bricks];
        let occupied = (slots.iter().zip(&self.class_of)).fold(0u128, |m, (&o, &c)| {
            m | self.tables.footprint(c, o as usize)
        });
        for (slot, (&origin, &class)) in slots.iter().zip(&self.class_of).enumerate() {
            let blocked = occupied | self.walls | if slot == 0 { 0 } else { self.goals };
            for (k, step) in self.tables.steps(class, origin as usize).iter().enumerate() {
                if step.to != NO_STEP && step.entering & blocked == 0 {
                    let mv = Landing {
                        to: step.to,
                        dir: DIRS[k],
                    };
                    out.push((mv, self.moved(*key, slot, step.to as usize)));
                }
            }
        }
    }

    fn predecessor(&self, key: &BrickCells, mv: Landing) -> BrickCells {
        let slot = (key.0[..self.bricks].iter())
            .position(|&o| o == mv.to)
            .expect("the moved brick stands at the move's target");
        self.moved(*key, slot, mv.from(self.width))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swapping_two_alike_bricks_is_the_same_state() {
        let a: SbpBoard = "4,1,\n3,0,4,2,\n".parse().unwrap();
        let b: SbpBoard = "4,1,\n4,0,3,2,\n".parse().unwrap();
        assert_eq!(
            BrickSpace::new(&a).unwrap().start(),
            BrickSpace::new(&b).unwrap().start()
        );
    }

    #[test]
    fn successors_follow_the_board_and_predecessor_inverts_them() {
        let board: SbpBoard = "5,4,\n1,-1,-1,1,1,\n1,0,3,4,1,\n1,0,2,2,1,\n1,1,1,1,1,\n"
            .parse()
            .unwrap();
        let space = BrickSpace::new(&board).unwrap();
        let mut out = Vec::new();
        space.successors(&space.start(), &mut out);
        assert_eq!(out.len(), board.available_moves().len());
        for (mv, child) in out {
            assert_eq!(space.predecessor(&child, mv), space.start());
            let mut after = board.clone();
            let label = match board.cells()[mv.from(5)] {
                super::super::board::Cell::Brick(n) => n,
                other => panic!("no brick at the move's start: {other:?}"),
            };
            after
                .apply(super::super::moves::BrickMove { label, dir: mv.dir })
                .unwrap();
            assert_eq!(BrickSpace::new(&after).unwrap().start(), child);
        }
        assert_eq!(
            space.estimate(&space.start()),
            3,
            "two rows up, one column left"
        );
        assert!(!space.is_goal(&space.start()));
    }
}
