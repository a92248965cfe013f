//! Tipover: a tipper on stacks of crates tips them over to build a path to the target crate.
//!
//! The tipper walks freely between adjacent crates, so only tips are moves: a stack of `n >= 2`
//! crates falls into the `n` empty cells beside it in one direction and the tipper ends on its
//! old top crate. Fewest tips comes from the generic breadth-first search over [`TipSpace`].
//!
//! A search state keeps the crates as a 256-bit set and the standing stacks as a 64-bit mask, so
//! boards are limited to 256 cells (16 x 16, or any rows x cols within it) and 64 stacks of two or
//! more crates; the parser refuses larger ones with an error naming the limit.

mod cells;
pub mod parse;
pub mod rules;

pub use parse::{Format, ParseError, ParseErrorKind};
pub use rules::{MAX_STACKS, TipSpace};

use crate::engine::geometry::Dir;
use crate::search::{self, Limits, Search};
use std::fmt;

/// A puzzle as the input gives it: crate heights per cell, the tipper's start and the target.
/// Build one by parsing ([`Format::parse`] or `str::parse` for the seed format).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tipover {
    rows: usize,
    cols: usize,
    heights: Vec<u8>,
    start: usize,
    goal: usize,
}

impl Tipover {
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Crates stacked on the cell at `row`, `col` (0 when empty); the target is one crate.
    pub fn height(&self, row: usize, col: usize) -> u8 {
        self.heights[row * self.cols + col]
    }

    /// The tipper's starting cell as (row, column), 0-based.
    pub fn start(&self) -> (usize, usize) {
        (self.start / self.cols, self.start % self.cols)
    }

    /// The target crate's cell as (row, column), 0-based.
    pub fn goal(&self) -> (usize, usize) {
        (self.goal / self.cols, self.goal % self.cols)
    }
}

/// One tip: the stack on (`row`, `col`), 0-based, of `height` crates falls towards `dir`.
/// Prints as the seed's `row col dr dc`, e.g. `3 1 -1 0` for a tip upwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tip {
    /// Row of the stack before it falls.
    pub row: u8,
    /// Column of the stack before it falls.
    pub col: u8,
    /// Where it falls.
    pub dir: Dir,
    /// Crates in the stack, hence cells it covers.
    pub height: u8,
}

impl fmt::Display for Tip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (dr, dc) = self.dir.delta();
        write!(f, "{} {} {dr} {dc}", self.row, self.col)
    }
}

/// Finds a solution with the fewest tips, or proves there is none, within `limits`.
pub fn solve(puzzle: &Tipover, limits: Limits) -> Search<Tip> {
    let space = TipSpace::new(puzzle);
    search::bfs(&space, space.start(), |s| space.is_goal(s), limits, |_| {})
}
