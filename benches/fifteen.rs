//! The 15-puzzle side by side, in one run on one corpus: one `klotski terminal` process per
//! puzzle (as a grader runs it), every puzzle in one process (the library), and the `slidy`
//! crate's optimal solver as the peer; optionally the 7-8 tables built by `klotski pdb` and
//! random-walk 5x5 boards. Every answer is checked against the corpus's known optimum.
//!
//! `cargo bench --bench fifteen -- [DIR] [--repeat N] [--seven-eight] [--peer] [--five]`
//! - `DIR`: `.in` cases with `.ans` optima [default: `tests/cases/korf100`];
//! - `--repeat N`: passes over the corpus per mode; totals are medians of them [default: 3];
//! - `--seven-eight`: also build the 7-8 tables with `klotski pdb` (wall, peak memory) and
//!   rerun both modes with them;
//! - `--peer`: build `benches/slidy-peer` (its own crate) and run it on the same files;
//! - `--five`: 5x5 boards 80, 100 and 120 random moves from the goal, three seeds each.
//!
//! The tables live in a fresh folder under the system's temporary folder, never in the user's
//! cache; the first process builds the default 7-7-1 tables there, and that cold start is
//! reported on its own line.

use klotski::NumericPuzzle;
use klotski::heuristic::pdb::Cache;
use klotski::search::Limits;
use klotski::solve::{Answer, Options};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One case of the corpus: its file, its text and its known optimum.
struct Case {
    path: PathBuf,
    text: String,
    optimum: usize,
}

fn corpus(dir: &Path) -> Vec<Case> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let answer = std::fs::read_to_string(path.with_extension("ans")).unwrap();
            let optimum = answer
                .strip_prefix("Yes ")
                .and_then(|n| n.trim().parse().ok())
                .unwrap_or_else(|| panic!("{}: no known optimum", path.display()));
            let text = std::fs::read_to_string(&path).unwrap();
            Case {
                path,
                text,
                optimum,
            }
        })
        .collect()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// `klotski terminal` on one case: its wall time and the length it printed.
fn terminal(cache: &Path, case: &Case) -> (Duration, usize) {
    let began = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_klotski"))
        .args(["terminal", "--cache-dir"])
        .arg(cache)
        .stdin(std::fs::File::open(&case.path).unwrap())
        .stderr(Stdio::null())
        .output()
        .unwrap();
    let wall = began.elapsed();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("Yes"), "{}", case.path.display());
    let length = lines.next().and_then(|n| n.parse().ok()).unwrap();
    (wall, length)
}

/// One process per puzzle: the total wall time of a pass over the corpus.
fn per_process(cache: &Path, cases: &[Case]) -> f64 {
    cases
        .iter()
        .map(|case| {
            let (wall, length) = terminal(cache, case);
            assert_eq!(length, case.optimum, "{}", case.path.display());
            wall.as_secs_f64()
        })
        .sum()
}

/// Every puzzle in this process, through the library: the total wall time of a pass and the
/// nodes its searches expanded.
fn in_process(cache: &Path, cases: &[Case]) -> (f64, u64) {
    let began = Instant::now();
    let mut nodes = 0;
    for case in cases {
        let numeric: NumericPuzzle = case.text.parse().unwrap();
        let options = Options {
            cache: Some(Cache::new(cache, 2 << 30)),
            ..Options::new(Limits::memory(1 << 30))
        };
        let report = klotski::solve_numeric(&numeric, options, &mut |_| {}).unwrap();
        let Answer::Solved { moves, optimal } = report.answer else {
            panic!("{}: not solved", case.path.display());
        };
        assert!(optimal, "{}: not proven optimal", case.path.display());
        assert_eq!(moves.len(), case.optimum, "{}", case.path.display());
        nodes += report.stats.expanded;
    }
    (began.elapsed().as_secs_f64(), nodes)
}

/// The median time of `repeat` passes in this process after one pass that warms it, and the
/// nodes of one pass (the same in every pass after the first: the searches are deterministic,
/// but a board the quick 6-6-3 tables answer in the first pass gets the strong tables once an
/// earlier board has mapped them).
fn in_process_median(cache: &Path, cases: &[Case], repeat: usize) -> (f64, u64) {
    in_process(cache, cases);
    let passes: Vec<(f64, u64)> = (0..repeat).map(|_| in_process(cache, cases)).collect();
    let nodes = passes[0].1;
    assert!(passes.iter().all(|&(_, n)| n == nodes), "nodes differ");
    (median(passes.into_iter().map(|(t, _)| t).collect()), nodes)
}

/// The largest peak resident memory of any child waited for so far, in MiB.
#[cfg(unix)]
fn children_peak_mib() -> u64 {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage
    };
    usage.ru_maxrss as u64 / 1024
}

#[cfg(not(unix))]
fn children_peak_mib() -> u64 {
    0
}

/// Builds `benches/slidy-peer` and runs it `repeat` times on the corpus: the median total of its
/// solves and the time it took to build its tables.
fn peer(cases: &[Case], repeat: usize) -> Option<(f64, f64)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/slidy-peer");
    // slidy 0.7 calls `isolate_lowest_one`, stable only from Rust 1.96: on an older toolchain
    // the feature is switched on for the peer's build alone.
    let built = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("RUSTC_BOOTSTRAP", "1")
        .env(
            "RUSTFLAGS",
            "-Zcrate-attr=feature(isolate_most_least_significant_one)",
        )
        .status()
        .ok()?;
    if !built.success() {
        eprintln!("the slidy peer did not build; skipping it");
        return None;
    }
    let binary = dir.join("target/release/slidy-peer");
    let mut totals = Vec::new();
    let mut builds = Vec::new();
    for _ in 0..repeat {
        let output = Command::new(&binary)
            .args(cases.iter().map(|c| &c.path))
            .output()
            .ok()?;
        let stdout = String::from_utf8(output.stdout).unwrap();
        for (line, case) in stdout.lines().skip(1).zip(cases) {
            let length: usize = line.split_whitespace().nth(1).unwrap().parse().unwrap();
            assert_eq!(length, case.optimum, "slidy on {}", case.path.display());
        }
        let figure = |key: &str| -> f64 {
            let line = stdout.lines().find(|l| l.starts_with(key)).unwrap();
            line[key.len()..].trim().parse::<f64>().unwrap() / 1e3
        };
        totals.push(figure("total "));
        builds.push(figure("build "));
    }
    Some((median(totals), median(builds)))
}

/// 5x5 boards `moves` random moves from the goal: the default run and IDA* alone.
fn five(cache: &Path) {
    println!("\n5x5, one blank (wall time, moves; * = proven optimal)");
    println!("| walk | seed | default run | --algo idastar --time-limit 60 |");
    println!("|---:|---:|---:|---:|");
    let klotski = env!("CARGO_BIN_EXE_klotski");
    for moves in [80, 100, 120] {
        for seed in 1..=3 {
            let board = Command::new(klotski)
                .args(["generate", "--size", "5x5", "--moves", &moves.to_string()])
                .args(["--seed", &seed.to_string()])
                .output()
                .unwrap()
                .stdout;
            let run = |extra: &[&str]| {
                let began = Instant::now();
                let mut child = Command::new(klotski)
                    .args(["terminal", "-v", "--cache-dir"])
                    .arg(cache)
                    .args(extra)
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                use std::io::Write;
                child.stdin.take().unwrap().write_all(&board).unwrap();
                let output = child.wait_with_output().unwrap();
                let wall = began.elapsed().as_secs_f64();
                let stdout = String::from_utf8_lossy(&output.stdout);
                let stderr = String::from_utf8_lossy(&output.stderr);
                let length = stdout.lines().nth(1).unwrap_or("-").to_string();
                let proven = if stderr.contains("moves, proven optimal") {
                    "*"
                } else {
                    ""
                };
                match output.status.code() {
                    Some(0) => format!("{wall:.2} s, {length}{proven}"),
                    code => format!("{wall:.2} s, exit {}", code.unwrap_or(-1)),
                }
            };
            println!(
                "| {moves} | {seed} | {} | {} |",
                run(&[]),
                run(&["--algo", "idastar", "--time-limit", "60"])
            );
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let (mut dir, mut repeat) = (None, 3);
    let (mut seven_eight, mut with_peer, mut with_five) = (false, false, false);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--repeat" => {
                repeat = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--repeat N")
            }
            "--seven-eight" => seven_eight = true,
            "--peer" => with_peer = true,
            "--five" => with_five = true,
            other => dir = Some(PathBuf::from(other)),
        }
    }
    let dir =
        dir.unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/korf100"));
    let cases = corpus(&dir);
    let cache = std::env::temp_dir().join(format!("klotski-bench-fifteen-{}", std::process::id()));
    println!(
        "{} puzzles from {}, {repeat} passes per mode, tables in {}",
        cases.len(),
        dir.display(),
        cache.display()
    );

    let (cold, _) = terminal(&cache, &cases[0]);
    println!(
        "first process on an empty cache (builds 7-7-1): {:.2} s",
        cold.as_secs_f64()
    );
    // Rows: what ran, its median total, and the nodes it expanded where the library tells.
    let processes = |what: &'static str| {
        let passes = (0..repeat).map(|_| per_process(&cache, &cases)).collect();
        (what, median(passes), None)
    };
    let library = |what: &'static str| {
        let (total, nodes) = in_process_median(&cache, &cases, repeat);
        (what, total, Some(nodes))
    };
    let mut rows = vec![
        processes("klotski terminal, one process per puzzle (7-7-1)"),
        library("klotski library, one process (7-7-1)"),
    ];
    if seven_eight {
        let began = Instant::now();
        let status = Command::new(env!("CARGO_BIN_EXE_klotski"))
            .args(["pdb", "--cache-dir"])
            .arg(&cache)
            .args(["--cache-size", "2G"])
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "klotski pdb failed");
        println!(
            "klotski pdb (the 7-8 tables): {:.1} s wall, peak {} MiB",
            began.elapsed().as_secs_f64(),
            children_peak_mib()
        );
        rows.push(processes("klotski terminal, one process per puzzle (7-8)"));
        rows.push(library("klotski library, one process (7-8)"));
    }
    let slidy = if with_peer {
        peer(&cases, repeat)
    } else {
        None
    };
    if let Some((total, build)) = slidy {
        println!("slidy builds its tables in {build:.2} s (not in its total)");
        rows.push(("slidy 0.7, one process (4-4-4-3 tables)", total, None));
    }

    println!(
        "\n| what | total for {} (median of {repeat}) | vs slidy | nodes expanded |",
        cases.len()
    );
    println!("|---|---:|---:|---:|");
    for (what, total, nodes) in &rows {
        let ratio = slidy.map_or("-".into(), |(s, _)| format!("{:.2}x", total / s));
        let nodes = nodes.map_or("-".into(), |n| n.to_string());
        println!("| {what} | {total:.2} s | {ratio} | {nodes} |");
    }
    if with_five {
        five(&cache);
    }
    let _ = std::fs::remove_dir_all(&cache);
}
