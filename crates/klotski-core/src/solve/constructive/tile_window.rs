//! Searches over the whole contents of a small window of a board of 1x1 tiles with one
//! blank: the blank moves that bring a few tiles home together at the least number of moves
//! that take a tile away from its goal.
//!
//! On such a board every move changes the sum of the tiles' Manhattan distances by exactly one,
//! so a solution's length is that sum plus twice its moves away from the goals: those are the
//! only moves worth counting, and a move that brings any tile nearer home is free.
//! [`tile_route`] estimates them from the position at the start of a route; here every tile of
//! the window is followed move by move, so the count is exact, and routes that bring other tiles
//! home on their way, or several of the stage's tiles in one trip of the blank, win.
//!
//! Where the exact search runs out of expansions, a coarse one ([`WindowSearch::coarse`]),
//! which tells positions apart by the blank and the stage's tiles only, finds a cheap way, if
//! not the cheapest.
//!
//! [`tile_route`]: crate::solve::constructive::tile_route

use crate::engine::geometry::{Dir, Shape};
use crate::rng::mix;
use crate::search::{Limits, cheapest_by_key};
use crate::solve::constructive::tile_route::Field;
use std::ops::Range;

/// Marks a window cell no move may enter: a wall or a tile that must stay still.
const BLOCKED: u8 = u8::MAX;
/// Marks the blank's cell.
const BLANK: u8 = 0;
/// Cost of a move that takes its tile away from its goal: it and its undoing, in the end.
const AWAY: u32 = 2;
/// Most tiles one stage may bring home.
pub const MOST_TILES: usize = 4;
/// Most cells a window may have: a node holds its contents inline, since a search makes
/// thousands of nodes a second and an allocation apiece cost more than the search itself.
pub const MOST_CELLS: usize = 80;

/// One search: the position, the window it may change, and the tiles it must bring home.
pub struct WindowSearch<'a> {
    /// The position: board, occupants, goals, and the tiles that must stay where they are.
    pub field: Field<'a>,
    /// The tiles that must stand on their goals at the end (at most [`MOST_TILES`]); they,
    /// their goals and the blank lie in the window.
    pub tiles: &'a [usize],
    /// The window's rows; nothing outside them moves.
    pub rows: Range<usize>,
    /// The window's columns.
    pub cols: Range<usize>,
    /// What the search's estimate charges per move of its bound on the moves left; at 0 the
    /// search is exact, above it runs greedier.
    pub per_move: u32,
    /// Whether positions count as one when the blank and the stage's tiles stand alike,
    /// whatever the other tiles of the window: a path that reaches such a position no cheaper
    /// than an earlier one is dropped, so the search is no longer exact (each path's cost still
    /// is), but the wide plateau of free moves that only shuffle the other tiles collapses into
    /// a few positions, and the search nearly always ends within its budget.
    pub coarse: bool,
}

/// A reached position: its key, where the blank and the stage's tiles stand, and the window's
/// contents (per local cell: [`BLANK`], [`BLOCKED`] or a local tile number; cells past the
/// window's are [`BLOCKED`]).
#[derive(Clone)]
struct Node {
    key: u64,
    blank: u8,
    /// The blank's cell before the move that reached this node ([`BLOCKED`] at the start): a
    /// move back there reaches a position already reached no dearer, which the search would
    /// drop, so it is not made at all.
    came_from: u8,
    tiles: [u8; MOST_TILES],
    contents: [u8; MOST_CELLS],
}

/// The window in local terms: cells numbered row by row, their open neighbours, and each local
/// tile's distance to its goal from every cell.
struct Local {
    width: usize,
    cells: usize,
    /// Per cell and direction: the neighbouring cell, or [`BLOCKED`].
    neighbour: Vec<[u8; 4]>,
    /// Per local tile (its number minus one) and cell: the Manhattan distance to its goal.
    distance: Vec<u8>,
    /// The local cells of the stage's goals.
    goals: Vec<u8>,
}

impl Node {
    /// The key of a coarse search ([`WindowSearch::coarse`]): the blank's and the stage's
    /// tiles' cells.
    fn coarse_key(&self) -> u64 {
        let [a, b, c, d] = self.tiles;
        u64::from_le_bytes([self.blank, a, b, c, d, 0, 0, 0])
    }
}

impl Local {
    fn distance(&self, tile: u8, cell: u8) -> u8 {
        self.distance[(tile as usize - 1) * self.cells + cell as usize]
    }

    fn manhattan(&self, a: u8, b: u8) -> u32 {
        let (a, b) = (a as usize, b as usize);
        ((a / self.width).abs_diff(b / self.width) + (a % self.width).abs_diff(b % self.width))
            as u32
    }

    /// A bound on the moves left from `node`: each stage tile away from its goal needs its own
    /// steps and, between them, two blank moves at least to come ahead of it again; and the
    /// blank must first reach the nearest such tile.
    fn bound(&self, node: &Node) -> u32 {
        let mut moves = 0;
        let mut nearest = u32::MAX;
        for (&at, &goal) in node.tiles.iter().zip(&self.goals) {
            let d = self.manhattan(at, goal);
            if d > 0 {
                moves += 3 * d - 2;
                nearest = nearest.min(self.manhattan(node.blank, at));
            }
        }
        moves + nearest.saturating_sub(1).min(moves)
    }
}

/// The blank's moves, in order, that bring every tile of `stage.tiles` onto its goal, moving
/// only loose tiles inside the window, with the fewest moves away from a goal when
/// `stage.per_move` is 0; `None` when a limit stops the search first (its work is positions
/// expanded) or the window does not hold what it must.
pub fn solve(stage: &WindowSearch, limits: &Limits) -> Option<Vec<Dir>> {
    let (window, start, followed) = open_window(stage)?;
    let term = |cell: u8, tile: u8| mix(cell as u64, tile as u64);
    let successors = |node: &Node, out: &mut Vec<(Dir, Node, u32)>| {
        let b = node.blank;
        for dir in Dir::ALL {
            let n = window.neighbour[b as usize][dir.index()];
            if n == BLOCKED || n == node.came_from {
                continue;
            }
            let tile = node.contents[n as usize];
            let away = window.distance(tile, b) > window.distance(tile, n);
            let mut next = Node {
                key: 0,
                blank: n,
                came_from: b,
                tiles: node.tiles,
                contents: node.contents,
            };
            next.contents.swap(b as usize, n as usize);
            if let Some(k) = followed.iter().position(|&t| t == tile) {
                next.tiles[k] = b;
            }
            next.key = if stage.coarse {
                next.coarse_key()
            } else {
                (node.key)
                    .wrapping_sub(term(n, tile))
                    .wrapping_sub(term(b, BLANK))
                    .wrapping_add(term(b, tile))
                    .wrapping_add(term(n, BLANK))
            };
            out.push((dir, next, if away { AWAY } else { 0 }));
        }
    };
    let start = Node {
        key: if stage.coarse {
            start.coarse_key()
        } else {
            (start.contents.iter().enumerate())
                .filter(|&(_, &t)| t != BLOCKED)
                .fold(0u64, |key, (i, &t)| key.wrapping_add(term(i as u8, t)))
        },
        ..start
    };
    let estimate = |node: &Node| stage.per_move * window.bound(node);
    let home = |node: &Node| window.bound(node) == 0;
    let search = cheapest_by_key(successors, |n| n.key, start, home, estimate, limits);
    search.found().map(|(dirs, _)| dirs)
}

/// The window of `stage` in local terms, the start node (its key unset), and the local
/// numbers of the stage's tiles; `None` when the window does not hold what it must.
fn open_window(stage: &WindowSearch) -> Option<(Local, Node, Vec<u8>)> {
    let Field {
        board,
        occupant,
        goal,
        frozen,
    } = &stage.field;
    let (r0, c0) = (stage.rows.start, stage.cols.start);
    let width = stage.cols.len();
    let cells = stage.rows.len() * width;
    if stage.tiles.len() > MOST_TILES || cells > MOST_CELLS {
        return None;
    }
    let global = |i: usize| board.cell(r0 + i / width, c0 + i % width);
    let local = |cell: usize| {
        let (r, c) = board.row_col(cell);
        (stage.rows.contains(&r) && stage.cols.contains(&c))
            .then(|| ((r - r0) * width + c - c0) as u8)
    };
    // Local tile numbers start at 1; `pieces` maps them back.
    let mut pieces: Vec<usize> = Vec::new();
    let mut contents = [BLOCKED; MOST_CELLS];
    let mut blank = None;
    for (i, slot) in contents[..cells].iter_mut().enumerate() {
        match occupant[global(i)] {
            0 => {
                *slot = BLANK;
                blank = Some(i as u8);
            }
            u32::MAX => {}
            o if frozen[o as usize - 1] => {}
            o => {
                pieces.push(o as usize - 1);
                *slot = pieces.len() as u8;
            }
        }
    }
    let mut tiles = [0; MOST_TILES];
    let mut goals = Vec::with_capacity(stage.tiles.len());
    for (k, &tile) in stage.tiles.iter().enumerate() {
        let goal = local(goal[tile]).filter(|&g| contents[g as usize] != BLOCKED)?;
        let number = pieces.iter().position(|&p| p == tile)? + 1;
        tiles[k] = contents.iter().position(|&t| t as usize == number)? as u8;
        goals.push(goal);
    }
    let neighbour = (0..cells)
        .map(|i| {
            Dir::ALL.map(|dir| {
                (board.step(Shape::UNIT, global(i), dir))
                    .and_then(local)
                    .filter(|&n| contents[n as usize] != BLOCKED)
                    .unwrap_or(BLOCKED)
            })
        })
        .collect();
    let mut distance = Vec::with_capacity(pieces.len() * cells);
    for &piece in &pieces {
        let (gr, gc) = board.row_col(goal[piece]);
        distance.extend((0..cells).map(|i| {
            let (r, c) = (r0 + i / width, c0 + i % width);
            (r.abs_diff(gr) + c.abs_diff(gc)).min(u8::MAX as usize) as u8
        }));
    }
    // Unused slots of the stage point at the first goal, where they count as home.
    for slot in &mut tiles[stage.tiles.len()..] {
        *slot = *goals.first().unwrap_or(&0);
    }
    goals.resize(MOST_TILES, *goals.first().unwrap_or(&0));
    // The stage's tiles by local number, to follow them move by move.
    let followed = (tiles[..stage.tiles.len()].iter())
        .map(|&at| contents[at as usize])
        .collect();
    let window = Local {
        width,
        cells,
        neighbour,
        distance,
        goals,
    };
    let start = Node {
        key: 0,
        blank: blank?,
        came_from: BLOCKED,
        tiles,
        contents,
    };
    Some((window, start, followed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Board;

    /// Limits of `expanded` positions.
    fn nodes(expanded: u64) -> Limits {
        Limits::memory(1 << 30).expanding(expanded)
    }

    /// A board of tiles numbered row by row from their goals, the blank in the last cell,
    /// after the blank's moves `walk`: per cell, the occupant as [`Field::occupant`] reads it.
    fn walked(board: &Board, walk: &[Dir]) -> Vec<u32> {
        let cells = board.cells();
        let mut occupant: Vec<u32> = (1..=cells as u32).collect();
        occupant[cells - 1] = 0;
        play(board, &mut occupant, walk);
        occupant
    }

    /// Moves the blank of `occupant` along `dirs`.
    fn play(board: &Board, occupant: &mut [u32], dirs: &[Dir]) {
        for &dir in dirs {
            let blank = occupant.iter().position(|&o| o == 0).expect("a blank");
            let next = board
                .step(Shape::UNIT, blank, dir)
                .expect("a move on the board");
            occupant.swap(blank, next);
        }
    }

    /// A 2x2 board whose blank went five steps round: bringing all three tiles home has one
    /// position to reach, so the fewest moves away from the goals make the shortest solution,
    /// five moves back.
    #[test]
    fn the_whole_of_a_two_by_two_board_comes_home_by_the_shortest_way() {
        let board = Board::new(2, 2);
        let walk = [Dir::Up, Dir::Left, Dir::Down, Dir::Right, Dir::Up];
        let mut occupant = walked(&board, &walk);
        let stage = WindowSearch {
            field: Field {
                board: &board,
                occupant: &occupant,
                goal: &[0, 1, 2],
                frozen: &[false; 3],
            },
            tiles: &[0, 1, 2],
            rows: 0..2,
            cols: 0..2,
            per_move: 0,
            coarse: false,
        };
        let dirs = solve(&stage, &nodes(1000)).unwrap();
        assert_eq!(dirs.len(), 5, "{dirs:?}");
        play(&board, &mut occupant, &dirs);
        assert_eq!(occupant, [1, 2, 3, 0]);
    }

    /// On a 5x5 board, tiles 6 and 7 (goals (1,1) and (1,2)) go home inside the window of rows
    /// 1-4 and columns 1-4 with tile 5 (goal (1,0), next to the window) frozen: every
    /// cell outside the window keeps its tile, and the two stand at their goals.
    #[test]
    fn a_stage_comes_home_without_touching_the_outside() {
        let board = Board::new(5, 5);
        let (up, left, down, right) = (Dir::Up, Dir::Left, Dir::Down, Dir::Right);
        let walk = [up, up, left, up, left, left, down, right, right, down, left];
        let start = walked(&board, &walk);
        let mut frozen = vec![false; 24];
        frozen[5] = true;
        let goal: Vec<usize> = (0..24).collect();
        let stage = WindowSearch {
            field: Field {
                board: &board,
                occupant: &start,
                goal: &goal,
                frozen: &frozen,
            },
            tiles: &[6, 7],
            rows: 1..5,
            cols: 1..5,
            per_move: 1,
            coarse: false,
        };
        let dirs = solve(&stage, &nodes(100_000)).unwrap();
        let mut occupant = start.clone();
        play(&board, &mut occupant, &dirs);
        assert_eq!((occupant[6], occupant[7]), (7, 8));
        for cell in 0..25 {
            let (r, c) = board.row_col(cell);
            if r == 0 || c == 0 {
                assert_eq!(occupant[cell], start[cell], "cell {cell}");
            }
        }
    }

    /// A 6x6 board scrambled by 400 random blank moves; tiles 1-4 (the top row's first four)
    /// must come home with everything else free to move. The exact search gives up within
    /// 2,000 expansions, lost among the ways of shuffling the other 31 tiles; the coarse one,
    /// which tells positions apart by the blank and the four tiles only, ends within them, and
    /// its moves bring the four home.
    #[test]
    fn a_coarse_search_ends_where_the_exact_one_gives_up() {
        let board = Board::new(6, 6);
        let mut rng = crate::rng::Rng::new(7);
        let mut walk = Vec::new();
        let mut blank = 35;
        while walk.len() < 400 {
            let dir = Dir::ALL[rng.below(4)];
            if let Some(next) = board.step(Shape::UNIT, blank, dir) {
                walk.push(dir);
                blank = next;
            }
        }
        let start = walked(&board, &walk);
        let goal: Vec<usize> = (0..35).collect();
        let frozen = vec![false; 35];
        let stage = |coarse| WindowSearch {
            field: Field {
                board: &board,
                occupant: &start,
                goal: &goal,
                frozen: &frozen,
            },
            tiles: &[0, 1, 2, 3],
            rows: 0..6,
            cols: 0..6,
            per_move: 1,
            coarse,
        };
        assert!(solve(&stage(false), &nodes(2_000)).is_none());
        let dirs = solve(&stage(true), &nodes(2_000)).expect("the coarse search ends");
        let mut occupant = start.clone();
        play(&board, &mut occupant, &dirs);
        assert_eq!(occupant[..4], [1, 2, 3, 4]);
    }
}
