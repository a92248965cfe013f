//! IDA* on several threads: each pass lists the nodes at a small depth in the order the
//! one-thread walk reaches them, and the threads take their subtrees from a shared index.
//!
//! Invariant: the outcome and the nodes counted are the one-thread walk's, whatever the
//! threads' timing, under a work budget too. Every pass but the last searches its whole tree,
//! so the bounds follow each other as they do on one thread. The subtrees' ends are taken in
//! the walk's order: the first that holds a path gives the path, and a budget stops the pass
//! where the one-thread walk's count of expansions (those above the subtrees, then the
//! subtrees' own, in order) first passes it. A thread searches a subtree within what the budget
//! leaves after the subtrees before it whose counts it knows, never less than the one-thread
//! walk would have left, so a subtree stopped there stops the pass; a subtree after one that
//! ends the pass is given up. Only the time limit and cancellation depend on timing.

use super::idastar::{Dive, Pass, Walk, idastar};
use super::{Estimate, Limits, Outcome, Part, Search, Stats, Stop};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Subtrees a pass is split into per thread, at least: enough that the last to end keeps the
/// other threads waiting for a small share of the pass.
const PARTS_PER_THREAD: usize = 256;

/// The deepest the split goes, whatever the subtrees it finds.
const MAX_SPLIT_DEPTH: u32 = 24;

/// A subtree's count of expansions not known yet.
const UNKNOWN: u64 = u64::MAX;

/// [`idastar`] on [`Limits::threads`] threads: the same path and the same count of nodes
/// expanded, found sooner on a large tree. A budget in expansions ([`Limits::max_expanded`])
/// stops it where it stops the one-thread walk; one in units ([`Limits::max_units`]) keeps the
/// search on one thread.
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
    W::Move: Send + Sync,
    G: FnMut(&W::State) -> bool + Clone + Send,
    H: Estimate<W::State, W::Move> + Clone + Send,
{
    if limits.threads <= 1 || limits.max_units.is_some() {
        return idastar(walk, start, is_goal, heuristic, limits, on_iteration);
    }
    let h0 = heuristic.at(&start);
    let mut stats = Stats::default();
    let mut bound = h0;
    let outcome = loop {
        if bound == u32::MAX {
            break Outcome::Exhausted;
        }
        on_iteration(bound, &stats);
        // What the budget leaves this pass: the walk stops at the expansion past it.
        let left = (limits.max_expanded).map(|most| most.saturating_sub(stats.expanded));
        let top = Top::list(walk, &mut start, (&is_goal, &heuristic), bound, limits);
        let searched = top.search(walk, &start, (&is_goal, &heuristic), bound, limits, left);
        let (ended, expanded) = top.resolve(searched, left);
        stats.expanded += expanded;
        match ended {
            Ended::Beyond(next) => bound = next,
            Ended::Found(path) => break Outcome::Found(path),
            Ended::Stopped(stop) => break Outcome::Stopped(stop),
        }
    };
    Search::ended(outcome, stats)
}

/// The top of one pass's tree: the subtrees to search, in the one-thread walk's order.
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
    /// Nodes the one-thread walk expands above the subtrees before it reaches this one.
    above: u64,
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

impl<M: Copy + Eq + Send + Sync> Top<M> {
    /// The subtrees of the pass within `bound` from `start`: at the shallowest depth that has
    /// [`PARTS_PER_THREAD`] a thread, or at [`MAX_SPLIT_DEPTH`], or all there are above a goal.
    fn list<W, G, H>(
        walk: &W,
        start: &mut W::State,
        (is_goal, heuristic): (&G, &H),
        bound: u32,
        limits: &Limits,
    ) -> Top<M>
    where
        W: Walk<Move = M>,
        G: FnMut(&W::State) -> bool + Clone,
        H: Estimate<W::State, W::Move> + Clone,
    {
        let wanted = PARTS_PER_THREAD * limits.threads;
        let (mut is_goal, mut heuristic) = (is_goal.clone(), heuristic.clone());
        let h0 = heuristic.at(start);
        let mut depth = 1;
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
            if top.parts.len() >= wanted
                || top.parts.is_empty()
                || goal_met
                || depth == MAX_SPLIT_DEPTH
            {
                return top;
            }
            depth += 1;
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
    /// what the one-thread walk would have left it; `None` when that is already below zero.
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
            Ok(Pass::Beyond(next)) => Searched::Beyond { next, expanded },
            Err(stop) => Searched::Stopped(stop),
        }
    }

    /// How the pass ended, the subtrees taken in the walk's order, `left` expansions left to
    /// it by the budget; also the nodes the one-thread walk expands in it (one past `left`
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
                Searched::Beyond { next, expanded } => {
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
    /// a goal is met, after which the one-thread walk looks no further.
    fn list(&mut self, state: &mut W::State, g: u32, h: u32, bound: u32) -> bool {
        if g == self.top.depth || (self.is_goal)(state) {
            let goal = g < self.top.depth;
            let path = self.path.clone();
            let above = self.top.expanded;
            self.top.parts.push(Subtree {
                path,
                h,
                goal,
                above,
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
