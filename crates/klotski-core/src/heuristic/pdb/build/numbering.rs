//! How the builder numbers placements: a placement of a group's tiles is a set of cells and a
//! permutation (which tile is on which), each numbered by its Lehmer code, and a move of a tile
//! either keeps the permutation (same order) or renumbers it by a small table ([`Shift`]).
/// Most tiles a group may have.
pub(super) const MAX_TILES: usize = 28;

/// The set of `cell` alone.
pub(super) fn one(cell: usize) -> u128 {
    1 << cell
}

/// The cells below `cell` (all of them at 128).
pub(super) fn below(cell: usize) -> u128 {
    if cell < 128 { one(cell) - 1 } else { !0 }
}

/// The cells of `cells`, in increasing order.
pub(super) fn members(mut cells: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (cells != 0).then(|| {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            cell
        })
    })
}

/// The Lehmer numbering of the placements of `k` tiles on `n` cells (as [`Ranker`](super::super::pattern::Ranker) numbers them):
/// tile `i`'s digit is its cell counted among the cells the tiles before it left free, of
/// radix `n - i`, the first tile's digit the most significant. With `n == k` it numbers the
/// permutations of `k` values, a value's digit counting the smaller values after it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Numbering {
    pub(super) n: usize,
    pub(super) k: usize,
    /// Per tile, what one of its digit is worth.
    pub(super) weight: [usize; MAX_TILES],
    /// Placements.
    pub(super) count: usize,
}

/// A placement (or permutation) taken apart: its rank, digits and cells (or values).
pub(super) struct Unranked {
    pub(super) rank: usize,
    pub(super) digit: [usize; MAX_TILES],
    pub(super) cell: [usize; MAX_TILES],
}

impl Numbering {
    pub(super) fn new(n: usize, k: usize) -> Numbering {
        let mut weight = [0; MAX_TILES];
        let mut count = 1usize;
        for i in (0..k).rev() {
            weight[i] = count;
            count = count.checked_mul(n - i).expect("too many placements");
        }
        Numbering {
            n,
            k,
            weight,
            count,
        }
    }

    /// The rank of the placement with tile `i` on `cells[i]`.
    pub(super) fn rank(&self, cells: &[usize]) -> usize {
        let mut taken = 0;
        let mut rank = 0;
        for (i, &cell) in cells.iter().enumerate() {
            rank += (cell - (taken & below(cell)).count_ones() as usize) * self.weight[i];
            taken |= one(cell);
        }
        rank
    }

    /// The placement of rank `rank`.
    pub(super) fn unrank(&self, rank: usize) -> Unranked {
        let mut at = Unranked {
            rank,
            digit: [0; MAX_TILES],
            cell: [0; MAX_TILES],
        };
        let mut free = below(self.n);
        for i in 0..self.k {
            at.digit[i] = rank / self.weight[i] % (self.n - i);
            at.cell[i] = members(free).nth(at.digit[i]).expect("a free cell");
            free &= !one(at.cell[i]);
        }
        at
    }

    /// The rank of permutation `at` with the value at position `p` moved to position `q`, the
    /// values between shifting over: only the digits from `p` to `q` change.
    pub(super) fn shifted(&self, at: &Unranked, p: usize, q: usize) -> usize {
        let (x, w, d, value) = (at.cell[p], &self.weight, &at.digit, &at.cell);
        // The rank is kept as what it gains less what it loses, neither going negative.
        let (mut gain, mut loss) = (at.rank, d[p] * w[p]);
        let mut smaller = 0;
        if p < q {
            // Each value passed moves up a place and now has `x` after it.
            for m in p + 1..=q {
                loss += d[m] * w[m];
                gain += (d[m] + usize::from(x < value[m])) * w[m - 1];
                smaller += usize::from(value[m] < x);
            }
            gain + (d[p] - smaller) * w[q] - loss
        } else {
            // Each value passed moves down a place and no longer has `x` after it.
            for m in q..p {
                loss += d[m] * w[m];
                gain += (d[m] - usize::from(x < value[m])) * w[m + 1];
                smaller += usize::from(value[m] < x);
            }
            gain + (d[p] + smaller) * w[q] - loss
        }
    }
}

/// A move out of a set's region: the tile at position `p` (in cell order) steps to a cell of
/// the region where it is at position `q` of the new set, and the blank is then in region
/// vector `target`. The child of permutation `π` is `π` with its value at `p` moved to `q`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Move {
    pub(super) target: u32,
    pub(super) p: u8,
    pub(super) q: u8,
}

/// How moving the value at position `p` of a permutation to position `q` renumbers it: the
/// digits before both positions stay, so it is the same renumbering of the suffixes in every
/// block of `block` ranks (`(k - min(p, q))!`, what those digits take), tabled when not huge.
pub(super) struct Shift {
    pub(super) p: usize,
    pub(super) q: usize,
    pub(super) block: usize,
    /// `ceil(2^64 / block)`, for the division.
    pub(super) magic: u128,
    pub(super) table: Vec<u32>,
}

impl Shift {
    pub(super) fn new(perms: &Numbering, p: usize, q: usize, tabled: usize) -> Shift {
        let block = perms.weight[p.min(q)] * (perms.k - p.min(q));
        let table = if block <= tabled {
            let shift = |rank| perms.shifted(&perms.unrank(rank), p, q) as u32;
            (0..block).map(shift).collect()
        } else {
            Vec::new()
        };
        Shift {
            p,
            q,
            block,
            magic: (1u128 << 64).div_ceil(block as u128),
            table,
        }
    }

    /// Sets in `out` the bits of the permutations of `bits` (a vector, a bit per permutation)
    /// shifted; returns the range of words it may have touched.
    pub(super) fn apply(
        &self,
        perms: &Numbering,
        bits: &[u64],
        out: &mut [u64],
    ) -> std::ops::Range<usize> {
        let (block, table) = (self.block, &self.table[..]);
        let (mut low, mut high) = (usize::MAX, 0);
        for (w, &word) in bits.iter().enumerate().filter(|&(_, &word)| word != 0) {
            // The block of the word's first permutation; later ones may be in later blocks.
            let mut start = (((64 * w) as u128 * self.magic) >> 64) as usize * block;
            low = low.min(start / 64);
            let mut left = word;
            while left != 0 {
                let perm = 64 * w + left.trailing_zeros() as usize;
                left &= left - 1;
                let mut suffix = perm - start;
                while suffix >= block {
                    (start, suffix) = (start + block, suffix - block);
                }
                let to = match table.get(suffix) {
                    Some(&to) => start + to as usize,
                    None => perms.shifted(&perms.unrank(perm), self.p, self.q),
                };
                out[to / 64] |= 1 << (to % 64);
            }
            high = high.max((start + block).div_ceil(64));
        }
        low.min(high)..high.min(out.len())
    }
}
