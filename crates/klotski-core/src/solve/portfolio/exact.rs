//! The portfolio's exact search: its share of the limits and its work budget per method,
//! and the breadth-first probe that may prove `No` before an IDA* asked for by name.

use super::{Run, per_expansion};
use crate::search::{Outcome, Stats, Units};
use crate::solve::portfolio::algo::Algo;
use crate::solve::portfolio::budget;
use crate::solve::portfolio::ceiling::Handover;
use crate::solve::portfolio::proof::Unsolvable;
use crate::solve::portfolio::report::{Answer, Decision, Limit, StageOutcome};
use crate::solve::portfolio::searches::{Searches, search_advised_by, search_by};
use crate::solve::spaces::tile_walk::TileWalk;
use crate::solve::{PortfolioStage, Progress, Unverified};
use std::cell::RefCell;
use std::ops::ControlFlow;

impl Run<'_> {
    /// The exact search: under the portfolio within its work budget (none on small boards of
    /// tiles with one blank, where it always finishes) and half the time limit if there is
    /// one (a fifth on boards of over 64 cells, where it almost never finishes).
    /// Bidirectional A* weighs the fallback's answer through `handover` where the fallback
    /// runs beside it. `Some` answer when it decided the puzzle.
    pub(super) fn exact_stage(
        &mut self,
        algo: Algo,
        handover: Option<Handover>,
        on_progress: &mut dyn FnMut(Progress<'_>),
    ) -> Result<Option<Answer>, Unverified> {
        let mut limits = self.options.limits.clone();
        if self.auto() {
            let cells = self.puzzle.board.cells();
            let first = self.exact_first(algo);
            limits = self.share(match cells {
                _ if first => 0.8,
                65.. => 0.2,
                _ => 0.5,
            });
            let most = self.options.limits.max_memory;
            if first && algo == Algo::Biastar {
                limits = limits.in_units(Units {
                    most: self.work(budget::EXACT_FIRST_BIDIRECTIONAL_UNITS),
                    per_expanded: cells as u64,
                    per_stored: budget::STORED_UNITS,
                });
                limits.max_memory = most.min(budget::EXACT_FIRST_BIDIRECTIONAL_MEMORY);
            } else if let Some(work) = self.exact_expansions(algo, first) {
                limits = limits.expanding(self.work(work));
                limits.max_memory = match first {
                    true => most.min(budget::EXACT_FIRST_MEMORY),
                    false => limits.max_memory.min(budget::EXACT_MEMORY),
                };
            }
        }
        on_progress(Progress::Stage(PortfolioStage::ExactSearch));
        let cache = self.options.cache.as_ref();
        let weights = algo.weights();
        // From the handover on, the fallback's core may be free: batches then take it up.
        let from = handover.as_ref().map(Handover::weighed_from);
        let handover = RefCell::new(handover);
        let mut advise = |bound, stats: &Stats| match handover.borrow_mut().as_mut() {
            Some(handover) => handover.report(bound, stats),
            None => ControlFlow::Continue(()),
        };
        // From the same point on, the batches look only for answers shorter than the
        // fallback's, which is all a proof needs.
        let mut known = || {
            handover
                .borrow_mut()
                .as_mut()
                .and_then(Handover::answer_now)
        };
        let searches = Searches {
            cache,
            advise: &mut advise,
            on_progress,
            in_batches: from.map(|from| (from, &mut known as &mut dyn FnMut() -> _)),
            shorter_than: None,
        };
        let search = search_advised_by(self.puzzle, self.target, algo, weights, limits, searches);
        // Due at a report before the search's end, the verdict stands whatever came after.
        let verdict = handover.into_inner().and_then(Handover::verdict);
        let Some(mut search) = search else {
            self.stages.push(StageOutcome::Exact {
                algo,
                ended: Err(Limit::BoardSize(self.puzzle.board.cells())),
            });
            return Ok(None);
        };
        if let Some(verdict) = verdict {
            search.stats.lower_bound = verdict.bound();
        }
        self.stats = search.stats;
        let (ended, answer) = match (verdict, search.outcome) {
            (Some(verdict), _) => (Err(verdict.limit()), None),
            (None, Outcome::Found(moves)) => (
                Ok(Decision::Solved(moves.len())),
                Some(Answer::Solved {
                    moves,
                    optimal: algo.is_optimal(),
                }),
            ),
            (None, Outcome::Exhausted) => {
                let proof = Unsolvable::Exhausted {
                    states: search.stats.stored,
                };
                (Ok(Decision::Unsolvable), Some(Answer::Unsolvable(proof)))
            }
            (None, Outcome::Stopped(stop)) => {
                self.stopped(stop);
                (Err(stop.into()), None)
            }
        };
        self.stages.push(StageOutcome::Exact { algo, ended });
        if let Some(Answer::Solved { moves, .. }) = &answer {
            self.checked(moves)?;
        }
        Ok(answer)
    }

    /// Before an IDA* asked for by name: a breadth-first search from both ends within
    /// [`budget::IDASTAR_PROBE`] expansions, which proves `No` where few positions are
    /// reachable. IDA* alone never would: it remembers no positions, so its paths go round
    /// the same ones under ever larger bounds. `Some` answer only when the probe proved `No`;
    /// otherwise IDA* runs as asked, whatever the probe found.
    pub(super) fn exhaustion_probe(&mut self) -> Option<Answer> {
        let limits = self.options.limits.expanding(budget::IDASTAR_PROBE);
        let (algo, weights) = (Algo::Bibfs, Algo::Bibfs.weights());
        let search = search_by(
            self.puzzle,
            self.target,
            algo,
            weights,
            limits,
            None,
            &mut |_| {},
        )?;
        let Outcome::Exhausted = search.outcome else {
            return None;
        };
        self.stats = search.stats;
        let ended = Ok(Decision::Unsolvable);
        self.stages.push(StageOutcome::Exact { algo, ended });
        let states = search.stats.stored;
        Some(Answer::Unsolvable(Unsolvable::Exhausted { states }))
    }

    /// The states the portfolio's exact search `algo` may expand (before the effort
    /// multiplies them), `first` when it has the first and largest share; `None`: no bound
    /// (small boards of tiles with one blank, where it always finishes).
    fn exact_expansions(&self, algo: Algo, first: bool) -> Option<u64> {
        let cells = self.puzzle.board.cells();
        let walk = TileWalk::applies(self.puzzle, self.target);
        match algo {
            Algo::Idastar if walk && cells <= budget::UNBOUNDED_TILE_CELLS => None,
            Algo::Idastar if walk && first => Some(budget::EXACT_FIRST_TILE_WALK),
            Algo::Idastar if walk => Some(budget::EXACT_TILE_WALK),
            Algo::Idastar => Some(budget::EXACT_PACKED_IDASTAR),
            Algo::Bfs | Algo::Bibfs => Some(budget::EXACT_BFS),
            _ if first => Some(per_expansion(budget::EXACT_FIRST_UNITS, self.puzzle)),
            _ => {
                let small = cells <= budget::EXACT_SMALL_CELLS;
                let least = if small { budget::EXACT_ASTAR_SMALL } else { 0 };
                Some(per_expansion(budget::EXACT_ASTAR_UNITS, self.puzzle).max(least))
            }
        }
    }
}
