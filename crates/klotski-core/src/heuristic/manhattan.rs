//! Distance bounds: the sum of every piece's Manhattan distance to its goal cell, plus linear
//! conflicts among 1x1 tiles.
//!
//! A move slides one piece one cell, whatever its size, so it lowers one piece's distance by at
//! most one: the sum never overestimates, with blocks and any number of blanks. Two 1x1 tiles
//! that stand in their goal row in the wrong order cannot pass each other inside the row, so one
//! of them spends two vertical moves the distance does not count (likewise for columns, with
//! horizontal moves, so row and column conflicts add up).

use crate::engine::puzzle::Puzzle;

/// The largest board linear conflicts are counted on (the exact searches' limit).
const MAX_CELLS: usize = 128;

/// Manhattan distance of every piece, optionally with linear conflicts among 1x1 tiles.
#[derive(Clone, Debug)]
pub struct Manhattan {
    rows: usize,
    cols: usize,
    /// Per cell: its row and column (a lookup, where dividing by the width costs more than
    /// the rest of a piece's term).
    row_col: Vec<(u32, u32)>,
    /// Per piece: goal row and column.
    goals: Vec<(u32, u32)>,
    /// Per piece: whether it is a 1x1 tile counted in linear conflicts.
    conflicting: Vec<bool>,
}

impl Manhattan {
    /// The bound for `puzzle` with its pieces' goal origins `target`; `conflicts` adds linear
    /// conflicts among 1x1 tiles.
    pub fn new(puzzle: &Puzzle, target: &[usize], conflicts: bool) -> Manhattan {
        let board = &puzzle.board;
        let lines_fit = board.cells() <= MAX_CELLS;
        let row_col = |cell: usize| {
            let (r, c) = board.row_col(cell);
            (r as u32, c as u32)
        };
        Manhattan {
            rows: board.rows(),
            cols: board.cols(),
            row_col: (0..board.cells()).map(row_col).collect(),
            goals: target.iter().map(|&cell| row_col(cell)).collect(),
            conflicting: puzzle
                .pieces
                .iter()
                .map(|p| conflicts && lines_fit && p.shape.area() == 1)
                .collect(),
        }
    }

    /// The bound for the pieces at `origin(piece)`; `skip(piece)` leaves a piece out (one that
    /// another bound counts).
    pub fn estimate(&self, origin: impl Fn(usize) -> usize, skip: impl Fn(usize) -> bool) -> u32 {
        let mut total = 0;
        // Per cell: the goal column (row) + 1 of a conflicting tile standing there in its goal
        // row (column); 0 = none.
        let mut in_row = [0u8; MAX_CELLS];
        let mut in_col = [0u8; MAX_CELLS];
        let mut any = false;
        for (piece, &(gr, gc)) in self.goals.iter().enumerate() {
            if skip(piece) {
                continue;
            }
            let cell = origin(piece);
            let (r, c) = self.row_col[cell];
            total += r.abs_diff(gr) + c.abs_diff(gc);
            if self.conflicting[piece] {
                any = true;
                if r == gr {
                    in_row[cell] = gc as u8 + 1;
                }
                if c == gc {
                    in_col[cell] = gr as u8 + 1;
                }
            }
        }
        if any {
            for line in in_row[..self.rows * self.cols].chunks(self.cols) {
                total += 2 * out_of_order(line.iter().copied());
            }
            for c in 0..self.cols {
                let line = (0..self.rows).map(|r| in_col[r * self.cols + c]);
                total += 2 * out_of_order(line);
            }
        }
        total
    }
}

impl Manhattan {
    /// Fills `grid` (one entry per cell) with the 1x1 tiles counted in linear conflicts, each
    /// as its piece index plus one (0: none), standing at `origin(piece)`: what
    /// [`Manhattan::change`] reads.
    pub fn conflicting_tiles(&self, origin: impl Fn(usize) -> usize, grid: &mut [u8]) {
        grid[..self.rows * self.cols].fill(0);
        for (piece, _) in self.conflicting.iter().enumerate().filter(|(_, c)| **c) {
            grid[origin(piece)] = piece as u8 + 1;
        }
    }

    /// How the bound changes when `piece` slides from origin `from` to the neighbouring
    /// origin `to`, the 1x1 tiles standing as `grid` says ([`Manhattan::conflicting_tiles`],
    /// before the move). Only the moving piece's distance changes, and the conflicts of its
    /// goal row when it enters or leaves that row (of its goal column likewise): a tile never
    /// passes another inside a line, so no other line's order changes.
    pub fn change(&self, grid: &[u8], piece: usize, from: usize, to: usize) -> i32 {
        let (gr, gc) = self.goals[piece];
        let ((r0, c0), (r1, c1)) = (self.row_col[from], self.row_col[to]);
        let distance = |r: u32, c: u32| (r.abs_diff(gr) + c.abs_diff(gc)) as i32;
        let mut delta = distance(r1, c1) - distance(r0, c0);
        if self.conflicting[piece] {
            let tag = piece as u8 + 1;
            if r0 != r1 && (r0 == gr || r1 == gr) {
                let row = gr as usize * self.cols;
                let cells = row..row + self.cols;
                delta += 2 * self.line_change(grid, cells, tag, to, |goal| goal.0 == gr, |g| g.1);
            }
            if c0 != c1 && (c0 == gc || c1 == gc) {
                let cells = (gc as usize..self.rows * self.cols).step_by(self.cols);
                delta += 2 * self.line_change(grid, cells, tag, to, |goal| goal.1 == gc, |g| g.0);
            }
        }
        delta
    }

    /// The conflicts along `cells` after the tile `tag` moved to `to` minus those before:
    /// `home` says which goals lie on this line, `rank` orders them along it.
    fn line_change(
        &self,
        grid: &[u8],
        cells: impl Iterator<Item = usize> + Clone,
        tag: u8,
        to: usize,
        home: impl Fn((u32, u32)) -> bool,
        rank: impl Fn((u32, u32)) -> u32,
    ) -> i32 {
        let key = |t: u8| match t {
            0 => 0,
            t => {
                let goal = self.goals[t as usize - 1];
                if home(goal) { rank(goal) as u8 + 1 } else { 0 }
            }
        };
        let before = cells.clone().map(|cell| key(grid[cell]));
        let after = cells.map(|cell| match grid[cell] {
            _ if cell == to => key(tag),
            t if t == tag => 0,
            t => key(t),
        });
        out_of_order(after) as i32 - out_of_order(before) as i32
    }
}

/// The fewest tiles to take out of `line` (0 = empty) so that the rest is increasing: its
/// length minus its longest increasing subsequence.
fn out_of_order(line: impl Iterator<Item = u8>) -> u32 {
    let mut tails = [0u8; MAX_CELLS];
    let mut longest = 0;
    let mut count = 0;
    for goal in line.filter(|&g| g != 0) {
        count += 1;
        let at = tails[..longest].partition_point(|&t| t < goal);
        tails[at] = goal;
        longest = longest.max(at + 1);
    }
    (count - longest) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bound(text: &str, conflicts: bool) -> u32 {
        let (puzzle, target) = crate::engine::sample(text);
        Manhattan::new(&puzzle, &target, conflicts).estimate(|p| puzzle.start[p], |_| false)
    }

    #[test]
    fn counts_distances_and_reversed_pairs() {
        // 2 and 1 swapped in their goal row: distance 2, one conflict adds 2.
        assert_eq!(bound("2 2\n2 1\n3 0\n", false), 2);
        assert_eq!(bound("2 2\n2 1\n3 0\n", true), 4);
        // 3 2 1 in the goal row: two tiles must leave it.
        assert_eq!(bound("2 3\n3 2 1\n4 5 0\n", true), 4 + 2 * 2);
        // A 2x1 block one row below its goal costs one, whatever its size.
        assert_eq!(bound("3 2\n0 2\n1 0\n3 4\n1\n1 2*1\n", true), 1 + 1);
        assert_eq!(out_of_order([0, 3, 1, 0, 2].into_iter()), 1);
    }
}
