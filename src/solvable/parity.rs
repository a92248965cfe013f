//! The parity rule: a goal board is reachable from a start board exactly when both boards have
//! the same parity (Johnson & Story 1879; the assignment's tutorial states it).
//!
//! A board's disorder is the number of pairs of tiles out of order in row-major reading, plus on
//! boards of even width the blank's row (1-based). Only its parity matters, and the parity of
//! the number of out-of-order pairs is the sign of the permutation the tiles form, which its
//! cycles give in one pass: a permutation of m items with c cycles is a product of m - c
//! swaps. So the verdict takes O(N*N) time, a 1000x1000 board included.
//!
//! Why it holds: a horizontal move keeps the reading order; a vertical one moves one tile past
//! the N - 1 tiles between its two cells, changing N - 1 pairs, and changes the blank's row by
//! one. With N odd the pair count changes by an even number; with N even, pair count and blank
//! row both change parity, so the sum keeps it. Exactly half of all boards are reachable from
//! any board (checked exhaustively for 2x2 and 3x3 in tests/solvable.rs).

use super::TileBoard;

/// Whether a board's disorder is even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parity {
    /// Even disorder.
    Even,
    /// Odd disorder.
    Odd,
}

impl Parity {
    fn of(odd: bool) -> Parity {
        if odd { Parity::Odd } else { Parity::Even }
    }
}

impl TileBoard {
    /// The parity of the board's disorder (see the module documentation), in O(N*N) time.
    pub fn parity(&self) -> Parity {
        let tiles: Vec<usize> = self.cells.iter().copied().filter(|&t| t != 0).collect();
        let odd_permutation = swaps_parity(&tiles);
        let blank_row_odd = self.side % 2 == 0 && (self.blank() / self.side + 1) % 2 == 1;
        Parity::of(odd_permutation != blank_row_odd)
    }
}

/// Whether `tiles`, a permutation of 1..=len, is odd (has an odd number of out-of-order pairs).
fn swaps_parity(tiles: &[usize]) -> bool {
    let mut visited = vec![false; tiles.len()];
    let mut cycles = 0;
    for first in 0..tiles.len() {
        if visited[first] {
            continue;
        }
        cycles += 1;
        let mut at = first;
        while !visited[at] {
            visited[at] = true;
            at = tiles[at] - 1;
        }
    }
    (tiles.len() - cycles) % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition itself: count every out-of-order pair, O(m^2).
    fn disorder(tiles: &[usize]) -> usize {
        (0..tiles.len())
            .map(|i| tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count())
            .sum()
    }

    proptest! {
        #[test]
        fn cycle_parity_is_the_parity_of_the_disorder(
            tiles in (1usize..60).prop_flat_map(|m| Just((1..=m).collect::<Vec<_>>()).prop_shuffle())
        ) {
            prop_assert_eq!(swaps_parity(&tiles), disorder(&tiles) % 2 == 1);
        }
    }

    #[test]
    fn tutorial_boards_have_the_tutorial_parities() {
        let parity = |line: &str| line.parse::<TileBoard>().unwrap().parity();
        // 1 2 / 3 _: disorder 0, blank in row 2.
        assert_eq!(parity("1 2 3 b"), Parity::Even);
        // 3 2 / _ 1: disorder 2 + 1 + 0, blank in row 2: 5.
        assert_eq!(parity("3 2 b 1"), Parity::Odd);
        // 1 _ / 3 2: disorder 1, blank in row 1: 2.
        assert_eq!(parity("1 b 3 2"), Parity::Even);
        // 8 7 6 / 5 4 3 / 2 1 _: disorder 28, odd width.
        assert_eq!(parity("8 7 6 5 4 3 2 1 b"), Parity::Even);
    }
}
