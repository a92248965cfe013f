//! The records of a comparison of methods: how one method did on one case, and the runs
//! written out as CSV and as a Markdown summary.

use klotski::solve::{Algo, Bytes};
use std::fmt;
use std::time::Duration;

/// How one method did on one case.
#[derive(Clone, Debug)]
pub struct Run {
    /// The case's file name without `.in`.
    pub case: String,
    /// The method.
    pub algo: Algo,
    /// What it ended with.
    pub status: Status,
    /// Wall time.
    pub time: Duration,
    /// CPU time of the solving thread, where the system reports it (Linux).
    pub cpu: Option<Duration>,
    /// States expanded (0 for the constructive solver, which does not count them).
    pub expanded: u64,
    /// Peak bytes of the search's tables (0 for the constructive solver).
    pub peak_bytes: usize,
    /// Moves of the solution found.
    pub length: Option<usize>,
    /// Whether the answer is proven: a shortest solution, or no solution.
    pub proven: bool,
}

impl Run {
    /// The time the comparison ranks by: CPU time where known (a loaded machine stretches
    /// wall times), else wall time.
    pub fn cost(&self) -> Duration {
        self.cpu.unwrap_or(self.time)
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A replay-checked solution.
    Solved,
    /// Proven unsolvable.
    Unsolvable,
    /// The time or memory budget stopped it.
    Limit,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Limit => "limit",
        })
    }
}

/// The proven shortest length of `case`, from any run that proved one.
pub fn optimum(runs: &[Run], case: &str) -> Option<usize> {
    (runs.iter())
        .filter(|r| r.case == case && r.proven && r.status == Status::Solved)
        .filter_map(|r| r.length)
        .min()
}

/// The runs as CSV: a header, then one line per run.
pub struct Csv<'a>(pub &'a [Run]);

impl fmt::Display for Csv<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "case,algorithm,status,time_ms,cpu_ms,nodes_expanded,peak_bytes,length,proven"
        )?;
        for r in self.0 {
            writeln!(
                f,
                "{},{},{},{:.3},{},{},{},{},{}",
                r.case,
                r.algo.key(),
                r.status,
                r.time.as_secs_f64() * 1000.0,
                r.cpu.map_or(String::new(), |c| format!(
                    "{:.3}",
                    c.as_secs_f64() * 1000.0
                )),
                r.expanded,
                r.peak_bytes,
                r.length.map_or(String::new(), |l| l.to_string()),
                r.proven
            )?;
        }
        Ok(())
    }
}

/// A Markdown summary: one line per method over the whole suite, then each case's times and
/// lengths side by side.
pub struct Summary<'a> {
    /// The runs.
    pub runs: &'a [Run],
    /// The methods, in column order.
    pub algos: &'a [Algo],
    /// The budget each run had, for the caption.
    pub budget: &'a str,
}

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cases: Vec<&str> = Vec::new();
        for r in self.runs {
            if !cases.contains(&r.case.as_str()) {
                cases.push(&r.case);
            }
        }
        writeln!(
            f,
            "{} cases, {} per run. Optimal: the length equals the proven optimum. \
             Ratio: length / optimum over the cases with a known optimum. Times: CPU time of \
             the solving thread where the system reports it, else wall time; `limit` is on wall \
             time.\n",
            cases.len(),
            self.budget
        )?;
        writeln!(
            f,
            "| method | answered | proven | optimal | mean ratio | max ratio | median ms | total s | nodes expanded | max peak memory |"
        )?;
        writeln!(f, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")?;
        for &algo in self.algos {
            let mine: Vec<&Run> = self.runs.iter().filter(|r| r.algo == algo).collect();
            let answered = mine.iter().filter(|r| r.status != Status::Limit).count();
            let proven = mine.iter().filter(|r| r.proven).count();
            let ratios: Vec<f64> = (mine.iter())
                .filter_map(|r| Some((r.length?, optimum(self.runs, &r.case)?)))
                .map(|(len, opt)| {
                    if opt == 0 {
                        1.0
                    } else {
                        len as f64 / opt as f64
                    }
                })
                .collect();
            let optimal = (mine.iter())
                .filter(|r| r.length.is_some() && r.length == optimum(self.runs, &r.case))
                .count();
            let mut times: Vec<Duration> = mine.iter().map(|r| r.cost()).collect();
            times.sort();
            let median = times.get(times.len() / 2).copied().unwrap_or_default();
            let total: Duration = times.iter().sum();
            let expanded: u64 = mine.iter().map(|r| r.expanded).sum();
            let peak = mine.iter().map(|r| r.peak_bytes).max().unwrap_or(0);
            let (mean, max) = if ratios.is_empty() {
                ("-".to_string(), "-".to_string())
            } else {
                let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
                let max = ratios.iter().copied().fold(1.0, f64::max);
                (format!("{mean:.2}"), format!("{max:.2}"))
            };
            let (expanded, peak) = if algo == Algo::Constructive {
                ("-".to_string(), "-".to_string())
            } else {
                (expanded.to_string(), Bytes(peak).to_string())
            };
            writeln!(
                f,
                "| {algo} | {answered}/{n} | {proven} | {optimal} | {mean} | {max} | {:.2} | {:.2} | {expanded} | {peak} |",
                median.as_secs_f64() * 1000.0,
                total.as_secs_f64(),
                n = mine.len(),
            )?;
        }
        write!(
            f,
            "\nPer case: milliseconds (moves); `limit`: stopped by the budget; `No`: proven unsolvable.\n\n| case | optimum |"
        )?;
        for algo in self.algos {
            write!(f, " {} |", algo.key())?;
        }
        write!(f, "\n|---|---:|")?;
        for _ in self.algos {
            write!(f, "---:|")?;
        }
        writeln!(f)?;
        for case in cases {
            let best = optimum(self.runs, case).map_or("-".to_string(), |o| o.to_string());
            write!(f, "| {case} | {best} |")?;
            for &algo in self.algos {
                let cell = match self.runs.iter().find(|r| r.case == case && r.algo == algo) {
                    None => "".to_string(),
                    Some(r) => match (r.status, r.length) {
                        (Status::Limit, _) => "limit".to_string(),
                        (Status::Unsolvable, _) => {
                            format!("{:.1} No", r.cost().as_secs_f64() * 1000.0)
                        }
                        (Status::Solved, length) => format!(
                            "{:.1} ({})",
                            r.cost().as_secs_f64() * 1000.0,
                            length.unwrap_or(0)
                        ),
                    },
                };
                write!(f, " {cell} |")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
