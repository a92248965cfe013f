//! The portfolio (`--algo auto`): an exact search within its work budget (on small tile boards
//! then the same walk with a weighted estimate), then the relaxations that may prove `No`, then
//! the constructive solver for a valid solution, shortened locally and then by weighted A*
//! while that pays. Each stage is a function that
//! returns what it did; [`solve_puzzle`] runs them in turn and records every one.
//!
//! Every stage is bounded by work (states expanded, passes made), never by the clock, so the
//! same puzzle gets the same answer on any machine under any load. An explicit time limit is a
//! safety stop on top: stages then also get shares of it, and a run it cut short says so in
//! its report ([`Report::cut_short`]).

pub mod algo;
mod beside;
pub mod budget;
mod ceiling;
mod cover;
mod exact;
pub mod proof;
pub(super) mod report;
pub(super) mod searches;

use crate::engine::problem::Problem;
use crate::engine::puzzle::{Move, Puzzle};
use crate::heuristic::Manhattan;
use crate::search::{Limits, Outcome, Stats, Stop};
use crate::solve::constructive::{self, Failure};
use crate::solve::improve::anytime;
use crate::solve::improve::shorten;
use crate::solve::improve::stretches;
use crate::solve::portfolio::algo::Algo;
use crate::solve::portfolio::cover::solve_cover;
use crate::solve::portfolio::proof::Unsolvable;
use crate::solve::portfolio::report::{Answer, Limit, MOST_MOVES, Report, StageOutcome};
use crate::solve::portfolio::searches::{search_by, weighted_walk};
use crate::solve::relax::{self, Reach};
use crate::solve::rescue::staged;
use crate::solve::rescue::{self, Effort};
use crate::solve::spaces::tile_walk::TileWalk;
use crate::solve::{Options, PortfolioStage, Progress, Unverified, verify};
use std::time::Instant;

/// `units` of work as states expanded on `puzzle`, whose expansions cost about its cells times
/// one more than its blanks.
fn per_expansion(units: u64, puzzle: &Puzzle) -> u64 {
    let cost = puzzle.board.cells() * (puzzle.blank_count() + 1);
    units / cost as u64
}

/// Moves of the constructive solver between two progress reports.
const MOVES_PER_REPORT: usize = 1 << 14;

/// How many times longer than the Manhattan bound the constructive solver's answers run at
/// most (about 3 on tile boards, 4 with blocks), for refusing boards whose answer would pass
/// [`MOST_MOVES`].
const LENGTH_PER_BOUND: u64 = 5;

/// Solves `problem`: for a goal placement, the portfolio of [`Algo::Auto`] or the method
/// `options` forces; for a cover goal, breadth-first search. No puzzle-specific rules are
/// tried first.
pub fn solve_puzzle(
    problem: &Problem,
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Report, Unverified> {
    match problem.placement() {
        Some(target) => Run::new(problem, target, options).solve(on_progress, None),
        None => solve_cover(problem, &options, on_progress),
    }
}

/// As [`solve_puzzle`], and when the constructive solver runs, hands `on_move` each of its moves
/// as it is made, so a player can start showing a huge board's solution at once. The answer is
/// then exactly the moves handed over (nothing is shortened afterwards: they have been shown),
/// still replayed and checked against the goal before it is returned.
pub fn solve_puzzle_streaming(
    problem: &Problem,
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
    on_move: &mut dyn FnMut(Move),
) -> Result<Report, Unverified> {
    match problem.placement() {
        Some(target) => Run::new(problem, target, options).solve(on_progress, Some(on_move)),
        None => solve_cover(problem, &options, on_progress),
    }
}

/// One solve: the puzzle, its options, when it began and the stages so far.
struct Run<'a> {
    problem: &'a Problem,
    /// The problem's puzzle.
    puzzle: &'a Puzzle,
    /// Its goal placement.
    target: &'a [usize],
    options: Options,
    began: Instant,
    stages: Vec<StageOutcome>,
    /// The deciding search's counters.
    stats: Stats,
    /// Whether a deadline or a cancellation cut a stage short.
    cut_short: bool,
    /// Whether this run is the fallback prepared beside the exact search
    /// ([`Run::exact_beside_fallback`]), whose improvement gets the larger budget.
    beside_exact: bool,
}

/// What the relaxations showed.
enum Relaxed {
    /// The puzzle is unsolvable.
    Proof(Unsolvable),
    /// No proof; whether a limit cut the search short.
    NoProof { cut_short: bool },
    /// The puzzle has no blocks, or too many blanks and blocks to encode.
    NotApplicable,
}

impl<'a> Run<'a> {
    fn new(problem: &'a Problem, target: &'a [usize], options: Options) -> Run<'a> {
        Run {
            problem,
            puzzle: problem.puzzle(),
            target,
            options,
            began: Instant::now(),
            stages: Vec::new(),
            stats: Stats::default(),
            cut_short: false,
            beside_exact: false,
        }
    }

    fn auto(&self) -> bool {
        self.options.algo == Algo::Auto
    }

    fn report(self, answer: Answer) -> Report {
        Report {
            answer,
            stages: self.stages,
            stats: self.stats,
            elapsed: self.began.elapsed(),
            cut_short: self.cut_short,
        }
    }

    /// `budget` states, times the options' effort.
    fn work(&self, budget: u64) -> u64 {
        budget.saturating_mul(u64::from(self.options.effort.max(1)))
    }

    /// The options' limits for one stage of the portfolio: memory at most
    /// [`budget::STAGE_MEMORY`], and the deadline moved to `share` of the time left, when there
    /// is a deadline: the stages after this one keep the rest.
    fn share(&self, share: f64) -> Limits {
        let mut limits = self.options.limits.clone();
        limits.max_memory = limits.max_memory.min(budget::STAGE_MEMORY);
        match limits.deadline {
            Some(deadline) => {
                let now = Instant::now();
                let left = deadline.saturating_duration_since(now);
                limits.until(now + left.mul_f64(share))
            }
            None => limits,
        }
    }

    /// Notes that `stop` ended a stage: a deadline or a cancellation makes the answer one an
    /// unhurried run might not give.
    fn stopped(&mut self, stop: Stop) {
        if matches!(stop, Stop::Time | Stop::Cancelled) {
            self.cut_short = true;
        }
    }

    /// `moves` after their replay check, or the error that names the method behind them.
    fn checked(&self, moves: &[Move]) -> Result<(), Unverified> {
        verify(self.problem, moves).map_err(|reason| Unverified {
            method: self.method(),
            reason,
        })
    }

    fn method(&self) -> String {
        crate::solve::portfolio::report::Method(&self.stages).to_string()
    }

    fn solve(
        mut self,
        on_progress: &mut dyn FnMut(Progress<'_>),
        on_move: Option<&mut dyn FnMut(Move)>,
    ) -> Result<Report, Unverified> {
        // A board at its goal needs no search, whatever its size.
        if self.puzzle.start == self.target {
            self.stages.push(StageOutcome::Rules);
            return Ok(self.report(Answer::Solved {
                moves: Vec::new(),
                optimal: true,
            }));
        }
        let exact_algo = match self.options.algo {
            Algo::Auto => Some(Algo::pick(self.puzzle)),
            Algo::Constructive => None,
            exact => Some(exact),
        };
        let mut lower = 0;
        if let Some(algo) = exact_algo {
            if algo == Algo::Idastar
                && !self.auto()
                && let Some(answer) = self.exhaustion_probe()
            {
                return Ok(self.report(answer));
            }
            if self.exact_first(algo) && on_move.is_none() {
                return self.exact_beside_fallback(algo, on_progress);
            }
            if let Some(answer) = self.exact_stage(algo, None, on_progress)? {
                return Ok(self.report(answer));
            }
            lower = self.stats.lower_bound;
            if !self.auto() {
                let Some(StageOutcome::Exact {
                    ended: Err(limit), ..
                }) = self.stages.last()
                else {
                    unreachable!("an exact stage that decided nothing stopped at a limit")
                };
                let limit = *limit;
                return Ok(self.report(Answer::GaveUp(limit)));
            }
        }
        let answer = self.fallback(on_progress, on_move)?;
        let answer = self.matched_against(answer, lower);
        Ok(self.report(answer))
    }

    /// What the portfolio answers when the exact search did not decide: the weighted walk on
    /// tile boards, else the relaxations and the constructive solver, shortened and improved.
    fn fallback(
        &mut self,
        on_progress: &mut dyn FnMut(Progress<'_>),
        on_move: Option<&mut dyn FnMut(Move)>,
    ) -> Result<Answer, Unverified> {
        if self.auto()
            && let Some(answer) = self.weighted_walk_stage(on_progress)?
        {
            return Ok(answer);
        }
        let (estimate, most) = (self.answer_estimate(), self.work(MOST_MOVES));
        if estimate > most {
            return Ok(Answer::GaveUp(Limit::TooLong { estimate, most }));
        }
        let memory = self.options.limits.max_memory;
        if let Err(stop) = constructive::fits(self.puzzle, estimate, memory) {
            return Ok(Answer::GaveUp(stop.into()));
        }
        // The relaxations get a short turn before the constructive solver (locked blocks show
        // within milliseconds), and a longer one if it gets stuck.
        let mut relax_again = false;
        if self.auto() {
            on_progress(Progress::Stage(PortfolioStage::Relaxation));
            let limits = self.share(0.1).expanding(self.work(budget::RELAX));
            match self.relaxation_stage(&limits) {
                Relaxed::Proof(proof) => return Ok(Answer::Unsolvable(proof)),
                Relaxed::NoProof { cut_short } => relax_again = cut_short,
                Relaxed::NotApplicable => {}
            }
        }
        on_progress(Progress::Stage(PortfolioStage::ConstructiveSolver));
        Ok(match self.constructive_stage(on_progress, on_move) {
            Ok((moves, streamed)) => {
                self.checked(&moves)?;
                if self.auto() && !streamed {
                    on_progress(Progress::Stage(PortfolioStage::Improvement));
                    self.improvement_stage(moves)
                } else {
                    Answer::Solved {
                        moves,
                        optimal: false,
                    }
                }
            }
            Err(Failure::Stopped(stop)) => {
                self.stopped(stop);
                Answer::GaveUp(stop.into())
            }
            Err(Failure::Stuck { label, .. }) => {
                let limits = self
                    .share(1.0)
                    .expanding(self.work(budget::RELAX_AFTER_STUCK));
                if relax_again && let Relaxed::Proof(proof) = self.relaxation_stage(&limits) {
                    return Ok(Answer::Unsolvable(proof));
                }
                Answer::GaveUp(Limit::Stuck(label))
            }
        })
    }

    /// At most about how long the constructive solver's answer would be, by the Manhattan
    /// bound: boards past [`MOST_MOVES`] (times the effort) are refused before any work is
    /// done on them.
    fn answer_estimate(&self) -> u64 {
        let bound = Manhattan::new(self.puzzle, self.target, false)
            .estimate(|p| self.puzzle.start[p], |_| false);
        u64::from(bound).saturating_mul(LENGTH_PER_BOUND)
    }

    /// On 1x1 tiles with one blank past [`budget::UNBOUNDED_TILE_CELLS`], whose exact walk ran
    /// out of work: the same walk with its estimate weighted by [`budget::WEIGHTED_WALK`].
    /// Its path is at most that weight times the shortest (on random 5x5 boards, about a
    /// tenth over, where the constructive solver's runs up to twice the shortest). `Some`
    /// answer when it found one.
    fn weighted_walk_stage(
        &mut self,
        on_progress: &mut dyn FnMut(Progress<'_>),
    ) -> Result<Option<Answer>, Unverified> {
        // Beside the exact walk, the walk that may not decide the board.
        let exact_walk_stopped = self.beside_exact
            || matches!(
                self.stages.last(),
                Some(StageOutcome::Exact {
                    algo: Algo::Idastar,
                    ended: Err(Limit::Work),
                })
            );
        if !exact_walk_stopped
            || self.puzzle.board.cells() > budget::WEIGHTED_WALK_CELLS
            || !TileWalk::applies(self.puzzle, self.target)
        {
            return Ok(None);
        }
        on_progress(Progress::Stage(PortfolioStage::WeightedWalk));
        let mut limits = self
            .share(0.5)
            .expanding(self.work(budget::WEIGHTED_TILE_WALK));
        limits.max_memory = limits.max_memory.min(budget::EXACT_MEMORY);
        let weights = budget::WEIGHTED_WALK;
        let cache = self.options.cache.as_ref();
        let Some(search) = weighted_walk(
            self.puzzle,
            self.target,
            weights,
            limits,
            cache,
            on_progress,
        ) else {
            return Ok(None);
        };
        match search.outcome {
            Outcome::Found(moves) => {
                self.checked(&moves)?;
                self.stats = search.stats;
                self.stages.push(StageOutcome::WeightedWalk {
                    weights,
                    ended: Ok(moves.len()),
                });
                Ok(Some(Answer::Solved {
                    moves,
                    optimal: false,
                }))
            }
            // The rules prove a one-blank tile board unsolvable (parity) before any search, so
            // a walk never exhausts one; were it to, the later stages still decide.
            Outcome::Exhausted => Ok(None),
            Outcome::Stopped(stop) => {
                self.stopped(stop);
                self.stages.push(StageOutcome::WeightedWalk {
                    weights,
                    ended: Err(stop.into()),
                });
                Ok(None)
            }
        }
    }

    /// The relaxations of [`relax::disprove`] within `limits`.
    fn relaxation_stage(&mut self, limits: &Limits) -> Relaxed {
        let Some(runs) = relax::disprove(self.puzzle, self.target, limits) else {
            return Relaxed::NotApplicable;
        };
        let last = *runs.last().expect("at least one relaxation");
        self.stages.push(StageOutcome::Relaxation(last));
        match last.reach {
            Reach::Unreachable => {
                self.stats = last.stats;
                Relaxed::Proof(Unsolvable::Relaxed {
                    alike: last.alike,
                    states: last.stats.stored,
                })
            }
            Reach::Stopped(stop) => {
                self.stopped(stop);
                Relaxed::NoProof { cut_short: true }
            }
            Reach::Reachable => Relaxed::NoProof { cut_short: false },
        }
    }

    /// The constructive solver within the options' limits; its moves streamed to `on_move`
    /// when given (then returned as they were shown), else shortened locally. The moves, and
    /// whether they were streamed.
    fn constructive_stage(
        &mut self,
        on_progress: &mut dyn FnMut(Progress<'_>),
        on_move: Option<&mut dyn FnMut(Move)>,
    ) -> Result<(Vec<Move>, bool), Failure> {
        let limits = self.options.limits.clone();
        let streamed = on_move.is_some();
        let mut moves = Vec::new();
        let mut on_move = on_move;
        // With blocks, where its ways of placing get stuck, they run side by side unless the
        // moves are shown as they come; boards of tiles keep the one way that always ends and
        // its reports of the moves made so far (a huge board takes many seconds).
        let constructed = if self.puzzle.has_blocks() && !streamed {
            constructive::solve(self.puzzle, self.target, &limits).map(|made| moves = made)
        } else {
            constructive::solve_streaming(self.puzzle, self.target, &limits, &mut |mv| {
                moves.push(mv);
                if let Some(on_move) = on_move.as_mut() {
                    on_move(mv);
                }
                if moves.len().is_multiple_of(MOVES_PER_REPORT) {
                    on_progress(Progress::Moves(moves.len()));
                }
            })
        };
        let mut rescued = None;
        match constructed {
            Ok(()) => {}
            Err(Failure::Stuck { label, reached }) => {
                let Some((rescue, stage)) = self.rescue_stage(&reached) else {
                    self.stages
                        .push(StageOutcome::Constructive(Err(Limit::Stuck(label))));
                    return Err(Failure::Stuck { label, reached });
                };
                for mv in rescue {
                    moves.push(mv);
                    if let Some(on_move) = on_move.as_mut() {
                        on_move(mv);
                    }
                }
                rescued = Some(stage);
            }
            Err(Failure::Stopped(stop)) => {
                self.stages
                    .push(StageOutcome::Constructive(Err(stop.into())));
                return Err(Failure::Stopped(stop));
            }
        }
        self.stages
            .push(StageOutcome::Constructive(Ok(moves.len())));
        self.stages.extend(rescued);
        if streamed {
            return Ok((moves, true));
        }
        on_progress(Progress::Stage(PortfolioStage::Shortening));
        let from = moves.len();
        let shorter = shorten::locally(self.puzzle, &moves, &limits);
        let kept = if verify(self.problem, &shorter).is_ok() {
            shorter
        } else {
            moves
        };
        self.stages.push(StageOutcome::Shortening {
            from,
            to: kept.len(),
        });
        Ok((kept, false))
    }

    /// Moves from the start to the goal where the constructive solver got stuck after
    /// `reached` (the furthest of its ways of placing), found by [`rescue::rescue`]: the ways
    /// that rescue most stuck boards first, the costly ones last.
    fn rescue_stage(&mut self, reached: &[Move]) -> Option<(Vec<Move>, StageOutcome)> {
        let limits = self.share(1.0);
        let effort = Effort {
            walks: self.work(budget::RESCUE_WALKS),
            stages: staged::Work {
                // A relaxed state costs about the square of the ratio of cells more: more
                // cells to search, and more blocks in every state.
                stage: self.rescue_states(budget::RESCUE_STAGE, 2),
                total: self.rescue_states(budget::RESCUE_STAGES, 2),
            },
            plan: self.work(budget::RESCUE_PLAN),
            first_plan: self.work(budget::RESCUE_FIRST_PLAN),
            astar_tries: budget::RESCUE_TRIES,
            astar_cells: budget::RESCUE_CELLS,
            astar: self.work(budget::RESCUE_TRY),
            greedy: self.rescue_states(budget::RESCUE_GREEDY, 1),
            last_greedy: self.rescue_states(budget::RESCUE_LAST_GREEDY, 1),
        };
        let cache = self.options.cache.as_ref();
        let threads = limits.threads;
        let (moves, how) = rescue::rescue(
            self.puzzle,
            self.target,
            reached,
            &limits,
            effort,
            threads,
            cache,
        )?;
        Some((moves, StageOutcome::Rescue(how)))
    }

    /// `states` of a rescue's search (before the effort multiplies them), as many on boards of
    /// at most [`budget::RESCUE_STAGE_CELLS`] cells, fewer on larger ones by the ratio of cells
    /// to the power `power`: about what a state costs more there, so that a search that fails
    /// keeps the attempts behind it waiting about as long on any board.
    fn rescue_states(&self, states: u64, power: u32) -> u64 {
        let cells = self.puzzle.board.cells().max(budget::RESCUE_STAGE_CELLS) as u64;
        let few = budget::RESCUE_STAGE_CELLS as u64;
        self.work((0..power).fold(states, |states, _| states * few / cells))
    }

    /// Weighted A* with falling weights from `moves`, the rounds drawing in turn on one pool of
    /// work ([`budget::IMPROVE_UNITS`]) and, under a time limit, ending at four fifths
    /// of it (graders stop the process at the limit, and replaying, printing and freeing the
    /// tables take time too). The first round to run out ends it: later rounds, at smaller
    /// weights, only search longer.
    fn improvement_stage(&mut self, moves: Vec<Move>) -> Answer {
        let (problem, puzzle, target) = (self.problem, self.puzzle, self.target);
        let limits = self.share(0.8);
        let units = match self.beside_exact {
            true => budget::IMPROVE_BESIDE_EXACT_UNITS,
            false => budget::IMPROVE_UNITS,
        };
        let mut left = self.work(per_expansion(units, puzzle));
        let cache = self.options.cache.as_ref();
        let mut stopped = None;
        let (moves, improved) = anytime::improve(
            moves,
            |weights| {
                let run = search_by(
                    puzzle,
                    target,
                    Algo::Wastar,
                    weights,
                    limits.expanding(left),
                    cache,
                    &mut |_| {},
                )?;
                left = left.saturating_sub(run.stats.expanded);
                if let Outcome::Stopped(stop) = run.outcome {
                    stopped = Some(stop);
                }
                Some(run.outcome)
            },
            |moves| verify(problem, moves).is_ok(),
        );
        if let Some(stop) = stopped {
            self.stopped(stop);
        }
        self.stages.push(StageOutcome::Improvement(improved));
        let moves = self.stretches_stage(moves);
        Answer::Solved {
            optimal: improved.optimal(),
            moves,
        }
    }

    /// The portfolio's last stage: `moves` with its stretches replaced by shortest paths over
    /// the whole board ([`stretches::shorten`]), and the stage recorded when that shortened
    /// them. Beside the exact search, within [`budget::STRETCHES`] (its share of the run leaves
    /// the fallback's core the time); after a rescue of the constructive solver, not at all
    /// (the densest boards have spent most of their time by then); else within
    /// [`budget::STRETCHES_UNITS`].
    fn stretches_stage(&mut self, moves: Vec<Move>) -> Vec<Move> {
        let rescued = (self.stages.iter()).any(|stage| matches!(stage, StageOutcome::Rescue(_)));
        let total = match (self.beside_exact, rescued) {
            (true, _) => budget::STRETCHES,
            (false, false) => per_expansion(budget::STRETCHES_UNITS, self.puzzle),
            (false, true) => return moves,
        };
        let work = stretches::Work {
            each: self.work(budget::STRETCH),
            total: self.work(total),
        };
        let limits = self.share(0.8);
        let shorter = stretches::shorten(self.puzzle, &moves, work, &limits);
        // Every path found joins two of the answer's positions; the whole is replayed all the
        // same.
        if shorter.len() >= moves.len() || verify(self.problem, &shorter).is_err() {
            return moves;
        }
        self.stages.push(StageOutcome::Stretches {
            from: moves.len(),
            to: shorter.len(),
        });
        shorter
    }
}
