//! One piece's way to its target: a cost-aware route for a tile and the blank together on boards
//! of tiles with one blank, else a cheapest route for the piece, step by step, each step's
//! cells emptied first.

use super::clearing::{FEW_BLANKS, NEAR_WINDOWS};
use super::placer::{Arrangement, EMPTY, Placer, WALL};
use super::tile_route::{self, Field, Leg};
use crate::engine::geometry::{Dir, Shape};
use crate::engine::puzzle::Move;

/// Routes tried around cells that could not be emptied before a placement falls back to the
/// unrestricted search.
const MAX_DETOURS: usize = 16;
/// Costs in the routes of [`tile_route`], where other moves cost 1, of a move that takes the
/// routed tile away from its goal, and one that pushes a loose tile further away from its goal:
/// each such move costs two moves in the end (it and its undoing), and routes that avoid them
/// pay off further.
const PENALTY: u32 = 5;
const PUSH_PENALTY: u32 = 8;
/// Cost of a move that pushes a loose tile off its goal: as cheap as any move, since such a tile
/// stands one step from home, where pushing tiles that are already away costs more in the end.
const HOME_PENALTY: u32 = 1;
/// Most (tile, blank) pairs one route of [`tile_route`] may expand before the placement falls
/// back to the general searches.
const ROUTE_NODES: usize = 100_000;
/// Longest leg, in rows and in columns, of a tile's route in one search of [`tile_route`]: one
/// search over (tile, blank) pairs grows with the cube of the distance.
const LEG: usize = 4;

impl Placer<'_> {
    /// Moves, made on `layout`, that bring `current` onto its target and keep every other
    /// piece `frozen` marks (the pieces placed before it, all at home) there; `frozen` marks
    /// `current` too. First the target cells are emptied; then the piece walks a shortest
    /// route around the placed pieces, a step at a time, each step preceded by a search that
    /// empties the cells it enters without moving the placed pieces or refilling the target.
    /// Where that fails, a search over all moves finishes the placement. `None` when it
    /// cannot, `layout` then left part of the way.
    pub(super) fn place(
        &self,
        layout: &mut Arrangement,
        frozen: &mut [bool],
        current: usize,
    ) -> Option<Vec<Move>> {
        let shape = self.puzzle.pieces[current].shape;
        let board = &self.puzzle.board;
        if self.one_blank
            && let Some(routed) = self.route_tile(layout, current, frozen)
        {
            return Some(routed);
        }
        let mut reserved = Vec::new();
        let mut moves = Vec::new();
        // Empty the target first: a piece left in a pocket there could only leave through the
        // cells the placed piece will need. Only with blanks to spare: the emptied cells are
        // reserved, and the blanks kept there cannot help the piece on its way.
        let target: Vec<usize> = board.footprint(shape, self.target[current]).collect();
        let blanks = layout.blanks.len();
        let at_target = target
            .iter()
            .all(|&c| layout.occupant[c] == current as u32 + 1);
        // Many loose blanks make a huge plateau for a search over the whole board: it goes
        // near the cells then ([`Placer::clear_or_gather`]).
        let many = blanks > FEW_BLANKS;
        let whole = [(usize::MAX, self.step_nodes)];
        if self.evacuate && !at_target && blanks > target.len() {
            frozen[current] = false;
            // With many blanks, only near the target: evacuating is optional, and a failing
            // search far and wide costs more than it saves.
            let near: &[(usize, usize)] = if many { &NEAR_WINDOWS } else { &whole };
            if let Some((path, cleared)) = self.clear(layout, &target, frozen, &reserved, near) {
                moves.extend(path);
                layout.absorb(cleared);
                reserved.clone_from(&target);
            }
            frozen[current] = true;
        }
        // Cells whose clearing failed: the route goes around them, a few times at most.
        let mut avoid = Vec::new();
        let mut detours = 0;
        while let Some(dir) = self.route_step(layout, current, frozen, &avoid) {
            if self.stopped().is_some() {
                return None;
            }
            let origin = layout.origins[current] as usize;
            let cells: Vec<usize> = board.entering(shape, origin, dir).collect();
            let Some(path) = self.clear_or_gather(layout, &cells, frozen, &reserved, many) else {
                detours += 1;
                if detours > MAX_DETOURS {
                    break;
                }
                avoid.extend(cells);
                continue;
            };
            moves.extend(path);
            let mv = Move {
                piece: current,
                dir,
            };
            self.make(layout, mv);
            moves.push(mv);
        }
        let path = match self.settle(layout, frozen, current) {
            Some((path, settled)) => {
                layout.absorb(settled);
                path
            }
            None => {
                let mut cells: Vec<usize> = board.footprint(shape, self.target[current]).collect();
                cells.extend(board.footprint(shape, layout.origins[current] as usize));
                self.after_gathering(layout, &cells, frozen, &reserved, |gathered| {
                    self.settle(gathered, frozen, current)
                })?
            }
        };
        moves.extend(path);
        Some(moves)
    }

    /// On a board of tiles with one blank: the moves, made on `layout`, of the cheapest route
    /// ([`tile_route`]) that brings `tile` to its target without moving a frozen piece; `None`,
    /// with `layout` unchanged, when the target is a dead end the tile cannot enter without
    /// moving placed tiles (the last cell of a row), or the route's search gives up.
    pub(super) fn route_tile(
        &self,
        layout: &mut Arrangement,
        tile: usize,
        frozen: &[bool],
    ) -> Option<Vec<Move>> {
        let board = &self.puzzle.board;
        let (from, to) = (layout.origins[tile] as usize, self.target[tile]);
        let blank = *layout.blanks.first()? as usize;
        // Whether the route may pass `cell`; the same on every leg, since walls and frozen
        // pieces stay where they are.
        let open = |occupant: &[u32], cell: usize| match occupant[cell] {
            WALL => false,
            EMPTY => true,
            o => o as usize - 1 == tile || !frozen[o as usize - 1],
        };
        let ways_in = Dir::ALL
            .iter()
            .filter_map(|&d| board.step(Shape::UNIT, to, d))
            .filter(|&c| open(&layout.occupant, c))
            .count();
        // A blank that enters a dead end can only leave it by pulling in what it came past.
        let last_step = blank == to && self.distance(from, to) == 1;
        if from != to && ways_in < 2 && !last_step {
            return None;
        }
        let mut moves = Vec::new();
        // Far tiles go leg by leg: one search over (tile, blank) pairs all the way would grow
        // with the cube of the distance.
        while layout.origins[tile] as usize != to {
            let from = layout.origins[tile] as usize;
            let field = Field {
                board,
                occupant: &layout.occupant,
                goal: self.target,
                frozen,
            };
            let leg = Leg {
                tile,
                from,
                blank: layout.blanks[0] as usize,
                to: self.waypoint(from, to, &|c| open(&layout.occupant, c)),
                penalty: PENALTY,
                push_penalty: PUSH_PENALTY,
                home_penalty: HOME_PENALTY,
            };
            let limits = self.limits.expanding(ROUTE_NODES as u64);
            let Some(dirs) = tile_route::route(&field, &leg, &limits) else {
                // Back to where the route began: the placement goes another way from there.
                let back = moves.iter().rev().map(|mv: &Move| mv.dir);
                self.play_blank(layout, back.collect(), &mut Vec::new());
                return None;
            };
            self.play_blank(layout, dirs, &mut moves);
        }
        Some(moves)
    }

    /// Where the next leg of a tile's route from `from` to `to` ends: `to` when it is at most
    /// [`LEG`] cells away in each direction, else the cell [`LEG`] cells nearer in each
    /// direction that is `open` (or nearer in columns only, or rows only), else `to`.
    pub(super) fn waypoint(&self, from: usize, to: usize, open: &dyn Fn(usize) -> bool) -> usize {
        let board = &self.puzzle.board;
        let ((rf, cf), (rt, ct)) = (board.row_col(from), board.row_col(to));
        let toward = |a: usize, b: usize| {
            if a.abs_diff(b) <= LEG {
                b
            } else if b > a {
                a + LEG
            } else {
                a - LEG
            }
        };
        let (r, c) = (toward(rf, rt), toward(cf, ct));
        if (r, c) == (rt, ct) {
            return to;
        }
        [(r, c), (rf, c), (r, cf)]
            .into_iter()
            .map(|(r, c)| board.cell(r, c))
            .find(|&cell| cell != from && open(cell))
            .unwrap_or(to)
    }

    /// The first step of a cheapest route for `piece` to its target that crosses no frozen
    /// piece (other than itself), no wall and no cell in `avoid`; `None` at the target or when
    /// no route exists. Entering an empty cell costs 1, a tile's cell 2 and a block's cell 6:
    /// blocks are slow to push aside. On boards of 1x1 tiles, a tile also pays for the blank it needs in the cell
    /// ahead: from behind it (where its last step left the blank) that is 4 moves straight on
    /// and 2 after a turn, so staircase routes win over straight pushes; the first step pays
    /// the distance from the nearest blank.
    pub(super) fn route_step(
        &self,
        layout: &Arrangement,
        piece: usize,
        frozen: &[bool],
        avoid: &[usize],
    ) -> Option<Dir> {
        let board = &self.puzzle.board;
        let shape = self.puzzle.pieces[piece].shape;
        let (start, goal) = (layout.origins[piece] as usize, self.target[piece]);
        if start == goal {
            return None;
        }
        let cell_cost = |cell: usize| -> Option<u32> {
            if avoid.contains(&cell) {
                return None;
            }
            match layout.occupant[cell] {
                WALL => None,
                EMPTY => Some(1),
                o if o as usize - 1 == piece => Some(1),
                o if frozen[o as usize - 1] => None,
                o if self.puzzle.pieces[o as usize - 1].shape == Shape::UNIT => Some(2),
                _ => Some(6),
            }
        };
        let tile = self.turns;
        // Blank moves to bring the blank into `cell`, ahead of a tile whose last step was
        // `last`, before it steps `dir`.
        let fetch = |cell: usize, last: Dir, dir: Dir| -> u32 {
            if !tile || layout.occupant[cell] == EMPTY {
                0
            } else if last == dir {
                4
            } else if last == dir.opposite() {
                0
            } else {
                2
            }
        };
        // Dijkstra from the goal over (origin, the step that reached it), stopping once no
        // route from the start can beat the best found.
        let index = |at: usize, last: Dir| at * 4 + last.index();
        let mut distance = self.distances.borrow_mut();
        distance.reset(board.cells() * 4);
        let mut heap = std::collections::BinaryHeap::new();
        for last in Dir::ALL {
            distance.set(index(goal, last), 0);
            heap.push(std::cmp::Reverse((0u32, goal, last.index())));
        }
        let mut best: Option<(u32, Dir)> = None;
        while let Some(std::cmp::Reverse((d, at, last))) = heap.pop() {
            let last = Dir::ALL[last];
            if best.is_some_and(|(b, _)| d >= b) {
                break;
            }
            if d > distance.get(index(at, last)) {
                continue;
            }
            // A step from `next` towards `at` goes the other way.
            let Some(next) = board.step(shape, at, last.opposite()) else {
                continue;
            };
            let Some(cost) = board
                .entering(shape, next, last)
                .map(cell_cost)
                .sum::<Option<u32>>()
            else {
                continue;
            };
            if next == start {
                let first = if tile {
                    let cell = board.entering(shape, start, last).next().expect("a cell");
                    self.nearest_blank(&layout.blanks, cell) as u32
                } else {
                    0
                };
                if best.is_none_or(|(b, _)| d + cost + first < b) {
                    best = Some((d + cost + first, last));
                }
                continue;
            }
            for before in Dir::ALL {
                let ahead = board.entering(shape, next, last).next().expect("a cell");
                let total = d + cost + fetch(ahead, before, last);
                let slot = index(next, before);
                if total < distance.get(slot) {
                    distance.set(slot, total);
                    heap.push(std::cmp::Reverse((total, next, before.index())));
                }
            }
        }
        best.map(|(_, dir)| dir)
    }
}
