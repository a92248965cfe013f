//! Weighted best-first search: fast paths, not necessarily shortest ones, through spaces far
//! too large to search exhaustively. Priority `g + weight * h`: weight 1 is A*, a large weight
//! is greedy.

use super::Limits;
use fxhash::FxHashSet;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How much one search may spend: expansions, and the caller's limits, whose deadline,
/// cancellation and memory stop it whatever is left of them (one search of a large board can
/// take longer than a whole time limit, and its nodes can be as large as the board).
#[derive(Clone, Copy, Debug)]
pub struct Budget<'a> {
    /// Most nodes expanded.
    pub max_nodes: usize,
    /// The deadline, the cancellation and the memory to heed.
    pub limits: &'a Limits,
    /// Bytes one node holds, counting what it owns on the heap: the search gives up when the
    /// nodes waiting to be expanded would take more than the limits' memory.
    pub node_bytes: usize,
}

/// Expansions between two looks at the clock.
const CLOCK_EVERY: usize = 256;

/// A node waiting in the arena: the node itself until it is expanded, its parent and the move
/// from the parent.
struct Entry<N, M> {
    node: Option<N>,
    parent: u32,
    mv: Option<M>,
    depth: u32,
}

/// The moves of the path found, and the node it ends on.
pub type Found<N, M> = (Vec<M>, N);

/// Searches from `start` for a node `is_goal` accepts, expanding the node with the lowest
/// `depth + weight * heuristic` first (ties: the newest, which dives through plateaus instead
/// of widening them). Nodes with equal `key`s are taken as
/// the same node, so `key` may merge nodes that are equivalent for the goal at hand. Gives up
/// (`None`) when the `budget` is spent or everything reachable was expanded.
///
/// ```
/// use klotski::search::{Budget, Limits, best_first};
/// // Nodes are integers, moves are +1 and -1, the goal is 10.
/// let limits = Limits::memory(1 << 20);
/// let budget = Budget { max_nodes: 100, limits: &limits, node_bytes: 8 };
/// let (moves, end) = best_first(
///     0i64,
///     |n, out| out.extend([(1, n + 1), (-1, n - 1)]),
///     |n| (10 - n).unsigned_abs(),
///     |n| *n as u64,
///     |n| *n == 10,
///     1,
///     budget,
/// )
/// .unwrap();
/// assert_eq!((moves.len(), end), (10, 10));
/// ```
pub fn best_first<N, M: Copy>(
    start: N,
    mut successors: impl FnMut(&N, &mut Vec<(M, N)>),
    mut heuristic: impl FnMut(&N) -> u64,
    mut key: impl FnMut(&N) -> u64,
    mut is_goal: impl FnMut(&N) -> bool,
    weight: u64,
    budget: Budget<'_>,
) -> Option<Found<N, M>> {
    let mut seen = FxHashSet::default();
    seen.insert(key(&start));
    let mut heap = BinaryHeap::new();
    heap.push((Reverse(weight * heuristic(&start)), 0u32));
    let mut arena = vec![Entry {
        node: Some(start),
        parent: 0,
        mv: None,
        depth: 0,
    }];
    let mut children = Vec::new();
    let mut expanded = 0;
    let most_waiting = budget.limits.max_memory / budget.node_bytes.max(1);
    let mut waiting = 1usize;
    while let Some((_, index)) = heap.pop() {
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
            return Some((moves, node));
        }
        expanded += 1;
        let look = expanded % CLOCK_EVERY == 1;
        if expanded > budget.max_nodes || look && budget.limits.expired().is_some() {
            return None;
        }
        let depth = arena[index as usize].depth + 1;
        children.clear();
        successors(&node, &mut children);
        for (mv, child) in children.drain(..) {
            if seen.insert(key(&child)) {
                waiting += 1;
                if waiting > most_waiting {
                    return None;
                }
                let priority = depth as u64 + weight * heuristic(&child);
                heap.push((Reverse(priority), arena.len() as u32));
                arena.push(Entry {
                    node: Some(child),
                    parent: index,
                    mv: Some(mv),
                    depth,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_up_when_out_of_nodes_time_or_memory() {
        // Nodes are integers; moves +1 and -1; goal 10 (the doctest finds it).
        let succ = |n: &i64, out: &mut Vec<(i64, i64)>| out.extend([(1, n + 1), (-1, n - 1)]);
        let h = |n: &i64| (10 - n).unsigned_abs();
        let run = |max_nodes, limits: &Limits, node_bytes| {
            let budget = Budget {
                max_nodes,
                limits,
                node_bytes,
            };
            best_first(0i64, succ, h, |n| *n as u64, |n| *n == 10, 1, budget)
        };
        let unlimited = Limits::memory(usize::MAX);
        assert!(run(1000, &unlimited, 8).is_some());
        assert!(run(5, &unlimited, 8).is_none());
        let expired = Limits::memory(usize::MAX).until(std::time::Instant::now());
        assert!(run(1000, &expired, 8).is_none());
        // Two nodes wait after each expansion on the way to the goal: room for one is too
        // little, room for two is enough.
        assert!(run(1000, &Limits::memory(8), 8).is_none());
        assert!(run(1000, &Limits::memory(16), 8).is_some());
    }
}
