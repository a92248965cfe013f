//! A fixed-size set of board cells: the crate layout inside a Tipover search state.

/// Cells `0..CellSet::CAPACITY` as a bitset, small enough to copy and hash per state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// How many cells a set can name; boards with more cells are refused by the parser.
    pub const CAPACITY: usize = 256;

    /// Whether `cell` is in the set.
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// Adds `cell`.
    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Removes `cell`.
    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// The cells in either set.
    pub fn union(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The cells in both sets.
    pub fn intersection(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The cells in `self` but not in `other`.
    pub fn minus(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// Whether no cell is in both sets.
    pub fn is_disjoint(&self, other: &CellSet) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & b == 0)
    }

    /// The smallest cell in the set.
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }

    /// Removes and returns the smallest cell.
    pub fn pop_first(&mut self) -> Option<usize> {
        // A fixed loop the compiler unrolls, so the words can stay in registers.
        for (i, word) in self.0.iter_mut().enumerate() {
            if *word != 0 {
                let cell = i * 64 + word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(cell);
            }
        }
        None
    }

    /// The cells, smallest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut rest = self;
        std::iter::from_fn(move || rest.pop_first())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_agree_with_a_plain_list() {
        let mut a = CellSet::default();
        for cell in [3, 64, 200, 255] {
            a.insert(cell);
        }
        let mut b = CellSet::default();
        b.insert(64);
        b.insert(100);
        assert!(a.contains(255) && !a.contains(254));
        assert_eq!(a.first(), Some(3));
        assert!(!a.is_disjoint(&b));
        assert_eq!(a.minus(b).first(), Some(3));
        let mut only_high = a.minus(b);
        only_high.remove(3);
        assert_eq!(only_high.first(), Some(200));
        assert!(only_high.is_disjoint(&b));
        assert_eq!(a.union(b).minus(a).first(), Some(100));
        assert_eq!(a.intersection(b).iter().collect::<Vec<_>>(), [64]);
        assert_eq!(CellSet::default().first(), None);
        assert_eq!(a.iter().collect::<Vec<_>>(), [3, 64, 200, 255]);
        let mut popped = a;
        assert_eq!(popped.pop_first(), Some(3));
        assert_eq!(popped.first(), Some(64));
    }
}
