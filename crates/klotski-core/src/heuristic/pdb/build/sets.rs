//! The layout of a one-blank table's states: the board's `k`-cell sets numbered in colex
//! order, and per set the regions of the cells off it, each region a vector of states.

use super::neighbours;
use super::numbering::{MAX_TILES, below, members, one};

/// The `k`-cell sets of a `rows` x `cols` board and their region vectors.
pub(super) struct Sets {
    n: usize,
    k: usize,
    /// How many sets there are.
    count: usize,
    /// `choose[c][j]`: `c` choose `j`.
    choose: Vec<[usize; MAX_TILES + 2]>,
    /// The cells of the first column, of the last, and the step from a row to the next (0 on a
    /// board of one row).
    first_col: u128,
    last_col: u128,
    row: usize,
    /// Per cell, its neighbours.
    pub adjacent: Vec<u128>,
    /// Per set, its first region vector (and, at the end, the vector count).
    pub vectors: Vec<u32>,
}

impl Sets {
    /// The `count` sets of `k` cells of a `rows` x `cols` board, their regions numbered.
    pub fn new(rows: usize, cols: usize, k: usize, count: usize) -> Sets {
        let n = rows * cols;
        let mut choose = vec![[0usize; MAX_TILES + 2]; n + 1];
        for c in 0..=n {
            choose[c][0] = 1;
            for j in 1..=k + 1 {
                if c > 0 {
                    choose[c][j] = choose[c - 1][j - 1].saturating_add(choose[c - 1][j]);
                }
            }
        }
        let first_col = (0..rows).fold(0, |m, r| m | one(r * cols));
        let adjacent = (neighbours(rows, cols).iter())
            .map(|around| around.iter().flatten().fold(0, |m, &c| m | one(c)))
            .collect();
        let mut sets = Sets {
            n,
            k,
            count,
            choose,
            first_col,
            last_col: first_col << (cols - 1),
            row: if rows > 1 { cols } else { 0 },
            adjacent,
            vectors: vec![0u32],
        };
        for set in sets.all() {
            let vectors = sets.vectors.last().copied().unwrap_or(0) as usize;
            let vectors = vectors + sets.regions(set).count();
            (sets.vectors).push(u32::try_from(vectors).expect("region vectors fit a u32"));
        }
        sets
    }

    /// The number of `set` in colex order.
    pub fn colex(&self, set: u128) -> usize {
        (members(set).enumerate())
            .map(|(p, c)| self.choose[c][p + 1])
            .sum()
    }

    /// The regions of the cells off `set`, by their lowest cell.
    pub fn regions(&self, set: u128) -> impl Iterator<Item = u128> + use<> {
        let (first_col, last_col, row) = (self.first_col, self.last_col, self.row);
        let open = below(self.n) & !set;
        let mut left = open;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let mut region = left & left.wrapping_neg();
                loop {
                    let grown = (region
                        | (region << 1 & !first_col)
                        | (region >> 1 & !last_col)
                        | region << row
                        | region >> row)
                        & open;
                    if grown == region {
                        left &= !region;
                        return region;
                    }
                    region = grown;
                }
            })
        })
    }

    /// The sets in colex order: the `k`-bit masks in increasing order (Gosper).
    pub fn all(&self) -> impl Iterator<Item = u128> + use<> {
        std::iter::successors(Some(below(self.k)), |&set| {
            let low = set & set.wrapping_neg();
            let ripple = set.checked_add(low)?;
            Some(ripple | ((set ^ ripple) >> (2 + low.trailing_zeros())))
        })
        .take(self.count)
    }

    /// The region vector of `set` whose region holds `cell`, a cell off the set.
    pub fn vector(&self, set: u128, cell: usize) -> usize {
        self.vectors[self.colex(set)] as usize
            + (self.regions(set))
                .position(|region| region & one(cell) != 0)
                .expect("a free cell is in a region")
    }

    /// How many region vectors there are.
    pub fn vector_count(&self) -> usize {
        self.vectors.last().copied().unwrap_or(0) as usize
    }
}
