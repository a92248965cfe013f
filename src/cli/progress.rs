//! What a long job shows on stderr while it works, in one look for every job: a bar (or a
//! spinner, when the end is not known) with the time spent and what it is doing, drawn by
//! indicatif on a terminal only and never under `-q`; off a terminal nothing is drawn, so a log
//! file holds only what the run has to say.

use super::output::{self, tell};
use super::table_events::tell_table;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use klotski::solve::{PortfolioStage, Progress};
use std::time::{Duration, Instant};

/// How often a spinner turns, so a job that reports seldom still shows it is alive.
const TICK: Duration = Duration::from_millis(250);

/// A long job's progress on stderr: a bar out of `length` steps, or a spinner when `length` is
/// `None`. Hidden off a terminal and under `-q` (indicatif hides a draw target that is not a
/// terminal).
pub fn job(length: Option<u64>) -> ProgressBar {
    let target = match output::quiet() {
        true => ProgressDrawTarget::hidden(),
        false => ProgressDrawTarget::stderr(),
    };
    let (bar, template) = match length {
        Some(length) => (
            ProgressBar::with_draw_target(Some(length), target),
            "{spinner} {elapsed_precise} [{bar:30}] {percent:>3}% {msg}",
        ),
        None => (
            ProgressBar::with_draw_target(None, target),
            "{spinner} {elapsed_precise} {msg}",
        ),
    };
    let style = ProgressStyle::with_template(template).expect("a valid template");
    bar.set_style(style.progress_chars("#>."));
    bar.enable_steady_tick(TICK);
    bar
}

/// Where the solve stands, as the last report left it.
struct Standing {
    /// The stage begun last; `None` before the first.
    stage: Option<PortfolioStage>,
    moves: usize,
}

impl Standing {
    /// What the spinner says.
    fn message(&self) -> String {
        match self.stage {
            Some(PortfolioStage::ConstructiveSolver) => {
                format!("constructive solver, {} moves so far", self.moves)
            }
            Some(stage) => stage.to_string(),
            None => "starting".to_string(),
        }
    }
}

/// Turns a solve's progress reports into what stderr shows: the spinner of [`job`] with the
/// stage and how far it has come, and at once the tables built or waited for and (with `-v`)
/// each stage as it begins. The spinner goes when the reporter is dropped.
pub struct Reporter {
    started: Instant,
    standing: Standing,
    spinner: ProgressBar,
}

impl Reporter {
    /// A reporter for a solve that starts now.
    pub fn new() -> Reporter {
        let spinner = job(None);
        let standing = Standing {
            stage: None,
            moves: 0,
        };
        spinner.set_message(standing.message());
        Reporter {
            started: Instant::now(),
            standing,
            spinner,
        }
    }

    /// Takes one report; tables and (with `-v`) stages are told at once, above the spinner.
    pub fn tell(&mut self, progress: Progress<'_>) {
        let standing = &mut self.standing;
        match progress {
            Progress::Table(event) => self.spinner.suspend(|| tell_table(event)),
            Progress::Stage(stage) => {
                standing.stage = Some(stage);
                if output::verbose() {
                    let seconds = self.started.elapsed().as_secs_f64();
                    self.spinner
                        .suspend(|| tell!("klotski: {seconds:.2} s: {stage}"));
                }
            }
            Progress::Moves(moves) => standing.moves = moves,
            Progress::Search(_) => return,
        }
        self.spinner.set_message(standing.message());
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        self.spinner.finish_and_clear();
    }
}
