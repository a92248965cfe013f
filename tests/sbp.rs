//! `klotski sbp` end to end: the assignment's example outputs byte for byte, golden transcripts of
//! every command on every board of both data copies, solver lengths against the independently
//! computed optima, every printed solution replayed by a checker written apart from the crate,
//! the errors bad input gets, and the engine puzzle the GUI plays.

mod common;

use common::{Run, klotski};
use klotski::puzzles::sbp::{self, SbpBoard};
use klotski::search::{Limits, Outcome};
use std::path::{Path, PathBuf};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sbp")
        .join(rel)
}

fn board(copy: &str, name: &str) -> String {
    data(&format!("boards/{copy}/{name}")).display().to_string()
}

fn sbp_ok(args: &[&str]) -> String {
    let mut all = vec!["sbp"];
    all.extend_from_slice(args);
    let run = klotski(&all, b"");
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    assert!(run.stderr.is_empty(), "{args:?}: {}", run.stderr);
    run.stdout
}

fn sbp_err(args: &[&str]) -> Run {
    let mut all = vec!["sbp"];
    all.extend_from_slice(args);
    klotski(&all, b"")
}

const LEVEL0: &str = "5,4,\n1,-1,-1, 1, 1,\n1, 0, 3, 4, 1,\n1, 0, 2, 2, 1,\n1, 1, 1, 1, 1,\n";

#[test]
fn the_seeds_examples_byte_for_byte() {
    let l = |name| board("LRParser", name);
    assert_eq!(sbp_ok(&["print", &l("SBP-level0.txt")]), LEVEL0);
    assert_eq!(
        sbp_ok(&["print", &l("SBP-level1.txt")]),
        "5,5,\n1, 1, 1, 1, 1,\n1, 3, 2, 2, 1,\n1, 0, 4, 5, 1,\n-1, 0, 6, 7, 1,\n1, 1, 1, 1, 1,\n"
    );
    assert_eq!(
        sbp_ok(&["print", &l("SBP-level2.txt")]),
        "6,5,\n1, 1, 1, 1, 1, 1,\n1, 0, 3, 2, 2, 1,\n1, 0, 3, 4, 5, 1,\n\
         -1, 6, 6, 7, 8, 1,\n1, 1, 1, 1, 1, 1,\n"
    );
    // The assignment's "SBP-level11" examples are level 1's board.
    assert_eq!(
        sbp_ok(&["availableMoves", &l("SBP-level1.txt")]),
        "(3, down)\n(4, left)\n(6, left)\n"
    );
    assert_eq!(
        sbp_ok(&["applyMove", &l("SBP-level1.txt"), "(3,down)"]),
        "5,5,\n1, 1, 1, 1, 1,\n1, 0, 2, 2, 1,\n1, 3, 4, 5, 1,\n-1, 0, 6, 7, 1,\n1, 1, 1, 1, 1,\n"
    );
    let norm = "6,8,\n1, 1, 1, 1, 1, 1,\n1, 3, 2, 2, 4, 1,\n1, 5, 2, 2, 6, 1,\n\
                1, 7, 7, 8, 8, 1,\n1, 9, 9,10,10, 1,\n1, 0, 0, 0, 0, 1,\n1, 0, 0, 0, 0, 1,\n\
                1, 1,-1,-1, 1, 1,\n";
    for copy in ["LRParser", "preston-g-bied"] {
        let file = board(copy, "SBP-test-not-normalized.txt");
        assert_eq!(sbp_ok(&["norm", &file]), norm, "{copy}");
    }
    let p = |name| board("preston-g-bied", name);
    assert_eq!(sbp_ok(&["done", &p("SBP-level0.txt")]), "False\n");
    assert_eq!(sbp_ok(&["done", &p("SBP-level0-solved.txt")]), "True\n");
    let (level0, test) = (p("SBP-level0.txt"), p("SBP-level0-test.txt"));
    assert_eq!(sbp_ok(&["compare", &level0, &test]), "False\n");
    assert_eq!(sbp_ok(&["compare", &level0, &level0]), "True\n");
    // The two copies differ only in trailing commas: the same board.
    assert_eq!(
        sbp_ok(&["compare", &level0, &l("SBP-level0.txt")]),
        "True\n"
    );
}

/// The boards of one copy, sorted by name.
fn boards(copy: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(data(&format!("boards/{copy}")))
        .expect("the copy's folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .into_string()
                .expect("UTF-8")
        })
        .collect();
    names.sort();
    names
}

/// A solver's output with its time line (the second to last) masked.
fn mask_time(out: &str) -> String {
    let mut lines: Vec<&str> = out.lines().collect();
    let n = lines.len();
    assert!(n >= 3, "a solver prints nodes, time and length: {out}");
    let time = lines[n - 2];
    assert!(
        time.split_once('.')
            .is_some_and(|(s, ms)| s.parse::<u64>().is_ok()
                && ms.len() == 3
                && ms.parse::<u64>().is_ok()),
        "time line '{time}'"
    );
    lines[n - 2] = "<time>";
    lines.join("\n") + "\n"
}

/// Every command's output on one board, as one transcript.
fn transcript(copy: &str, name: &str) -> String {
    let file = board(copy, name);
    let other = board(copy, "SBP-level0.txt");
    let first_move = sbp_ok(&["availableMoves", &file])
        .lines()
        .next()
        .map(str::to_string);
    let mut commands: Vec<Vec<&str>> = vec![
        vec!["print", &file],
        vec!["done", &file],
        vec!["availableMoves", &file],
        vec!["norm", &file],
        vec!["compare", &file, &file],
        vec!["compare", &file, &other],
        vec!["random", &file, "6", "--seed", "380"],
    ];
    if let Some(mv) = &first_move {
        commands.push(vec!["applyMove", &file, mv]);
    }
    // The last board has 659 639 states: its solvers are checked for length below, and its
    // depth-first solution runs to 158 469 moves.
    if name != "SBP-test-not-normalized.txt" {
        for solver in ["bfs", "dfs", "ids", "astar"] {
            commands.push(vec![solver, &file]);
        }
    }
    let mut text = String::new();
    for args in commands {
        let out = sbp_ok(&args);
        let out = match args[0] {
            "bfs" | "dfs" | "ids" | "astar" => mask_time(&out),
            _ => out,
        };
        let shown: Vec<String> = (args.iter())
            .map(|a| a.replace(&file, name).replace(&other, "SBP-level0.txt"))
            .collect();
        text += &format!("$ klotski sbp {}\n{out}", shown.join(" "));
    }
    text
}

/// Golden transcripts; `SBP_BLESS=1 cargo test --test sbp` rewrites them after a reviewed change.
#[test]
fn every_command_on_every_board_matches_its_golden_transcript() {
    let bless = std::env::var_os("SBP_BLESS").is_some();
    for copy in ["LRParser", "preston-g-bied"] {
        for name in boards(copy) {
            let got = transcript(copy, &name);
            let golden = data(&format!("golden/{copy}/{name}"));
            if bless {
                std::fs::create_dir_all(golden.parent().expect("a folder")).expect("mkdir");
                std::fs::write(&golden, &got).expect("write golden");
                continue;
            }
            let want = std::fs::read_to_string(&golden)
                .unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
            if got != want {
                let line = (got.lines().zip(want.lines()))
                    .position(|(a, b)| a != b)
                    .unwrap_or(got.lines().count().min(want.lines().count()));
                panic!(
                    "{copy}/{name} differs from {} at line {}:\n got: {:?}\nwant: {:?}",
                    golden.display(),
                    line + 1,
                    got.lines().nth(line),
                    want.lines().nth(line)
                );
            }
        }
    }
}

/// An independent model of the rules: the matrix, moves by brick number, normal form.
#[derive(Clone, Debug, PartialEq)]
struct Matrix {
    w: usize,
    h: usize,
    v: Vec<i32>,
    goals: Vec<bool>,
}

impl Matrix {
    fn read(text: &str) -> Matrix {
        let rows: Vec<Vec<i32>> = (text.lines().filter(|l| !l.trim().is_empty()))
            .map(|l| {
                (l.split(',').map(str::trim).filter(|t| !t.is_empty()))
                    .map(|t| t.parse().unwrap())
                    .collect()
            })
            .collect();
        let (w, h) = (rows[0][0] as usize, rows[0][1] as usize);
        let v: Vec<i32> = rows[1..=h].concat();
        let goals = v.iter().map(|&x| x == -1).collect();
        Matrix { w, h, v, goals }
    }

    /// Slides brick `n` one cell; panics when the move is illegal.
    fn slide(&mut self, n: i32, dr: isize, dc: isize) {
        let cells: Vec<usize> = (0..self.v.len()).filter(|&i| self.v[i] == n).collect();
        assert!(!cells.is_empty(), "no brick {n}");
        let target = |i: usize| {
            let (r, c) = ((i / self.w) as isize + dr, (i % self.w) as isize + dc);
            assert!((0..self.h as isize).contains(&r) && (0..self.w as isize).contains(&c));
            r as usize * self.w + c as usize
        };
        for &i in &cells {
            let t = target(i);
            let free = self.v[t] == 0 || self.v[t] == n || (self.v[t] == -1 && n == 2);
            assert!(free, "brick {n} runs into {} at cell {t}", self.v[t]);
        }
        for &i in &cells {
            self.v[i] = if self.goals[i] { -1 } else { 0 };
        }
        for &i in &cells {
            self.v[target(i)] = n;
        }
    }

    fn normalize(&mut self) {
        let mut next = 3;
        for i in 0..self.v.len() {
            let x = self.v[i];
            if x == next {
                next += 1;
            } else if x > next {
                for y in self.v.iter_mut() {
                    if *y == next {
                        *y = x;
                    } else if *y == x {
                        *y = next;
                    }
                }
                next += 1;
            }
        }
    }

    fn solved(&self) -> bool {
        !self.v.contains(&-1)
    }
}

/// Checks a solver's output on `file`: every move legal from the start (normalising after each),
/// the printed board the one reached, solved, and the printed length the number of moves.
/// Returns (length, nodes).
fn check_solution(file: &str, out: &str) -> (usize, u64) {
    let mut m = Matrix::read(&std::fs::read_to_string(file).unwrap());
    let lines: Vec<&str> = out.lines().collect();
    let blank = lines
        .iter()
        .position(|l| l.is_empty())
        .expect("a blank line");
    for mv in &lines[..blank] {
        let inner = mv
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .unwrap();
        let (n, dir) = inner.split_once(',').unwrap();
        let (dr, dc) = match dir {
            "up" => (-1, 0),
            "down" => (1, 0),
            "left" => (0, -1),
            "right" => (0, 1),
            other => panic!("direction {other}"),
        };
        m.slide(n.parse().unwrap(), dr, dc);
        m.normalize();
    }
    let n = lines.len();
    let printed = Matrix::read(&lines[blank + 1..n - 3].join("\n"));
    assert_eq!(printed.v, m.v, "{file}: the printed final board");
    assert!(m.solved(), "{file}: not solved");
    assert_eq!(
        lines[n - 1].parse::<usize>().unwrap(),
        blank,
        "{file}: length line"
    );
    (blank, lines[n - 3].parse().unwrap())
}

/// `computed_optimal.txt`: (file, optimal length) per level.
fn optima() -> Vec<(String, usize)> {
    let text = std::fs::read_to_string(data("computed_optimal.txt")).unwrap();
    (text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty()))
    .map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        (f[0].to_string(), f[3].parse().unwrap())
    })
    .collect()
}

#[test]
fn optimal_solvers_match_the_computed_optima_and_astar_expands_less() {
    let optima = optima();
    assert_eq!(optima.len(), 16);
    for (name, optimal) in optima {
        let file = board("LRParser", &name);
        let mut nodes = Vec::new();
        for solver in ["bfs", "ids", "astar"] {
            let (length, expanded) = check_solution(&file, &sbp_ok(&[solver, &file]));
            assert_eq!(length, optimal, "{solver} on {name}");
            nodes.push(expanded);
        }
        assert!(
            nodes[2] <= nodes[0],
            "{name}: astar {} > bfs {}",
            nodes[2],
            nodes[0]
        );
        let (length, _) = check_solution(&file, &sbp_ok(&["dfs", &file]));
        assert!(length >= optimal, "dfs on {name}");
    }
}

#[test]
fn the_same_seed_gives_the_same_walk_and_every_step_is_legal() {
    let file = board("LRParser", "SBP-bricks-level7.txt");
    let walk = sbp_ok(&["random", &file, "30", "--seed", "7"]);
    assert_eq!(walk, sbp_ok(&["random", &file, "30", "--seed", "7"]));
    let blocks: Vec<&str> = walk.split("\n\n").collect();
    assert_eq!(
        blocks.len(),
        61,
        "the board, then a move and a board per step"
    );
    let mut m = Matrix::read(blocks[0]);
    for pair in blocks[1..].chunks(2) {
        let (n, dir) = (pair[0].trim_matches(['(', ')'])).split_once(", ").unwrap();
        let (dr, dc) = match dir {
            "up" => (-1, 0),
            "down" => (1, 0),
            "left" => (0, -1),
            _ => (0, if dir == "right" { 1 } else { panic!("{dir}") }),
        };
        m.slide(n.parse().unwrap(), dr, dc);
        m.normalize();
        assert_eq!(Matrix::read(pair[1]).v, m.v);
    }
    // A walk stops early at the goal; this board is one move from it.
    let short = sbp_ok(&[
        "random",
        &board("LRParser", "SBP-1move.txt"),
        "50",
        "--seed",
        "1",
    ]);
    let last = Matrix::read(short.rsplit("\n\n").next().unwrap());
    assert!(last.solved() || short.split("\n\n").count() == 101);
}

#[test]
fn bad_input_is_one_error_line_and_exit_2() {
    let dir = std::env::temp_dir().join(format!("klotski-sbp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "counts.txt",
            "3,2,\n1,2,2,\n1,0,\n",
            "line 3: expected 3 values, found 2",
        ),
        (
            "rows.txt",
            "3,3,\n1,2,2,\n1,0,0,\n",
            "expected 3 rows, found 2",
        ),
        (
            "size.txt",
            "3;2\n",
            "line 1: expected 'w,h,' (two positive integers), got '3;2'",
        ),
        (
            "value.txt",
            "2,1,\n2,x,\n",
            "line 2: 'x' is not a cell value",
        ),
        (
            "shape.txt",
            "3,2,\n2,2,3,\n3,0,3,\n",
            "brick 3 is not one filled rectangle",
        ),
        (
            "master.txt",
            "2,1,\n3,0,\n",
            "no master brick (no cell holds 2)",
        ),
    ];
    for (name, text, message) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let path = path.display().to_string();
        for command in ["print", "bfs"] {
            let run = sbp_err(&[command, &path]);
            assert_eq!(run.code, 2, "{name}");
            assert!(run.stdout.is_empty(), "{name}: {}", run.stdout);
            assert_eq!(run.stderr.lines().count(), 1, "{name}: {}", run.stderr);
            assert!(
                run.stderr.starts_with(&format!("error: {path}: {message}")),
                "{name}: {}",
                run.stderr
            );
        }
    }
    let level0 = board("LRParser", "SBP-level0.txt");
    let errors = [
        (
            vec!["applyMove", &level0, "(3,up)"],
            "brick 3 cannot move up",
        ),
        (vec!["applyMove", &level0, "(9,up)"], "there is no brick 9"),
        (vec!["applyMove", &level0, "3 up"], "'3 up' is not a move"),
        (
            vec!["random", &level0, "many"],
            "random takes a number of moves",
        ),
        (
            vec!["print"],
            "required arguments were not provided: <FILE>",
        ),
        (
            vec!["applyMoves", &level0],
            "required arguments were not provided: <MOVES>",
        ),
        (
            vec!["applyMoves", &level0, "(2,left)", "(3,up)"],
            "move 2 of 2: brick 3 cannot move up",
        ),
        (
            vec!["applyMoves", &level0, "(2,left) 3 up"],
            "'(2,left) 3 up' is not a move",
        ),
        (vec!["solve", &level0], "unrecognized subcommand 'solve'"),
        (vec!["print", "/no/such/file"], "/no/such/file: "),
    ];
    for (args, message) in errors {
        let run = sbp_err(&args);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn apply_moves_makes_each_move_in_turn_as_apply_move_does() {
    let level1 = board("LRParser", "SBP-level1.txt");
    // The assignment's applyMove example, through applyMoves.
    assert_eq!(
        sbp_ok(&["applyMoves", &level1, "(3,down)"]),
        sbp_ok(&["applyMove", &level1, "(3,down)"])
    );
    // Three moves, one argument each or together: the board applyMove reaches one at a time.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sbp_apply_moves");
    std::fs::create_dir_all(&dir).unwrap();
    let mut file = level1.clone();
    for (i, mv) in ["(4,left)", "(6,left)", "(5,left)"].into_iter().enumerate() {
        let next = dir.join(format!("after_{i}.txt")).display().to_string();
        std::fs::write(&next, sbp_ok(&["applyMove", &file, mv])).unwrap();
        file = next;
    }
    let expected = sbp_ok(&["print", &file]);
    assert_eq!(
        expected,
        "5,5,\n1, 1, 1, 1, 1,\n1, 3, 2, 2, 1,\n1, 4, 5, 0, 1,\n-1, 6, 0, 7, 1,\n1, 1, 1, 1, 1,\n"
    );
    let separate = ["applyMoves", &level1, "(4,left)", "(6,left)", "(5,left)"];
    assert_eq!(sbp_ok(&separate), expected);
    let together = ["applyMoves", &level1, "(4,left), (6, left) (5,left)"];
    assert_eq!(sbp_ok(&together), expected);
}

#[test]
fn a_memory_limit_stops_a_solver() {
    let file = board("LRParser", "SBP-bricks-level7.txt");
    let run = klotski(&["sbp", "bfs", &file, "--max-memory", "4096"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (3, ""));
    assert!(
        run.stderr
            .starts_with("error: bfs stopped at the memory limit (4096 bytes) after "),
        "{}",
        run.stderr
    );
}

#[test]
fn the_engine_puzzle_replays_the_solution_onto_the_goal() {
    for (name, optimal) in [("SBP-level1.txt", 16), ("SBP-bricks-level7.txt", 117)] {
        let text = std::fs::read_to_string(board("LRParser", name)).unwrap();
        let start: SbpBoard = text.parse().unwrap();
        let (problem, moves) = sbp::engine_solution(&start, Limits::memory(1 << 30)).unwrap();
        assert_eq!(moves.len(), optimal, "{name}");
        let puzzle = problem.puzzle();
        let klotski::engine::Goal::Cover {
            master,
            cells: goals,
        } = problem.goal().clone()
        else {
            panic!("{name}: a brick puzzle's goal is its master over the goal cells");
        };
        assert_eq!(puzzle.pieces()[master].numbers[0], 2);
        let end = puzzle.replay(&moves).expect("the moves replay");
        // The master brick covers every goal cell; no other piece ever stood on one.
        let shape = puzzle.pieces()[master].shape;
        let covered: Vec<usize> = (puzzle.board())
            .footprint(shape, end.origins()[master])
            .collect();
        assert!(!goals.is_empty());
        assert!(goals.iter().all(|g| covered.contains(g)), "{name}");
        assert!(problem.verify(&moves).is_ok(), "{name}");
        let mut position = problem.start_position();
        for &mv in &moves {
            puzzle.apply(&mut position, mv);
            for &g in &goals {
                let on = position.at(g);
                assert!(
                    matches!(on, klotski::engine::puzzle::Cell::Empty)
                        || on == klotski::engine::puzzle::Cell::Piece(master),
                    "{name}: a brick other than the master on goal cell {g}"
                );
            }
        }
        // Walls are the board's `1` cells; goal cells are not walls.
        let walls = (0..puzzle.board().cells()).filter(|&c| puzzle.board().is_wall(c));
        let ones = text
            .lines()
            .skip(1)
            .flat_map(|l| l.split(','))
            .filter(|t| t.trim() == "1");
        assert_eq!(walls.count(), ones.count());
    }
    let unsolvable: SbpBoard = "3,1,\n-1,3,2,\n".parse().unwrap();
    assert_eq!(
        sbp::engine_solution(&unsolvable, Limits::memory(1 << 20)),
        Err(sbp::as_problem::SolutionError::NoSolution)
    );
    let (found, _) = sbp::solve(&unsolvable, sbp::Algo::Ids, Limits::memory(1 << 20)).unwrap();
    assert_eq!(found.outcome, Outcome::Exhausted);
}

#[test]
fn an_unsolvable_board_says_so() {
    // Brick 3 may not enter the goal and the master cannot pass it.
    let path = std::env::temp_dir().join(format!("klotski-sbp-stuck-{}.txt", std::process::id()));
    std::fs::write(&path, "3,1,\n-1,3,2,\n").unwrap();
    let file = path.display().to_string();
    assert_eq!(sbp_ok(&["availableMoves", &file]), "");
    for solver in ["bfs", "dfs", "ids", "astar"] {
        let out = sbp_ok(&[solver, &file]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[..2], ["No solution", ""], "{solver}");
        assert_eq!(lines.len(), 4, "{solver}: {out}");
        assert!(lines[2].parse::<u64>().unwrap() <= 1, "{solver}: {out}");
    }
    std::fs::remove_file(&path).unwrap();
}
