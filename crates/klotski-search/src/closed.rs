//! The table of reached states for searches that keep millions of them: the states in an
//! append-only arena, numbered from 0, found through an open-addressing index of their numbers.
//!
//! A number stands for a state in a queue (4 bytes where a packed state takes up to 128), and
//! a lookup can be announced ([`Closed::prefetch`]) before it is made, so the processor loads
//! the index entries of a state's children together instead of one after another: a search of
//! this size spends most of its time waiting for memory.

use std::hash::{Hash, Hasher};

/// States per arena chunk: chunks are never moved, so the arena grows without copying.
const CHUNK_BITS: u32 = 12;
const CHUNK: usize = 1 << CHUNK_BITS;

/// How many placements ahead a growing index asks for its slots.
const AHEAD: usize = 16;

/// Reached states with a value each (the move that reached it and its depth, say).
pub struct Closed<S, V> {
    /// Per slot: 0 when empty, else the state's number plus one in the low [`Closed::id_bits`]
    /// bits and, above them, the top bits of its hash's high half (a tag that rules out most
    /// mismatches without reading the arena). Four bytes a slot where a number and a 32-bit
    /// tag took eight: the index is read at random, and half its size is half the pages a
    /// lookup may have to walk to.
    index: Vec<u32>,
    /// The bits of a slot that hold a number: those of the index's length, a power of two
    /// that the numbers plus one stay below (the index grows before it is 5/8 full).
    id_bits: u32,
    chunks: Vec<Vec<(S, V)>>,
    len: usize,
}

/// A state's hash: computed once per state and handed to every table that looks it up.
pub fn hash_of<S: Hash>(state: &S) -> u64 {
    let mut hasher = fxhash::FxHasher64::default();
    state.hash(&mut hasher);
    hasher.finish()
}

impl<S: Copy + Eq + Hash, V: Copy> Default for Closed<S, V> {
    fn default() -> Self {
        Closed {
            index: empty_index(64),
            id_bits: 6,
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<S: Copy + Eq + Hash, V: Copy> Closed<S, V> {
    /// How many states the table holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Starts loading the index entry where the state of hash `hash` would be found.
    pub fn prefetch(&self, hash: u64) {
        prefetch(&self.index[self.slot(hash)]);
    }

    /// Starts loading the state the table likely holds under `hash`, if any: the one its index
    /// entry (asked for earlier by [`Closed::prefetch`]) names where the tags agree.
    pub fn prefetch_candidate(&self, hash: u64) {
        let entry = self.index[self.slot(hash)];
        if entry != 0 && entry & !self.numbers() == self.tag(hash) {
            self.prefetch_entry((entry & self.numbers()) - 1);
        }
    }

    /// [`Closed::prefetch_candidate`] for each of `hashes`: called once their index entries
    /// have had time to arrive, so that the states of the children already known are on their
    /// way together before the first is compared.
    pub fn prefetch_candidates(&self, hashes: &[u64]) {
        for &hash in hashes {
            self.prefetch_candidate(hash);
        }
    }

    /// The number of `state` (of hash `hash`), if the table holds it.
    pub fn find(&self, state: &S, hash: u64) -> Option<u32> {
        let (tag, numbers) = (self.tag(hash), self.numbers());
        let mask = self.index.len() - 1;
        let mut slot = self.slot(hash);
        loop {
            let entry = self.index[slot];
            if entry == 0 {
                return None;
            }
            let id = (entry & numbers).wrapping_sub(1);
            if entry & !numbers == tag && self.entry(id).0 == *state {
                return Some(id);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The bits of a slot that hold a number plus one.
    fn numbers(&self) -> u32 {
        (1 << self.id_bits) - 1
    }

    /// The tag of the state of hash `hash`, in place above a slot's number.
    fn tag(&self, hash: u64) -> u32 {
        (hash >> 32) as u32 & !self.numbers()
    }

    /// Starts loading the state numbered `id` and its value.
    pub fn prefetch_entry(&self, id: u32) {
        prefetch(self.entry(id));
    }

    /// The state numbered `id` and its value.
    pub fn entry(&self, id: u32) -> &(S, V) {
        &self.chunks[(id >> CHUNK_BITS) as usize][id as usize & (CHUNK - 1)]
    }

    /// The value of the state numbered `id`.
    pub fn value_mut(&mut self, id: u32) -> &mut V {
        &mut self.chunks[(id >> CHUNK_BITS) as usize][id as usize & (CHUNK - 1)].1
    }

    /// Adds `state` (of hash `hash`, not in the table) with `value`; returns its number.
    pub fn insert(&mut self, state: S, hash: u64, value: V) -> u32 {
        if (self.len + 1) * 8 > self.index.len() * 5 {
            self.grow_index();
        }
        let id = self.len as u32;
        if self.len.is_multiple_of(CHUNK) {
            self.chunks.push(Vec::with_capacity(CHUNK));
        }
        self.chunks
            .last_mut()
            .expect("a chunk")
            .push((state, value));
        self.len += 1;
        self.place(hash, id);
        id
    }

    /// Bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.index.len() * size_of::<u32>() + self.chunks.len() * CHUNK * size_of::<(S, V)>()
    }

    /// Bytes the next [`insert`](Self::insert) would add: a chunk, or a larger index (the old
    /// one is freed once the new one is filled, so both count).
    pub fn growth(&self) -> usize {
        let mut extra = 0;
        if self.len.is_multiple_of(CHUNK) {
            extra += CHUNK * size_of::<(S, V)>();
        }
        if (self.len + 1) * 8 > self.index.len() * 5 {
            extra += 2 * self.index.len() * size_of::<u32>();
        }
        extra
    }

    fn slot(&self, hash: u64) -> usize {
        hash as usize & (self.index.len() - 1)
    }

    fn place(&mut self, hash: u64, id: u32) {
        let mask = self.index.len() - 1;
        let mut slot = self.slot(hash);
        while self.index[slot] != 0 {
            slot = (slot + 1) & mask;
        }
        self.index[slot] = self.tag(hash) | (id + 1);
    }

    /// Doubles the index and places every state again. The placements land all over the new
    /// index: each state's slot is asked for [`AHEAD`] states before it is written, so that
    /// the writes' cache misses overlap instead of following one another.
    fn grow_index(&mut self) {
        self.index = empty_index(self.index.len() * 2);
        self.id_bits += 1;
        assert!(self.id_bits < u32::BITS, "a tag bit above the numbers");
        let mut hashes = [0u64; AHEAD];
        for id in 0..self.len + AHEAD {
            let ring = id % AHEAD;
            if id >= AHEAD {
                self.place(hashes[ring], (id - AHEAD) as u32);
            }
            if id < self.len {
                let hash = hash_of(&self.entry(id as u32).0);
                prefetch(&self.index[self.slot(hash)]);
                hashes[ring] = hash;
            }
        }
    }
}

/// An index of `len` empty slots, each of its pages written once now. Fresh memory reads as
/// the kernel's shared page of zeros until first written, and a lookup reads a slot before any
/// insert writes it: that write must then replace the page's mapping, which flushes the
/// address from every core running the process (an interrupt to each, costly in a virtual
/// machine), where a first write maps the page at once.
fn empty_index(len: usize) -> Vec<u32> {
    let mut index = vec![0u32; len];
    ask_for_huge_pages(&mut index);
    for slot in index.iter_mut().step_by(PAGE_BYTES / size_of::<u32>()) {
        // `black_box`: a store of the zero the slot already holds is not one to leave out.
        *slot = std::hint::black_box(0);
    }
    index
}

/// Asks the kernel to back `index` with huge pages (2 MiB) where it may: lookups land all
/// over the index, and with 4 KiB pages nearly every one also misses the processor's cache
/// of page translations. Linux only, and only where transparent huge pages are enabled for
/// memory that asks (`madvise`, the default of many distributions; under `always` it changes
/// nothing). It must come before the pages are first written, so that they are mapped huge.
fn ask_for_huge_pages(index: &mut [u32]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE_PAGE: usize = 2 << 20;
        let (start, bytes) = (index.as_mut_ptr() as usize, size_of_val(index));
        let (first, end) = (
            start.next_multiple_of(HUGE_PAGE),
            (start + bytes) / HUGE_PAGE * HUGE_PAGE,
        );
        if first < end {
            // SAFETY: the range lies within `index`, which this function borrows mutably, and
            // the advice changes how its pages are backed, never what they hold. A kernel
            // without the advice refuses it, which changes nothing.
            unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = index;
}

/// The smallest page size of the machines we run on.
const PAGE_BYTES: usize = 4096;

/// Asks the processor to start loading the memory `item` is in.
#[inline]
pub fn prefetch<T>(item: &T) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_it_holds_across_index_growth_and_chunks() {
        let mut table: Closed<u64, u16> = Closed::default();
        let count = 3 * CHUNK as u64 + 5;
        for n in 0..count {
            let key = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert_eq!(table.find(&key, hash_of(&key)), None);
            assert_eq!(table.insert(key, hash_of(&key), n as u16), n as u32);
        }
        assert_eq!(table.len() as u64, count);
        for n in (0..count).step_by(97) {
            let key = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let id = table.find(&key, hash_of(&key)).expect("held");
            assert_eq!(*table.entry(id), (key, n as u16));
            *table.value_mut(id) = 7;
            assert_eq!(table.entry(id).1, 7);
        }
        assert!(table.bytes() >= count as usize * size_of::<(u64, u16)>());
    }

    #[test]
    fn an_index_past_two_huge_pages_finds_what_it_holds() {
        // 700K states: an index of at least 4 MiB, which holds a whole huge page wherever it
        // lands, so the advice is given on its way.
        let mut table: Closed<u64, ()> = Closed::default();
        let count = 700_000u64;
        for n in 0..count {
            let key = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            table.insert(key, hash_of(&key), ());
        }
        assert!(table.index.len() * size_of::<u32>() >= 4 << 20);
        for n in 0..count {
            let key = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert_eq!(table.find(&key, hash_of(&key)), Some(n as u32));
        }
        let absent = count.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        assert_eq!(table.find(&absent, hash_of(&absent)), None);
    }
}
