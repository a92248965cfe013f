//! Depth-first search from one start to any state a goal predicate accepts: quick to find some
//! path, with no promise that it is short.

use super::{
    Limits, Meter, Outcome, Search, Space, table_bytes, table_growth, vec_bytes, vec_growth,
};
use fxhash::FxHashMap;

/// Finds a path from `start` to a state for which `is_goal` holds, always expanding the newest
/// state first (successors in the order the space gives them), or proves none is reachable.
/// Every state is stored once, with the move that first reached it.
///
/// ```
/// use klotski_core::engine::{Board, Puzzle};
/// use klotski_search::{Limits, Outcome, dfs};
/// use klotski_core::solve::spaces::packed::PackedSpace;
///
/// // 1 2 / _ 3 on a 2x2 board: one move (3 left) from the goal 1 2 / 3 _.
/// let puzzle = Puzzle::numbered(Board::new(2, 2), &[1, 2, 0, 3], &[]).unwrap();
/// let space = PackedSpace::<1>::new(&puzzle).unwrap();
/// let (start, goal) = (space.encode(puzzle.start()), space.encode(&[0, 1, 2]));
/// let limits = Limits::memory(1 << 20);
/// let search = dfs(&space, start, |s| *s == goal, &limits);
/// assert!(matches!(search.outcome, Outcome::Found(_)));
/// ```
pub fn dfs<P: Space>(
    space: &P,
    start: P::State,
    mut is_goal: impl FnMut(&P::State) -> bool,
    limits: &Limits,
) -> Search<P::Move> {
    let mut meter = Meter::new(limits);
    let mut seen: FxHashMap<P::State, Option<P::Move>> = FxHashMap::default();
    seen.insert(start, None);
    let mut stack = vec![start];
    let mut children = Vec::new();
    let outcome = 'search: {
        while let Some(state) = stack.pop() {
            if is_goal(&state) {
                let mut path = Vec::new();
                let mut at = state;
                while let Some(mv) = seen[&at] {
                    path.push(mv);
                    at = space.predecessor(&at, mv);
                }
                path.reverse();
                break 'search Outcome::Found(path);
            }
            if let Err(stop) = meter.expand() {
                break 'search Outcome::Stopped(stop);
            }
            children.clear();
            space.successors(&state, &mut children);
            // Pushed in reverse so that the first successor is the next state expanded.
            for &(mv, child) in children.iter().rev() {
                if seen.contains_key(&child) {
                    continue;
                }
                let extra = table_growth(&seen) + vec_growth(&stack);
                if extra > 0
                    && let Err(stop) = meter.grow(table_bytes(&seen) + vec_bytes(&stack), extra)
                {
                    break 'search Outcome::Stopped(stop);
                }
                seen.insert(child, Some(mv));
                stack.push(child);
            }
        }
        Outcome::Exhausted
    };
    meter.stats.stored = seen.len() as u64;
    Search::ended(outcome, meter.stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Stop;

    /// A path graph 0 - 1 - ... - n-1; a move is the step taken (+1 or -1).
    struct Line(u32);

    impl Space for Line {
        type State = u32;
        type Move = i8;
        fn successors(&self, s: &u32, out: &mut Vec<(i8, u32)>) {
            if *s > 0 {
                out.push((-1, s - 1));
            }
            if s + 1 < self.0 {
                out.push((1, s + 1));
            }
        }
        fn predecessor(&self, s: &u32, mv: i8) -> u32 {
            s.wrapping_add_signed(-(mv as i32))
        }
    }

    #[test]
    fn finds_a_path_that_replays_or_proves_there_is_none() {
        let limits = Limits::memory(1 << 20);
        let found = dfs(&Line(50), 10, |s| *s == 3, &limits);
        let Outcome::Found(path) = found.outcome else {
            panic!("no path: {:?}", found.outcome)
        };
        let end = path
            .iter()
            .fold(10u32, |s, &mv| s.wrapping_add_signed(mv as i32));
        assert_eq!(end, 3);
        assert_eq!(
            dfs(&Line(50), 10, |s| *s == 99, &limits).outcome,
            Outcome::Exhausted
        );
        let stopped = dfs(&Line(5000), 0, |s| *s == 4999, &Limits::memory(256));
        assert_eq!(stopped.outcome, Outcome::Stopped(Stop::Memory(256)));
    }
}
