//! What a solve tells on stderr about the pattern databases it needs: a build (which takes
//! seconds the first time), a wait for another process's build, a cache file it could not use.

use super::output::{note, tell};
use klotski::heuristic::pdb::TableEvent;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the cache's refusal to store a table has been told in this run.
static NOT_CACHED_TOLD: AtomicBool = AtomicBool::new(false);

/// True the first time it is asked about `told`.
fn first_time(told: &AtomicBool) -> bool {
    !told.swap(true, Ordering::Relaxed)
}

/// Tells on stderr what happens to a pattern database a solve needs: a build (which takes
/// seconds the first time), a wait for another process's build, a cache file that could not be
/// used.
pub fn tell_table(event: TableEvent<'_>) {
    match event {
        TableEvent::Building {
            pattern,
            progress: None,
        } => note!(
            "klotski: building the pattern database for tiles at cells {:?} of {}x{} (first use)",
            pattern.cells,
            pattern.rows,
            pattern.cols
        ),
        TableEvent::Building { .. } => {}
        TableEvent::Built { took, stored, .. } => note!(
            "klotski: built it in {:.1} s{}",
            took.as_secs_f64(),
            match stored {
                Some(Ok(path)) => format!(", cached in {}", path.display()),
                // Why the cache took no table is told once a run (a read-only folder or a
                // tiny cap would refuse every table alike).
                Some(Err(e)) if first_time(&NOT_CACHED_TOLD) => format!(", not cached: {e}"),
                Some(Err(_)) => ", not cached either".to_string(),
                None => String::new(),
            }
        ),
        TableEvent::Waiting { pattern } => note!(
            "klotski: waiting for another klotski process to build the database for cells {:?}",
            pattern.cells
        ),
        TableEvent::Unreadable(e) => tell!("klotski: cache: {e}"),
        TableEvent::Skipped { pattern, reason } => tell!(
            "klotski: no pattern databases for cells {:?} of {}x{}: {reason}",
            pattern.cells,
            pattern.rows,
            pattern.cols
        ),
    }
}
