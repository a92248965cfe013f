//! Tables of 4 bits an entry ([`Encoding::Nibbles`]): a built table (a byte an entry, by rank)
//! packed as half the excess of each entry over its group's Manhattan distance, and the
//! distance added back at lookup.
//!
//! Invariant: a packed entry never reads more than the byte it came from, so a table packed
//! from an admissible one is admissible.

use super::pattern::{Encoding, Indexing, Pattern};

/// Most cells of a board whose tables may be packed (a cell's distance is kept per cell).
const MAX_CELLS: usize = 64;

/// The largest half-excess four bits hold.
const MOST: u8 = 15;

/// Per tile of a group (in [`Pattern::cells`] order): its Manhattan distance from each cell
/// to its goal cell.
#[derive(Clone, Debug)]
pub(super) struct Distances {
    per_tile: Vec<[u8; MAX_CELLS]>,
    bits: u32,
}

impl Distances {
    /// The distances of `pattern`'s tiles.
    pub(super) fn of(pattern: &Pattern) -> Distances {
        let cells = pattern.rows * pattern.cols;
        assert!(cells <= MAX_CELLS, "a board of at most {MAX_CELLS} cells");
        let cols = pattern.cols;
        let per_tile = (pattern.cells.iter())
            .map(|&goal| {
                std::array::from_fn(|cell| {
                    let rows = (cell / cols).abs_diff(goal / cols);
                    let across = (cell % cols).abs_diff(goal % cols);
                    (rows + across) as u8
                })
            })
            .collect();
        Distances {
            per_tile,
            bits: pattern.bits(),
        }
    }

    /// The distances of `pattern`'s tiles when its table is in [`Encoding::Nibbles`].
    pub(super) fn of_encoded(pattern: &Pattern) -> Option<Distances> {
        (pattern.encoding == Encoding::Nibbles).then(|| Distances::of(pattern))
    }

    /// The group's Manhattan distance with tile `i` on the cell in bits `i * bits..` of
    /// `fields` (as [`PatternDb::at`](super::PatternDb::at) takes them).
    #[inline]
    pub(super) fn sum(&self, fields: usize) -> u8 {
        let mask = (1 << self.bits) - 1;
        let mut sum = 0;
        for (i, distance) in self.per_tile.iter().enumerate() {
            sum += distance[(fields >> (i as u32 * self.bits)) & mask];
        }
        sum
    }
}

/// The half-excess at `rank` of a packed table.
#[inline]
pub(super) fn half_excess(packed: &[u8], rank: usize) -> u8 {
    (packed[byte_of(rank)] >> ((rank & 1) * 4)) & MOST
}

/// The byte of a packed table that holds the entry at `rank`.
#[inline]
pub(super) fn byte_of(rank: usize) -> usize {
    rank / 2
}

/// The table of `pattern` (ranked, [`Encoding::Nibbles`]) packed from `table`, its entries a
/// byte each by rank. An excess too large for four bits is stored as the largest they hold.
pub(super) fn pack(pattern: &Pattern, table: &[u8]) -> Vec<u8> {
    pack_counting(pattern, table).0
}

/// [`pack`], and how many entries were stored lower than they were.
fn pack_counting(pattern: &Pattern, table: &[u8]) -> (Vec<u8>, usize) {
    assert_eq!(
        (pattern.indexing, pattern.encoding),
        (Indexing::Ranked, Encoding::Nibbles),
        "a ranked table in nibbles"
    );
    assert_eq!(table.len(), pattern.entries(), "a table of the pattern");
    let mut packed = vec![0u8; pattern.table_bytes()];
    let mut packer = Packer {
        distances: Distances::of(pattern),
        cells: pattern.rows * pattern.cols,
        table,
        packed: &mut packed,
        rank: 0,
        lowered: 0,
    };
    packer.place(0, 0, 0);
    debug_assert_eq!(packer.rank, table.len(), "every placement ranked");
    let lowered = packer.lowered;
    (packed, lowered)
}

/// Walks the placements of a group in rank order, packing each one's entry.
struct Packer<'a> {
    distances: Distances,
    cells: usize,
    table: &'a [u8],
    packed: &'a mut [u8],
    /// The rank of the next placement.
    rank: usize,
    /// Entries whose excess did not fit.
    lowered: usize,
}

impl Packer<'_> {
    /// Places tile `i` and those after it on every free cell of `taken`, the tiles before it
    /// `distance` from home. Ranks grow with each tile's cell among those the tiles before it
    /// left free, the first tile's most significant: the free cells in increasing order,
    /// nested, number the placements in rank order.
    fn place(&mut self, i: usize, taken: u64, distance: u8) {
        if i == self.distances.per_tile.len() {
            let entry = self.table[self.rank];
            // Even by parity; a build's entry is never below the distance.
            let half = entry.saturating_sub(distance) / 2;
            self.lowered += usize::from(half > MOST);
            let half = half.min(MOST);
            self.packed[byte_of(self.rank)] |= half << ((self.rank & 1) * 4);
            self.rank += 1;
            return;
        }
        for cell in 0..self.cells {
            if taken & (1 << cell) == 0 {
                let moved = distance + self.distances.per_tile[i][cell];
                self.place(i + 1, taken | 1 << cell, moved);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{PatternDb, build};
    use super::*;

    /// Every placement reads the same from the packed table as from the bytes it was packed
    /// from, on tables whose excess fits in four bits.
    fn packs_losslessly(pattern: Pattern) {
        let bytes = build::build(&pattern, 2, &|_| true).expect("never stopped");
        let db = PatternDb::new(pattern.clone().in_nibbles(), bytes.clone());
        assert_eq!(db.table().len(), bytes.len().div_ceil(2));
        let ranker = super::super::pattern::Ranker::of(&pattern).expect("ranked");
        let (cells, bits) = (pattern.rows * pattern.cols, pattern.bits());
        let mut checked = 0;
        let mut fields = vec![0usize];
        for _ in &pattern.cells {
            fields = (fields.iter())
                .flat_map(|&f| (0..cells).map(move |c| (f, c)))
                .map(|(f, c)| f << bits | c)
                .collect();
        }
        for f in fields {
            // Fields are built last tile first: turn them round into tile i at bits i * bits.
            let cells_of: Vec<usize> = (0..pattern.cells.len())
                .map(|i| (f >> ((pattern.cells.len() - 1 - i) as u32 * bits)) & ((1 << bits) - 1))
                .collect();
            let mut sorted = cells_of.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() < cells_of.len() {
                continue;
            }
            let index = (cells_of.iter().enumerate())
                .map(|(i, &c)| c << (i as u32 * bits))
                .sum::<usize>();
            assert_eq!(db.at(index), bytes[ranker.rank(index)], "{cells_of:?}");
            checked += 1;
        }
        assert_eq!(checked, pattern.entries());
    }

    #[test]
    fn packed_tables_read_as_their_bytes() {
        packs_losslessly(Pattern::new(3, 3, 1, vec![0, 1, 2, 3]).ranked());
        packs_losslessly(Pattern::new(4, 4, 1, vec![0, 1, 4, 5]).ranked());
        packs_losslessly(Pattern::new(3, 4, 1, vec![3, 6, 7]).ranked());
    }

    #[test]
    fn an_excess_past_four_bits_is_stored_lower() {
        // Made-up entries far above the distances: each reads 30 over its distance.
        let pattern = Pattern::new(3, 3, 1, vec![0, 1]).ranked().in_nibbles();
        let bytes = vec![100u8; pattern.entries()];
        let (packed, lowered) = pack_counting(&pattern, &bytes);
        assert_eq!(lowered, pattern.entries());
        assert!((0..pattern.entries()).all(|rank| half_excess(&packed, rank) == MOST));
    }

    /// The 24-puzzle's 6-tile tables (both splits) fit four bits everywhere: packing them
    /// loses nothing. Builds eight tables of 127.5 MB: run with `--ignored`.
    #[test]
    #[ignore]
    fn the_twenty_four_puzzle_tables_fit_in_nibbles() {
        for pattern in super::super::prebuilt_tables(5, 5) {
            let bytes_pattern = Pattern {
                encoding: Encoding::Bytes,
                ..pattern.clone()
            };
            let bytes = build::build(&bytes_pattern, 2, &|_| true).expect("never stopped");
            let (_, lowered) = pack_counting(&pattern, &bytes);
            assert_eq!(lowered, 0, "{pattern:?}");
        }
    }
}
