//! The peer of `cargo bench --bench fifteen`: the `slidy` crate's optimal 4x4 solver on the
//! same case files, in one process. A crate of its own (with its own `[workspace]`), so slidy
//! and its dependencies never enter klotski's build.
//!
//! Usage: `slidy-peer CASE.in...`. Prints `build <ms>` (its tables), then `<case> <moves> <ms>`
//! per case, then `total <ms>` for the solves.

use slidy::puzzle::puzzle::Puzzle;
use slidy::solver::Solver4x4Stm;
use slidy::solver::solver::Solver as _;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Instant;

/// The klotski case file's grid as slidy's `a b c d/e f g h/...` string.
fn grid(text: &str) -> Option<String> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let header: Vec<usize> = lines
        .next()?
        .split_whitespace()
        .map(|n| n.parse().ok())
        .collect::<Option<_>>()?;
    let rows = *header.first()?;
    let rows: Vec<&str> = lines.take(rows).collect();
    Some(rows.join("/"))
}

fn main() -> ExitCode {
    let started = Instant::now();
    let mut solver = Solver4x4Stm::default();
    println!("build {:.1}", started.elapsed().as_secs_f64() * 1e3);
    let mut total = 0.0;
    for path in std::env::args().skip(1) {
        let Some(puzzle) = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| grid(&text))
            .and_then(|g| Puzzle::from_str(&g).ok())
        else {
            eprintln!("error: {path}: not a 4x4 case");
            return ExitCode::from(2);
        };
        let began = Instant::now();
        let Ok(solution) = solver.solve(&puzzle) else {
            eprintln!("error: {path}: slidy found no solution");
            return ExitCode::from(1);
        };
        let ms = began.elapsed().as_secs_f64() * 1e3;
        total += ms;
        println!("{path} {} {ms:.2}", solution.len_stm());
    }
    println!("total {total:.1}");
    ExitCode::SUCCESS
}
