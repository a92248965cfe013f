//! The open list of searches whose priorities are small integers: one stack per priority, the
//! lowest non-empty one popped first, so a push and a pop cost O(1) where a heap costs
//! O(log n), and within one priority the newest entry (usually the deepest) comes out first.

/// Entries of type `T` by priority, lowest first, newest first within a priority.
#[derive(Clone, Debug)]
pub struct BucketQueue<T> {
    buckets: Vec<Vec<T>>,
    lowest: usize,
}

impl<T> Default for BucketQueue<T> {
    fn default() -> Self {
        BucketQueue {
            buckets: Vec::new(),
            lowest: 0,
        }
    }
}

impl<T> BucketQueue<T> {
    /// Adds `item` at `priority`.
    pub fn push(&mut self, priority: usize, item: T) {
        if priority >= self.buckets.len() {
            self.buckets.resize_with(priority + 1, Vec::new);
        }
        self.buckets[priority].push(item);
        self.lowest = self.lowest.min(priority);
    }

    /// Takes the newest entry of the lowest priority, with that priority.
    pub fn pop(&mut self) -> Option<(usize, T)> {
        while let Some(bucket) = self.buckets.get_mut(self.lowest) {
            if let Some(item) = bucket.pop() {
                return Some((self.lowest, item));
            }
            self.lowest += 1;
        }
        None
    }

    /// How many entries wait at the lowest priority that has any (0 when the queue is empty).
    pub fn lowest_len(&self) -> usize {
        self.buckets[self.lowest.min(self.buckets.len())..]
            .iter()
            .map(Vec::len)
            .find(|&n| n > 0)
            .unwrap_or(0)
    }

    /// One more than the highest priority ever pushed: where the lowest priority stops rising
    /// once the queue is empty.
    pub fn span(&self) -> usize {
        self.buckets.len()
    }

    /// Bytes the entries' storage holds now (the entries only: the per-priority index is
    /// small beside them).
    pub fn bytes(&self) -> usize {
        let entries: usize = self.buckets.iter().map(Vec::capacity).sum();
        entries * size_of::<T>()
    }

    /// Bytes that pushing one entry at `priority` would add to [`bytes`](Self::bytes).
    pub fn growth(&self, priority: usize) -> usize {
        match self.buckets.get(priority) {
            Some(bucket) if bucket.len() < bucket.capacity() => 0,
            Some(bucket) => (bucket.capacity() * 2).max(4) * size_of::<T>(),
            None => 4 * size_of::<T>(),
        }
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
        let popped: Vec<_> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(queue.lowest_len(), 0);
        assert_eq!(popped, [(1, 'd'), (1, 'b'), (3, 'c'), (3, 'a')]);
        queue.push(0, 'e');
        assert_eq!((queue.pop(), queue.span()), (Some((0, 'e')), 4));
    }
}
