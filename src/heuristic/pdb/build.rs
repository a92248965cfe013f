//! Building a pattern database: a breadth-first search from the goal over the group's tiles and
//! the blank, on a board where every other cell is an anonymous piece.
//!
//! A blank trading places with an anonymous piece costs nothing, with a group tile one move.
//! Only the group's own moves are counted, so the values of disjoint groups add up to a lower
//! bound (Korf & Felner 2002); and since blocks only become more mobile when cut into anonymous
//! cells, a database also bounds boards with blocks and the same number of blanks.

use super::pattern::{MAX_STATE_BITS, Pattern, Ranker};
use super::table::prefetch;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};

/// How far a build has come, handed to its caller between chunks of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The distance of the layer being expanded.
    pub distance: u32,
    /// States expanded so far.
    pub states_done: u64,
    /// An upper bound on the states the build will expand.
    pub states_total: u64,
}

/// States a build thread expands between two calls of its caller's `keep_going`: a few
/// milliseconds of work, so that a deadline stops a build promptly.
const CHECK_EVERY: usize = 1 << 15;

/// Builds the table of a one-blank `pattern` on `threads` threads; `None` once `keep_going`
/// (called between chunks of work, from any thread) returns false. The table does not depend
/// on the thread count.
///
/// # Panics
/// On a pattern with more than one blank: the searches use databases for one blank only.
pub fn build(
    pattern: &Pattern,
    threads: usize,
    keep_going: &(dyn Fn(&BuildProgress) -> bool + Sync),
) -> Option<Vec<u8>> {
    assert_eq!(pattern.blanks, 1, "databases are built for one blank");
    build_one_blank(pattern, threads.max(1), keep_going)
}

/// The table for one blank. Free moves only wander the blank through the other pieces, so a
/// state is the tiles' cells and the region of non-tile cells the blank is in, named by its
/// lowest cell: about a tenth of the states of tiles and blank cell, and every move costs one.
/// Layers are split between the processor's cores; a state's table entry and visited bit are
/// written the same by whichever core gets there, so the table does not depend on the split.
fn build_one_blank(
    pattern: &Pattern,
    threads: usize,
    keep_going: &(dyn Fn(&BuildProgress) -> bool + Sync),
) -> Option<Vec<u8>> {
    let ranker = Ranker::of(pattern);
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
    let table: Vec<AtomicU8> = (0..pattern.table_bytes())
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
    let total = pattern.build_states() as u64;
    let reached = AtomicU64::new(0);
    // Expands one layer's states at `distance` into the unseen states one move further.
    let stopped = AtomicBool::new(false);
    let expand = |states: &[u64], distance: u8| {
        let mut next = Vec::new();
        let mut tiles = [0usize; MAX_STATE_BITS as usize];
        // Children (state number, layer entry) of one state: their visited bits are fetched
        // side by side before any is tested.
        let mut children = Vec::with_capacity(4 * k);
        for (done, &s) in states.iter().enumerate() {
            if done % CHECK_EVERY == CHECK_EVERY - 1 {
                let progress = BuildProgress {
                    distance: distance as u32,
                    states_done: reached.load(Ordering::Relaxed) + done as u64,
                    states_total: total,
                };
                if stopped.load(Ordering::Relaxed) || !keep_going(&progress) {
                    stopped.store(true, Ordering::Relaxed);
                    return next;
                }
            }
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
    let mut layer = vec![(goal_fields | goal_region << tile_bits) as u64];
    let mut distance = 0u8;
    while !layer.is_empty() {
        let progress = BuildProgress {
            distance: distance as u32,
            states_done: reached.load(Ordering::Relaxed),
            states_total: total,
        };
        if !keep_going(&progress) {
            return None;
        }
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
        if stopped.load(Ordering::Relaxed) {
            return None;
        }
        reached.fetch_add(layer.len() as u64, Ordering::Relaxed);
        distance += 1;
    }
    Some(table.into_iter().map(AtomicU8::into_inner).collect())
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

/// Per cell, the cell one step away in each direction (Left, Right, Up, Down), if any.
pub fn neighbours(rows: usize, cols: usize) -> Vec<[Option<usize>; 4]> {
    (0..rows * cols)
        .map(|cell| {
            let (r, c) = (cell / cols, cell % cols);
            [
                (c > 0).then(|| cell - 1),
                (c + 1 < cols).then(|| cell + 1),
                (r > 0).then(|| cell - cols),
                (r + 1 < rows).then(|| cell + cols),
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::pdb::{Indexing, PatternDb};

    fn built(pattern: &Pattern) -> Vec<u8> {
        build(pattern, 2, &|_| true).expect("not stopped")
    }

    #[test]
    fn a_lone_tile_costs_its_distance_and_pairs_cost_more() {
        // One tile and one blank: the database is the Manhattan distance.
        let single = Pattern::new(3, 3, 1, vec![0]);
        let table = PatternDb::new(single.clone(), built(&single));
        for cell in 0..8 {
            assert_eq!(
                table.lookup([cell].into_iter()) as usize,
                cell / 3 + cell % 3
            );
        }
        // 2x2, tiles 1 and 2 of 1 2 / 3 _: swapping them in their row costs more than their
        // distance, 2 (3 has to make room, but its moves are free here).
        let pattern = Pattern::new(2, 2, 1, vec![0, 1]);
        let pair = PatternDb::new(pattern.clone(), built(&pattern));
        assert_eq!(pair.lookup([0, 1].into_iter()), 0);
        assert!(pair.lookup([1, 0].into_iter()) > 2);
    }

    #[test]
    fn the_region_build_matches_the_blank_cell_build() {
        for (rows, cols, cells) in [
            (3, 3, vec![0, 1, 3, 4]),
            (2, 4, vec![6, 0, 5]),
            (3, 4, vec![2, 9]),
            // Past the tabled regions: flood fills.
            (3, 6, vec![0, 7, 16]),
        ] {
            let pattern = Pattern::new(rows, cols, 1, cells);
            for threads in [1, 2] {
                let table = build(&pattern, threads, &|_| true).unwrap();
                assert_eq!(table, build_blanks(&pattern));
            }
        }
    }

    #[test]
    fn ranked_tables_hold_the_values_of_cell_indexed_ones() {
        for (rows, cols, cells) in [(3, 3, vec![0, 1, 3, 4]), (2, 4, vec![6, 0, 5])] {
            let pattern = Pattern::new(rows, cols, 1, cells.clone());
            let by_cells = PatternDb::new(pattern.clone(), built(&pattern));
            let ranked_pattern = pattern.clone().ranked();
            assert_eq!(ranked_pattern.indexing, Indexing::Ranked);
            let ranked = PatternDb::new(ranked_pattern.clone(), built(&ranked_pattern));
            let n = rows * cols;
            assert_eq!(ranked.table().len(), (n - cells.len() + 1..=n).product());
            // Every placement of distinct cells, in turn.
            let bits = pattern.bits();
            let mut placed = 0;
            for fields in 0..by_cells.table().len() {
                let on: Vec<usize> = (0..cells.len())
                    .map(|i| (fields >> (i as u32 * bits)) & ((1 << bits) - 1))
                    .collect();
                if on.iter().any(|&c| c >= n) || (1..on.len()).any(|i| on[..i].contains(&on[i])) {
                    continue;
                }
                placed += 1;
                assert_eq!(ranked.at(fields), by_cells.at(fields), "{on:?}");
            }
            assert_eq!(placed, ranked.table().len());
            // Ranks are a numbering: every entry was reached, so none is left unset.
            assert!(ranked.table().iter().all(|&v| v != u8::MAX));
        }
    }

    #[test]
    fn a_build_told_to_stop_gives_no_table() {
        let pattern = Pattern::new(4, 4, 1, vec![0, 1, 4, 5, 8]);
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let stopped = build(&pattern, 2, &|progress| {
            calls.fetch_add(1, Ordering::Relaxed);
            progress.distance < 3
        });
        assert!(stopped.is_none());
        assert!(calls.load(Ordering::Relaxed) >= 4);
    }

    /// The reference the one-blank build is checked against, for any number of blanks: states are the tiles' and the blanks' cells, and a layer
    /// is closed under free moves (a blank trading places with an other piece) before the costly
    /// ones are taken.
    fn build_blanks(pattern: &Pattern) -> Vec<u8> {
        let n = pattern.rows * pattern.cols;
        let k = pattern.cells.len();
        let b = pattern.blanks;
        let bits = pattern.bits();
        let mask = (1usize << bits) - 1;
        let neighbours = neighbours(pattern.rows, pattern.cols);
        let mut table = vec![u8::MAX; pattern.table_bytes()];
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
}
