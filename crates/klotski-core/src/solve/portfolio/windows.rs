//! The portfolio's last stage: the answer's windows replaced by shortest paths over the whole
//! board ([`window::shorten`]), within a budget that depends on what the run has left.

use super::per_expansion;
use super::{Run, StageOutcome};
use crate::engine::puzzle::Move;
use crate::solve::improve::window;
use crate::solve::portfolio::budget;
use crate::solve::verify;

impl Run<'_> {
    /// `moves` with its windows shortened, and the stage recorded when that shortened them.
    /// Beside the exact search, within [`budget::WINDOWS`] (its share of the run leaves the
    /// fallback's core the time); after a rescue of the constructive solver, not at all (the
    /// densest boards have spent most of their time by then); else within
    /// [`budget::WINDOWS_UNITS`].
    pub(super) fn windows_stage(&mut self, moves: Vec<Move>) -> Vec<Move> {
        let rescued = (self.stages.iter()).any(|stage| matches!(stage, StageOutcome::Rescue(_)));
        let total = match (self.beside_exact, rescued) {
            (true, _) => budget::WINDOWS,
            (false, false) => per_expansion(budget::WINDOWS_UNITS, self.puzzle),
            (false, true) => return moves,
        };
        let work = window::Work {
            window: self.work(budget::WINDOW),
            total: self.work(total),
        };
        let limits = self.share(0.8);
        let shorter = window::shorten(self.puzzle, &moves, work, &limits);
        // Every path a window took joins two of the answer's positions; the whole is replayed
        // all the same.
        if shorter.len() >= moves.len() || verify(self.problem, &shorter).is_err() {
            return moves;
        }
        self.stages.push(StageOutcome::Windows {
            from: moves.len(),
            to: shorter.len(),
        });
        shorter
    }
}
