//! `klotski tipover` end to end: exact output on the assignment's example, every printed tip replayed
//! by an independent checker, fewest-tips counts cross-checked by exhaustive search, and the
//! errors bad input gets.

use klotski::puzzles::tipover::{self, Tipover};
use klotski::search::{Limits, Outcome};
use proptest::prelude::*;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `klotski tipover` with `args` on `input`.
fn tipover(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_klotski"))
        .arg("tipover")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let written = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes());
    // A usage error ends the program before it reads its input.
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().expect("the binary finishes")
}

fn board_file(name: &str) -> String {
    let path = format!("{}/tests/tipover/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A board as the checker sees it: heights per cell, the tipper's cell and the goal's.
#[derive(Clone, Debug)]
struct Board {
    rows: usize,
    cols: usize,
    heights: Vec<u32>,
    tipper: usize,
    goal: usize,
}

impl Board {
    /// Reads the assignment format: `rows cols`, `row col`, rows of `.`, digits and `*`.
    fn from_seed(text: &str) -> Board {
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let size: Vec<usize> = lines[0]
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let start: Vec<usize> = lines[1]
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let (rows, cols) = (size[0], size[1]);
        let mut heights = Vec::new();
        let mut goal = 0;
        for line in &lines[2..2 + rows] {
            for symbol in line.trim_end().chars() {
                if symbol == '*' {
                    goal = heights.len();
                }
                heights.push(match symbol {
                    '.' => 0,
                    '*' => 1,
                    digit => digit.to_digit(10).unwrap(),
                });
            }
        }
        Board {
            rows,
            cols,
            heights,
            tipper: start[0] * cols + start[1],
            goal,
        }
    }

    /// Reads the grid format: `rows cols startRow startCol goalRow goalCol`, rows of heights.
    fn from_grid(text: &str) -> Board {
        let lines: Vec<&str> = text.lines().collect();
        let header: Vec<usize> = lines[0]
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let (rows, cols) = (header[0], header[1]);
        let heights = lines[1..=rows]
            .iter()
            .flat_map(|l| l.split_whitespace().map(|t| t.parse::<u32>().unwrap()))
            .collect();
        Board {
            rows,
            cols,
            heights,
            tipper: header[2] * cols + header[3],
            goal: header[4] * cols + header[5],
        }
    }

    /// The cells the tipper can walk to.
    fn walkable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.heights.len()];
        let mut todo = vec![self.tipper];
        seen[self.tipper] = true;
        while let Some(cell) = todo.pop() {
            let (r, c) = ((cell / self.cols) as i64, (cell % self.cols) as i64);
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                if let Some(next) = self.cell(r + dr, c + dc)
                    && self.heights[next] > 0
                    && !seen[next]
                {
                    seen[next] = true;
                    todo.push(next);
                }
            }
        }
        seen
    }

    fn cell(&self, r: i64, c: i64) -> Option<usize> {
        let inside = (0..self.rows as i64).contains(&r) && (0..self.cols as i64).contains(&c);
        inside.then(|| r as usize * self.cols + c as usize)
    }

    fn solved(&self) -> bool {
        self.walkable()[self.goal]
    }

    /// Walks to the stack on (`r`, `c`) and tips it by (`dr`, `dc`), by the assignment's rules.
    fn tip(&self, [r, c, dr, dc]: [i64; 4]) -> Result<Board, String> {
        let origin = self.cell(r, c).ok_or("the stack is off the board")?;
        if !self.walkable()[origin] {
            return Err("the tipper cannot walk to the stack".into());
        }
        if !matches!((dr, dc), (0, 1) | (0, -1) | (1, 0) | (-1, 0)) {
            return Err(format!("({dr}, {dc}) is not a direction"));
        }
        let height = self.heights[origin];
        if height < 2 || origin == self.goal {
            return Err("only a stack of two or more crates, not the target, tips".into());
        }
        let mut next = self.clone();
        next.heights[origin] = 0;
        for i in 1..=i64::from(height) {
            let cell = self
                .cell(r + dr * i, c + dc * i)
                .ok_or("the crates fall off the board")?;
            if self.heights[cell] != 0 {
                return Err("the crates fall on a crate".into());
            }
            next.heights[cell] = 1;
            next.tipper = cell;
        }
        Ok(next)
    }

    /// Every legal tip (`row col dr dc`).
    fn tips(&self) -> Vec<[i64; 4]> {
        let walkable = self.walkable();
        let mut tips = Vec::new();
        for cell in (0..self.heights.len()).filter(|&cell| walkable[cell]) {
            let (r, c) = ((cell / self.cols) as i64, (cell % self.cols) as i64);
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                if self.tip([r, c, dr, dc]).is_ok() {
                    tips.push([r, c, dr, dc]);
                }
            }
        }
        tips
    }

    /// Whether some sequence of at most `tips` tips reaches the goal (exhaustive search).
    fn solvable_within(&self, tips: usize) -> bool {
        self.solved()
            || tips > 0
                && self
                    .tips()
                    .into_iter()
                    .any(|t| self.tip(t).unwrap().solvable_within(tips - 1))
    }

    /// The stacks of two or more crates; each tip uses one up, so no solution is longer.
    fn stacks(&self) -> usize {
        self.heights.iter().filter(|&&h| h >= 2).count()
    }
}

/// Replays the printed tips on `board`; returns how many there were once they reach the goal.
fn replay(board: &Board, stdout: &[u8]) -> usize {
    let text = String::from_utf8(stdout.to_vec()).expect("the output is text");
    replay_text(board, &text)
}

fn replay_text(board: &Board, text: &str) -> usize {
    let mut board = board.clone();
    let mut count = 0;
    for line in text.lines() {
        let numbers: Vec<i64> = line.split(' ').map(|t| t.parse().unwrap()).collect();
        let tip: [i64; 4] = numbers.try_into().expect("four numbers per line");
        board = board
            .tip(tip)
            .unwrap_or_else(|e| panic!("tip {} ({line}): {e}", count + 1));
        count += 1;
    }
    assert!(board.solved(), "the tips do not reach the goal:\n{text}");
    count
}

#[test]
fn the_assignments_example_prints_exactly_its_three_tips() {
    // The format is the assignment's by default, by its name, and by its earlier name `seed`.
    for args in [&[][..], &["--format", "assignment"], &["--format", "seed"]] {
        let out = tipover(args, &board_file("seed-example.txt"));
        assert!(out.status.success(), "{args:?}: {out:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "3 1 -1 0\n0 1 0 1\n0 5 1 0\n"
        );
        assert!(out.stderr.is_empty());
    }
}

#[test]
fn every_public_board_gets_a_replayed_solution_with_the_fewest_tips() {
    // Fewest tips by the program's BFS; tipover-3 and -5 are one tip by hand (the start's crates
    // do not touch the goal's, and one tip down joins them), and the student BFS outputs beside
    // the data use 7 tips on tipover-7 and 6 on tipover-a (their BFS counts walks too).
    let fewest = [
        ("tipover-0.txt", 0),
        ("tipover-1.txt", 0),
        ("tipover-2.txt", 0),
        ("tipover-3.txt", 1),
        ("tipover-4.txt", 0),
        ("tipover-5.txt", 1),
        ("tipover-6.txt", 0),
        ("tipover-7.txt", 7),
        ("tipover-9.txt", 0),
        ("tipover-a.txt", 6),
    ];
    for (name, tips) in fewest {
        let text = board_file(name);
        let board = Board::from_grid(&text);
        let out = tipover(&["--format", "grid"], &text);
        assert!(out.status.success(), "{name}: {out:?}");
        assert_eq!(replay(&board, &out.stdout), tips, "{name}");
        if tips > 0 {
            assert!(
                !board.solvable_within(tips - 1),
                "{name}: fewer tips suffice"
            );
        }
    }
}

#[test]
fn the_board_its_notes_call_unsolvable_prints_nothing() {
    let text = board_file("tipover-8.txt");
    let board = Board::from_grid(&text);
    assert!(!board.solvable_within(board.stacks()));
    let out = tipover(&["--format", "grid"], &text);
    assert!(out.status.success(), "{out:?}");
    assert!(out.stdout.is_empty());
}

#[test]
fn the_benchmark_board_is_solved_in_nine_tips() {
    let text = board_file("bench-12x12.txt");
    let board = Board::from_seed(&text);
    assert_eq!((board.rows, board.cols, board.stacks()), (12, 12, 20));
    let out = tipover(&[], &text);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(replay(&board, &out.stdout), 9);
}

#[test]
fn the_unsolvable_benchmark_board_prints_nothing() {
    let text = board_file("bench-12x12-unsolvable.txt");
    let board = Board::from_seed(&text);
    assert_eq!((board.rows, board.cols, board.stacks()), (12, 12, 20));
    // Twenty stacks are beyond the checker's exhaustive search: this is the program's own
    // verdict, kept so a change that finds a "solution" here is caught by the replay.
    let out = tipover(&[], &text);
    assert!(out.status.success(), "{out:?}");
    if !out.stdout.is_empty() {
        replay(&board, &out.stdout);
    }
    assert!(out.stdout.is_empty());
}

#[test]
fn a_tipper_already_beside_the_target_prints_nothing() {
    let out = tipover(&[], "1 3\n0 0\n2*.\n");
    assert!(out.status.success(), "{out:?}");
    assert!(out.stdout.is_empty());
}

#[test]
fn both_formats_of_one_board_get_the_same_tips() {
    let seed = tipover(&[], &board_file("seed-example.txt"));
    let grid = "6 6 3 1 5 5\n0 3 0 0 0 4\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 2 0 0 0 0\n0 0 0 0 0 0\n\
                0 0 0 0 0 1\n";
    let out = tipover(&["--format", "grid"], grid);
    assert_eq!(out.stdout, seed.stdout);
}

#[test]
fn bad_input_is_one_error_line_and_exit_code_2() {
    let cases: [(&[&str], &str, &str); 11] = [
        (
            &[],
            "",
            "line 1: expected the board size, found the end of the input",
        ),
        (
            &[],
            "6\n",
            "line 1: expected rows and columns (2 numbers), found 1 tokens",
        ),
        (&[], "2 2\n0 0\n1*\n1x\n", "line 4: 'x' is not a cell"),
        (
            &[],
            "2 2\n0 0\n1*\n1\n",
            "line 4: row 1 has 1 cells, expected 2",
        ),
        (
            &[],
            "2 2\n0 0\n1.\n1.\n",
            "line 4: the grid has no target '*'",
        ),
        (
            &[],
            "2 2\n0 0\n1*\n*.\n",
            "line 4: a second target '*' (the first is on line 3)",
        ),
        (
            &[],
            "2 2\n0 1\n1.\n.*\n",
            "line 2: the tipper's start at row 0, column 1 is on an empty cell",
        ),
        (
            &[],
            "2 2\n2 0\n1*\n..\n",
            "line 2: the tipper's start at row 2, column 0 is off the 2 x 2 board",
        ),
        (
            &[],
            "2 2\n0 0\n1*\n..\n\n3\n",
            "line 6: unexpected '3' after the last of the header's rows",
        ),
        (
            &[],
            "17 16\n0 0\n",
            "line 3: expected row 0 of the grid (16 cells), found the end of the input",
        ),
        (
            &["--format", "grid"],
            "2 2 0 0 1 1\n1 0\n0 1\n0 0\n",
            "line 4: unexpected '0 0' after the last of the header's rows",
        ),
    ];
    for (args, input, message) in cases {
        let out = tipover(args, input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{input:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{input:?}");
        assert!(
            stderr.starts_with(&format!("error: {message}")),
            "{input:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{input:?}: {stderr}");
    }
}

#[test]
fn an_unknown_format_is_a_usage_error() {
    let out = tipover(&["--format", "rit"], "1 1\n0 0\n*\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: invalid value 'rit' for '--format <FORMAT>': 'rit' is not a Tipover format (assignment or grid) (see klotski --help)\n"
    );
}

/// A one-row board of `stacks` stacks of two crates three cells apart, the tipper on the first
/// and the target three cells past the last: tipping each stack right bridges to the next, the
/// only way on. With `gap`, the last gap is one cell wider than two crates can bridge.
fn corridor(stacks: usize, gap: bool) -> String {
    let mut row = "2..".repeat(stacks);
    if gap {
        row.push('.');
    }
    row.push('*');
    format!("1 {}\n0 0\n{row}\n", row.len())
}

#[test]
fn a_corridor_of_more_stacks_than_states_once_held_takes_one_tip_per_stack() {
    // 100 stacks on 301 cells: past the former limits of 64 stacks and 256 cells.
    let text = corridor(100, false);
    let out = tipover(&[], &text);
    assert!(out.status.success(), "{out:?}");
    let expected: String = (0..100).map(|i| format!("0 {} 0 1\n", 3 * i)).collect();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert_eq!(replay(&Board::from_seed(&text), &out.stdout), 100);
    let out = tipover(&[], &corridor(100, true));
    assert!(out.status.success(), "{out:?}");
    assert!(out.stdout.is_empty(), "one gap is too wide");
}

#[test]
fn a_game_tree_as_deep_as_the_seed_allows_is_searched_to_its_end() {
    // The assignment promises trees less than 2,500 tips high: 2,499 forced tips on 7,498 cells.
    let text = corridor(2_499, false);
    let out = tipover(&[], &text);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(replay(&Board::from_seed(&text), &out.stdout), 2_499);
}

#[test]
fn the_seed_example_among_a_hundred_stacks_out_of_reach_gets_its_three_tips() {
    // The example's 6 x 6 board on top of 44 more rows: two empty, then 126 stacks the tipper
    // can never reach (no fall of the example's stacks leaves its first six rows).
    let example = board_file("seed-example.txt");
    let rows: Vec<&str> = example.lines().skip(2).collect();
    let mut text = format!("50 6\n3 1\n{}\n......\n......\n", rows.join("\n"));
    for r in 8..50 {
        let row: String = (0..6)
            .map(|c| if (r + c) % 2 == 0 { '2' } else { '.' })
            .collect();
        text += &format!("{row}\n");
    }
    let board = Board::from_seed(&text);
    assert_eq!((board.rows * board.cols, board.stacks()), (300, 129));
    let out = tipover(&[], &text);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "3 1 -1 0\n0 1 0 1\n0 5 1 0\n"
    );
}

#[test]
fn a_board_that_needs_more_memory_than_allowed_exits_3() {
    // A million cells need tens of megabytes of tables: refused before any is allocated.
    let mut huge = String::from("1000 1000\n0 0\n");
    for r in 0..1000 {
        let row = if r == 999 {
            ".".repeat(999) + "*"
        } else {
            "1".repeat(1000)
        };
        huge += &format!("{row}\n");
    }
    // The search itself outgrowing the limit: the unsolvable benchmark board needs 6.6 MiB.
    let slow = board_file("bench-12x12-unsolvable.txt");
    for (input, limit, shown) in [(&huge, "4M", "4.0 MiB"), (&slow, "2M", "2.0 MiB")] {
        let out = tipover(&["--max-memory", limit], input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{limit}: {stderr}");
        assert!(out.stdout.is_empty());
        assert_eq!(
            stderr,
            format!("klotski: no answer: the memory limit of {shown} was reached\n")
        );
    }
}

/// A seed-format board of 2x2 to 5x5 cells with at most six stacks.
fn small_board() -> impl Strategy<Value = String> {
    let height = prop_oneof![5 => Just('.'), 4 => Just('1'), 1 => Just('2'), 1 => Just('3')];
    (2usize..=5, 2usize..=5)
        .prop_flat_map(move |(rows, cols)| {
            let cells = rows * cols;
            (
                Just((rows, cols)),
                prop::collection::vec(height.clone(), cells),
                0..cells,
                0..cells,
            )
        })
        .prop_map(|((rows, cols), mut grid, start, goal)| {
            if grid[start] == '.' {
                grid[start] = '1';
            }
            grid[goal] = '*';
            let rows_text: Vec<String> = grid.chunks(cols).map(String::from_iter).collect();
            format!(
                "{rows} {cols}\n{} {}\n{}\n",
                start / cols,
                start % cols,
                rows_text.join("\n")
            )
        })
        .prop_filter("at most six stacks", |text| {
            text.lines()
                .skip(2)
                .flat_map(str::chars)
                .filter(|c| *c == '2' || *c == '3')
                .count()
                <= 6
        })
}

proptest! {
    #[test]
    fn the_search_finds_the_fewest_tips_that_exhaustive_search_finds(text in small_board()) {
        let puzzle: Tipover = text.parse().expect("the generated board parses");
        let board = Board::from_seed(&text);
        match tipover::solve(&puzzle, Limits::memory(1 << 30)).outcome {
            Outcome::Found(tips) => {
                let lines: String = tips.iter().map(|tip| format!("{tip}\n")).collect();
                let count = replay_text(&board, &lines);
                prop_assert_eq!(count, tips.len());
                prop_assert!(count == 0 || !board.solvable_within(count - 1), "fewer tips suffice");
            }
            Outcome::Exhausted => prop_assert!(!board.solvable_within(board.stacks())),
            Outcome::Stopped(stop) => prop_assert!(false, "stopped: {stop:?}"),
        }
    }
}
