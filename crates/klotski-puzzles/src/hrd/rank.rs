//! A sorted set of layout codes that numbers them 0, 1, 2, ... in ascending order and finds a
//! code's number fast, in about 2 bytes per code: the index arrays of the census.
//!
//! A 36-bit code splits into its top 20 bits, which pick one of 2^20 buckets, and its low 16
//! bits, stored in a sorted run per bucket. A code's rank is its bucket's first rank plus its
//! place in the run (a binary search over a few dozen neighbouring `u16`s, one or two cache
//! lines). All 29,334,498 legal codes take 59 MB of runs and 4 MB of bucket starts.

use super::code::Code;

/// Bits of a code below its bucket number.
const LOW_BITS: u32 = 16;
/// Buckets: one per value of a 36-bit code's top 20 bits.
const BUCKETS: usize = 1 << (36 - LOW_BITS);

/// Codes in ascending order, with ranks.
#[derive(Clone, Debug)]
pub struct CodeIndex {
    /// `start[b]..start[b + 1]`: the ranks of the codes in bucket `b`.
    start: Vec<u32>,
    /// The low bits of every code, ascending within each bucket.
    low: Vec<u16>,
}

impl CodeIndex {
    /// Collects the codes `feed` passes to its callback, which must come strictly ascending.
    ///
    /// # Panics
    /// When a code does not exceed the one before it, or more than `u32::MAX` codes come.
    pub fn build(feed: impl FnOnce(&mut dyn FnMut(Code))) -> CodeIndex {
        let mut start = vec![0u32; BUCKETS + 1];
        let mut low = Vec::new();
        let mut last: Option<u64> = None;
        feed(&mut |code: Code| {
            let value = code.value();
            assert!(last < Some(value), "codes must come in ascending order");
            last = Some(value);
            // Count per bucket now; turned into starts below.
            start[(value >> LOW_BITS) as usize + 1] += 1;
            low.push(value as u16);
        });
        assert!(u32::try_from(low.len()).is_ok(), "too many codes to rank");
        for b in 0..BUCKETS {
            start[b + 1] += start[b];
        }
        low.shrink_to_fit();
        CodeIndex { start, low }
    }

    /// Number of codes.
    pub fn len(&self) -> usize {
        self.low.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.low.is_empty()
    }

    /// The rank of `value` (a 36-bit code), or `None` when it is not in the set.
    #[inline]
    pub fn rank(&self, value: u64) -> Option<u32> {
        let bucket = usize::try_from(value >> LOW_BITS)
            .ok()
            .filter(|&b| b < BUCKETS)?;
        let (first, end) = (self.start[bucket], self.start[bucket + 1]);
        let run = &self.low[first as usize..end as usize];
        run.binary_search(&(value as u16))
            .ok()
            .map(|i| first + i as u32)
    }

    /// How many codes are below `value`: the rank `value` has or would have.
    pub fn count_below(&self, value: u64) -> u32 {
        let bucket = usize::try_from(value >> LOW_BITS).map_or(BUCKETS, |b| b.min(BUCKETS));
        if bucket == BUCKETS {
            return self.start[BUCKETS];
        }
        let (first, end) = (self.start[bucket], self.start[bucket + 1]);
        let run = &self.low[first as usize..end as usize];
        first + run.partition_point(|&low| low < value as u16) as u32
    }

    /// Every code with its rank, ascending.
    pub fn iter(&self) -> impl Iterator<Item = (u32, Code)> + '_ {
        self.iter_from(0)
    }

    /// The codes from rank `from` on, with their ranks, ascending.
    pub fn iter_from(&self, from: u32) -> impl Iterator<Item = (u32, Code)> + '_ {
        // The bucket of rank `from`: the last bucket starting at or before it.
        let mut bucket = self.start.partition_point(|&s| s <= from).saturating_sub(1);
        (from as usize..self.low.len()).map(move |rank| {
            while self.start[bucket + 1] as usize <= rank {
                bucket += 1;
            }
            let value = (bucket as u64) << LOW_BITS | u64::from(self.low[rank]);
            (rank as u32, Code::trusted(value))
        })
    }

    /// The code of rank `rank`.
    ///
    /// # Panics
    /// When `rank` is not below [`CodeIndex::len`].
    pub fn code(&self, rank: u32) -> Code {
        self.iter_from(rank).next().expect("a rank below len").1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hrd::enumerate;

    #[test]
    fn ranks_follow_the_ascending_order() {
        let mut codes = Vec::new();
        enumerate::for_each(|code, mix| {
            if mix.jiang == 5 && mix.bing == 4 && mix.style == 1 {
                codes.push(code);
            }
        });
        let index = CodeIndex::build(|add| codes.iter().for_each(|&c| add(c)));
        assert_eq!(index.len(), codes.len());
        for (i, &code) in codes.iter().enumerate().step_by(97) {
            assert_eq!(index.rank(code.value()), Some(i as u32));
            assert_eq!(index.code(i as u32), code);
        }
        let listed: Vec<Code> = index.iter().map(|(_, c)| c).collect();
        assert_eq!(listed, codes);
        assert_eq!(index.rank(0x1A9BF0C01), None);
        let opening = index.rank(0x1A9BF0C00).unwrap();
        assert_eq!(index.count_below(0x1A9BF0C00), opening);
        assert_eq!(index.count_below(0x1A9BF0C01), opening + 1);
        assert_eq!(index.count_below(0), 0);
        assert_eq!(index.count_below(u64::MAX), codes.len() as u32);
        assert_eq!(index.rank(u64::MAX), None);
    }
}
