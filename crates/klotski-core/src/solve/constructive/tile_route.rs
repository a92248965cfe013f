//! Cost-aware routes for one 1x1 tile and the single blank of a board of tiles: an A* search
//! ([`cheapest_path`]) over (tile cell, blank cell) pairs in which every move pays extra when it pushes a loose tile
//! away from its goal.
//!
//! On a board of 1x1 tiles every move changes the sum of the tiles' Manhattan distances by
//! exactly one, so a solution's length is that sum plus twice its moves away from the goals;
//! routing the blank through tiles that it pushes the right way is what keeps solutions short.
//! The other tiles are read from the position at the start of the route: a blank that crosses
//! its own path sees them where they were, which only makes the cost an estimate.

use crate::engine::geometry::{Board, Dir, Shape};
use crate::search::{Limits, cheapest_path};

/// What the route search reads of a position: every cell's occupant (0 for the blank,
/// `u32::MAX` for a wall, a piece's index plus one otherwise), each piece's goal cell, and which
/// pieces must not move.
pub struct Field<'a> {
    /// The board the pieces stand on.
    pub board: &'a Board,
    /// Per cell: 0 empty, `u32::MAX` a wall, else the piece's index plus one.
    pub occupant: &'a [u32],
    /// Per piece: the cell it belongs on.
    pub goal: &'a [usize],
    /// Per piece: whether it must stay where it is (the moving tile's own entry is ignored).
    pub frozen: &'a [bool],
}

/// One search: which tile goes where, and what a step away from a goal costs.
pub struct Leg {
    /// The index of the tile to move.
    pub tile: usize,
    /// The cell the tile stands on.
    pub from: usize,
    /// The blank's cell.
    pub blank: usize,
    /// The cell the tile must reach.
    pub to: usize,
    /// Cost of a move that takes the routed tile away from its goal; any other move costs 1.
    pub penalty: u32,
    /// Cost of a move that takes a loose tile further away from its goal.
    pub push_penalty: u32,
    /// Cost of a move that takes a loose tile off its goal.
    pub home_penalty: u32,
}

impl Field<'_> {
    fn distance(&self, a: usize, b: usize) -> u32 {
        let (ra, ca) = self.board.row_col(a);
        let (rb, cb) = self.board.row_col(b);
        (ra.abs_diff(rb) + ca.abs_diff(cb)) as u32
    }

    /// A lower bound on the moves from (tile at `t`, blank at `b`) to the tile at `to`: the
    /// blank must come next to the tile, and every step of the tile after the first needs two
    /// blank moves at least to bring the blank ahead of it again.
    fn bound(&self, t: usize, b: usize, to: usize) -> u32 {
        match self.distance(t, to) {
            0 => 0,
            d => 3 * d - 2 + self.distance(b, t).saturating_sub(1),
        }
    }

    /// What moving loose piece `piece` from `at` to `next` costs: 1 towards its goal; away from
    /// it, `leg.home_penalty` when it stood at its goal and `leg.push_penalty` otherwise.
    fn push_cost(&self, leg: &Leg, piece: usize, at: usize, next: usize) -> u32 {
        match (self.away(piece, at, next), at == self.goal[piece]) {
            (false, _) => 1,
            (true, true) => leg.home_penalty,
            (true, false) => leg.push_penalty,
        }
    }

    /// Whether moving piece `piece` from `at` to `next` takes it away from its goal.
    fn away(&self, piece: usize, at: usize, next: usize) -> bool {
        self.distance(next, self.goal[piece]) > self.distance(at, self.goal[piece])
    }
}

/// The blank's moves, in order, that bring `leg.tile` to `leg.to` without moving a frozen
/// piece, cheapest under the cost estimate; `None` when a limit stops the search first (its
/// work is nodes expanded) or no route exists.
pub fn route(field: &Field, leg: &Leg, limits: &Limits) -> Option<Vec<Dir>> {
    // A node is the pair (tile cell, blank cell) packed in one key; its order breaks ties.
    let key = |t: usize, b: usize| ((t as u64) << 32) | b as u64;
    let unkey = |k: u64| ((k >> 32) as usize, (k & 0xFFFF_FFFF) as usize);
    let successors = |&at: &u64, out: &mut Vec<(Dir, u64, u32)>| {
        let (t, b) = unkey(at);
        for dir in Dir::ALL {
            let Some(n) = field.board.step(Shape::UNIT, b, dir) else {
                continue;
            };
            let (next, step) = if n == t {
                let away = field.away(leg.tile, t, b);
                (key(b, t), if away { leg.penalty } else { 1 })
            } else {
                match field.occupant[n] {
                    u32::MAX => continue,
                    0 => (key(t, n), 1),
                    o if o as usize - 1 == leg.tile => (key(t, n), 1),
                    o if field.frozen[o as usize - 1] => continue,
                    o => (key(t, n), field.push_cost(leg, o as usize - 1, n, b)),
                }
            };
            out.push((dir, next, step));
        }
    };
    let estimate = |&at: &u64| {
        let (t, b) = unkey(at);
        field.bound(t, b, leg.to)
    };
    let arrived = |&at: &u64| unkey(at).0 == leg.to;
    let start = key(leg.from, leg.blank);
    let search = cheapest_path(successors, start, arrived, estimate, limits);
    search.found().map(|(dirs, _)| dirs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tile 0 at (4,4) with the blank on its left goes to (1,1) on a 6x6 board whose other
    /// tiles stand at their goals: 16 moves, the lower bound (a first step left, then five
    /// steps of three moves each, alternating up and left), and the replayed route ends there.
    #[test]
    fn a_diagonal_route_alternates_steps() {
        let board = Board::new(6, 6);
        let (tile_at, blank_at, to) = (4 * 6 + 4, 4 * 6 + 3, 6 + 1);
        let mut occupant = vec![0u32; 36];
        let mut goal = vec![to];
        for (cell, o) in occupant.iter_mut().enumerate() {
            if cell == tile_at {
                *o = 1;
            } else if cell != blank_at {
                goal.push(cell);
                *o = goal.len() as u32;
            }
        }
        let frozen = vec![false; goal.len()];
        let field = Field {
            board: &board,
            occupant: &occupant,
            goal: &goal,
            frozen: &frozen,
        };
        let leg = Leg {
            tile: 0,
            from: tile_at,
            blank: blank_at,
            to,
            penalty: 1,
            push_penalty: 1,
            home_penalty: 1,
        };
        let limits = Limits::memory(1 << 30).expanding(1_000_000);
        let dirs = route(&field, &leg, &limits).unwrap();
        assert_eq!(dirs.len(), 16, "{dirs:?}");
        assert_eq!(field.bound(tile_at, blank_at, to), 16);
        let mut blank = blank_at;
        for dir in dirs {
            let next = board.step(Shape::UNIT, blank, dir).unwrap();
            occupant.swap(blank, next);
            blank = next;
        }
        assert_eq!(occupant[to], 1);
    }
}
