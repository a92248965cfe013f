//! `klotski generate`: the puzzles parse, are solvable (or proven not with `--unsolvable`) as
//! the terminal mode decides, and the same seed gives the same puzzle.

mod common;

use common::klotski;

/// Generates with `args`, checks the exit code, and returns the puzzle text.
fn generate(args: &[&str]) -> String {
    let mut all = vec!["generate"];
    all.extend(args);
    let run = klotski(&all, b"");
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run.stdout
}

/// Solves `puzzle` in terminal mode and returns the first line (`Yes` or `No`) and the steps.
fn solve(puzzle: &str) -> (String, Option<usize>) {
    let run = klotski(&["terminal", "--no-time-limit"], puzzle.as_bytes());
    assert_eq!(run.code, 0, "{puzzle}{}", run.stderr);
    let mut lines = run.stdout.lines();
    let verdict = lines.next().unwrap().to_string();
    (verdict, lines.next().map(|n| n.parse().unwrap()))
}

/// The header, the grid's numbers and the declared blocks.
fn shape_of(puzzle: &str) -> (Vec<usize>, Vec<u32>, Vec<String>) {
    let mut lines = puzzle.lines();
    let header: Vec<usize> = (lines.next().unwrap().split_whitespace())
        .map(|t| t.parse().unwrap())
        .collect();
    let grid: Vec<u32> = (lines.by_ref().take(header[0]))
        .flat_map(|l| l.split_whitespace().map(|t| t.parse::<u32>().unwrap()))
        .collect();
    let count: usize = lines.next().unwrap().trim().parse().unwrap();
    let blocks: Vec<String> = lines.map(str::to_string).collect();
    assert_eq!(blocks.len(), count);
    (header, grid, blocks)
}

#[test]
fn walks_parse_solve_within_their_length_and_repeat_from_the_seed() {
    for (args, moves) in [
        (vec!["--size", "3x3", "--moves", "30"], 30),
        (
            vec![
                "--size",
                "4x4",
                "--blanks",
                "2",
                "--blocks",
                "2x2:1,1x2:1",
                "--moves",
                "60",
            ],
            60,
        ),
        (
            vec![
                "--size",
                "3x5",
                "--blanks",
                "3",
                "--blocks",
                "2x1:2,1x2:1",
                "--moves",
                "40",
            ],
            40,
        ),
        (vec!["--size", "1x6", "--blanks", "2", "--moves", "10"], 10),
    ] {
        for seed in ["1", "2"] {
            let mut with_seed = args.clone();
            with_seed.extend(["--seed", seed]);
            let puzzle = generate(&with_seed);
            assert_eq!(
                generate(&with_seed),
                puzzle,
                "{with_seed:?} is not reproducible"
            );
            let (header, grid, _) = shape_of(&puzzle);
            assert_eq!(header[0] * header[1], grid.len());
            let (verdict, steps) = solve(&puzzle);
            assert_eq!(verdict, "Yes", "{puzzle}");
            // The optimum never exceeds the walk that made the puzzle.
            assert!(steps.unwrap() <= moves, "{puzzle}");
        }
    }
    let a = generate(&["--size", "4x4", "--seed", "1", "--moves", "50"]);
    let b = generate(&["--size", "4x4", "--seed", "2", "--moves", "50"]);
    assert_ne!(a, b, "different seeds, same puzzle");
}

#[test]
fn blocks_keep_their_goal_numbers() {
    let puzzle = generate(&[
        "--size",
        "4x4",
        "--blanks",
        "2",
        "--blocks",
        "2x2:1,1x2:1,2x1:1",
        "--seed",
        "5",
    ]);
    let (_, grid, blocks) = shape_of(&puzzle);
    let mut shapes: Vec<&str> = blocks
        .iter()
        .map(|b| b.split_whitespace().nth(1).unwrap())
        .collect();
    shapes.sort();
    assert_eq!(shapes, ["1*2", "2*1", "2*2"]);
    let mut numbers: Vec<u32> = grid.iter().copied().filter(|&v| v != 0).collect();
    numbers.sort();
    assert_eq!(numbers, (1..=14).collect::<Vec<_>>());
}

#[test]
fn shuffles_are_proven_solvable_or_with_unsolvable_proven_not() {
    for args in [
        vec!["--size", "3x3"],
        vec!["--size", "3x4", "--blanks", "2", "--blocks", "2x1:2"],
        vec!["--size", "3x3", "--blocks", "2x2:1"],
    ] {
        for (flag, want) in [(None, "Yes"), (Some("--unsolvable"), "No")] {
            let mut all = args.clone();
            all.extend(["--shuffle", "--seed", "7"]);
            all.extend(flag);
            let puzzle = generate(&all);
            assert_eq!(generate(&all), puzzle, "{all:?} is not reproducible");
            assert_eq!(solve(&puzzle).0, want, "{all:?}\n{puzzle}");
        }
    }
}

#[test]
fn impossible_requests_exit_2_with_one_error_line() {
    for (args, message) in [
        (vec!["--moves", "5"], "needs --size"),
        (vec!["--size", "3x"], "--size takes"),
        (
            vec!["--size", "3x3", "--blanks", "9"],
            "need at least one blank and one number",
        ),
        (vec!["--size", "3x3", "--blocks", "3x1:1"], "not one of"),
        (vec!["--size", "2x2", "--blocks", "2x2:1"], "do not fit"),
        // Counts past any board are refused before anything is sized by them (issue 37).
        (
            vec!["--size", "3x3", "--blocks", "2x2:18446744073709551615"],
            "cover 18446744073709551615 cells",
        ),
        (
            vec!["--size", "3x3", "--moves", "18446744073709551615"],
            "more than the 10000000 moves",
        ),
        (
            vec!["--size", "3x3", "--moves", "4294967296"],
            "more than the 10000000 moves",
        ),
        (
            vec!["--size", "3x3", "--moves", "5", "--unsolvable"],
            "needs --shuffle",
        ),
        (
            vec!["--size", "3x3", "--moves", "5", "--shuffle"],
            "cannot be combined",
        ),
        (
            vec![
                "--size",
                "7x7",
                "--blanks",
                "2",
                "--blocks",
                "2x2:2",
                "--shuffle",
                "--time-limit",
                "0",
            ],
            "could be proven neither",
        ),
    ] {
        let mut all = vec!["generate"];
        all.extend(&args);
        let run = klotski(&all, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
}
