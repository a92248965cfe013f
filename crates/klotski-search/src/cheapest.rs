//! A* over weighted moves, for searches whose moves cost different amounts (a route that pays
//! more for pushing a tile away from its goal).
//!
//! Unlike [`astar`](super::astar::astar), which walks a [`Space`](super::Space) with unit moves,
//! these take their successors, costs and estimate as closures, in the style of the
//! `pathfinding` crate, so a solver's private search needs no state type of its own. Two
//! flavours: [`cheapest_path`] for small `Copy` nodes that are their own keys, ties broken by
//! the nodes' order; [`cheapest_by_key`] for nodes that carry more than their identity (the
//! contents of a window of the board, say), found again by a key, ties broken newest first.

use super::{BucketQueue, Estimate, Limits, Meter, Outcome, Search, table_growth, vec_growth};
use fxhash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;

/// Finds a cheapest path from `start` to a node `is_goal` accepts, where `successors` appends
/// each move out of a node with the node it reaches and its cost, and `estimate` bounds the
/// cost left from below, as an [`Estimate`] in units of cost (0 everywhere gives Dijkstra's
/// search). Nodes come out by lowest `cost + estimate`, then lowest cost, then lowest node, so
/// the result is the same on every run. The path found ends on [`Search::end`].
///
/// ```
/// use klotski_search::{Limits, cheapest_path};
/// // Steps of +1 cost 1 and steps of +3 cost 2: the cheapest way from 0 to 7 is two +3s and
/// // one +1, cost 5, not seven +1s, cost 7.
/// let succ = |n: &u32, out: &mut Vec<(u32, u32, u32)>| out.extend([(1, n + 1, 1), (3, n + 3, 2)]);
/// let limits = Limits::memory(1 << 20).expanding(1000);
/// let (moves, end) = cheapest_path(succ, 0u32, |n| *n == 7, |_: &u32| 0, &limits).found().unwrap();
/// assert_eq!((end, moves.len(), moves.iter().sum::<u32>()), (7, 3, 7));
/// ```
pub fn cheapest_path<N: Copy + Ord + Hash, M: Copy>(
    mut successors: impl FnMut(&N, &mut Vec<(M, N, u32)>),
    start: N,
    mut is_goal: impl FnMut(&N) -> bool,
    mut estimate: impl Estimate<N, M>,
    limits: &Limits,
) -> Search<M, N> {
    let mut meter = Meter::new(limits);
    // Per reached node: the cheapest cost found, and the node and move it came by.
    let mut reached: FxHashMap<N, (u32, Option<(N, M)>)> = FxHashMap::default();
    let mut open = BinaryHeap::new();
    reached.insert(start, (0, None));
    open.push(Reverse((estimate.at(&start), 0u32, start)));
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
            meter.stats.stored = reached.len() as u64;
            return Search {
                end: Some(node),
                ..Search::ended(Outcome::Found(moves), meter.stats)
            };
        }
        if let Err(stop) = meter.expand() {
            return Search::ended(Outcome::Stopped(stop), meter.stats);
        }
        children.clear();
        successors(&node, &mut children);
        for &(mv, child, step) in &children {
            let total = cost + step;
            if reached.get(&child).is_none_or(|&(known, _)| total < known) {
                let growth = table_growth(&reached) + heap_growth(&open);
                if let Err(stop) = meter.grow(heap_bytes(&reached, &open), growth) {
                    return Search::ended(Outcome::Stopped(stop), meter.stats);
                }
                reached.insert(child, (total, Some((node, mv))));
                open.push(Reverse((total + estimate.at(&child), total, child)));
            }
        }
    }
    meter.stats.stored = reached.len() as u64;
    Search::ended(Outcome::Exhausted, meter.stats)
}

/// Bytes the reached table and the open heap of [`cheapest_path`] hold.
fn heap_bytes<K, V, T>(reached: &FxHashMap<K, V>, open: &BinaryHeap<T>) -> usize {
    super::table_bytes(reached) + open.capacity() * size_of::<T>()
}

/// The bytes a heap's next growth allocates, or 0 when one more entry still fits.
fn heap_growth<T: Ord>(heap: &BinaryHeap<T>) -> usize {
    if heap.len() < heap.capacity() {
        0
    } else {
        (heap.capacity() * 2).max(4) * size_of::<T>()
    }
}

/// A reached node of [`cheapest_by_key`]: the node, its parent's index and the move from it
/// (none at the start), and the cost of the path that reached it.
struct Reached<N, M> {
    node: N,
    parent: u32,
    mv: Option<M>,
    cost: u32,
}

/// Finds a cheapest path from `start` to a node `is_goal` accepts, as [`cheapest_path`] does,
/// for nodes that are not their own keys: `key` names a node (with `successors`, it is the
/// space), and a node reached again at no
/// lower cost than its key's best is dropped (a key that merges nodes makes the search
/// inexact, never a path's cost wrong). Nodes come out by lowest `cost + estimate` from a
/// [`BucketQueue`], the newest first among equals, which dives through plateaus of free moves
/// where a heap would widen them. Memory counts the nodes' own size, not what they own on the
/// heap. The path found ends on [`Search::end`].
///
/// ```
/// use klotski_search::{Limits, cheapest_by_key};
/// // A node is a position on a line and the steps taken; only the position is its key.
/// // Steps right cost 1, steps left cost 3: from 5 to 2 costs 9.
/// let succ = |&(at, steps): &(i32, u32), out: &mut Vec<(i32, (i32, u32), u32)>| {
///     out.extend([(1, (at + 1, steps + 1), 1), (-1, (at - 1, steps + 1), 3)]);
/// };
/// let limits = Limits::memory(1 << 20).expanding(1000);
/// let search = cheapest_by_key(succ, |n| n.0 as u64, (5, 0), |n| n.0 == 2, |_: &_| 0, &limits);
/// let (moves, end) = search.found().unwrap();
/// assert_eq!((moves, end), (vec![-1, -1, -1], (2, 3)));
/// ```
pub fn cheapest_by_key<N, M: Copy>(
    mut successors: impl FnMut(&N, &mut Vec<(M, N, u32)>),
    mut key: impl FnMut(&N) -> u64,
    start: N,
    mut is_goal: impl FnMut(&N) -> bool,
    mut estimate: impl Estimate<N, M>,
    limits: &Limits,
) -> Search<M, N> {
    let mut meter = Meter::new(limits);
    let mut best: FxHashMap<u64, u32> = FxHashMap::default();
    best.insert(key(&start), 0);
    let mut open = BucketQueue::default();
    open.push(estimate.at(&start) as usize, 0u32);
    let mut nodes = vec![Reached {
        node: start,
        parent: u32::MAX,
        mv: None,
        cost: 0,
    }];
    let mut children = Vec::new();
    while let Some((_, index)) = open.pop() {
        let here = &nodes[index as usize];
        if best.get(&key(&here.node)).is_some_and(|&c| c < here.cost) {
            continue; // reached again more cheaply since it was queued
        }
        if is_goal(&here.node) {
            meter.stats.stored = nodes.len() as u64;
            return found(nodes, index, meter.stats);
        }
        if let Err(stop) = meter.expand() {
            return Search::ended(Outcome::Stopped(stop), meter.stats);
        }
        let cost = here.cost;
        children.clear();
        successors(&here.node, &mut children);
        for (mv, child, step) in children.drain(..) {
            let (child_key, total) = (key(&child), cost + step);
            if best.get(&child_key).is_some_and(|&c| c <= total) {
                continue;
            }
            // The open list holds an index per node: counted with the nodes, not bucket by
            // bucket, which would cost a pass over the buckets at every push.
            let open_bytes = nodes.len() * size_of::<u32>();
            let in_use = super::table_bytes(&best) + super::vec_bytes(&nodes) + open_bytes;
            let growth = table_growth(&best) + vec_growth(&nodes);
            if let Err(stop) = meter.grow(in_use, growth) {
                return Search::ended(Outcome::Stopped(stop), meter.stats);
            }
            best.insert(child_key, total);
            let priority = (total + estimate.at(&child)) as usize;
            nodes.push(Reached {
                node: child,
                parent: index,
                mv: Some(mv),
                cost: total,
            });
            open.push(priority, nodes.len() as u32 - 1);
        }
    }
    meter.stats.stored = nodes.len() as u64;
    Search::ended(Outcome::Exhausted, meter.stats)
}

/// The search that found node `end` of `nodes`: the moves that led there, and the node.
fn found<N, M: Copy>(mut nodes: Vec<Reached<N, M>>, end: u32, stats: super::Stats) -> Search<M, N> {
    let mut moves = Vec::new();
    let mut at = end as usize;
    while let Some(mv) = nodes[at].mv {
        moves.push(mv);
        at = nodes[at].parent as usize;
    }
    moves.reverse();
    let node = nodes.swap_remove(end as usize).node;
    Search {
        end: Some(node),
        ..Search::ended(Outcome::Found(moves), stats)
    }
}
