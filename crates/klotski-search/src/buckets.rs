//! The open list of searches whose priorities are small integers: one stack per priority, the
//! lowest non-empty one popped first, so a push and a pop cost O(1) where a heap costs
//! O(log n), and within one priority the newest entry (usually the deepest) comes out first.

/// Entries a chunk of a priority's stack holds.
const CHUNK: usize = 1024;

/// Entries of type `T` by priority, lowest first, newest first within a priority.
///
/// Each priority's stack is a list of fixed chunks, all full but the last, so a push never
/// copies a large array to grow it, and a chunk emptied by pops is kept for the next push
/// (at any priority) instead of going back to the allocator: a search that takes out as many
/// entries as it puts in reuses the same memory.
#[derive(Clone, Debug)]
pub struct BucketQueue<T> {
    buckets: Vec<Vec<Vec<T>>>,
    spare: Vec<Vec<T>>,
    lowest: usize,
    /// Chunks ever allocated: those in the buckets and the spare ones, so the storage's size
    /// is known without walking every priority.
    chunks: usize,
}

impl<T> Default for BucketQueue<T> {
    fn default() -> Self {
        BucketQueue {
            buckets: Vec::new(),
            spare: Vec::new(),
            lowest: 0,
            chunks: 0,
        }
    }
}

impl<T> BucketQueue<T> {
    /// Adds `item` at `priority`.
    pub fn push(&mut self, priority: usize, item: T) {
        if priority >= self.buckets.len() {
            self.buckets.resize_with(priority + 1, Vec::new);
        }
        let bucket = &mut self.buckets[priority];
        match bucket.last_mut() {
            Some(chunk) if chunk.len() < CHUNK => chunk.push(item),
            _ => {
                let mut chunk = self.spare.pop().unwrap_or_else(|| {
                    self.chunks += 1;
                    Vec::with_capacity(CHUNK)
                });
                chunk.push(item);
                bucket.push(chunk);
            }
        }
        self.lowest = self.lowest.min(priority);
    }

    /// Takes the newest entry of the lowest priority, with that priority.
    pub fn pop(&mut self) -> Option<(usize, T)> {
        let priority = self.settle()?;
        let bucket = &mut self.buckets[priority];
        let chunk = bucket.last_mut().expect("a chunk");
        let item = chunk.pop().expect("no chunk is left empty");
        if chunk.is_empty() {
            let chunk = bucket.pop().expect("the last chunk");
            self.spare.push(chunk);
        }
        Some((priority, item))
    }

    /// The newest entry of the lowest priority, with that priority, left in the queue.
    pub fn peek(&mut self) -> Option<(usize, &T)> {
        let priority = self.settle()?;
        let chunk = self.buckets[priority].last().expect("a chunk");
        Some((priority, chunk.last().expect("no chunk is left empty")))
    }

    /// Moves `lowest` up to the lowest priority that has an entry, and returns it (`None`, and
    /// `lowest` past every priority, when the queue is empty): pushes only ever lower it.
    fn settle(&mut self) -> Option<usize> {
        let found = self.lowest_priority();
        self.lowest = found.unwrap_or(self.buckets.len());
        found
    }

    /// How many entries wait at the lowest priority that has any (0 when the queue is empty).
    pub fn lowest_len(&self) -> usize {
        self.lowest_priority().map_or(0, |priority| {
            let bucket = &self.buckets[priority];
            (bucket.len() - 1) * CHUNK + bucket.last().map_or(0, Vec::len)
        })
    }

    /// The lowest priority that has an entry.
    pub fn lowest_priority(&self) -> Option<usize> {
        (self.lowest..self.buckets.len()).find(|&p| !self.buckets[p].is_empty())
    }

    /// One more than the highest priority ever pushed: where the lowest priority stops rising
    /// once the queue is empty.
    pub fn span(&self) -> usize {
        self.buckets.len()
    }

    /// Bytes the entries' storage holds now, spare chunks included (the entries only: the
    /// per-priority lists of chunks are small beside them).
    pub fn bytes(&self) -> usize {
        self.chunks * CHUNK * size_of::<T>()
    }

    /// Bytes that pushing one entry at `priority` would add to [`bytes`](Self::bytes).
    pub fn growth(&self, priority: usize) -> usize {
        let room = (self.buckets.get(priority))
            .and_then(|bucket| bucket.last())
            .is_some_and(|chunk| chunk.len() < CHUNK);
        match room || !self.spare.is_empty() {
            true => 0,
            false => CHUNK * size_of::<T>(),
        }
    }
}

/// Entries by priority and, within a priority, by tier, the lowest of each first, the newest
/// first within a tier: a [`BucketQueue`] over both, with a count per priority so that the
/// entries of the lowest priority, all tiers together, are counted at once.
#[derive(Clone, Debug)]
pub struct TieredQueue<T> {
    queue: BucketQueue<T>,
    tiers: usize,
    counts: Vec<usize>,
}

impl<T> TieredQueue<T> {
    /// An empty queue of `tiers` tiers a priority.
    pub fn new(tiers: usize) -> Self {
        TieredQueue {
            queue: BucketQueue::default(),
            tiers,
            counts: Vec::new(),
        }
    }

    /// Adds `item` at `priority`, in tier `tier` (below the queue's tiers).
    pub fn push(&mut self, priority: usize, tier: usize, item: T) {
        debug_assert!(tier < self.tiers, "tier {tier} of {}", self.tiers);
        if priority >= self.counts.len() {
            self.counts.resize(priority + 1, 0);
        }
        self.counts[priority] += 1;
        self.queue.push(priority * self.tiers + tier, item);
    }

    /// Takes the newest entry of the lowest tier of the lowest priority, with that priority
    /// and tier.
    pub fn pop(&mut self) -> Option<(usize, usize, T)> {
        let (key, item) = self.queue.pop()?;
        let priority = key / self.tiers;
        self.counts[priority] -= 1;
        Some((priority, key % self.tiers, item))
    }

    /// The entry [`pop`](Self::pop) would take, with its priority, left in the queue.
    pub fn peek(&mut self) -> Option<(usize, &T)> {
        let tiers = self.tiers;
        self.queue.peek().map(|(key, item)| (key / tiers, item))
    }

    /// How many entries wait at the lowest priority that has any, all its tiers (0 when the
    /// queue is empty).
    pub fn lowest_len(&self) -> usize {
        (self.queue.lowest_priority()).map_or(0, |key| self.counts[key / self.tiers])
    }

    /// Bytes the entries' storage holds now (see [`BucketQueue::bytes`]).
    pub fn bytes(&self) -> usize {
        self.queue.bytes()
    }

    /// Bytes that pushing one entry at `priority` in tier `tier` would add.
    pub fn growth(&self, priority: usize, tier: usize) -> usize {
        self.queue.growth(priority * self.tiers + tier)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_priority_first_and_newest_first_within_one() {
        let mut queue = BucketQueue::default();
        for (priority, item) in [(3, 'a'), (1, 'b'), (3, 'c'), (1, 'd')] {
            queue.push(priority, item);
        }
        assert_eq!(queue.lowest_len(), 2);
        assert_eq!(queue.peek(), Some((1, &'d')));
        let popped: Vec<_> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(queue.lowest_len(), 0);
        assert_eq!(popped, [(1, 'd'), (1, 'b'), (3, 'c'), (3, 'a')]);
        queue.push(0, 'e');
        assert_eq!((queue.pop(), queue.span()), (Some((0, 'e')), 4));
    }

    #[test]
    fn a_tiered_queue_takes_the_lowest_tier_of_the_lowest_priority_and_counts_all_tiers() {
        let mut queue = TieredQueue::new(4);
        for (priority, tier, item) in [
            (2, 3, 'a'),
            (1, 2, 'b'),
            (2, 0, 'c'),
            (1, 2, 'd'),
            (1, 0, 'e'),
        ] {
            queue.push(priority, tier, item);
        }
        assert_eq!(queue.lowest_len(), 3);
        assert_eq!(queue.peek(), Some((1, &'e')));
        let popped: Vec<_> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(
            popped,
            [
                (1, 0, 'e'),
                (1, 2, 'd'),
                (1, 2, 'b'),
                (2, 0, 'c'),
                (2, 3, 'a')
            ]
        );
        assert_eq!(queue.lowest_len(), 0);
    }

    #[test]
    fn many_entries_across_chunks_come_out_newest_first_and_reuse_their_chunks() {
        let mut queue = BucketQueue::default();
        for n in 0..3 * CHUNK + 5 {
            queue.push(n % 2, n);
        }
        assert_eq!(queue.lowest_len(), (3 * CHUNK + 5).div_ceil(2));
        let held = queue.bytes();
        let popped: Vec<_> = std::iter::from_fn(|| queue.pop()).collect();
        let evens = (0..3 * CHUNK + 5).rev().filter(|n| n % 2 == 0);
        let odds = (0..3 * CHUNK + 5).rev().filter(|n| n % 2 == 1);
        let expected: Vec<_> = (evens.map(|n| (0, n)))
            .chain(odds.map(|n| (1, n)))
            .collect();
        assert_eq!(popped, expected);
        // Every chunk is kept: pushing as many again takes no more memory.
        assert_eq!(queue.bytes(), held);
        for n in 0..3 * CHUNK + 5 {
            assert_eq!(queue.growth(1 - n % 2), 0);
            queue.push(1 - n % 2, n);
        }
        assert_eq!(queue.bytes(), held);
    }
}
