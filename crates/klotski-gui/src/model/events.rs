//! The one small event enum the solver thread sends the player ([`SolverEvent`]), what the
//! player knows of the answer ([`Verdict`]), and the events that tell a finished solve.

use klotski_core::engine::puzzle::Move;
use klotski_core::solve::{Answer, Report, Unverified};

/// What the solver thread tells the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverEvent {
    /// Positions the search has looked at so far.
    Progress(u64),
    /// The next move of the solution.
    Move(Move),
    /// The answer, after the last move; an error becomes [`Verdict::NoAnswer`].
    Verdict(Verdict),
}

/// A solve to run: it hands every event (progress, each move as soon as it is known, the verdict
/// last) to the sink it is given.
pub type Job = Box<dyn FnOnce(&mut dyn FnMut(SolverEvent)) + Send>;

/// What is known about the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The solver is still working; it has looked at this many positions.
    Solving {
        /// Positions searched so far.
        states: u64,
    },
    /// Every move has arrived.
    Solved {
        /// Whether no shorter solution exists.
        optimal: bool,
    },
    /// Proven unsolvable; the text is the reason.
    NoSolution(String),
    /// The solver stopped at a limit, or failed; the text says why.
    NoAnswer(String),
}

/// The events that tell a finished solve: one per move, then the verdict.
pub fn answer_events(result: Result<Report, Unverified>) -> Vec<SolverEvent> {
    match result {
        Err(unverified) => vec![SolverEvent::Verdict(Verdict::NoAnswer(
            unverified.to_string(),
        ))],
        Ok(report) => match report.answer {
            Answer::Solved { moves, optimal } => moves
                .into_iter()
                .map(SolverEvent::Move)
                .chain([SolverEvent::Verdict(Verdict::Solved { optimal })])
                .collect(),
            Answer::Unsolvable(proof) => {
                vec![SolverEvent::Verdict(Verdict::NoSolution(proof.to_string()))]
            }
            Answer::GaveUp(limit) => vec![SolverEvent::Verdict(Verdict::NoAnswer(format!(
                "{limit} before an answer was proven"
            )))],
        },
    }
}
