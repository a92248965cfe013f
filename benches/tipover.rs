//! Large generated Tipover boards solved by the binary: verdict, tips, the search's own
//! summary, wall time and peak memory, one line per board, for `docs/benchmarks.md`.
//!
//! `cargo bench --bench tipover` writes the boards to `target/tmp/tipover_bench/` and prints
//! the table; peak memory comes from `/usr/bin/time` when it is there.

#[path = "../tests/common/tipover_boards.rs"]
mod tipover_boards;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;
use tipover_boards::{generate, specs};

/// Solves every board of [`specs`], and a corridor as deep as the assignment allows, with
/// `klotski tipover -v --max-memory 2G`.
fn main() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tipover_bench");
    std::fs::create_dir_all(&dir).unwrap();
    let timer = Path::new("/usr/bin/time");
    // And the deepest tree the seed allows: 2,499 forced tips along a 1 x 7,498 corridor.
    let corridor = format!("1 7498\n0 0\n{}*\n", "2..".repeat(2_499));
    let boards = (specs().into_iter())
        .map(|spec| (spec.name(), generate(spec)))
        .chain([("corridor-1x7498-2499stacks".to_string(), corridor)]);
    for (name, text) in boards {
        let path = dir.join(format!("{name}.txt"));
        std::fs::write(&path, text).unwrap();
        let binary = env!("CARGO_BIN_EXE_klotski");
        let args = ["tipover", "-v", "--max-memory", "2G"];
        let mut command = if timer.exists() {
            let mut c = Command::new(timer);
            c.args(["-f", "rss_kb=%M"]).arg(binary);
            c
        } else {
            Command::new(binary)
        };
        let started = Instant::now();
        let out = command
            .args(args)
            .stdin(std::fs::File::open(&path).unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .expect("the binary runs");
        let wall = started.elapsed();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let summary: Vec<&str> = stderr.lines().map(str::trim).collect();
        let tips = out.stdout.iter().filter(|&&b| b == b'\n').count();
        println!(
            "{name} exit={} tips={tips} wall={:.2}s {}",
            out.status.code().unwrap_or(-1),
            wall.as_secs_f64(),
            summary.join(" | ")
        );
        assert!(matches!(out.status.code(), Some(0 | 3)), "{name}: {stderr}");
    }
}
