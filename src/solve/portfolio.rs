//! The portfolio (`--algo auto`): an exact search while it fits its share of the time, then
//! the relaxations that may prove `No`, then the constructive solver for a valid solution,
//! shortened locally and then by weighted A* while time remains. Each stage is a function that
//! returns what it did; [`solve_puzzle`] runs them in turn and records every one.

use super::algo::Algo;
use super::anytime;
use super::constructive::{self, Failure};
use super::exact::exact;
use super::proof::Unsolvable;
use super::relax::{self, Verdict};
use super::report::{Answer, Limit, Report, Stage, Verdict as Decided};
use super::shorten;
use super::{Options, Progress, Unverified, verify};
use crate::engine::puzzle::{Move, Puzzle};
use crate::search::{Limits, Outcome, Stats, Stop};
use std::time::{Duration, Instant};

/// The relaxations' first share of the time left after the exact search: a tenth, so that the
/// constructive solver keeps nearly all of it on the (common) boards the relaxations cannot
/// decide; they get the rest only if it gets stuck.
const RELAX_SHARE: u32 = 10;

/// With no time limit set, the least time the relaxations get after the constructive solver got
/// stuck (they would otherwise leave the puzzle undecided).
const RELAX_AFTER_STUCK: Duration = Duration::from_millis(2500);

/// Boards of more cells than this give the exact search only a [`LARGE_BOARD_EXACT_SHARE`]th of
/// the time, not half: it almost never finishes on them, the constructive solver needs seconds,
/// and the improvement that follows ends in the same A* anyway (at weight 1) if time remains.
const LARGE_BOARD_CELLS: usize = 64;

/// See [`LARGE_BOARD_CELLS`].
const LARGE_BOARD_EXACT_SHARE: u32 = 5;

/// The time the portfolio plans with when the caller set no deadline: the exact search gets
/// half of it, the constructive solver takes what it needs.
const DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// Solves `puzzle` towards `target` (the goal origin of each piece): the portfolio of
/// [`Algo::Auto`], or the method `options` forces. No puzzle-specific rules are tried first.
pub fn solve_puzzle(
    puzzle: &Puzzle,
    target: &[usize],
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Report, Unverified> {
    Run::new(puzzle, target, options).solve(on_progress, None)
}

/// As [`solve_puzzle`], and when the constructive solver runs, hands `on_move` each of its moves
/// as it is made, so a player can start showing a huge board's solution at once. The answer is
/// then exactly the moves handed over (nothing is shortened afterwards: they have been shown),
/// still replayed and checked against the goal before it is returned.
pub fn solve_puzzle_streaming(
    puzzle: &Puzzle,
    target: &[usize],
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
    on_move: &mut dyn FnMut(Move),
) -> Result<Report, Unverified> {
    Run::new(puzzle, target, options).solve(on_progress, Some(on_move))
}

/// One solve: the puzzle, its options, when it began and the stages so far.
struct Run<'a> {
    puzzle: &'a Puzzle,
    target: &'a [usize],
    options: Options,
    began: Instant,
    /// The end of the time the portfolio plans with: the deadline, or [`DEFAULT_BUDGET`].
    budget_end: Instant,
    stages: Vec<Stage>,
    /// The deciding search's counters.
    stats: Stats,
}

/// What the relaxations showed.
enum Relaxed {
    /// The puzzle is unsolvable.
    Proof(Unsolvable),
    /// No proof; whether the time cut the search short.
    NoProof { cut_short: bool },
    /// The puzzle has no blocks, or too many blanks and blocks to encode.
    NotApplicable,
}

impl<'a> Run<'a> {
    fn new(puzzle: &'a Puzzle, target: &'a [usize], options: Options) -> Run<'a> {
        let began = Instant::now();
        Run {
            puzzle,
            target,
            budget_end: options.limits.deadline.unwrap_or(began + DEFAULT_BUDGET),
            options,
            began,
            stages: Vec::new(),
            stats: Stats::default(),
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
        }
    }

    /// `moves` after their replay check, or the error that names the method behind them.
    fn checked(&self, moves: &[Move]) -> Result<(), Unverified> {
        verify(self.puzzle, self.target, moves).map_err(|reason| Unverified {
            method: self.method(),
            reason,
        })
    }

    fn method(&self) -> String {
        super::report::Method(&self.stages).to_string()
    }

    fn solve(
        mut self,
        on_progress: &mut dyn FnMut(Progress<'_>),
        on_move: Option<&mut dyn FnMut(Move)>,
    ) -> Result<Report, Unverified> {
        let exact_algo = match self.options.algo {
            Algo::Auto => Some(Algo::pick(self.puzzle)),
            Algo::Constructive => None,
            exact => Some(exact),
        };
        if let Some(algo) = exact_algo {
            if let Some(answer) = self.exact_stage(algo, on_progress)? {
                return Ok(self.report(answer));
            }
            if !self.auto() {
                let Some(Stage::Exact {
                    ended: Err(limit), ..
                }) = self.stages.last()
                else {
                    unreachable!("an exact stage that decided nothing stopped at a limit")
                };
                let limit = *limit;
                return Ok(self.report(Answer::GaveUp(limit)));
            }
        }
        // The relaxations get a short turn before the constructive solver (locked blocks show
        // within milliseconds), and the rest of the time if it gets stuck.
        let mut relax_again = false;
        if self.auto() {
            let now = Instant::now();
            let until = now + self.budget_end.saturating_duration_since(now) / RELAX_SHARE;
            match self.relaxation_stage(until) {
                Relaxed::Proof(proof) => return Ok(self.report(Answer::Unsolvable(proof))),
                Relaxed::NoProof { cut_short } => relax_again = cut_short,
                Relaxed::NotApplicable => {}
            }
        }
        let answer = match self.constructive_stage(on_move) {
            Ok((moves, streamed)) => {
                self.checked(&moves)?;
                if self.auto() && !streamed {
                    self.improvement_stage(moves)
                } else {
                    Answer::Solved {
                        moves,
                        optimal: false,
                    }
                }
            }
            Err(Failure::Time) => Answer::GaveUp(Limit::Time),
            Err(Failure::Stuck { label }) => {
                // With no time limit set the budget is only a plan, which a stuck solver may
                // have overrun: a proof is then worth a little more time than giving up.
                let until = (self.options.limits.deadline)
                    .unwrap_or_else(|| self.budget_end.max(Instant::now() + RELAX_AFTER_STUCK));
                if relax_again && let Relaxed::Proof(proof) = self.relaxation_stage(until) {
                    return Ok(self.report(Answer::Unsolvable(proof)));
                }
                Answer::GaveUp(Limit::Stuck(label))
            }
        };
        Ok(self.report(answer))
    }

    /// The exact search, within half the planned time under the portfolio (a fifth on large
    /// boards). `Some` answer when it decided the puzzle.
    fn exact_stage(
        &mut self,
        algo: Algo,
        on_progress: &mut dyn FnMut(Progress<'_>),
    ) -> Result<Option<Answer>, Unverified> {
        let mut limits = self.options.limits;
        if self.auto() {
            // Leave the rest of the time to the constructive solver and its improvement.
            let share = if self.puzzle.board.cells() > LARGE_BOARD_CELLS {
                LARGE_BOARD_EXACT_SHARE
            } else {
                2
            };
            let planned = self.budget_end.saturating_duration_since(self.began) / share;
            limits.deadline = Some(self.began + planned);
        }
        let cache = self.options.cache.as_ref();
        let Some(search) = exact(
            self.puzzle,
            self.target,
            algo,
            algo.weights(),
            limits,
            cache,
            on_progress,
        ) else {
            self.stages.push(Stage::Exact {
                algo,
                ended: Err(Limit::BoardSize(self.puzzle.board.cells())),
            });
            return Ok(None);
        };
        self.stats = search.stats;
        let (ended, answer) = match search.outcome {
            Outcome::Found(moves) => (
                Ok(Decided::Solved(moves.len())),
                Some(Answer::Solved {
                    moves,
                    optimal: algo.is_optimal(),
                }),
            ),
            Outcome::Exhausted => {
                let proof = Unsolvable::Exhausted {
                    states: search.stats.stored,
                };
                (Ok(Decided::Unsolvable), Some(Answer::Unsolvable(proof)))
            }
            Outcome::Stopped(Stop::Memory(bytes)) => (Err(Limit::Memory(bytes)), None),
            Outcome::Stopped(Stop::Time) => (Err(Limit::Time), None),
        };
        self.stages.push(Stage::Exact { algo, ended });
        if let Some(Answer::Solved { moves, .. }) = &answer {
            self.checked(moves)?;
        }
        Ok(answer)
    }

    /// The relaxations of [`relax::disprove`] until `until`, within the memory limit.
    fn relaxation_stage(&mut self, until: Instant) -> Relaxed {
        let limits = Limits {
            deadline: Some(until),
            ..self.options.limits
        };
        let Some(runs) = relax::disprove(self.puzzle, self.target, limits) else {
            return Relaxed::NotApplicable;
        };
        let last = *runs.last().expect("at least one relaxation");
        self.stages.push(Stage::Relaxation(last));
        match last.verdict {
            Verdict::Unreachable => {
                self.stats = last.stats;
                Relaxed::Proof(Unsolvable::Relaxed {
                    alike: last.alike,
                    states: last.stats.stored,
                })
            }
            verdict => Relaxed::NoProof {
                cut_short: verdict == Verdict::Stopped(Stop::Time),
            },
        }
    }

    /// The constructive solver until the deadline; its moves streamed to `on_move` when given
    /// (then returned as they were shown), else shortened locally. The moves, and whether they
    /// were streamed.
    fn constructive_stage(
        &mut self,
        on_move: Option<&mut dyn FnMut(Move)>,
    ) -> Result<(Vec<Move>, bool), Failure> {
        let deadline = self.options.limits.deadline;
        let constructing = Instant::now();
        let streamed = on_move.is_some();
        let constructed = match on_move {
            None => constructive::solve(self.puzzle, self.target, deadline),
            Some(on_move) => {
                let mut moves = Vec::new();
                constructive::solve_streaming(self.puzzle, self.target, deadline, &mut |mv| {
                    moves.push(mv);
                    on_move(mv);
                })
                .map(|()| moves)
            }
        };
        let moves = match constructed {
            Ok(moves) => moves,
            Err(failure) => {
                let limit = match failure {
                    Failure::Time => Limit::Time,
                    Failure::Stuck { label } => Limit::Stuck(label),
                };
                self.stages.push(Stage::Constructive(Err(limit)));
                return Err(failure);
            }
        };
        self.stages.push(Stage::Constructive(Ok(moves.len())));
        if streamed {
            return Ok((moves, true));
        }
        // Local searches get half as long as the solve took, never past the deadline.
        let mut until = Instant::now() + constructing.elapsed() / 2;
        if let Some(deadline) = deadline {
            until = until.min(deadline);
        }
        let from = moves.len();
        let shorter = shorten::locally(self.puzzle, &moves, until);
        let kept = if verify(self.puzzle, self.target, &shorter).is_ok() {
            shorter
        } else {
            moves
        };
        self.stages.push(Stage::Shortening {
            from,
            to: kept.len(),
        });
        Ok((kept, false))
    }

    /// Weighted A* with falling weights from `moves` until four fifths of the planned time:
    /// graders stop the process at the limit, and replaying, printing and freeing the tables
    /// take time too.
    fn improvement_stage(&mut self, moves: Vec<Move>) -> Answer {
        let improve_end =
            self.began + self.budget_end.saturating_duration_since(self.began) * 4 / 5;
        let (puzzle, target) = (self.puzzle, self.target);
        let limits = Limits {
            deadline: Some(improve_end),
            ..self.options.limits
        };
        let cache = self.options.cache.as_ref();
        let (moves, improved) = anytime::improve(
            moves,
            |weights| {
                let run = || {
                    exact(
                        puzzle,
                        target,
                        Algo::Wastar,
                        weights,
                        limits,
                        cache,
                        &mut |_| {},
                    )
                };
                (Instant::now() < improve_end)
                    .then(run)
                    .flatten()
                    .map(|s| s.outcome)
            },
            |moves| verify(puzzle, target, moves).is_ok(),
        );
        self.stages.push(Stage::Improvement(improved));
        Answer::Solved {
            optimal: improved.optimal(),
            moves,
        }
    }
}
