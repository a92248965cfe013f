//! The moves between 4x5 layouts as a search [`Space`], in either step metric.
//!
//! [`Metric::Piece`] (the seed's): one piece moving any distance, turns included, is one step,
//! so a step's targets are a flood fill of the piece's top-left cell through the cells it fits
//! in. [`Metric::Unit`]: a piece moving one cell is one step.

use super::layout::{CELLS, COLS, FOOTPRINT, Layout, PIECE_FIELDS, PIECE_VALUES};
use crate::search::{Reversible, Space};

/// What one step is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Metric {
    /// One piece, any distance along any path of empty cells (the seed's step).
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

/// Per cell, its neighbours left, right, up and down (`u8::MAX` off the board).
const NEIGHBOURS: [[u8; 4]; CELLS] = {
    let mut table = [[u8::MAX; 4]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / COLS, cell % COLS);
        if c > 0 {
            table[cell][0] = (cell - 1) as u8;
        }
        if c + 1 < COLS {
            table[cell][1] = (cell + 1) as u8;
        }
        if r > 0 {
            table[cell][2] = (cell - COLS) as u8;
        }
        if cell + COLS < CELLS {
            table[cell][3] = (cell + COLS) as u8;
        }
        cell += 1;
    }
    table
};

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

    /// Calls `visit` with every step out of `layout` and the layout it leads to, pieces in
    /// row-major order of their top-left cells.
    pub fn for_each_step(&self, layout: Layout, mut visit: impl FnMut(Slide, Layout)) {
        let raw = layout.raw();
        let occupied = layout.occupied();
        for (from, kind) in layout.pieces() {
            let k = kind as usize - 1;
            let others = occupied & !FOOTPRINT[k][from];
            let lifted = raw & !PIECE_FIELDS[k][from];
            // Cells reached so far, and a stack of those still to look around.
            let mut reached = 1u32 << from;
            let mut stack = [0u8; CELLS];
            stack[0] = from as u8;
            let mut top = 1;
            while top > 0 {
                top -= 1;
                let at = stack[top] as usize;
                for &next in &NEIGHBOURS[at] {
                    if next == u8::MAX || reached >> next & 1 == 1 {
                        continue;
                    }
                    let footprint = FOOTPRINT[k][next as usize];
                    if footprint == 0 || footprint & others != 0 {
                        continue;
                    }
                    reached |= 1 << next;
                    let slide = Slide {
                        from: from as u8,
                        to: next,
                    };
                    visit(
                        slide,
                        Layout::from_raw(lifted | PIECE_VALUES[k][next as usize]),
                    );
                    if self.metric == Metric::Piece {
                        stack[top] = next;
                        top += 1;
                    }
                }
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
