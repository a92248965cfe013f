//! Admissible heuristics for sliding-block puzzles: lower bounds on the moves left, for the
//! informed searches A* and IDA*.
//!
//! [`Bound`] adds the pieces' parts: pattern databases for groups of 1x1 tiles and, for every
//! other piece, its Manhattan distance with linear conflicts among the remaining 1x1 tiles.
//! Each part counts the moves of its own pieces only, so the sum never overestimates.

pub mod manhattan;
pub mod pdb;

pub use manhattan::Manhattan;
pub use pdb::{Pattern, PatternDb};

use crate::puzzle::Puzzle;
use std::path::Path;
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

    /// Adds pattern databases for the 1x1 tiles (see [`pdb::partition`]), loaded from or built
    /// into `cache`, when the board has one blank (their builds take seconds; with more blanks
    /// minutes, more than most searches they would speed up) and their tables and builds fit in
    /// `max_memory` bytes.
    pub fn with_databases(
        mut self,
        puzzle: &Puzzle,
        target: &[usize],
        cache: Option<&Path>,
        max_memory: usize,
    ) -> Bound {
        let board = &puzzle.board;
        let covered: usize = puzzle.pieces.iter().map(|p| p.shape.area()).sum();
        let blanks = board.cells() - covered;
        let mut units: Vec<(usize, usize)> = (0..puzzle.pieces.len())
            .filter(|&p| puzzle.pieces[p].shape.area() == 1)
            .map(|p| (target[p], p))
            .collect();
        units.sort_unstable();
        let goals: Vec<usize> = units.iter().map(|&(cell, _)| cell).collect();
        let patterns = pdb::partition(board.rows(), board.cols(), blanks, &goals);
        let tables: usize = patterns.iter().map(Pattern::table_bytes).sum();
        let build = patterns.iter().map(Pattern::build_bytes).max().unwrap_or(0);
        if blanks != 1 || patterns.is_empty() || tables + build > max_memory {
            return self;
        }
        for pattern in patterns {
            let pieces: Vec<usize> = pattern
                .cells
                .iter()
                .map(|cell| units[goals.binary_search(cell).expect("a unit goal")].1)
                .collect();
            for &p in &pieces {
                self.in_group[p] = true;
            }
            self.groups
                .push((PatternDb::load_or_build(&pattern, cache), pieces));
        }
        self
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
