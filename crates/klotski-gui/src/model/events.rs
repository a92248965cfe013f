//! The one small event enum the solver thread sends the player ([`SolverEvent`]), what the
//! player knows of the answer ([`Verdict`]), and the events that tell a finished solve.

use klotski_core::engine::puzzle::Move;
use klotski_core::solve::{Answer, PortfolioStage, Progress, Report, Unverified};

/// What the solver thread tells the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverEvent {
    /// How far the solve has come.
    Progress(Headway),
    /// The next move of the solution.
    Move(Move),
    /// The answer, after the last move; an error becomes [`Verdict::NoAnswer`].
    Verdict(Verdict),
}

/// How far a solve under way has come: the stage of the portfolio running and what that stage
/// has done so far. Shown in the status line, so that a long solve says what it is doing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Headway {
    /// The stage running, once the solve has named one.
    pub stage: Option<PortfolioStage>,
    /// Positions the stage's search has looked at.
    pub searched: u64,
    /// Moves the constructive solver has made.
    pub placed: usize,
}

impl Headway {
    /// The headway after `progress`, a report from the solve; a table on its way leaves it
    /// as it was.
    pub fn after(self, progress: &Progress<'_>) -> Headway {
        match progress {
            Progress::Stage(stage) => Headway {
                stage: Some(*stage),
                ..Headway::default()
            },
            // IDA* stores nothing; what it expands is what it searched.
            Progress::Search(stats) => Headway {
                searched: stats.expanded.max(stats.stored),
                ..self
            },
            Progress::Moves(placed) => Headway {
                placed: *placed,
                ..self
            },
            Progress::Table(_) => self,
        }
    }
}

impl std::fmt::Display for Headway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Solving")?;
        if let Some(stage) = self.stage {
            write!(f, " ({stage})")?;
        }
        f.write_str("...")?;
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        if self.searched > 0 {
            let n = self.searched;
            write!(f, " {n} position{} searched", plural(n))
        } else if self.placed > 0 {
            let n = self.placed as u64;
            write!(f, " {n} move{} made", plural(n))
        } else {
            Ok(())
        }
    }
}

/// A solve to run: it hands every event (progress, each move as soon as it is known, the verdict
/// last) to the sink it is given.
pub type Job = Box<dyn FnOnce(&mut dyn FnMut(SolverEvent)) + Send>;

/// What is known about the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The solver is still working; this is how far it has come.
    Solving(Headway),
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
