//! The portfolio's exact search: its share of the limits and its work budget per method,
//! and the breadth-first probe that may prove `No` before an IDA* asked for by name.

use super::{Run, per_expansion};
use crate::search::{Grace, Outcome, Signal, Stats, Units};
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

/// The share of the time left that the exact search may run to beside a fallback whose answer
/// is in hand (instead of [`FIRST_SHARE`]): the rest ends the search, drops its tables and
/// prints, which took 20-100 ms after searches of 0.5 GB on a slow day here; a tenth leaves
/// room for a machine several times slower or busier.
const IN_HAND_SHARE: f64 = 0.9;

/// The exact search's share of the time left where it runs first, beside the fallback (or
/// before it, where moves are streamed): until the fallback has an answer, its stages may need
/// the rest, and the core the search holds.
const FIRST_SHARE: f64 = 0.8;

impl Run<'_> {
    /// The exact search: under the portfolio within its work budget (none on small boards of
    /// tiles with one blank, where it always finishes) and half the time limit if there is
    /// one (a fifth on boards of over 64 cells, where it almost never finishes). Where the
    /// fallback runs beside it, `beside` holds the handover, through which bidirectional A*
    /// weighs the fallback's answer, and the signal the fallback raises once its answer is in
    /// hand: the search may then run to [`IN_HAND_SHARE`] of the time left. `Some` answer when
    /// it decided the puzzle.
    pub(super) fn exact_stage(
        &mut self,
        algo: Algo,
        beside: Option<(Handover, Signal)>,
        on_progress: &mut dyn FnMut(Progress<'_>),
    ) -> Result<Option<Answer>, Unverified> {
        let mut limits = self.options.limits.clone();
        let (handover, answer_in_hand) = beside.unzip();
        if self.auto() {
            let cells = self.puzzle.board.cells();
            let first = self.exact_first(algo);
            limits = self.share(match cells {
                _ if first => FIRST_SHARE,
                65.. => 0.2,
                _ => 0.5,
            });
            if let Some(granted) = answer_in_hand
                && let Some(until) = self.share(IN_HAND_SHARE).deadline
            {
                limits.grace = Some(Grace { until, granted });
            }
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
