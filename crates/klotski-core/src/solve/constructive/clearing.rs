//! The searches that empty cells ahead of a piece, gather blanks where they are short, and
//! finish a placement when the route alone cannot.

use super::draft::{Draft, pieces_bits};
use super::placer::{Arrangement, EMPTY, Placer, WALL, widen};
use super::sparse::UNSET;
use crate::engine::geometry::{Dir, Shape};
use crate::engine::puzzle::Move;
use crate::search::{KeyedSpace, best_first};

/// Expansions the search that finishes a placement may spend before the solver gives up.
const NODES_PER_PIECE: usize = 50_000;
/// Expansions the search that finishes a placement may spend in one window before widening it.
const NODES_PER_WINDOW: usize = 30_000;
/// The windows (margin around the cells, expansions) the search that empties cells tries in
/// turn.
pub(super) const NEAR_WINDOWS: [(usize, usize); 2] = [(2, 2_000), (4, 5_000)];
/// Up to this many blanks, the searches that empty cells look at the whole board at once, and
/// a piece's target is not emptied ahead of it first.
pub(super) const FEW_BLANKS: usize = 4;
/// Weight of the heuristic: well above 1, so searches run greedy and fast.
const WEIGHT: u32 = 3;
/// Blanks [`Placer::gather`] brings within [`GATHER_RADIUS`] cells of cells that could not be
/// emptied, before trying again.
const GATHER: usize = 4;
const GATHER_RADIUS: u64 = 2;

impl Placer<'_> {
    /// Moves that leave every cell of `cells` empty ([`Placer::clear`]), made on `layout`;
    /// `None`, with `layout` unchanged, when none were found. With few blanks, one search over
    /// the whole board. With `many`, searches in windows near the cells, and when they fail,
    /// once more after [`Placer::gather`] brought blanks there; the whole board is never
    /// searched then: with many loose blanks it is a huge plateau of alike positions, and it
    /// rarely succeeds where the windows failed. (With few blanks, gathering before a second
    /// whole-board search costs much time and places nothing more.)
    pub(super) fn clear_or_gather(
        &self,
        layout: &mut Arrangement,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[usize],
        many: bool,
    ) -> Option<Vec<Move>> {
        let whole = [(usize::MAX, self.step_nodes)];
        let windows: &[(usize, usize)] = if many { &NEAR_WINDOWS } else { &whole };
        if let Some((path, cleared)) = self.clear(layout, cells, frozen, reserved, windows) {
            layout.absorb(cleared);
            return Some(path);
        }
        if !many {
            return None;
        }
        self.after_gathering(layout, cells, frozen, reserved, |gathered| {
            self.clear(gathered, cells, frozen, reserved, &NEAR_WINDOWS)
        })
    }

    /// Gathers blanks next to `cells` ([`Placer::gather`]) and runs `search` from there, the
    /// position it reached made on `layout`; the gathering's moves, then the search's. `None`,
    /// with `layout` unchanged, when no blank came nearer (the search already failed from
    /// where they stood) or the search fails again.
    pub(super) fn after_gathering(
        &self,
        layout: &mut Arrangement,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[usize],
        search: impl FnOnce(&Arrangement) -> Option<(Vec<Move>, Draft)>,
    ) -> Option<Vec<Move>> {
        let gathering = self.gather(layout, cells, frozen, reserved);
        if gathering.is_empty() {
            return None;
        }
        let Some((path, reached)) = search(layout) else {
            for &mv in gathering.iter().rev() {
                self.make(layout, mv.reversed());
            }
            return None;
        };
        layout.absorb(reached);
        Some([gathering, path].concat())
    }

    /// Brings blanks next to `cells` on `layout`, one at a time along a shortest path through
    /// loose 1x1 tiles (each tile on the way steps back one cell), until [`GATHER`] blanks
    /// stand within [`GATHER_RADIUS`] of them, and returns the moves: blocks move only with
    /// several blanks at their side, and the searches that empty cells cannot find blanks far
    /// away across a plateau of alike positions.
    pub(super) fn gather(
        &self,
        layout: &mut Arrangement,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[usize],
    ) -> Vec<Move> {
        let board = &self.puzzle.board;
        let near = |c: usize| cells.iter().any(|&t| self.distance(c, t) <= GATHER_RADIUS);
        let passable = |layout: &Arrangement, c: usize| {
            !reserved.contains(&c)
                && match layout.occupant[c] {
                    WALL => false,
                    EMPTY => true,
                    o => {
                        let p = o as usize - 1;
                        !frozen[p] && self.puzzle.pieces[p].shape == Shape::UNIT
                    }
                }
        };
        let mut moves = Vec::new();
        let mut came_from = self.came_from.borrow_mut();
        loop {
            let present = layout.blanks.iter().filter(|&&b| near(b as usize)).count();
            if present >= GATHER.min(layout.blanks.len()) {
                break;
            }
            // Breadth first from the tiles near the cells out to the nearest blank far away.
            came_from.reset(board.cells());
            let mut queue = std::collections::VecDeque::new();
            for c in self.near_cells(cells) {
                if layout.occupant[c] != EMPTY && passable(layout, c) {
                    came_from.set(c, c as u32);
                    queue.push_back(c);
                }
            }
            let mut found = None;
            while let Some(c) = queue.pop_front() {
                if layout.occupant[c] == EMPTY {
                    found = Some(c);
                    break;
                }
                for dir in Dir::ALL {
                    if let Some(n) = board.step(Shape::UNIT, c, dir)
                        && came_from.get(n) == UNSET
                        && !near(n)
                        && passable(layout, n)
                    {
                        came_from.set(n, c as u32);
                        queue.push_back(n);
                    }
                }
            }
            let Some(mut blank) = found else { break };
            // Each tile on the path steps into the blank behind it.
            while came_from.get(blank) as usize != blank {
                let tile_cell = came_from.get(blank) as usize;
                let piece = layout.occupant[tile_cell] as usize - 1;
                let dir = Dir::ALL
                    .into_iter()
                    .find(|&d| board.step(Shape::UNIT, tile_cell, d) == Some(blank))
                    .expect("neighbouring cells");
                let mv = Move { piece, dir };
                self.make(layout, mv);
                moves.push(mv);
                blank = tile_cell;
            }
        }
        moves
    }

    /// The cells within [`GATHER_RADIUS`] of any of `cells`, in increasing order.
    fn near_cells(&self, cells: &[usize]) -> Vec<usize> {
        let board = &self.puzzle.board;
        let radius = GATHER_RADIUS as usize;
        let mut near: Vec<usize> = Vec::new();
        for &cell in cells {
            let (r, c) = board.row_col(cell);
            for row in r.saturating_sub(radius)..(r + radius + 1).min(board.rows()) {
                let left = radius - row.abs_diff(r);
                for col in c.saturating_sub(left)..(c + left + 1).min(board.cols()) {
                    near.push(board.cell(row, col));
                }
            }
        }
        near.sort_unstable();
        near.dedup();
        near
    }

    /// Moves of unfrozen pieces from `start`, never into a reserved cell, that leave every
    /// cell of `cells` empty, and the position they reach.
    pub(super) fn clear(
        &self,
        start: &Arrangement,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[usize],
        windows: &[(usize, usize)],
    ) -> Option<(Vec<Move>, Draft)> {
        let heuristic = |draft: &Draft| {
            let sum: u64 = (cells.iter())
                .filter(|&&c| draft.occupant(start, c) != EMPTY)
                .map(|&c| 1 + self.nearest_blank(&draft.blanks, c))
                .sum();
            u32::try_from(sum).unwrap_or(u32::MAX)
        };
        // Loose blanks far away make a huge plateau of equally good positions: search near the
        // cells first, and widen the window only when that fails.
        let board = &self.puzzle.board;
        let spots = || cells.iter().map(|&c| board.row_col(c));
        let rows = spots().map(|(r, _)| r).min()?..spots().map(|(r, _)| r).max()? + 1;
        let cols = spots().map(|(_, c)| c).min()?..spots().map(|(_, c)| c).max()? + 1;
        for &(margin, budget) in windows {
            let window = (&widen(rows.clone(), margin), &widen(cols.clone(), margin));
            let stuck = |p: usize| frozen[p] || !self.within(p, start.origins[p] as usize, window);
            let begin = Draft::start(start);
            let space = KeyedSpace {
                moves: |draft: &Draft, out: &mut _| {
                    self.moves((start, draft), stuck, reserved, frozen, out)
                },
                make: |draft: &Draft, mv| self.apply(start, draft, mv, frozen),
                node_bytes: begin.bytes(),
            };
            let emptied = |draft: &Draft| cells.iter().all(|&c| draft.occupant(start, c) == EMPTY);
            let limits = self.limits.expanding(budget as u64);
            let found = best_first(space, (begin, 0), emptied, heuristic, WEIGHT, &limits);
            if let Some(found) = found.found() {
                return Some(found);
            }
        }
        None
    }

    /// Any moves from `start` that bring `current` and every other piece `frozen` marks (the
    /// pieces placed before it, all at home) onto their targets, and the position they reach.
    /// The search first moves only the pieces inside a small window around the piece and its
    /// target, which keeps it small, and widens the window when that fails.
    pub(super) fn settle(
        &self,
        start: &Arrangement,
        frozen: &[bool],
        current: usize,
    ) -> Option<(Vec<Move>, Draft)> {
        let board = &self.puzzle.board;
        let (origin, target) = (start.origins[current] as usize, self.target[current]);
        // The placed pieces stand at home: only what a search moves adds to the distance left.
        let at_start = self.distance(origin, target);
        debug_assert!((0..frozen.len()).all(|p| {
            !frozen[p] || p == current || start.origins[p] as usize == self.target[p]
        }));
        let placed = pieces_bits((0..frozen.len()).filter(|&p| frozen[p]));
        let misplacement = |draft: &Draft| -> u64 {
            let moved = draft.moved_among(start, placed).filter(|&(p, _)| frozen[p]);
            moved.fold(at_start, |sum, (p, at)| {
                let before = self.distance(start.origins[p] as usize, self.target[p]);
                sum + self.distance(at, self.target[p]) - before
            })
        };
        // Each misplaced cell of distance costs several moves; a blank must also come to the
        // piece being placed before it can move.
        let heuristic = |draft: &Draft| {
            let at = draft.origin(start, current);
            let sum = 4 * misplacement(draft) + self.nearest_blank(&draft.blanks, at);
            u32::try_from(sum).unwrap_or(u32::MAX)
        };
        let (r0, c0) = board.row_col(origin);
        let (r1, c1) = board.row_col(target);
        let shape = self.puzzle.pieces[current].shape;
        for margin in [1, 2, 3, usize::MAX] {
            let rows = widen(r0.min(r1)..r0.max(r1) + shape.rows, margin);
            let cols = widen(c0.min(c1)..c0.max(c1) + shape.cols, margin);
            let outside = |p: usize| !self.within(p, start.origins[p] as usize, (&rows, &cols));
            let budget = if margin == usize::MAX {
                NODES_PER_PIECE
            } else {
                NODES_PER_WINDOW
            };
            let begin = Draft::start(start);
            let space = KeyedSpace {
                moves: |draft: &Draft, out: &mut _| {
                    self.moves((start, draft), outside, &[], frozen, out)
                },
                make: |draft: &Draft, mv| self.apply(start, draft, mv, frozen),
                node_bytes: begin.bytes(),
            };
            let settled = |draft: &Draft| misplacement(draft) == 0;
            let limits = self.limits.expanding(budget as u64);
            let found = best_first(space, (begin, 0), settled, heuristic, WEIGHT, &limits);
            if let Some(found) = found.found() {
                return Some(found);
            }
        }
        None
    }
}
