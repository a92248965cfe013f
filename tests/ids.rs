//! Puzzle IDs on the command line: `klotski id` prints a file's ID for every kind, `terminal
//! --id` prints the same bytes as the file it names, and a malformed ID is one `error:` line,
//! exit 2, nothing on stdout.

mod common;

use common::klotski;
use std::path::Path;

fn read(path: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

#[test]
fn id_names_a_file_of_each_kind() {
    for (file, id) in [
        (
            "tests/cases/official/sample4.in",
            "N5x4:3748120b56fa9e0cdh0g:c21122",
        ),
        ("assets/levels/SBP-level0.txt", "B5x4:20022214522133222222"),
    ] {
        let run = klotski(&["id"], &read(file));
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (0, &*format!("{id}\n"), "")
        );
    }
    let run = klotski(&["id"], b"1A9BF0C\n");
    assert_eq!(run.stdout, "K1A9BF0C00\n");
    let run = klotski(&["id"], b"2 2\n1 2\n3 3\n0\n");
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(
        run.stderr.starts_with("error: not a puzzle file"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("line 3"),
        "names the line: {}",
        run.stderr
    );
}

#[test]
fn terminal_id_prints_the_same_bytes_as_the_file() {
    for name in ["sample1", "sample2", "sample3", "sample4"] {
        let input = read(&format!("tests/cases/official/{name}.in"));
        let id = klotski(&["id"], &input).stdout;
        let by_file = klotski(&["terminal", "--no-time-limit"], &input);
        let by_id = klotski(&["terminal", "--no-time-limit", "--id", id.trim()], b"");
        assert_eq!(by_id.code, by_file.code, "{name}");
        assert_eq!(by_id.stdout, by_file.stdout, "{name}");
        assert!(!by_id.stdout.is_empty(), "{name}");
    }
}

#[test]
fn a_malformed_id_is_one_error_line_and_exit_2() {
    for (id, says) in [
        ("X5x4:1", "starts with N"),
        ("N5x4:12", "cells are not 20"),
        ("N2x2:1233", "not valid: "),
        ("B5x4:20022214522133222222", "brick puzzle"),
    ] {
        let run = klotski(&["terminal", "--id", id], b"");
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{id}");
        assert_eq!(run.stderr.lines().count(), 1, "{id}: {}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{id}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{id}: {}", run.stderr);
    }
}
