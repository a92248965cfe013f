//! The moves between 4x5 layouts as a search [`Space`], in either step metric.
//!
//! [`Metric::Piece`] (the assignment's): one piece moving any distance, turns included, is one step,
//! so a step's targets are a flood fill of the piece's top-left cell through the cells it fits
//! in. [`Metric::Unit`]: a piece moving one cell is one step.

use super::layout::{CELLS, COLS, Layout, PIECE_FIELDS, PIECE_VALUES};
use klotski_core::search::{Reversible, Space};

/// What one step is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Metric {
    /// One piece, any distance along any path of empty cells (the assignment's step).
    #[default]
    Piece,
    /// One piece, one cell.
    Unit,
}

/// One step: the piece whose top-left cell is `from` ends with its top-left cell at `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// Top-left cell before the step.
    pub from: u8,
    /// Top-left cell after it.
    pub to: u8,
}

/// The low bit of every cell's field.
const LOW: u64 = spaced(None);
/// The low bits of the cells in column 0.
const FIRST_COLUMN: u64 = spaced(Some(0));
/// The low bits of the cells in the last column.
const LAST_COLUMN: u64 = spaced(Some(COLS - 1));

/// The low field bits of the cells in `column`, or of all cells.
const fn spaced(column: Option<usize>) -> u64 {
    let mut mask = 0;
    let mut cell = 0;
    while cell < CELLS {
        let wanted = match column {
            Some(c) => cell % COLS == c,
            None => true,
        };
        if wanted {
            mask |= 1 << (3 * cell);
        }
        cell += 1;
    }
    mask
}

/// The cells next to any cell of `cells` (spaced masks).
fn around(cells: u64) -> u64 {
    (cells << 3 & !FIRST_COLUMN)
        | (cells >> 3 & !LAST_COLUMN)
        | (cells << (3 * COLS) & LOW)
        | cells >> (3 * COLS)
}

/// The top-left cells where a piece of kind index `k` fits inside the `free` cells (spaced).
fn fitting(k: usize, free: u64) -> u64 {
    let wide = free & free >> 3 & !LAST_COLUMN;
    match k {
        0 => free,
        1 => wide,
        2 => free & free >> (3 * COLS),
        _ => wide & wide >> (3 * COLS),
    }
}

/// The layouts one step apart, in the chosen metric.
#[derive(Clone, Copy, Debug, Default)]
pub struct HrdSpace {
    /// What a step is.
    pub metric: Metric,
}

impl HrdSpace {
    /// The space of `metric`.
    pub fn new(metric: Metric) -> HrdSpace {
        HrdSpace { metric }
    }

    /// Calls `visit` with every step out of `layout` and the layout it leads to: pieces in
    /// row-major order of their top-left cells, targets in row-major order.
    ///
    /// Works on "spaced" masks, one bit per cell at bit `3 * cell` (the low bit of its field),
    /// so the occupied cells, the top-left cells and the cells beside an empty one come from a
    /// few word operations on the raw form. A piece's targets are a flood fill of its top-left
    /// cell through the cells where it fits, grown a whole ring per word operation.
    pub fn for_each_step(&self, layout: Layout, mut visit: impl FnMut(Slide, Layout)) {
        let raw = layout.raw();
        let occupied = (raw | raw >> 1 | raw >> 2) & LOW;
        let filled = raw & raw >> 1 & raw >> 2 & LOW;
        let beside_empty = around(LOW & !occupied);
        let mut heads = occupied & !filled;
        while heads != 0 {
            let from = heads.trailing_zeros() as usize / 3;
            heads &= heads - 1;
            let k = (raw >> (3 * from) & 7) as usize - 1;
            let own = PIECE_FIELDS[k][from] & LOW;
            if own & beside_empty == 0 {
                continue;
            }
            let fits = fitting(k, LOW & !(occupied & !own));
            let start = 1u64 << (3 * from);
            let mut reached = start;
            loop {
                let grown = (reached | around(reached)) & fits;
                if grown == reached {
                    break;
                }
                reached = grown;
                if self.metric == Metric::Unit {
                    break;
                }
            }
            let lifted = raw & !PIECE_FIELDS[k][from];
            let mut targets = reached & !start;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize / 3;
                targets &= targets - 1;
                let slide = Slide {
                    from: from as u8,
                    to: to as u8,
                };
                visit(slide, Layout::from_raw(lifted | PIECE_VALUES[k][to]));
            }
        }
    }

    /// `layout` with the piece at `from` moved to `to` (which must be a legal step).
    pub fn apply(layout: Layout, slide: Slide) -> Layout {
        let kind = layout
            .piece_at(slide.from as usize)
            .expect("a slide starts at a piece");
        let k = kind as usize - 1;
        let raw = layout.raw() & !PIECE_FIELDS[k][slide.from as usize];
        Layout::from_raw(raw | PIECE_VALUES[k][slide.to as usize])
    }
}

impl Space for HrdSpace {
    type State = Layout;
    type Move = Slide;

    fn successors(&self, state: &Layout, out: &mut Vec<(Slide, Layout)>) {
        self.for_each_step(*state, |slide, next| out.push((slide, next)));
    }

    fn predecessor(&self, state: &Layout, mv: Slide) -> Layout {
        HrdSpace::apply(*state, self.reverse(mv))
    }
}

impl Reversible for HrdSpace {
    fn reverse(&self, mv: Slide) -> Slide {
        Slide {
            from: mv.to,
            to: mv.from,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hrd::code::Code;

    #[test]
    fn the_opening_has_its_known_steps() {
        let opening = "1A9BF0C".parse::<Code>().unwrap().layout();
        let count = |metric| {
            let mut n = 0;
            HrdSpace::new(metric).for_each_step(opening, |_, _| n += 1);
            n
        };
        // Empty cells 17 and 18: 1x1 pieces 13 and 14 move down, 16 and 19 sideways.
        assert_eq!(count(Metric::Unit), 4);
        // Each of those four can also turn or run on into the other empty cell.
        assert_eq!(count(Metric::Piece), 8);
        HrdSpace::default().for_each_step(opening, |slide, next| {
            assert_eq!(HrdSpace::default().predecessor(&next, slide), opening);
            assert!(Code::new(next.code().value()).is_ok());
        });
    }
}
