//! Additive disjoint pattern databases: for a group of 1x1 tiles, the fewest moves of those tiles
//! that bring them home from every placement, built once by breadth-first search and cached on
//! disk.
//!
//! The search runs on an abstraction of the board: the group's tiles, the blanks, and every other
//! cell an anonymous "other" piece. A blank trading places with an other piece costs nothing,
//! with a group tile one move. Only the group's own moves are counted, so the values of disjoint
//! groups add up to a lower bound (Korf & Felner 2002); and since blocks only become more
//! mobile when cut into anonymous cells, a database also bounds boards with blocks and the
//! same number of blanks. A placement is indexed by `bits` bits per tile: no ranking, and a
//! tile's move changes its group's index by one shifted difference.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Largest number of index bits (tiles and blanks together) a build may use: the visited set
/// takes `2^bits` bits (32 MiB at 28).
pub const MAX_STATE_BITS: u32 = 28;

/// How a table is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One entry per `bits`-bit field of each tile's cell, unused combinations included: a move
    /// changes the index by one shifted difference. For groups up to 24 index bits (16 MiB).
    Cells,
    /// One entry per placement, numbered by its rank among the `n!/(n-k)!` placements of `k`
    /// tiles on `n` cells: 8 tiles of the 4x4 board take 519 MB instead of 4 GiB, for a few
    /// bit counts a lookup. One blank only.
    Ranked,
}

/// What a database is of: the board size, its blank count and the goal cells of its tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    pub layout: Layout,
}

impl Pattern {
    /// A group laid out by cells.
    pub fn new(rows: usize, cols: usize, blanks: usize, cells: Vec<usize>) -> Pattern {
        Pattern {
            rows,
            cols,
            blanks,
            cells,
            layout: Layout::Cells,
        }
    }

    /// Bits that hold one cell number.
    pub fn bits(&self) -> u32 {
        cell_bits(self.rows * self.cols)
    }

    /// Bytes of the finished table.
    pub fn table_bytes(&self) -> usize {
        match self.layout {
            Layout::Cells => 1 << (self.bits() as usize * self.cells.len()),
            Layout::Ranked => {
                let n = self.rows * self.cols;
                (n - self.cells.len() + 1..=n).product()
            }
        }
    }

    /// Peak bytes a build holds: the visited set, the table and (a generous guess at) the
    /// largest breadth-first layers.
    pub fn build_bytes(&self) -> usize {
        // States are the table's placements times a cell per blank (the region's lowest cell
        // with one blank): one visited bit each, and layers of 8-byte states.
        let states = self.table_bytes() << (self.bits() as usize * self.blanks);
        states / 8 + self.table_bytes() + states / 2
    }

    fn file_name(&self) -> String {
        let cells: Vec<String> = self.cells.iter().map(usize::to_string).collect();
        format!(
            "pdb-{}x{}-b{}-{}{}.bin",
            self.rows,
            self.cols,
            self.blanks,
            cells.join("."),
            match self.layout {
                Layout::Cells => "",
                Layout::Ranked => "-ranked",
            }
        )
    }
}

/// Numbers placements of a group's tiles (given as `bits`-bit cell fields) densely: the
/// Lehmer code of the partial permutation, each tile's cell counted among the cells the
/// tiles before it left free.
#[derive(Clone, Copy, Debug)]
struct Ranker {
    cells: usize,
    tiles: usize,
    bits: u32,
}

impl Ranker {
    /// Kept out of line: inlined into every lookup, it made the searches on cell-indexed tables
    /// (which never call it) about 30% slower; a call costs the ranked lookups nothing visible.
    #[inline(never)]
    fn rank(&self, fields: usize) -> usize {
        let mask = (1 << self.bits) - 1;
        let mut used = 0u64;
        let mut rank = 0;
        for i in 0..self.tiles {
            let cell = (fields >> (i as u32 * self.bits)) & mask;
            let before = (used & ((1 << cell) - 1)).count_ones() as usize;
            rank = rank * (self.cells - i) + cell - before;
            used |= 1 << cell;
        }
        rank
    }
}

/// Bits that hold a cell number of a board with `cells` cells.
pub fn cell_bits(cells: usize) -> u32 {
    usize::BITS - (cells - 1).max(1).leading_zeros()
}

/// A finished database: the fewest group moves from each placement of the group's tiles.
#[derive(Clone, Debug)]
pub struct PatternDb {
    pattern: Pattern,
    table: Vec<u8>,
    /// Set for [`Layout::Ranked`] tables.
    ranker: Option<Ranker>,
}

impl PatternDb {
    /// What it is of.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// The value at `index`: tile `i` (of [`Pattern::cells`]) on cell `c` contributes
    /// `c << (i * bits)`, whatever the layout.
    #[inline]
    pub fn at(&self, index: usize) -> u8 {
        self.table[self.entry(index)]
    }

    /// Where the value of `index` (as in [`PatternDb::at`]) is in the table.
    #[inline]
    fn entry(&self, index: usize) -> usize {
        match &self.ranker {
            None => index,
            Some(ranker) => ranker.rank(index),
        }
    }

    /// Asks the processor to start loading the entry at `index`, which a search will read soon:
    /// the tables are far larger than the caches, and a few loads in flight at once hide most
    /// of the wait.
    #[inline]
    pub fn prefetch(&self, index: usize) {
        if let Some(entry) = self.table.get(self.entry(index)) {
            prefetch(entry);
        }
    }

    /// The value with the group's tiles on `cells` (in [`Pattern::cells`] order).
    pub fn lookup(&self, cells: impl Iterator<Item = usize>) -> u8 {
        let bits = self.pattern.bits();
        self.at(cells
            .enumerate()
            .map(|(i, c)| c << (i as u32 * bits))
            .sum::<usize>())
    }

    /// Builds the database by breadth-first search from the goal.
    ///
    /// # Panics
    /// On a [`Layout::Ranked`] pattern with more than one blank.
    pub fn build(pattern: &Pattern) -> PatternDb {
        let ranker = PatternDb::ranker(pattern);
        let table = if pattern.blanks == 1 {
            build_one_blank(pattern, ranker)
        } else {
            assert!(ranker.is_none(), "ranked tables take one blank");
            build_blanks(pattern)
        };
        PatternDb {
            pattern: pattern.clone(),
            table,
            ranker,
        }
    }

    fn ranker(pattern: &Pattern) -> Option<Ranker> {
        (pattern.layout == Layout::Ranked).then(|| Ranker {
            cells: pattern.rows * pattern.cols,
            tiles: pattern.cells.len(),
            bits: pattern.bits(),
        })
    }

    /// Whether a copy of `pattern`'s table of the right size is in `cache` (its checksum is
    /// checked when it is loaded).
    pub fn is_cached(pattern: &Pattern, cache: Option<&Path>) -> bool {
        cache
            .and_then(|dir| std::fs::metadata(dir.join(pattern.file_name())).ok())
            .is_some_and(|meta| meta.len() == (HEADER_BYTES + pattern.table_bytes()) as u64)
    }

    /// The database, shared with every earlier caller in this process; the first one loads it
    /// from `cache` when a sound copy is there, or builds it (with a line on stderr, since it
    /// can take seconds) and saves it there. A cache that cannot be written only costs the next
    /// run another build.
    pub fn load_or_build(pattern: &Pattern, cache: Option<&Path>) -> Arc<PatternDb> {
        PatternDb::shared(pattern, cache, true).expect("a build always gives a database")
    }

    /// The database as [`PatternDb::load_or_build`] gives it when it is already in this
    /// process or sound in `cache`; `None` rather than a build.
    pub fn load(pattern: &Pattern, cache: Option<&Path>) -> Option<Arc<PatternDb>> {
        PatternDb::shared(pattern, cache, false)
    }

    fn shared(pattern: &Pattern, cache: Option<&Path>, build: bool) -> Option<Arc<PatternDb>> {
        static LOADED: Mutex<Vec<Arc<PatternDb>>> = Mutex::new(Vec::new());
        let mut loaded = LOADED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(db) = loaded.iter().find(|db| db.pattern == *pattern) {
            return Some(Arc::clone(db));
        }
        let db = Arc::new(match PatternDb::read(pattern, cache) {
            Some(db) => db,
            None if build => PatternDb::build_into(pattern, cache),
            None => return None,
        });
        loaded.push(Arc::clone(&db));
        Some(db)
    }

    /// The table of `pattern` in `cache`, when a sound copy is there.
    fn read(pattern: &Pattern, cache: Option<&Path>) -> Option<PatternDb> {
        let table = read_table(&cache?.join(pattern.file_name())).ok()?;
        (table.len() == pattern.table_bytes()).then(|| PatternDb {
            pattern: pattern.clone(),
            table,
            ranker: PatternDb::ranker(pattern),
        })
    }

    /// Builds the table, with a line on stderr since it can take seconds, and saves it in
    /// `cache`.
    fn build_into(pattern: &Pattern, cache: Option<&Path>) -> PatternDb {
        eprintln!(
            "klotski: building the pattern database for tiles at cells {:?} of {}x{} (first use)",
            pattern.cells, pattern.rows, pattern.cols
        );
        let began = Instant::now();
        let db = PatternDb::build(pattern);
        let saved = cache.map(|dir| write_table(dir, &pattern.file_name(), &db.table));
        eprintln!(
            "klotski: built it in {:.1} s{}",
            began.elapsed().as_secs_f64(),
            match saved {
                Some(Ok(path)) => format!(", cached in {}", path.display()),
                Some(Err(e)) => format!(", not cached: {e}"),
                None => String::new(),
            }
        );
        db
    }
}

/// Asks the processor to start loading the memory `item` is in.
#[inline]
fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: SSE is part of every x86_64 target, and a prefetch of a valid address reads
        // nothing and cannot fault.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
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

/// The table for one blank. Free moves only wander the blank through the other pieces, so a
/// state is the tiles' cells and the region of non-tile cells the blank is in, named by its
/// lowest cell: about a tenth of the states of tiles and blank cell, and every move costs one.
/// Layers are split between the processor's cores; a state's table entry and visited bit are
/// written the same by whichever core gets there, so the table does not depend on the split.
fn build_one_blank(pattern: &Pattern, ranker: Option<Ranker>) -> Vec<u8> {
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
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    // Builds of more than a few seconds tell how far they are.
    let progress = table.len() > 1 << 26;
    let mut layer = vec![(goal_fields | goal_region << tile_bits) as u64];
    let mut distance = 0u8;
    let mut reached = 0usize;
    while !layer.is_empty() {
        reached += layer.len();
        if progress {
            eprint!(
                "\rklotski: distance {distance}: {reached} states reached \
                 (placements of the tiles times regions of the blank)"
            );
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
        distance += 1;
    }
    if progress {
        eprintln!();
    }
    table.into_iter().map(AtomicU8::into_inner).collect()
}

/// The user's cache directory for databases: `$XDG_CACHE_HOME/klotski`, else
/// `~/.cache/klotski`.
pub fn default_cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("klotski"))
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

const MAGIC: &[u8; 8] = b"KLOTPDB1";
/// The magic, the table's length and its checksum.
const HEADER_BYTES: usize = 24;

/// FNV-1a over 64-bit words (the tail zero-padded): enough to notice a truncated or damaged
/// file, and fast enough not to show next to the search.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.chunks(8).fold(0xcbf2_9ce4_8422_2325, |h, chunk| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        (h ^ u64::from_le_bytes(word)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Reads a table written by [`write_table`]; any mismatch is an error.
fn read_table(path: &Path) -> io::Result<Vec<u8>> {
    let mut file = std::fs::File::open(path)?;
    let mut header = [0u8; HEADER_BYTES];
    file.read_exact(&mut header)?;
    let damaged = || io::Error::new(io::ErrorKind::InvalidData, "damaged pattern database");
    if &header[..8] != MAGIC {
        return Err(damaged());
    }
    let len = u64::from_le_bytes(header[8..16].try_into().expect("8 bytes")) as usize;
    let sum = u64::from_le_bytes(header[16..24].try_into().expect("8 bytes"));
    let mut table = Vec::with_capacity(len);
    file.read_to_end(&mut table)?;
    if table.len() != len || checksum(&table) != sum {
        return Err(damaged());
    }
    Ok(table)
}

/// Writes `table` with its length and checksum under `dir`, through a temporary file so a
/// reader never sees half of it.
fn write_table(dir: &Path, name: &str, table: &[u8]) -> io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(name);
    let partial = dir.join(format!("{name}.{}.partial", std::process::id()));
    let mut file = std::fs::File::create(&partial)?;
    file.write_all(MAGIC)?;
    file.write_all(&(table.len() as u64).to_le_bytes())?;
    file.write_all(&checksum(table).to_le_bytes())?;
    file.write_all(table)?;
    file.sync_all()?;
    std::fs::rename(&partial, &path)?;
    Ok(path)
}

/// The 4x4 one-blank groups 6-6-3 (goal cells): the top three rows in a left and a right half,
/// and the bottom row. Compact groups catch more interactions than scattered ones; with the
/// reflected lookup they took 65M nodes on the 100 random instances, the transposition-closed
/// split {0,1,2,4,5,8} {6,7,9,11,13,14} {3,10,12} 284M.
const FOUR_BY_FOUR: [&[usize]; 3] = [&[0, 1, 4, 5, 8, 9], &[2, 3, 6, 7, 10, 11], &[12, 13, 14]];

/// The 4x4 one-blank groups 7-8 (goal cells): the top two rows, and the rest. With the
/// reflected lookup Korf and Felner count 17 times fewer nodes than with 6-6-3, but the tables
/// take 576 MB and minutes to build, so searches use them only once they are in the cache (see
/// [`fifteen_seven_eight`]).
const FOUR_BY_FOUR_SEVEN_EIGHT: [&[usize]; 2] =
    [&[0, 1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14]];

/// The 7-8 groups of the 15-puzzle (4x4, 15 tiles, one blank), ranked.
pub fn fifteen_seven_eight() -> Vec<Pattern> {
    FOUR_BY_FOUR_SEVEN_EIGHT
        .iter()
        .map(|group| Pattern {
            layout: Layout::Ranked,
            ..Pattern::new(4, 4, 1, group.to_vec())
        })
        .collect()
}

/// Splits the 1x1 tiles with goal cells `unit_goals` (increasing) into database groups for a
/// `rows` x `cols` board with `blanks` blanks: 6-6-3 on 4x4 with one blank, else row-major runs
/// as long as a build of at most [`MAX_STATE_BITS`] index bits allows. Empty when none fits.
pub fn partition(rows: usize, cols: usize, blanks: usize, unit_goals: &[usize]) -> Vec<Pattern> {
    let pattern = |cells: Vec<usize>| Pattern::new(rows, cols, blanks, cells);
    if (rows, cols, blanks) == (4, 4, 1) {
        return FOUR_BY_FOUR
            .iter()
            .map(|group| {
                group
                    .iter()
                    .copied()
                    .filter(|c| unit_goals.contains(c))
                    .collect::<Vec<_>>()
            })
            .filter(|cells| !cells.is_empty())
            .map(pattern)
            .collect();
    }
    let bits = cell_bits(rows * cols);
    let per_group = (MAX_STATE_BITS / bits) as usize;
    if rows * cols > 128 || per_group <= blanks + 1 {
        return Vec::new();
    }
    unit_goals
        .chunks(per_group - blanks)
        .map(|cells| pattern(cells.to_vec()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_tile_costs_its_distance_and_pairs_cost_more() {
        // One tile and one blank: the database is the Manhattan distance.
        let single = PatternDb::build(&Pattern::new(3, 3, 1, vec![0]));
        for cell in 0..8 {
            assert_eq!(
                single.lookup([cell].into_iter()) as usize,
                cell / 3 + cell % 3
            );
        }
        // 2x2, tiles 1 and 2 of 1 2 / 3 _: swapping them in their row costs more than their
        // distance, 2 (3 has to make room, but its moves are free here).
        let pair = PatternDb::build(&Pattern::new(2, 2, 1, vec![0, 1]));
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
            assert_eq!(build_one_blank(&pattern, None), build_blanks(&pattern));
        }
    }

    #[test]
    fn ranked_tables_hold_the_values_of_cell_indexed_ones() {
        for (rows, cols, cells) in [(3, 3, vec![0, 1, 3, 4]), (2, 4, vec![6, 0, 5])] {
            let by_cells = PatternDb::build(&Pattern::new(rows, cols, 1, cells.clone()));
            let ranked = PatternDb::build(&Pattern {
                layout: Layout::Ranked,
                ..Pattern::new(rows, cols, 1, cells.clone())
            });
            let n = rows * cols;
            assert_eq!(ranked.table.len(), (n - cells.len() + 1..=n).product());
            // Every placement of distinct cells, in turn.
            let bits = by_cells.pattern.bits();
            let mut placed = 0;
            for fields in 0..by_cells.table.len() {
                let on: Vec<usize> = (0..cells.len())
                    .map(|i| (fields >> (i as u32 * bits)) & ((1 << bits) - 1))
                    .collect();
                if on.iter().any(|&c| c >= n) || (1..on.len()).any(|i| on[..i].contains(&on[i])) {
                    continue;
                }
                placed += 1;
                assert_eq!(ranked.at(fields), by_cells.at(fields), "{on:?}");
            }
            assert_eq!(placed, ranked.table.len());
            // Ranks are a numbering: every entry was reached, so none is left unset.
            assert!(ranked.table.iter().all(|&v| v != u8::MAX));
        }
    }

    #[test]
    fn a_damaged_cache_is_rebuilt() {
        let dir = std::env::temp_dir().join(format!("klotski-pdb-test-{}", std::process::id()));
        let pattern = Pattern::new(3, 3, 2, vec![0, 1, 3]);
        let built = PatternDb::read(&pattern, Some(&dir))
            .unwrap_or_else(|| PatternDb::build_into(&pattern, Some(&dir)));
        let file = dir.join(pattern.file_name());
        assert_eq!(read_table(&file).unwrap(), built.table);
        let mut bytes = std::fs::read(&file).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        assert!(read_table(&file).is_err());
        assert!(PatternDb::read(&pattern, Some(&dir)).is_none());
        let again = PatternDb::build_into(&pattern, Some(&dir));
        assert_eq!(again.table, built.table);
        assert_eq!(read_table(&file).unwrap(), built.table);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
