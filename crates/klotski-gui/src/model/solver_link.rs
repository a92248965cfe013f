//! The model's link to the solver thread: the solve it asked for, the verdict so far, and
//! what to do once the answer comes (a hint, the distance left).

use crate::model::events::{Headway, Verdict};
use klotski_core::engine::puzzle::Move;

/// What the player asks of the solver thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Cancel the running solve and start one from these piece origins.
    Start(Vec<usize>),
    /// Cancel the running solve: its answer no longer fits the line.
    Stop,
}

/// What to do once a solve from here answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Nothing but the moves.
    Nothing,
    /// Point at the next move.
    Hint,
    /// A quiet solve after a move by hand, for the distance left to the goal.
    Distance,
}

/// The state of the solves the model ordered.
#[derive(Clone, Debug)]
pub struct SolverLink {
    /// The solve of the line's end; `None` once the person left the solver's line.
    pub verdict: Option<Verdict>,
    /// What the answer is awaited for.
    pub wanted: Wanted,
    /// The move a hint points at, and the step it was given at.
    pub hint: Option<(usize, Move)>,
    /// What the solver thread should do next, until the window hands it over.
    pub order: Option<Order>,
    /// The step of the line the solve under way (or the last one) started from: an optimal
    /// answer is a shortest way from there, and the puzzle's shortest when that is 0.
    pub from_step: usize,
    /// The length of a proven shortest solution from the start, once one is known.
    pub shortest: Option<usize>,
}

impl Default for SolverLink {
    /// A solve from the start under way, as a new game begins.
    fn default() -> SolverLink {
        SolverLink {
            verdict: Some(Verdict::Solving(Headway::default())),
            wanted: Wanted::Nothing,
            hint: None,
            order: None,
            from_step: 0,
            shortest: None,
        }
    }
}

impl SolverLink {
    /// Orders a solve from `origins` (at step `step` of the line), for `wanted`.
    pub fn ask(&mut self, origins: &[usize], step: usize, wanted: Wanted) {
        self.from_step = step;
        self.verdict = Some(Verdict::Solving(Headway::default()));
        self.wanted = wanted;
        self.order = Some(Order::Start(origins.to_vec()));
    }

    /// Whether a solve from here could still answer, on a board not `solved` yet.
    pub fn can_answer(&self, solved: bool) -> bool {
        !solved
            && !matches!(
                self.verdict,
                Some(Verdict::NoSolution(_) | Verdict::NoAnswer(_))
            )
    }

    /// The line left the solver's: a solve still running for it is stopped, and its verdict
    /// forgotten.
    pub fn leave(&mut self) {
        if matches!(self.verdict, Some(Verdict::Solving(_))) {
            self.order = Some(Order::Stop);
        }
        self.verdict = None;
        self.wanted = Wanted::Nothing;
    }

    /// Whether a solve is under way.
    pub fn solving(&self) -> bool {
        matches!(self.verdict, Some(Verdict::Solving(_)))
    }
}
