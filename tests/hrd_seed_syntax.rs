//! The assignment's own command lines (`./engine --show 1A9BF0C00 4`, ...), run verbatim as
//! `klotski hrd ...` in a scratch folder: each does what the subcommand of the same name does.
//!
//! The lines that analyse whole groups of 1A9BF0C00 or 5-4-0, and `--all`, take minutes
//! together and are ignored by default; run them with
//! `cargo test --release --no-default-features --test hrd_seed_syntax -- --ignored`.

mod common;

use common::klotski_in;
use std::path::{Path, PathBuf};

/// A fresh scratch folder under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs one of the assignment's example lines, `./engine ARGS`, as `klotski hrd ARGS` in `dir`,
/// expecting success; returns stdout.
fn seed_line(dir: &Path, line: &str) -> String {
    let args = line
        .strip_prefix("./engine ")
        .expect("a line of the seed's usage");
    hrd_in(dir, &args.split(' ').collect::<Vec<_>>())
}

/// Runs `klotski hrd ARGS` in `dir`, expecting success; returns stdout.
fn hrd_in(dir: &Path, args: &[&str]) -> String {
    let mut all = vec!["hrd"];
    all.extend_from_slice(args);
    let run = klotski_in(dir, &all, b"");
    assert_eq!(run.code, 0, "hrd {args:?}: {}", run.stderr);
    run.stdout
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn the_seeds_lines_that_print_do_what_the_subcommands_do() {
    let dir = scratch("hrd_seed_print");
    for (line, ours) in [
        ("./engine --show 1A9BF0C00", "show 1A9BF0C00"),
        ("./engine --show 1A9BF0C00 4", "show 1A9BF0C00 4"),
        ("./engine --cal 1A9BF0C00", "cal 1A9BF0C00"),
        (
            "./engine --cal-target 4FEA13400 43EA73400",
            "cal-target 4FEA13400 43EA73400",
        ),
        ("./engine --group 4FEA13400", "group 4FEA13400"),
        ("./engine --analy 1A9BF0C00", "analy 1A9BF0C00"),
        ("./engine --help", "help"),
    ] {
        let expected = hrd_in(&dir, &ours.split(' ').collect::<Vec<_>>());
        assert!(!expected.is_empty(), "{ours}");
        assert_eq!(seed_line(&dir, line), expected, "{line}");
    }
    assert!(
        seed_line(&dir, "./engine --cal 1A9BF0C00").starts_with("1A9BF0C00 -> solved: 81 steps\n")
    );
    assert_eq!(hrd_in(&dir, &["--help"]), hrd_in(&dir, &["help"]));
}

#[test]
fn the_seeds_lines_that_write_a_file_write_what_the_subcommands_print() {
    let dir = scratch("hrd_seed_files");
    for (line, ours) in [
        ("./engine --cal 1A9BF0C00 demo.txt", "cal 1A9BF0C00"),
        (
            "./engine --cal-target 4FEA13400 43EA73400 demo.txt",
            "cal-target 4FEA13400 43EA73400",
        ),
        ("./engine --group 4FEA13400 demo.txt", "group 4FEA13400"),
        (
            "./engine --analy-quiet 1A9BF0C00 demo.txt",
            "analy 1A9BF0C00",
        ),
    ] {
        let _ = std::fs::remove_file(dir.join("demo.txt"));
        assert_eq!(seed_line(&dir, line), "", "{line}");
        let expected = hrd_in(&dir, &ours.split(' ').collect::<Vec<_>>());
        assert_eq!(read(&dir, "demo.txt"), expected, "{line}");
    }
    // --analy with a file writes the report there and prints its summary.
    let summary = seed_line(&dir, "./engine --analy 1A9BF0C00 demo.txt");
    assert!(
        summary.starts_with("1A9BF0C00: group size 25955, "),
        "{summary}"
    );
    assert_eq!(
        read(&dir, "demo.txt"),
        hrd_in(&dir, &["analy", "1A9BF0C00"])
    );
    // --all-code writes every code, as all-code does.
    assert_eq!(seed_line(&dir, "./engine --all-code All_Case.txt"), "");
    let codes = std::fs::read(dir.join("All_Case.txt")).unwrap();
    assert_eq!(codes.len(), 29_334_498 * 10);
    assert_eq!(&codes[..10], b"000000000\n");
    assert_eq!(&codes[codes.len() - 10..], b"EFFFFFFF0\n");
}

#[test]
fn the_seeds_group_tables_take_its_syntax_too() {
    // The assignment's lines name groups too large for a quick test (see the ignored test): the same
    // commands on the small group of 9AAAF0000, against the golden tables.
    let dir = scratch("hrd_seed_tables");
    let golden = |name: &str| {
        let path = format!("{}/tests/hrd/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    };
    hrd_in(
        &dir,
        &["--analy-group", "9AAAF", "farthest.csv", "solution.csv"],
    );
    assert_eq!(read(&dir, "farthest.csv"), golden("farthest_9AAAF0000.csv"));
    assert_eq!(read(&dir, "solution.csv"), golden("solution_9AAAF0000.csv"));
    hrd_in(
        &dir,
        &[
            "--analy-group-integral",
            "9AAAF",
            "farthest.csv",
            "solution.csv",
        ],
    );
    assert_eq!(
        read(&dir, "solution.csv"),
        golden("solution_integral_9AAAF0000.csv")
    );
    std::fs::write(dir.join("seeds.txt"), "9AAAF\n9AAAC3\n").unwrap();
    hrd_in(
        &dir,
        &[
            "--analy-multi-group",
            "seeds.txt",
            "farthest.csv",
            "solution.csv",
        ],
    );
    assert_eq!(read(&dir, "solution.csv"), golden("solution_9AAAF0000.csv"));
    hrd_in(
        &dir,
        &[
            "--analy-multi-group-integral",
            "seeds.txt",
            "farthest.csv",
            "solution.csv",
        ],
    );
    assert_eq!(
        read(&dir, "solution.csv"),
        golden("solution_integral_9AAAF0000.csv")
    );
}

/// The assignment's remaining lines, verbatim: `--all` (the census, into the current folder), then
/// the group tables of 1A9BF0C00 (25,955 layouts, one search each) and of every group in the
/// `5-4-0.txt` that `--all` wrote.
#[test]
#[ignore]
fn the_seeds_heavy_lines_run_verbatim() {
    let dir = scratch("hrd_seed_heavy");
    let summary = seed_line(&dir, "./engine --all");
    assert!(summary.ends_with("\ntotal 29334498 25422\n"), "{summary}");
    assert!(summary.contains("\n5 4 0 15660 80\n"), "{summary}");
    assert_eq!(read(&dir, "5-4-0.txt").lines().count(), 80);
    assert!(std::fs::metadata(dir.join("main.csv")).unwrap().len() > 29_334_498 * 20);
    let group = hrd_in(&dir, &["group", "1A9BF0C00"]);
    for line in [
        "./engine --analy-group 1A9BF0C00 farthest.csv solution.csv",
        "./engine --analy-group-integral 1A9BF0C00 farthest.csv solution.csv",
    ] {
        assert_eq!(seed_line(&dir, line), "");
        let farthest = read(&dir, "farthest.csv");
        let firsts: Vec<&str> = farthest.lines().map(|l| &l[..9]).collect();
        assert_eq!(firsts, group.lines().collect::<Vec<_>>(), "{line}");
        let solution = read(&dir, "solution.csv");
        assert!(solution.contains("\n1A9BF0C00,81,"), "{line}");
    }
    let layouts_of_5_4_0: usize = 15_660;
    for line in [
        "./engine --analy-multi-group 5-4-0.txt farthest.csv solution.csv",
        "./engine --analy-multi-group-integral 5-4-0.txt farthest.csv solution.csv",
    ] {
        assert_eq!(seed_line(&dir, line), "");
        assert_eq!(read(&dir, "farthest.csv").lines().count(), layouts_of_5_4_0);
        assert_eq!(read(&dir, "solution.csv").lines().count(), layouts_of_5_4_0);
    }
}
