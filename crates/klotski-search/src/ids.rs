//! Iterative deepening: depth-first passes under a depth limit that grows by one, so the first
//! goal found is a nearest one.
//!
//! Puzzles with many transpositions reach each state by countless paths, so the passes share a
//! table of the shallowest depth each state was reached at. After the pass with limit `L` it
//! holds the exact distance of every state within `L` (the pass reached each by a shortest
//! path), so the next pass enters a state only at that depth and only once: a pass costs one
//! expansion per state within its limit, at the price of the table's memory.

use super::{Limits, Meter, Outcome, Search, Space, Stats, Stop, table_bytes, table_growth};
use fxhash::FxHashMap;

/// The passes: the table of depths (with the pass that last entered each state), the path so
/// far and per-depth child buffers.
struct Pass<'a, P: Space, G> {
    space: &'a P,
    is_goal: G,
    depth_of: FxHashMap<P::State, (u32, u32)>,
    /// The current pass's limit, which also stamps the states it entered.
    limit: u32,
    path: Vec<P::Move>,
    buffers: Vec<Vec<(P::Move, P::State)>>,
    meter: Meter,
    /// Whether the limit cut some path short: without a cut, a failed pass proves no goal.
    cut: bool,
}

impl<P: Space, G: FnMut(&P::State) -> bool> Pass<'_, P, G> {
    /// Searches below `state`, reached at depth `g`, for a goal at most `limit` deep.
    fn dive(&mut self, state: &P::State, g: u32) -> Result<bool, Stop> {
        if (self.is_goal)(state) {
            return Ok(true);
        }
        if g == self.limit {
            self.cut = true;
            return Ok(false);
        }
        self.meter.expand()?;
        let depth = g as usize;
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
        }
        let mut children = std::mem::take(&mut self.buffers[depth]);
        children.clear();
        self.space.successors(state, &mut children);
        let mut found = false;
        for &(mv, child) in &children {
            // Shallower elsewhere, or already entered at this depth in this pass.
            let skip = |&(d, pass): &(u32, u32)| d < g + 1 || (d == g + 1 && pass == self.limit);
            if self.depth_of.get(&child).is_some_and(skip) {
                continue;
            }
            let extra = table_growth(&self.depth_of);
            if extra > 0 {
                self.meter.grow(table_bytes(&self.depth_of), extra)?;
            }
            self.depth_of.insert(child, (g + 1, self.limit));
            self.path.push(mv);
            if self.dive(&child, g + 1)? {
                found = true;
                break;
            }
            self.path.pop();
        }
        self.buffers[depth] = children;
        Ok(found)
    }
}

/// Finds a shortest path from `start` to a state for which `is_goal` holds, by depth-first
/// passes with limits 0, 1, 2, ... `on_iteration` is called before each pass with its limit and
/// the counters so far (expansions add up over the passes). `Exhausted` means a pass ended with
/// no path cut by its limit: no goal is reachable.
///
/// ```
/// use klotski_core::engine::{Board, Puzzle};
/// use klotski_search::{Limits, Outcome, ids};
/// use klotski_core::solve::spaces::packed::PackedSpace;
///
/// // 1 2 / _ 3 on a 2x2 board: one move (3 left) from the goal 1 2 / 3 _.
/// let puzzle = Puzzle::numbered(Board::new(2, 2), &[1, 2, 0, 3], &[]).unwrap();
/// let space = PackedSpace::<1>::new(&puzzle).unwrap();
/// let (start, goal) = (space.encode(puzzle.start()), space.encode(&[0, 1, 2]));
/// let limits = Limits::memory(1 << 20);
/// let search = ids(&space, start, |s| *s == goal, &limits, |_, _| {});
/// assert!(matches!(search.outcome, Outcome::Found(path) if path.len() == 1));
/// ```
pub fn ids<P: Space>(
    space: &P,
    start: P::State,
    is_goal: impl FnMut(&P::State) -> bool,
    limits: &Limits,
    mut on_iteration: impl FnMut(u32, &Stats),
) -> Search<P::Move> {
    let mut pass = Pass {
        space,
        is_goal,
        depth_of: FxHashMap::default(),
        limit: 0,
        path: Vec::new(),
        buffers: Vec::new(),
        meter: Meter::new(limits),
        cut: false,
    };
    pass.depth_of.insert(start, (0, 0));
    let outcome = (0..)
        .find_map(|limit| {
            on_iteration(limit, &pass.meter.stats);
            pass.limit = limit;
            pass.cut = false;
            match pass.dive(&start, 0) {
                Ok(true) => Some(Outcome::Found(std::mem::take(&mut pass.path))),
                Ok(false) if !pass.cut => Some(Outcome::Exhausted),
                Ok(false) => None,
                Err(stop) => Some(Outcome::Stopped(stop)),
            }
        })
        .expect("the passes end with an outcome");
    pass.meter.stats.stored = pass.depth_of.len() as u64;
    Search::ended(outcome, pass.meter.stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bfs;

    /// A grid of `n` x `n` cells; a move steps to a neighbour, so many paths reach each cell.
    struct Grid(u8);

    impl Space for Grid {
        type State = (u8, u8);
        type Move = (i8, i8);
        fn successors(&self, &(r, c): &(u8, u8), out: &mut Vec<((i8, i8), (u8, u8))>) {
            for (dr, dc) in [(-1i8, 0i8), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r as i8 + dr, c as i8 + dc);
                if (0..self.0 as i8).contains(&nr) && (0..self.0 as i8).contains(&nc) {
                    out.push(((dr, dc), (nr as u8, nc as u8)));
                }
            }
        }
        fn predecessor(&self, &(r, c): &(u8, u8), (dr, dc): (i8, i8)) -> (u8, u8) {
            ((r as i8 - dr) as u8, (c as i8 - dc) as u8)
        }
    }

    #[test]
    fn finds_a_shortest_path_and_proves_an_unreachable_goal() {
        let grid = Grid(6);
        let limits = Limits::memory(1 << 20);
        let mut limits_seen = Vec::new();
        let found = ids(
            &grid,
            (0, 0),
            |s| *s == (4, 5),
            &limits,
            |l, _| limits_seen.push(l),
        );
        let Outcome::Found(path) = found.outcome else {
            panic!("no path: {:?}", found.outcome)
        };
        assert_eq!(path.len(), 9);
        let end = path.iter().fold((0u8, 0u8), |(r, c), &(dr, dc)| {
            ((r as i8 + dr) as u8, (c as i8 + dc) as u8)
        });
        assert_eq!(end, (4, 5));
        assert_eq!(limits_seen, (0..=9).collect::<Vec<_>>());
        // Pass L expands each cell closer than L once, however many paths lead there.
        let within = |k: u64| (0..36u64).filter(|c| c / 6 + c % 6 <= k).count() as u64;
        let passes = |last: u64| (0..last).map(within).sum::<u64>();
        assert!((passes(8)..=passes(9)).contains(&found.stats.expanded));
        let none = ids(&grid, (0, 0), |s| *s == (9, 9), &limits, |_, _| {});
        assert_eq!(none.outcome, Outcome::Exhausted);
        // Limits 1 to 11 (the farthest cell is 10 away; the pass with limit 11 cuts nothing).
        assert_eq!(none.stats.expanded, passes(11));
        let by_bfs = bfs(&grid, (0, 0), |s| *s == (4, 5), &limits, |_| {});
        assert!(matches!(by_bfs.outcome, Outcome::Found(p) if p.len() == 9));
    }

    #[test]
    fn stops_at_the_memory_limit() {
        let stopped = ids(
            &Grid(40),
            (0, 0),
            |s| *s == (39, 39),
            &Limits::memory(64),
            |_, _| {},
        );
        assert!(matches!(
            stopped.outcome,
            Outcome::Stopped(Stop::Memory(64))
        ));
    }
}
