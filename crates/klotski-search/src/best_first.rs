//! Weighted best-first search: fast paths, not necessarily shortest ones, through spaces far
//! too large to search exhaustively. Priority `g + weight * h`: weight 1 is A*, a large weight
//! is greedy.

use super::buckets::BucketQueue;
use super::{Estimate, Limits, Outcome, Search, Stats, Stop};
use fxhash::FxHashSet;

/// Expansions between two looks at the clock: fewer than the other searches', since one node
/// of a large board can cost what thousands of theirs do.
const CLOCK_EVERY: u64 = 256;

/// A node waiting in the arena: the node itself until it is expanded, its parent and the move
/// from the parent.
struct Entry<N, M> {
    node: Option<N>,
    parent: u32,
    mv: Option<M>,
    depth: u32,
}

/// A space given by closures whose nodes are built only when new: [`best_first`]'s nodes can
/// be as large as the board, so a child whose key was seen is never built.
pub struct KeyedSpace<Moves, Make> {
    /// Lists each move from a node with the key of the node it reaches. Nodes with equal keys
    /// are taken as the same node, so a key may merge nodes that are equivalent for the goal
    /// at hand.
    pub moves: Moves,
    /// Builds the node a move reaches.
    pub make: Make,
    /// What one node holds, counting what it owns on the heap.
    pub node_bytes: usize,
}

/// Searches `space` from `start` (a node and its key) for a node `is_goal` accepts, expanding
/// the node with the lowest `depth + weight * estimate` first (ties: the newest, which dives
/// through plateaus instead of widening them); the open list is a [`BucketQueue`] indexed by
/// that priority, so the estimate must stay a small integer, as a count of moves is. The
/// search stops when the nodes waiting to be expanded would take more than the limits' memory
/// (one search of a large board can take longer than a whole time limit, and its nodes can be
/// as large as the board). The path found ends on [`Search::end`]; a search that expanded
/// everything reachable is [`Outcome::Exhausted`].
///
/// ```
/// use klotski_search::{KeyedSpace, Limits, best_first};
/// // Nodes are integers and their own keys, moves are +1 and -1, the goal is 10.
/// let line = KeyedSpace {
///     moves: |&n: &i64, out: &mut Vec<(i64, u64)>| out.extend([(1, (n + 1) as u64), (-1, (n - 1) as u64)]),
///     make: |n: &i64, mv| n + mv,
///     node_bytes: 8,
/// };
/// let limits = Limits::memory(1 << 20).expanding(100);
/// let estimate = |n: &i64| (10 - n).unsigned_abs() as u32;
/// let (moves, end) = best_first(line, (0, 0), |n| *n == 10, estimate, 1, &limits)
///     .found()
///     .unwrap();
/// assert_eq!((moves.len(), end), (10, 10));
/// ```
pub fn best_first<N, M: Copy>(
    space: KeyedSpace<impl FnMut(&N, &mut Vec<(M, u64)>), impl FnMut(&N, M) -> N>,
    (start, start_key): (N, u64),
    mut is_goal: impl FnMut(&N) -> bool,
    mut estimate: impl Estimate<N, M>,
    weight: u32,
    limits: &Limits,
) -> Search<M, N> {
    let KeyedSpace {
        mut moves,
        mut make,
        node_bytes,
    } = space;
    let mut seen = FxHashSet::default();
    seen.insert(start_key);
    // The priorities index the open list's stacks.
    let priority = |p: u64| usize::try_from(p).expect("a priority the size of a count of moves");
    let mut open = BucketQueue::default();
    open.push(priority(weight as u64 * estimate.at(&start) as u64), 0u32);
    let mut arena = vec![Entry {
        node: Some(start),
        parent: 0,
        mv: None,
        depth: 0,
    }];
    let mut steps = Vec::new();
    let mut stats = Stats::default();
    let stop = |stop: Stop, stats: Stats| Search::ended(Outcome::Stopped(stop), stats);
    let most_waiting = limits.max_memory / node_bytes.max(1);
    let mut waiting = 1usize;
    while let Some((_, index)) = open.pop() {
        waiting -= 1;
        let node = arena[index as usize]
            .node
            .take()
            .expect("each entry is expanded once");
        if is_goal(&node) {
            let mut moves = Vec::new();
            let mut at = index as usize;
            while let Some(mv) = arena[at].mv {
                moves.push(mv);
                at = arena[at].parent as usize;
            }
            moves.reverse();
            stats.stored = arena.len() as u64;
            return Search {
                end: Some(node),
                ..Search::ended(Outcome::Found(moves), stats)
            };
        }
        stats.expanded += 1;
        if limits
            .max_expanded
            .is_some_and(|most| stats.expanded > most)
        {
            return stop(Stop::Work, stats);
        }
        if stats.expanded % CLOCK_EVERY == 1
            && let Some(expired) = limits.expired()
        {
            return stop(expired, stats);
        }
        let depth = arena[index as usize].depth + 1;
        steps.clear();
        moves(&node, &mut steps);
        for (mv, key) in steps.drain(..) {
            if seen.insert(key) {
                let child = make(&node, mv);
                waiting += 1;
                if waiting > most_waiting {
                    return stop(Stop::Memory(limits.max_memory), stats);
                }
                stats.peak_bytes = stats.peak_bytes.max(waiting * node_bytes);
                let priority = priority(depth as u64 + weight as u64 * estimate.at(&child) as u64);
                open.push(priority, arena.len() as u32);
                arena.push(Entry {
                    node: Some(child),
                    parent: index,
                    mv: Some(mv),
                    depth,
                });
            }
        }
    }
    stats.stored = arena.len() as u64;
    Search::ended(Outcome::Exhausted, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_up_when_out_of_nodes_time_or_memory() {
        // Nodes are integers; moves +1 and -1; goal 10 (the doctest finds it).
        let moves = |&n: &i64, out: &mut Vec<(i64, u64)>| {
            out.extend([(1, (n + 1) as u64), (-1, (n - 1) as u64)])
        };
        let h = |n: &i64| (10 - n).unsigned_abs() as u32;
        let run = |max_nodes, limits: Limits| {
            let limits = limits.expanding(max_nodes);
            let line = KeyedSpace {
                moves,
                make: |n: &i64, mv| n + mv,
                node_bytes: 8,
            };
            best_first(line, (0, 0), |n| *n == 10, h, 1, &limits).outcome
        };
        let found = |outcome: Outcome<i64>| matches!(outcome, Outcome::Found(_));
        let unlimited = Limits::memory(usize::MAX);
        assert!(found(run(1000, unlimited.clone())));
        assert_eq!(run(5, unlimited), Outcome::Stopped(Stop::Work));
        let expired = Limits::memory(usize::MAX).until(std::time::Instant::now());
        assert_eq!(run(1000, expired), Outcome::Stopped(Stop::Time));
        // Two nodes wait after each expansion on the way to the goal: room for one is too
        // little, room for two is enough.
        assert_eq!(
            run(1000, Limits::memory(8)),
            Outcome::Stopped(Stop::Memory(8))
        );
        assert!(found(run(1000, Limits::memory(16))));
    }
}
