//! Distance bounds: the sum of every piece's Manhattan distance to its goal cell, plus linear
//! conflicts.
//!
//! A move slides one piece one cell, whatever its size, so it lowers one piece's distance by at
//! most one: the sum never overestimates, with blocks and any number of blanks. Pieces that
//! share a row cannot pass each other inside it, so of two standing in one of their goal rows
//! in the wrong order, one spends two vertical moves the distance does not count, to leave the
//! row and come back; likewise in columns with horizontal moves, so row and column conflicts
//! add up. A block two cells high in one of its goal rows but not yet in both pays two as well
//! (up two and down one, or down one and up two, where the distance counts one), and one in
//! both pays four to leave both (down two and back, or down one and up one), so the rows'
//! conflicts add up too. A move changes which goal rows a piece stands in by at most one, so
//! the bound changes by exactly one a move: it stays consistent. Pieces larger than 2x2 take
//! part in no conflicts.

use crate::engine::puzzle::Puzzle;

/// The largest board linear conflicts are counted on (the exact searches' limit).
const MAX_CELLS: usize = 128;

/// The tallest (widest) piece that takes part in its goal rows' (columns') conflicts.
const MOST_LINES: u32 = 2;

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
    /// Per piece: its height and width.
    sizes: Vec<(u32, u32)>,
    /// Per piece: whether it takes part in conflicts, in its goal rows and columns alike.
    in_lines: Vec<bool>,
    /// Per line (the rows, then the columns) and per cell tag (a piece's index plus one, 0
    /// for a blank): the piece's rank along the line where the line is one of its goal lines
    /// and it takes part in conflicts (its goal column plus one along a row, its goal row plus
    /// one along a column), else 0. One byte per tag, read for every cell of a line whenever a
    /// piece enters or leaves it, without a branch on what stands there.
    ranks: Vec<[u8; 256]>,
}

/// A row or a column of the board, as conflicts see it.
#[derive(Clone, Copy)]
enum Line {
    Row(u32),
    Column(u32),
}

impl Manhattan {
    /// The bound for `puzzle` with its pieces' goal origins `target`; `conflicts` adds linear
    /// conflicts.
    pub fn new(puzzle: &Puzzle, target: &[usize], conflicts: bool) -> Manhattan {
        let board = &puzzle.board;
        let lines_fit = conflicts && board.cells() <= MAX_CELLS;
        let row_col = |cell: usize| {
            let (r, c) = board.row_col(cell);
            (r as u32, c as u32)
        };
        let sizes: Vec<_> = (puzzle.pieces.iter())
            .map(|p| (p.shape.rows as u32, p.shape.cols as u32))
            .collect();
        let fits = |(h, w): (u32, u32)| lines_fit && h <= MOST_LINES && w <= MOST_LINES;
        let goals: Vec<_> = target.iter().map(|&cell| row_col(cell)).collect();
        let in_lines: Vec<_> = sizes.iter().map(|&size| fits(size)).collect();
        let (rows, cols) = (board.rows(), board.cols());
        // Only boards of at most MAX_CELLS cells count conflicts, so every rank and tag fits a
        // byte.
        let mut ranks = vec![[0u8; 256]; if lines_fit { rows + cols } else { 0 }];
        for (piece, (&(gr, gc), &(h, w))) in goals.iter().zip(&sizes).enumerate() {
            if !in_lines[piece] {
                continue;
            }
            for row in gr..gr + h {
                ranks[row as usize][piece + 1] = (gc + 1) as u8;
            }
            for col in gc..gc + w {
                ranks[rows + col as usize][piece + 1] = (gr + 1) as u8;
            }
        }
        Manhattan {
            rows,
            cols,
            row_col: (0..board.cells()).map(row_col).collect(),
            ranks,
            goals,
            in_lines,
            sizes,
        }
    }

    /// The bound for the pieces at `origin(piece)`; `skip(piece)` leaves a piece out (one that
    /// another bound counts).
    pub fn estimate(&self, origin: impl Fn(usize) -> usize, skip: impl Fn(usize) -> bool) -> u32 {
        let mut total = 0;
        // Per cell: the goal column (row) + 1 of a piece whose left column (top row) is here
        // and this cell's row (column) is one of its goal rows (columns); 0 = none.
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
            let (height, width) = self.sizes[piece];
            if self.in_lines[piece] {
                for row in r.max(gr)..(r + height).min(gr + height) {
                    any = true;
                    in_row[cell + (row - r) as usize * self.cols] = gc as u8 + 1;
                }
                for col in c.max(gc)..(c + width).min(gc + width) {
                    any = true;
                    in_col[cell + (col - c) as usize] = gr as u8 + 1;
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
    /// How the bound changes when `piece` slides from origin `from` to the neighbouring
    /// origin `to`, the pieces standing as `grid` says (each cell the index plus one of the
    /// piece on it, 0 for a blank, before the move). Only the moving piece's distance changes,
    /// and the conflicts of the goal row it enters or leaves (of the goal column likewise): a
    /// piece never passes another inside a line, so no other line's order changes.
    pub fn change(&self, grid: &[u8], piece: usize, from: usize, to: usize) -> i32 {
        let (gr, gc) = self.goals[piece];
        let ((r0, c0), (r1, c1)) = (self.row_col[from], self.row_col[to]);
        let distance = |r: u32, c: u32| (r.abs_diff(gr) + c.abs_diff(gc)) as i32;
        let mut delta = distance(r1, c1) - distance(r0, c0);
        let (height, width) = self.sizes[piece];
        if !self.in_lines[piece] {
            return delta;
        }
        if r0 != r1 {
            delta += self.crossing(grid, piece, (r0, r1), (gr, height), Line::Row, c0);
        }
        if c0 != c1 {
            delta += self.crossing(grid, piece, (c0, c1), (gc, width), Line::Column, r0);
        }
        delta
    }

    /// How the conflicts change when `piece`, `size` lines across, moves from line `before` to
    /// `after` (rows or columns, as `line` makes them), standing at `place` along them: it enters
    /// one line and leaves one, and each counts if it is one of its goal lines from `goal`.
    fn crossing(
        &self,
        grid: &[u8],
        piece: usize,
        (before, after): (u32, u32),
        (goal, size): (u32, u32),
        line: fn(u32) -> Line,
        place: u32,
    ) -> i32 {
        let (entered, left) = match after > before {
            true => (before + size, before),
            false => (after, before + size - 1),
        };
        let goal_lines = goal..goal + size;
        let mut delta = 0;
        if goal_lines.contains(&entered) {
            delta += 2 * self.joining(grid, piece, line(entered), place);
        }
        if goal_lines.contains(&left) {
            delta -= 2 * self.joining(grid, piece, line(left), place);
        }
        delta
    }

    /// How many more conflicts `line` has with `piece` in it, at `place` along it (its column
    /// in a row, its row in a column), than without it; the other pieces stand as `grid` says.
    fn joining(&self, grid: &[u8], piece: usize, line: Line, place: u32) -> i32 {
        // Ranks of lines up to 64 long fit a machine word's set of tails.
        let longest = self.rows.max(self.cols);
        if longest <= SHORT_LINE {
            self.joining_short(grid, piece, line, place)
        } else if longest <= 64 {
            self.joining_with::<u64>(grid, piece, line, place)
        } else {
            self.joining_with::<u128>(grid, piece, line, place)
        }
    }

    /// [`Manhattan::joining`] on a board whose lines are at most [`SHORT_LINE`] long: the
    /// line's ranks read as the digits of a number, whose longest increasing run
    /// [`short_runs`] holds, with the piece and without it.
    fn joining_short(&self, grid: &[u8], piece: usize, line: Line, place: u32) -> i32 {
        let (length, step, first, number) = self.line_cells(line);
        let ranks = &self.ranks[number];
        let me = piece as u8 + 1;
        let mut without = 0;
        for at in 0..length {
            let tag = grid[first + at * step];
            let rank = if tag == me {
                0
            } else {
                ranks[usize::from(tag)]
            };
            without = without << RANK_BITS | usize::from(rank);
        }
        if without == 0 {
            return 0;
        }
        // The piece's place holds no rank without it: a blank where it enters the line, the
        // piece itself where it leaves.
        let shift = RANK_BITS * (length - 1 - place as usize);
        debug_assert_eq!(without >> shift & ((1 << RANK_BITS) - 1), 0);
        let with = without | usize::from(ranks[usize::from(me)]) << shift;
        let runs = short_runs();
        1 - (i32::from(runs[with]) - i32::from(runs[without]))
    }

    /// The length of `line`, the step between its cells, its first cell and its number in
    /// [`Manhattan::ranks`] (the rows first, then the columns).
    fn line_cells(&self, line: Line) -> (usize, usize, usize, usize) {
        match line {
            Line::Row(r) => (self.cols, 1, r as usize * self.cols, r as usize),
            Line::Column(c) => (self.rows, self.cols, c as usize, self.rows + c as usize),
        }
    }

    /// [`Manhattan::joining`], the runs' tails kept in a `T`. Taking part adds a conflict
    /// unless the piece lengthens a longest increasing run of the goal ranks along the line,
    /// so the runs with it and without it are followed in one pass.
    fn joining_with<T: Tails>(&self, grid: &[u8], piece: usize, line: Line, place: u32) -> i32 {
        let (length, step, first, number) = self.line_cells(line);
        let ranks = &self.ranks[number];
        let me = piece as u8 + 1;
        let mine = ranks[usize::from(me)];
        let (mut without, mut with) = (T::default(), T::default());
        // Branch-free: a rank of 0 (a blank, a piece not in its goal line, the piece itself)
        // leaves the tails as they are, and so does a piece's rank again on its next cell.
        for at in 0..length {
            with = with.push(if at == place as usize { mine } else { 0 });
            let tag = grid[first + at * step];
            let other = if tag == me {
                0
            } else {
                ranks[usize::from(tag)]
            };
            without = without.push(other);
            with = with.push(other);
        }
        if without == T::default() {
            return 0;
        }
        1 - (with.longest() - without.longest()) as i32
    }
}

/// The longest line whose conflicts [`short_runs`] counts: its ranks (at most its length)
/// then fit [`RANK_BITS`] bits each, and the runs of every sequence of them a table of 256 KiB.
const SHORT_LINE: usize = 6;

/// Bits of one rank in an index of [`short_runs`].
const RANK_BITS: usize = 3;

/// Per sequence of up to [`SHORT_LINE`] ranks (0 for none), read as the digits of a number in
/// base 8, the first the most significant: its longest increasing run. Built once, on first
/// use: two lookups a line instead of two pushes of the run's tails a cell.
fn short_runs() -> &'static [u8] {
    static RUNS: std::sync::OnceLock<Box<[u8]>> = std::sync::OnceLock::new();
    RUNS.get_or_init(|| {
        let digits = |index: usize| {
            (0..SHORT_LINE)
                .rev()
                .map(move |k| (index >> (RANK_BITS * k) & ((1 << RANK_BITS) - 1)) as u8)
        };
        (0..1 << (RANK_BITS * SHORT_LINE))
            .map(|index| {
                digits(index)
                    .fold(0u64, |tails, rank| tails.push(rank))
                    .longest() as u8
            })
            .collect()
    })
}

/// The longest increasing run of a sequence of goal ranks (1 up, told apart by rank; at most
/// the bits of the set), followed one rank at a time: bit `r - 1` is set where some longest
/// run of a length ends lowest at rank `r` (patience sorting's tails, as a set), so a rank
/// takes the place of the lowest tail at or above it, or adds one. A rank that follows itself
/// takes its own place: the run is strictly increasing.
trait Tails: Copy + Default + PartialEq {
    /// The tails once `rank` follows; rank 0 is no rank, and leaves them as they are.
    fn push(self, rank: u8) -> Self;
    /// The length of the longest run.
    fn longest(self) -> u32;
}

/// [`Tails`] for a word type: a rank replaces the lowest set bit at or above its own.
macro_rules! tails_in {
    ($word:ty) => {
        impl Tails for $word {
            fn push(self, rank: u8) -> $word {
                // No bit for rank 0, without a branch: then nothing is at or above it.
                let some = <$word>::from(rank != 0).wrapping_neg();
                let bit: $word = (1 << (u32::from(rank.wrapping_sub(1)) % <$word>::BITS)) & some;
                let at_or_above = self & !bit.wrapping_sub(1);
                (self & !(at_or_above & at_or_above.wrapping_neg())) | bit
            }

            fn longest(self) -> u32 {
                self.count_ones()
            }
        }
    };
}

tails_in!(u64);
tails_in!(u128);

/// The fewest tiles to take out of `line` (0 = empty) so that the rest is increasing: its
/// length minus its longest increasing subsequence.
fn out_of_order(line: impl Iterator<Item = u8>) -> u32 {
    let (mut count, mut runs) = (0, 0u128);
    for rank in line.filter(|&g| g != 0) {
        count += 1;
        runs = runs.push(rank);
    }
    count - runs.longest()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bound(text: &str, conflicts: bool) -> u32 {
        let (puzzle, target) = crate::engine::sample(text);
        Manhattan::new(&puzzle, &target, conflicts).estimate(|p| puzzle.start[p], |_| false)
    }

    /// The longest strictly increasing run of `ranks`, counted pair by pair.
    fn by_pairs(ranks: &[u8]) -> u32 {
        let mut ending = vec![1u32; ranks.len()];
        for j in 0..ranks.len() {
            for i in 0..j {
                if ranks[i] < ranks[j] {
                    ending[j] = ending[j].max(ending[i] + 1);
                }
            }
        }
        ending.into_iter().max().unwrap_or(0)
    }

    /// The table of short lines against the run counted pair by pair, for every sequence of
    /// up to six ranks, repeats and gaps (rank 0) included.
    #[test]
    fn the_short_runs_are_the_longest_increasing_runs() {
        let runs = short_runs();
        assert_eq!(runs.len(), 1 << 18);
        for (index, &run) in runs.iter().enumerate() {
            let ranks: Vec<u8> = (0..SHORT_LINE)
                .rev()
                .map(|k| (index >> (RANK_BITS * k) & 7) as u8)
                .filter(|&rank| rank != 0)
                .collect();
            assert_eq!(u32::from(run), by_pairs(&ranks), "{ranks:?}");
        }
    }

    /// A line's conflicts with a piece counted from the table and by following the tails
    /// agree for every piece, line and place where it may enter or leave, along random walks
    /// on a 5x5 and a 6x6 board with blocks of every shape.
    #[test]
    fn short_lines_join_as_the_tails_do() {
        let boards = [
            "5 5\n1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 0\n\
             20 21 22 0 0\n3\n7 2*2\n4 2*1\n16 1*2\n",
            "6 6\n1 2 0 11 23 0\n7 3 4 5 29 6\n13 14 9 10 30 12\n19 31 15 16 18 26\n\
             25 8 32 20 24 17\n27 28 0 22 0 21\n5\n9 2*2\n23 2*1\n7 2*1\n27 1*2\n3 1*2\n",
        ];
        let mut rng = crate::rng::Rng::new(11);
        for text in boards {
            let (puzzle, target) = crate::engine::sample(text);
            let bound = Manhattan::new(&puzzle, &target, true);
            let pieces = puzzle.pieces.len();
            for _ in 0..40 {
                let (_, origins) = puzzle.random_walk(100, &mut rng);
                let mut grid = vec![0u8; puzzle.board.cells()];
                for (piece, (p, &origin)) in puzzle.pieces.iter().zip(&origins).enumerate() {
                    for cell in puzzle.board.footprint(p.shape, origin) {
                        grid[cell] = piece as u8 + 1;
                    }
                }
                let lines = (0..bound.rows as u32).map(Line::Row);
                for line in lines.chain((0..bound.cols as u32).map(Line::Column)) {
                    let (length, step, first, _) = bound.line_cells(line);
                    for (piece, place) in (0..pieces).flat_map(|p| (0..length).map(move |a| (p, a)))
                    {
                        // A piece enters a line through blanks and leaves it from its own cells.
                        let tag = grid[first + place * step];
                        if !bound.in_lines[piece] || (tag != 0 && tag != piece as u8 + 1) {
                            continue;
                        }
                        let place = place as u32;
                        let short = bound.joining_short(&grid, piece, line, place);
                        let tails = bound.joining_with::<u64>(&grid, piece, line, place);
                        assert_eq!(short, tails, "{text} piece {piece} place {place}");
                    }
                }
            }
        }
    }

    /// The set of tails against the longest increasing run counted pair by pair, on random
    /// sequences of distinct ranks, in both word sizes.
    #[test]
    fn the_tails_follow_the_longest_increasing_run() {
        let mut rng = crate::rng::Rng::new(5);
        for round in 0..2000 {
            let most = if round % 2 == 0 { 64 } else { 128 };
            let mut ranks: Vec<u8> = (1..=most as u8).collect();
            for i in (1..ranks.len()).rev() {
                ranks.swap(i, rng.below(i + 1));
            }
            ranks.truncate(1 + rng.below(16));
            let wide = ranks.iter().fold(0u128, |t, &r| t.push(r)).longest();
            assert_eq!(wide, by_pairs(&ranks), "{ranks:?}");
            // As a line reads them: each rank on a piece's cells (one or two), and 0 for
            // the cells of blanks and of pieces not in their goal line.
            let read = ranks
                .iter()
                .flat_map(|&r| [r, 0, if round % 3 == 0 { r } else { 0 }]);
            assert_eq!(read.clone().fold(0u128, |t, r| t.push(r)).longest(), wide);
            if most == 64 {
                assert_eq!(ranks.iter().fold(0u64, |t, &r| t.push(r)).longest(), wide);
                assert_eq!(read.fold(0u64, |t, r| t.push(r)).longest(), wide);
            }
        }
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
        // Tiles 3 and 6 left of a 2x2 block in both its goal rows: 1 + 2 + 2, and 2 a row.
        assert_eq!(bound("3 3\n3 1 2\n6 4 5\n7 0 0\n1\n1 2*2\n", true), 9);
        // The block a row low stands in one goal row only: 1 + 2 + 2 + 1, and 2 for row 1.
        assert_eq!(bound("3 3\n3 0 0\n6 1 2\n7 4 5\n1\n1 2*2\n", true), 8);
    }
}
