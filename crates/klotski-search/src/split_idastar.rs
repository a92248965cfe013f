//! IDA* whose passes search their subtrees in order of promise, on any number of threads:
//! each pass lists the nodes at a small depth, puts first the subtrees in which the pass
//! before came nearest the goal, and the threads take them from a shared index.
//!
//! Why the order: a pass that finds no path searches its whole tree, but the last one ends at
//! its first path, and it is most of the work (each pass searches several times the nodes of
//! the one before). Where the pass before got to the smallest estimate is where a path most
//! often lies, so the last pass tends to end early.
//!
//! Invariant: the outcome and the nodes counted are those of one walk that lists each pass's
//! subtrees and searches them one after another in that order, whatever the threads and their
//! timing, under a work budget too; the order depends only on the walk and the passes before.
//! Every pass but the last searches its whole tree, so the bounds follow each other as on
//! plain [`idastar()`](crate::idastar()). The subtrees' ends are taken in order: the first
//! that holds a path gives the path, and a budget stops the pass where the ordered walk's count
//! of expansions (those above the subtrees, then the subtrees' own, in order) first passes it.
//! A thread searches a subtree within what the budget leaves after the subtrees before it
//! whose counts it knows, never less than the ordered walk would have left, so a subtree
//! stopped there stops the pass; a subtree after one that ends the pass is given up. Only the
//! time limit and cancellation depend on timing.

use super::idastar::{Dive, Pass, Walk};
use super::{Estimate, Limits, Outcome, Part, Search, Stats, Stop};
use fxhash::FxHashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Subtrees a pass is split into, whatever the threads (so that they never change the order):
/// one for every this many expansions of the pass before, within [`SPLIT_PARTS`], since a
/// larger pass is worth a finer order.
const EXPANSIONS_PER_PART: u64 = 512;

/// The fewest and most subtrees a pass is split into: enough that on a few threads the last
/// to end keeps the others waiting for a small share of the pass, and few enough that listing
/// and starting them costs a small share of it.
const SPLIT_PARTS: (usize, usize) = (2048, 16384);

/// A pass is split only after one of at least this many expansions: a smaller pass gains less
/// from threads, and the next from its order, than listing subtrees costs.
const SPLIT_AFTER: u64 = 1 << 16;

/// The deepest the split goes, whatever the subtrees it finds.
const MAX_SPLIT_DEPTH: u32 = 24;

/// A subtree's count of expansions not known yet.
const UNKNOWN: u64 = u64::MAX;

/// IDA* on [`Limits::threads`] threads, each pass's subtrees searched in order of promise:
/// a shortest path, and the same path and count of nodes expanded on any number of threads.
/// A budget in expansions ([`Limits::max_expanded`]) stops it at the same count on any
/// number of threads; one in units ([`Limits::max_units`]), which IDA* spends only on
/// expansions, stops it as the equal budget in expansions would, and keeps it on one thread.
///
/// ```
/// use klotski_search::{Limits, Outcome, idastar::Walk, split_idastar};
///
/// /// Steps along a line, one way or the other.
/// struct Line;
///
/// impl Walk for Line {
///     type State = i32;
///     type Move = i32;
///     fn moves(&self, _: &mut i32, out: &mut Vec<i32>) {
///         out.extend([1, -1]);
///     }
///     fn apply(&self, at: &mut i32, step: i32) {
///         *at += step;
///     }
///     fn undo(&self, at: &mut i32, step: i32) {
///         *at -= step;
///     }
///     fn reverse(&self, step: i32) -> i32 {
///         -step
///     }
/// }
///
/// let limits = Limits { threads: 2, ..Limits::memory(1 << 20) };
/// let to_five = |at: &i32| (5 - at).unsigned_abs();
/// let search = split_idastar(&Line, 0, |at| *at == 5, to_five, &limits, |_, _| {});
/// assert_eq!(search.outcome, Outcome::Found(vec![1; 5]));
/// ```
pub fn split_idastar<W, G, H>(
    walk: &W,
    mut start: W::State,
    is_goal: G,
    mut heuristic: H,
    limits: &Limits,
    mut on_iteration: impl FnMut(u32, &Stats),
) -> Search<W::Move>
where
    W: Walk + Sync,
    W::State: Clone + Send + Sync,
    W::Move: Hash + Send + Sync,
    G: FnMut(&W::State) -> bool + Clone + Send,
    H: Estimate<W::State, W::Move> + Clone + Send,
{
    let mut limits = limits.clone();
    let units = limits.max_units.take();
    if let Some(units) = units {
        // Past `most / per_expanded` expansions the units pass `most`.
        if let Some(most) = units.most.checked_div(units.per_expanded) {
            limits.max_expanded = Some(limits.max_expanded.map_or(most, |m| m.min(most)));
        }
        limits.threads = 1;
    }
    let h0 = heuristic.at(&start);
    let mut stats = Stats::default();
    let mut bound = h0;
    let mut reach: Option<Reach<W::Move>> = None;
    // Expansions in the pass before.
    let mut before = 0;
    let outcome = loop {
        if bound == u32::MAX {
            break Outcome::Exhausted;
        }
        on_iteration(bound, &stats);
        // What the budget leaves this pass: the walk stops at the expansion past it.
        let left = (limits.max_expanded).map(|most| most.saturating_sub(stats.expanded));
        let from = match &reach {
            _ if before < SPLIT_AFTER => 0,
            None => 1,
            // Never shallower than the pass before, so that its subtrees hold the new ones.
            Some(reach) => reach.depth.max(1),
        };
        let wanted = usize::try_from(before / EXPANSIONS_PER_PART).unwrap_or(usize::MAX);
        let wanted = wanted.clamp(SPLIT_PARTS.0, SPLIT_PARTS.1);
        let split = (bound, from, wanted);
        let mut top = Top::list(walk, &mut start, (&is_goal, &heuristic), split);
        top.order(reach.as_ref());
        let searched = top.search(walk, &start, (&is_goal, &heuristic), bound, &limits, left);
        reach = Some(top.reach(&searched));
        let (ended, expanded) = top.resolve(searched, left);
        stats.expanded += expanded;
        before = expanded;
        match ended {
            Ended::Beyond(next) => bound = next,
            Ended::Found(path) => break Outcome::Found(path),
            Ended::Stopped(stop) => break Outcome::Stopped(stop),
        }
    };
    if let Some(units) = units {
        stats.units = stats.expanded.saturating_mul(units.per_expanded);
    }
    Search::ended(outcome, stats)
}

/// How near the goal a pass came in each of its subtrees: what orders the next pass's.
struct Reach<M> {
    /// The depth of the subtrees' roots.
    depth: u32,
    /// The smallest estimate expanded in each subtree, by its path from the start (`u32::MAX`:
    /// not searched whole).
    nearest: FxHashMap<Vec<M>, u32>,
}

/// The top of one pass's tree: the subtrees to search, in the walk's order until ordered.
struct Top<M> {
    /// How deep the subtrees' roots are.
    depth: u32,
    parts: Vec<Subtree<M>>,
    /// The smallest `f` beyond the bound met above the subtrees.
    beyond: u32,
    /// Nodes expanded above the subtrees.
    expanded: u64,
}

/// A node where a subtree starts: the moves to it from the start and its estimate, or a goal
/// met above the split depth (always the last part, since the walk stops there).
struct Subtree<M> {
    path: Vec<M>,
    h: u32,
    goal: bool,
    /// Nodes the ordered walk expands above the subtrees before it reaches this one.
    above: u64,
    /// Where the subtree comes in the walk's order.
    walk_at: usize,
}

/// How the subtrees of a pass ended, taken in order.
enum Ended<M> {
    Beyond(u32),
    Found(Vec<M>),
    Stopped(Stop),
}

/// What became of one subtree.
enum Searched<M> {
    /// Never searched (given up, or left when the search stopped).
    Not,
    /// Nothing within the bound: the smallest `f` beyond it, and the nodes expanded.
    Beyond {
        next: u32,
        expanded: u64,
        /// The smallest estimate expanded in the subtree.
        nearest: u32,
    },
    /// A path, found after expanding `expanded` nodes of the subtree.
    Found {
        path: Vec<M>,
        expanded: u64,
    },
    Stopped(Stop),
}

impl<M> Searched<M> {
    /// Whether this subtree ends the pass whatever the subtrees after it hold.
    fn ends_pass(&self) -> bool {
        matches!(self, Searched::Found { .. } | Searched::Stopped(Stop::Work))
    }
}

/// What the threads of one pass share: the next subtree to take, the first that ends the
/// pass, and each subtree's count of expansions once known.
struct Shared<M> {
    next: AtomicUsize,
    first_ending: Arc<AtomicUsize>,
    sizes: Vec<AtomicU64>,
    searched: Vec<Mutex<Searched<M>>>,
}

impl<M: Copy + Eq + Hash + Send + Sync> Top<M> {
    /// The subtrees of the pass within `bound` from `start`, in the walk's order: the whole
    /// tree where `from` is 0, else at the shallowest depth from `from` on that has `wanted`,
    /// or at [`MAX_SPLIT_DEPTH`], or all there are above a goal.
    fn list<W, G, H>(
        walk: &W,
        start: &mut W::State,
        (is_goal, heuristic): (&G, &H),
        (bound, from, wanted): (u32, u32, usize),
    ) -> Top<M>
    where
        W: Walk<Move = M>,
        G: FnMut(&W::State) -> bool + Clone,
        H: Estimate<W::State, W::Move> + Clone,
    {
        let (mut is_goal, mut heuristic) = (is_goal.clone(), heuristic.clone());
        let h0 = heuristic.at(start);
        let mut depth = from;
        loop {
            let mut top = Top {
                depth,
                parts: Vec::new(),
                beyond: u32::MAX,
                expanded: 0,
            };
            let mut lister = Lister {
                walk,
                is_goal: &mut is_goal,
                heuristic: &mut heuristic,
                path: Vec::new(),
                top: &mut top,
            };
            lister.list(start, 0, h0, bound);
            let goal_met = top.parts.last().is_some_and(|part| part.goal);
            if depth == 0
                || top.parts.len() >= wanted
                || top.parts.is_empty()
                || goal_met
                || depth == MAX_SPLIT_DEPTH
            {
                return top;
            }
            depth += 1;
        }
    }

    /// Puts first the subtrees in which the pass before (`reach`) came nearest the goal, ties
    /// in the walk's order: a subtree by the smallest estimate expanded in the one before's
    /// that holds it, or its own where that was not searched (beyond the bound before, or
    /// listed deeper). Without a pass before, the walk's order stays. The whole top is then
    /// walked before the first subtree. A list that ends at a goal keeps the walk's order,
    /// which stops there.
    fn order(&mut self, reach: Option<&Reach<M>>) {
        let Some(earlier) = reach.filter(|reach| reach.depth <= self.depth) else {
            return;
        };
        if self.parts.last().is_some_and(|part| part.goal) {
            return;
        }
        let depth = earlier.depth as usize;
        let mut nearest = Vec::with_capacity(self.parts.len());
        for part in &mut self.parts {
            part.above = self.expanded;
            let holder = earlier.nearest.get(&part.path[..depth]);
            nearest.push(holder.map_or(part.h, |&reached| reached.min(part.h)));
        }
        self.parts.sort_by_key(|part| nearest[part.walk_at]);
    }

    /// How near the goal each subtree's search came, once `searched` tells what became of
    /// them.
    fn reach(&self, searched: &[Searched<M>]) -> Reach<M> {
        let nearest = (self.parts.iter().zip(searched))
            .map(|(part, searched)| {
                let nearest = match searched {
                    Searched::Beyond { nearest, .. } => *nearest,
                    _ => u32::MAX,
                };
                (part.path.clone(), nearest)
            })
            .collect();
        Reach {
            depth: self.depth,
            nearest,
        }
    }

    /// Searches the subtrees within `bound` on the threads, `left` expansions left to the
    /// pass by the budget (`None`: no budget); what became of each, in order.
    fn search<W, G, H>(
        &self,
        walk: &W,
        start: &W::State,
        (is_goal, heuristic): (&G, &H),
        bound: u32,
        limits: &Limits,
        left: Option<u64>,
    ) -> Vec<Searched<M>>
    where
        W: Walk<Move = M> + Sync,
        W::State: Clone + Send + Sync,
        G: FnMut(&W::State) -> bool + Clone + Send,
        H: Estimate<W::State, W::Move> + Clone + Send,
    {
        let shared = Shared {
            next: AtomicUsize::new(0),
            first_ending: Arc::new(AtomicUsize::new(usize::MAX)),
            sizes: (self.parts.iter())
                .map(|_| AtomicU64::new(UNKNOWN))
                .collect(),
            searched: (self.parts.iter())
                .map(|_| Mutex::new(Searched::Not))
                .collect(),
        };
        std::thread::scope(|scope| {
            for _ in 0..limits.threads.min(self.parts.len()) {
                let (is_goal, heuristic) = (is_goal.clone(), heuristic.clone());
                let shared = &shared;
                scope.spawn(move || {
                    let mut dive = Dive::new(walk, is_goal, heuristic, limits);
                    self.take_parts(&mut dive, shared, start, bound, left);
                });
            }
        });
        let searched = shared.searched.into_iter();
        searched
            .map(|part| part.into_inner().expect("no search panics"))
            .collect()
    }

    /// One thread's share of a pass: the next subtree not taken yet, until none is left or
    /// one before it has ended the pass.
    fn take_parts<W, G, H>(
        &self,
        dive: &mut Dive<'_, W, G, H>,
        shared: &Shared<M>,
        start: &W::State,
        bound: u32,
        left: Option<u64>,
    ) where
        W: Walk<Move = M>,
        W::State: Clone,
        G: FnMut(&W::State) -> bool,
        H: Estimate<W::State, W::Move>,
    {
        loop {
            let at = shared.next.fetch_add(1, Ordering::Relaxed);
            if at >= self.parts.len() || shared.first_ending.load(Ordering::Relaxed) < at {
                return;
            }
            dive.meter.part = Some(Part {
                at,
                first_ending: shared.first_ending.clone(),
            });
            let ended = match left.map(|left| self.most_left(shared, at, left)) {
                Some(None) => Searched::Stopped(Stop::Work),
                most => self.search_one(dive, start, at, bound, most.flatten()),
            };
            if ended.ends_pass() {
                shared.first_ending.fetch_min(at, Ordering::Relaxed);
            }
            let stopped = matches!(ended, Searched::Stopped(_));
            if stopped && dive.meter.superseded() {
                return;
            }
            if let Searched::Beyond { expanded, .. } = ended {
                shared.sizes[at].store(expanded, Ordering::Relaxed);
            }
            *shared.searched[at].lock().expect("no search panics") = ended;
            // A subtree stopped by the clock or cancelled ends this thread's share; one stopped
            // by the budget ends the pass, so every later subtree is given up anyway.
            if stopped {
                return;
            }
        }
    }

    /// The most subtree `at` may expand: what the budget leaves the pass (`left`) less the
    /// expansions above it and those of the subtrees before it already counted, at least
    /// what the ordered walk would have left it; `None` when that is already below zero.
    fn most_left(&self, shared: &Shared<M>, at: usize, left: u64) -> Option<u64> {
        let known = (shared.sizes[..at].iter())
            .map(|size| size.load(Ordering::Relaxed))
            .filter(|&size| size != UNKNOWN)
            .fold(0u64, u64::saturating_add);
        left.checked_sub(self.parts[at].above.saturating_add(known))
    }

    /// Searches subtree `at` with `dive`, from `start` walked down to it, expanding at most
    /// `most` of its nodes (`None`: no budget).
    fn search_one<W, G, H>(
        &self,
        dive: &mut Dive<'_, W, G, H>,
        start: &W::State,
        at: usize,
        bound: u32,
        most: Option<u64>,
    ) -> Searched<M>
    where
        W: Walk<Move = M>,
        W::State: Clone,
        G: FnMut(&W::State) -> bool,
        H: Estimate<W::State, W::Move>,
    {
        let part = &self.parts[at];
        if part.goal {
            let path = part.path.clone();
            return Searched::Found { path, expanded: 0 };
        }
        let mut state = start.clone();
        for &mv in &part.path {
            dive.walk.apply(&mut state, mv);
        }
        dive.path.clone_from(&part.path);
        // The dive keeps a buffer of moves per depth, and starts at the subtree's.
        let depth = self.depth as usize;
        if dive.buffers.len() < depth {
            dive.buffers.resize_with(depth, Vec::new);
        }
        let before = dive.meter.stats.expanded;
        dive.meter.limits.max_expanded = most.map(|most| before.saturating_add(most));
        let ended = dive.pass(&mut state, self.depth, part.h, bound);
        let expanded = dive.meter.stats.expanded - before;
        match ended {
            Ok(Pass::Found) => {
                let path = std::mem::take(&mut dive.path);
                Searched::Found { path, expanded }
            }
            Ok(Pass::Beyond(next)) => Searched::Beyond {
                next,
                expanded,
                nearest: dive.nearest,
            },
            Err(stop) => Searched::Stopped(stop),
        }
    }

    /// How the pass ended, the subtrees taken in order, `left` expansions left to
    /// it by the budget; also the nodes the ordered walk expands in it (one past `left`
    /// where the budget stops it).
    fn resolve(&self, searched: Vec<Searched<M>>, left: Option<u64>) -> (Ended<M>, u64) {
        let past_budget = |count: u64| left.filter(|&left| count > left).map(|left| left + 1);
        let mut below = 0u64;
        let mut beyond = self.beyond;
        for (part, searched) in self.parts.iter().zip(searched) {
            let reached = part.above + below;
            if let Some(count) = past_budget(reached) {
                return (Ended::Stopped(Stop::Work), count);
            }
            match searched {
                Searched::Beyond { next, expanded, .. } => {
                    below += expanded;
                    beyond = beyond.min(next);
                }
                Searched::Found { path, expanded } => {
                    let count = reached + expanded;
                    return match past_budget(count) {
                        Some(count) => (Ended::Stopped(Stop::Work), count),
                        None => (Ended::Found(path), count),
                    };
                }
                Searched::Stopped(Stop::Work) => {
                    let count = past_budget(u64::MAX).expect("stopped by a budget");
                    return (Ended::Stopped(Stop::Work), count);
                }
                Searched::Stopped(stop) => return (Ended::Stopped(stop), reached),
                // A thread leaves a subtree unsearched only after one before it ended the pass.
                Searched::Not => unreachable!("a subtree ended the pass before it"),
            }
        }
        let count = self.expanded + below;
        match past_budget(count) {
            Some(count) => (Ended::Stopped(Stop::Work), count),
            None => (Ended::Beyond(beyond), count),
        }
    }
}

/// Walks the top of a pass's tree as [`Dive`] does, listing the nodes at the split depth.
struct Lister<'a, W: Walk, G, H> {
    walk: &'a W,
    is_goal: &'a mut G,
    heuristic: &'a mut H,
    path: Vec<W::Move>,
    top: &'a mut Top<W::Move>,
}

impl<W: Walk, G: FnMut(&W::State) -> bool, H: Estimate<W::State, W::Move>> Lister<'_, W, G, H> {
    /// Lists the subtrees below `state` (at depth `g`, estimate `h`, within `bound`); true once
    /// a goal is met, after which the walk looks no further.
    fn list(&mut self, state: &mut W::State, g: u32, h: u32, bound: u32) -> bool {
        if g == self.top.depth || (self.is_goal)(state) {
            let goal = g < self.top.depth;
            let path = self.path.clone();
            let above = self.top.expanded;
            let walk_at = self.top.parts.len();
            self.top.parts.push(Subtree {
                path,
                h,
                goal,
                above,
                walk_at,
            });
            return goal;
        }
        self.top.expanded += 1;
        let mut moves = Vec::new();
        self.walk.moves(state, &mut moves);
        let back = self.path.last().map(|&mv| self.walk.reverse(mv));
        for mv in moves {
            if Some(mv) == back {
                continue;
            }
            self.walk.apply(state, mv);
            let child_h = self.heuristic.at(state);
            let mut goal = false;
            if child_h != u32::MAX {
                let child_f = g + 1 + child_h;
                if child_f > bound {
                    self.top.beyond = self.top.beyond.min(child_f);
                } else {
                    self.path.push(mv);
                    goal = self.list(state, g + 1, child_h, bound);
                    self.path.pop();
                }
            }
            self.walk.undo(state, mv);
            if goal {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests;
