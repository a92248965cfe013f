//! What the constructive solver gives on big one-blank boards: the moves against the
//! sum-of-Manhattan lower bound (the portfolio's constructive path: solve, loop removal, local
//! shortening) on random-walk boards from `klotski generate`, and how soon the first move of a
//! 100x100 board streams out (what `klotski gui` starts playing). Every answer is replayed.
//!
//! `cargo bench --bench constructive` (add `-- ratio` or `-- first` for one part); it prints
//! one line per board and the median ratio per size.

use klotski::engine::puzzle::Puzzle;
use klotski::puzzles::numeric::generate::{BlockCounts, Method, Size, Spec, generate};
use klotski::search::Limits;
use klotski::solve::{Algo, Answer, Options, constructive, solve_puzzle};
use std::time::Instant;

/// The options of these runs: the constructive path, a gigabyte, no cache.
fn options() -> Options {
    Options {
        limits: Limits::memory(1 << 30),
        algo: Algo::Constructive,
        cache: None,
        effort: 1,
    }
}

/// A size x size board with one blank, `20 x cells` random moves from the goal, and its target.
fn board(size: usize, seed: u64) -> (Puzzle, Vec<usize>) {
    let spec = Spec {
        size: Size {
            rows: size,
            cols: size,
        },
        blanks: 1,
        blocks: BlockCounts::default(),
        method: Method::Walk(20 * size * size),
        unsolvable: false,
    };
    let numeric = generate(&spec, seed, options()).expect("a walk always generates");
    let puzzle = numeric.puzzle();
    let target = numeric.target(&puzzle).expect("a walk is solvable");
    (puzzle, target)
}

/// The sum of every piece's Manhattan distance to its target: no solution is shorter.
fn manhattan(puzzle: &Puzzle, target: &[usize]) -> usize {
    (puzzle.start().iter().zip(target))
        .map(|(&a, &b)| {
            let ((ra, ca), (rb, cb)) = (puzzle.board().row_col(a), puzzle.board().row_col(b));
            ra.abs_diff(rb) + ca.abs_diff(cb)
        })
        .sum()
}

fn ratio() {
    for (size, seeds) in [(10, 9), (20, 5), (50, 5), (100, 3)] {
        let mut ratios = Vec::new();
        for seed in 0..seeds {
            let (puzzle, target) = board(size, seed);
            let bound = manhattan(&puzzle, &target);
            let began = Instant::now();
            let report = solve_puzzle(&problem(&puzzle, &target), options(), &mut |_| {}).unwrap();
            let took = began.elapsed();
            let Answer::Solved { moves, .. } = report.answer else {
                panic!("{size}x{size} seed {seed}: {:?}", report.answer);
            };
            assert_eq!(puzzle.replay(&moves).unwrap().origins(), target);
            let ratio = moves.len() as f64 / bound as f64;
            println!(
                "{size}x{size} seed {seed}: {took:.2?}, {} moves, bound {bound}, ratio {ratio:.2}",
                moves.len()
            );
            ratios.push(ratio);
        }
        ratios.sort_by(f64::total_cmp);
        let median = ratios[ratios.len() / 2];
        println!("{size}x{size}: median ratio {median:.2}");
    }
}

fn first_streamed_move() {
    let (puzzle, target) = board(100, 100);
    let began = Instant::now();
    let mut first = None;
    let mut moves = Vec::new();
    constructive::solve_streaming(&puzzle, &target, &options().limits, &mut |mv| {
        first.get_or_insert_with(|| began.elapsed());
        moves.push(mv);
    })
    .unwrap();
    let all = began.elapsed();
    assert_eq!(puzzle.replay(&moves).unwrap().origins(), target);
    let first = first.expect("a scrambled board needs moves");
    println!(
        "100x100: first move after {first:?}, {} moves in {all:?}",
        moves.len()
    );
}

fn main() {
    let wanted = |part: &str| {
        let parts: Vec<String> = std::env::args()
            .skip(1)
            .filter(|a| a != "--bench")
            .collect();
        parts.is_empty() || parts.iter().any(|p| p == part)
    };
    if wanted("ratio") {
        ratio();
    }
    if wanted("first") {
        first_streamed_move();
    }
}

/// `puzzle` with the goal placement `target`.
fn problem(puzzle: &klotski::Puzzle, target: &[usize]) -> klotski::engine::Problem {
    let goal = klotski::engine::Goal::Placement(target.to_vec());
    klotski::engine::Problem::new(puzzle.clone(), goal).expect("a position and its goal")
}
