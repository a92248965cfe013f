//! The left-right mirror of layouts and steps, and the search space folded by it.
//!
//! The goal (the 2x2 block at the bottom centre) is its own mirror image, so a layout and its
//! mirror lie equally far from it: a search for a solution may visit one of each pair
//! ([`FoldedSpace`]), which roughly halves the layouts it stores and expands.

use super::layout::{CELLS, COLS, FILL, Kind, Layout};
use super::moves::{HrdSpace, Metric, Slide};
use klotski_core::search::Space;

/// Bits of one row of the raw form: 3 per cell.
const ROW_BITS: usize = 3 * COLS;

/// Per 12-bit row, the row mirrored. Reversing the cells leaves a wide piece's top-left field
/// on its right-hand cell (`FILL`, then the kind), so those two fields are swapped back.
const ROW_MIRROR: [u16; 1 << ROW_BITS] = {
    let mut table = [0u16; 1 << ROW_BITS];
    let mut row = 0;
    while row < 1 << ROW_BITS {
        let mut cells = [0u16; COLS];
        let mut c = 0;
        while c < COLS {
            cells[COLS - 1 - c] = (row >> (3 * c) & 7) as u16;
            c += 1;
        }
        let mut c = 1;
        while c < COLS {
            let field = cells[c] as u64;
            if (field == Kind::Horizontal as u64 || field == Kind::Block as u64)
                && cells[c - 1] as u64 == FILL
            {
                cells[c - 1] = field as u16;
                cells[c] = FILL as u16;
            }
            c += 1;
        }
        let mut mirrored = 0u16;
        let mut c = 0;
        while c < COLS {
            mirrored |= cells[c] << (3 * c);
            c += 1;
        }
        table[row] = mirrored;
        row += 1;
    }
    table
};

/// `layout` reflected left to right.
pub fn mirror(layout: Layout) -> Layout {
    let raw = layout.raw();
    let mut out = 0u64;
    let mut shift = 0;
    while shift < 3 * CELLS {
        let row = (raw >> shift) as usize & ((1 << ROW_BITS) - 1);
        out |= u64::from(ROW_MIRROR[row]) << shift;
        shift += ROW_BITS;
    }
    Layout::from_raw(out)
}

/// The one of `layout` and its mirror that a folded search stores: the smaller raw form.
pub fn fold(layout: Layout) -> Layout {
    layout.min(mirror(layout))
}

/// `slide` of a piece of `kind` reflected left to right.
pub fn mirror_slide(slide: Slide, kind: Kind) -> Slide {
    let width = kind.shape().cols;
    let flip = |cell: u8| {
        let (row, col) = (cell as usize / COLS, cell as usize % COLS);
        (row * COLS + COLS - width - col) as u8
    };
    Slide {
        from: flip(slide.from),
        to: flip(slide.to),
    }
}

/// A step of a folded search: `slide`, read in the stored (folded) parent, leads to a layout
/// that is stored as its mirror when `mirrored`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoldedSlide {
    /// The step, on the stored parent.
    pub slide: Slide,
    /// Whether the layout it reaches was stored mirrored.
    pub mirrored: bool,
}

/// The layouts one step apart, each pair of mirror images stored as one ([`fold`]) when
/// `folded`; otherwise just [`HrdSpace`], so searches for goals that are not their own mirror
/// image run through the same code.
#[derive(Clone, Copy, Debug)]
pub struct FoldedSpace {
    /// The unfolded steps.
    pub inner: HrdSpace,
    /// Whether mirror images are folded together.
    pub folded: bool,
}

impl FoldedSpace {
    /// The space of `metric`, folded or not.
    pub fn new(metric: Metric, folded: bool) -> FoldedSpace {
        FoldedSpace {
            inner: HrdSpace::new(metric),
            folded,
        }
    }

    /// The stored form of `layout`.
    pub fn store(&self, layout: Layout) -> Layout {
        if self.folded { fold(layout) } else { layout }
    }

    /// The steps that replay `folded` (a path found in this space) from `start` itself.
    pub fn unfold(&self, start: Layout, folded: &[FoldedSlide]) -> Vec<Slide> {
        let (mut stored, mut actual) = (self.store(start), start);
        folded
            .iter()
            .map(|step| {
                let mut slide = step.slide;
                if actual != stored {
                    let kind = stored
                        .piece_at(slide.from as usize)
                        .expect("a slide starts at a piece");
                    slide = mirror_slide(slide, kind);
                }
                actual = HrdSpace::apply(actual, slide);
                stored = self.store(HrdSpace::apply(stored, step.slide));
                slide
            })
            .collect()
    }
}

impl Space for FoldedSpace {
    type State = Layout;
    type Move = FoldedSlide;

    fn successors(&self, state: &Layout, out: &mut Vec<(FoldedSlide, Layout)>) {
        self.inner.for_each_step(*state, |slide, next| {
            let stored = self.store(next);
            let mirrored = stored != next;
            out.push((FoldedSlide { slide, mirrored }, stored));
        });
    }

    fn predecessor(&self, state: &Layout, mv: FoldedSlide) -> Layout {
        let reached = if mv.mirrored { mirror(*state) } else { *state };
        self.inner.predecessor(&reached, mv.slide)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hrd::code::Code;

    #[test]
    fn mirroring_twice_is_the_identity_and_keeps_layouts_legal() {
        for text in [
            "1A9BF0C00",
            "4FEA13400",
            "5DC02F800",
            "DAAF4CC00",
            "9AAAF0000",
        ] {
            let layout = text.parse::<Code>().unwrap().layout();
            let image = mirror(layout);
            assert_eq!(mirror(image), layout);
            assert_eq!(image.code().layout(), image, "{text}");
            assert_eq!(image.is_solved(), layout.is_solved());
        }
        // The opening is symmetric; 4FEA134 is not.
        let opening = "1A9BF0C".parse::<Code>().unwrap().layout();
        assert_eq!(mirror(opening), opening);
        let other = "4FEA134".parse::<Code>().unwrap().layout();
        assert_ne!(mirror(other), other);
    }

    #[test]
    fn a_mirrored_step_moves_the_mirrored_piece() {
        let layout = "4FEA134".parse::<Code>().unwrap().layout();
        let space = HrdSpace::default();
        space.for_each_step(layout, |slide, next| {
            let kind = layout.piece_at(slide.from as usize).unwrap();
            let image = HrdSpace::apply(mirror(layout), mirror_slide(slide, kind));
            assert_eq!(image, mirror(next));
        });
    }
}
