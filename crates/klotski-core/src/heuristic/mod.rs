//! Admissible heuristics for sliding-block puzzles: lower bounds on the moves left, for the
//! informed searches A* and IDA*.
//!
//! [`Bound`] adds the pieces' parts: pattern databases for groups of 1x1 tiles and, for every
//! other piece, its Manhattan distance with linear conflicts among the remaining 1x1 tiles.
//! Each part counts the moves of its own pieces only, so the sum never overestimates.

pub mod incremental;
pub mod manhattan;
pub mod pdb;

pub use manhattan::Manhattan;
pub use pdb::{Pattern, PatternDb, Supply};

use crate::engine::puzzle::Puzzle;
use std::sync::Arc;

/// A lower bound on the moves from a placement of `puzzle`'s pieces to its goal.
#[derive(Clone, Debug)]
pub struct Bound {
    manhattan: Manhattan,
    /// Each database with the pieces it covers, in its pattern's order.
    groups: Vec<(Arc<PatternDb>, Vec<usize>)>,
    /// Per piece: whether a database counts it.
    in_group: Vec<bool>,
}

impl Bound {
    /// Manhattan distance with linear conflicts, without databases.
    pub fn manhattan(puzzle: &Puzzle, target: &[usize]) -> Bound {
        Bound {
            manhattan: Manhattan::new(puzzle, target, true),
            groups: Vec::new(),
            in_group: vec![false; puzzle.pieces.len()],
        }
    }

    /// Adds pattern databases for the 1x1 tiles (the strongest split of
    /// [`pdb::partitions`] that `supply` can provide) when the board has one blank and its goal
    /// is on the last cell: with more blanks their builds take minutes, more than most
    /// searches they would speed up.
    pub fn with_databases(
        mut self,
        puzzle: &Puzzle,
        target: &[usize],
        supply: &mut Supply,
    ) -> Bound {
        let board = &puzzle.board;
        let covered: usize = puzzle.pieces.iter().map(|p| p.shape.area()).sum();
        let blanks = board.cells() - covered;
        // Tables are built with the blank's goal on the last cell.
        let mut goal_cells = vec![false; board.cells()];
        for (piece, &origin) in puzzle.pieces.iter().zip(target) {
            for cell in board.footprint(piece.shape, origin) {
                goal_cells[cell] = true;
            }
        }
        if blanks != 1 || goal_cells[board.cells() - 1] {
            return self;
        }
        let mut units: Vec<(usize, usize)> = (0..puzzle.pieces.len())
            .filter(|&p| puzzle.pieces[p].shape.area() == 1)
            .map(|p| (target[p], p))
            .collect();
        units.sort_unstable();
        let goals: Vec<usize> = units.iter().map(|&(cell, _)| cell).collect();
        let Some((patterns, tables)) = pdb::partitions(board.rows(), board.cols(), blanks, &goals)
            .into_iter()
            .find_map(|patterns| supply.obtain(&patterns).map(|tables| (patterns, tables)))
        else {
            return self;
        };
        for (pattern, table) in patterns.iter().zip(tables) {
            let pieces: Vec<usize> = pattern
                .cells
                .iter()
                .map(|cell| units[goals.binary_search(cell).expect("a unit goal")].1)
                .collect();
            for &p in &pieces {
                self.in_group[p] = true;
            }
            self.groups.push((table, pieces));
        }
        self
    }

    /// The Manhattan bound with conflicts of every piece, where that is the whole bound (no
    /// pattern database counts any piece).
    pub fn without_databases(&self) -> Option<&Manhattan> {
        self.groups.is_empty().then_some(&self.manhattan)
    }

    /// The bound with the pieces at `origin(piece)`.
    pub fn estimate(&self, origin: impl Fn(usize) -> usize) -> u32 {
        let databases: u32 = self
            .groups
            .iter()
            .map(|(db, pieces)| db.lookup(pieces.iter().map(|&p| origin(p))) as u32)
            .sum();
        databases + self.manhattan.estimate(&origin, |p| self.in_group[p])
    }
}
