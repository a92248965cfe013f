//! Manhattan distance with linear conflicts, a child rated from its parent: a move changes one
//! piece's distance and at most two lines' conflicts, so a child costs a few lookups where
//! rating it afresh reads every piece. It works on any space whose states lay pieces out on
//! cells ([`PieceLayout`]); the packed space is the one the searches use.

use crate::heuristic::Manhattan;
use crate::search::{Estimate, Space};
use std::cell::RefCell;
use std::rc::Rc;

/// Most cells a laid-out state may have: a layout is two fixed arrays of this many bytes,
/// filled once per parent.
pub const MAX_LAYOUT_CELLS: usize = 128;

/// A space whose states lay pieces out on cells: what a bound rated from the parent reads.
pub trait PieceLayout: Space {
    /// The origin of `piece` in `state`.
    fn origin(&self, state: &Self::State, piece: usize) -> usize;

    /// The piece `mv` moves.
    fn moved_piece(&self, mv: Self::Move) -> usize;

    /// Writes into `grid` which piece covers each cell of `state` (its index plus one, 0 for a
    /// blank or a wall), and into `origins` each piece's origin, in piece order.
    fn layout(
        &self,
        state: &Self::State,
        grid: &mut [u8; MAX_LAYOUT_CELLS],
        origins: &mut [u8; MAX_LAYOUT_CELLS],
    );
}

/// Which piece covers each cell of a parent state (its index plus one, 0 for a blank): what
/// [`Manhattan::change`] reads. The children of one parent come one after another, so it is
/// laid out once per parent, and the bounds toward either end of a bidirectional search share
/// it.
struct Layout<S> {
    parent: Option<S>,
    grid: [u8; MAX_LAYOUT_CELLS],
    /// The parent's pieces' origins.
    origins: [u8; MAX_LAYOUT_CELLS],
}

/// [`Manhattan`] (with conflicts) toward one placement, as an [`Estimate`] on a space of
/// laid-out states.
pub struct IncrementalManhattan<'a, P: PieceLayout> {
    space: &'a P,
    bound: Manhattan,
    layout: Rc<RefCell<Layout<P::State>>>,
}

impl<P: PieceLayout> Clone for IncrementalManhattan<'_, P> {
    fn clone(&self) -> Self {
        IncrementalManhattan {
            space: self.space,
            bound: self.bound.clone(),
            layout: Rc::clone(&self.layout),
        }
    }
}

impl<'a, P: PieceLayout> IncrementalManhattan<'a, P> {
    /// The bound toward `bound`'s placement, on states of `space`.
    pub fn new(space: &'a P, bound: Manhattan) -> Self {
        let layout = Layout {
            parent: None,
            grid: [0; MAX_LAYOUT_CELLS],
            origins: [0; MAX_LAYOUT_CELLS],
        };
        IncrementalManhattan {
            space,
            bound,
            layout: Rc::new(RefCell::new(layout)),
        }
    }

    /// The bounds toward `ahead`'s placement and toward `back`'s, sharing one layout of each
    /// parent: a bidirectional search rates every child both ways.
    pub fn pair(space: &'a P, ahead: Manhattan, back: Manhattan) -> (Self, Self) {
        let first = IncrementalManhattan::new(space, ahead);
        let second = IncrementalManhattan {
            bound: back,
            ..first.clone()
        };
        (first, second)
    }
}

impl<P: PieceLayout> Estimate<P::State, P::Move> for IncrementalManhattan<'_, P> {
    fn at(&mut self, state: &P::State) -> u32 {
        self.bound
            .estimate(|piece| self.space.origin(state, piece), |_| false)
    }

    fn after(&mut self, parent: &P::State, at_parent: u32, mv: P::Move, child: &P::State) -> u32 {
        self.prepare(parent);
        let layout = self.layout.borrow();
        let piece = self.space.moved_piece(mv);
        let (from, to) = (
            usize::from(layout.origins[piece]),
            self.space.origin(child, piece),
        );
        let change = self.bound.change(&layout.grid, piece, from, to);
        at_parent
            .checked_add_signed(change)
            .expect("a consistent bound stays at or above zero")
    }

    fn prepare(&mut self, parent: &P::State) {
        let mut layout = self.layout.borrow_mut();
        let layout = &mut *layout;
        if layout.parent != Some(*parent) {
            (self.space).layout(parent, &mut layout.grid, &mut layout.origins);
            layout.parent = Some(*parent);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::puzzle::Puzzle;
    use crate::rng::Rng;
    use crate::search::{Limits, Units};
    use crate::solve::spaces::packed::PackedSpace;

    /// 5x5 with a 2x2 block, a 2x1 and a 1x2 block, three blanks: every kind of line change.
    const BLOCKS_5X5: &str = "5 5\n1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 0\n\
        20 21 22 0 0\n3\n7 2*2\n4 2*1\n16 1*2\n";

    #[test]
    fn a_child_rated_from_its_parent_matches_a_fresh_rating() {
        let (puzzle, target) = crate::engine::sample(BLOCKS_5X5);
        let space = PackedSpace::<2>::new(&puzzle).unwrap();
        let mut rng = Rng::new(7);
        let (_, origins) = puzzle.random_walk(300, &mut rng);
        let mut state = space.encode(&origins);
        let mut incremental =
            IncrementalManhattan::new(&space, Manhattan::new(&puzzle, &target, true));
        let mut fresh = IncrementalManhattan::new(&space, Manhattan::new(&puzzle, &target, true));
        let mut children = Vec::new();
        for step in 0..2000 {
            let at = incremental.at(&state);
            children.clear();
            space.successors(&state, &mut children);
            for &(mv, child) in &children {
                let rated = incremental.after(&state, at, mv, &child);
                assert_eq!(rated, fresh.at(&child), "step {step}");
                assert_eq!(rated.abs_diff(at), 1, "consistent: one move, one step");
            }
            state = children[rng.below(children.len())].1;
        }
    }

    #[test]
    fn the_bound_never_overestimates_on_small_spaces() {
        // Every state of these boards, by breadth-first search from the goal.
        for board in [
            "3 4\n1 2 3 4\n5 6 7 8\n9 10 0 0\n1\n2 2*2\n",
            "3 4\n1 2 3 4\n5 6 7 8\n9 10 0 0\n2\n2 1*2\n4 2*1\n",
            "4 3\n1 2 3\n4 5 6\n7 8 9\n10 0 0\n1\n1 2*2\n",
        ] {
            let (puzzle, target) = crate::engine::sample(board);
            let space = PackedSpace::<1>::new(&puzzle).unwrap();
            let mut bound =
                IncrementalManhattan::new(&space, Manhattan::new(&puzzle, &target, true));
            let goal = space.encode(&target);
            let mut depth = std::collections::HashMap::from([(goal, 0u32)]);
            let (mut layer, mut children) = (vec![goal], Vec::new());
            for d in 1.. {
                let mut next = Vec::new();
                for state in &layer {
                    children.clear();
                    space.successors(state, &mut children);
                    for &(_, child) in &children {
                        if let std::collections::hash_map::Entry::Vacant(slot) = depth.entry(child)
                        {
                            slot.insert(d);
                            next.push(child);
                        }
                    }
                }
                if next.is_empty() {
                    break;
                }
                layer = next;
            }
            assert!(depth.len() > 1000, "{board}: {} states", depth.len());
            for (state, &d) in &depth {
                assert!(bound.at(state) <= d, "{board}: {} > {d}", bound.at(state));
            }
        }
    }

    #[test]
    fn bidirectional_astar_on_these_bounds_finds_shortest_paths() {
        // 3x4 with two blanks and a 2x2 block, or a 1x2 and a 2x1 in the lines of the tiles'
        // conflicts: small enough for breadth-first search.
        let boards = [
            "3 4\n1 2 3 4\n5 6 7 8\n9 10 0 0\n1\n2 2*2\n",
            "3 4\n1 2 3 4\n5 6 7 8\n9 10 0 0\n2\n2 1*2\n4 2*1\n",
        ];
        for board in boards {
            shortest_paths_on(board);
        }
    }

    /// Walks back from a goal: each one's length and the pieces' origins where it ends.
    type Walks = Vec<(usize, Vec<usize>)>;

    /// What the batched searches' tests start from: the 5x5 board with blocks, its goal, the
    /// positions random walks of 40 to 260 moves back from it reach (searches of thousands of
    /// states, many batches), and limits counting every unit, on one thread and on two, so
    /// that the batches can begin part way.
    fn batch_cases() -> (Puzzle, Vec<usize>, Walks, [Limits; 2]) {
        let (puzzle, target) = crate::engine::sample(BLOCKS_5X5);
        let mut rng = Rng::new(5);
        let starts = [40, 80, 120, 160, 200, 260]
            .into_iter()
            .map(|walk| (walk, puzzle.random_walk(walk, &mut rng).1))
            .collect();
        let units = Units {
            most: u64::MAX / 2,
            per_expanded: 1,
            per_stored: 1,
        };
        let one = Limits::memory(1 << 28).in_units(units);
        let two = Limits {
            threads: 2,
            ..one.clone()
        };
        (puzzle, target, starts, [one, two])
    }

    /// Both ways' bounds on `space` of `puzzle`, toward `target` and toward `origins`.
    fn bounds_between<'a>(
        space: &'a PackedSpace<2>,
        puzzle: &Puzzle,
        (target, origins): (&[usize], &[usize]),
    ) -> (
        IncrementalManhattan<'a, PackedSpace<2>>,
        IncrementalManhattan<'a, PackedSpace<2>>,
    ) {
        let to_goal = Manhattan::new(puzzle, target, true);
        let to_start = Manhattan::new(puzzle, origins, true);
        IncrementalManhattan::pair(space, to_goal, to_start)
    }

    #[test]
    fn batches_find_the_shortest_paths_alike_on_any_threads() {
        use crate::search::bidirectional_astar_in_batches as in_batches;
        use crate::search::{Outcome, Signal, bidirectional_astar};
        use std::ops::ControlFlow;
        let (puzzle, target, starts, [one, two]) = batch_cases();
        let space = PackedSpace::<2>::new(&puzzle).unwrap();
        let goal = space.encode(&target);
        let go_on = |_, _: &_| ControlFlow::Continue(());
        let mut batched_apart = 0;
        for (walk, origins) in starts {
            let start = space.encode(&origins);
            let pair = || bounds_between(&space, &puzzle, (&target, &origins));
            let alone = bidirectional_astar(&space, start, goal, pair(), &one, None, go_on);
            let Outcome::Found(shortest) = alone.outcome.clone() else {
                panic!("walk {walk}: {:?}", alone.outcome)
            };
            let batched = |limits: &Limits, from| {
                in_batches(&space, start, goal, pair, (limits, from), || None, go_on)
            };
            // Batches that never begin: the search of one state at a time, step for step.
            let never = batched(&two, u64::MAX);
            assert_eq!(never.outcome, alone.outcome, "walk {walk}");
            assert_eq!(never.stats, alone.stats, "walk {walk}");
            for from in [0, alone.stats.units / 2] {
                let on_one = batched(&one, from);
                let Outcome::Found(path) = on_one.outcome.clone() else {
                    panic!("walk {walk}: {:?}", on_one.outcome)
                };
                assert_eq!(path.len(), shortest.len(), "walk {walk} from {from}");
                let moves: Vec<_> = path.iter().map(|&m| PackedSpace::<2>::unpack(m)).collect();
                let walked = puzzle.with_start(&origins).unwrap().replay(&moves).unwrap();
                assert_eq!(walked.origins(), &target[..]);
                batched_apart += usize::from(on_one.stats != alone.stats);
                // Two threads, and two once a signal says the second core is free (raised
                // here before the search begins, and never): the same path and counters.
                let on_two = batched(&two, from);
                assert_eq!(on_two.outcome, on_one.outcome, "walk {walk} from {from}");
                assert_eq!(on_two.stats, on_one.stats, "walk {walk} from {from}");
                for raised in [true, false] {
                    let free = Signal::default();
                    if raised {
                        free.raise();
                    }
                    let waiting = Limits {
                        cores_free: Some(free),
                        ..two.clone()
                    };
                    let signalled = batched(&waiting, from);
                    assert_eq!(signalled.outcome, on_one.outcome, "walk {walk}");
                    assert_eq!(signalled.stats, on_one.stats, "walk {walk}");
                }
            }
        }
        // The batches' order is their own: the searches differ from one state at a time.
        assert!(batched_apart > 0);
    }

    #[test]
    fn batches_told_of_a_path_look_only_for_shorter_ones() {
        use crate::search::bidirectional_astar_in_batches as in_batches;
        use crate::search::{Outcome, Stats};
        use std::cell::RefCell;
        use std::ops::ControlFlow;
        let (puzzle, target, starts, [one, two]) = batch_cases();
        let space = PackedSpace::<2>::new(&puzzle).unwrap();
        let goal = space.encode(&target);
        let mut settled = 0;
        for (walk, origins) in starts {
            let start = space.encode(&origins);
            let pair = || bounds_between(&space, &puzzle, (&target, &origins));
            let reports = RefCell::new(Vec::new());
            let told = |limits: &Limits, from, known: Option<u32>| {
                reports.borrow_mut().clear();
                let heard = |bound, stats: &Stats| {
                    reports.borrow_mut().push((bound, stats.units));
                    ControlFlow::Continue(())
                };
                in_batches(
                    &space,
                    start,
                    goal,
                    pair,
                    (limits, from),
                    move || known,
                    heard,
                )
            };
            let Outcome::Found(shortest) = told(&one, 0, None).outcome else {
                panic!("walk {walk}: no path")
            };
            let length = shortest.len() as u32;
            let half = told(&one, u64::MAX, None).stats.units / 2;
            for from in [0, half] {
                let untold = told(&one, from, None);
                // Told of a path as short as the shortest, the batches prove none is shorter;
                // told of a longer one, they find the shortest. Either keeps no more states,
                // and two threads count what one does.
                for (known, longer) in [(length, false), (length + 2, true)] {
                    let search = told(&one, from, Some(known));
                    assert!(search.stats.stored <= untold.stats.stored, "walk {walk}");
                    match search.outcome {
                        Outcome::Exhausted => {
                            assert!(!longer, "walk {walk}: only the shortest ends so");
                            assert_eq!(search.stats.lower_bound, length, "walk {walk}");
                            // Its bound is reported there after it was told, even where
                            // it had reached it before: what the caller's verdict needs.
                            let &(bound, units) = reports.borrow().last().expect("a report");
                            assert!(bound == length && units >= from, "walk {walk} {from}");
                            settled += 1;
                        }
                        Outcome::Found(ref path) => assert_eq!(path.len(), shortest.len()),
                        ref other => panic!("walk {walk}: {other:?}"),
                    }
                    assert_eq!(search.stats, told(&two, from, Some(known)).stats);
                }
            }
        }
        assert!(settled > 0);
    }

    /// Bidirectional A* against breadth-first search from random walks back from `board`'s
    /// goal, and with budgets of stored states.
    fn shortest_paths_on(board: &str) {
        use crate::search::{Limits, Outcome, Stop, Units, bfs, bidirectional_astar};
        use std::ops::ControlFlow;
        let (puzzle, target) = crate::engine::sample(board);
        let space = PackedSpace::<1>::new(&puzzle).unwrap();
        let goal = space.encode(&target);
        let mut rng = Rng::new(11);
        for walk in (10..400).step_by(13) {
            let (_, origins) = puzzle.random_walk(walk, &mut rng);
            let start = space.encode(&origins);
            let limits = Limits::memory(1 << 28);
            let shortest = match bfs(&space, start, |s| *s == goal, &limits, |_| {}).outcome {
                Outcome::Found(path) => path.len(),
                other => panic!("{other:?}"),
            };
            let to_goal = IncrementalManhattan::new(&space, Manhattan::new(&puzzle, &target, true));
            let to_start =
                IncrementalManhattan::new(&space, Manhattan::new(&puzzle, &origins, true));
            let told = |limits: &Limits, known| {
                let pair = (to_goal.clone(), to_start.clone());
                let go_on = |_, _: &_| ControlFlow::Continue(());
                bidirectional_astar(&space, start, goal, pair, limits, known, go_on)
            };
            let search = |limits| told(&limits, None);
            let found = search(limits.clone());
            let Outcome::Found(path) = found.outcome else {
                panic!("walk {walk}: {:?}", found.outcome)
            };
            assert_eq!(path.len(), shortest, "walk {walk}");
            // Told of a path as short as the shortest, it shows that none is shorter; told of
            // a longer one, it finds the shortest. Either keeps no more states.
            let as_short = told(&limits, Some(shortest as u32));
            assert_eq!(as_short.outcome, Outcome::Exhausted, "walk {walk}");
            assert!(as_short.stats.stored <= found.stats.stored, "walk {walk}");
            let longer = told(&limits, Some(shortest as u32 + 2));
            assert!(
                matches!(&longer.outcome, Outcome::Found(p) if p.len() == shortest),
                "walk {walk}: {:?}",
                longer.outcome
            );
            assert!(longer.stats.stored <= found.stats.stored, "walk {walk}");
            // A budget of the states it stored (at a unit each, expansions free) lets it end
            // the same; one fewer stops it.
            let stored = |most| Units {
                most,
                per_expanded: 0,
                per_stored: 1,
            };
            let stored_all = found.stats.stored - 2;
            assert_eq!(
                search(limits.in_units(stored(stored_all))).outcome,
                Outcome::Found(path.clone())
            );
            let short = search(limits.in_units(stored(stored_all - 1)));
            assert_eq!(short.outcome, Outcome::Stopped(Stop::Work), "walk {walk}");
            // Wherever a budget stops it, the bound it reached is one no path beats: the
            // portfolio calls an answer that long optimal.
            for most in [stored_all / 4, stored_all / 2, stored_all - 1] {
                let bound = search(limits.in_units(stored(most))).stats.lower_bound;
                assert!(
                    (1..=shortest).contains(&(bound as usize)),
                    "walk {walk}: {bound}"
                );
            }
            let moves: Vec<_> = path.iter().map(|&m| PackedSpace::<1>::unpack(m)).collect();
            let walked = puzzle.with_start(&origins).unwrap().replay(&moves).unwrap();
            assert_eq!(walked.origins(), &target[..]);
        }
    }
}
