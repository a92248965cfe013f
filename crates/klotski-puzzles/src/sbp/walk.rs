//! The assignment's random walk: pick one of the available moves at random, make it, normalise, until
//! the goal or N moves; seeded, so a walk can be replayed.

use super::board::SbpBoard;
use super::moves::BrickMove;

/// SplitMix64: a small, well-mixed generator; walks need reproducibility, not strength.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (> 0); the bias of a plain remainder is negligible for move counts.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Walks at most `steps` random moves from `board` with generator seed `seed`, stopping early
/// at the goal or where no move is possible: each move and the normalised board after it.
pub fn random_walk(board: &SbpBoard, steps: usize, seed: u64) -> Vec<(BrickMove, SbpBoard)> {
    let mut rng = SplitMix(seed);
    let mut board = board.clone();
    let mut walk = Vec::new();
    while walk.len() < steps && !board.is_done() {
        let moves = board.available_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        board.apply(mv).expect("an available move is legal");
        board = board.normalized();
        walk.push((mv, board.clone()));
    }
    walk
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_fixes_the_walk_and_every_step_is_legal() {
        let board: SbpBoard = "5,4,\n1,-1,-1,1,1,\n1,0,3,4,1,\n1,0,2,2,1,\n1,1,1,1,1,\n"
            .parse()
            .unwrap();
        let walk = random_walk(&board, 40, 7);
        assert_eq!(walk, random_walk(&board, 40, 7));
        let mut at = board.clone();
        for (mv, after) in &walk {
            assert!(at.available_moves().contains(mv));
            at.apply(*mv).unwrap();
            assert_eq!(at.normalized(), *after);
            at = after.clone();
        }
        assert!(walk.len() == 40 || at.is_done());
        assert!(random_walk(&board, 0, 7).is_empty());
    }
}
