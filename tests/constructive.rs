//! The constructive solver on every board shape from 2x2 to 8x8 with one to four blanks,
//! scrambled by seeded random walks from the goal; every answer is replayed on the engine.

use klotski::constructive;
use klotski::geometry::{Board, Shape};
use klotski::puzzle::{Piece, Puzzle};

/// splitmix64: a reproducible stream from a seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// The goal of a rows x cols board of 1x1 tiles with `blanks` blanks, walked `steps` random
/// moves away; returns the puzzle and its target.
fn scrambled(
    rows: usize,
    cols: usize,
    blanks: usize,
    steps: usize,
    seed: u64,
) -> (Puzzle, Vec<usize>) {
    let tiles = rows * cols - blanks;
    let pieces = (1..=tiles as u32)
        .map(|n| Piece {
            shape: Shape::UNIT,
            numbers: vec![n],
        })
        .collect();
    let target: Vec<usize> = (0..tiles).collect();
    let goal = Puzzle {
        board: Board::new(rows, cols),
        pieces,
        start: target.clone(),
    };
    let mut position = goal.start_position();
    let mut rng = Rng(seed);
    for _ in 0..steps {
        let moves = goal.legal_moves(&position);
        goal.apply(&mut position, moves[rng.below(moves.len())]);
    }
    (
        Puzzle {
            start: position.origins().to_vec(),
            ..goal
        },
        target,
    )
}

#[test]
fn every_shape_from_2x2_to_8x8_with_one_to_four_blanks() {
    for rows in 2..=8 {
        for cols in 2..=8 {
            for blanks in 1..=4.min(rows * cols - 2) {
                let seed = (rows * 100 + cols * 10 + blanks) as u64;
                let (puzzle, target) = scrambled(rows, cols, blanks, 2000, seed);
                let moves = constructive::solve(&puzzle, &target, None)
                    .unwrap_or_else(|e| panic!("{rows}x{cols} with {blanks} blanks: {e}"));
                let end = puzzle.replay(&moves).expect("legal moves");
                assert_eq!(end.origins(), target, "{rows}x{cols} with {blanks} blanks");
                let shorter = constructive::shorten(&puzzle, &moves);
                assert!(shorter.len() <= moves.len());
                assert_eq!(puzzle.replay(&shorter).unwrap().origins(), target);
            }
        }
    }
}
