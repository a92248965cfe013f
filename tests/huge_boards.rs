//! Boards of up to a million cells: a board at its goal answers `Yes 0` whatever its size and
//! shape; a board whose answer would pass what a default run sets out to find, or whose answer
//! cannot fit the memory allowed, is refused at once with exit 3 and nothing on stdout; with
//! room, the same board is answered and the answer replays to the goal.

mod common;

use common::{Run, klotski};

/// A board of `rows` x `cols` 1x1 tiles at its goal, the blank last.
fn solved(rows: usize, cols: usize) -> String {
    let cells = rows * cols;
    let mut text = format!("{rows} {cols}\n");
    for row in 0..rows {
        let numbers: Vec<String> = (0..cols)
            .map(|col| row * cols + col + 1)
            .map(|n| if n == cells { 0 } else { n }.to_string())
            .collect();
        text.push_str(&numbers.join(" "));
        text.push('\n');
    }
    text + "0\n"
}

/// `klotski generate ARGS`: the board it prints.
fn generated(args: &[&str]) -> String {
    let run = klotski(&[&["generate"], args].concat(), b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
}

/// Plays the `x S` lines of a `Yes` answer on a board of 1x1 tiles (each line moves tile `x`
/// into the blank beside it) and says whether they end on the goal.
fn replays_to_goal(input: &str, stdout: &str) -> bool {
    let numbers: Vec<usize> = input
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let (rows, cols) = (numbers[0], numbers[1]);
    let mut grid = numbers[2..2 + rows * cols].to_vec();
    let mut at = vec![0; grid.len()];
    grid.iter().enumerate().for_each(|(cell, &n)| at[n] = cell);
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("Yes"));
    let count: usize = lines.next().unwrap().parse().unwrap();
    let mut made = 0;
    for line in lines {
        let (tile, dir) = line.split_once(' ').unwrap();
        let tile: usize = tile.parse().unwrap();
        let (cell, blank) = (at[tile], at[0]);
        let (r, c) = (cell / cols, cell % cols);
        let to = match dir {
            "L" if c > 0 => cell - 1,
            "R" if c + 1 < cols => cell + 1,
            "U" if r > 0 => cell - cols,
            "D" if r + 1 < rows => cell + cols,
            _ => return false,
        };
        if to != blank {
            return false;
        }
        grid.swap(cell, blank);
        (at[tile], at[0]) = (blank, cell);
        made += 1;
    }
    let goal = (0..grid.len()).all(|cell| grid[cell] == (cell + 1) % grid.len());
    made == count && goal
}

#[test]
fn a_board_of_a_million_cells_at_its_goal_needs_no_moves() {
    for (rows, cols) in [(1000, 1000), (1, 1_000_000), (1_000_000, 1)] {
        let run = klotski(&["terminal"], solved(rows, cols).as_bytes());
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (0, "Yes\n0\n", ""),
            "{rows}x{cols}"
        );
    }
}

/// Checks that `run` was refused by a limit (exit 3, nothing on stdout) for the reason `why`.
fn refused(run: &Run, why: &str) {
    assert_eq!((run.code, run.stdout.as_str()), (3, ""), "{}", run.stderr);
    assert!(run.stderr.contains(why), "{}", run.stderr);
}

#[test]
fn a_generated_board_of_a_million_cells_is_refused_at_once() {
    let board = generated(&["--size", "1000x1000", "--seed", "1"]);
    let run = klotski(&["terminal"], board.as_bytes());
    refused(&run, "more than the 2000000 moves this run's effort allows");
}

#[test]
fn a_board_whose_answer_cannot_fit_the_memory_is_refused_and_answered_with_room() {
    let board = generated(&["--size", "60x60", "--seed", "2"]);
    let run = klotski(&["terminal", "--max-memory", "2M"], board.as_bytes());
    refused(&run, "the memory limit of 2.0 MiB was reached");
    let run = klotski(&["terminal", "--max-memory", "64M"], board.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(replays_to_goal(&board, &run.stdout), "{}", run.stdout);
}
