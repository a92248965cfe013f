//! Solving a puzzle whose goal is one placement of its pieces: the exact searches, the
//! fallbacks where they cannot finish (relaxation, constructive solver, local shortening,
//! anytime improvement), and the portfolio that runs them in turn.
//!
//! Invariants: every solution is replayed on the engine and checked against the goal before it
//! is returned ([`verify`]); `optimal` is claimed only by a search that proves it; `No` only
//! with a [`Unsolvable`] proof.

pub mod constructive;
pub mod improve;
pub mod portfolio;
pub mod relax;
pub mod rescue;
pub mod spaces;

pub use portfolio::algo::{Algo, UnknownAlgo, WASTAR_WEIGHT};
pub use portfolio::proof::Unsolvable;
pub use portfolio::report::{
    Answer, Bytes, Decider, Decision, Limit, MOST_MOVES, Method, Report, StageOutcome,
};
pub use portfolio::{solve_puzzle, solve_puzzle_streaming};
pub use rescue::{CutRescue, Rescue, Try, TryStart};

use crate::engine::problem::{Problem, Unsolved};
use crate::engine::puzzle::Move;
use crate::heuristic::pdb::{Cache, TableEvent};
use crate::search::{Limits, Stats};

/// What the solver may spend and how it searches.
#[derive(Clone, Debug)]
pub struct Options {
    /// Memory and time limits.
    pub limits: Limits,
    /// The method: the portfolio, or one method alone.
    pub algo: Algo,
    /// Where pattern databases are kept between runs; `None`: built in memory each run.
    pub cache: Option<Cache>,
    /// How many times the default work budgets the portfolio's stages get (at least 1): more
    /// effort, shorter answers, still the same answer on every machine.
    pub effort: u32,
}

impl Options {
    /// The portfolio within `limits`, with no cache.
    pub fn new(limits: Limits) -> Options {
        Options {
            limits,
            algo: Algo::Auto,
            cache: None,
            effort: 1,
        }
    }
}

/// What a solve reports while it works.
#[derive(Debug)]
pub enum Progress<'a> {
    /// A stage of the portfolio begins.
    Stage(PortfolioStage),
    /// The constructive solver has made this many moves.
    Moves(usize),
    /// A search's counters so far.
    Search(&'a Stats),
    /// A pattern database on its way to a search.
    Table(TableEvent<'a>),
}

/// A stage of the portfolio, as its progress names it when it begins; what came of it is a
/// [`StageOutcome`] in the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortfolioStage {
    /// The exact search ([`Algo::pick`] or the method forced).
    ExactSearch,
    /// IDA* on 1x1 tiles with its estimate weighted, after the exact walk ran out of work.
    WeightedWalk,
    /// The relaxations that may prove `No` ([`relax`]).
    Relaxation,
    /// The constructive solver, and its rescue when it gets stuck.
    ConstructiveSolver,
    /// Local shortening of the constructive solution ([`shorten`](improve::shorten)).
    Shortening,
    /// Weighted A* with a falling weight, looking for shorter solutions
    /// ([`anytime`](improve::anytime)).
    Improvement,
}

impl std::fmt::Display for PortfolioStage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PortfolioStage::ExactSearch => "exact search",
            PortfolioStage::WeightedWalk => "weighted IDA*",
            PortfolioStage::Relaxation => "relaxation",
            PortfolioStage::ConstructiveSolver => "constructive solver",
            PortfolioStage::Shortening => "shortening",
            PortfolioStage::Improvement => "improvement",
        })
    }
}

/// A solution that failed its replay: a bug in a solver, never shown to the user as an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("internal error: the {method} solution failed its replay check: {reason}")]
pub struct Unverified {
    /// The method that produced it.
    pub method: String,
    /// What the replay found.
    pub reason: Unsolved,
}

/// Replays `moves` on `problem`'s engine and checks that they end on its goal
/// ([`Problem::verify`]).
pub fn verify(problem: &Problem, moves: &[Move]) -> Result<(), Unsolved> {
    problem.verify(moves).map(drop)
}
