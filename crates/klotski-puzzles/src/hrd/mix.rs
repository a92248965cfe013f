//! The assignment's classification of a layout by its pieces: `jiang_num-bing_num-style_num`.
//!
//! `jiang_num` counts the two-cell pieces of either orientation, `bing_num` the 1x1 pieces and
//! `style_num` the horizontal ones (the assignment's "2 x 1", width first; code bits `01`). No step
//! turns or adds a piece, so every layout of a group has its group's mix.

use super::layout::{Kind, Layout};
use std::fmt;

/// Most two-cell pieces a layout holds (with 2 empty cells and the block: 14 cells).
pub const MAX_JIANG: u8 = 7;

/// The piece counts that classify a layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mix {
    /// Two-cell pieces, both orientations.
    pub jiang: u8,
    /// 1x1 pieces.
    pub bing: u8,
    /// Horizontal two-cell pieces (at most `jiang`).
    pub style: u8,
}

impl Mix {
    /// How many [`Mix::slot`] values there are.
    pub const SLOTS: usize = (MAX_JIANG as usize + 1) * 15 * 8;

    /// The mix of `layout`.
    pub fn of(layout: Layout) -> Mix {
        let mut mix = Mix::default();
        for (_, kind) in layout.pieces() {
            match kind {
                Kind::Single => mix.bing += 1,
                Kind::Horizontal => {
                    mix.jiang += 1;
                    mix.style += 1;
                }
                Kind::Vertical => mix.jiang += 1,
                Kind::Block => {}
            }
        }
        mix
    }

    /// Every mix the counts allow, in the assignment's order (`jiang`, then `bing`, then `style`,
    /// each ascending). All but `7-0-0` have layouts.
    pub fn all() -> impl Iterator<Item = Mix> {
        (0..=MAX_JIANG).flat_map(|jiang| {
            (0..=14 - 2 * jiang)
                .flat_map(move |bing| (0..=jiang).map(move |style| Mix { jiang, bing, style }))
        })
    }

    /// A dense number below [`Mix::SLOTS`], ascending in the assignment's order, for tables per mix.
    pub fn slot(self) -> usize {
        (usize::from(self.jiang) * 15 + usize::from(self.bing)) * 8 + usize::from(self.style)
    }

    /// The mix a slot stands for, when one does.
    pub fn from_slot(slot: usize) -> Option<Mix> {
        let (style, rest) = (slot % 8, slot / 8);
        let (bing, jiang) = (rest % 15, rest / 15);
        let mix = Mix {
            jiang: jiang as u8,
            bing: bing as u8,
            style: style as u8,
        };
        (jiang <= usize::from(MAX_JIANG) && bing + 2 * jiang <= 14 && style <= jiang).then_some(mix)
    }
}

/// `jiang-bing-style`, as the assignment names its files: `5-4-1`.
impl fmt::Display for Mix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.jiang, self.bing, self.style)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hrd::code::Code;

    #[test]
    fn the_opening_is_5_4_1_and_slots_round_trip() {
        let opening = "1A9BF0C".parse::<Code>().unwrap().layout();
        let mix = Mix::of(opening);
        assert_eq!(mix.to_string(), "5-4-1");
        let all: Vec<Mix> = Mix::all().collect();
        assert_eq!(all.len(), 204, "203 mixes with layouts, and 7-0-0");
        assert!(all.windows(2).all(|w| w[0].slot() < w[1].slot()));
        for m in all {
            assert!(m.slot() < Mix::SLOTS);
            assert_eq!(Mix::from_slot(m.slot()), Some(m));
        }
        assert_eq!(Mix::from_slot(7), None, "style 7 with no two-cell piece");
    }
}
