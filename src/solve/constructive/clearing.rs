//! The searches that empty cells ahead of a piece, gather blanks where they are short, and
//! finish a placement when the route alone cannot.

use super::placer::{Arrangement, EMPTY, Placer, WALL, widen};
use crate::engine::geometry::{Dir, Shape};
use crate::engine::puzzle::Move;
use crate::search::{Budget, best_first};

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
const WEIGHT: u64 = 3;
/// Blanks [`Placer::gather`] brings within [`GATHER_RADIUS`] cells of cells that could not be
/// emptied, before trying again.
const GATHER: usize = 4;
const GATHER_RADIUS: u64 = 2;

impl Placer<'_> {
    /// Moves that leave every cell of `cells` empty ([`Placer::clear`]). With few blanks, one
    /// search over the whole board. With `many`, searches in windows near the cells, and when
    /// they fail, once more after [`Placer::gather`] brought blanks there; the whole board is
    /// never searched then: with many loose blanks it is a huge plateau of alike positions, and
    /// it rarely succeeds where the windows failed. (With few blanks, gathering before a second
    /// whole-board search costs much time and places nothing more.)
    pub(super) fn clear_or_gather(
        &self,
        layout: &Arrangement,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[bool],
        many: bool,
    ) -> Option<(Vec<Move>, Arrangement)> {
        if !many {
            let whole = [(usize::MAX, self.step_nodes)];
            return self.clear(layout.clone(), cells, frozen, reserved, &whole);
        }
        if let Some(found) = self.clear(layout.clone(), cells, frozen, reserved, &NEAR_WINDOWS) {
            return Some(found);
        }
        self.after_gathering(layout.clone(), cells, frozen, reserved, |gathered| {
            self.clear(gathered, cells, frozen, reserved, &NEAR_WINDOWS)
        })
    }

    /// Gathers blanks next to `cells` ([`Placer::gather`]) and runs `search` from there; the
    /// gathering's moves, then the search's. `None` when no blank came nearer (the search
    /// already failed from where they stood) or the search fails again.
    pub(super) fn after_gathering(
        &self,
        layout: Arrangement,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[bool],
        search: impl FnOnce(Arrangement) -> Option<(Vec<Move>, Arrangement)>,
    ) -> Option<(Vec<Move>, Arrangement)> {
        let (gathering, gathered) = self.gather(layout, cells, frozen, reserved);
        if gathering.is_empty() {
            return None;
        }
        let (path, reached) = search(gathered)?;
        Some(([gathering, path].concat(), reached))
    }

    /// Brings blanks next to `cells`, one at a time along a shortest path through loose 1x1
    /// tiles (each tile on the way steps back one cell), until [`GATHER`] blanks stand within
    /// [`GATHER_RADIUS`] of them: blocks move only with several blanks at their side, and the
    /// searches that empty cells cannot find blanks far away across a plateau of alike
    /// positions.
    pub(super) fn gather(
        &self,
        mut layout: Arrangement,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[bool],
    ) -> (Vec<Move>, Arrangement) {
        let board = &self.puzzle.board;
        let near = |c: usize| cells.iter().any(|&t| self.distance(c, t) <= GATHER_RADIUS);
        let passable = |layout: &Arrangement, c: usize| {
            !reserved[c]
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
        let mut came_from = vec![usize::MAX; board.cells()];
        loop {
            let present = layout.blanks.iter().filter(|&&b| near(b as usize)).count();
            if present >= GATHER.min(layout.blanks.len()) {
                break;
            }
            // Breadth first from the tiles near the cells out to the nearest blank far away.
            came_from.fill(usize::MAX);
            let mut queue = std::collections::VecDeque::new();
            let sources = (0..board.cells())
                .filter(|&c| near(c) && layout.occupant[c] != EMPTY && passable(&layout, c));
            for c in sources {
                came_from[c] = c;
                queue.push_back(c);
            }
            let mut found = None;
            while let Some(c) = queue.pop_front() {
                if layout.occupant[c] == EMPTY {
                    found = Some(c);
                    break;
                }
                for dir in Dir::ALL {
                    if let Some(n) = board.step(Shape::UNIT, c, dir)
                        && came_from[n] == usize::MAX
                        && !near(n)
                        && passable(&layout, n)
                    {
                        came_from[n] = c;
                        queue.push_back(n);
                    }
                }
            }
            let Some(mut blank) = found else { break };
            // Each tile on the path steps into the blank behind it.
            while came_from[blank] != blank {
                let tile_cell = came_from[blank];
                let piece = layout.occupant[tile_cell] as usize - 1;
                let dir = Dir::ALL
                    .into_iter()
                    .find(|&d| board.step(Shape::UNIT, tile_cell, d) == Some(blank))
                    .expect("neighbouring cells");
                let mv = Move { piece, dir };
                layout = self.apply(&layout, mv, frozen);
                moves.push(mv);
                blank = tile_cell;
            }
        }
        (moves, layout)
    }

    /// Moves of unfrozen pieces, never into a reserved cell, that leave every cell of `cells`
    /// empty.
    pub(super) fn clear(
        &self,
        mut start: Arrangement,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[bool],
        windows: &[(usize, usize)],
    ) -> Option<(Vec<Move>, Arrangement)> {
        self.rekey(&mut start, frozen);
        let heuristic = |layout: &Arrangement| -> u64 {
            cells
                .iter()
                .filter(|&&c| layout.occupant[c] != EMPTY)
                .map(|&c| 1 + self.nearest_blank(layout, c))
                .sum()
        };
        // Loose blanks far away make a huge plateau of equally good positions: search near the
        // cells first, and widen the window only when that fails.
        let board = &self.puzzle.board;
        let spots = || cells.iter().map(|&c| board.row_col(c));
        let rows = spots().map(|(r, _)| r).min()?..spots().map(|(r, _)| r).max()? + 1;
        let cols = spots().map(|(_, c)| c).min()?..spots().map(|(_, c)| c).max()? + 1;
        for &(margin, budget) in windows {
            let outside = self.outside(
                &start,
                &widen(rows.clone(), margin),
                &widen(cols.clone(), margin),
            );
            let stuck: Vec<bool> = frozen.iter().zip(&outside).map(|(&f, &o)| f || o).collect();
            let found = best_first(
                start.clone(),
                |layout, out| self.successors(layout, &stuck, reserved, frozen, out),
                heuristic,
                |layout| layout.key,
                |layout| cells.iter().all(|&c| layout.occupant[c] == EMPTY),
                WEIGHT,
                Budget {
                    max_nodes: budget,
                    limits: &self.limits,
                    node_bytes: start.bytes(),
                },
            );
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Any moves that bring every piece of `relevant` onto its target. The search first moves
    /// only the pieces inside a small window around the piece and its target, which keeps it
    /// small, and widens the window when that fails.
    pub(super) fn settle(
        &self,
        mut start: Arrangement,
        relevant: &[usize],
    ) -> Option<(Vec<Move>, Arrangement)> {
        let board = &self.puzzle.board;
        let current = *relevant.last().expect("at least one piece");
        let mut is_relevant = vec![false; self.puzzle.pieces.len()];
        relevant.iter().for_each(|&p| is_relevant[p] = true);
        self.rekey(&mut start, &is_relevant);
        let misplacement = |layout: &Arrangement| -> u64 {
            relevant
                .iter()
                .map(|&p| self.distance(layout.origins[p] as usize, self.target[p]))
                .sum()
        };
        // Each misplaced cell of distance costs several moves; a blank must also come to the
        // piece being placed before it can move.
        let heuristic = |layout: &Arrangement| {
            4 * misplacement(layout) + self.nearest_blank(layout, layout.origins[current] as usize)
        };
        let anywhere = vec![false; board.cells()];
        let (r0, c0) = board.row_col(start.origins[current] as usize);
        let (r1, c1) = board.row_col(self.target[current]);
        let shape = self.puzzle.pieces[current].shape;
        for margin in [1, 2, 3, usize::MAX] {
            let rows = widen(r0.min(r1)..r0.max(r1) + shape.rows, margin);
            let cols = widen(c0.min(c1)..c0.max(c1) + shape.cols, margin);
            let outside = self.outside(&start, &rows, &cols);
            let budget = if margin == usize::MAX {
                NODES_PER_PIECE
            } else {
                NODES_PER_WINDOW
            };
            let found = best_first(
                start.clone(),
                |layout, out| self.successors(layout, &outside, &anywhere, &is_relevant, out),
                heuristic,
                |layout| layout.key,
                |layout| misplacement(layout) == 0,
                WEIGHT,
                Budget {
                    max_nodes: budget,
                    limits: &self.limits,
                    node_bytes: start.bytes(),
                },
            );
            if found.is_some() {
                return found;
            }
        }
        None
    }
}
