//! A* from one start to any state a goal predicate accepts, guided by an admissible heuristic.
//!
//! The open list is a [`BucketQueue`] indexed by `f = g + h` (path costs are small integers), each
//! bucket a stack so that among equal `f` the deepest state comes out first and a goal is
//! reached soon once the bound is right. The closed table ([`Closed`], bidirectional A*'s:
//! states in an arena, found through an index whose entries can be asked for ahead) keeps one
//! move and a 16-bit depth per state, and the open list holds each state's number in it, so a
//! child's entry is on its way while its siblings are generated and rated.
//! A state met again by a shorter path is reopened, and a child's `f` is raised to its parent's
//! (pathmax), so the result stays optimal when the heuristic is admissible without being
//! consistent (pattern databases that take the least over blank places are not).
//!
//! The same loop runs weighted A* and greedy best-first: the priority changes ([`Weights`]),
//! and pathmax and reopening are kept for plain A*, where they protect optimality. A weighted
//! search keeps the first path it finds to each state: reopening a state met again by a
//! shorter path spends its expansions going over ground already searched, where they serve
//! the search better reaching new states (the textbook bound of `w` times the shortest is
//! given up with it, so none is claimed).

use super::closed::{Closed, hash_of};
use super::{BucketQueue, Estimate, Limits, Meter, Outcome, Search, Space, Stats, Stop};

/// What the closed table keeps per state: the move that reached it and its depth.
#[derive(Clone, Copy)]
struct Node<M> {
    mv: Option<M>,
    depth: u16,
}

/// The priority of an open state: `depth * g + estimate * h`, smallest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Weight of the moves made so far.
    pub depth: u32,
    /// Weight of the heuristic's estimate of the moves left.
    pub estimate: u32,
}

impl Weights {
    /// Plain A*: shortest paths when the heuristic never overestimates.
    pub const ASTAR: Weights = Weights {
        depth: 1,
        estimate: 1,
    };
    /// Greedy best-first: the estimate alone; fast, with no bound on the path's length.
    pub const GREEDY: Weights = Weights {
        depth: 0,
        estimate: 1,
    };

    /// Weighted A* with the estimate counted `w` times: the larger `w`, the sooner a path is
    /// found and the longer it tends to be.
    pub fn weighted(w: u32) -> Weights {
        Weights {
            depth: 1,
            estimate: w,
        }
    }
}

/// Finds a shortest path from `start` to a state for which `is_goal` holds. `heuristic` (any
/// `FnMut(&State) -> u32`, or an [`Estimate`] that rates a child from its parent) must never
/// overestimate the remaining moves; a state it rates `u32::MAX` is known to be a dead end.
/// `on_bound` is called each time the smallest open `f` grows, with that bound and the
/// counters so far. `Exhausted` means no goal is reachable from `start`.
///
/// ```
/// use klotski_core::engine::{Board, Puzzle};
/// use klotski_search::{Limits, Outcome, astar};
/// use klotski_core::solve::spaces::packed::PackedSpace;
///
/// // 1 2 / _ 3 on a 2x2 board: one move (3 left) from the goal 1 2 / 3 _.
/// let puzzle = Puzzle::numbered(Board::new(2, 2), &[1, 2, 0, 3], &[]).unwrap();
/// let space = PackedSpace::<1>::new(&puzzle).unwrap();
/// let (start, goal) = (space.encode(puzzle.start()), space.encode(&[0, 1, 2]));
/// let limits = Limits::memory(1 << 20);
/// let search = astar(&space, start, |s| *s == goal, |_: &_| 0, &limits, |_, _| {});
/// assert!(matches!(search.outcome, Outcome::Found(path) if path.len() == 1));
/// ```
pub fn astar<P: Space>(
    space: &P,
    start: P::State,
    is_goal: impl FnMut(&P::State) -> bool,
    heuristic: impl Estimate<P::State, P::Move>,
    limits: &Limits,
    on_bound: impl FnMut(u32, &Stats),
) -> Search<P::Move> {
    weighted_astar(
        space,
        start,
        is_goal,
        heuristic,
        Weights::ASTAR,
        limits,
        on_bound,
    )
}

/// [`astar`] with the open states ordered by `weights` instead of `g + h`: the path found is
/// then not necessarily shortest (except with [`Weights::ASTAR`]), but `Exhausted` still means
/// that no goal is reachable. Other weights than [`Weights::ASTAR`] keep the first path found
/// to each state: a state is queued once, and never reopened.
///
/// ```
/// use klotski_core::engine::{Board, Puzzle};
/// use klotski_search::{Limits, Outcome, Weights, weighted_astar};
/// use klotski_core::solve::spaces::packed::PackedSpace;
///
/// // 1 2 / _ 3 on a 2x2 board: one move (3 left) from the goal 1 2 / 3 _.
/// let puzzle = Puzzle::numbered(Board::new(2, 2), &[1, 2, 0, 3], &[]).unwrap();
/// let space = PackedSpace::<1>::new(&puzzle).unwrap();
/// let (start, goal) = (space.encode(puzzle.start()), space.encode(&[0, 1, 2]));
/// let limits = Limits::memory(1 << 20);
/// let greedy = Weights::GREEDY;
/// let search = weighted_astar(&space, start, |s| *s == goal, |_: &_| 0, greedy, &limits, |_, _| {});
/// assert!(matches!(search.outcome, Outcome::Found(_)));
/// ```
pub fn weighted_astar<P: Space>(
    space: &P,
    start: P::State,
    mut is_goal: impl FnMut(&P::State) -> bool,
    mut heuristic: impl Estimate<P::State, P::Move>,
    weights: Weights,
    limits: &Limits,
    mut on_bound: impl FnMut(u32, &Stats),
) -> Search<P::Move> {
    let priority = |depth: u16, h: u32| {
        depth as usize * weights.depth as usize + h as usize * weights.estimate as usize
    };
    // Plain A*: its bound is a lower bound, and it keeps pathmax and reopening.
    let plain = weights == Weights::ASTAR;
    let mut meter = Meter::new(limits);
    let mut closed: Closed<P::State, Node<P::Move>> = Closed::default();
    // Each open state's number in the table, with its depth and estimate, from which its
    // children's are rated.
    let mut open: BucketQueue<(u32, u16, u32)> = BucketQueue::default();
    let outcome = 'search: {
        let h0 = heuristic.at(&start);
        if h0 == u32::MAX {
            break 'search Outcome::Exhausted;
        }
        let id = closed.insert(start, hash_of(&start), Node { mv: None, depth: 0 });
        let f0 = priority(0, h0);
        open.push(f0, (id, 0, h0));
        let mut bound = f0;
        let (mut children, mut hashes) = (Vec::new(), Vec::new());
        loop {
            let Some((f, (id, depth, h_state))) = open.pop() else {
                while bound < open.span() {
                    bound += 1;
                    on_bound(bound as u32, &meter.stats);
                }
                break 'search Outcome::Exhausted;
            };
            // The next state likely to come out is asked for now, to have arrived by then.
            if let Some((_, &(next, ..))) = open.peek() {
                closed.prefetch_entry(next);
            }
            while bound < f {
                bound += 1;
                // Every open state rates at least `f`: unweighted, no path is shorter.
                if plain {
                    meter.stats.lower_bound = bound as u32;
                }
                on_bound(bound as u32, &meter.stats);
            }
            let (state, node) = *closed.entry(id);
            if node.depth != depth {
                continue; // reached again by a shorter path since it was queued
            }
            if is_goal(&state) {
                break 'search Outcome::Found(path_to(space, &closed, state));
            }
            if let Err(stop) = meter.expand() {
                break 'search Outcome::Stopped(stop);
            }
            // Depths past 16 bits do not fit the compact table: treated as running out of room.
            let Some(child_depth) = depth.checked_add(1) else {
                break 'search Outcome::Stopped(Stop::Memory(meter.limits.max_memory));
            };
            children.clear();
            space.successors(&state, &mut children);
            // Every child's table entry is asked for before the first is read.
            hashes.clear();
            for (_, child) in &children {
                let hash = hash_of(child);
                closed.prefetch(hash);
                hashes.push(hash);
            }
            heuristic.prepare(&state);
            closed.prefetch_candidates(&hashes);
            for (&(mv, child), &hash) in children.iter().zip(&hashes) {
                let known = closed.find(&child, hash);
                if known.is_some_and(|id| !plain || closed.entry(id).1.depth <= child_depth) {
                    continue;
                }
                let h = heuristic.after(&state, h_state, mv, &child);
                if h == u32::MAX {
                    continue;
                }
                let f = priority(child_depth, h);
                let f = if plain {
                    // Never below the parent's bound (pathmax): a database bound may drop by
                    // more than one over a move, and the queue only moves forward.
                    f.max(bound)
                } else {
                    // Other orders may step back: the lowest open priority goes first.
                    bound = bound.min(f);
                    f
                };
                let extra = known.map_or(closed.growth(), |_| 0) + open.growth(f);
                if extra > 0
                    && let Err(stop) = meter.grow(closed.bytes() + open.bytes(), extra)
                {
                    break 'search Outcome::Stopped(stop);
                }
                let node = Node {
                    mv: Some(mv),
                    depth: child_depth,
                };
                let id = match known {
                    Some(id) => {
                        *closed.value_mut(id) = node;
                        id
                    }
                    None => closed.insert(child, hash, node),
                };
                open.push(f, (id, child_depth, h));
            }
        }
    };
    meter.stats.stored = closed.len() as u64;
    Search::ended(outcome, meter.stats)
}

/// The moves from the start to `state`, read back through the closed table.
fn path_to<P: Space>(
    space: &P,
    closed: &Closed<P::State, Node<P::Move>>,
    mut state: P::State,
) -> Vec<P::Move> {
    let mut path = Vec::new();
    let node = |state: &P::State| {
        let id = closed.find(state, hash_of(state)).expect("in the table");
        closed.entry(id).1
    };
    while let Some(mv) = node(&state).mv {
        path.push(mv);
        state = space.predecessor(&state, mv);
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{Graph, weighted_to_nine};

    #[test]
    fn a_weighted_search_keeps_the_first_path_to_each_state() {
        // 0-1-2-3 reaches 3 first (3 moves), 0-4-3 later (2 moves); 3-5-9 goes on to the goal.
        let graph = Graph(vec![(0, 1), (1, 2), (2, 3), (0, 4), (4, 3), (3, 5), (5, 9)]);
        let admissible = |s: &u8| [2, 1, 1, 1, 2, 1, 0, 0, 0, 0][*s as usize];
        let run = |weights| weighted_to_nine(&graph, &admissible, weights);
        // Plain A* reopens 3 once 4 finds it shorter: the shortest path, 4 moves.
        let shortest = run(Weights::ASTAR);
        assert_eq!(
            shortest.outcome,
            Outcome::Found(vec![(0, 4), (4, 3), (3, 5), (5, 9)])
        );
        // Weight 2 met 3 first through 2 and keeps that path (reopened, 3 would lead to the
        // shortest path here too): each state expanded once.
        let weighted = run(Weights::weighted(2));
        let first = vec![(0, 1), (1, 2), (2, 3), (3, 5), (5, 9)];
        assert_eq!(weighted.outcome, Outcome::Found(first));
        assert_eq!(weighted.stats.expanded, 6);
    }
}
