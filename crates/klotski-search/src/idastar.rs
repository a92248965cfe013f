//! Iterative-deepening A*: depth-first searches under a growing `f = g + h` bound, using memory
//! only for the current path, for deep problems whose states are too many to store.
//!
//! It walks one mutable state with apply and undo ([`Walk`]) instead of copying states, and
//! never plays the move that undoes the previous one (the only cycle of length two).

use super::{Estimate, Limits, Meter, Outcome, Reversible, Search, Stats, Stop};
use std::cell::RefCell;

/// A state space explored in place: moves are applied to and undone on one mutable state.
pub trait Walk {
    /// The mutable state; it may carry incrementally kept values such as its heuristic.
    type State;
    /// A move.
    type Move: Copy + Eq;

    /// Appends the moves that can be made in `state`: every one, or all but those that
    /// complete a sequence of moves that an earlier one (shorter, or as long and first in the
    /// walk's order) replaces, which the first shortest path never holds. It may note in
    /// `state` what it worked out for the moves (to be read when one is made), never changing
    /// the position itself.
    fn moves(&self, state: &mut Self::State, out: &mut Vec<Self::Move>);
    /// Makes `mv`, one of [`Walk::moves`] of `state`.
    fn apply(&self, state: &mut Self::State, mv: Self::Move);
    /// Makes `mv` as [`Walk::apply`] does, unless a lower bound the walk keeps on the moves
    /// left, worked out for the state `mv` leads to without making it, is above `most`: then
    /// it changes nothing and returns that bound. A search skips such a move as beyond its
    /// bound, so a walk that ever answers `Err` must be searched with a heuristic never below
    /// its own bound. The default always makes the move.
    fn apply_within(&self, state: &mut Self::State, mv: Self::Move, most: u32) -> Result<(), u32> {
        let _ = most;
        self.apply(state, mv);
        Ok(())
    }
    /// Takes back `mv`, the last move applied to `state`.
    fn undo(&self, state: &mut Self::State, mv: Self::Move);
    /// The move that undoes `mv`.
    fn reverse(&self, mv: Self::Move) -> Self::Move;
}

/// Any reversible [`Space`](super::Space) walked by replacing its state: applying `mv` is
/// stepping back from the state `reverse(mv)` would have come from.
pub struct Stepwise<'a, P: Reversible> {
    space: &'a P,
    children: RefCell<Vec<(P::Move, P::State)>>,
}

impl<'a, P: Reversible> Stepwise<'a, P> {
    /// Walks `space`.
    pub fn new(space: &'a P) -> Self {
        Stepwise {
            space,
            children: RefCell::new(Vec::new()),
        }
    }
}

impl<P: Reversible> Walk for Stepwise<'_, P>
where
    P::Move: Eq,
{
    type State = P::State;
    type Move = P::Move;

    fn moves(&self, state: &mut P::State, out: &mut Vec<P::Move>) {
        let mut children = self.children.borrow_mut();
        children.clear();
        self.space.successors(state, &mut children);
        out.extend(children.iter().map(|&(mv, _)| mv));
    }

    fn apply(&self, state: &mut P::State, mv: P::Move) {
        *state = self.space.predecessor(state, self.space.reverse(mv));
    }

    fn undo(&self, state: &mut P::State, mv: P::Move) {
        *state = self.space.predecessor(state, mv);
    }

    fn reverse(&self, mv: P::Move) -> P::Move {
        self.space.reverse(mv)
    }
}

/// How one depth-first pass ended.
pub(super) enum Pass {
    /// The goal was reached; the path holds its moves.
    Found,
    /// Nothing within the bound; the smallest `f` seen beyond it (`u32::MAX`: none).
    Beyond(u32),
}

/// The depth-first part: the walk, the path so far and per-depth move buffers.
pub(super) struct Dive<'a, W: Walk, G, H> {
    pub(super) walk: &'a W,
    pub(super) is_goal: G,
    pub(super) heuristic: H,
    pub(super) path: Vec<W::Move>,
    pub(super) buffers: Vec<Vec<W::Move>>,
    pub(super) meter: Meter,
    /// The smallest `f` beyond the bound seen so far in this pass (`u32::MAX`: none): a move
    /// the walk rules out at least that far beyond cannot lower the next bound.
    beyond_seen: u32,
    /// The smallest estimate of a node expanded in this pass (`u32::MAX`: none): how near the
    /// goal the pass came, which orders the next pass's subtrees in a split search.
    pub(super) nearest: u32,
}

impl<'a, W: Walk, G: FnMut(&W::State) -> bool, H: Estimate<W::State, W::Move>> Dive<'a, W, G, H> {
    /// A dive on `walk` with nothing walked yet, within `limits`.
    pub(super) fn new(walk: &'a W, is_goal: G, heuristic: H, limits: &Limits) -> Self {
        Dive {
            walk,
            is_goal,
            heuristic,
            path: Vec::new(),
            buffers: Vec::new(),
            meter: Meter::new(limits),
            beyond_seen: u32::MAX,
            nearest: u32::MAX,
        }
    }

    /// Searches a pass (or a part of one) from `state`, at depth `g` with estimate `h`, within
    /// `bound`.
    pub(super) fn pass(
        &mut self,
        state: &mut W::State,
        g: u32,
        h: u32,
        bound: u32,
    ) -> Result<Pass, Stop> {
        self.beyond_seen = u32::MAX;
        self.nearest = u32::MAX;
        self.dive(state, g, h, bound)
    }

    /// Searches below `state` (at depth `g`, estimate `h`) for a goal within `bound`.
    fn dive(&mut self, state: &mut W::State, g: u32, h: u32, bound: u32) -> Result<Pass, Stop> {
        let f = g + h;
        if f > bound {
            return Ok(Pass::Beyond(f));
        }
        if (self.is_goal)(state) {
            return Ok(Pass::Found);
        }
        self.meter.expand()?;
        self.nearest = self.nearest.min(h);
        let depth = g as usize;
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::with_capacity(8));
        }
        let mut moves = std::mem::take(&mut self.buffers[depth]);
        moves.clear();
        self.walk.moves(state, &mut moves);
        let back = self.path.last().map(|&mv| self.walk.reverse(mv));
        let mut beyond = u32::MAX;
        let mut result = Ok(Pass::Beyond(u32::MAX));
        for &mv in &moves {
            if Some(mv) == back {
                continue;
            }
            if let Err(h) = self
                .walk
                .apply_within(state, mv, bound.saturating_sub(g + 1))
            {
                // Beyond the bound, and no lower than what is beyond already: skipped unmade.
                // Else only its heuristic's own rating may lower the next bound.
                if (g + 1).saturating_add(h) >= beyond.min(self.beyond_seen) {
                    continue;
                }
                self.walk.apply(state, mv);
            }
            let child_h = self.heuristic.at(state);
            if child_h != u32::MAX {
                let child_f = g + 1 + child_h;
                if child_f > bound {
                    beyond = beyond.min(child_f);
                } else {
                    self.path.push(mv);
                    match self.dive(state, g + 1, child_h, bound) {
                        Ok(Pass::Found) => {
                            self.walk.undo(state, mv);
                            result = Ok(Pass::Found);
                            break;
                        }
                        Ok(Pass::Beyond(next)) => beyond = beyond.min(next),
                        Err(stop) => {
                            self.walk.undo(state, mv);
                            result = Err(stop);
                            break;
                        }
                    }
                    self.path.pop();
                }
            }
            self.walk.undo(state, mv);
        }
        self.buffers[depth] = moves;
        self.beyond_seen = self.beyond_seen.min(beyond);
        match result {
            Ok(Pass::Beyond(_)) => Ok(Pass::Beyond(beyond)),
            other => other,
        }
    }
}

/// Finds a shortest path from `start` to a state for which `is_goal` holds. `heuristic` must
/// never overestimate (`u32::MAX` marks a dead end), nor rate a state below the bound the walk
/// keeps itself ([`Walk::apply_within`]). `on_iteration` is called before each pass
/// with its bound and the counters so far. `Exhausted` means a pass found nothing and nothing
/// beyond its bound either: no goal is reachable.
///
/// ```
/// use klotski_core::engine::{Board, Puzzle};
/// use klotski_search::{Limits, Outcome, idastar, idastar::Stepwise};
/// use klotski_core::solve::spaces::packed::PackedSpace;
///
/// // 1 2 / _ 3 on a 2x2 board: one move (3 left) from the goal 1 2 / 3 _.
/// let puzzle = Puzzle::numbered(Board::new(2, 2), &[1, 2, 0, 3], &[]).unwrap();
/// let space = PackedSpace::<1>::new(&puzzle).unwrap();
/// let (start, goal) = (space.encode(puzzle.start()), space.encode(&[0, 1, 2]));
/// let limits = Limits::memory(1 << 20);
/// let walk = Stepwise::new(&space);
/// let search = idastar(&walk, start, |s| *s == goal, |_: &_| 0, &limits, |_, _| {});
/// assert!(matches!(search.outcome, Outcome::Found(path) if path.len() == 1));
/// ```
pub fn idastar<W: Walk>(
    walk: &W,
    mut start: W::State,
    is_goal: impl FnMut(&W::State) -> bool,
    mut heuristic: impl Estimate<W::State, W::Move>,
    limits: &Limits,
    mut on_iteration: impl FnMut(u32, &Stats),
) -> Search<W::Move> {
    let h0 = heuristic.at(&start);
    let mut dive = Dive::new(walk, is_goal, heuristic, limits);
    let mut bound = h0;
    let outcome = loop {
        if bound == u32::MAX {
            break Outcome::Exhausted;
        }
        on_iteration(bound, &dive.meter.stats);
        match dive.pass(&mut start, 0, h0, bound) {
            Ok(Pass::Found) => break Outcome::Found(std::mem::take(&mut dive.path)),
            Ok(Pass::Beyond(next)) => bound = next,
            Err(stop) => break Outcome::Stopped(stop),
        }
    };
    Search::ended(outcome, dive.meter.stats)
}
