//! The parity rule: a goal board is reachable from a start board exactly when both boards have
//! the same parity (Johnson & Story 1879; the assignment's tutorial states it).
//!
//! A board's disorder is the number of pairs of tiles out of order in row-major reading (the
//! blank skipped), plus on boards of even width the blank's row, counted from 1 at the top. The
//! pairs are counted while merge-sorting the tiles, in O(m log m) time for m tiles. (Walking the
//! permutation's cycles would give the parity in O(m), but its random reads miss the cache and
//! are slower on large boards.)
//!
//! Why it holds: a horizontal move keeps the reading order; a vertical one moves one tile past
//! the N - 1 tiles between its two cells, changing N - 1 pairs, and changes the blank's row by
//! one. With N odd the pair count changes by an even number; with N even, pair count and blank
//! row both change parity, so the sum keeps it. That the rule is also sufficient (each parity
//! class is connected) is checked exhaustively for 2x2 and 3x3 in tests/solvable.rs.

use super::TileBoard;

/// Whether a board's disorder is even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parity {
    /// Even disorder.
    Even,
    /// Odd disorder.
    Odd,
}

impl TileBoard {
    /// The board's disorder (see the module documentation), in O(N*N log N) time.
    pub fn disorder(&self) -> u64 {
        let tiles = self.cells.iter().copied().filter(|&t| t != 0).collect();
        let blank_row = if self.side.is_multiple_of(2) {
            (self.blank() / self.side + 1) as u64
        } else {
            0
        };
        inversions(tiles) + blank_row
    }

    /// Whether [`TileBoard::disorder`] is even or odd.
    pub fn parity(&self) -> Parity {
        if self.disorder().is_multiple_of(2) {
            Parity::Even
        } else {
            Parity::Odd
        }
    }
}

/// The number of pairs out of order in `tiles`, counted while merge-sorting them bottom-up:
/// whenever an element of a right run is taken before the rest of the left run, it was smaller
/// than each of them. The merge is branch-free, since the order of random tiles is unpredictable.
fn inversions(mut tiles: Vec<u32>) -> u64 {
    let len = tiles.len();
    let mut merged = vec![0; len];
    let mut count = 0;
    let mut width = 1;
    while width < len {
        for lo in (0..len).step_by(2 * width) {
            let mid = (lo + width).min(len);
            let hi = (lo + 2 * width).min(len);
            let (mut left, mut right) = (lo, mid);
            let mut out = lo;
            while left < mid && right < hi {
                let take_right = tiles[right] < tiles[left];
                merged[out] = if take_right {
                    tiles[right]
                } else {
                    tiles[left]
                };
                count += if take_right { (mid - left) as u64 } else { 0 };
                right += usize::from(take_right);
                left += usize::from(!take_right);
                out += 1;
            }
            merged[out..out + mid - left].copy_from_slice(&tiles[left..mid]);
            out += mid - left;
            merged[out..hi].copy_from_slice(&tiles[right..hi]);
        }
        std::mem::swap(&mut tiles, &mut merged);
        width *= 2;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition itself: for each tile, the smaller tiles after it; O(m^2).
    fn pairs_out_of_order(tiles: &[u32]) -> u64 {
        (0..tiles.len())
            .map(|i| tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count() as u64)
            .sum()
    }

    proptest! {
        #[test]
        fn merge_count_matches_the_definition(
            tiles in (0u32..200).prop_flat_map(|m| Just((1..=m).collect::<Vec<_>>()).prop_shuffle())
        ) {
            prop_assert_eq!(inversions(tiles.clone()), pairs_out_of_order(&tiles));
        }
    }

    #[test]
    fn tutorial_boards_have_the_tutorial_disorders() {
        let disorder = |line: &str| line.parse::<TileBoard>().unwrap().disorder();
        // 1 2 / 3 _: every tile in place, blank in row 2.
        assert_eq!(disorder("1 2 3 b"), 2);
        // 3 2 / _ 1: 2 + 1 + 0, blank in row 2.
        assert_eq!(disorder("3 2 b 1"), 5);
        // _ 1 / 3 2: 0 + 1 + 0, blank in row 1.
        assert_eq!(disorder("b 1 3 2"), 2);
        // 8 7 6 / 5 4 3 / 2 1 _: 7 + 6 + ... + 1, odd width.
        assert_eq!(disorder("8 7 6 5 4 3 2 1 b"), 28);
        assert_eq!(
            "3 2 b 1".parse::<TileBoard>().unwrap().parity(),
            Parity::Odd
        );
    }
}
