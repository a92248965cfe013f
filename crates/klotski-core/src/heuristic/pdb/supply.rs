//! How a search gets its pattern databases: from this process, mapped from the cache, or built
//! within the time and memory the search has, telling its caller what happens on the way.
//!
//! Processes that need the same missing table at once build it once: each takes the build
//! lock of every table nobody else is building, builds those, then waits for the others'
//! within its deadline.

use super::build::{self, BuildProgress};
use super::cache::{Cache, CacheError};
use super::pattern::Pattern;
use super::table::PatternDb;
use crate::search::Limits;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// A low estimate of how many placements a build covers per second: a build is not started
/// when, at this pace, it could not end before the deadline. Builds cover about 45 million a
/// second on two cores; this leaves room for a loaded machine.
const PLACEMENTS_PER_SECOND: f64 = 16e6;

/// How often a build tells its progress.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// How often a process waiting for another's build looks whether it has finished.
const WAIT_POLL: Duration = Duration::from_millis(20);

/// What happens to a table on its way to a search.
#[derive(Debug)]
pub enum TableEvent<'a> {
    /// A build starts (`progress` is `None`) or has come this far.
    Building {
        /// The table.
        pattern: &'a Pattern,
        /// How far it has come.
        progress: Option<BuildProgress>,
    },
    /// A build finished.
    Built {
        /// The table.
        pattern: &'a Pattern,
        /// How long it took.
        took: Duration,
        /// Where it was cached, or why it was not; `None` without a cache.
        stored: Option<Result<PathBuf, CacheError>>,
    },
    /// Another process is building the table; this one waits for it.
    Waiting {
        /// The table.
        pattern: &'a Pattern,
    },
    /// A cache file could not be used; the table is built again. Told once a process for
    /// each file.
    Unreadable(CacheError),
    /// The tables are not built: they could not be ready before the deadline, or would not
    /// fit in memory.
    Skipped {
        /// The first table that could not be had.
        pattern: &'a Pattern,
        /// Why.
        reason: &'static str,
    },
}

/// A split of a board's tiles into groups (their patterns), with each group's table.
pub type SplitTables = (Vec<Pattern>, Vec<Arc<PatternDb>>);

/// Where tables come from for one solve, and what they may cost.
pub struct Supply<'a> {
    cache: Option<&'a Cache>,
    limits: Limits,
    threads: usize,
    on_event: &'a mut dyn FnMut(TableEvent<'_>),
}

/// The bytes the finished tables of `patterns` take together.
fn tables_bytes(patterns: &[Pattern]) -> usize {
    patterns.iter().map(Pattern::table_bytes).sum()
}

/// Tables already in this process, shared by every search in it.
static LOADED: Mutex<Vec<Arc<PatternDb>>> = Mutex::new(Vec::new());

fn loaded(pattern: &Pattern) -> Option<Arc<PatternDb>> {
    let loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    loaded.iter().find(|db| db.pattern() == pattern).cloned()
}

/// The cache files whose problem has been told in this process: a table is looked for several
/// times a solve, and what is wrong with its file is said once.
static TOLD: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Whether `error` is about a file not yet told of (and marks it told).
fn untold(error: &CacheError) -> bool {
    let path = match error {
        CacheError::Io { path, .. }
        | CacheError::Damaged { path, .. }
        | CacheError::NotATable { path, .. } => path,
        CacheError::TooLarge { .. } => return true,
    };
    let mut told = TOLD.lock().unwrap_or_else(|p| p.into_inner());
    if told.contains(path) {
        return false;
    }
    told.push(path.clone());
    true
}

fn keep(db: PatternDb) -> Arc<PatternDb> {
    let db = Arc::new(db);
    let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    loaded.push(Arc::clone(&db));
    db
}

impl<'a> Supply<'a> {
    /// Tables from `cache` (or none), built within `limits` (their memory, their deadline, and
    /// until they are cancelled) on `threads` threads; `on_event` hears what happens.
    pub fn new(
        cache: Option<&'a Cache>,
        limits: &Limits,
        threads: usize,
        on_event: &'a mut dyn FnMut(TableEvent<'_>),
    ) -> Supply<'a> {
        Supply {
            cache,
            limits: limits.clone(),
            threads,
            on_event,
        }
    }

    /// The longest run of `splits`, first to last, whose tables are each in this process or
    /// sound in the cache and fit in memory together (a table two splits share counted once),
    /// each split with its tables; `None` when the first split's are not at hand. Never builds.
    pub fn at_hand(&mut self, splits: &[Vec<Pattern>]) -> Option<Vec<SplitTables>> {
        // Nothing is built here, so only the tables count: the 7-8 pair takes 576 MB, but its
        // build would take another 519 MB, more than a stage of the portfolio may use.
        let mut found = Vec::new();
        let mut held: Vec<&Pattern> = Vec::new();
        for split in splits {
            let new: Vec<&Pattern> = split.iter().filter(|p| !held.contains(p)).collect();
            let bytes: usize = held.iter().chain(&new).map(|p| p.table_bytes()).sum();
            if bytes > self.limits.max_memory {
                break;
            }
            let Some(tables) = split.iter().map(|p| self.find(p)).collect() else {
                break;
            };
            held.extend(new);
            found.push((split.clone(), tables));
        }
        (!found.is_empty()).then_some(found)
    }

    /// The tables of `patterns`, built where missing; `None` (told as
    /// [`TableEvent::Skipped`]) when they cannot all be had before the deadline or within
    /// memory.
    pub fn obtain(&mut self, patterns: &[Pattern]) -> Option<Vec<Arc<PatternDb>>> {
        if !self.fits(patterns) {
            (self.on_event)(TableEvent::Skipped {
                pattern: &patterns[0],
                reason: "they would not fit in the memory limit",
            });
            return None;
        }
        let mut tables: Vec<Option<Arc<PatternDb>>> =
            patterns.iter().map(|p| self.find(p)).collect();
        let missing: Vec<usize> = (0..patterns.len())
            .filter(|&i| tables[i].is_none())
            .collect();
        let seconds: f64 = missing
            .iter()
            .map(|&i| patterns[i].placements() as f64 / PLACEMENTS_PER_SECOND)
            .sum();
        if let (Some(deadline), Some(&first)) = (self.limits.deadline, missing.first())
            && Instant::now() + Duration::from_secs_f64(seconds) > deadline
        {
            (self.on_event)(TableEvent::Skipped {
                pattern: &patterns[first],
                reason: "they could not be built within the time limit",
            });
            return None;
        }
        // Build what nobody else is building, then wait for the rest.
        let mut others = Vec::new();
        for i in missing {
            match self.cache.map(|cache| cache.try_lock(&patterns[i])) {
                Some(Ok(None)) => others.push(i),
                Some(Ok(Some(lock))) => {
                    // Another process may have finished it since the first look.
                    tables[i] = match self.find(&patterns[i]) {
                        Some(db) => Some(db),
                        None => Some(self.build(&patterns[i])?),
                    };
                    drop(lock);
                }
                Some(Err(e)) => {
                    (self.on_event)(TableEvent::Unreadable(e));
                    tables[i] = Some(self.build(&patterns[i])?);
                }
                None => tables[i] = Some(self.build(&patterns[i])?),
            }
        }
        for i in others {
            tables[i] = Some(self.wait_for(&patterns[i])?);
        }
        tables.into_iter().collect()
    }

    /// Whether the tables fit in memory beside the largest build.
    fn fits(&self, patterns: &[Pattern]) -> bool {
        let build = patterns.iter().map(Pattern::build_bytes).max().unwrap_or(0);
        tables_bytes(patterns).saturating_add(build) <= self.limits.max_memory
    }

    /// The table when it is in this process or sound in the cache.
    fn find(&mut self, pattern: &Pattern) -> Option<Arc<PatternDb>> {
        if let Some(db) = loaded(pattern) {
            return Some(db);
        }
        match self.cache?.open(pattern) {
            Ok(Some(db)) => Some(keep(db)),
            Ok(None) => None,
            Err(e) => {
                if untold(&e) {
                    (self.on_event)(TableEvent::Unreadable(e));
                }
                None
            }
        }
    }

    /// Waits while another process builds `pattern`; builds it here if that process gave up.
    fn wait_for(&mut self, pattern: &Pattern) -> Option<Arc<PatternDb>> {
        (self.on_event)(TableEvent::Waiting { pattern });
        let cache = self.cache.expect("only cached tables are waited for");
        loop {
            if self.limits.expired().is_some() {
                return None;
            }
            match cache.try_lock(pattern) {
                Ok(Some(lock)) => {
                    let db = match self.find(pattern) {
                        Some(db) => Some(db),
                        None => self.build(pattern),
                    };
                    drop(lock);
                    return db;
                }
                Ok(None) => std::thread::sleep(WAIT_POLL),
                Err(e) => {
                    (self.on_event)(TableEvent::Unreadable(e));
                    return self.build(pattern);
                }
            }
        }
    }

    /// Builds `pattern`'s table, stopping at the deadline, and stores it in the cache.
    fn build(&mut self, pattern: &Pattern) -> Option<Arc<PatternDb>> {
        (self.on_event)(TableEvent::Building {
            pattern,
            progress: None,
        });
        let began = Instant::now();
        let limits = &self.limits;
        let threads = self.threads;
        let latest = Mutex::new(None);
        let (done, finished) = mpsc::channel();
        // The build runs on its own threads; this one tells its progress now and then.
        let table = std::thread::scope(|scope| {
            let latest = &latest;
            scope.spawn(move || {
                let table = build::build(pattern, threads, &|progress| {
                    *latest.lock().unwrap_or_else(|p| p.into_inner()) = Some(*progress);
                    limits.expired().is_none()
                });
                let _ = done.send(table);
            });
            loop {
                match finished.recv_timeout(PROGRESS_EVERY) {
                    Ok(table) => break table,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        let progress = *latest.lock().unwrap_or_else(|p| p.into_inner());
                        (self.on_event)(TableEvent::Building { pattern, progress });
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break None,
                }
            }
        });
        let Some(table) = table else {
            (self.on_event)(TableEvent::Skipped {
                pattern,
                reason: "the time limit passed, or the solve was cancelled, during the build",
            });
            return None;
        };
        let db = PatternDb::new(pattern.clone(), table);
        let stored = self.cache.map(|cache| cache.store(pattern, db.table()));
        (self.on_event)(TableEvent::Built {
            pattern,
            took: began.elapsed(),
            stored,
        });
        Some(keep(db))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 3x3 puzzle's tiles split in two tables.
    fn halves() -> Vec<Pattern> {
        vec![
            Pattern::new(3, 3, 1, vec![0, 1, 2, 3]),
            Pattern::new(3, 3, 1, vec![4, 5, 6, 7]),
        ]
    }

    /// Four tiles of the 3x3 puzzle, not one of the halves.
    fn other_half() -> Pattern {
        Pattern::new(3, 3, 1, vec![2, 5, 6, 7])
    }

    #[test]
    fn tables_at_hand_need_room_for_themselves_only() {
        let patterns = halves();
        let tables = tables_bytes(&patterns);
        let mut quiet = |_: TableEvent<'_>| {};
        let mut roomy = Supply::new(None, &Limits::memory(1 << 30), 1, &mut quiet);
        assert!(roomy.obtain(&patterns).is_some());
        assert!(roomy.obtain(&[other_half()]).is_some());
        // Room for the tables but not for building one of them: found, since none is built.
        let mut quiet = |_: TableEvent<'_>| {};
        assert!(!Supply::new(None, &Limits::memory(tables), 1, &mut quiet).fits(&patterns));
        let splits = [patterns.clone(), vec![patterns[0].clone(), other_half()]];
        let held = |limit: usize| {
            let mut quiet = |_: TableEvent<'_>| {};
            let mut supply = Supply::new(None, &Limits::memory(limit), 1, &mut quiet);
            supply.at_hand(&splits).map(|found| {
                found
                    .iter()
                    .map(|(split, tables)| (split.len(), tables.len()))
                    .collect::<Vec<_>>()
            })
        };
        // The second split shares a table with the first: one more table's room for both.
        let other = other_half().table_bytes();
        assert_eq!(held(tables + other), Some(vec![(2, 2), (2, 2)]));
        assert_eq!(held(tables + other - 1), Some(vec![(2, 2)]));
        assert_eq!(held(tables - 1), None);
    }
}
