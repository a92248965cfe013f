//! A fresh machine's first runs of the 15-puzzle: processes started together on an empty cache
//! build each missing pattern database once between them, each answers with the optimum, and
//! later runs on the warm cache print the same bytes without building anything; an easy first
//! board is answered from the quick tables alone.

mod common;

use common::{command, empty_cache, korf};
use std::io::Write;
use std::path::Path;
use std::process::{Child, Stdio};

/// Starts `klotski terminal` on `input` with the cache `cache` and `extra` options.
fn start(cache: &Path, extra: &[&str], input: &[u8]) -> Child {
    let mut args = vec!["terminal", "--cache-dir", cache.to_str().unwrap()];
    args.extend_from_slice(extra);
    // Without a time limit of its own, the run is the unhurried one.
    if !extra.contains(&"--time-limit") {
        args.push("--no-time-limit");
    }
    let mut child = command(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child
}

/// Waits for `child`: its stdout and stderr, checking it printed `Yes` and `optimum` moves.
fn answered(child: Child, optimum: usize) -> (String, String) {
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("Yes"));
    assert_eq!(lines.next(), Some(optimum.to_string().as_str()), "{stderr}");
    assert_eq!(lines.count(), optimum);
    (stdout, stderr)
}

#[test]
fn processes_started_together_on_an_empty_cache_build_each_table_once() {
    let cache = empty_cache("fresh-together");
    let cases = [korf("k060"), korf("k082")];
    let children: Vec<Child> = cases.iter().map(|(i, _)| start(&cache, &[], i)).collect();
    let cold: Vec<(String, String)> = children
        .into_iter()
        .zip(&cases)
        .map(|(child, (_, optimum))| answered(child, *optimum))
        .collect();
    // These two of Korf's puzzles need more than the first short walk on the quick 6-6-3
    // tables, then the default 7-7-1: six tables, each built by one of the two processes while the other waits
    // for it (or finds it done).
    let stderr: String = cold.iter().map(|(_, e)| e.as_str()).collect();
    for cells in [
        "[0, 1, 4, 5, 8, 9]",
        "[2, 3, 6, 7, 10, 11]",
        "[12, 13, 14]",
        "[0, 1, 2, 4, 5, 8, 9]",
        "[3, 6, 7, 10, 11, 13, 14]",
        "[12]",
    ] {
        let builds = stderr
            .matches(&format!(
                "building the pattern database for tiles at cells {cells} "
            ))
            .count();
        assert_eq!(builds, 1, "{cells}: {stderr}");
    }
    let mut files: Vec<String> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.ends_with(".lock"))
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "pdb-4x4-b1-0.1.2.4.5.8.9-ranked.bin",
            "pdb-4x4-b1-0.1.4.5.8.9.bin",
            "pdb-4x4-b1-12.13.14.bin",
            "pdb-4x4-b1-12.bin",
            "pdb-4x4-b1-2.3.6.7.10.11.bin",
            "pdb-4x4-b1-3.6.7.10.11.13.14-ranked.bin",
        ]
    );
    // Warm runs map the 7-7-1 tables, build nothing and print the same bytes.
    for ((input, optimum), (cold_stdout, _)) in cases.iter().zip(&cold) {
        let (stdout, stderr) = answered(start(&cache, &[], input), *optimum);
        assert_eq!(&stdout, cold_stdout);
        assert!(!stderr.contains("building"), "{stderr}");
    }
    std::fs::remove_dir_all(&cache).unwrap();
}

#[test]
fn first_runs_under_a_time_limit_answer_within_it_and_print_the_unhurried_answer() {
    // Too short for the 7-tile builds: the runs take a lighter split and still prove the
    // optimum, printing the path any tables give (IDA* tries moves in a fixed order).
    let cache = empty_cache("fresh-limited");
    let cases = [korf("k002"), korf("k003")];
    let limited = ["--time-limit", "10"];
    let children: Vec<Child> = cases
        .iter()
        .map(|(i, _)| start(&cache, &limited, i))
        .collect();
    let quick: Vec<String> = children
        .into_iter()
        .zip(&cases)
        .map(|(child, (_, optimum))| answered(child, *optimum).0)
        .collect();
    let unhurried = empty_cache("fresh-unhurried");
    for ((input, optimum), quick) in cases.iter().zip(&quick) {
        let (stdout, _) = answered(start(&unhurried, &[], input), *optimum);
        assert_eq!(&stdout, quick);
    }
    std::fs::remove_dir_all(&cache).unwrap();
    std::fs::remove_dir_all(&unhurried).unwrap();
}

#[test]
fn an_easy_first_board_is_answered_from_the_quick_tables_with_the_strong_tables_answer() {
    // tests/cases/large/l09 needs a few thousand nodes: the short walk on 6-6-3 ends it, and
    // the 7-tile tables are never built. Its golden answer was printed with 7-7-1.
    let cache = empty_cache("fresh-easy");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let input = std::fs::read(root.join("tests/cases/large/l09_4x4_b1.in")).unwrap();
    let golden =
        std::fs::read_to_string(root.join("tests/golden/terminal/l09_4x4_b1.out")).unwrap();
    let (stdout, stderr) = answered(start(&cache, &[], &input), 48);
    assert_eq!(stdout, golden);
    assert!(
        stderr.contains("tiles at cells [0, 1, 4, 5, 8, 9] "),
        "{stderr}"
    );
    assert!(
        !stderr.contains("tiles at cells [0, 1, 2, 4, 5, 8, 9] "),
        "{stderr}"
    );
    std::fs::remove_dir_all(&cache).unwrap();
}
