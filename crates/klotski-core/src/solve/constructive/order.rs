//! The order of placement: which pieces go home next (one, or on boards of tiles with one blank
//! a stage of several, the cheapest of those that keep the placed ones a staircase), and the
//! window searches that bring a stage home at once.

use super::placer::{Arrangement, Placer, widen};
use super::tile_route::Field;
use super::tile_window;
use crate::engine::puzzle::Move;
use crate::search::Stop;

/// Most tiles one stage of [`tile_window`] brings home together: larger stages save moves, up
/// to the point where their windows grow too large for the searches to end.
const STAGE_TILES: usize = 4;
/// Most cells a window of [`tile_window`] may have, the window around a stage of several tiles
/// included.
const WINDOW_CELLS: usize = 80;
/// Margin, in rows and columns, of a window around its stage's tiles, targets and blank.
const WINDOW_MARGIN: usize = 2;
/// What the searches of [`tile_window`] charge per move of their bound on the moves left, where
/// a move away from a goal costs 2 and one towards it nothing: one, the average, so searches
/// run about as greedy as the costs are.
const WINDOW_PER_MOVE: u32 = 1;
/// Most positions the exact search of a stage ([`tile_window`]) may expand before the coarse
/// one takes over, on boards of at most [`LARGE_WINDOWS_BOARD`] cells: the coarse search
/// rescues the stages it gives up on, so a larger budget buys time, not shorter solutions.
const WINDOW_NODES: usize = 5_000;
/// The same on boards of more cells: there the exact search fails two times in three, and
/// five times this budget changed answers by less than one move in a hundred, either way, on
/// boards of 50x50 to 100x100 tiles, and made the placements twice as slow.
const LARGE_BOARD_WINDOW_NODES: usize = 1_000;
/// Boards of more cells than this (above 32x32) get [`LARGE_BOARD_WINDOW_NODES`].
const LARGE_WINDOWS_BOARD: usize = 1_024;
/// Boards of more cells than this (above 64x64) skip the exact search of a stage: on a
/// 100x100 board it costs a quarter of the placements' time and makes answers about one move
/// in a hundred shorter.
const EXACT_WINDOWS_MOST_CELLS: usize = 4_096;
/// Boards of more cells than this (above 128x128) run the coarse searches greedier, at
/// [`GREEDY_PER_MOVE`]: they expand about a quarter of the positions, for answers about a
/// sixth longer, so that the default run answers a 200x200 board within its time limit.
const GREEDY_WINDOWS_FROM_CELLS: usize = 16_384;
/// What the greedier searches of [`GREEDY_WINDOWS_FROM_CELLS`] charge per move of their bound.
const GREEDY_PER_MOVE: u32 = 2;
/// Most positions the coarse search of a stage may expand; it ends within them nearly always.
const COARSE_NODES: usize = 12_000;

/// How the window searches run on a board of `cells` cells: the exact search's budget (none:
/// no exact search), and what the searches charge per move of their bound. The work of a
/// placement grows with the board, and these keep a huge board's answer within the default
/// time limit: they depend on the board alone, so every machine prints the same answer.
fn window_budgets(cells: usize) -> (Option<usize>, u32) {
    let exact = match cells {
        _ if cells <= LARGE_WINDOWS_BOARD => Some(WINDOW_NODES),
        _ if cells <= EXACT_WINDOWS_MOST_CELLS => Some(LARGE_BOARD_WINDOW_NODES),
        _ => None,
    };
    let per_move = match cells > GREEDY_WINDOWS_FROM_CELLS {
        true => GREEDY_PER_MOVE,
        false => WINDOW_PER_MOVE,
    };
    (exact, per_move)
}

/// Why the constructive solver stopped without a solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// A placement search ran out of nodes: the puzzle may be unsolvable, or too tangled.
    #[error("could not place piece {label} within its search budget")]
    Stuck {
        /// The piece that could not be placed.
        label: u32,
        /// The moves, from the start, of the way of placing that brought the most pieces home
        /// before it got stuck (see [`super::solve_streaming`]).
        reached: Vec<Move>,
    },
    /// The deadline passed, or the solve was cancelled.
    #[error("stopped: {0:?}")]
    Stopped(Stop),
}

/// The rows above the strip as [`Placer::cheapest`] fills them.
pub(super) struct Staircase {
    /// Per row: how many of its cells, from the left, are placed; never more than in the row
    /// above.
    pub(super) lengths: Vec<usize>,
    /// Per cell above the strip: the piece whose target it is.
    pub(super) piece_at: Vec<usize>,
    /// How many pieces belong above the strip.
    pub(super) pieces: usize,
}

impl Staircase {
    /// Undoes the latest choice of a cell in row `row`.
    fn give_back(&mut self, row: usize) {
        self.lengths[row] -= 1;
    }
}

impl Placer<'_> {
    /// Places every piece in order from `origins`, handing each move to `sink`.
    pub(super) fn run(&self, origins: &[usize], sink: &mut dyn FnMut(Move)) -> Result<(), Failure> {
        let mut layout = self.layout(origins);
        let mut order: Vec<usize> = Vec::with_capacity(self.order.len());
        // The pieces of `order`, by index: they stay at home from now on.
        let mut frozen = vec![false; self.puzzle.pieces.len()];
        let mut rows = self.staircase();
        while order.len() < self.order.len() {
            if let Some(stop) = self.stopped() {
                return Err(Failure::Stopped(stop));
            }
            let mut stage = self.stage(&layout, rows.as_mut(), order.len());
            let mut found = self.window(&mut layout, &frozen, &stage);
            // Above the strip, a stage of three or more whose search fails drops its last
            // tiles one by one (they wait for a later stage) before its tiles go one at a
            // time: a smaller stage keeps most of the gain of placing tiles together.
            if stage.len() > 2
                && let Some(rows) = rows.as_mut().filter(|rows| order.len() < rows.pieces)
            {
                while found.is_none() && stage.len() > 1 {
                    let dropped = stage.pop().expect("more than one tile");
                    rows.give_back(self.puzzle.board.row_col(self.target[dropped]).0);
                    found = self.window(&mut layout, &frozen, &stage);
                }
            }
            if let Some(path) = found {
                path.into_iter().for_each(&mut *sink);
                stage.iter().for_each(|&p| frozen[p] = true);
                order.extend(stage);
                continue;
            }
            // One at a time: a window for each alone is smaller, and where even that fails,
            // the general placement.
            for &next in &stage {
                let alone = (stage.len() > 1)
                    .then(|| self.window(&mut layout, &frozen, &[next]))
                    .flatten();
                order.push(next);
                frozen[next] = true;
                let placed = match alone {
                    Some(placed) => Some(placed),
                    None => self.place(&mut layout, &mut frozen, next),
                };
                let Some(path) = placed else {
                    if let Some(stop) = self.stopped() {
                        return Err(Failure::Stopped(stop));
                    }
                    let label = self.puzzle.pieces[next].label();
                    return Err(Failure::Stuck {
                        label,
                        reached: Vec::new(),
                    });
                };
                path.into_iter().for_each(&mut *sink);
            }
        }
        Ok(())
    }

    /// The pieces to place next, after the first `placed` of the order. On a board of tiles
    /// with one blank, up to [`STAGE_TILES`] at once for [`Placer::window`]: above the strip
    /// the cheapest (each measured from the target of the one before) while their window stays
    /// within [`WINDOW_CELLS`], and a row's last two together; in the strip a column's two
    /// together, and the last two columns at once. Elsewhere one.
    pub(super) fn stage(
        &self,
        layout: &Arrangement,
        rows: Option<&mut Staircase>,
        placed: usize,
    ) -> Vec<usize> {
        let board = &self.puzzle.board;
        let cols = board.cols();
        let Some(rows) = rows.filter(|rows| placed < rows.pieces) else {
            let first = self.order[placed];
            if !self.one_blank {
                return vec![first];
            }
            let column = board.row_col(self.target[first]).1;
            return (self.order[placed..].iter().copied())
                .take_while(|&p| column + 2 >= cols || board.row_col(self.target[p]).1 == column)
                .collect();
        };
        let first = self.cheapest(layout, rows, layout.blanks[0] as usize);
        let mut stage = vec![first];
        let (r, c) = board.row_col(self.target[first]);
        if c + 2 == cols {
            rows.lengths[r] += 1;
            stage.push(rows.piece_at[r * cols + c + 1]);
            return stage;
        }
        while stage.len() < STAGE_TILES && placed + stage.len() < rows.pieces {
            let from = self.target[*stage.last().expect("a first piece")];
            let next = self.cheapest(layout, rows, from);
            let (r, c) = board.row_col(self.target[next]);
            stage.push(next);
            let small = self.window_of(layout, &stage, 1).is_some();
            // A row's last two cells come only together, as a stage's first.
            if c + 2 >= cols || !small {
                stage.pop();
                rows.give_back(r);
                break;
            }
        }
        stage
    }

    /// The rows and columns of the rectangle around the blank and the cells and targets of
    /// `stage`, grown by `margin` and clipped to the board; `None` when it holds more than
    /// [`WINDOW_CELLS`] cells.
    pub(super) fn window_of(
        &self,
        layout: &Arrangement,
        stage: &[usize],
        margin: usize,
    ) -> Option<(std::ops::Range<usize>, std::ops::Range<usize>)> {
        let board = &self.puzzle.board;
        let (br, bc) = board.row_col(layout.blanks[0] as usize);
        let (mut rows, mut cols) = (br..br + 1, bc..bc + 1);
        let cells = stage
            .iter()
            .flat_map(|&p| [layout.origins[p] as usize, self.target[p]]);
        for (r, c) in cells.map(|cell| board.row_col(cell)) {
            rows = rows.start.min(r)..rows.end.max(r + 1);
            cols = cols.start.min(c)..cols.end.max(c + 1);
        }
        let rows = widen(rows, margin);
        let cols = widen(cols, margin);
        let rows = rows.start..rows.end.min(board.rows());
        let cols = cols.start..cols.end.min(board.cols());
        (rows.len() * cols.len() <= WINDOW_CELLS).then_some((rows, cols))
    }

    /// On a board of tiles with one blank: the moves, made on `layout`, of an exact search
    /// ([`tile_window`]) that brings every piece of `stage` home, moving only loose pieces (not
    /// `frozen`) inside a window around them (the widest margin up to [`WINDOW_MARGIN`] that
    /// fits); `None`, with `layout` unchanged, elsewhere, or when the window would be too large
    /// or the search gives up.
    pub(super) fn window(
        &self,
        layout: &mut Arrangement,
        frozen: &[bool],
        stage: &[usize],
    ) -> Option<Vec<Move>> {
        if !self.one_blank || stage.len() > tile_window::MOST_TILES {
            return None;
        }
        let (rows, cols) = (1..=WINDOW_MARGIN)
            .rev()
            .find_map(|margin| self.window_of(layout, stage, margin))?;
        // Exact first; where it gives up, the coarse search, which nearly always ends.
        let (exact_nodes, per_move) = window_budgets(self.puzzle.board.cells());
        let search = |coarse: bool, expanded: usize| {
            let limits = self.limits.expanding(expanded as u64);
            let stage = tile_window::WindowSearch {
                field: Field {
                    board: &self.puzzle.board,
                    occupant: &layout.occupant,
                    goal: self.target,
                    frozen,
                },
                tiles: stage,
                rows: rows.clone(),
                cols: cols.clone(),
                per_move,
                coarse,
            };
            tile_window::solve(&stage, &limits)
        };
        let exact = exact_nodes.and_then(|nodes| search(false, nodes));
        let dirs = exact.or_else(|| search(true, COARSE_NODES))?;
        let mut moves = Vec::with_capacity(dirs.len());
        self.play_blank(layout, dirs, &mut moves);
        Some(moves)
    }

    /// On a board of tiles with one blank whose rows above the strip are all targets: those rows'
    /// lengths placed so far, for [`Placer::cheapest`]; `None` elsewhere (the fixed order).
    pub(super) fn staircase(&self) -> Option<Staircase> {
        let board = &self.puzzle.board;
        let cols = board.cols();
        let pieces = self.strip_top * cols;
        let mut piece_at = vec![usize::MAX; pieces];
        for (p, &t) in self.target.iter().enumerate() {
            if t < pieces {
                piece_at[t] = p;
            }
        }
        let filled = piece_at.iter().all(|&p| p != usize::MAX);
        (self.one_blank && filled).then(|| Staircase {
            lengths: vec![0; self.strip_top],
            piece_at,
            pieces,
        })
    }

    /// The next piece to place above the strip: of the cells that keep the placed ones a
    /// staircase (each row no longer than the one above), the one whose tile is cheapest to
    /// bring home by a lower bound on its moves; a row's last two cells wait for the row above
    /// to be full, so that no corridor one cell wide opens along the right edge.
    pub(super) fn cheapest(
        &self,
        layout: &Arrangement,
        rows: &mut Staircase,
        blank: usize,
    ) -> usize {
        let cols = self.puzzle.board.cols();
        let mut best: Option<(usize, usize)> = None;
        // The lengths never grow down the rows: the rows above `first` are full and those
        // below `last` empty under an empty row, so neither has room.
        let first = rows.lengths.partition_point(|&l| l == cols);
        let last = rows.lengths.partition_point(|&l| l > 0);
        for r in first..(last + 1).min(rows.lengths.len()) {
            let c = rows.lengths[r];
            let above = if r == 0 { cols } else { rows.lengths[r - 1] };
            if c == cols || above <= c || (c + 2 >= cols && above < cols) {
                continue;
            }
            let piece = rows.piece_at[r * cols + c];
            let (at, to) = (layout.origins[piece] as usize, self.target[piece]);
            let cost = match self.distance(at, to) as usize {
                0 => 0,
                d => 3 * d - 2 + self.distance(blank, at) as usize,
            };
            if best.is_none_or(|(b, _)| cost < b) {
                best = Some((cost, r));
            }
        }
        let (_, r) = best.expect("a row above the strip has room");
        rows.lengths[r] += 1;
        rows.piece_at[r * cols + rows.lengths[r] - 1]
    }
}
