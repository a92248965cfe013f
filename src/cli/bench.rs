//! The `bench` mode: solves a fixed corpus of puzzle files several times each and reports the
//! median time, the states searched and the peak table memory per case.

use super::args::{BenchArgs, default_memory_budget};
use super::corpus::{BenchError, corpus, read_case};
use super::output;
use super::progress;
use super::{OK, compare};
use anyhow::Result;
use klotski::puzzles::numeric::{self, NumericPuzzle};
use klotski::solve::{Answer, Bytes, Decider, Options};
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A case of the built-in corpus: its name and text, from `tests/cases`.
macro_rules! case {
    ($name:literal) => {
        ($name, include_str!(concat!("../../tests/cases/", $name)))
    };
}

/// The corpus `bench` solves when given no files, built into the binary so that it runs
/// anywhere: the course's four samples and the small random walks of `tests/cases/small`
/// (their optima proven, none over a second).
const BUILT_IN: [(&str, &str); 27] = [
    case!("official/sample1.in"),
    case!("official/sample2.in"),
    case!("official/sample3.in"),
    case!("official/sample4.in"),
    case!("small/s00_2x2_b1.in"),
    case!("small/s01_2x3_b1.in"),
    case!("small/s02_3x3_b1.in"),
    case!("small/s03_3x3_b2.in"),
    case!("small/s04_2x4_b2.in"),
    case!("small/s05_3x4_b2.in"),
    case!("small/s06_3x4_b1.in"),
    case!("small/s07_4x4_b2.in"),
    case!("small/s08_4x4_b2.in"),
    case!("small/s09_4x4_b3.in"),
    case!("small/s10_4x5_b2.in"),
    case!("small/s11_4x5_b2.in"),
    case!("small/s12_5x4_b2.in"),
    case!("small/s13_3x5_b3.in"),
    case!("small/s14_1x5_b2.in"),
    case!("small/s15_5x1_b1.in"),
    case!("small/s16_2x5_b2.in"),
    case!("small/s17_4x4_b1.in"),
    case!("small/s18_5x5_b1.in"),
    case!("small/s19_5x5_b3.in"),
    case!("small/s20_5x6_b3.in"),
    case!("small/s21_6x6_b4.in"),
    case!("small/s99_solved.in"),
];

/// `klotski bench`: each case of the corpus `repeat` times, a Markdown table of medians on
/// stdout; with `--out`, the comparison of methods instead ([`compare::run`]).
pub fn run(args: &BenchArgs) -> Result<u8> {
    if let Some(out) = &args.out {
        return compare::run(args, out);
    }
    if args.algos.is_some() || !args.suite.is_empty() {
        anyhow::bail!("--algos and --suite compare methods: they need --out DIR");
    }
    let solve_args = &args.solve_args;
    let memory = solve_args.max_memory.unwrap_or_else(default_memory_budget);
    let cases: Vec<(String, NumericPuzzle)> = if args.paths.is_empty() {
        let parse = |&(name, text): &(&str, &str)| match text.parse() {
            Ok(puzzle) => Ok((name.to_string(), puzzle)),
            Err(e) => Err(BenchError::Parse(name.to_string(), e)),
        };
        BUILT_IN.iter().map(parse).collect::<Result<_, _>>()?
    } else {
        let read = |file: PathBuf| Ok((file.display().to_string(), read_case(&file, memory)?));
        let files = corpus(&args.paths)?.into_iter();
        files.map(read).collect::<Result<_, BenchError>>()?
    };
    let mut rows = Vec::new();
    let bar = progress::job(Some(cases.len() as u64));
    for (case, puzzle) in &cases {
        bar.set_message(case.clone());
        // A fresh deadline per case: --time-limit bounds each case, not the whole run.
        let options = solve_args.options(Instant::now(), solve_args.time_limit);
        rows.push(measure(case, puzzle, options, args.repeat)?);
        bar.inc(1);
    }
    bar.finish_and_clear();
    output::stdout(Table(&rows).to_string())?;
    Ok(OK)
}

/// One case's measurements.
#[derive(Clone, Debug)]
pub struct Row {
    /// The file name.
    pub case: String,
    /// Board size, `rows x cols`.
    pub size: String,
    /// `Yes N`, `No` or `limit`.
    pub verdict: String,
    /// Median wall time over the repeats.
    pub median: Duration,
    /// States stored by the search.
    pub stored: u64,
    /// States expanded by the search.
    pub expanded: u64,
    /// Peak bytes of the search's tables.
    pub peak_bytes: usize,
    /// The stage whose work is the answer, if any.
    pub decided_by: Option<Decider>,
}

/// Solves `puzzle` (the case `case`) `repeat` times (at least once) and measures it.
pub fn measure(
    case: &str,
    puzzle: &NumericPuzzle,
    options: Options,
    repeat: usize,
) -> Result<Row, BenchError> {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..repeat.max(1) {
        let report = numeric::solve(puzzle, options.clone(), &mut |_| {})
            .map_err(|e| BenchError::Unverified(case.to_string(), e))?;
        times.push(report.elapsed);
        last = Some(report);
    }
    times.sort();
    let report = last.expect("at least one run");
    let verdict = match &report.answer {
        Answer::Solved {
            moves,
            optimal: true,
        } => format!("Yes {}", moves.len()),
        Answer::Solved {
            moves,
            optimal: false,
        } => format!("Yes {} (not optimal)", moves.len()),
        Answer::Unsolvable(_) => "No".to_string(),
        Answer::GaveUp(_) => "limit".to_string(),
    };
    Ok(Row {
        case: case.rsplit('/').next().unwrap_or(case).to_string(),
        size: format!("{}x{}", puzzle.rows(), puzzle.cols()),
        verdict,
        median: times[times.len() / 2],
        stored: report.stats.stored,
        expanded: report.stats.expanded,
        peak_bytes: report.stats.peak_bytes,
        decided_by: report.decided_by(),
    })
}

/// Rows printed as a Markdown table, ready for the README.
pub struct Table<'a>(pub &'a [Row]);

impl fmt::Display for Table<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "| case | size | answer | decided by | median ms | states stored | expanded | peak memory |"
        )?;
        writeln!(f, "|---|---|---|---|---:|---:|---:|---:|")?;
        for row in self.0 {
            let decided_by = row.decided_by.map_or("-".to_string(), |d| d.to_string());
            writeln!(
                f,
                "| {} | {} | {} | {decided_by} | {:.2} | {} | {} | {} |",
                row.case,
                row.size,
                row.verdict,
                row.median.as_secs_f64() * 1000.0,
                row.stored,
                row.expanded,
                Bytes(row.peak_bytes)
            )?;
        }
        let mut times: Vec<Duration> = self.0.iter().map(|r| r.median).collect();
        times.sort();
        if let Some(median) = times.get(times.len() / 2) {
            let total: Duration = times.iter().sum();
            writeln!(
                f,
                "\n{} cases, total {:.1} ms, median {:.2} ms, slowest {:.1} ms",
                times.len(),
                total.as_secs_f64() * 1000.0,
                median.as_secs_f64() * 1000.0,
                times.last().expect("non-empty").as_secs_f64() * 1000.0
            )?;
        }
        // How many answers each stage gave, the stages in the order a run takes them.
        let mut deciders: Vec<Decider> = self.0.iter().filter_map(|r| r.decided_by).collect();
        deciders.sort();
        let mut counts = Vec::new();
        for group in deciders.chunk_by(|a, b| a == b) {
            counts.push(format!("{} {}", group[0], group.len()));
        }
        if !counts.is_empty() {
            writeln!(f, "decided by: {}", counts.join(", "))?;
        }
        Ok(())
    }
}
