//! Tipover: a tipper on stacks of crates tips them over to build a path to the target crate.
//!
//! The tipper walks freely between adjacent crates, so only tips are moves: a stack of `n >= 2`
//! crates falls into the `n` empty cells beside it in one direction and the tipper ends on its
//! old top crate. Fewest tips comes from the generic breadth-first search over [`TipSpace`].
//!
//! Boards of any size are taken: a search state holds each stack's fate in 3 bits and the
//! tipper's cell ([`packed`]), in the fewest words among [`WIDTHS`] that fit the stacks,
//! and the board's tables take a few dozen bytes per cell. What a board would need beyond the
//! memory limit stops the search with [`Stop::Memory`] before anything is allocated for it.

mod cells;
pub mod packed;
pub mod parse;
pub mod rules;

pub use parse::{Format, ParseError, ParseErrorKind};
pub use rules::{Rules, TipSpace};

use klotski_core::engine::geometry::Dir;
use klotski_core::search::{self, Limits, Outcome, Search, Stats, Stop};
use std::fmt;

/// A puzzle as the input gives it: crate heights per cell, the tipper's start and the target.
/// Build one by parsing ([`Format::parse`] or `str::parse` for the assignment format).
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
/// Prints as the assignment's `row col dr dc`, e.g. `3 1 -1 0` for a tip upwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tip {
    /// Row of the stack before it falls.
    pub row: u32,
    /// Column of the stack before it falls.
    pub col: u32,
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

/// Finds a solution with the fewest tips, or proves there is none, within `limits`: the
/// board's tables and the search's tables together stay within `limits.max_memory`, and a
/// board whose tables alone would not is stopped at once.
pub fn solve(puzzle: &Tipover, limits: Limits) -> Search<Tip> {
    let too_much = || {
        Search::ended(
            Outcome::Stopped(Stop::Memory(limits.max_memory)),
            Stats::default(),
        )
    };
    let fixed = Rules::bytes(puzzle);
    // The tipper's cell has 32 bits in a state.
    if fixed > limits.max_memory || puzzle.heights.len() > u32::MAX as usize {
        return too_much();
    }
    let words = packed::words_for(Rules::stack_count(puzzle));
    let Some(&width) = WIDTHS.iter().find(|&&w| w >= words) else {
        return too_much();
    };
    let rules = Rules::new(puzzle);
    let rest = Limits {
        max_memory: limits.max_memory - fixed,
        ..limits
    };
    let mut found = search_width(width, &rules, rest);
    // Report the limit as given, and the board's tables in the peak.
    if let Outcome::Stopped(Stop::Memory(_)) = found.outcome {
        found.outcome = Outcome::Stopped(Stop::Memory(limits.max_memory));
    }
    found.stats.peak_bytes += fixed;
    found
}

/// The breadth-first search over states of `W` words.
fn search_in<const W: usize>(rules: &Rules, limits: Limits) -> Search<Tip> {
    let space = TipSpace::<W>::new(rules);
    search::bfs(&space, space.start(), |s| space.is_goal(s), &limits, |_| {})
}

/// Defines [`WIDTHS`] and the search over each of them from one list.
macro_rules! widths {
    ($($w:literal)*) => {
        /// The word counts states come in, each about 1.5 times the one before, so a state
        /// wastes at most a third of its words; 1024 words hold 21,834 stacks.
        pub const WIDTHS: &[usize] = &[$($w),*];

        /// [`search_in`] for a width of [`WIDTHS`].
        fn search_width(width: usize, rules: &Rules, limits: Limits) -> Search<Tip> {
            match width {
                $($w => search_in::<$w>(rules, limits),)*
                _ => unreachable!("{width} is not one of the widths"),
            }
        }
    };
}

widths!(1 2 3 4 6 8 12 16 24 32 48 64 96 128 192 256 384 512 768 1024);
