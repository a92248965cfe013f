//! Fresh starts of a stuck board: the constructive solver tried again from other positions,
//! the other way round and backwards ([`Try`]), and greedy best-first search from the same
//! positions ([`greedy`]).

use crate::engine::puzzle::{Move, Puzzle};
use crate::heuristic::pdb::Cache;
use crate::rng::Rng;
use crate::search::{Limits, Outcome};
use crate::solve::Progress;
use crate::solve::constructive;
use crate::solve::portfolio::algo::Algo;
use crate::solve::portfolio::searches::search_by;

/// Steps of each random walk, per cell of the board: enough to carry every piece away from
/// where it stood, so the walk's end is a new draw for the constructive solver and for greedy
/// search.
const WALK_STEPS_PER_CELL: usize = 4;

/// One fresh try of the constructive solver on a board it got stuck on: one way of placing,
/// from one position, in one orientation, in one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Try {
    /// Whether it runs backwards: from the goal, placing every piece where the puzzle starts,
    /// its moves then undone in reverse order. The goal packs the blocks into its last rows
    /// and its blanks into the last cells, where the forward solver's last pieces find no
    /// room; the start scatters them, so the backward solver's last pieces meet another trap
    /// or none.
    pub backwards: bool,
    /// Where it starts: on a backward try, [`TryStart::Start`] is the goal and a walk runs
    /// from the goal ([`TryStart::Furthest`] is for forward tries only).
    pub from: TryStart,
    /// Whether it runs on the puzzle mirrored about its main diagonal ([`Puzzle::transposed`]),
    /// placing the columns first.
    pub mirrored: bool,
    /// Which of the constructive solver's ways of placing ([`constructive::ways`]): 0 or 1,
    /// the first two, of which one empties targets ahead of the pieces and one does not
    /// (the others mostly fail where these fail).
    pub way: usize,
}

/// Where a [`Try`] starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TryStart {
    /// The puzzle's start.
    Start,
    /// Where the stuck solver got furthest.
    Furthest,
    /// The end of a random walk from the start, the walk's seed given.
    Walk(u64),
}

/// How many of [`tries`] start from fixed positions (the start, the furthest and the goal),
/// before the random walks'.
pub(super) const FIXED_TRIES: usize = 8;

/// How many of [`tries`] start from each random walk's end.
pub(super) const TRIES_PER_WALK: usize = 4;

/// The fresh tries, in the order they are taken: the columns first from the start and from
/// where the solver got furthest, by each of the first two ways of placing (on most stuck
/// boards the trap lies across the order of placement, and the columns' order misses it);
/// backwards from the goal, the columns and then the rows first, by each way; then from
/// the end of each of `walks` random walks, forwards from the start and then backwards from
/// the goal, the rows first by the first way and the columns first by the second.
pub(super) fn tries(walks: u64) -> Vec<Try> {
    let one = |backwards: bool, from: TryStart, mirrored: bool, way: usize| Try {
        backwards,
        from,
        mirrored,
        way,
    };
    let walked = (1..=walks).flat_map(|seed| {
        let from = TryStart::Walk(seed);
        [false, true].map(|backwards| {
            [
                one(backwards, from, false, 0),
                one(backwards, from, true, 1),
            ]
        })
    });
    let fixed = [
        one(false, TryStart::Start, true, 0),
        one(false, TryStart::Start, true, 1),
        one(false, TryStart::Furthest, true, 0),
        one(false, TryStart::Furthest, true, 1),
        one(true, TryStart::Start, true, 0),
        one(true, TryStart::Start, true, 1),
        one(true, TryStart::Start, false, 0),
        one(true, TryStart::Start, false, 1),
    ];
    fixed.into_iter().chain(walked.flatten()).collect()
}

/// Moves from the start that bring every piece of `puzzle` to `target` by the try `one`: its
/// way to where it starts (none, `reached`, which ends on `origins`, or its random walk),
/// then the constructive solver's way of placing that `one` names from there, on the mirrored
/// puzzle when `one` says so; backwards, the same from the goal to the start, undone in
/// reverse order. `None` when that gets stuck too.
pub(super) fn retry(
    puzzle: &Puzzle,
    target: &[usize],
    reached: &[Move],
    origins: &[usize],
    one: Try,
    limits: &Limits,
) -> Option<Vec<Move>> {
    if one.backwards {
        debug_assert_ne!(one.from, TryStart::Furthest, "where the forward solver got");
        let forward = Try {
            backwards: false,
            ..one
        };
        return undone_backwards(puzzle, target, |back, start| {
            retry(back, start, &[], target, forward, limits)
        });
    }
    let (lead, from) = match one.from {
        TryStart::Start => (Vec::new(), puzzle.start.clone()),
        TryStart::Furthest => (reached.to_vec(), origins.to_vec()),
        TryStart::Walk(seed) => walk_end(puzzle, seed),
    };
    let moved = Puzzle {
        start: from,
        ..puzzle.clone()
    };
    let (moved, goal) = if one.mirrored {
        (moved.transposed(), puzzle.transposed_origins(target))
    } else {
        (moved, target.to_vec())
    };
    let way = *constructive::ways(&moved).get(one.way)?;
    let rest = constructive::solve_one_way(&moved, &goal, way, limits).ok()?;
    let back = |mv: Move| if one.mirrored { mv.transposed() } else { mv };
    Some(lead.into_iter().chain(rest.into_iter().map(back)).collect())
}

/// Moves from the start that bring every piece of `puzzle` to `target`, found by `forward` on
/// the puzzle the other way round (from `target` to `puzzle`'s start, both given to it), its
/// moves undone in reverse order.
fn undone_backwards(
    puzzle: &Puzzle,
    target: &[usize],
    forward: impl FnOnce(&Puzzle, &[usize]) -> Option<Vec<Move>>,
) -> Option<Vec<Move>> {
    let back = Puzzle {
        start: target.to_vec(),
        ..puzzle.clone()
    };
    let moves = forward(&back, &puzzle.start)?;
    Some(moves.into_iter().rev().map(Move::reversed).collect())
}

/// The moves of the random walk from `puzzle`'s start that `seed` draws, and where it ends.
fn walk_end(puzzle: &Puzzle, seed: u64) -> (Vec<Move>, Vec<usize>) {
    let steps = WALK_STEPS_PER_CELL * puzzle.board.cells();
    puzzle.random_walk(steps, &mut Rng::new(seed))
}

/// Moves from the start that bring every piece of `puzzle` to `target` by greedy best-first
/// search on the estimate alone, within `limits`: from the start, or from the end of the
/// random walk `from` names (its moves first); `backwards`, the same from the goal to the
/// start, undone in reverse order. `None` when the search found nothing.
///
/// Greedy search is the constructive solver's opposite: it keeps no piece in place, so no
/// order of placement traps it, but where it finds nothing it spends its whole budget. On the
/// densest boards, where every order of placement gets stuck on most tries, one of its runs
/// often ends within a small budget; which one depends on where it starts, as the
/// constructive solver's tries do, so it runs from the same positions.
pub(super) fn greedy(
    puzzle: &Puzzle,
    target: &[usize],
    backwards: bool,
    from: TryStart,
    limits: Limits,
    cache: Option<&Cache>,
) -> Option<Vec<Move>> {
    if backwards {
        return undone_backwards(puzzle, target, |back, start| {
            greedy(back, start, false, from, limits, cache)
        });
    }
    let (lead, start) = match from {
        TryStart::Walk(seed) => walk_end(puzzle, seed),
        // The rescue asks for greedy search from the start and from walks' ends only.
        TryStart::Start | TryStart::Furthest => (Vec::new(), puzzle.start.clone()),
    };
    let moved = Puzzle {
        start,
        ..puzzle.clone()
    };
    // The rescue reports its attempts as a whole, not each search's progress.
    let (algo, mut quiet) = (Algo::Greedy, |_: Progress<'_>| {});
    let run = search_by(
        &moved,
        target,
        algo,
        algo.weights(),
        limits,
        cache,
        &mut quiet,
    )?;
    let Outcome::Found(rest) = run.outcome else {
        return None;
    };
    Some([lead, rest].concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The columns first from the start and from the furthest position come first, each by
    /// the first two ways, then backwards from the goal the columns and the rows first by
    /// each way; then each walk's end, forwards and then backwards, the rows first by the
    /// first way and the columns first by the second; `walks` counts the walks.
    #[test]
    fn tries_start_with_the_columns_then_backwards_then_walk() {
        let tries: Vec<(bool, TryStart, bool, usize)> = tries(2)
            .iter()
            .map(|t| (t.backwards, t.from, t.mirrored, t.way))
            .collect();
        let (start, furthest) = (TryStart::Start, TryStart::Furthest);
        let (walk1, walk2) = (TryStart::Walk(1), TryStart::Walk(2));
        assert_eq!(
            tries,
            vec![
                (false, start, true, 0),
                (false, start, true, 1),
                (false, furthest, true, 0),
                (false, furthest, true, 1),
                (true, start, true, 0),
                (true, start, true, 1),
                (true, start, false, 0),
                (true, start, false, 1),
                (false, walk1, false, 0),
                (false, walk1, true, 1),
                (true, walk1, false, 0),
                (true, walk1, true, 1),
                (false, walk2, false, 0),
                (false, walk2, true, 1),
                (true, walk2, false, 0),
                (true, walk2, true, 1),
            ]
        );
    }

    /// Greedy search backwards, from the goal to the start, answers
    /// `tests/cases/dense/r12_9x8_b3` within the rescue's budget, where forwards it does not:
    /// its moves, undone in reverse order, lead from the start to the goal.
    #[test]
    fn greedy_search_backwards_answers_where_forwards_does_not() {
        let (puzzle, target) = crate::engine::sample(
            "9 8\n9 17 3 4 5 6 7 8\n10 2 11 12 0 14 23 16\n33 19 20 29 15 35 24 22\n\
             1 27 28 34 0 30 37 31\n25 18 26 0 13 39 40 32\n41 42 43 44 21 53 36 54\n\
             49 50 51 52 38 56 45 46\n57 66 59 60 47 61 48 63\n65 58 67 68 69 55 62 64\n\
             10\n3 2*1\n5 1*2\n7 1*2\n13 2*1\n19 2*2\n39 1*2\n41 2*2\n43 2*2\n57 2*1\n\
             59 2*2\n",
        );
        // The rescue's budget on a board of 72 cells.
        use crate::solve::portfolio::budget::{RESCUE_GREEDY, RESCUE_STAGE_CELLS};
        let states = RESCUE_GREEDY * RESCUE_STAGE_CELLS as u64 / 72;
        let limits = Limits::memory(1 << 30).expanding(states);
        let forwards = greedy(
            &puzzle,
            &target,
            false,
            TryStart::Start,
            limits.clone(),
            None,
        );
        assert_eq!(forwards, None);
        let moves = greedy(&puzzle, &target, true, TryStart::Start, limits, None).expect("moves");
        let reached = puzzle.replay(&moves).expect("legal moves");
        assert_eq!(reached.origins(), &target[..]);
    }
}
