//! Pattern databases on the command line: `klotski pdb` (the 15-puzzle's 7-8 tables or the
//! 24-puzzle's two 6-6-6-6 splits, with a progress bar) and `klotski cache`.

use super::args::{CacheAction, CacheCommand, PdbArgs, default_memory_budget};
use super::output::{self, note, tell};
use super::progress;
use super::table_events::tell_table;
use super::{DAMAGED, INTERNAL, LIMIT, OK};
use anyhow::{Context, Result, anyhow};
use klotski::heuristic::pdb::{self, Cache, Supply, TableEvent};
use klotski::search::Limits;
use klotski::solve::Bytes;
use std::time::SystemTime;

/// `klotski pdb`: builds the [prebuilt](pdb::prebuilt) tables of `--size` (the 15-puzzle's
/// 7-8, the 24-puzzle's two 6-6-6-6 splits) into the cache, with a progress bar.
pub fn build(args: &PdbArgs) -> Result<u8> {
    let cache = (args.cache.cache())
        .ok_or_else(|| anyhow!("pdb builds into the cache: give --cache-dir DIR, or set HOME"))?;
    let (split, patterns) = match args.size.as_str() {
        "5x5" => ("two 6-6-6-6 splits", pdb::prebuilt_tables(5, 5)),
        _ => ("7-8", pdb::prebuilt_tables(4, 4)),
    };
    let bar = progress::job(Some(1));
    let not_cached = std::cell::Cell::new(false);
    let mut on_table = |event: TableEvent<'_>| match event {
        TableEvent::Building {
            pattern,
            progress: None,
        } => {
            bar.reset();
            bar.set_message(format!("the {}-tile table", pattern.cells.len()));
        }
        TableEvent::Building {
            progress: Some(progress),
            ..
        } => {
            bar.set_length(progress.states_total.max(1));
            bar.set_position(progress.states_done);
        }
        TableEvent::Built { took, stored, .. } => {
            bar.finish_and_clear();
            match stored {
                Some(Ok(path)) => note!(
                    "klotski: built in {:.0} s, cached in {}",
                    took.as_secs_f64(),
                    path.display()
                ),
                Some(Err(e)) => {
                    not_cached.set(true);
                    tell!("klotski: built, but not cached: {e}");
                }
                None => {}
            }
        }
        other => bar.suspend(|| tell_table(other)),
    };
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let memory = args.max_memory.unwrap_or_else(default_memory_budget);
    let limits = Limits::memory(memory);
    let mut supply = Supply::new(Some(&cache), &limits, threads, &mut on_table);
    if supply.obtain(&patterns).is_none() {
        return Ok(LIMIT);
    }
    // Tables found in the cache were checked whole when opened; built ones were stored
    // unless told otherwise.
    if not_cached.get() {
        anyhow::bail!(
            "could not write the databases into {}",
            cache.dir().display()
        );
    }
    tell!(
        "klotski: the tables of {} ({split}) are in {}",
        args.size,
        cache.dir().display()
    );
    Ok(OK)
}

/// `klotski cache list|verify|clear`.
pub fn cache(args: &CacheCommand) -> Result<u8> {
    let cache = (args.cache.cache())
        .ok_or_else(|| anyhow!("no cache folder: give --cache-dir DIR, or set HOME"))?;
    if args.action == CacheAction::Clear {
        let cleared = cache.clear()?;
        output::stdout(format!(
            "removed {} files from {}\n",
            cleared.removed,
            cache.dir().display()
        ))?;
        for left in &cleared.left {
            tell!("error: not removed: {left}");
        }
        return Ok(if cleared.left.is_empty() {
            OK
        } else {
            INTERNAL
        });
    }
    let entries = cache.list().context("cannot list the cache")?;
    let mut damaged = 0;
    for entry in &entries {
        let check = match args.action {
            _ if entry.half_written => "  half-written (a build running, or one that died)".into(),
            CacheAction::Verify => match Cache::verify(entry) {
                Ok(()) => "  ok".to_string(),
                Err(e) => {
                    damaged += 1;
                    format!("  DAMAGED: {e}")
                }
            },
            _ => String::new(),
        };
        output::stdout(format!(
            "{:>10}  used {:>7} ago  {}{check}\n",
            Bytes(entry.bytes as usize).to_string(),
            age(entry.last_used),
            entry.path.display()
        ))?;
    }
    let total: u64 = entries.iter().map(|e| e.bytes).sum();
    let half = entries.iter().filter(|e| e.half_written).count();
    let tables = entries.len() - half;
    let half = match half {
        0 => String::new(),
        n => format!(" and {n} half-written"),
    };
    output::stdout(format!(
        "{tables} tables{half}, {} of {} in {}\n",
        Bytes(total as usize),
        Bytes(cache.max_bytes() as usize),
        cache.dir().display()
    ))?;
    Ok(if damaged > 0 { DAMAGED } else { OK })
}

/// How long ago `time` was, in the largest whole unit.
fn age(time: SystemTime) -> String {
    let seconds = time.elapsed().unwrap_or_default().as_secs();
    match seconds {
        0..120 => format!("{seconds} s"),
        120..7200 => format!("{} min", seconds / 60),
        7200..172_800 => format!("{} h", seconds / 3600),
        _ => format!("{} d", seconds / 86_400),
    }
}
