//! A finished pattern database: an entry per placement of the group's tiles (a byte, or four
//! bits over the group's Manhattan distance), held in memory or mapped from the cache, and the
//! lookups the searches make in it.

use super::nibbles::{self, Distances};
use super::pattern::{Encoding, Pattern, Ranker};
use crate::search::closed::prefetch;

/// Where a table's bytes live.
#[derive(Debug)]
enum Storage {
    /// Built in this process.
    Owned(Box<[u8]>),
    /// Mapped from a cache file: the process pays only for the pages it touches.
    Mapped(memmap2::Mmap),
}

/// The fewest moves of a group's tiles from each of their placements to their goal cells.
#[derive(Debug)]
pub struct PatternDb {
    pattern: Pattern,
    storage: Storage,
    /// Set for [`Indexing::Ranked`](super::Indexing::Ranked) tables.
    ranker: Option<Ranker>,
    /// Set for [`Encoding::Nibbles`] tables: the distances added back at lookup.
    distances: Option<Distances>,
}

impl PatternDb {
    /// The database of `pattern` whose table (as a build returns it, a byte an entry) is
    /// `table`, stored as the pattern's [`Encoding`] says.
    ///
    /// # Panics
    /// When the table's length is not the pattern's.
    pub fn new(pattern: Pattern, table: Vec<u8>) -> PatternDb {
        assert_eq!(table.len(), pattern.entries(), "a table of the pattern");
        let stored = match pattern.encoding {
            Encoding::Bytes => table,
            Encoding::Nibbles => nibbles::pack(&pattern, &table),
        };
        PatternDb {
            ranker: Ranker::of(&pattern),
            distances: Distances::of_encoded(&pattern),
            pattern,
            storage: Storage::Owned(stored.into_boxed_slice()),
        }
    }

    /// The database of `pattern` whose table is the mapped file `map` (its header already
    /// checked, the mapping starting at the table).
    pub(super) fn mapped(pattern: Pattern, map: memmap2::Mmap) -> PatternDb {
        debug_assert_eq!(map.len(), pattern.table_bytes());
        PatternDb {
            ranker: Ranker::of(&pattern),
            distances: Distances::of_encoded(&pattern),
            pattern,
            storage: Storage::Mapped(map),
        }
    }

    /// What it is of.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// The table's bytes as stored (in the pattern's [`Encoding`]).
    pub fn table(&self) -> &[u8] {
        match &self.storage {
            Storage::Owned(table) => table,
            Storage::Mapped(map) => map,
        }
    }

    /// Whether the table is mapped from a cache file rather than held in memory.
    pub fn is_mapped(&self) -> bool {
        matches!(self.storage, Storage::Mapped(_))
    }

    /// The value at `index`: tile `i` (of [`Pattern::cells`]) on cell `c` contributes
    /// `c << (i * bits)`, whatever the indexing.
    #[inline]
    pub fn at(&self, index: usize) -> u8 {
        let distance = self.distances.as_ref().map_or(0, |d| d.sum(index));
        self.at_entry(self.entry(index), distance)
    }

    /// The value at `entry` (where [`PatternDb::entry`] puts an index) where the group's tiles
    /// are `distance` moves from home by Manhattan distance, as a walk that keeps it passes it:
    /// a table in [`Encoding::Nibbles`] then needs no distance worked out from the index.
    #[inline]
    pub fn at_entry(&self, entry: usize, distance: u8) -> u8 {
        match self.distances {
            None => self.table()[entry],
            Some(_) => distance + 2 * nibbles::half_excess(self.table(), entry),
        }
    }

    /// Where the value of `index` (as in [`PatternDb::at`]) is in the table: its rank in a
    /// ranked table. A walk that reads an entry soon after it asks for it
    /// ([`PatternDb::prefetch`]) works it out once for both.
    #[inline]
    pub fn entry(&self, index: usize) -> usize {
        match &self.ranker {
            None => index,
            Some(ranker) => ranker.rank(index),
        }
    }

    /// Asks the processor to start loading `entry`, which a search will read soon: the tables
    /// are far larger than the caches, and a few loads in flight at once hide most of the wait.
    #[inline]
    pub fn prefetch(&self, entry: usize) {
        let byte = match self.distances {
            None => entry,
            Some(_) => nibbles::byte_of(entry),
        };
        if let Some(byte) = self.table().get(byte) {
            prefetch(byte);
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
}
