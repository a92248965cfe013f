//! `klotski solvable`: the assignment's examples and every class of bad input, run on the built
//! binary with exact stdout and exit codes; and the parity verdict held against exhaustive
//! search over every 2x2 and 3x3 board.

mod common;

use common::klotski;
use klotski::puzzles::solvable::{self, Instance};
use klotski::search::{self, Limits, Outcome};
use klotski::solve::spaces::packed::PackedSpace;
use klotski::solve::{Algo, Answer, Options};
use proptest::prelude::*;
use std::collections::HashSet;

/// Runs `solvable` on `start` and `goal` and checks the three lines and exit code 0.
fn assert_verdict(start: &str, goal: &str, verdict: &str) {
    let run = klotski(&["solvable"], format!("{start}\n{goal}\n").as_bytes());
    assert_eq!(
        (run.stdout.as_str(), run.code),
        (
            format!("start: {start}\ngoal: {goal}\n{verdict}\n").as_str(),
            0
        ),
        "{start} -> {goal}"
    );
    assert_eq!(run.stderr, "");
}

/// Runs `solvable` on `input` and checks the one error line on stdout and exit code 1.
fn assert_rejected(input: &str, message: &str) {
    let run = klotski(&["solvable"], input.as_bytes());
    assert_eq!(
        (run.stdout.as_str(), run.code),
        (format!("error: {message}\n").as_str(), 1),
        "{input:?}"
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn the_assignment_examples_print_exactly_as_shown() {
    let run = klotski(
        &["solvable"],
        b"9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15\n",
    );
    assert_eq!(
        run.stdout,
        "start: 9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15\n\
         goal: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15\n\
         solvable\n"
    );
    assert_eq!(run.code, 0);
    let run = klotski(&["solvable"], b"2 1 3 b\n1 2 3 b\n");
    assert_eq!(run.stdout, "start: 2 1 3 b\ngoal: 1 2 3 b\nunsolvable\n");
    assert_eq!(run.code, 0);
}

/// The tutorial's boards. Its pictures lost their blank square in the text; where the text does
/// not place it, the blank goes where the tutorial's own arithmetic puts it (the order of the
/// terms of each disorder sum) or, failing that, at the end of the short row.
#[test]
fn the_tutorial_boards_get_the_tutorial_verdicts() {
    // 2x2: 2 1 3 _ has odd disorder, 1 2 3 _ even; 1 3 2 _ is another odd one.
    assert_verdict("1 2 3 b", "1 2 3 b", "solvable");
    assert_verdict("1 2 3 b", "1 3 2 b", "unsolvable");
    assert_verdict("3 2 b 1", "1 2 3 b", "unsolvable");
    assert_verdict("b 1 3 2", "1 2 3 b", "solvable");
    // 3x3: disorder 28 against 0.
    assert_verdict("8 7 6 5 4 3 2 1 b", "1 2 3 4 5 6 7 8 b", "solvable");
    assert_verdict("1 6 7 2 5 8 3 4 b", "1 2 3 8 b 4 7 6 5", "unsolvable");
    assert_verdict("8 3 5 4 1 6 2 7 b", "1 2 3 8 b 4 7 6 5", "solvable");
    // 4x4: the sorted board with the blank a row too high, then in the right row.
    let goal = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 b";
    assert_verdict("1 2 3 4 5 6 7 8 9 10 11 b 12 13 14 15", goal, "unsolvable");
    assert_verdict("1 2 3 4 5 6 7 8 9 10 11 12 b 13 14 15", goal, "solvable");
}

#[test]
fn layout_is_forgiving_and_the_echo_is_normalised() {
    let run = klotski(&["solvable"], b"\t2  1\t\t3 b \r\n01 2 3 b\r\n\n  \n");
    assert_eq!(run.stdout, "start: 2 1 3 b\ngoal: 1 2 3 b\nunsolvable\n");
    assert_eq!(run.code, 0);
    let run = klotski(&["solvable"], b"1 2 3 b\nb 1 3 2");
    assert_eq!(run.stdout, "start: 1 2 3 b\ngoal: b 1 3 2\nsolvable\n");
}

#[test]
fn every_kind_of_bad_input_gets_one_line_and_exit_code_1() {
    let square = "but an NxN board with N >= 2 has 4, 9, 16, ... cells";
    assert_rejected(
        "1 2 3 b 4\n1 2 3 b\n",
        &format!("start: cell count 5, {square}"),
    );
    assert_rejected("1 2 3 b\n1 2 b\n", &format!("goal: cell count 3, {square}"));
    assert_rejected("b\nb\n", &format!("start: cell count 1, {square}"));
    assert_rejected("1 2 3 1\n1 2 3 b\n", "start: no blank (b)");
    assert_rejected("1 2 3 b\n1 b 3 b\n", "goal: 2 blanks (b), expected one");
    assert_rejected(
        "1 2 b 1\n1 2 3 b\n",
        "start: tile 1 appears twice and tile 3 is missing",
    );
    assert_rejected(
        "1 2 3 4 5 6 7 8 b\n1 2 3 4 5 6 8 8 b\n",
        "goal: tile 8 appears twice and tile 7 is missing",
    );
    assert_rejected("1 2 5 b\n1 2 3 b\n", "start: tile 5 is out of range 1..3");
    assert_rejected("1 2 3 b\n0 2 3 b\n", "goal: tile 0 is out of range 1..3");
    assert_rejected("1 -2 3 b\n1 2 3 b\n", "start: tile -2 is out of range 1..3");
    assert_rejected(
        "1 2 x b\n1 2 3 b\n",
        "start: 'x' is neither a tile number nor b",
    );
    assert_rejected(
        "1 2 3 b\n1,2,3,b\n",
        "goal: '1,2,3,b' is neither a tile number nor b",
    );
    assert_rejected(
        "1 2 3 B\n1 2 3 b\n",
        "start: 'B' is neither a tile number nor b",
    );
    assert_rejected(
        "1 2 3 b\n1 2 3 4 5 6 7 8 b\n",
        "the start board is 2x2 but the goal board is 3x3",
    );
    let missing = "line (expected two lines: the start board, then the goal board)";
    assert_rejected("", &format!("missing start {missing}"));
    assert_rejected("1 2 3 b\n", &format!("missing goal {missing}"));
    // A goal one blank line too far is named as such (issue 37).
    assert_rejected(
        "1 2 3 b\n\t\n1 2 3 b\n",
        "line 2 is blank, and a board follows on line 3: the goal board must be on line 2, right after the start board",
    );
    assert_rejected("1 2 3 b\n\t\n\n", &format!("missing goal {missing}"));
    assert_rejected(
        "1 2 3 b\n1 2 3 b\n\n1 2 3 b\n",
        "line 4: unexpected text after the goal line",
    );
    assert_rejected(
        "1 2 3 b\n1 2 \u{3}3 b\n",
        "goal: '\\u{3}3' is neither a tile number nor b",
    );
    let run = klotski(&["solvable"], b"1 2 3 b\n1 2 \xff b\n");
    assert_eq!(
        (run.stdout.as_str(), run.code),
        ("error: line 2: the input is not UTF-8 text\n", 1)
    );
}

#[test]
fn usage_errors_keep_the_rest_of_the_cli_convention() {
    let run = klotski(&["solvable", "--bogus"], b"1 2 3 b\n1 2 3 b\n");
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));
    assert_eq!(
        run.stderr,
        "error: unexpected argument '--bogus' found (see klotski solvable --help)\n"
    );
}

#[test]
fn a_thousand_by_thousand_board_is_decided() {
    let side = 1000;
    let sorted: Vec<String> = (1..side * side)
        .map(|t| t.to_string())
        .chain(["b".to_string()])
        .collect();
    let mut three_cycle = sorted.clone();
    three_cycle[..3].rotate_left(1);
    let mut swap = sorted.clone();
    swap.swap(side * side - 3, side * side - 2);
    let (start, even, odd) = (sorted.join(" "), three_cycle.join("\t"), swap.join("  "));
    let run = klotski(&["solvable"], format!("{start}\n{even}\n").as_bytes());
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        format!(
            "start: {start}\ngoal: {}\nsolvable\n",
            three_cycle.join(" ")
        )
    );
    let run = klotski(&["solvable"], format!("{start}\n{odd}\n").as_bytes());
    assert_eq!(run.code, 0);
    assert!(run.stdout.ends_with("\nunsolvable\n"));
}

/// Plays the `moves:` lines of a `--solve` answer on `start` by hand (the named tile slides into
/// the blank) and returns the board it ends on and the count of moves.
fn replay(start: &str, answer: &str) -> (String, usize) {
    let mut cells: Vec<String> = start.split(' ').map(String::from).collect();
    let side = cells.len().isqrt() as isize;
    let mut lines = answer.lines().skip_while(|l| !l.starts_with("moves: "));
    let count: usize = lines.next().expect("a moves line")["moves: ".len()..]
        .parse()
        .unwrap();
    let mut played = 0;
    for line in lines {
        let (tile, dir) = line.split_once(' ').expect("`t D`");
        let from = cells.iter().position(|c| c == tile).unwrap() as isize;
        let step = match dir {
            "L" => -1,
            "R" => 1,
            "U" => -side,
            "D" => side,
            other => panic!("direction {other}"),
        };
        let to = (from + step) as usize;
        assert_eq!(cells[to], "b", "{line}: tile {tile} slides into the blank");
        cells.swap(from as usize, to);
        played += 1;
    }
    assert_eq!(played, count);
    (cells.join(" "), count)
}

#[test]
fn solve_prints_a_shortest_sequence_that_reaches_the_goal() {
    let sorted3 = "1 2 3 4 5 6 7 8 b";
    // Known optima: the two hardest 8-puzzle boards need 31 moves; the reversed board 30.
    for (start, goal, optimum) in [
        ("8 6 7 2 5 4 3 b 1", sorted3, 31),
        ("6 4 7 8 5 b 3 2 1", sorted3, 31),
        ("8 7 6 5 4 3 2 1 b", sorted3, 30),
        ("8 3 5 4 1 6 2 7 b", "1 2 3 8 b 4 7 6 5", 0),
        ("b 1 3 2", "1 2 3 b", 0),
    ] {
        let run = klotski(
            &["solvable", "--solve"],
            format!("{start}\n{goal}\n").as_bytes(),
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            run.stdout
                .starts_with(&format!("start: {start}\ngoal: {goal}\nsolvable\nmoves: "))
        );
        let (end, count) = replay(start, &run.stdout);
        assert_eq!(end, goal);
        if optimum > 0 {
            assert_eq!(count, optimum, "{start}");
        }
    }
    let goal = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 b";
    let start = "1 2 3 4 5 6 7 8 9 10 11 12 b 13 14 15";
    let run = klotski(
        &["solvable", "--solve"],
        format!("{start}\n{goal}\n").as_bytes(),
    );
    assert_eq!(
        run.stdout,
        format!("start: {start}\ngoal: {goal}\nsolvable\nmoves: 3\n13 L\n14 L\n15 L\n")
    );
    let run = klotski(&["solvable", "--solve"], b"2 1 3 b\n1 2 3 b\n");
    assert_eq!(
        (run.stdout.as_str(), run.code),
        ("start: 2 1 3 b\ngoal: 1 2 3 b\nunsolvable\n", 0)
    );
}

#[test]
fn solve_reports_a_limit_after_the_verdict_with_exit_code_3() {
    let start = "9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15";
    let goal = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15";
    let run = klotski(
        &[
            "solvable",
            "--solve",
            "--algo",
            "bibfs",
            "--max-memory",
            "16M",
        ],
        format!("{start}\n{goal}\n").as_bytes(),
    );
    assert_eq!(
        (run.stdout, run.code),
        (format!("start: {start}\ngoal: {goal}\nsolvable\n"), 3)
    );
    assert_eq!(
        run.stderr,
        "klotski: no moves: the memory limit of 16.0 MiB was reached\n"
    );
    // One move from the goal: a board at its goal is answered at once, whatever the method.
    let tiles = |last: [&str; 2]| {
        let mut tiles: Vec<String> = (1..143).map(|t| t.to_string()).collect();
        tiles.extend(last.map(String::from));
        tiles.join(" ")
    };
    let (start, goal) = (tiles(["b", "143"]), tiles(["143", "b"]));
    let run = klotski(
        &["solvable", "--solve", "--algo", "bibfs"],
        format!("{start}\n{goal}\n").as_bytes(),
    );
    assert_eq!(run.code, 3);
    assert_eq!(
        run.stderr,
        "klotski: no moves: a board of 144 cells is beyond the exact search (at most 128 cells)\n"
    );
}

/// Every arrangement of 0..cells (0 the blank), as board lines, in lexicographic order.
fn all_boards(cells: usize) -> impl Iterator<Item = String> {
    let mut next: Option<Vec<usize>> = Some((0..cells).collect());
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut p = current.clone();
        if let Some(i) = (0..cells - 1).rev().find(|&i| p[i] < p[i + 1]) {
            let j = (i + 1..cells).rev().find(|&j| p[j] > p[i]).unwrap();
            p.swap(i, j);
            p[i + 1..].reverse();
            next = Some(p);
        }
        let line: Vec<String> = current
            .iter()
            .map(|&t| if t == 0 { "b".into() } else { t.to_string() })
            .collect();
        Some(line.join(" "))
    })
}

/// For each of two goals of opposite parity, collects every board reachable from it with the
/// engine's BFS, and checks that the parity verdict says `solvable` for exactly those boards.
/// The two components are half the boards each, so together they cover every board and the
/// verdict is right for every (start, goal) pair on the board.
fn parity_matches_exhaustive_search(side: usize) {
    let cells = side * side;
    let boards = (1..=cells).product::<usize>();
    let sorted: Vec<String> = (1..cells)
        .map(|t| t.to_string())
        .chain(["b".into()])
        .collect();
    let mut swapped = sorted.clone();
    swapped.swap(0, 1);
    for goal in [sorted.join(" "), swapped.join(" ")] {
        let root: Instance = format!("{goal}\n{goal}").parse().unwrap();
        let puzzle = root.puzzle();
        let space = PackedSpace::<1>::new(&puzzle).unwrap();
        let mut component = HashSet::new();
        let search = search::bfs(
            &space,
            space.encode(puzzle.start()),
            |key| {
                component.insert(*key);
                false
            },
            &Limits::memory(1 << 30),
            |_| {},
        );
        assert_eq!(search.outcome, Outcome::Exhausted);
        assert_eq!(component.len(), boards / 2);
        let mut reachable = 0;
        for start in all_boards(cells) {
            let instance: Instance = format!("{start}\n{goal}").parse().unwrap();
            let in_component = component.contains(&space.encode(instance.puzzle().start()));
            assert_eq!(instance.solvable(), in_component, "{start} -> {goal}");
            reachable += usize::from(in_component);
        }
        assert_eq!(reachable, boards / 2);
    }
}

#[test]
fn parity_matches_exhaustive_search_on_every_2x2_board() {
    parity_matches_exhaustive_search(2);
}

#[test]
fn parity_matches_exhaustive_search_on_every_3x3_board() {
    parity_matches_exhaustive_search(3);
}

fn board_3x3() -> impl Strategy<Value = String> {
    Just((0..9).collect::<Vec<usize>>())
        .prop_shuffle()
        .prop_map(|cells| {
            let line: Vec<String> = cells
                .iter()
                .map(|&t| if t == 0 { "b".into() } else { t.to_string() })
                .collect();
            line.join(" ")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Between any two boards, not only towards one of two goals: the search finds a path
    /// exactly when the parity rule says solvable.
    #[test]
    fn the_search_reaches_any_goal_exactly_when_parity_allows(
        start in board_3x3(),
        goal in board_3x3(),
    ) {
        let instance: Instance = format!("{start}\n{goal}").parse().unwrap();
        let options = Options { algo: Algo::Bibfs, ..Options::new(Limits::memory(1 << 30)) };
        let report = solvable::solve::solve(&instance, options, &mut |_| {}).unwrap();
        match report.answer {
            Answer::Solved { .. } => prop_assert!(instance.solvable()),
            Answer::Unsolvable(_) => prop_assert!(!instance.solvable()),
            Answer::GaveUp(limit) => prop_assert!(false, "gave up: {}", limit),
        }
    }
}
