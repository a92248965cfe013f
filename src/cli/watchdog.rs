//! The time limit as a contract: a thread that ends the process with exit code 3 shortly after
//! the deadline if the solver has not answered by then, whatever the main thread is doing
//! (reading a huge board, building tables, freeing memory). A process holding gigabytes takes
//! a noticeable time to exit, so the watchdog leaves that much earlier.
//!
//! The solver stops itself at the deadline wherever it checks the clock; the watchdog is the
//! backstop for the work between those checks. Once the answer is being written it waits, so
//! stdout never holds half an answer.

use super::output::tell;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long past the deadline the watchdog waits for the solver to stop by itself.
const GRACE: Duration = Duration::from_millis(50);

/// How often the watchdog looks at the clock and the process's memory.
const POLL: Duration = Duration::from_millis(20);

/// How long the kernel takes to hand back a gibibyte of the process's memory when it exits,
/// with room to spare: the exit is part of the run a time limit bounds, and a run that holds
/// gigabytes must start leaving that much earlier.
const TEARDOWN_PER_GIB: Duration = Duration::from_millis(150);

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
            loop {
                let wake = (deadline + GRACE)
                    .checked_sub(teardown(resident_bytes()))
                    .unwrap_or(deadline);
                let Some(left) = wake.checked_duration_since(Instant::now()) else {
                    break;
                };
                // Sleeps in steps: the memory, and with it the time the exit takes, may grow.
                std::thread::sleep(left.min(POLL));
            }
            if let Ok(_quiet) = writing.try_lock() {
                tell!("klotski: no answer: {message}");
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

/// How long handing back `bytes` of memory at exit may take.
fn teardown(bytes: u64) -> Duration {
    TEARDOWN_PER_GIB.mul_f64(bytes as f64 / (1u64 << 30) as f64)
}

/// The process's resident memory, where Linux reports it (`VmRSS`), else 0.
fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?;
            line.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map_or(0, |kib| kib * 1024)
}
