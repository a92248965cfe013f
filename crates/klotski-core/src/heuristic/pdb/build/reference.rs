//! The builders the fast one is checked against: a breadth-first search over the tiles' cells
//! and the blank's region with a visited bit per state, and, slower still, one over the tiles'
//! and the blanks' cells for any number of blanks. Test code only.

use super::neighbours;
use crate::heuristic::pdb::pattern::{MAX_STATE_BITS, Pattern, Ranker};
use crate::search::closed::prefetch;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// The table for one blank. Free moves only wander the blank through the other pieces, so a
/// state is the tiles' cells and the region of non-tile cells the blank is in, named by its
/// lowest cell: about a tenth of the states of tiles and blank cell, and every move costs one.
/// Layers are split between the processor's cores; a state's table entry and visited bit are
/// written the same by whichever core gets there, so the table does not depend on the split.
pub(super) fn build_one_blank(pattern: &Pattern) -> Vec<u8> {
    let ranker = Ranker::of(pattern);
    let threads = 2;
    let (rows, cols) = (pattern.rows, pattern.cols);
    let n = rows * cols;
    let k = pattern.cells.len();
    let bits = pattern.bits();
    let field = (1usize << bits) - 1;
    let tile_bits = bits as usize * k;
    let tile_mask = (1usize << tile_bits) - 1;
    let regions = Regions::new(rows, cols);
    let adjacent: Vec<u128> = neighbours(rows, cols)
        .iter()
        .map(|around| around.iter().flatten().fold(0u128, |m, &c| m | 1 << c))
        .collect();
    let entry = |fields: usize| ranker.map_or(fields, |r| r.rank(fields));
    let table: Vec<AtomicU8> = (0..pattern.entries())
        .map(|_| AtomicU8::new(u8::MAX))
        .collect();
    let visited: Vec<AtomicU64> = (0..(table.len() << bits).div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    // Marks a state (numbered by `entry` and its region's cell) seen; true when it was not yet.
    let visit = |state: usize| {
        let (word, bit) = (&visited[state / 64], 1u64 << (state % 64));
        word.load(Ordering::Relaxed) & bit == 0 && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
    };
    let goal_tiles = pattern.cells.iter().fold(0u128, |m, &c| m | 1 << c);
    let goal_region = regions.lowest(goal_tiles, n - 1);
    let goal_fields = pattern
        .cells
        .iter()
        .enumerate()
        .map(|(i, &c)| c << (i as u32 * bits))
        .sum::<usize>();
    visit(entry(goal_fields) << bits | goal_region);

    // Expands one layer's states at `distance` into the unseen states one move further.
    let expand = |states: &[u64], distance: u8| {
        let mut next = Vec::new();
        let mut tiles = [0usize; MAX_STATE_BITS as usize];
        // Children (state number, layer entry) of one state: their visited bits are fetched
        // side by side before any is tested.
        let mut children = Vec::with_capacity(4 * k);
        for &s in states {
            let s = s as usize;
            let fields = s & tile_mask;
            let slot = &table[entry(fields)];
            if slot.load(Ordering::Relaxed) > distance {
                slot.store(distance, Ordering::Relaxed);
            }
            let mut occupied = 0u128;
            for (i, t) in tiles[..k].iter_mut().enumerate() {
                *t = (fields >> (i as u32 * bits)) & field;
                occupied |= 1 << *t;
            }
            let region = regions.region(occupied, s >> tile_bits);
            children.clear();
            for (i, &from) in tiles[..k].iter().enumerate() {
                let mut targets = adjacent[from] & region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let moved = occupied & !(1 << from) | 1 << to;
                    let lowest = regions.lowest(moved, from);
                    let shift = i as u32 * bits;
                    let child = fields - (from << shift) + (to << shift);
                    let state = entry(child) << bits | lowest;
                    prefetch(&visited[state / 64]);
                    children.push((state, (child | lowest << tile_bits) as u64));
                }
            }
            for &(state, child) in &children {
                if visit(state) {
                    next.push(child);
                }
            }
        }
        next
    };
    let goal = (goal_fields | goal_region << tile_bits) as u64;
    breadth_first_layers(goal, threads, expand);
    table.into_iter().map(AtomicU8::into_inner).collect()
}

/// Runs a breadth-first search layer by layer from `first`, `expand` turning the states of the
/// layer at a distance into the unseen ones a move further, until a layer is empty. A large
/// layer is split between `threads` threads; the next layer is their parts in order.
fn breadth_first_layers(
    first: u64,
    threads: usize,
    expand: impl Fn(&[u64], u8) -> Vec<u64> + Sync,
) {
    let mut layer = vec![first];
    let mut distance = 0u8;
    while !layer.is_empty() {
        layer = if layer.len() < 1 << 16 || threads == 1 {
            expand(&layer, distance)
        } else {
            let share = layer.len().div_ceil(threads);
            std::thread::scope(|scope| {
                let parts: Vec<_> = layer
                    .chunks(share)
                    .map(|part| scope.spawn(|| expand(part, distance)))
                    .collect();
                parts
                    .into_iter()
                    .flat_map(|part| part.join().expect("a build thread panicked"))
                    .collect()
            })
        };
        distance += 1;
    }
}

/// The connected regions of free cells, in which a blank wanders for free.
enum Regions {
    /// Boards of at most [`Regions::TABLED_CELLS`] cells: per set of free cells and per cell,
    /// the lowest cell of its region, and per lowest cell the region. A build asks hundreds of
    /// millions of times, and a lookup in these few MiB is far cheaper than a flood fill.
    Tabled {
        cells: usize,
        lowest: Vec<u8>,
        region: Vec<u16>,
    },
    /// Larger boards: flood fills.
    Flooded {
        cols: usize,
        board: u128,
        first_col: u128,
        last_col: u128,
    },
}

impl Regions {
    const TABLED_CELLS: usize = 16;

    fn new(rows: usize, cols: usize) -> Regions {
        let n = rows * cols;
        let board: u128 = if n == 128 { !0 } else { (1u128 << n) - 1 };
        let first_col = (0..rows).fold(0u128, |m, r| m | 1 << (r * cols));
        let flooded = Regions::Flooded {
            cols,
            board,
            first_col,
            last_col: first_col << (cols - 1),
        };
        if n > Regions::TABLED_CELLS {
            return flooded;
        }
        let mut lowest = vec![0u8; n << n];
        let mut region = vec![0u16; n << n];
        for free in 0..1u128 << n {
            let mut left = free;
            while left != 0 {
                let found = flooded.flood(left & left.wrapping_neg(), free);
                let low = found.trailing_zeros() as usize;
                region[free as usize * n + low] = found as u16;
                let mut cells = found;
                while cells != 0 {
                    lowest[free as usize * n + cells.trailing_zeros() as usize] = low as u8;
                    cells &= cells - 1;
                }
                left &= !found;
            }
        }
        Regions::Tabled {
            cells: n,
            lowest,
            region,
        }
    }

    /// Grows `region` through `free` cells until it stops growing.
    fn flood(&self, mut region: u128, free: u128) -> u128 {
        let Regions::Flooded {
            cols,
            board,
            first_col,
            last_col,
        } = *self
        else {
            unreachable!("only large boards flood")
        };
        loop {
            let grown = (region
                | (region << 1 & !first_col)
                | (region >> 1 & !last_col)
                | region << cols
                | region >> cols)
                & free
                & board;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The region of free `cell` when the cells of `occupied` are taken.
    #[inline]
    fn region(&self, occupied: u128, cell: usize) -> u128 {
        match self {
            Regions::Tabled {
                cells,
                lowest,
                region,
            } => {
                let free = !occupied as usize & ((1 << cells) - 1);
                let low = lowest[free * cells + cell] as usize;
                region[free * cells + low] as u128
            }
            Regions::Flooded { .. } => self.flood(1 << cell, !occupied),
        }
    }

    /// The lowest cell of [`Regions::region`].
    #[inline]
    fn lowest(&self, occupied: u128, cell: usize) -> usize {
        match self {
            Regions::Tabled { cells, lowest, .. } => {
                let free = !occupied as usize & ((1 << cells) - 1);
                lowest[free * cells + cell] as usize
            }
            Regions::Flooded { .. } => self.flood(1 << cell, !occupied).trailing_zeros() as usize,
        }
    }
}

/// The table for any number of blanks: states are the tiles' and the blanks' cells, and a layer
/// is closed under free moves (a blank trading places with an other piece) before the costly
/// ones are taken.
pub(super) fn build_blanks(pattern: &Pattern) -> Vec<u8> {
    let n = pattern.rows * pattern.cols;
    let k = pattern.cells.len();
    let b = pattern.blanks;
    let bits = pattern.bits();
    let mask = (1usize << bits) - 1;
    let neighbours = neighbours(pattern.rows, pattern.cols);
    let mut table = vec![u8::MAX; pattern.entries()];
    let mut visited = vec![0u64; ((1usize << (bits as usize * (k + b))) / 64).max(1)];
    let tile_bits = bits as usize * k;
    // Blanks are kept sorted in the index, so each set of blank cells has one index.
    let encode = |tiles: &[usize], blanks: &mut [usize]| {
        blanks.sort_unstable();
        tiles
            .iter()
            .chain(blanks.iter())
            .enumerate()
            .map(|(i, &c)| c << (i as u32 * bits))
            .sum::<usize>()
    };
    let visit = |visited: &mut [u64], s: usize| {
        let (word, bit) = (s / 64, 1u64 << (s % 64));
        let fresh = visited[word] & bit == 0;
        visited[word] |= bit;
        fresh
    };
    let mut goal_blanks: Vec<usize> = (n - b..n).collect();
    let goal = encode(&pattern.cells, &mut goal_blanks);
    visit(&mut visited, goal);
    let mut layer = vec![goal as u32];
    let mut distance = 0u8;
    let mut cells = [0usize; MAX_STATE_BITS as usize];
    while !layer.is_empty() {
        // Close the layer under free moves first: only then is every state of this distance
        // known, and a costly move may not claim one of them.
        for free in [true, false] {
            let mut next = Vec::new();
            let mut i = 0;
            while i < layer.len() {
                let s = layer[i] as usize;
                i += 1;
                for (j, cell) in cells[..k + b].iter_mut().enumerate() {
                    *cell = (s >> (j as u32 * bits)) & mask;
                }
                if free {
                    let entry = &mut table[s & ((1 << tile_bits) - 1)];
                    *entry = (*entry).min(distance);
                }
                let (tiles, blanks) = cells[..k + b].split_at(k);
                let occupied = tiles.iter().fold(0u128, |m, &c| m | 1 << c);
                let empty = blanks.iter().fold(0u128, |m, &c| m | 1 << c);
                for (j, &from) in blanks.iter().enumerate() {
                    for &to in neighbours[from].iter().flatten() {
                        if empty & 1 << to != 0 || (occupied & 1 << to != 0) == free {
                            continue;
                        }
                        let mut moved = [0usize; MAX_STATE_BITS as usize];
                        moved[..k].copy_from_slice(tiles);
                        if let Some(t) = tiles.iter().position(|&c| c == to) {
                            moved[t] = from;
                        }
                        moved[k..k + b].copy_from_slice(blanks);
                        moved[k + j] = to;
                        let (child_tiles, child_blanks) = moved[..k + b].split_at_mut(k);
                        let child = encode(child_tiles, child_blanks);
                        if visit(&mut visited, child) {
                            if free {
                                layer.push(child as u32);
                            } else {
                                next.push(child as u32);
                            }
                        }
                    }
                }
            }
            if !free {
                layer = next;
                distance += 1;
            }
        }
    }
    table
}
