//! A set of board cells as a bitset sized to the board: the crates of the board a Tipover
//! search is looking at.

/// Cells `0..capacity` as a bitset; `capacity` is fixed when the set is made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet(Vec<u64>);

impl CellSet {
    /// An empty set of cells `0..capacity`.
    pub fn with_capacity(capacity: usize) -> CellSet {
        CellSet(vec![0; capacity.div_ceil(64)])
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// Makes this set equal to `other`, which has the same capacity, without allocating.
    pub fn copy_from(&mut self, other: &CellSet) {
        self.0.copy_from_slice(&other.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_agree_with_a_plain_list() {
        let mut a = CellSet::with_capacity(1000);
        for cell in [3, 64, 200, 255, 999] {
            a.insert(cell);
        }
        assert!(a.contains(999) && a.contains(64) && !a.contains(254));
        a.remove(64);
        let members: Vec<usize> = (0..1000).filter(|&c| a.contains(c)).collect();
        assert_eq!(members, [3, 200, 255, 999]);
        let mut b = CellSet::with_capacity(1000);
        b.copy_from(&a);
        assert_eq!(a, b);
    }
}
