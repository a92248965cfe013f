//! Builds one-blank pattern databases: a breadth-first search over (placement, blank region)
//! states held in 2 bits each, layer by layer, split across threads.
//!
//! The blank wanders through the other pieces for free, so a state is a placement of the
//! group's tiles and the region of non-tile cells the blank is in. A placement is a set of cells
//! (the tiles cover them) and a permutation (which tile is on which, numbered by its Lehmer
//! code). The regions, and the moves out of each (to which set and region, with which change of
//! the tiles' order), depend on the set alone and are worked out before the search. The states
//! are then held as a bit vector per set and region, a bit per permutation, and a move that
//! keeps the tiles' order takes the vector's states to the same bits of its target's vector, 64
//! at a time; a move that changes the order renumbers them by a table (see `Shift`).
//!
//! A state's 2 bits, in two planes, say: 0 unseen, 1 or 2 a frontier (the layer being expanded
//! or the one being found; they swap roles every layer), 3 closed. Every state a layer marks is
//! one move further than the layer, whichever thread marks it, and a placement's entry is
//! written once, by the thread that has its set, in the first layer that expands one of its
//! states: the table does not depend on the thread count or on how the work was split.

mod numbering;
#[cfg(test)]
mod reference;
mod sets;
#[cfg(test)]
mod tests;

use super::pattern::{Indexing, Pattern};
use crate::search::closed::prefetch;
use numbering::{MAX_TILES, Move, Numbering, Shift, Unranked, below, members, one};
use sets::Sets;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Progress of a build, handed out between chunks of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The layer being expanded: its states are this many group moves from the goal.
    pub distance: u32,
    /// States (placement and blank region) expanded so far.
    pub states_done: u64,
    /// States in all that there are: on most boards all are reached, so `states_done` ends
    /// there.
    pub states_total: u64,
}

/// How the work is cut; the tests cut it finer to exercise every path.
#[derive(Clone, Copy, Debug)]
struct Tuning {
    /// State words a thread takes at a time (whole sets, at least one): small enough that even
    /// a dense layer's chunk is done in a few milliseconds, so `keep_going` is asked often.
    chunk: usize,
    /// States expanded by a layer below which the next is expanded by one thread: small layers
    /// are not worth waking other threads for.
    small_layer: u64,
    /// Largest tables of permutations built (see [`Shift`] and `TableBuild::sequences`).
    tabled: usize,
}

const TUNING: Tuning = Tuning {
    chunk: 1 << 14,
    small_layer: 1 << 16,
    tabled: 1 << 20,
};

/// Table entries fetched ahead of their store.
const AHEAD: usize = 64;

/// Builds the table of a one-blank pattern (either [`Indexing`]): per placement of the group's
/// tiles, the fewest moves of those tiles that bring them to `pattern.cells` with the blank on
/// the last cell, every other cell an anonymous piece the blank passes freely; `u8::MAX` where
/// none does (and on [`Indexing::Cells`] entries that are no placement). The same bytes,
/// whatever `threads` (at least one is used), as the slower general search
/// (`reference.rs`) gives.
///
/// `keep_going` is called, from any of the threads, after each chunk of a few milliseconds of
/// work; once it returns false the build stops and returns `None`.
///
/// # Panics
/// When the pattern has other than one blank, more than 28 tiles, more than 128 cells, a tile
/// on the last cell (the blank's goal), or more placements than memory can number.
pub fn build(
    pattern: &Pattern,
    threads: usize,
    keep_going: &(dyn Fn(&BuildProgress) -> bool + Sync),
) -> Option<Vec<u8>> {
    build_with(pattern, threads, TUNING, keep_going)
}

/// [`build`], the work cut as `tuning` says.
fn build_with(
    pattern: &Pattern,
    threads: usize,
    tuning: Tuning,
    keep_going: &(dyn Fn(&BuildProgress) -> bool + Sync),
) -> Option<Vec<u8>> {
    let (n, k) = (pattern.rows * pattern.cols, pattern.cells.len());
    assert_eq!(pattern.blanks, 1, "one blank");
    assert!(
        k <= MAX_TILES && k < n && n <= 128,
        "{k} tiles on {n} cells"
    );
    assert!(
        !pattern.cells.contains(&(n - 1)),
        "the last cell is the blank's"
    );
    if k == 0 {
        // One placement, the goal's.
        return Some(vec![0]);
    }
    TableBuild::new(pattern, tuning.tabled, keep_going)?.run(threads, tuning, keep_going)
}

/// Two planes of a state bit each, side by side in one cache line: a state's code is its bit in
/// the first plane plus twice its bit in the second.
#[repr(align(16))]
struct Pair([AtomicU64; 2]);

/// What the threads of a build share.
struct TableBuild {
    k: usize,
    perms: Numbering,
    /// Words of a region vector: a bit per permutation.
    words: usize,
    /// Per set, its cells in increasing order (`k` each).
    set_cells: Vec<u8>,
    /// Per set, its first region vector (and, at the end, the vector count).
    set_vectors: Vec<u32>,
    /// Per region vector, the end of its moves in `moves`.
    moves_end: Vec<u32>,
    moves: Vec<Move>,
    /// The shifts the moves need, by `p * k + q`.
    shifts: Vec<Option<Shift>>,
    /// Per tile, what its cell adds to the table index: its Lehmer weight, or its field's unit.
    unit: [usize; MAX_TILES],
    /// Per permutation, the tile on each position (`k` each), and on ranked layouts what its
    /// order takes off the table index (see [`TableBuild::offset`]); empty when not tabled.
    sequences: Vec<u8>,
    offsets: Vec<usize>,
    ranked: bool,
    /// Per region vector `v` (of a set and one of its regions), word `w`: the codes of the
    /// states of permutations `64 w..64 w + 64`. A code is 0 unseen, 1 and 2 the frontier codes
    /// (layer `d` expands code `1 + d % 2` and marks `2 - d % 2`), 3 closed.
    states: Vec<Pair>,
    /// The table being written.
    table: Vec<AtomicU8>,
    /// The goal's region vector and permutation.
    goal: (usize, usize),
}

/// The moves out of every region vector: per set its cells, per vector the end of its moves,
/// and the shifts the moves that reorder the tiles need.
struct Moves {
    set_cells: Vec<u8>,
    ends: Vec<u32>,
    moves: Vec<Move>,
    shifts: Vec<Option<Shift>>,
}

impl Moves {
    /// The moves of `sets` (permutations numbered by `perms`, shift tables built up to
    /// `tabled` entries); `None` when `asked`, every so many sets, said stop.
    fn list(
        sets: &Sets,
        perms: &Numbering,
        tabled: usize,
        asked: &dyn Fn() -> bool,
    ) -> Option<Moves> {
        let k = perms.k;
        let mut listed = Moves {
            set_cells: Vec::new(),
            ends: Vec::new(),
            moves: Vec::new(),
            shifts: (0..k * k).map(|_| None).collect(),
        };
        for (rank, set) in sets.all().enumerate() {
            if rank % 1024 == 0 && !asked() {
                return None;
            }
            let cells: Vec<usize> = members(set).collect();
            (listed.set_cells).extend(cells.iter().map(|&c| c as u8));
            for region in sets.regions(set) {
                for (p, &from) in cells.iter().enumerate() {
                    for to in members(sets.adjacent[from] & region) {
                        let child = set ^ one(from) ^ one(to);
                        let q = (child & below(to)).count_ones() as usize;
                        if p != q && listed.shifts[p * k + q].is_none() {
                            listed.shifts[p * k + q] = Some(Shift::new(perms, p, q, tabled));
                        }
                        // The blank is now in the region of the cell the tile left.
                        let target = sets.vector(child, from) as u32;
                        listed.moves.push(Move {
                            target,
                            p: p as u8,
                            q: q as u8,
                        });
                    }
                }
                let end = u32::try_from(listed.moves.len()).expect("moves fit a u32");
                listed.ends.push(end);
            }
        }
        Some(listed)
    }
}

impl TableBuild {
    /// Numbers the sets, works out their regions and moves, and allocates the states and the
    /// table; `None` when `keep_going` said stop.
    fn new(
        pattern: &Pattern,
        tabled: usize,
        keep_going: &(dyn Fn(&BuildProgress) -> bool + Sync),
    ) -> Option<TableBuild> {
        let (n, k) = (pattern.rows * pattern.cols, pattern.cells.len());
        let placements = Numbering::new(n, k);
        let perms = Numbering::new(k, k);
        let count = placements.count / perms.count;
        let sets = Sets::new(pattern.rows, pattern.cols, k, count);
        let vectors = sets.vector_count();
        // The caller is asked every so many sets, and between pieces of the large vectors.
        let progress = BuildProgress {
            distance: 0,
            states_done: 0,
            states_total: vectors as u64 * perms.count as u64,
        };
        let asked = || keep_going(&progress);
        let moves = Moves::list(&sets, &perms, tabled, &asked)?;
        let ranked = pattern.indexing == Indexing::Ranked;
        let mut unit = [0; MAX_TILES];
        for (i, unit) in unit[..k].iter_mut().enumerate() {
            *unit = if ranked {
                placements.weight[i]
            } else {
                1 << (pattern.bits() as usize * i)
            };
        }
        // The goal: the blank on the last cell, the tiles in the order of their cells.
        let goal_set = pattern.cells.iter().fold(0, |m, &c| m | one(c));
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_unstable_by_key(|&i| pattern.cells[i]);
        let goal = (sets.vector(goal_set, n - 1), perms.rank(&order));
        let words = perms.count.div_ceil(64);
        let pair = || Pair([AtomicU64::new(0), AtomicU64::new(0)]);
        let states = filled(vectors * words, pair, &asked)?;
        let table = filled(pattern.entries(), || AtomicU8::new(u8::MAX), &asked)?;
        let mut build = TableBuild {
            k,
            perms,
            words,
            set_cells: moves.set_cells,
            set_vectors: sets.vectors,
            moves_end: moves.ends,
            moves: moves.moves,
            shifts: moves.shifts,
            unit,
            sequences: Vec::new(),
            offsets: Vec::new(),
            ranked,
            states,
            table,
            goal,
        };
        if perms.count <= tabled {
            build.tabulate_sequences();
        }
        Some(build)
    }

    /// Fills [`TableBuild::sequences`] and, on ranked layouts, [`TableBuild::offsets`]: what the
    /// expansion would otherwise work out per permutation again and again.
    fn tabulate_sequences(&mut self) {
        for perm in 0..self.perms.count {
            let at = self.perms.unrank(perm);
            let k = self.k;
            self.sequences.extend(at.cell[..k].iter().map(|&t| t as u8));
            if self.ranked {
                let offset = self.offset(&at);
                self.offsets.push(offset);
            }
        }
    }

    /// What the order of the tiles on a set's cells takes off the Lehmer rank of the placement
    /// (the sum of what each tile's cell adds): per tile, its weight for each tile before it
    /// on a lower cell. `at` is the permutation: `at.cell[p]` the tile on the `p`th cell.
    fn offset(&self, at: &Unranked) -> usize {
        let mut place = [0usize; MAX_TILES];
        for p in 0..self.k {
            place[at.cell[p]] = p;
        }
        let mut before = 0u128;
        let mut offset = 0;
        for (i, &p) in place[..self.k].iter().enumerate() {
            offset += self.unit[i] * (before & below(p)).count_ones() as usize;
            before |= one(p);
        }
        offset
    }

    /// The table, or `None` when `keep_going` said stop.
    fn run(
        self,
        threads: usize,
        tuning: Tuning,
        keep_going: &(dyn Fn(&BuildProgress) -> bool + Sync),
    ) -> Option<Vec<u8>> {
        let (vector, perm) = self.goal;
        self.states[vector * self.words + perm / 64].0[0].store(1 << (perm % 64), Relaxed);
        let sets = self.set_vectors.len() - 1;
        let most_regions = (0..sets)
            .map(|set| self.set_vectors[set + 1] - self.set_vectors[set])
            .max()
            .unwrap_or(0) as usize;
        let states_total = self.moves_end.len() as u64 * self.perms.count as u64;
        // Sets per chunk: about `chunk` words of vectors.
        let per_chunk = (tuning.chunk * sets / self.states.len().max(1)).max(1);
        let chunks = sets.div_ceil(per_chunk);
        let threads = threads.clamp(1, chunks);
        let stop = AtomicBool::new(false);
        let done = AtomicU64::new(0);
        let (mut distance, mut last) = (0u32, 0);
        loop {
            assert!(distance < u32::from(u8::MAX), "a distance past a byte");
            let next_chunk = AtomicUsize::new(0);
            // Takes chunks until none is left or the caller says stop; the states it expanded.
            let work = || {
                let mut expanded = 0;
                let mut scratch = Scratch::new(self.words, most_regions);
                while !stop.load(Relaxed) {
                    let c = next_chunk.fetch_add(1, Relaxed);
                    if c >= chunks {
                        break;
                    }
                    let mut swept = 0;
                    for set in c * per_chunk..sets.min((c + 1) * per_chunk) {
                        swept += self.expand(set, distance, &mut scratch);
                    }
                    expanded += swept;
                    let progress = BuildProgress {
                        distance,
                        states_done: done.fetch_add(swept, Relaxed) + swept,
                        states_total,
                    };
                    if !keep_going(&progress) {
                        stop.store(true, Relaxed);
                    }
                }
                expanded
            };
            let helpers = if last < tuning.small_layer {
                0
            } else {
                threads - 1
            };
            let expanded: u64 = std::thread::scope(|scope| {
                let helpers: Vec<_> = (0..helpers).map(|_| scope.spawn(work)).collect();
                work()
                    + helpers
                        .into_iter()
                        .map(|h| h.join().expect("a build thread panicked"))
                        .sum::<u64>()
            });
            if stop.load(Relaxed) {
                return None;
            }
            last = expanded;
            if expanded == 0 {
                break;
            }
            distance += 1;
        }
        Some(self.table.into_iter().map(AtomicU8::into_inner).collect())
    }

    /// Gives the unseen states of `bits` in word `word` the code of plane `next`. Between the
    /// test and the update only other marks of the same code, and the closing of the states of
    /// the other code, can touch the word: either order leaves the same bits, so the race is
    /// harmless.
    #[inline]
    fn mark(&self, word: usize, bits: u64, next: usize) {
        let planes = &self.states[word].0;
        let unseen = bits & !(planes[0].load(Relaxed) | planes[1].load(Relaxed));
        if unseen != 0 {
            planes[next].fetch_or(unseen, Relaxed);
        }
    }

    /// Expands the states of layer `distance` of `set`: closes them, writes the entries of the
    /// placements met for the first time and marks the unseen children. Returns how many states
    /// it expanded.
    fn expand(&self, set: usize, distance: u32, scratch: &mut Scratch) -> u64 {
        let plane = (distance % 2) as usize;
        if !self.gather(set, plane, scratch) {
            return 0;
        }
        self.write_entries(set, distance, scratch);
        self.close_and_mark(set, plane, scratch)
    }

    /// Reads the states of `set` into `scratch`: per vector its states in the layer whose code
    /// is `1 + plane` (`current`), and per permutation whether one of its states is in the
    /// layer (`fresh`) and whether one is closed, expanded in an earlier layer (`closed`).
    /// False when the layer holds none of the set's states.
    fn gather(&self, set: usize, plane: usize, scratch: &mut Scratch) -> bool {
        let words = self.words;
        let first = self.set_vectors[set] as usize;
        let vectors = self.set_vectors[set + 1] as usize - first;
        let states = &self.states[first * words..(first + vectors) * words];
        let current = &mut scratch.current[..vectors * words];
        let (fresh, closed) = (&mut scratch.fresh, &mut scratch.closed);
        fresh.fill(0);
        closed.fill(0);
        for (i, pair) in states.iter().enumerate() {
            let [a, b] = [0, 1].map(|p| pair.0[p].load(Relaxed));
            current[i] = [a, b][plane] & ![a, b][1 - plane];
            fresh[i % words] |= current[i];
            closed[i % words] |= a & b;
        }
        fresh.iter().any(|&w| w != 0)
    }

    /// The table entry of permutation `perm` of the tiles on `cells` (a set's cells).
    fn entry_of(&self, cells: &[u8], perm: usize) -> usize {
        match self.sequences.get(perm * self.k..(perm + 1) * self.k) {
            Some(tiles) => {
                let sum: usize = (tiles.iter().zip(cells))
                    .map(|(&tile, &cell)| self.unit[usize::from(tile)] * usize::from(cell))
                    .sum();
                sum - self.offsets.get(perm).copied().unwrap_or(0)
            }
            None => {
                let at = self.perms.unrank(perm);
                let sum: usize = (at.cell[..self.k].iter().zip(cells))
                    .map(|(&tile, &cell)| self.unit[tile] * usize::from(cell))
                    .sum();
                sum - if self.ranked { self.offset(&at) } else { 0 }
            }
        }
    }

    /// Writes `distance` into the table entries of the placements of `set` first met in this
    /// layer (fresh, none closed). They are all over a table far larger than the caches, so
    /// they are fetched ahead of their stores, which would otherwise wait on each.
    fn write_entries(&self, set: usize, distance: u32, scratch: &mut Scratch) {
        let cells = &self.set_cells[set * self.k..(set + 1) * self.k];
        let (ahead, next) = (&mut scratch.ahead, &mut scratch.next);
        for (w, bits) in scratch.fresh.iter().enumerate() {
            for perm in members(u128::from(bits & !scratch.closed[w])).map(|b| w * 64 + b) {
                let entry = self.entry_of(cells, perm);
                prefetch(&self.table[entry]);
                let ready = std::mem::replace(&mut ahead[*next], entry);
                *next = (*next + 1) % AHEAD;
                if let Some(ready) = self.table.get(ready) {
                    ready.store(distance as u8, Relaxed);
                }
            }
        }
        for entry in ahead
            .iter_mut()
            .map(|entry| std::mem::replace(entry, usize::MAX))
        {
            if let Some(entry) = self.table.get(entry) {
                entry.store(distance as u8, Relaxed);
            }
        }
    }

    /// Closes the gathered states of `set` (the other plane's bit set too) and marks their
    /// unseen children with the next layer's code; returns how many states it closed.
    fn close_and_mark(&self, set: usize, plane: usize, scratch: &mut Scratch) -> u64 {
        let words = self.words;
        let first = self.set_vectors[set] as usize;
        let vectors = self.set_vectors[set + 1] as usize - first;
        let states = &self.states[first * words..(first + vectors) * words];
        let (current, shifted) = (&scratch.current[..vectors * words], &mut scratch.shifted);
        let mut expanded = 0;
        let mut start = match first {
            0 => 0,
            v => self.moves_end[v - 1] as usize,
        };
        for (v, current) in current.chunks(words).enumerate() {
            let end = self.moves_end[first + v] as usize;
            if current.iter().all(|&w| w == 0) {
                start = end;
                continue;
            }
            for (pair, &bits) in states[v * words..(v + 1) * words].iter().zip(current) {
                if bits != 0 {
                    pair.0[1 - plane].fetch_or(bits, Relaxed);
                    expanded += u64::from(bits.count_ones());
                }
            }
            for step in &self.moves[start..end] {
                let target = step.target as usize * words;
                match &self.shifts[usize::from(step.p) * self.k + usize::from(step.q)] {
                    // The tiles keep their order: the same permutations, 64 at a time.
                    None => {
                        for (w, &bits) in current.iter().enumerate() {
                            if bits != 0 {
                                self.mark(target + w, bits, 1 - plane);
                            }
                        }
                    }
                    Some(shift) => {
                        for w in shift.apply(&self.perms, current, shifted) {
                            let bits = std::mem::take(&mut shifted[w]);
                            if bits != 0 {
                                self.mark(target + w, bits, 1 - plane);
                            }
                        }
                    }
                }
            }
            start = end;
        }
        expanded
    }
}

/// `len` items made by `make`, or `None` when `keep_going` returns false: it is asked between
/// pieces of 8 MiB, filled (and first touched) in a few milliseconds.
fn filled<T>(len: usize, make: impl Fn() -> T, keep_going: &dyn Fn() -> bool) -> Option<Vec<T>> {
    let piece = ((1 << 23) / std::mem::size_of::<T>().max(1)).max(1);
    let mut items: Vec<T> = Vec::with_capacity(len);
    huge_pages(items.as_mut_ptr().cast(), len * std::mem::size_of::<T>());
    while items.len() < len {
        if !keep_going() {
            return None;
        }
        let piece = piece.min(len - items.len());
        items.extend(std::iter::repeat_with(&make).take(piece));
    }
    Some(items)
}

/// Asks the kernel to back the untouched memory at `start` (`bytes` long) with huge pages
/// where it can: the searches read and write the states and the table all over, and with
/// 4 KiB pages nearly every access would also miss the translation buffers.
fn huge_pages(start: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 1 << 21;
        let first = (start as usize).next_multiple_of(HUGE);
        let end = (start as usize + bytes) / HUGE * HUGE;
        if first < end {
            // SAFETY: the range lies within an allocation this process owns and has not
            // touched; the advice changes how it is backed, not what it holds.
            unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

/// A thread's working vectors, a word per 64 permutations.
struct Scratch {
    /// A vector per region of a set.
    current: Vec<u64>,
    fresh: Vec<u64>,
    closed: Vec<u64>,
    /// Kept all zero between uses.
    shifted: Vec<u64>,
    /// Table entries fetched ahead of their store, the oldest at `next`; `usize::MAX` none.
    ahead: [usize; AHEAD],
    next: usize,
}

impl Scratch {
    fn new(words: usize, regions: usize) -> Scratch {
        Scratch {
            current: vec![0; words * regions],
            fresh: vec![0; words],
            closed: vec![0; words],
            shifted: vec![0; words],
            ahead: [usize::MAX; AHEAD],
            next: 0,
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
