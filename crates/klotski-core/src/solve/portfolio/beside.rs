//! The exact search with the first and largest share of a default run on boards where a proof
//! is within reach, and the fallback answer prepared beside it on another core, each within a
//! work budget of its own, so the answer never depends on which of them ends first.

use super::{Answer, Report, Run, StageOutcome};
use crate::search::Signal;
use crate::solve::portfolio::algo::Algo;
use crate::solve::portfolio::budget;
use crate::solve::portfolio::ceiling::Handover;
use crate::solve::spaces::tile_walk::TileWalk;
use crate::solve::{Progress, Unverified};
use std::sync::mpsc;

impl Run<'_> {
    /// Whether the portfolio runs `algo` first with the larger budget of
    /// [`budget::EXACT_FIRST_UNITS`] or [`budget::EXACT_FIRST_TILE_WALK`], the fallback
    /// prepared beside it: A* or bidirectional A* on boards of at most
    /// [`budget::EXACT_FIRST_CELLS`] cells, and the walk of 1x1 tiles with one blank on boards
    /// of more than [`budget::UNBOUNDED_TILE_CELLS`] and at most
    /// [`budget::WEIGHTED_WALK_CELLS`] cells (the weighted walk beside it), where a proof within
    /// that budget is common.
    pub(super) fn exact_first(&self, algo: Algo) -> bool {
        let cells = self.puzzle.board.cells();
        let walk = || {
            (budget::UNBOUNDED_TILE_CELLS + 1..=budget::WEIGHTED_WALK_CELLS).contains(&cells)
                && TileWalk::applies(self.puzzle, self.target)
        };
        self.auto()
            && match algo {
                Algo::Astar | Algo::Biastar => cells <= budget::EXACT_FIRST_CELLS,
                Algo::Idastar => walk(),
                _ => false,
            }
    }

    /// The exact search on this thread and the fallback ([`Run::fallback`]) on another, each
    /// within its own work budget. The answer does not depend on which ends first: the exact
    /// search's when it decides the puzzle (the fallback is then cancelled), else the
    /// fallback's, run to its end. Bidirectional A* weighs the fallback's answer as if handed
    /// over after [`budget::CEILING_HANDOVER_UNITS`] of its work (`portfolio/ceiling.rs`). A
    /// fallback that proves `No` cancels the exact search, which could only have proven the
    /// same.
    pub(super) fn exact_beside_fallback(
        mut self,
        algo: Algo,
        on_progress: &mut dyn FnMut(Progress<'_>),
    ) -> Result<Report, Unverified> {
        let exact_cancel = self.options.limits.cancel.child();
        let fallback_cancel = self.options.limits.cancel.child();
        let mut options = self.options.clone();
        options.limits.cancel = fallback_cancel.clone();
        // One memory limit for the run: the two sides share it.
        let (exact_memory, fallback_memory) = split_memory(self.options.limits.max_memory);
        options.limits.max_memory = fallback_memory;
        // The fallback takes up the exact search's core while that search waits for it or
        // has ended.
        let exact_idle = Signal::default();
        options.limits.cores_free = Some(exact_idle.clone());
        self.options.limits.max_memory = exact_memory;
        let mut beside = Run::new(self.problem, self.target, options);
        beside.began = self.began;
        beside.beside_exact = true;
        self.options.limits.cancel = exact_cancel.clone();
        // The exact search takes up the fallback's core once the fallback has ended, and may
        // run on past its share of the time once the fallback's answer is in hand.
        let fallback_ended = Signal::default();
        let answer_in_hand = Signal::default();
        self.options.limits.cores_free = Some(fallback_ended.clone());
        let (sender, receiver) = mpsc::channel();
        let handover = Handover::new(
            (receiver, exact_idle.clone()),
            self.work(budget::CEILING_HANDOVER_UNITS),
            self.work(budget::EXACT_FIRST_BIDIRECTIONAL_UNITS),
        );
        let (exact, (beside, fallback)) = std::thread::scope(|scope| {
            let in_hand = answer_in_hand.clone();
            let fallback = scope.spawn(move || {
                let answer = beside.fallback(&mut |_| {}, None);
                let length = match &answer {
                    Ok(Answer::Solved { moves, .. }) => Some(moves.len()),
                    _ => None,
                };
                if length.is_some() {
                    in_hand.raise();
                }
                fallback_ended.raise();
                // The exact search may have ended without weighing it.
                let _ = sender.send(length);
                if matches!(answer, Ok(Answer::Unsolvable(_))) {
                    exact_cancel.raise();
                }
                (beside, answer)
            });
            let exact = self.exact_stage(algo, Some((handover, answer_in_hand)), on_progress);
            exact_idle.raise();
            if matches!(exact, Ok(Some(_)) | Err(_)) {
                fallback_cancel.raise();
            }
            let joined = fallback.join().expect("the fallback does not panic");
            (exact, joined)
        });
        if let Some(answer) = exact? {
            return Ok(self.report(answer));
        }
        let lower = self.stats.lower_bound;
        let answer = fallback?;
        if matches!(answer, Answer::Unsolvable(_)) {
            // The exact search was stopped by that proof, not by a limit of its own.
            self.stages.pop();
            self.cut_short = false;
        }
        self.stages.extend(beside.stages);
        if beside.stats.expanded > 0 {
            self.stats = beside.stats;
        }
        self.cut_short |= beside.cut_short;
        let answer = self.matched_against(answer, lower);
        Ok(self.report(answer))
    }

    /// `answer`, proven shortest when its length equals `lower`, the bound on every path's
    /// length that the exact search proved before a limit stopped it (0: none); a longer one
    /// has the bound noted in its report.
    pub(super) fn matched_against(&mut self, answer: Answer, lower: u32) -> Answer {
        let lower = lower as usize;
        match answer {
            Answer::Solved {
                moves,
                optimal: false,
            } if lower > 0 => {
                debug_assert!(moves.len() >= lower, "a bound above a replayed answer");
                let optimal = moves.len() == lower;
                self.stages.push(match optimal {
                    true => StageOutcome::MatchesBound(lower),
                    false => StageOutcome::ShortestAtLeast(lower),
                });
                Answer::Solved { moves, optimal }
            }
            answer => answer,
        }
    }
}

/// The memory limit `max_memory` of a run whose exact search and fallback run side by side,
/// split between them: the fallback a third, at most [`budget::STAGE_MEMORY`] (what any of its
/// stages may hold), the exact search the rest. Where the limit is at least three times
/// [`budget::STAGE_MEMORY`], the exact search keeps all of [`budget::EXACT_FIRST_MEMORY`] and
/// the fallback its stages' own cap, as when each took the whole limit.
fn split_memory(max_memory: usize) -> (usize, usize) {
    let fallback = (max_memory / 3).min(budget::STAGE_MEMORY);
    (max_memory - fallback, fallback)
}
