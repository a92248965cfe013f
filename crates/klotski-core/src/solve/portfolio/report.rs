//! What a solve returns: the answer, a record of what each stage did, and what it cost.

use crate::engine::puzzle::Move;
use crate::search::{Stats, Stop, Weights};
use crate::solve::improve::anytime::{Factor, Improved};
use crate::solve::portfolio::algo::Algo;
use crate::solve::portfolio::proof::Unsolvable;
use crate::solve::relax::Relaxation;
use crate::solve::rescue::Rescue;
use crate::solve::spaces::packed;
use std::fmt;
use std::time::Duration;

/// Why the solver stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The search would have needed more than this many bytes.
    Memory(usize),
    /// The search expanded as many states as its stage may.
    Work,
    /// The time limit passed.
    Time,
    /// The solve was cancelled.
    Cancelled,
    /// The exact search's bound reached the length of the fallback's answer, which it weighed
    /// (`portfolio/ceiling.rs`): no answer is shorter.
    Ceiling,
    /// The exact search was ended where, by the fallback's answer, a proof was out of its
    /// work budget's reach (`portfolio/ceiling.rs`).
    OutOfReach,
    /// The answer would be longer than the run sets out to find: about `estimate` moves,
    /// more than `most`.
    TooLong {
        /// A rough length of the answer the constructive solver would give.
        estimate: u64,
        /// The longest answer the run sets out to find ([`MOST_MOVES`] times its effort).
        most: u64,
    },
    /// The board has more cells than the exact searches handle.
    BoardSize(usize),
    /// The constructive solver could not place this piece (label) within its search budget.
    Stuck(u32),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Memory(bytes) => write!(f, "the memory limit of {} was reached", Bytes(*bytes)),
            Limit::Work => write!(f, "its work budget was spent"),
            Limit::Time => write!(f, "the time limit was reached"),
            Limit::Cancelled => write!(f, "the solve was cancelled"),
            Limit::Ceiling => write!(f, "no answer is shorter than the fallback's"),
            Limit::OutOfReach => write!(f, "a proof was out of its work budget's reach"),
            Limit::TooLong { estimate, most } => write!(
                f,
                "the answer would be about {estimate} moves, more than the {most} moves this \
                 run's effort allows"
            ),
            Limit::BoardSize(cells) => write!(
                f,
                "a board of {cells} cells is beyond the exact search (at most {} cells)",
                packed::MAX_CELLS
            ),
            Limit::Stuck(label) => {
                write!(f, "the constructive solver could not place piece {label}")
            }
        }
    }
}

/// The longest answer a run of effort 1 sets out to find: a board whose answer would be longer
/// is refused at once. Building, shortening and replaying an answer costs tens of
/// microseconds a move, so this keeps a default run within about a minute; a run of effort N
/// goes N times as far.
pub const MOST_MOVES: u64 = 2_000_000;

impl From<Stop> for Limit {
    fn from(stop: Stop) -> Limit {
        match stop {
            Stop::Memory(bytes) => Limit::Memory(bytes),
            Stop::Work => Limit::Work,
            Stop::Time => Limit::Time,
            Stop::Cancelled => Limit::Cancelled,
            Stop::Asked => Limit::Cancelled,
        }
    }
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A replay-checked solution; `optimal` when no shorter one exists (proven by the search).
    Solved {
        /// The moves, first to last.
        moves: Vec<Move>,
        /// Whether the length is a proven optimum.
        optimal: bool,
    },
    /// Proven unsolvable.
    Unsolvable(Unsolvable),
    /// A limit stopped the work before anything was proven.
    GaveUp(Limit),
}

/// One stage of a solve and what came of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StageOutcome {
    /// Rules decided without searching.
    Rules,
    /// An exact search: a solution (proven shortest when the method is optimal), a proof that
    /// none exists, or the limit that stopped it.
    Exact {
        /// The method.
        algo: Algo,
        /// How it ended.
        ended: Result<Decision, Limit>,
    },
    /// The relaxations that may prove `No` ([`crate::solve::relax`]); the last one run.
    Relaxation(Relaxation),
    /// The constructive solver: a solution's length, or why it stopped.
    Constructive(Result<usize, Limit>),
    /// The constructive solver got stuck, and was rescued (`crate::solve::rescue`).
    Rescue(Rescue),
    /// IDA* on 1x1 tiles with its estimate weighted, after the exact search ran out of work:
    /// the weight, and a solution's length (at most the weight times the shortest) or why it
    /// stopped.
    WeightedWalk {
        /// The estimate's weight.
        weights: Weights,
        /// How it ended.
        ended: Result<usize, Limit>,
    },
    /// Local shortening of the constructive solution: its length before and after.
    Shortening {
        /// Moves before.
        from: usize,
        /// Moves after.
        to: usize,
    },
    /// Weighted A* with a falling weight, looking for shorter solutions.
    Improvement(Improved),
    /// Shortest paths over the whole board between the ends of the solution's stretches
    /// shortened it (`solve/improve/stretches.rs`): its
    /// length before and after.
    Stretches {
        /// Moves before.
        from: usize,
        /// Moves after.
        to: usize,
    },
    /// The answer's length equals the lower bound the exact search proved before a limit
    /// stopped it: the answer is a shortest one.
    MatchesBound(usize),
    /// The lower bound the exact search proved before a limit stopped it, below the answer's
    /// length: how far from the shortest the answer may be.
    ShortestAtLeast(usize),
}

/// What an exact search decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A solution of this many moves.
    Solved(usize),
    /// No solution: every reachable state was searched.
    Unsolvable,
}

/// An answer with what it cost.
#[derive(Clone, Debug)]
pub struct Report {
    /// The answer.
    pub answer: Answer,
    /// The stages in the order they ran; the last one decided the answer.
    pub stages: Vec<StageOutcome>,
    /// The deciding search's counters (zero when a rule decided).
    pub stats: Stats,
    /// Wall time from start to answer.
    pub elapsed: Duration,
    /// Whether a time limit or a cancellation cut a stage short: an unhurried run might give
    /// another answer.
    pub cut_short: bool,
}

impl Report {
    /// How the answer was found, in words: the deciding stage, then what ran before and after
    /// it (`constructive solver after A* stopped: the time limit was reached; ...`).
    pub fn method(&self) -> Method<'_> {
        Method(&self.stages)
    }

    /// The stage whose work is the answer: the last to give it (a proof of `No`, or the
    /// moves, made or shortened); `None` when there is no answer.
    pub fn decided_by(&self) -> Option<Decider> {
        if matches!(self.answer, Answer::GaveUp(_)) {
            return None;
        }
        let gave = |stage: &StageOutcome| match stage {
            StageOutcome::Rules => Some(Decider::Rules),
            StageOutcome::Exact { ended: Ok(_), .. } => Some(Decider::Exact),
            StageOutcome::Relaxation(run)
                if run.reach == crate::solve::relax::Reach::Unreachable =>
            {
                Some(Decider::Relaxation)
            }
            StageOutcome::WeightedWalk { ended: Ok(_), .. } => Some(Decider::WeightedWalk),
            StageOutcome::Constructive(Ok(_)) => Some(Decider::Constructive),
            StageOutcome::Rescue(_) => Some(Decider::Rescue),
            StageOutcome::Shortening { from, to } if to < from => Some(Decider::Shortening),
            StageOutcome::Improvement(improved) if improved.by.is_some() => {
                Some(Decider::Improvement)
            }
            StageOutcome::Stretches { .. } => Some(Decider::Stretches),
            _ => None,
        };
        self.stages.iter().rev().find_map(gave)
    }
}

/// The stage of a default run that gave its answer ([`Report::decided_by`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Decider {
    /// A rule proved `No` without searching.
    Rules,
    /// An exact search: a shortest solution, or a proof of `No`.
    Exact,
    /// A relaxation proved `No`.
    Relaxation,
    /// IDA* with a weighted estimate (small tile boards).
    WeightedWalk,
    /// The constructive solver's moves, as they came.
    Constructive,
    /// A rescue of the stuck constructive solver.
    Rescue,
    /// Local shortening made the answer shorter.
    Shortening,
    /// Weighted A* with a falling weight found a shorter answer.
    Improvement,
    /// Shortest paths between the ends of the answer's stretches made it shorter.
    Stretches,
}

impl fmt::Display for Decider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decider::Rules => "rules",
            Decider::Exact => "exact search",
            Decider::Relaxation => "relaxation",
            Decider::WeightedWalk => "weighted walk",
            Decider::Constructive => "constructive solver",
            Decider::Rescue => "rescue",
            Decider::Shortening => "shortening",
            Decider::Improvement => "improvement",
            Decider::Stretches => "stretches",
        })
    }
}

/// A report's stages in words ([`Report::method`]).
pub struct Method<'a>(pub(in crate::solve) &'a [StageOutcome]);

impl fmt::Display for Method<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.split_last() {
            Some((StageOutcome::MatchesBound(length), before)) => {
                write_method(f, before)?;
                write!(
                    f,
                    "; its {length} moves match the lower bound the exact search proved"
                )
            }
            Some((StageOutcome::ShortestAtLeast(length), before)) => {
                write_method(f, before)?;
                write!(
                    f,
                    "; the shortest has at least {length} moves, by the exact search's bound"
                )
            }
            _ => write_method(f, self.0),
        }
    }
}

/// The method `stages` describe, the deciding one first.
fn write_method(f: &mut fmt::Formatter<'_>, stages: &[StageOutcome]) -> fmt::Result {
    {
        let constructive = stages
            .iter()
            .position(|s| matches!(s, StageOutcome::Constructive(_)));
        let Some(at) = constructive else {
            // An exact search, a relaxation or a rule decided alone.
            return match stages.last() {
                Some(StageOutcome::WeightedWalk { weights, .. }) => {
                    let w = Factor(*weights);
                    write!(
                        f,
                        "{} at weight {w}, at most {w} times the shortest",
                        Algo::Idastar
                    )?;
                    if let Some(StageOutcome::Exact {
                        ended: Err(limit), ..
                    }) = stages.first()
                    {
                        write!(f, ", after the exact search stopped: {limit}")?;
                    }
                    Ok(())
                }
                Some(StageOutcome::Exact { algo, .. }) => write!(f, "{algo}"),
                Some(StageOutcome::Relaxation(_)) => f.write_str("relaxation"),
                _ => f.write_str("rules"),
            };
        };
        if let Some(StageOutcome::Relaxation(_)) = stages.get(at + 1) {
            return write!(f, "relaxation, after the {} got stuck", Algo::Constructive);
        }
        write!(f, "{}", Algo::Constructive)?;
        for stage in &stages[..at] {
            match stage {
                StageOutcome::Exact {
                    algo,
                    ended: Err(limit),
                } => write!(f, " after {algo} stopped: {limit}")?,
                StageOutcome::Relaxation(run) => {
                    write!(f, "; relaxation with {}: {}", run.alike, run.reach)?
                }
                StageOutcome::WeightedWalk {
                    weights,
                    ended: Err(limit),
                } => write!(
                    f,
                    "; {} at weight {} stopped: {limit}",
                    Algo::Idastar,
                    Factor(*weights)
                )?,
                _ => {}
            }
        }
        for stage in &stages[at + 1..] {
            match stage {
                StageOutcome::Rescue(how) => write!(f, ", {how}")?,
                StageOutcome::Improvement(improved) => write!(f, "; {improved}")?,
                StageOutcome::Stretches { to, .. } => write!(
                    f,
                    "; shortest paths over the whole board between its positions shortened it to \
                     {to} moves"
                )?,
                _ => {}
            }
        }
        Ok(())
    }
}

/// A byte count printed with a binary unit.
#[derive(Clone, Copy, Debug)]
pub struct Bytes(pub usize);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
        let mut value = self.0 as f64;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        if unit == 0 {
            write!(f, "{} B", self.0)
        } else {
            write!(f, "{value:.1} {}", UNITS[unit])
        }
    }
}
