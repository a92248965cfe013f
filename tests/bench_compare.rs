//! `klotski bench --out DIR` on a tiny suite: the CSV's exact methods agree on every length,
//! proven flags match the methods, and the Markdown summary and SVG charts are written.

mod common;

use common::klotski;
use std::path::Path;

/// Methods whose solutions are proven shortest.
const EXACT: [&str; 5] = ["bfs", "bibfs", "astar", "biastar", "idastar"];
const ALL: [&str; 8] = [
    "bfs",
    "bibfs",
    "astar",
    "biastar",
    "idastar",
    "wastar",
    "greedy",
    "constructive",
];

/// Small cases: solvable ones with known optima (their `.ans` files) and unsolvable ones that
/// need a search (no rule decides them).
const SUITE: [&str; 7] = [
    "tests/cases/small/s00_2x2_b1.in",
    "tests/cases/small/s01_2x3_b1.in",
    "tests/cases/small/s02_3x3_b1.in",
    "tests/cases/small/s03_3x3_b2.in",
    "tests/cases/small/s05_3x4_b2.in",
    "tests/cases/decided/d14_4x3_b2.in",
    "tests/cases/decided/d09_3x4_b2.in",
];

struct Row {
    case: String,
    algo: String,
    status: String,
    length: Option<usize>,
    proven: bool,
}

fn rows(csv: &str) -> Vec<Row> {
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("case,algorithm,status,time_ms,cpu_ms,nodes_expanded,peak_bytes,length,proven")
    );
    lines
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            assert_eq!(f.len(), 9, "{line}");
            f[3].parse::<f64>().expect("time is a number");
            assert!(f[4].is_empty() || f[4].parse::<f64>().is_ok(), "{line}");
            f[5].parse::<u64>().expect("nodes is a count");
            f[6].parse::<u64>().expect("peak bytes is a count");
            Row {
                case: f[0].to_string(),
                algo: f[1].to_string(),
                status: f[2].to_string(),
                length: (!f[7].is_empty()).then(|| f[7].parse().expect("length is a count")),
                proven: f[8].parse().expect("proven is true or false"),
            }
        })
        .collect()
}

/// The optimum the case's `.ans` file records: `Some(n)` for `Yes n`, `None` for `No`.
fn expected(case: &str) -> Option<usize> {
    let file = SUITE
        .iter()
        .find(|f| Path::new(f).file_stem().unwrap() == case)
        .unwrap();
    let answer = std::fs::read_to_string(Path::new(file).with_extension("ans")).unwrap();
    answer.split_whitespace().nth(1).map(|n| n.parse().unwrap())
}

#[test]
fn every_method_on_a_tiny_suite_writes_agreeing_csv_markdown_and_charts() {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench_compare");
    let _ = std::fs::remove_dir_all(&out);
    let out_arg = out.to_str().unwrap();
    let mut args = vec!["bench", "--out", out_arg, "--time-limit", "3"];
    args.extend(SUITE);
    let run = klotski(&args, b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    // stderr is no terminal here: no progress is drawn, only where the files went.
    assert_eq!(
        run.stderr,
        format!(
            "klotski: wrote results.csv, summary.md, time.svg, nodes.svg and ratio.svg to {}\n",
            out.display()
        )
    );

    let rows = rows(&std::fs::read_to_string(out.join("results.csv")).unwrap());
    assert_eq!(rows.len(), SUITE.len() * ALL.len());
    for case in SUITE.map(|f| Path::new(f).file_stem().unwrap().to_str().unwrap()) {
        let want = expected(case);
        for algo in ALL {
            let row = (rows.iter())
                .find(|r| r.case == case && r.algo == algo)
                .unwrap_or_else(|| panic!("{case} {algo} missing"));
            let exact = EXACT.contains(&algo);
            match want {
                Some(optimum) if exact => {
                    assert_eq!(
                        (row.length, row.proven),
                        (Some(optimum), true),
                        "{case} {algo}"
                    );
                }
                Some(optimum) => {
                    assert_eq!(row.status, "solved", "{case} {algo}");
                    assert!(row.length.unwrap() >= optimum, "{case} {algo}");
                    assert!(!row.proven, "{case} {algo}: not an exact method");
                }
                // The constructive solver cannot prove `No`: only a limit stops it. (IDA*,
                // which keeps no table, is preceded by a breadth-first probe that exhausts
                // these small spaces.)
                None if algo == "constructive" => {
                    assert_eq!(row.status, "limit", "{case} {algo}");
                    assert!(!row.proven);
                }
                None => assert_eq!((row.status.as_str(), row.proven), ("unsolvable", true)),
            }
        }
    }

    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    for name in [
        "BFS",
        "bidirectional BFS",
        "| IDA* |",
        "weighted A*",
        "greedy best-first",
    ] {
        assert!(summary.contains(name), "{name} missing from\n{summary}");
    }
    assert!(
        summary.contains("| BFS | 7/7 | 7 | 5 | 1.00 | 1.00 |"),
        "{summary}"
    );
    for chart in ["time.svg", "nodes.svg", "ratio.svg"] {
        let svg = std::fs::read_to_string(out.join(chart)).unwrap();
        assert!(svg.starts_with("<svg"), "{chart}");
        // One point per solved run of each charted method, plus one legend mark per method.
        assert!(svg.matches("<circle").count() >= 5 * 6, "{chart}");
    }
}

/// `klotski bench` with no files runs its built-in corpus anywhere, outside a checkout too:
/// each case's answer is its proven optimum (or `No`) from `tests/cases`.
#[test]
fn bench_with_no_files_runs_its_built_in_corpus_outside_a_checkout() {
    let away = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-away");
    std::fs::create_dir_all(&away).unwrap();
    let run = common::klotski_in(&away, &["bench", "--repeat", "1"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut cases = 0;
    for dir in ["official", "small"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|x| x != "in") {
                continue;
            }
            let name = path.file_name().unwrap().to_str().unwrap();
            let answer = std::fs::read_to_string(path.with_extension("ans")).unwrap();
            let row = format!("| {name} | ");
            let line = (run.stdout.lines().find(|l| l.starts_with(&row)))
                .unwrap_or_else(|| panic!("{name} missing: {}", run.stdout));
            // `Yes` alone: solvable, its optimum not on file.
            let want = match answer.trim() {
                "Yes" => " | Yes ".to_string(),
                known => format!(" | {known} |"),
            };
            assert!(line.contains(&want), "{line}");
            cases += 1;
        }
    }
    assert!(
        run.stdout.contains(&format!("\n{cases} cases, total ")),
        "{}",
        run.stdout
    );
}

/// `klotski bench` names the stage whose work each answer is, and counts them: a rule, the
/// exact search, a relaxation, and the local shortening of the constructive solver's answer
/// each decide one of these boards.
#[test]
fn the_bench_table_names_the_stage_that_decided_each_answer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases = [
        ("tests/cases/official/sample1.in", "exact search"),
        ("tests/cases/relaxed/n07_12x3_2x2_out_of_order.in", "rules"),
        (
            "tests/cases/relaxed/n02_11x12_1x2_wrong_row.in",
            "relaxation",
        ),
        (
            "tests/cases/relaxed/y_70x2_blocks_in_order.in",
            "shortening",
        ),
    ];
    let mut args = vec!["bench", "--repeat", "1"];
    let paths: Vec<String> = (cases.iter())
        .map(|(case, _)| root.join(case).display().to_string())
        .collect();
    args.extend(paths.iter().map(String::as_str));
    let run = klotski(&args, b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    for (case, stage) in cases {
        let name = case.rsplit('/').next().unwrap();
        let row = (run.stdout.lines())
            .find(|line| line.starts_with(&format!("| {name} |")))
            .unwrap_or_else(|| panic!("no row for {name}: {}", run.stdout));
        let decided_by = row.split('|').nth(4).unwrap().trim();
        assert_eq!(decided_by, stage, "{row}");
    }
    assert!(
        (run.stdout.lines())
            .any(|line| line == "decided by: rules 1, exact search 1, relaxation 1, shortening 1"),
        "{}",
        run.stdout
    );
}
