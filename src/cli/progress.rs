//! What a long solve tells on stderr while it works: a line every few seconds naming the stage
//! and how far it has come, and the pattern databases it builds or waits for.

use super::output::tell;
use super::tables;
use klotski::solve::Progress;
use std::time::{Duration, Instant};

/// How long a solve runs before its first progress line, and between two of them.
const EVERY: Duration = Duration::from_secs(3);

/// Turns a solve's progress reports into stderr lines, a few seconds apart.
pub struct Reporter {
    /// Whether every stage is told as it begins (`--verbose`).
    verbose: bool,
    started: Instant,
    last: Instant,
    stage: &'static str,
    moves: usize,
}

impl Reporter {
    /// A reporter for a solve that starts now; `verbose` tells each stage as it begins.
    pub fn new(verbose: bool) -> Reporter {
        let now = Instant::now();
        Reporter {
            verbose,
            started: now,
            last: now,
            stage: "starting",
            moves: 0,
        }
    }

    /// Takes one report; tables are told at once, the rest at most every few seconds.
    pub fn tell(&mut self, progress: Progress<'_>) {
        match progress {
            Progress::Table(event) => return tables::tell_table(event),
            Progress::Stage(stage) => {
                self.stage = stage;
                if self.verbose {
                    let seconds = self.started.elapsed().as_secs_f64();
                    tell!("klotski: {seconds:.2} s: {stage}");
                }
            }
            Progress::Moves(moves) => self.moves = moves,
            Progress::Search(_) => {}
        }
        if self.last.elapsed() < EVERY {
            return;
        }
        self.last = Instant::now();
        let seconds = self.started.elapsed().as_secs();
        if self.stage == "constructive solver" {
            tell!(
                "klotski: {seconds} s: constructive solver, {} moves so far",
                self.moves
            );
        } else {
            tell!("klotski: {seconds} s: {}", self.stage);
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
