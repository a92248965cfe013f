//! Breadth-first search from one start to any state a goal predicate accepts.

use super::{
    Limits, Meter, Outcome, Search, Space, Stats, table_bytes, table_growth, vec_bytes, vec_growth,
};
use fxhash::FxHashMap;

/// Finds a shortest path from `start` to a state for which `is_goal` holds, or proves none is
/// reachable by visiting every state reachable from `start`. `on_layer` is called after each
/// layer with the counters so far.
///
/// ```
/// use klotski_core::engine::{Board, Puzzle};
/// use klotski_search::{Limits, Outcome, bfs};
/// use klotski_core::solve::spaces::packed::PackedSpace;
///
/// // 1 2 / _ 3 on a 2x2 board: one move (3 left) from the goal 1 2 / 3 _.
/// let puzzle = Puzzle::numbered(Board::new(2, 2), &[1, 2, 0, 3], &[]).unwrap();
/// let space = PackedSpace::<1>::new(&puzzle).unwrap();
/// let (start, goal) = (space.encode(puzzle.start()), space.encode(&[0, 1, 2]));
/// let limits = Limits::memory(1 << 20);
/// let search = bfs(&space, start, |s| *s == goal, &limits, |_| {});
/// assert!(matches!(search.outcome, Outcome::Found(path) if path.len() == 1));
/// ```
pub fn bfs<P: Space>(
    space: &P,
    start: P::State,
    mut is_goal: impl FnMut(&P::State) -> bool,
    limits: &Limits,
    mut on_layer: impl FnMut(&Stats),
) -> Search<P::Move> {
    let mut meter = Meter::new(limits);
    let mut seen: FxHashMap<P::State, Option<P::Move>> = FxHashMap::default();
    seen.insert(start, None);
    let path_to = |seen: &FxHashMap<P::State, Option<P::Move>>, mut state: P::State| {
        let mut path = Vec::new();
        while let Some(m) = seen[&state] {
            path.push(m);
            state = space.predecessor(&state, m);
        }
        path.reverse();
        path
    };
    let outcome = 'search: {
        if is_goal(&start) {
            break 'search Outcome::Found(Vec::new());
        }
        let mut frontier = vec![start];
        let mut children = Vec::new();
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for state in &frontier {
                if let Err(stop) = meter.expand() {
                    break 'search Outcome::Stopped(stop);
                }
                children.clear();
                space.successors(state, &mut children);
                for &(mv, child) in &children {
                    if seen.contains_key(&child) {
                        continue;
                    }
                    let extra = table_growth(&seen) + vec_growth(&next);
                    if extra > 0 {
                        let in_use = table_bytes(&seen) + vec_bytes(&frontier) + vec_bytes(&next);
                        if let Err(stop) = meter.grow(in_use, extra) {
                            break 'search Outcome::Stopped(stop);
                        }
                    }
                    seen.insert(child, Some(mv));
                    if is_goal(&child) {
                        break 'search Outcome::Found(path_to(&seen, child));
                    }
                    next.push(child);
                }
            }
            meter.stats.stored = seen.len() as u64;
            on_layer(&meter.stats);
            frontier = next;
        }
        Outcome::Exhausted
    };
    meter.stats.stored = seen.len() as u64;
    Search::ended(outcome, meter.stats)
}
