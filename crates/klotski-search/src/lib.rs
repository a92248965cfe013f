//! Generic searches over any puzzle's state space, bounded by memory and time.
//!
//! One calling style for every search, as the `pathfinding` crate has, with the arguments
//! always in this order: the space (a [`Space`], a [`Walk`](idastar::Walk), or for the searches
//! whose nodes carry more than a state, the closures that list the moves: `successors`, or a
//! [`KeyedSpace`]); the start; the goal (a test, or a goal state for the searches that also run
//! back from it); the [`Estimate`] where the search is informed; the search's own setting, if
//! it has one (a weight); the [`Limits`] (memory, work, deadline, cancellation) by reference;
//! and last the callback that hears of progress, where the search reports any. Every one
//! returns a [`Search`]. The searches never look inside a state, so one breadth-first search
//! serves Numeric Klotski, brick puzzles and Tipover alike.
//!
//! ```
//! use klotski_search::{Limits, Outcome, Space, bfs};
//!
//! /// The numbers 0..=9 on a line: a move is +1 or -1.
//! struct Line;
//! impl Space for Line {
//!     type State = u8;
//!     type Move = i8;
//!     fn successors(&self, n: &u8, out: &mut Vec<(i8, u8)>) {
//!         out.extend([(1, n + 1), (-1, n.wrapping_sub(1))].into_iter().filter(|&(_, m)| m <= 9));
//!     }
//!     fn predecessor(&self, n: &u8, mv: i8) -> u8 {
//!         (*n as i8 - mv) as u8
//!     }
//! }
//!
//! let search = bfs(&Line, 2, |n| *n == 7, &Limits::memory(1 << 20), |_| {});
//! assert_eq!(search.outcome, Outcome::Found(vec![1; 5]));
//! ```

pub mod astar;
pub mod best_first;
pub mod bfs;
pub mod bibfs;
pub mod buckets;
pub mod cheapest;
pub mod closed;
pub mod dfs;
pub mod first_success;
pub mod idastar;
pub mod ids;
pub mod layers;
pub mod limits;
pub mod meet;
pub mod split_idastar;

pub use astar::{Weights, astar, weighted_astar};
pub use best_first::{KeyedSpace, best_first};
pub use bfs::bfs;
pub use bibfs::bidirectional_bfs;
pub use buckets::{BucketQueue, TieredQueue};
pub use cheapest::{cheapest_by_key, cheapest_path};
pub use dfs::dfs;
pub use first_success::first_success;
pub use idastar::idastar;
pub use ids::ids;
pub use layers::layers;
pub use limits::{Cancel, Grace, Limits, Signal, Stop, Units};
pub use meet::{bidirectional_astar, bidirectional_astar_in_batches};
pub use split_idastar::split_idastar;

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A state space: states, the moves out of each, and how to walk a move back.
pub trait Space {
    /// A compact, hashable state.
    type State: Copy + Eq + Hash;
    /// A move, small enough to store once per visited state.
    type Move: Copy;

    /// Appends every move out of `state` and the state it leads to.
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Move, Self::State)>);

    /// The state `mv` was made from to reach `state`; lets searches store one move per state
    /// instead of a whole parent state.
    fn predecessor(&self, state: &Self::State, mv: Self::Move) -> Self::State;
}

/// A lower bound on the moves left from a state, for the informed searches. Every
/// `FnMut(&State) -> u32` is one; a bound that rates a child faster from its parent's value
/// overrides [`Estimate::after`].
pub trait Estimate<S, M> {
    /// The bound at `state`; `u32::MAX` marks a dead end.
    fn at(&mut self, state: &S) -> u32;

    /// The bound at `child`, reached by `mv` from `parent`, whose bound is `at_parent`.
    fn after(&mut self, parent: &S, at_parent: u32, mv: M, child: &S) -> u32 {
        let _ = (parent, at_parent, mv);
        self.at(child)
    }

    /// Readies what [`after`](Self::after) works out once per `parent`, if anything: a search
    /// calls it while it waits on memory for the children's table entries. The default does
    /// nothing.
    fn prepare(&mut self, parent: &S) {
        let _ = parent;
    }
}

impl<S, M, F: FnMut(&S) -> u32> Estimate<S, M> for F {
    fn at(&mut self, state: &S) -> u32 {
        self(state)
    }
}

/// A space whose every move can be undone by another move, so a search may run from the goal.
pub trait Reversible: Space {
    /// The move that undoes `mv`.
    fn reverse(&self, mv: Self::Move) -> Self::Move;

    /// A bit that every move flips, where the space has one (its graph is bipartite): then
    /// every path between two states has the parity of their bits' difference, and a lower
    /// bound on a path's length may be rounded up to it. `None` (the default) claims nothing.
    fn parity(&self, state: &Self::State) -> Option<bool> {
        let _ = state;
        None
    }
}

/// What a search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States whose successors were generated.
    pub expanded: u64,
    /// States stored in the visited tables.
    pub stored: u64,
    /// Peak bytes of tables and frontiers (allocated capacity, not just what was used).
    pub peak_bytes: usize,
    /// The fewest moves a path to the goal can have, as far as the search has proved it (0
    /// where it proves no bound): a search stopped by a limit still knows that much.
    pub lower_bound: u32,
    /// Units of [`Limits::max_units`] spent (0 where the search has no such budget).
    pub units: u64,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<M> {
    /// A shortest sequence of moves from the start to the goal.
    Found(Vec<M>),
    /// Every state reachable from the start (or from the goal) was visited: no path exists.
    Exhausted,
    /// A limit stopped the search before it proved either.
    Stopped(Stop),
}

impl<M> Outcome<M> {
    /// The same outcome with a path found turned into other moves by `f`.
    pub fn map_path<T>(self, f: impl FnOnce(Vec<M>) -> Vec<T>) -> Outcome<T> {
        match self {
            Outcome::Found(path) => Outcome::Found(f(path)),
            Outcome::Exhausted => Outcome::Exhausted,
            Outcome::Stopped(stop) => Outcome::Stopped(stop),
        }
    }
}

/// A search's outcome together with its counters: what every search returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search<M, N = ()> {
    /// How it ended.
    pub outcome: Outcome<M>,
    /// What it counted.
    pub stats: Stats,
    /// The node a path found ends on, from the searches over closures ([`best_first()`],
    /// [`cheapest_path`], [`cheapest_by_key`]), whose callers go on from there; the searches
    /// over a [`Space`] leave it `None`, since the moves lead there from a start the caller has.
    pub end: Option<N>,
}

impl<M, N> Search<M, N> {
    /// A search that ended `outcome` after counting `stats`, at no node of note.
    pub fn ended(outcome: Outcome<M>, stats: Stats) -> Search<M, N> {
        Search {
            outcome,
            stats,
            end: None,
        }
    }

    /// The path found and the node it ends on, if a search over closures found one.
    pub fn found(self) -> Option<(Vec<M>, N)> {
        match (self.outcome, self.end) {
            (Outcome::Found(moves), Some(end)) => Some((moves, end)),
            _ => None,
        }
    }
}

/// Calls between two looks at the clock: often enough to stop within milliseconds.
const CLOCK_EVERY: u64 = 4096;

/// Growths from this size on are checked against the deadline ([`Meter::grow`]).
const SLOW_GROWTH: usize = 1 << 20;
/// A low estimate of how fast a growing table fills new memory: rehashing a table of hundreds of
/// megabytes takes seconds and cannot be interrupted, so a growth that could not end before the
/// deadline is not started.
const GROWTH_BYTES_PER_SECOND: f64 = 300e6;

/// Keeps a search within its [`Limits`] and counts what it spends.
struct Meter {
    limits: Limits,
    stats: Stats,
    /// When the search is one part of a split search: the part it works on.
    part: Option<Part>,
}

/// One of the numbered parts of a search split between threads, given up (as if cancelled)
/// once a part before it has ended the search (found a goal, or spent the work budget).
struct Part {
    /// The part it is.
    at: usize,
    /// The first part that has ended the search so far (`usize::MAX`: none).
    first_ending: Arc<AtomicUsize>,
}

impl Meter {
    fn new(limits: &Limits) -> Meter {
        Meter {
            limits: limits.clone(),
            stats: Stats::default(),
            part: None,
        }
    }

    /// Whether the part this search works on is no longer needed.
    fn superseded(&self) -> bool {
        self.part
            .as_ref()
            .is_some_and(|part| part.first_ending.load(Ordering::Relaxed) < part.at)
    }

    /// Adds `units` to those spent; `Err` once past [`Limits::max_units`].
    fn spend(&mut self, units: impl Fn(&Units) -> u64) -> Result<(), Stop> {
        if let Some(budget) = &self.limits.max_units {
            self.stats.units += units(budget);
            if self.stats.units > budget.most {
                return Err(Stop::Work);
            }
        }
        Ok(())
    }

    /// Counts one expansion; `Err` once the work budget is spent, the deadline has passed or
    /// the search was cancelled.
    fn expand(&mut self) -> Result<(), Stop> {
        self.stats.expanded += 1;
        if self
            .limits
            .max_expanded
            .is_some_and(|most| self.stats.expanded > most)
        {
            return Err(Stop::Work);
        }
        self.spend(|budget| budget.per_expanded)?;
        if self.stats.expanded.is_multiple_of(CLOCK_EVERY) {
            if let Some(stop) = self.limits.expired() {
                return Err(stop);
            }
            if self.superseded() {
                return Err(Stop::Cancelled);
            }
        }
        Ok(())
    }

    /// Counts one state stored; `Err` once the units budget is spent.
    fn store(&mut self) -> Result<(), Stop> {
        self.stats.stored += 1;
        self.spend(|budget| budget.per_stored)
    }

    /// Checks that memory now at `in_use` bytes may grow by `extra`, and records the peak; a
    /// growth that could not end before the deadline stops the search at once, since
    /// rehashing a table into new memory cannot be interrupted.
    fn grow(&mut self, in_use: usize, extra: usize) -> Result<(), Stop> {
        let peak = in_use + extra;
        if peak > self.limits.max_memory {
            return Err(Stop::Memory(self.limits.max_memory));
        }
        if extra >= SLOW_GROWTH
            && let Some(deadline) = self.limits.deadline_now()
        {
            let takes = Duration::from_secs_f64(extra as f64 / GROWTH_BYTES_PER_SECOND);
            if Instant::now() + takes >= deadline {
                return Err(Stop::Time);
            }
        }
        self.stats.peak_bytes = self.stats.peak_bytes.max(peak);
        Ok(())
    }
}

/// Bytes a hash table of this capacity holds (hashbrown: power-of-two buckets at most 7/8 full,
/// one control byte per bucket).
fn table_bytes<K, V, S>(map: &HashMap<K, V, S>) -> usize {
    bucket_bytes::<K, V>(map.capacity())
}

fn bucket_bytes<K, V>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets = (capacity * 8 / 7).next_power_of_two();
    buckets * (std::mem::size_of::<(K, V)>() + 1)
}

/// The bytes a table's next growth allocates, or 0 when one more entry still fits.
fn table_growth<K: Eq + Hash, V, S: BuildHasher>(map: &HashMap<K, V, S>) -> usize {
    if map.len() < map.capacity() {
        0
    } else {
        bucket_bytes::<K, V>((map.capacity() * 2).max(4))
    }
}

/// The bytes a vector's next growth allocates, or 0 when one more element still fits.
fn vec_growth<T>(v: &Vec<T>) -> usize {
    if v.len() < v.capacity() {
        0
    } else {
        (v.capacity() * 2).max(4) * std::mem::size_of::<T>()
    }
}

fn vec_bytes<T>(v: &Vec<T>) -> usize {
    v.capacity() * std::mem::size_of::<T>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A growth that filling new memory could not finish before the deadline stops the search
    /// on time; small growths, and any growth without a deadline, go on.
    #[test]
    fn a_table_growth_past_the_deadline_stops_the_search() {
        let soon = Limits::memory(usize::MAX).until(Instant::now() + Duration::from_millis(500));
        let mut meter = Meter::new(&soon);
        // 3 GB take 10 s at the assumed rate; 1 KB is not checked.
        assert_eq!(meter.grow(0, 3_000_000_000), Err(Stop::Time));
        assert_eq!(meter.grow(0, 1 << 10), Ok(()));
        let mut unbounded = Meter::new(&Limits::memory(usize::MAX));
        assert_eq!(unbounded.grow(0, 3_000_000_000), Ok(()));
    }

    /// An undirected graph on small numbers; a move is an edge (from, to).
    pub(crate) struct Graph(pub(crate) Vec<(u8, u8)>);

    impl Space for Graph {
        type State = u8;
        type Move = (u8, u8);
        fn successors(&self, state: &u8, out: &mut Vec<((u8, u8), u8)>) {
            for &(a, b) in &self.0 {
                if a == *state {
                    out.push(((a, b), b));
                } else if b == *state {
                    out.push(((b, a), a));
                }
            }
        }
        fn predecessor(&self, _state: &u8, mv: (u8, u8)) -> u8 {
            mv.0
        }
    }

    impl Reversible for Graph {
        fn reverse(&self, mv: (u8, u8)) -> (u8, u8) {
            (mv.1, mv.0)
        }
    }

    /// [`weighted_astar`] on `graph` from 0 to 9 with `estimate`, within 1 MiB.
    pub(crate) fn weighted_to_nine(
        graph: &Graph,
        estimate: &dyn Fn(&u8) -> u32,
        weights: Weights,
    ) -> Search<(u8, u8)> {
        let limits = Limits::memory(1 << 20);
        weighted_astar(graph, 0, |s| *s == 9, estimate, weights, &limits, |_, _| {})
    }

    #[test]
    fn informed_searches_stay_optimal_with_an_inconsistent_heuristic() {
        // 0-1-2-3-9 (4 moves) and 0-5-6-7-8-9 (5 moves). The estimate never overestimates
        // but drops from 3 to 0 between 1 and 2, so state 2's f falls below its parent's.
        let graph = Graph(vec![
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 9),
            (0, 5),
            (5, 6),
            (6, 7),
            (7, 8),
            (8, 9),
        ]);
        let estimate = |s: &u8| [4, 3, 0, 1, 0, 4, 3, 2, 1, 0][*s as usize];
        let limits = Limits::memory(1 << 20);
        let shortest = Outcome::Found(vec![(0, 1), (1, 2), (2, 3), (3, 9)]);
        let a = astar(&graph, 0, |s| *s == 9, estimate, &limits, |_, _| {});
        assert_eq!(a.outcome, shortest);
        let walk = idastar::Stepwise::new(&graph);
        let ida = idastar(&walk, 0, |s| *s == 9, estimate, &limits, |_, _| {});
        assert_eq!(ida.outcome, shortest);
        let unreachable = astar(&graph, 0, |s| *s == 4, |_: &u8| 0, &limits, |_, _| {});
        assert_eq!(unreachable.outcome, Outcome::Exhausted);
    }

    #[test]
    fn greedy_follows_the_estimate_and_weighted_astar_trades_length_for_speed() {
        // 0-1-3-4-9 (4 moves) and 0-2-9 (2 moves); the greedy estimate favours the long way.
        let graph = Graph(vec![(0, 1), (1, 3), (3, 4), (4, 9), (0, 2), (2, 9)]);
        let misleading = |s: &u8| [2, 0, 1, 0, 0, 0, 0, 0, 0, 0][*s as usize];
        let admissible = |s: &u8| [2, 3, 1, 2, 1, 0, 0, 0, 0, 0][*s as usize];
        let limits = Limits::memory(1 << 20);
        let run = |estimate: &dyn Fn(&u8) -> u32, weights| {
            weighted_to_nine(&graph, estimate, weights).outcome
        };
        let long = vec![(0, 1), (1, 3), (3, 4), (4, 9)];
        let short = vec![(0, 2), (2, 9)];
        assert_eq!(run(&misleading, Weights::GREEDY), Outcome::Found(long));
        assert_eq!(
            run(&misleading, Weights::ASTAR),
            Outcome::Found(short.clone())
        );
        // Weight 2 on an admissible estimate: 0 (2*2) first, then 2 (1+2*1) before 1 (1+2*3),
        // and 9 through 2.
        let weighted = run(&admissible, Weights::weighted(2));
        assert_eq!(weighted, Outcome::Found(short));
        let unreachable = weighted_astar(
            &graph,
            0,
            |s| *s == 5,
            |_: &u8| 0,
            Weights::GREEDY,
            &limits,
            |_, _| {},
        );
        assert_eq!(unreachable.outcome, Outcome::Exhausted);
    }
}
