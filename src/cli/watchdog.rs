//! The time limit as a contract: a thread that ends the process with exit code 3 shortly after
//! the deadline if the solver has not answered by then, whatever the main thread is doing
//! (reading a huge board, building tables, freeing memory).
//!
//! The solver stops itself at the deadline wherever it checks the clock; the watchdog is the
//! backstop for the work between those checks. Once the answer is being written it waits, so
//! stdout never holds half an answer.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long past the deadline the watchdog waits for the solver to stop by itself.
const GRACE: Duration = Duration::from_millis(50);

/// Exit code of a run a limit stopped.
pub const LIMIT: i32 = 3;

/// Held while the answer is written; the watchdog never ends the process then.
#[derive(Clone, Default)]
pub struct Watchdog {
    writing: Arc<Mutex<()>>,
}

impl Watchdog {
    /// Starts watching `deadline`: past it (and [`GRACE`]), unless the answer is being
    /// written, the process tells `message` on stderr and exits with [`LIMIT`].
    pub fn arm(deadline: Instant, message: &'static str) -> Watchdog {
        let watchdog = Watchdog::default();
        let writing = Arc::clone(&watchdog.writing);
        std::thread::spawn(move || {
            let wake = deadline + GRACE;
            // Sleeps in steps: a sleep may end early, never late by much.
            while let Some(left) = wake.checked_duration_since(Instant::now()) {
                std::thread::sleep(left);
            }
            if let Ok(_quiet) = writing.try_lock() {
                eprintln!("klotski: no answer: {message}");
                std::process::exit(LIMIT);
            }
        });
        watchdog
    }

    /// Holds off the watchdog while the answer is written.
    pub fn writing(&self) -> MutexGuard<'_, ()> {
        self.writing.lock().unwrap_or_else(|p| p.into_inner())
    }
}
