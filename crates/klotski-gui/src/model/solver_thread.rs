//! The solver thread: solves in the background and reports progress, each move and the verdict
//! as small events over a channel, waking the event loop after each one.

use crate::content::game::SolveFrom;
use crate::model::events::{Job, SolverEvent};
use klotski_core::search::Cancel;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Moves that arrive within this long of the last wake-up ride along with the next one: a huge
/// board streams hundreds of thousands of moves, and the window needs one look per frame.
const WAKE_EVERY: Duration = Duration::from_millis(8);

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
            let mut woken = Instant::now();
            job(&mut |event| {
                let urgent = !matches!(event, SolverEvent::Move(_));
                if events.send(event).is_ok() && (urgent || woken.elapsed() >= WAKE_EVERY) {
                    wake();
                    woken = Instant::now();
                }
            });
            // The last moves may have arrived since the last wake-up.
            wake();
        })
        .expect("the OS can start a thread")
}

/// The solve running now: cancelling it raises its flag and forgets its channel, so it never
/// blocks the caller and nothing it sends afterwards is seen.
pub struct Solver {
    cancel: Cancel,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl Solver {
    /// No solve yet; `wake` runs after the events of every solve started later.
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> Solver {
        Solver {
            cancel: Cancel::default(),
            wake: Arc::new(wake),
        }
    }

    /// Cancels the running solve (if any) and starts `solve_from` at `origins`; returns the
    /// channel its events arrive on.
    pub fn restart(&mut self, solve_from: &SolveFrom, origins: &[usize]) -> Receiver<SolverEvent> {
        self.stop();
        self.cancel = Cancel::default();
        let (sender, events) = mpsc::channel();
        let wake = self.wake.clone();
        spawn(
            solve_from(origins, self.cancel.clone()),
            sender,
            move || wake(),
        );
        events
    }

    /// Asks the running solve to stop; returns at once.
    pub fn stop(&self) {
        self.cancel.raise();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::game::Game;
    use crate::model::events::Verdict;
    use klotski_core::engine::puzzle::Move;
    use klotski_core::search::Limits;
    use klotski_core::solve::Options;
    use klotski_puzzles::numeric::NumericPuzzle;
    use std::sync::mpsc;

    #[test]
    fn the_thread_sends_progress_each_move_then_the_verdict() {
        let numeric: NumericPuzzle = "2 2\n1 2\n0 3\n0\n".parse().unwrap();
        let (tx, rx) = mpsc::channel();
        let (wake_tx, wake_rx) = mpsc::channel();
        let options = Options {
            limits: Limits::memory(1 << 26),
            algo: Default::default(),
            cache: None,
            effort: 1,
        };
        spawn(Game::numeric(numeric, options).job, tx, move || {
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
                    dir: klotski_core::engine::geometry::Dir::Left
                }),
                SolverEvent::Verdict(Verdict::Solved { optimal: true })
            ]
        );
        assert!(wake_rx.try_iter().count() >= 1);
    }

    #[test]
    fn constructive_moves_stream_once_then_the_verdict_and_replay_to_the_goal() {
        use klotski_core::solve::Algo;
        use klotski_puzzles::numeric::generate::{BlockCounts, Method, Size, Spec, generate};
        let spec = Spec {
            size: Size { rows: 12, cols: 12 },
            blanks: 2,
            blocks: BlockCounts::default(),
            method: Method::Walk(3000),
            unsolvable: false,
        };
        let options = Options {
            limits: Limits::memory(1 << 28),
            algo: Algo::Constructive,
            cache: None,
            effort: 1,
        };
        let numeric = generate(&spec, 7, options.clone()).unwrap();
        let mut events = Vec::new();
        (Game::numeric(numeric.clone(), options).job)(&mut |e| events.push(e));
        let (verdict, moves) = events.split_last().unwrap();
        assert_eq!(
            verdict,
            &SolverEvent::Verdict(Verdict::Solved { optimal: false })
        );
        let moves: Vec<Move> = (moves.iter())
            .filter_map(|e| match e {
                SolverEvent::Move(mv) => Some(*mv),
                _ => None,
            })
            .collect();
        assert!(moves.len() > 100, "{} moves", moves.len());
        let puzzle = numeric.puzzle();
        let end = puzzle.replay(&moves).expect("every streamed move is legal");
        assert_eq!(end.origins(), numeric.target(&puzzle).unwrap());
    }

    #[test]
    fn a_big_block_board_tells_its_stages_and_moves_while_it_solves() {
        use crate::model::events::Headway;
        use klotski_core::engine::geometry::Shape;
        use klotski_core::solve::PortfolioStage::ConstructiveSolver;
        use klotski_puzzles::numeric::generate::{BlockCounts, Method, Size, Spec, generate};
        let spec = Spec {
            size: Size { rows: 16, cols: 16 },
            blanks: 2,
            blocks: BlockCounts(vec![
                (Shape { rows: 2, cols: 2 }, 3),
                (Shape { rows: 2, cols: 1 }, 4),
                (Shape { rows: 1, cols: 2 }, 4),
            ]),
            method: Method::Walk(2560),
            unsolvable: false,
        };
        let options = Options {
            limits: Limits::memory(1 << 28),
            algo: Default::default(),
            cache: None,
            effort: 1,
        };
        let numeric = generate(&spec, 5, options.clone()).unwrap();
        let mut events = Vec::new();
        (Game::numeric(numeric, options).job)(&mut |e| events.push(e));
        let headways: Vec<Headway> = (events.iter())
            .filter_map(|e| match e {
                SolverEvent::Progress(headway) => Some(*headway),
                _ => None,
            })
            .collect();
        // Before the fix every report read "0 positions searched": the stages never said
        // what they were, and only a search's counters were passed on.
        let placing = (headways.iter()).position(|h| h.stage == Some(ConstructiveSolver));
        let first_move = (events.iter()).position(|e| matches!(e, SolverEvent::Move(_)));
        let placing = placing.expect("the constructive solver is named");
        assert!(first_move.is_some(), "its moves stream");
        assert!(
            headways[placing].to_string() == "Solving (constructive solver)...",
            "{headways:?}"
        );
        assert!(
            headways.iter().all(|h| h.stage.is_some()),
            "every report names its stage: {headways:?}"
        );
        assert!(matches!(
            events.last(),
            Some(SolverEvent::Verdict(Verdict::Solved { .. }))
        ));
    }

    #[test]
    fn a_restart_cancels_a_long_solve_promptly() {
        use klotski_puzzles::numeric::generate::{BlockCounts, Method, Size, Spec, generate};
        let spec = Spec {
            size: Size { rows: 6, cols: 6 },
            blanks: 1,
            blocks: BlockCounts::default(),
            method: Method::Walk(5000),
            unsolvable: false,
        };
        let options = Options {
            limits: Limits::memory(1 << 30),
            algo: klotski_core::solve::Algo::Astar,
            cache: None,
            effort: 1,
        };
        let numeric = generate(&spec, 3, options.clone()).unwrap();
        let game = Game::numeric(numeric, options);
        let cancel = Cancel::default();
        let (tx, rx) = mpsc::channel();
        let thread = spawn(
            (game.solve_from)(game.puzzle.start(), cancel.clone()),
            tx,
            || {},
        );
        std::thread::sleep(Duration::from_millis(300));
        assert!(
            !thread.is_finished(),
            "an exact search of a 6x6 board takes a while"
        );
        let asked = Instant::now();
        cancel.raise();
        thread.join().unwrap();
        assert!(
            asked.elapsed() < Duration::from_secs(1),
            "{:?}",
            asked.elapsed()
        );
        let last = rx.into_iter().last();
        assert!(
            matches!(last, Some(SolverEvent::Verdict(Verdict::NoAnswer(_)))),
            "{last:?}"
        );
    }
}
