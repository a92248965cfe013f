//! Distance bounds: the sum of every piece's Manhattan distance to its goal cell, plus linear
//! conflicts among the pieces one cell high in rows and one cell wide in columns.
//!
//! A move slides one piece one cell, whatever its size, so it lowers one piece's distance by at
//! most one: the sum never overestimates, with blocks and any number of blanks. Two pieces one
//! cell high (1x1 tiles, 1x2 blocks) that stand in their goal row in the wrong order cannot pass
//! each other inside the row, so one of them spends two vertical moves the distance does not
//! count (likewise for pieces one cell wide in columns, with horizontal moves, so row and column
//! conflicts add up). A piece taller than a row spans several row lines and leaves them in
//! different moves, so it takes part in no row's conflicts.

use crate::engine::puzzle::Puzzle;

/// The largest board linear conflicts are counted on (the exact searches' limit).
const MAX_CELLS: usize = 128;

/// Manhattan distance of every piece, optionally with linear conflicts.
#[derive(Clone, Debug)]
pub struct Manhattan {
    rows: usize,
    cols: usize,
    /// Per cell: its row and column (a lookup, where dividing by the width costs more than
    /// the rest of a piece's term).
    row_col: Vec<(u32, u32)>,
    /// Per piece: goal row and column.
    goals: Vec<(u32, u32)>,
    /// Per piece: whether it takes part in its goal row's conflicts (one cell high) and in
    /// its goal column's (one cell wide).
    in_rows: Vec<bool>,
    in_cols: Vec<bool>,
}

impl Manhattan {
    /// The bound for `puzzle` with its pieces' goal origins `target`; `conflicts` adds linear
    /// conflicts.
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
            in_rows: (puzzle.pieces.iter())
                .map(|p| conflicts && lines_fit && p.shape.rows == 1)
                .collect(),
            in_cols: (puzzle.pieces.iter())
                .map(|p| conflicts && lines_fit && p.shape.cols == 1)
                .collect(),
        }
    }

    /// The bound for the pieces at `origin(piece)`; `skip(piece)` leaves a piece out (one that
    /// another bound counts).
    pub fn estimate(&self, origin: impl Fn(usize) -> usize, skip: impl Fn(usize) -> bool) -> u32 {
        let mut total = 0;
        // Per cell: the goal column (row) + 1 of a piece in a row's (column's) conflicts whose
        // origin stands there in its goal row (column); 0 = none.
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
            if self.in_rows[piece] && r == gr {
                any = true;
                in_row[cell] = gc as u8 + 1;
            }
            if self.in_cols[piece] && c == gc {
                any = true;
                in_col[cell] = gr as u8 + 1;
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
    /// Fills `grid` (one entry per cell) with the pieces counted in linear conflicts, each
    /// as its index plus one (0: none) at its origin `origin(piece)`: what
    /// [`Manhattan::change`] reads.
    pub fn conflicting_tiles(&self, origin: impl Fn(usize) -> usize, grid: &mut [u8]) {
        grid[..self.rows * self.cols].fill(0);
        for piece in 0..self.goals.len() {
            if self.in_rows[piece] || self.in_cols[piece] {
                grid[origin(piece)] = piece as u8 + 1;
            }
        }
    }

    /// How the bound changes when `piece` slides from origin `from` to the neighbouring
    /// origin `to`, the 1x1 tiles standing as `grid` says ([`Manhattan::conflicting_tiles`],
    /// before the move). Only the moving piece's distance changes, and the conflicts of its
    /// goal row when it enters or leaves that row (of its goal column likewise): a piece never
    /// passes another inside a line, so no other line's order changes.
    pub fn change(&self, grid: &[u8], piece: usize, from: usize, to: usize) -> i32 {
        let (gr, gc) = self.goals[piece];
        let ((r0, c0), (r1, c1)) = (self.row_col[from], self.row_col[to]);
        let distance = |r: u32, c: u32| (r.abs_diff(gr) + c.abs_diff(gc)) as i32;
        let mut delta = distance(r1, c1) - distance(r0, c0);
        let tag = piece as u8 + 1;
        if self.in_rows[piece] && r0 != r1 && (r0 == gr || r1 == gr) {
            let row = gr as usize * self.cols;
            let cells = row..row + self.cols;
            let home = |p: usize| self.in_rows[p] && self.goals[p].0 == gr;
            delta += 2 * self.line_change(grid, cells, tag, to, home, |g| g.1);
        }
        if self.in_cols[piece] && c0 != c1 && (c0 == gc || c1 == gc) {
            let cells = (gc as usize..self.rows * self.cols).step_by(self.cols);
            let home = |p: usize| self.in_cols[p] && self.goals[p].1 == gc;
            delta += 2 * self.line_change(grid, cells, tag, to, home, |g| g.0);
        }
        delta
    }

    /// The conflicts along `cells` after the piece `tag` moved to `to` minus those before:
    /// `home` says which pieces take part in this line's conflicts, `rank` orders their goals
    /// along it.
    fn line_change(
        &self,
        grid: &[u8],
        cells: impl Iterator<Item = usize> + Clone,
        tag: u8,
        to: usize,
        home: impl Fn(usize) -> bool,
        rank: impl Fn((u32, u32)) -> u32,
    ) -> i32 {
        let key = |t: u8| match t {
            0 => 0,
            t => {
                let piece = t as usize - 1;
                match home(piece) {
                    true => rank(self.goals[piece]) as u8 + 1,
                    false => 0,
                }
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
        // A 1x2 block and tile 1 in their goal row in the wrong order: 1 + 2, and 2 for the
        // conflict.
        assert_eq!(bound("2 3\n2 3 1\n4 0 0\n1\n2 1*2\n", false), 3);
        assert_eq!(bound("2 3\n2 3 1\n4 0 0\n1\n2 1*2\n", true), 5);
        // Tile 6 above a 2x1 block in their goal column: 2 + 1, and 2 for the conflict.
        assert_eq!(bound("4 2\n1 6\n3 2\n5 4\n0 0\n1\n2 2*1\n", true), 5);
    }
}
