//! What a long solve tells on stderr while it works: a line every few seconds naming the stage
//! and how far it has come, and the pattern databases it builds or waits for.

use super::output::tell;
use super::tables;
use klotski::solve::{PortfolioStage, Progress};
use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a solve runs before its first progress line, and between two of them.
const EVERY: Duration = Duration::from_secs(3);

/// Where the solve stands, as the last report left it.
struct Standing {
    /// The stage begun last; `None` before the first.
    stage: Option<PortfolioStage>,
    moves: usize,
}

impl Standing {
    /// The ticker's line `seconds` into the solve.
    fn line(&self, seconds: u64) -> String {
        match self.stage {
            Some(PortfolioStage::ConstructiveSolver) => {
                let moves = self.moves;
                format!("klotski: {seconds} s: constructive solver, {moves} moves so far")
            }
            Some(stage) => format!("klotski: {seconds} s: {stage}"),
            None => format!("klotski: {seconds} s: starting"),
        }
    }
}

/// Turns a solve's progress reports into stderr lines: stages (with `--verbose`) and tables at
/// once, and where the solve stands every [`EVERY`] from a thread of its own, so that the
/// lines keep coming through stages that report seldom or never (reading a huge board,
/// shortening a long answer). The lines stop when the reporter is dropped.
pub struct Reporter {
    /// Whether every stage is told as it begins (`--verbose`).
    verbose: bool,
    started: Instant,
    standing: Arc<Mutex<Standing>>,
    /// Dropped to stop the thread that tells the standing.
    stop: Option<Sender<()>>,
    ticker: Option<JoinHandle<()>>,
}

impl Reporter {
    /// A reporter for a solve that starts now; `verbose` tells each stage as it begins.
    pub fn new(verbose: bool) -> Reporter {
        let started = Instant::now();
        let standing = Arc::new(Mutex::new(Standing {
            stage: None,
            moves: 0,
        }));
        let (stop, stopped) = mpsc::channel::<()>();
        let shared = Arc::clone(&standing);
        let ticker = std::thread::spawn(move || {
            // Only a dropped sender ends the wait early: nothing is ever sent.
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(EVERY) {
                let seconds = started.elapsed().as_secs();
                let standing = shared
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let line = standing.line(seconds);
                // A progress line that cannot be written is not worth stopping the solve for.
                let _ = writeln!(std::io::stderr(), "{line}");
            }
        });
        Reporter {
            verbose,
            started,
            standing,
            stop: Some(stop),
            ticker: Some(ticker),
        }
    }

    /// Takes one report; tables and (with `--verbose`) stages are told at once, the rest by
    /// the next line of the ticker.
    pub fn tell(&mut self, progress: Progress<'_>) {
        let mut standing = (self.standing.lock()).unwrap_or_else(|poisoned| poisoned.into_inner());
        match progress {
            Progress::Table(event) => tables::tell_table(event),
            Progress::Stage(stage) => {
                standing.stage = Some(stage);
                if self.verbose {
                    let seconds = self.started.elapsed().as_secs_f64();
                    tell!("klotski: {seconds:.2} s: {stage}");
                }
            }
            Progress::Moves(moves) => standing.moves = moves,
            Progress::Search(_) => {}
        }
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(ticker) = self.ticker.take() {
            // A ticker that panicked has nothing left to say.
            let _ = ticker.join();
        }
    }
}

/// Says when a long run that has no solver progress of its own is due for its next line on
/// stderr: [`EVERY`] after the start, then [`EVERY`] after each line.
pub struct Ticker {
    started: Instant,
    last: Instant,
}

impl Ticker {
    /// A ticker for a run that starts now.
    pub fn new() -> Ticker {
        let now = Instant::now();
        Ticker {
            started: now,
            last: now,
        }
    }

    /// The whole seconds since the start when a line is due (and then the next is
    /// [`EVERY`] away), else `None`.
    pub fn due(&mut self) -> Option<u64> {
        if self.last.elapsed() < EVERY {
            return None;
        }
        self.last = Instant::now();
        Some(self.started.elapsed().as_secs())
    }
}
