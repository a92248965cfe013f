//! [`SparseMap`]: per-cell values for the searches of a huge board that touch a few cells, reset
//! in time proportional to what was set rather than to the board.

/// What an unset index reads as.
pub(super) const UNSET: u32 = u32::MAX;

/// A value per index, [`UNSET`] until set; [`SparseMap::reset`] unsets what was set since the
/// last reset. The storage grows to the largest length asked for and is kept between uses.
#[derive(Debug, Default)]
pub(super) struct SparseMap {
    values: Vec<u32>,
    /// The indices set since the last reset, each once.
    touched: Vec<u32>,
}

impl SparseMap {
    /// Unsets everything set since the last reset, and makes room for indices below `len`.
    pub(super) fn reset(&mut self, len: usize) {
        for at in self.touched.drain(..) {
            self.values[at as usize] = UNSET;
        }
        if self.values.len() < len {
            self.values.resize(len, UNSET);
        }
    }

    /// The value at `at`, [`UNSET`] if none.
    pub(super) fn get(&self, at: usize) -> u32 {
        self.values[at]
    }

    /// Sets the value at `at` (below the length of the last reset) to `value`, not [`UNSET`].
    pub(super) fn set(&mut self, at: usize, value: u32) {
        debug_assert_ne!(value, UNSET);
        if self.values[at] == UNSET {
            self.touched.push(at as u32);
        }
        self.values[at] = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reset unsets exactly what was set, however often it was set, and keeps the room.
    #[test]
    fn a_reset_unsets_what_was_set() {
        let mut map = SparseMap::default();
        map.reset(10);
        map.set(3, 7);
        map.set(3, 5);
        map.set(9, 0);
        assert_eq!((map.get(3), map.get(9), map.get(4)), (5, 0, UNSET));
        assert_eq!(map.touched.len(), 2);
        map.reset(4);
        assert!((0..10).all(|at| map.get(at) == UNSET));
        assert!(map.touched.is_empty());
        map.set(8, 1);
        assert_eq!(map.get(8), 1);
    }
}
