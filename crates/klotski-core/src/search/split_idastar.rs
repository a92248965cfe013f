//! IDA* on several threads: each pass lists the nodes at a small depth in the order the
//! one-thread walk reaches them, and the threads take their subtrees from a shared index.
//!
//! Invariant: the path found is the one the one-thread walk finds, whatever the threads'
//! timing. Every pass but the last searches its whole tree, so the bounds follow each other as
//! they do on one thread; in the last, the path comes from the first subtree in the order that
//! holds one, taken only once every subtree before it has been searched (a subtree after one
//! that holds a path is given up). Only the nodes counted in the last pass depend on timing.

use super::idastar::{Dive, Pass, Walk, idastar};
use super::{Limits, Outcome, Part, Search, Stats, Stop};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Subtrees a pass is split into per thread, at least: enough that the last to end keeps the
/// other threads waiting for a small share of the pass.
const PARTS_PER_THREAD: usize = 256;

/// The deepest the split goes, whatever the subtrees it finds.
const MAX_SPLIT_DEPTH: u32 = 24;

/// [`idastar`] on [`Limits::threads`] threads: the same path, found sooner on a large tree.
/// A search with a work budget ([`Limits::max_expanded`], [`Limits::max_units`]) runs on one
/// thread, so that where the budget stops it does not depend on the threads' timing.
pub fn split_idastar<W, G, H>(
    walk: &W,
    mut start: W::State,
    is_goal: G,
    mut heuristic: H,
    limits: Limits,
    mut on_iteration: impl FnMut(u32, &Stats),
) -> Search<W::Move>
where
    W: Walk + Sync,
    W::State: Clone + Send + Sync,
    W::Move: Send + Sync,
    G: FnMut(&W::State) -> bool + Clone + Send,
    H: FnMut(&W::State) -> u32 + Clone + Send,
{
    if limits.threads <= 1 || limits.budgeted() {
        return idastar(walk, start, is_goal, heuristic, limits, on_iteration);
    }
    let h0 = heuristic(&start);
    let mut stats = Stats::default();
    let mut bound = h0;
    let outcome = loop {
        if bound == u32::MAX {
            break Outcome::Exhausted;
        }
        on_iteration(bound, &stats);
        let top = Top::list(walk, &mut start, (&is_goal, &heuristic), bound, &limits);
        stats.expanded += top.expanded;
        let (ended, expanded) = top.search(walk, &start, (&is_goal, &heuristic), bound, &limits);
        stats.expanded += expanded;
        match ended {
            Ended::Beyond(next) => bound = next.min(top.beyond),
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
    Beyond(u32),
    Found(Vec<M>),
    Stopped(Stop),
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
        H: FnMut(&W::State) -> u32 + Clone,
    {
        let wanted = PARTS_PER_THREAD * limits.threads;
        let (mut is_goal, mut heuristic) = (is_goal.clone(), heuristic.clone());
        let h0 = heuristic(start);
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

    /// Searches the subtrees within `bound` on the threads, and takes their ends in order;
    /// also returns the nodes the threads expanded.
    fn search<W, G, H>(
        &self,
        walk: &W,
        start: &W::State,
        (is_goal, heuristic): (&G, &H),
        bound: u32,
        limits: &Limits,
    ) -> (Ended<M>, u64)
    where
        W: Walk<Move = M> + Sync,
        W::State: Clone + Send + Sync,
        G: FnMut(&W::State) -> bool + Clone + Send,
        H: FnMut(&W::State) -> u32 + Clone + Send,
    {
        let next = AtomicUsize::new(0);
        let first_found = Arc::new(AtomicUsize::new(usize::MAX));
        let searched: Vec<Mutex<Searched<M>>> = (self.parts.iter())
            .map(|_| Mutex::new(Searched::Not))
            .collect();
        let expanded = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..limits.threads.min(self.parts.len()) {
                let (is_goal, heuristic) = (is_goal.clone(), heuristic.clone());
                let (next, first_found, searched) = (&next, &first_found, &searched);
                let expanded = &expanded;
                scope.spawn(move || {
                    let mut dive = Dive::new(walk, is_goal, heuristic, limits.clone());
                    loop {
                        let at = next.fetch_add(1, Ordering::Relaxed);
                        if at >= self.parts.len() || first_found.load(Ordering::Relaxed) < at {
                            break;
                        }
                        dive.meter.part = Some(Part {
                            at,
                            first_found: first_found.clone(),
                        });
                        let part = &self.parts[at];
                        let ended = self.search_one(&mut dive, start, part, bound);
                        if matches!(ended, Searched::Found(_)) {
                            first_found.fetch_min(at, Ordering::Relaxed);
                        }
                        let stopped = matches!(ended, Searched::Stopped(_));
                        if stopped && dive.meter.superseded() {
                            break;
                        }
                        *searched[at].lock().expect("no search panics") = ended;
                        if stopped {
                            break;
                        }
                    }
                    expanded.fetch_add(dive.meter.stats.expanded, Ordering::Relaxed);
                });
            }
        });
        let expanded = expanded.into_inner();
        let mut beyond = u32::MAX;
        for part in searched {
            match part.into_inner().expect("no search panics") {
                Searched::Beyond(next) => beyond = beyond.min(next),
                Searched::Found(path) => return (Ended::Found(path), expanded),
                Searched::Stopped(stop) => return (Ended::Stopped(stop), expanded),
                // A thread leaves a part unsearched only after a part before it found a goal.
                Searched::Not => unreachable!("a part found or stopped before it"),
            }
        }
        (Ended::Beyond(beyond), expanded)
    }

    /// Searches one subtree with `dive`, from `start` walked down to it.
    fn search_one<W, G, H>(
        &self,
        dive: &mut Dive<'_, W, G, H>,
        start: &W::State,
        part: &Subtree<M>,
        bound: u32,
    ) -> Searched<M>
    where
        W: Walk<Move = M>,
        W::State: Clone,
        G: FnMut(&W::State) -> bool,
        H: FnMut(&W::State) -> u32,
    {
        if part.goal {
            return Searched::Found(part.path.clone());
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
        match dive.pass(&mut state, self.depth, part.h, bound) {
            Ok(Pass::Found) => Searched::Found(std::mem::take(&mut dive.path)),
            Ok(Pass::Beyond(next)) => Searched::Beyond(next),
            Err(stop) => Searched::Stopped(stop),
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

impl<W: Walk, G: FnMut(&W::State) -> bool, H: FnMut(&W::State) -> u32> Lister<'_, W, G, H> {
    /// Lists the subtrees below `state` (at depth `g`, estimate `h`, within `bound`); true once
    /// a goal is met, after which the one-thread walk looks no further.
    fn list(&mut self, state: &mut W::State, g: u32, h: u32, bound: u32) -> bool {
        if g == self.top.depth || (self.is_goal)(state) {
            let goal = g < self.top.depth;
            let path = self.path.clone();
            self.top.parts.push(Subtree { path, h, goal });
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
            let child_h = (self.heuristic)(state);
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
mod tests {
    use super::*;
    use crate::heuristic::pdb::{self, Supply, TableEvent};
    use crate::solve::tile_walk::TileWalk;
    use std::time::Instant;

    /// The walk of `text` (a numbered board) on the 5-5-5 tables on 4x4, per-tile ones else.
    fn walk_of(text: &str) -> (TileWalk, crate::solve::tile_walk::Tiles) {
        let (engine, target) = crate::engine::sample(text);
        let cells = engine.board.cells();
        let mut quiet = |_: TableEvent<'_>| {};
        let mut supply = Supply::new(None, &Limits::memory(1 << 30), 2, &mut quiet);
        let walk = if cells == 16 {
            let splits = pdb::partitions(4, 4, 1, &(0..15).collect::<Vec<_>>());
            let tables = supply.obtain(&splits[2]).expect("5-5-5 builds");
            TileWalk::with_tables(&engine, &target, &splits[2], tables)
        } else {
            TileWalk::new(&engine, &target, &mut supply, false).expect("a board of tiles")
        };
        let start = walk.position(&engine.start);
        (walk, start)
    }

    fn search(
        walk: &TileWalk,
        start: &crate::solve::tile_walk::Tiles,
        limits: Limits,
    ) -> Search<u8> {
        split_idastar(
            walk,
            start.clone(),
            |t| t.solved(),
            |t| t.bound(),
            limits,
            |_, _| {},
        )
    }

    /// A megabyte and `threads` threads.
    fn on_threads(threads: usize) -> Limits {
        Limits {
            threads,
            ..Limits::memory(1 << 20)
        }
    }

    #[test]
    fn every_thread_count_finds_the_one_thread_path() {
        let boards = [
            "3 3\n8 6 7\n2 5 4\n3 0 1\n0\n",
            "3 3\n1 2 3\n4 5 6\n7 0 8\n0\n",
            "3 3\n1 2 3\n4 5 6\n7 8 0\n0\n",
            "4 4\n0 10 2 15\n5 4 3 7\n1 6 12 9\n14 11 13 8\n0\n",
            "4 4\n10 5 1 0\n15 9 13 14\n2 8 4 7\n6 12 11 3\n0\n",
        ];
        for board in boards {
            let (walk, start) = walk_of(board);
            let alone = idastar(
                &walk,
                start.clone(),
                |t| t.solved(),
                |t| t.bound(),
                Limits::memory(1 << 20),
                |_, _| {},
            );
            let Outcome::Found(path) = &alone.outcome else {
                panic!("{board}: solvable")
            };
            let one = search(&walk, &start, Limits::memory(1 << 20));
            assert_eq!(
                one, alone,
                "{board}: one thread walks as before, node for node"
            );
            for threads in [2, 3, 8] {
                let split = search(&walk, &start, on_threads(threads));
                assert_eq!(
                    split.outcome,
                    Outcome::Found(path.clone()),
                    "{board}: {threads}"
                );
            }
        }
    }

    #[test]
    fn a_split_search_stops_at_its_deadline_and_when_cancelled() {
        // 62 moves from the goal: far beyond what 5-5-5 tables prove at once.
        let (walk, start) = walk_of("4 4\n15 14 8 12\n10 11 9 13\n2 6 5 1\n3 7 4 0\n0\n");
        let limits = on_threads(2);
        let late = search(&walk, &start, limits.until(Instant::now()));
        assert_eq!(late.outcome, Outcome::Stopped(Stop::Time));
        limits.cancel.raise();
        let cancelled = search(&walk, &start, limits);
        assert_eq!(cancelled.outcome, Outcome::Stopped(Stop::Cancelled));
    }

    #[test]
    fn a_work_budget_keeps_the_search_on_one_thread() {
        let (walk, start) = walk_of("4 4\n15 14 8 12\n10 11 9 13\n2 6 5 1\n3 7 4 0\n0\n");
        let budget = on_threads(2).expanding(100_000);
        let split = search(&walk, &start, budget.clone());
        let alone = search(
            &walk,
            &start,
            Limits {
                threads: 1,
                ..budget
            },
        );
        assert_eq!(split.outcome, Outcome::Stopped(Stop::Work));
        assert_eq!(split, alone);
    }
}
