//! A greedy first phase for boards of 1x1 tiles with one blank: the blank takes short paths
//! whose moves bring more tiles towards their goals than away, while it finds such paths.
//!
//! On such a board every move changes the sum of the tiles' Manhattan distances by exactly one,
//! so a solution's length is that sum plus twice its moves away from the goals. A scrambled
//! board is full of short paths that mostly undo the scramble; taking them first leaves the
//! placer ([`crate::constructive`]) fewer and nearer tiles to place.

use crate::geometry::{Board, Dir, Shape};
use crate::puzzle::Move;

/// How far the blank looks ahead, in turn, until it finds a path that gains.
const DEPTHS: [usize; 3] = [6, 9, 12];

/// A board of tiles and one blank, with each tile's goal.
struct Grid<'a> {
    board: &'a Board,
    /// Per cell: 0 for the blank, `u32::MAX` for a wall, else the tile's index plus one.
    occupant: Vec<u32>,
    goal: &'a [usize],
    blank: usize,
}

impl Grid<'_> {
    /// How much moving the tile in `cell` into the blank lowers its distance to its goal
    /// (1 or -1); `None` for a wall or a cell off the board.
    fn gain(&self, dir: Dir) -> Option<(usize, i32)> {
        let cell = self.board.step(Shape::UNIT, self.blank, dir)?;
        let piece = match self.occupant[cell] {
            0 | u32::MAX => return None,
            o => o as usize - 1,
        };
        let goal = self.board.row_col(self.goal[piece]);
        let distance = |c: usize| {
            let (r, k) = self.board.row_col(c);
            r.abs_diff(goal.0) + k.abs_diff(goal.1)
        };
        let gain = if distance(self.blank) < distance(cell) { 1 } else { -1 };
        Some((cell, gain))
    }

    /// Moves the blank into `cell` (a neighbour).
    fn shift(&mut self, cell: usize) {
        self.occupant.swap(self.blank, cell);
        self.blank = cell;
    }

    /// The best gain reachable within `depth` more blank moves (none reversing `last`) beyond
    /// `gained`, and its path in `best`; `path` holds the moves made so far.
    fn look(
        &mut self,
        depth: usize,
        gained: i32,
        last: Option<Dir>,
        path: &mut Vec<Dir>,
        best: &mut (i32, Vec<Dir>),
    ) {
        if gained > best.0 || (gained == best.0 && path.len() < best.1.len()) {
            *best = (gained, path.clone());
        }
        // Each further move gains one at most.
        if depth == 0 || gained + depth as i32 <= best.0 {
            return;
        }
        for dir in Dir::ALL {
            if last == Some(dir.opposite()) {
                continue;
            }
            let Some((cell, gain)) = self.gain(dir) else {
                continue;
            };
            let from = self.blank;
            self.shift(cell);
            path.push(dir);
            self.look(depth - 1, gained + gain, Some(dir), path, best);
            path.pop();
            self.shift(from);
        }
    }
}

/// The moves of the greedy phase from the position `origins` (one blank, tiles only) towards
/// `goal`, and the origins they reach: each stretch taken brings the tiles' distance sum down,
/// so the phase ends.
pub fn harvest(board: &Board, origins: &[usize], goal: &[usize]) -> (Vec<Move>, Vec<usize>) {
    let mut origins = origins.to_vec();
    let mut occupant: Vec<u32> = (0..board.cells())
        .map(|c| if board.is_wall(c) { u32::MAX } else { 0 })
        .collect();
    for (piece, &origin) in origins.iter().enumerate() {
        occupant[origin] = piece as u32 + 1;
    }
    let Some(blank) = occupant.iter().position(|&o| o == 0) else {
        return (Vec::new(), origins);
    };
    let mut grid = Grid {
        board,
        occupant,
        goal,
        blank,
    };
    let mut moves: Vec<Move> = Vec::new();
    loop {
        let mut best = (0, Vec::new());
        let last = moves.last().map(|mv| mv.dir.opposite());
        for depth in DEPTHS {
            grid.look(depth, 0, last, &mut Vec::new(), &mut best);
            if best.0 > 0 {
                break;
            }
        }
        if best.0 <= 0 {
            let m: usize = origins.iter().zip(goal).map(|(&a, &b)| { let (x,y)=board.row_col(a); let (u,v)=board.row_col(b); x.abs_diff(u)+y.abs_diff(v)}).sum();
            eprintln!("harvest {} moves, M now {m}", moves.len());
            return (moves, origins);
        }
        for dir in best.1 {
            let from = grid.blank;
            let cell = board.step(Shape::UNIT, from, dir).expect("looked at");
            let piece = grid.occupant[cell] as usize - 1;
            grid.shift(cell);
            origins[piece] = from;
            moves.push(Move {
                piece,
                dir: dir.opposite(),
            });
        }
    }
}
