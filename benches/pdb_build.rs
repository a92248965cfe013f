//! How long pattern-database builds take: the 15-puzzle's first 6-tile table (6-6-3) in both
//! indexings, seven builds each, and the 7-8 pair. `cargo bench --bench pdb_build` (add `-- six`
//! for the 6-tile table alone); it prints medians, processor time and peak memory.

use klotski::heuristic::pdb::{Indexing, Pattern, build, fifteen_seven_eight};
use std::time::Instant;

/// The process's peak resident memory (VmHWM), in MiB, where Linux reports it.
fn peak_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb / 1024)
}

/// The processor time this process has used, in seconds (`/proc/self/stat`'s utime and stime,
/// 100 ticks a second).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let only_six = std::env::args().any(|a| a == "six");
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    for indexing in [Indexing::Cells, Indexing::Ranked] {
        let p = Pattern {
            indexing,
            ..Pattern::new(4, 4, 1, vec![0, 1, 4, 5, 8, 9])
        };
        let mut times: Vec<f64> = (0..7)
            .map(|_| {
                let began = Instant::now();
                let table = build::build(&p, threads, &|_| true).expect("not stopped");
                assert_eq!(table.len(), p.table_bytes());
                began.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "6-tile 4x4 table, {indexing:?}, {threads} threads: median {:.3} s (min {:.3}, max {:.3})",
            times[3], times[0], times[6]
        );
    }
    if only_six {
        return;
    }
    let (began, cpu) = (Instant::now(), cpu_seconds());
    for p in fifteen_seven_eight() {
        let started = Instant::now();
        build::build(&p, threads, &|_| true).expect("not stopped");
        println!(
            "{}-tile table: {:.1} s",
            p.cells.len(),
            started.elapsed().as_secs_f64()
        );
    }
    println!(
        "7-8 pair, {threads} threads: {:.1} s wall, {:.1} s processor, peak {} MiB",
        began.elapsed().as_secs_f64(),
        cpu_seconds() - cpu,
        peak_mib()
    );
}
