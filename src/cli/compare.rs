//! The comparison of search methods (`klotski bench --out DIR`): every method on every case of
//! a suite under one budget, written out as CSV rows and a Markdown summary.

use super::args::BenchArgs;
use super::corpus::{BenchError, corpus, read_case};
use super::cpu_time::thread_cpu;
use super::output::{self, note};
use super::progress;
use super::runs::{Csv, Run, Status, Summary};
use super::{OK, charts};
use anyhow::{Result, bail};
use klotski::heuristic::pdb::Cache;
use klotski::puzzles::numeric;
use klotski::search::Limits;
use klotski::solve::{Algo, Answer, Bytes, Options};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The time limit of each run of the comparison when none is given: exhaustive methods such
/// as BFS run for hours on the deeper cases.
const RUN_TIME_LIMIT: Duration = Duration::from_secs(10);

/// The methods compared by default: every one but the portfolio (first in [`Algo::ALL`]), which
/// only picks among them.
pub const METHODS: &[Algo] = Algo::ALL.split_at(1).1;

/// `klotski bench --out DIR`: every method of `--algos` on every case of the suite, each run
/// under the time limit (default 10 s) and the memory limit; writes CSV, Markdown and SVG charts.
pub fn run(args: &BenchArgs, out: &Path) -> Result<u8> {
    let mut suite: Vec<PathBuf> = args.suite.iter().chain(&args.paths).cloned().collect();
    if suite.is_empty() {
        suite.push(PathBuf::from("tests/cases/bench"));
    }
    let algos = args.algos.clone().unwrap_or_else(|| METHODS.to_vec());
    let files = corpus(&suite)?;
    if files.is_empty() {
        bail!("the suite holds no .in files");
    }
    std::fs::create_dir_all(out).map_err(output::FileWriteFailed::at(out))?;
    let solve_args = &args.solve_args;
    let time_limit = solve_args.time_limit.unwrap_or(RUN_TIME_LIMIT);
    let cache = solve_args.cache.cache();
    let limits = || solve_args.options(Instant::now(), Some(time_limit)).limits;
    let bar = progress::job(Some((files.len() * algos.len()) as u64));
    let mut runs = Vec::new();
    for file in &files {
        let case_runs = run_case(file, &algos, limits, cache.as_ref(), &mut |run| {
            bar.inc(1);
            bar.set_message(format!("{} {}", run.case, run.algo.key()));
        })?;
        runs.extend(case_runs);
    }
    bar.finish_and_clear();
    let max_memory = limits().max_memory;
    let budget = format!(
        "{:.0} s and {}",
        time_limit.as_secs_f64(),
        Bytes(max_memory)
    );
    let write = |name: &str, text: String| {
        let path = out.join(name);
        output::file(&path, text)
    };
    write("results.csv", Csv(&runs).to_string())?;
    let summary = Summary {
        runs: &runs,
        algos: &algos,
        budget: &budget,
    };
    write("summary.md", summary.to_string())?;
    charts::draw(&runs, &algos, out)?;
    note!(
        "klotski: wrote results.csv, summary.md, time.svg, nodes.svg and ratio.svg to {}",
        out.display()
    );
    Ok(OK)
}

/// Runs each of `algos` once on the puzzle in `file`, each with fresh `limits()` (so a
/// deadline bounds one run), and reports each run to `on_run` as it ends.
pub fn run_case(
    file: &Path,
    algos: &[Algo],
    limits: impl Fn() -> Limits,
    cache: Option<&Cache>,
    on_run: &mut dyn FnMut(&Run),
) -> Result<Vec<Run>, BenchError> {
    let puzzle = read_case(file, limits().max_memory)?;
    let case = file.file_stem().map_or_else(
        || file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut runs = Vec::new();
    for &algo in algos {
        let options = Options {
            limits: limits(),
            algo,
            cache: cache.cloned(),
            effort: 1,
        };
        let cpu_before = thread_cpu();
        let report = numeric::solve(&puzzle, options, &mut |_| {})
            .map_err(|e| BenchError::Unverified(file.display().to_string(), e))?;
        let cpu = thread_cpu()
            .zip(cpu_before)
            .map(|(after, before)| after - before);
        let (status, length, proven) = match &report.answer {
            Answer::Solved { moves, optimal } => (Status::Solved, Some(moves.len()), *optimal),
            Answer::Unsolvable(_) => (Status::Unsolvable, None, true),
            Answer::GaveUp(_) => (Status::Limit, None, false),
        };
        let run = Run {
            case: case.clone(),
            algo,
            status,
            time: report.elapsed,
            cpu,
            expanded: report.stats.expanded,
            peak_bytes: report.stats.peak_bytes,
            length,
            proven,
        };
        on_run(&run);
        runs.push(run);
    }
    Ok(runs)
}
