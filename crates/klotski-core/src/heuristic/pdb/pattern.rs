//! What a pattern database is of: a board, its blank count and one group of 1x1 tiles' goal
//! cells, and how the table of that group is indexed.

/// Largest number of index bits (tiles and blanks together) a cell-indexed build may use: its
/// visited set takes `2^bits` bits.
pub const MAX_STATE_BITS: u32 = 28;

/// How a table is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Indexing {
    /// One entry per `bits`-bit field of each tile's cell, unused combinations included: a move
    /// changes the index by one shifted difference, with no ranking at all.
    Cells,
    /// One entry per placement, numbered by its rank among the `n!/(n-k)!` placements of `k`
    /// tiles on `n` cells ([`Ranker`]): 8 tiles of the 4x4 board take 519 MB instead of 4 GiB,
    /// for a few bit counts a lookup. One blank only.
    Ranked,
}

/// How a table stores its entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// A byte an entry: the moves themselves.
    Bytes,
    /// Four bits an entry, two a byte (the even entry in the low half): half the moves beyond
    /// the group's Manhattan distance, which is read from the index and added back at lookup.
    /// The excess is even, since every move of a group's tile takes it one step nearer its
    /// goal or one farther; an excess past 30 is stored as 30, which only lowers the bound.
    /// [`Indexing::Ranked`] only.
    Nibbles,
}

/// What a database is of: the board size, its blank count and the goal cells of its tiles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Blanks on the board; in the goal they fill the last cells.
    pub blanks: usize,
    /// Goal cells of the group's tiles; a tile's place in this list fixes its index bits.
    pub cells: Vec<usize>,
    /// How its table is indexed.
    pub indexing: Indexing,
    /// How its table stores an entry.
    pub encoding: Encoding,
}

impl Pattern {
    /// A group laid out by cells.
    pub fn new(rows: usize, cols: usize, blanks: usize, cells: Vec<usize>) -> Pattern {
        Pattern {
            rows,
            cols,
            blanks,
            cells,
            indexing: Indexing::Cells,
            encoding: Encoding::Bytes,
        }
    }

    /// The same group laid out by rank.
    pub fn ranked(self) -> Pattern {
        Pattern {
            indexing: Indexing::Ranked,
            ..self
        }
    }

    /// The same ranked group stored in [`Encoding::Nibbles`].
    pub fn in_nibbles(self) -> Pattern {
        assert_eq!(self.indexing, Indexing::Ranked, "nibbles are ranked");
        Pattern {
            encoding: Encoding::Nibbles,
            ..self
        }
    }

    /// Bits that hold one cell number.
    pub fn bits(&self) -> u32 {
        cell_bits(self.rows * self.cols)
    }

    /// Entries of the finished table (a build makes a byte of each).
    pub fn entries(&self) -> usize {
        match self.indexing {
            Indexing::Cells => 1 << (self.bits() as usize * self.cells.len()),
            Indexing::Ranked => self.placements(),
        }
    }

    /// Bytes of the finished table as it is stored, on disk and in memory.
    pub fn table_bytes(&self) -> usize {
        match self.encoding {
            Encoding::Bytes => self.entries(),
            Encoding::Nibbles => self.entries().div_ceil(2),
        }
    }

    /// Placements of the group's tiles on distinct cells: `n!/(n-k)!`.
    pub fn placements(&self) -> usize {
        let n = self.rows * self.cols;
        (n - self.cells.len() + 1..=n).product()
    }

    /// States a build visits at most: each placement times a cell per blank (the blank's region
    /// is named by one of its cells).
    pub fn build_states(&self) -> usize {
        let free = self.rows * self.cols - self.cells.len();
        self.placements()
            .saturating_mul(free.pow(self.blanks as u32))
    }

    /// Peak bytes a build holds: the table a byte an entry, a bound on its working set (2 bits
    /// per state of a placement and a region of the blank, for up to 4 regions per placement),
    /// and the table stored as it is stored (its own copy, in nibbles).
    pub fn build_bytes(&self) -> usize {
        let stored = match self.encoding {
            Encoding::Bytes => 0,
            Encoding::Nibbles => self.table_bytes(),
        };
        self.entries() + self.placements() + stored
    }

    /// The index of the goal placement (every tile on its own goal cell), as
    /// [`PatternDb::at`](super::PatternDb::at) takes it.
    pub fn goal_index(&self) -> usize {
        let bits = self.bits();
        self.cells
            .iter()
            .enumerate()
            .map(|(i, &c)| c << (i as u32 * bits))
            .sum()
    }

    /// A name that tells patterns apart, usable as a file name.
    pub fn key(&self) -> String {
        let cells: Vec<String> = self.cells.iter().map(usize::to_string).collect();
        format!(
            "pdb-{}x{}-b{}-{}{}{}",
            self.rows,
            self.cols,
            self.blanks,
            cells.join("."),
            match self.indexing {
                Indexing::Cells => "",
                Indexing::Ranked => "-ranked",
            },
            match self.encoding {
                Encoding::Bytes => "",
                Encoding::Nibbles => "-n4",
            }
        )
    }
}

/// Bits that hold a cell number of a board with `cells` cells.
pub fn cell_bits(cells: usize) -> u32 {
    usize::BITS - (cells - 1).max(1).leading_zeros()
}

/// Most tiles a ranked group may hold: the 7-8 split's largest group is 8, and a table of 16
/// tiles would not fit in memory anyway.
const MAX_RANKED_TILES: usize = 16;

/// Numbers placements of a group's tiles (given as `bits`-bit cell fields) densely: the Lehmer
/// code of the partial permutation, each tile's cell counted among the cells the tiles before
/// it left free.
#[derive(Clone, Copy, Debug)]
pub struct Ranker {
    cells: usize,
    tiles: usize,
    bits: u32,
    /// Per tile: what one cell of its count weighs in the rank (the placements of the tiles
    /// after it).
    weights: [usize; MAX_RANKED_TILES],
    /// [`rank_counting`] on the group's [`Shape`], or the same compiled for the processor's
    /// population count where it has one (the lookups of the 24-puzzle's tables spend most of
    /// their time ranking); on boards past 64 cells, [`rank_by_list`].
    rank_with: fn(&Ranker, usize) -> usize,
}

impl Ranker {
    /// The ranker of an [`Indexing::Ranked`] pattern, `None` for other indexings.
    pub fn of(pattern: &Pattern) -> Option<Ranker> {
        (pattern.indexing == Indexing::Ranked).then(|| {
            let tiles = pattern.cells.len();
            assert!(tiles <= MAX_RANKED_TILES, "too many tiles to rank");
            let cells = pattern.rows * pattern.cols;
            let bits = pattern.bits();
            Ranker {
                cells,
                tiles,
                bits,
                weights: weights(tiles, cells),
                rank_with: if cells > 64 {
                    rank_by_list
                } else {
                    fixed(tiles, bits, cells).unwrap_or_else(counting::<AnyShape>)
                },
            }
        })
    }

    /// The rank of the placement whose tile `i` stands on the cell in bits `i * bits..`.
    ///
    /// Out of line (called through a pointer): inlined into every lookup, it slowed the
    /// searches on cell-indexed tables (which never call it).
    #[inline]
    pub fn rank(&self, fields: usize) -> usize {
        (self.rank_with)(self, fields)
    }
}

/// What one cell of each of `tiles` tiles' counts weighs in the rank on `cells` cells: the
/// placements of the tiles after it.
const fn weights(tiles: usize, cells: usize) -> [usize; MAX_RANKED_TILES] {
    let mut weights = [0; MAX_RANKED_TILES];
    let mut i = tiles;
    let mut weight = 1;
    while i > 0 {
        i -= 1;
        weights[i] = weight;
        // Never past the table's own entry count: the first tile's weight times its cells.
        if i > 0 {
            weight *= cells - i;
        }
    }
    weights
}

/// A group's shape as [`ranked_by_mask`] reads it: from the ranker at run time
/// ([`AnyShape`]), or fixed when compiled ([`Fixed`]), which unrolls the ranking with each
/// tile's weight a constant (the prebuilt tables' groups, whose lookups spend most of a walk's
/// time).
trait Shape {
    fn tiles(ranker: &Ranker) -> usize;
    fn bits(ranker: &Ranker) -> u32;
    fn weight(ranker: &Ranker, tile: usize) -> usize;
}

/// The shape the ranker holds.
struct AnyShape;

impl Shape for AnyShape {
    #[inline(always)]
    fn tiles(ranker: &Ranker) -> usize {
        ranker.tiles
    }
    #[inline(always)]
    fn bits(ranker: &Ranker) -> u32 {
        ranker.bits
    }
    #[inline(always)]
    fn weight(ranker: &Ranker, tile: usize) -> usize {
        ranker.weights[tile]
    }
}

/// `TILES` tiles on `CELLS` cells, `BITS` bits a field.
struct Fixed<const TILES: usize, const BITS: u32, const CELLS: usize>;

impl<const TILES: usize, const BITS: u32, const CELLS: usize> Fixed<TILES, BITS, CELLS> {
    const WEIGHTS: [usize; MAX_RANKED_TILES] = weights(TILES, CELLS);
}

impl<const TILES: usize, const BITS: u32, const CELLS: usize> Shape for Fixed<TILES, BITS, CELLS> {
    #[inline(always)]
    fn tiles(_: &Ranker) -> usize {
        TILES
    }
    #[inline(always)]
    fn bits(_: &Ranker) -> u32 {
        BITS
    }
    #[inline(always)]
    fn weight(_: &Ranker, tile: usize) -> usize {
        Self::WEIGHTS[tile]
    }
}

/// The ranking of the prebuilt tables' groups (the 24-puzzle's six tiles of 25 cells, the
/// 15-puzzle's seven and eight of 16) on their [`Fixed`] shape; `None` for other groups.
fn fixed(tiles: usize, bits: u32, cells: usize) -> Option<fn(&Ranker, usize) -> usize> {
    macro_rules! shapes {
        ($(($tiles:literal, $bits:literal, $cells:literal)),*) => {
            match (tiles, bits, cells) {
                $(($tiles, $bits, $cells) => Some(counting::<Fixed<$tiles, $bits, $cells>>()),)*
                _ => None,
            }
        };
    }
    shapes!((6, 5, 25), (7, 4, 16), (8, 4, 16))
}

/// The rank of `fields` (as [`Ranker::rank`] takes them) on at most 64 cells: each tile's
/// cell less the cells below it that the tiles before it took, counted in a mask of them,
/// times the tile's weight. The tiles' terms do not depend on each other's products, so they
/// are worked out side by side.
#[inline(always)]
fn ranked_by_mask<S: Shape>(ranker: &Ranker, fields: usize) -> usize {
    let bits = S::bits(ranker);
    let mask = (1 << bits) - 1;
    let mut taken = 0u64;
    let mut rank = 0;
    for i in 0..S::tiles(ranker) {
        let cell = (fields >> (i as u32 * bits)) & mask;
        let before = (taken & ((1u64 << cell) - 1)).count_ones() as usize;
        rank += (cell - before) * S::weight(ranker, i);
        taken |= 1 << cell;
    }
    rank
}

/// The rank of `fields` on any board: each tile's cell less those of the tiles before it
/// below it, counted in a list of them.
#[inline(never)]
fn rank_by_list(ranker: &Ranker, fields: usize) -> usize {
    let mask = (1 << ranker.bits) - 1;
    let mut placed = [0usize; MAX_RANKED_TILES];
    let mut rank = 0;
    for i in 0..ranker.tiles {
        let cell = (fields >> (i as u32 * ranker.bits)) & mask;
        let before = placed[..i].iter().filter(|&&c| c < cell).count();
        rank = rank * (ranker.cells - i) + cell - before;
        placed[i] = cell;
    }
    rank
}

/// [`ranked_by_mask`] as any processor runs it.
#[inline(never)]
fn rank_counting<S: Shape>(ranker: &Ranker, fields: usize) -> usize {
    ranked_by_mask::<S>(ranker, fields)
}

/// The ranking function for this processor and shape: with the population count instruction
/// where it has one (twice as fast), else [`rank_counting`]. Both give the same ranks.
fn counting<S: Shape>() -> fn(&Ranker, usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        return rank_with_popcnt::<S>;
    }
    rank_counting::<S>
}

/// [`ranked_by_mask`] compiled for the population count instruction.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn rank_with_popcnt<S: Shape>(ranker: &Ranker, fields: usize) -> usize {
    #[target_feature(enable = "popcnt")]
    fn ranked<S: Shape>(ranker: &Ranker, fields: usize) -> usize {
        ranked_by_mask::<S>(ranker, fields)
    }
    // SAFETY: `counting` hands this function out only where the processor has popcnt.
    unsafe { ranked::<S>(ranker, fields) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_the_placements_densely_on_every_processor() {
        // Three tiles of the 3x3 board: 9 * 8 * 7 placements, ranked 0..504 in Lehmer order.
        let ranker = Ranker::of(&Pattern::new(3, 3, 1, vec![0, 1, 2]).ranked()).unwrap();
        let mut seen = vec![false; 504];
        for (a, b, c) in
            (0..9).flat_map(|a| (0..9).flat_map(move |b| (0..9).map(move |c| (a, b, c))))
        {
            if a == b || b == c || a == c {
                continue;
            }
            let fields = a | b << 4 | c << 8;
            let rank = ranker.rank(fields);
            let lehmer =
                a * 56 + (b - usize::from(a < b)) * 7 + c - usize::from(a < c) - usize::from(b < c);
            assert_eq!(rank, lehmer, "{a} {b} {c}");
            assert_eq!(rank_counting::<AnyShape>(&ranker, fields), rank);
            assert_eq!(rank_by_list(&ranker, fields), rank);
            assert!(!std::mem::replace(&mut seen[rank], true));
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn the_prebuilt_groups_rank_as_every_other_group_does() {
        let mut rng = crate::rng::Rng::new(5);
        for (rows, tiles) in [(5, 6), (4, 7), (4, 8)] {
            let cells = rows * rows;
            let pattern = Pattern::new(rows, rows, 1, (0..tiles).collect()).ranked();
            let ranker = Ranker::of(&pattern).unwrap();
            let fast = fixed(tiles, pattern.bits(), cells).expect("a prebuilt group's shape");
            for _ in 0..10_000 {
                let mut board: Vec<usize> = (0..cells).collect();
                rng.shuffle(&mut board);
                let fields = (board[..tiles].iter().enumerate())
                    .map(|(i, &cell)| cell << (i as u32 * pattern.bits()))
                    .sum();
                assert_eq!(
                    fast(&ranker, fields),
                    rank_counting::<AnyShape>(&ranker, fields)
                );
                assert_eq!(ranker.rank(fields), rank_by_list(&ranker, fields));
            }
        }
        assert!(fixed(5, 5, 25).is_none(), "only the prebuilt shapes");
    }
}
