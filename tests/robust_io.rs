//! The command line under hostile conditions (issue 37): stdout that fails or whose reader
//! leaves, usage mistakes, and errors that must be said once.

mod common;

use common::{command, klotski};
use std::io::Write;
use std::process::{Output, Stdio};

const BOARD: &str = "tests/sbp/boards/LRParser/SBP-bricks-level1.txt";
const SAMPLE: &[u8] = b"2 2\n1 2\n0 3\n0\n";
const TIPOVER: &[u8] = include_bytes!("tipover/seed-example.txt");

/// Runs `klotski ARGS` with stdout on `/dev/full`, where every write fails with ENOSPC.
fn to_full_disk(args: &[&str], input: &[u8]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child.wait_with_output().expect("the binary finishes")
}

/// Runs `klotski ARGS` with a stdout pipe whose reader has gone before anything is written
/// (the input is written only after the read end is closed, and commands that read no input
/// write more than a pipe holds).
fn reader_gone(args: &[&str], input: &[u8]) -> Output {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    drop(child.stdout.take());
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child.wait_with_output().expect("the binary finishes")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_full_disk_is_one_error_line_and_exit_4_in_every_mode() {
    let home = common::scratch_home().join("cache-full");
    let cache = home.to_str().expect("a UTF-8 path");
    let cases: Vec<(Vec<&str>, &[u8])> = vec![
        (vec!["--help"], b""),
        (vec!["--version"], b""),
        (vec!["terminal"], SAMPLE),
        (vec!["generate", "--size", "3x3", "--seed", "1"], b""),
        (vec!["sbp", "print", BOARD], b""),
        (vec!["sbp", "availableMoves", BOARD], b""),
        (vec!["sbp", "random", BOARD, "3", "--seed", "1"], b""),
        (vec!["sbp", "bfs", BOARD], b""),
        (vec!["hrd", "show", "1A9BF0C00"], b""),
        (vec!["cache", "--cache-dir", cache, "list"], b""),
        (vec!["cache", "--cache-dir", cache, "verify"], b""),
        (vec!["tipover"], TIPOVER),
        (vec!["solvable"], b"1 2 3 b\n1 2 3 b\n"),
    ];
    for (args, input) in cases {
        let output = to_full_disk(&args, input);
        let told = stderr(&output);
        assert_eq!(output.status.code(), Some(4), "{args:?}: {told}");
        assert_eq!(told.lines().count(), 1, "{args:?}: {told}");
        assert!(
            told.starts_with("error: cannot write standard output: "),
            "{args:?}: {told}"
        );
    }
}

#[test]
fn a_reader_that_leaves_ends_the_run_quietly_with_success() {
    let cases: Vec<(Vec<&str>, &[u8])> = vec![
        (vec!["terminal"], SAMPLE),
        (vec!["sbp", "random", BOARD, "5000", "--seed", "1"], b""),
        (vec!["hrd", "group", "1A9BF0C00"], b""),
        (vec!["--help"], b""),
    ];
    for (args, input) in cases {
        let output = reader_gone(&args, input);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(stderr(&output), "", "{args:?}");
    }
}

#[test]
fn subcommand_usage_errors_keep_clap_suggestions_in_one_line() {
    let run = klotski(&["sbp", "availablemoves", BOARD], b"");
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("'availableMoves'"), "{}", run.stderr);
    assert!(run.stderr.contains("klotski sbp --help"), "{}", run.stderr);
}

#[test]
fn a_negative_walk_length_is_a_value_refused_as_such() {
    let run = klotski(&["sbp", "random", BOARD, "-1"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("random takes a number of moves, got '-1'"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_walk_without_a_seed_tells_the_seed_that_repeats_it() {
    let drawn = klotski(&["sbp", "random", BOARD, "20"], b"");
    assert_eq!(drawn.code, 0, "{}", drawn.stderr);
    let seed = drawn
        .stderr
        .split_whitespace()
        .skip_while(|w| *w != "seed")
        .nth(1)
        .expect("the seed on stderr");
    let again = klotski(&["sbp", "random", BOARD, "20", "--seed", seed], b"");
    assert_eq!(again.code, 0);
    assert_eq!(again.stdout, drawn.stdout);
    assert_eq!(again.stderr, "");
}

#[test]
fn a_bad_board_file_is_told_once() {
    let path = common::scratch_home().join("short-row.txt");
    std::fs::write(&path, "3,2,\n2,2,0,\n0,0,\n").expect("a scratch file");
    let run = klotski(&["sbp", "print", path.to_str().expect("UTF-8")], b"");
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert_eq!(run.stderr.matches("line 3").count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.ends_with("line 3: expected 3 values, found 2\n"),
        "{}",
        run.stderr
    );
}
