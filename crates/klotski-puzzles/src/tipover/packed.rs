//! A Tipover search state packed into `W` words: the tipper's cell in 32 bits, then 3 bits per
//! stack of the input saying whether it still stands or which way it fell.
//!
//! A fallen stack's crates never move again and only stacks of the input tip, so the stacks'
//! fates fix the whole crate layout: a state grows with the stacks, not with the board, and
//! boards of any size with few stacks keep one-word states. The search picks the smallest `W`
//! among [`super::WIDTHS`] that holds the board's stacks.

/// Bits of the tipper's cell.
const TIPPER_BITS: usize = 32;
/// Bits of a stack's fate.
const FATE_BITS: usize = 3;

/// Words a state of a board with `stacks` stacks needs.
pub fn words_for(stacks: usize) -> usize {
    (TIPPER_BITS + FATE_BITS * stacks).div_ceil(64)
}

/// What became of a stack: standing (0) or fallen towards `Dir::ALL[fate - 1]`.
pub type Fate = u8;

/// The fate of a stack that has not tipped.
pub const STANDING: Fate = 0;

/// The tipper's cell and every stack's fate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Packed<const W: usize>([u64; W]);

impl<const W: usize> Default for Packed<W> {
    fn default() -> Self {
        Packed([0; W])
    }
}

impl<const W: usize> Packed<W> {
    /// The cell that names the tipper's group.
    #[inline]
    pub fn tipper(&self) -> usize {
        (self.0[0] & u64::from(u32::MAX)) as usize
    }

    /// Sets the tipper's cell (below 2^32: the board's cells are checked against that).
    #[inline]
    pub fn set_tipper(&mut self, cell: usize) {
        self.0[0] = self.0[0] & !u64::from(u32::MAX) | cell as u64;
    }

    /// The fate of stack `stack`.
    #[inline]
    pub fn fate(&self, stack: usize) -> Fate {
        let bit = TIPPER_BITS + FATE_BITS * stack;
        let (word, offset) = (bit / 64, bit % 64);
        let mut value = self.0[word] >> offset;
        if offset + FATE_BITS > 64 {
            value |= self.0[word + 1] << (64 - offset);
        }
        (value & 7) as Fate
    }

    /// Sets the fate of stack `stack`.
    #[inline]
    pub fn set_fate(&mut self, stack: usize, fate: Fate) {
        let bit = TIPPER_BITS + FATE_BITS * stack;
        let (word, offset) = (bit / 64, bit % 64);
        let value = u64::from(fate & 7);
        self.0[word] = self.0[word] & !(7 << offset) | value << offset;
        if offset + FATE_BITS > 64 {
            let high = 64 - offset;
            self.0[word + 1] = self.0[word + 1] & !(7 >> high) | value >> high;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fates_across_word_boundaries_keep_their_neighbours() {
        let mut state = Packed::<4>::default();
        let stacks = (4 * 64 - TIPPER_BITS) / FATE_BITS;
        assert_eq!(words_for(stacks), 4);
        assert_eq!(words_for(stacks + 1), 5);
        state.set_tipper(0xDEAD_BEEF);
        for s in 0..stacks {
            state.set_fate(s, (s % 5) as Fate);
        }
        for s in 0..stacks {
            assert_eq!(state.fate(s), (s % 5) as Fate, "stack {s}");
        }
        assert_eq!(state.tipper(), 0xDEAD_BEEF);
        // Stack 10 spans words 0 and 1 (bits 62..65).
        state.set_fate(10, 4);
        assert_eq!((state.fate(9), state.fate(10), state.fate(11)), (4, 4, 1));
        state.set_fate(10, STANDING);
        assert_eq!((state.fate(9), state.fate(10), state.fate(11)), (4, 0, 1));
        state.set_tipper(7);
        assert_eq!((state.tipper(), state.fate(0)), (7, 0));
    }
}
