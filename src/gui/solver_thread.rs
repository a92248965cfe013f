//! The solver thread: solves in the background and reports progress, each move and the verdict
//! as small events over a channel, waking the event loop after each one.

use crate::gui::playback::Verdict;
use crate::puzzle::Move;
use crate::search::Stats;
use crate::solver::{Answer, Report, Unverified};
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;

/// What the solver thread tells the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverEvent {
    /// States stored so far (after each BFS layer).
    Progress(u64),
    /// The next move of the solution.
    Move(Move),
    /// The answer, after the last move; an error becomes [`Verdict::NoAnswer`].
    Verdict(Verdict),
}

/// A solve to run: it reports progress through the callback it is given and returns the events
/// that tell its answer (each move, then the verdict).
pub type Job = Box<dyn FnOnce(&mut dyn FnMut(&Stats)) -> Vec<SolverEvent> + Send>;

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
            Answer::Unsolvable(_) => vec![SolverEvent::Verdict(Verdict::NoSolution)],
            Answer::GaveUp(limit) => vec![SolverEvent::Verdict(Verdict::NoAnswer(format!(
                "{limit} before an answer was proven"
            )))],
        },
    }
}

/// Runs `job` on its own thread. Events go to `events`; `wake` runs after each send so a
/// sleeping event loop looks at the channel. A closed channel (the window is gone) only makes the
/// sends fail quietly.
pub fn spawn(
    job: Job,
    events: Sender<SolverEvent>,
    wake: impl Fn() + Send + 'static,
) -> JoinHandle<()> {
    std::thread::Builder::new()
        .name("solver".into())
        .spawn(move || {
            let mut on_progress = |stats: &Stats| {
                if events.send(SolverEvent::Progress(stats.stored)).is_ok() {
                    wake();
                }
            };
            for event in job(&mut on_progress) {
                if events.send(event).is_err() {
                    return;
                }
            }
            wake();
        })
        .expect("the OS can start a thread")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::show::Show;
    use crate::numeric::NumericPuzzle;
    use crate::search::Limits;
    use crate::solver::Options;
    use std::sync::mpsc;

    #[test]
    fn the_thread_sends_progress_each_move_then_the_verdict() {
        let numeric: NumericPuzzle = "2 2\n1 2\n0 3\n0\n".parse().unwrap();
        let (tx, rx) = mpsc::channel();
        let (wake_tx, wake_rx) = mpsc::channel();
        let options = Options {
            limits: Limits::memory(1 << 26),
            algo: Default::default(),
        };
        spawn(Show::numeric(numeric, options).job, tx, move || {
            let _ = wake_tx.send(());
        })
        .join()
        .unwrap();
        let events: Vec<SolverEvent> = rx
            .into_iter()
            .filter(|e| !matches!(e, SolverEvent::Progress(_)))
            .collect();
        assert_eq!(
            events,
            vec![
                SolverEvent::Move(Move {
                    piece: 2,
                    dir: crate::geometry::Dir::Left
                }),
                SolverEvent::Verdict(Verdict::Solved { optimal: true })
            ]
        );
        assert!(wake_rx.try_iter().count() >= 1);
    }
}
