//! Bidirectional breadth-first search between one start and one goal state.
//!
//! Both sides expand whole layers, the smaller frontier first, and every new state is looked up
//! in the other side's table. Because the tables stay disjoint until that first meeting and each
//! holds complete layers, the first meeting closes a shortest path: with the forward side done
//! to depth `a` and the backward side to depth `b`, no path shorter than `a + b + 1` can exist
//! (it would have a state within both depths, already in both tables), and the meeting state
//! found while building layer `a + 1` gives exactly that length.

use super::{
    Limits, Meter, Outcome, Reversible, Search, Space, Stats, Stop, table_bytes, table_growth,
    vec_bytes, vec_growth,
};
use fxhash::FxHashMap;

/// One direction of the search: every state it reached with the move that reached it.
struct Side<S, M> {
    seen: FxHashMap<S, Option<M>>,
    frontier: Vec<S>,
}

impl<S: Copy + Eq + std::hash::Hash, M: Copy> Side<S, M> {
    fn new(root: S) -> Self {
        let mut seen = FxHashMap::default();
        seen.insert(root, None);
        Side {
            seen,
            frontier: vec![root],
        }
    }

    fn bytes(&self) -> usize {
        table_bytes(&self.seen) + vec_bytes(&self.frontier)
    }
}

/// Finds a shortest path from `start` to `goal`, or proves there is none by exhausting the
/// component of either one. `on_layer` is called after each layer with the counters so far.
///
/// ```
/// use klotski_core::engine::{Board, Puzzle};
/// use klotski_search::{Limits, Outcome, bidirectional_bfs};
/// use klotski_core::solve::spaces::packed::PackedSpace;
///
/// // 1 2 / _ 3 on a 2x2 board: one move (3 left) from the goal 1 2 / 3 _.
/// let puzzle = Puzzle::numbered(Board::new(2, 2), &[1, 2, 0, 3], &[]).unwrap();
/// let space = PackedSpace::<1>::new(&puzzle).unwrap();
/// let (start, goal) = (space.encode(puzzle.start()), space.encode(&[0, 1, 2]));
/// let limits = Limits::memory(1 << 20);
/// let search = bidirectional_bfs(&space, start, goal, &limits, |_| {});
/// assert!(matches!(search.outcome, Outcome::Found(path) if path.len() == 1));
/// ```
pub fn bidirectional_bfs<P: Reversible>(
    space: &P,
    start: P::State,
    goal: P::State,
    limits: &Limits,
    mut on_layer: impl FnMut(&Stats),
) -> Search<P::Move> {
    let mut meter = Meter::new(limits);
    let outcome = if start == goal {
        Outcome::Found(Vec::new())
    } else {
        let mut forward = Side::new(start);
        let mut backward = Side::new(goal);
        let outcome = loop {
            if forward.frontier.is_empty() || backward.frontier.is_empty() {
                break Outcome::Exhausted;
            }
            let grow_forward = forward.frontier.len() <= backward.frontier.len();
            let step = if grow_forward {
                expand_layer(space, &mut forward, &backward, &mut meter)
            } else {
                expand_layer(space, &mut backward, &forward, &mut meter)
            };
            meter.stats.stored = (forward.seen.len() + backward.seen.len()) as u64;
            match step {
                Err(stop) => break Outcome::Stopped(stop),
                Ok(Some(Meeting { near, mv, far })) => {
                    let path = if grow_forward {
                        join(space, &forward, near, mv, &backward, far)
                    } else {
                        join(space, &forward, far, space.reverse(mv), &backward, near)
                    };
                    break Outcome::Found(path);
                }
                Ok(None) => on_layer(&meter.stats),
            }
        };
        meter.stats.stored = (forward.seen.len() + backward.seen.len()) as u64;
        outcome
    };
    Search::ended(outcome, meter.stats)
}

/// Where the two sides met: `mv` leads from `near`, on the side just expanded, to `far`, on the
/// other side.
struct Meeting<S, M> {
    near: S,
    mv: M,
    far: S,
}

/// A finished layer (`None`), a meeting, or the limit that stopped the layer.
type LayerResult<P> = Result<Option<Meeting<<P as Space>::State, <P as Space>::Move>>, Stop>;

/// Replaces `side`'s frontier by the next layer. Returns the first meeting with `other`.
fn expand_layer<P: Reversible>(
    space: &P,
    side: &mut Side<P::State, P::Move>,
    other: &Side<P::State, P::Move>,
    meter: &mut Meter,
) -> LayerResult<P> {
    let frontier = std::mem::take(&mut side.frontier);
    let mut next = Vec::new();
    let mut children = Vec::new();
    for state in &frontier {
        meter.expand()?;
        children.clear();
        space.successors(state, &mut children);
        for &(mv, child) in &children {
            if side.seen.contains_key(&child) {
                continue;
            }
            if other.seen.contains_key(&child) {
                return Ok(Some(Meeting {
                    near: *state,
                    mv,
                    far: child,
                }));
            }
            let extra = table_growth(&side.seen) + vec_growth(&next);
            if extra > 0 {
                let in_use = side.bytes() + other.bytes() + vec_bytes(&frontier) + vec_bytes(&next);
                meter.grow(in_use, extra)?;
            }
            side.seen.insert(child, Some(mv));
            next.push(child);
        }
    }
    side.frontier = next;
    Ok(None)
}

/// The moves from the start to `meet_forward` (on the forward side), then `mv`, then from
/// `meet_backward` (on the backward side) to the goal.
fn join<P: Reversible>(
    space: &P,
    forward: &Side<P::State, P::Move>,
    meet_forward: P::State,
    mv: P::Move,
    backward: &Side<P::State, P::Move>,
    meet_backward: P::State,
) -> Vec<P::Move> {
    let mut path = Vec::new();
    let mut state = meet_forward;
    while let Some(m) = forward.seen[&state] {
        path.push(m);
        state = space.predecessor(&state, m);
    }
    path.reverse();
    path.push(mv);
    let mut state = meet_backward;
    while let Some(m) = backward.seen[&state] {
        path.push(space.reverse(m));
        state = space.predecessor(&state, m);
    }
    path
}
