//! A* over weighted moves, for searches whose nodes are small keys and whose moves cost
//! different amounts (a route that pays more for pushing a tile away from its goal).
//!
//! Unlike [`astar`](super::astar::astar), which walks a [`Space`](super::Space) with unit moves,
//! this takes its successors, costs and estimate as closures, in the style of the `pathfinding`
//! crate, so a solver's private search needs no state type of its own.

use fxhash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;

/// The moves of the cheapest path found, the node it ends on and its cost.
pub type Cheapest<N, M> = (Vec<M>, N, u32);

/// Finds a cheapest path from `start` to a node `is_goal` accepts, where `successors` appends
/// each move out of a node with the node it reaches and its cost, and `estimate` bounds the
/// cost left from below (0 everywhere gives Dijkstra's search). Nodes come out by lowest
/// `cost + estimate`, then lowest cost, then lowest node, so the result is the same on every
/// run. `None` when more than `max_expanded` nodes were expanded or no goal is reachable.
///
/// ```
/// use klotski::search::cheapest_path;
/// // Steps of +1 cost 1 and steps of +3 cost 2: the cheapest way from 0 to 7 is two +3s and
/// // one +1, cost 5, not seven +1s, cost 7.
/// let succ = |n: &u32, out: &mut Vec<(u32, u32, u32)>| out.extend([(1, n + 1, 1), (3, n + 3, 2)]);
/// let (moves, end, cost) = cheapest_path(0u32, succ, |_| 0, |n| *n == 7, 1000).unwrap();
/// assert_eq!((end, cost, moves.iter().sum::<u32>()), (7, 5, 7));
/// ```
pub fn cheapest_path<N: Copy + Ord + Hash, M: Copy>(
    start: N,
    mut successors: impl FnMut(&N, &mut Vec<(M, N, u32)>),
    mut estimate: impl FnMut(&N) -> u32,
    mut is_goal: impl FnMut(&N) -> bool,
    max_expanded: usize,
) -> Option<Cheapest<N, M>> {
    // Per reached node: the cheapest cost found, and the node and move it came by.
    let mut reached: FxHashMap<N, (u32, Option<(N, M)>)> = FxHashMap::default();
    let mut open = BinaryHeap::new();
    reached.insert(start, (0, None));
    open.push(Reverse((estimate(&start), 0u32, start)));
    let mut expanded = 0;
    let mut children = Vec::new();
    while let Some(Reverse((_, cost, node))) = open.pop() {
        if reached[&node].0 < cost {
            continue; // reached again more cheaply since it was queued
        }
        if is_goal(&node) {
            let mut moves = Vec::new();
            let mut at = node;
            while let Some((parent, mv)) = reached[&at].1 {
                moves.push(mv);
                at = parent;
            }
            moves.reverse();
            return Some((moves, node, cost));
        }
        expanded += 1;
        if expanded > max_expanded {
            return None;
        }
        children.clear();
        successors(&node, &mut children);
        for &(mv, child, step) in &children {
            let total = cost + step;
            if reached.get(&child).is_none_or(|&(known, _)| total < known) {
                reached.insert(child, (total, Some((node, mv))));
                open.push(Reverse((total + estimate(&child), total, child)));
            }
        }
    }
    None
}
