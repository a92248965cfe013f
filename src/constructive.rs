//! The large-board solver: places the pieces one at a time in goal order (row by row, then the
//! last two rows column by column, as people solve the fifteen puzzle), each by a small
//! best-first search that may disturb the finished part only on its way.
//!
//! The searches stay small because they look only at what matters for the piece being placed:
//! two positions that differ only by which loose pieces of the same shape stand where are one
//! node. Solutions are valid but not shortest; [`shorten`] removes loops through repeated
//! positions afterwards.
//!
//! On boards of 1x1 tiles with one blank, each tile goes home by one cost-aware route of the
//! tile and the blank together ([`tile_route`]), and above the last two rows the next tile is
//! the cheapest of those that keep the placed ones a staircase, not the next in reading order.

use crate::geometry::{Dir, Shape};
use crate::puzzle::{Move, Puzzle};
use crate::rng::mix;
use crate::search::{Budget, best_first};
use crate::tile_route::{self, Field, Leg};
use crate::tile_window;
use fxhash::FxHashMap;
use std::time::Instant;

/// Expansions the search that finishes a placement may spend before the solver gives up.
const NODES_PER_PIECE: usize = 50_000;
/// Expansions the search that finishes a placement may spend in one window before widening it.
const NODES_PER_WINDOW: usize = 30_000;
/// Routes tried around cells that could not be emptied before a placement falls back to the
/// unrestricted search.
const MAX_DETOURS: usize = 16;
/// Expansions the search that empties the cells of one step may spend over the whole board
/// before the placement falls back to the unrestricted search: blocks need more (they move
/// only with several blanks at their side); boards of tiles lose time to hopeless searches.
const NODES_PER_STEP: usize = 20_000;
const NODES_PER_STEP_TILES: usize = 5_000;
/// The windows (margin around the cells, expansions) the search that empties cells tries in
/// turn.
const NEAR_WINDOWS: [(usize, usize); 2] = [(2, 2_000), (4, 5_000)];
/// Up to this many blanks, the searches that empty cells look at the whole board at once.
const FEW_BLANKS: usize = 4;
/// Weight of the heuristic: well above 1, so searches run greedy and fast.
const WEIGHT: u64 = 3;
/// Costs in the routes of [`tile_route`], where other moves cost 1, of a move that takes the
/// routed tile away from its goal, and one that pushes a loose tile further away from its goal:
/// each such move costs two moves in the end (it and its undoing), and routes that avoid them
/// pay off further (5 and 8 measured best of 3 to 9).
const PENALTY: u32 = 5;
const PUSH_PENALTY: u32 = 8;
/// Cost of a move that pushes a loose tile off its goal: as cheap as any move. Such a tile
/// stands one step from home (pushing tiles that are already away further costs more in the
/// end), and it measured best (1 against 2 to 4 with penalties 6 to 9).
const HOME_PENALTY: u32 = 1;
/// Most (tile, blank) pairs one route of [`tile_route`] may expand before the placement falls
/// back to the general searches.
const ROUTE_NODES: usize = 100_000;
/// Blanks [`Placer::gather`] brings within [`GATHER_RADIUS`] cells of cells that could not be
/// emptied, before trying again.
const GATHER: usize = 4;
const GATHER_RADIUS: u64 = 2;
/// Longest leg, in rows and in columns, of a tile's route in one search of [`tile_route`].
const LEG: usize = 4;
/// Most tiles one stage of [`tile_window`] brings home together: with coarse searches after
/// the exact ones, in windows of 80 cells, four came to 2.62-2.83 / 2.66-2.75 times the
/// Manhattan bound on generated 20x20 / 50x50 boards, five to 2.59-2.78 / 2.70-2.78 and six
/// (100 cells) to 2.59-2.87 / 2.77-2.90, slower; three in 48 cells came to 2.71-2.88 /
/// 2.86-2.91.
const STAGE_TILES: usize = 4;
/// Most cells a window of [`tile_window`] may have, the window around a stage of several tiles
/// included: with coarse searches and four tiles a stage, 80 came to 2.61-2.85 / 2.67-2.78
/// times the bound (20x20 / 50x50) where 48 came to 2.61-2.76 / 2.79-2.86 and 64 to 2.58-2.71
/// / 2.71-2.88 (exact searches alone failed more often on the larger windows).
const WINDOW_CELLS: usize = 80;
/// Margin, in rows and columns, of a window around its stage's tiles, targets and blank.
const WINDOW_MARGIN: usize = 2;
/// What the searches of [`tile_window`] charge per move of their bound on the moves left, where
/// a move away from a goal costs 2 and one towards it nothing: one, the average, so searches
/// run about as greedy as the costs are (a greedier 5/4 cost 0.1 in ratio).
const WINDOW_PER_MOVE: u32 = 1;
/// Most positions the exact search of a stage ([`tile_window`]) may expand before the coarse
/// one takes over: since the coarse search rescues the stages it gives up on, 5,000 gave
/// solutions as short as 12,000 and 25,000 in half and a third of the time.
const WINDOW_NODES: usize = 5_000;
/// Most positions the coarse search of a stage may expand; it ends within them nearly always
/// (40,000 gave the same lengths).
const COARSE_NODES: usize = 12_000;

const EMPTY: u32 = 0;
const WALL: u32 = u32::MAX;

/// A position in the form the placement searches copy around: the origin of each piece; per
/// cell, `EMPTY`, `WALL` or the piece's index plus one; the empty cells, so that a large board
/// with few blanks is cheap to expand; and the search key ([`Placer::rekey`]), kept up to date
/// move by move.
#[derive(Clone, Debug)]
struct Layout {
    origins: Vec<u32>,
    occupant: Vec<u32>,
    blanks: Vec<u32>,
    key: u64,
}

/// Why the constructive solver stopped without a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// A placement search ran out of nodes: the puzzle may be unsolvable, or too tangled.
    #[error("could not place piece {label} within {NODES_PER_PIECE} search nodes")]
    Stuck {
        /// The piece that could not be placed.
        label: u32,
    },
    /// The deadline passed.
    #[error("the time limit was reached")]
    Time,
}

/// The ways of placing [`solve`] tries in turn: how many last rows are placed column by column,
/// and whether targets are emptied ahead of time (see [`Placer::place`]). Each way solves
/// boards the others cannot: with blocks, a strip of two rows traps tall pieces that stand in
/// the wrong order (they cannot pass each other there), so a wider strip comes first. With
/// many blanks, emptying targets first comes first: blanks are there to spare, and the last
/// cell of a row is a pocket that a piece standing in it can leave only through the cell the
/// placed piece comes from (on l08, 16x16 with 8 blanks, the first way got stuck at the 160th
/// piece after 5 s, the second finishes in under 1 s).
const TILE_ATTEMPTS: [(usize, bool); 2] = [(2, false), (2, true)];
const BLOCK_ATTEMPTS: [(usize, bool); 6] = [
    (4, false),
    (3, true),
    (3, false),
    (4, true),
    (2, true),
    (2, false),
];
const MANY_BLANKS_BLOCK_ATTEMPTS: [(usize, bool); 6] = [
    (3, true),
    (4, false),
    (3, false),
    (4, true),
    (2, true),
    (2, false),
];

/// Solves `puzzle` towards `target` (the goal origin of each piece) and returns the moves.
pub fn solve(
    puzzle: &Puzzle,
    target: &[usize],
    deadline: Option<Instant>,
) -> Result<Vec<Move>, Failure> {
    let mut moves = Vec::new();
    solve_streaming(puzzle, target, deadline, &mut |mv| moves.push(mv))?;
    Ok(moves)
}

/// Solves `puzzle` towards `target`, handing each move to `sink` as soon as it is made, so that
/// a player can start showing a huge board at once. When one way of placing gets stuck, its
/// moves are handed out undone, back to the start, and the next way begins there: every move
/// handed out belongs to the solution, and [`shorten`] cuts the detour afterwards.
pub fn solve_streaming(
    puzzle: &Puzzle,
    target: &[usize],
    deadline: Option<Instant>,
    sink: &mut dyn FnMut(Move),
) -> Result<(), Failure> {
    let blocks = puzzle.pieces.iter().any(|p| p.shape != Shape::UNIT);
    let attempts: &[(usize, bool)] = match (blocks, puzzle.blank_count() > FEW_BLANKS) {
        (false, _) => &TILE_ATTEMPTS,
        (true, false) => &BLOCK_ATTEMPTS,
        (true, true) => &MANY_BLANKS_BLOCK_ATTEMPTS,
    };
    let mut failure = Failure::Time;
    for (i, &(strip, evacuate)) in attempts.iter().enumerate() {
        let placer = Placer::new(puzzle, target, (strip, evacuate), deadline);
        let mut made = Vec::new();
        let outcome = placer.run(&puzzle.start, &mut |mv| {
            made.push(mv);
            sink(mv);
        });
        match outcome {
            Ok(()) => return Ok(()),
            Err(Failure::Time) => return Err(Failure::Time),
            Err(stuck) => {
                if i == 0 {
                    failure = stuck;
                }
                // Back to the start: a stuck attempt may have set a trap for the next one.
                made.iter().rev().for_each(|mv| sink(mv.reversed()));
            }
        }
    }
    Err(failure)
}

/// The rows above the strip as [`Placer::cheapest`] fills them.
struct Staircase {
    /// Per row: how many of its cells, from the left, are placed.
    lengths: Vec<usize>,
    /// Per cell above the strip: the piece whose target it is.
    piece_at: Vec<usize>,
    /// How many pieces belong above the strip.
    pieces: usize,
}

impl Staircase {
    /// Undoes the latest choice of a cell in row `row`.
    fn give_back(&mut self, row: usize) {
        self.lengths[row] -= 1;
    }
}

/// What every placement search shares: the puzzle, the goal and the order of placement.
struct Placer<'a> {
    puzzle: &'a Puzzle,
    target: &'a [usize],
    order: Vec<usize>,
    /// For each piece, a small number naming its shape (loose pieces of one shape are alike).
    shape_class: Vec<u32>,
    /// Whether to empty a piece's target cells before it sets out, when blanks are to spare.
    evacuate: bool,
    /// The expansions a search emptying cells may spend over the whole board.
    step_nodes: usize,
    /// Whether routes pay for the blank moves ahead of a tile ([`Placer::route_step`]): on
    /// boards of 1x1 tiles only, since among blocks those routes got stuck.
    turns: bool,
    /// When to stop; checked between the steps of a placement too, since one placement on a
    /// large board with many blocks can take seconds.
    deadline: Option<Instant>,
    /// Whether the board holds 1x1 tiles and one blank: each placement is then one cost-aware
    /// route of the tile and the blank together ([`Placer::route_tile`]).
    one_blank: bool,
    /// The first row of the strip placed column by column.
    strip_top: usize,
}

impl<'a> Placer<'a> {
    /// A placer that fills the rows above the last `strip` ones row by row, and those column
    /// by column.
    fn new(
        puzzle: &'a Puzzle,
        target: &'a [usize],
        (strip, evacuate): (usize, bool),
        deadline: Option<Instant>,
    ) -> Self {
        let board = &puzzle.board;
        let strip_top = board.rows().saturating_sub(strip);
        let mut order: Vec<usize> = (0..puzzle.pieces.len()).collect();
        // Row by row; the last rows column by column, so no piece gets locked into a
        // one-row strip it cannot leave.
        order.sort_by_key(|&p| {
            let (r, c) = board.row_col(target[p]);
            if r < strip_top { (0, r, c) } else { (1, c, r) }
        });
        let shape_class = puzzle
            .shape_classes()
            .1
            .into_iter()
            .map(|c| c as u32)
            .collect();
        let blocks = puzzle.pieces.iter().any(|p| p.shape != Shape::UNIT);
        Placer {
            puzzle,
            target,
            order,
            shape_class,
            evacuate,
            step_nodes: if blocks {
                NODES_PER_STEP
            } else {
                NODES_PER_STEP_TILES
            },
            turns: !blocks,
            deadline,
            strip_top,
            one_blank: !blocks && puzzle.blank_count() == 1,
        }
    }

    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Places every piece in order from `origins`, handing each move to `sink`.
    fn run(&self, origins: &[usize], sink: &mut dyn FnMut(Move)) -> Result<(), Failure> {
        let mut layout = self.layout(origins);
        let mut order: Vec<usize> = Vec::with_capacity(self.order.len());
        let mut rows = self.staircase();
        while order.len() < self.order.len() {
            if self.past_deadline() {
                return Err(Failure::Time);
            }
            let mut stage = self.stage(&layout, rows.as_mut(), order.len());
            let mut found = self.window(&layout, &order, &stage);
            // Above the strip, a stage of three or more whose search fails drops its last
            // tiles one by one (they wait for a later stage) before its tiles go one at a
            // time: 50x50 and 100x100 random-walk boards came out 1-3% shorter.
            if stage.len() > 2
                && let Some(rows) = rows.as_mut().filter(|rows| order.len() < rows.pieces)
            {
                while found.is_none() && stage.len() > 1 {
                    let dropped = stage.pop().expect("more than one tile");
                    rows.give_back(self.puzzle.board.row_col(self.target[dropped]).0);
                    found = self.window(&layout, &order, &stage);
                }
            }
            if let Some((path, reached)) = found {
                path.into_iter().for_each(&mut *sink);
                layout = reached;
                order.extend(stage);
                continue;
            }
            // One at a time: a window for each alone is smaller, and where even that fails,
            // the general placement.
            for &next in &stage {
                let alone = (stage.len() > 1)
                    .then(|| self.window(&layout, &order, &[next]))
                    .flatten();
                order.push(next);
                let placed = match alone {
                    Some(placed) => Some(placed),
                    None => self.place(layout, &order),
                };
                let Some((path, reached)) = placed else {
                    if self.past_deadline() {
                        return Err(Failure::Time);
                    }
                    let label = self.puzzle.pieces[next].label();
                    return Err(Failure::Stuck { label });
                };
                path.into_iter().for_each(&mut *sink);
                layout = reached;
            }
        }
        Ok(())
    }

    /// The pieces to place next, after the first `placed` of the order. On a board of tiles
    /// with one blank, up to [`STAGE_TILES`] at once for [`Placer::window`]: above the strip
    /// the cheapest (each measured from the target of the one before) while their window stays
    /// within [`WINDOW_CELLS`], and a row's last two together; in the strip a column's two
    /// together, and the last two columns at once. Elsewhere one.
    fn stage(&self, layout: &Layout, rows: Option<&mut Staircase>, placed: usize) -> Vec<usize> {
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
    fn window_of(
        &self,
        layout: &Layout,
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

    /// On a board of tiles with one blank: the moves of an exact search ([`tile_window`]) that
    /// brings every piece of `stage` home, moving only loose pieces inside a window around
    /// them (the widest margin up to [`WINDOW_MARGIN`] that fits), and the layout they reach;
    /// `None` elsewhere, or when the window would be too large or the search gives up.
    fn window(
        &self,
        layout: &Layout,
        placed: &[usize],
        stage: &[usize],
    ) -> Option<(Vec<Move>, Layout)> {
        if !self.one_blank || stage.len() > tile_window::MOST_TILES {
            return None;
        }
        let (rows, cols) = (1..=WINDOW_MARGIN)
            .rev()
            .find_map(|margin| self.window_of(layout, stage, margin))?;
        let mut frozen = vec![false; self.puzzle.pieces.len()];
        placed.iter().for_each(|&p| frozen[p] = true);
        // Exact first; where it gives up, the coarse search, which nearly always ends.
        let search = |coarse: bool, budget: usize| {
            tile_window::solve(&tile_window::Stage {
                field: Field {
                    board: &self.puzzle.board,
                    occupant: &layout.occupant,
                    goal: self.target,
                    frozen: &frozen,
                },
                tiles: stage,
                rows: rows.clone(),
                cols: cols.clone(),
                per_move: WINDOW_PER_MOVE,
                budget,
                coarse,
            })
        };
        let dirs = search(false, WINDOW_NODES).or_else(|| search(true, COARSE_NODES))?;
        let mut layout = layout.clone();
        let mut moves = Vec::with_capacity(dirs.len());
        self.play_blank(&mut layout, dirs, &mut moves);
        Some((moves, layout))
    }

    /// Moves the single blank of `layout` along `dirs`, appending the moves made to `moves`.
    fn play_blank(&self, layout: &mut Layout, dirs: Vec<Dir>, moves: &mut Vec<Move>) {
        let board = &self.puzzle.board;
        for dir in dirs {
            let blank = layout.blanks[0] as usize;
            let cell = board.step(Shape::UNIT, blank, dir).expect("a cell");
            let piece = layout.occupant[cell] as usize - 1;
            // One blank: the move swaps it with the tile; the key is rebuilt by later
            // searches.
            layout.occupant.swap(blank, cell);
            layout.blanks[0] = cell as u32;
            layout.origins[piece] = blank as u32;
            moves.push(Move {
                piece,
                dir: dir.opposite(),
            });
        }
    }

    /// On a board of tiles with one blank whose rows above the strip are all targets: those rows'
    /// lengths placed so far, for [`Placer::cheapest`]; `None` elsewhere (the fixed order).
    fn staircase(&self) -> Option<Staircase> {
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
    fn cheapest(&self, layout: &Layout, rows: &mut Staircase, blank: usize) -> usize {
        let cols = self.puzzle.board.cols();
        let mut best: Option<(usize, usize)> = None;
        for r in 0..rows.lengths.len() {
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

    fn layout(&self, origins: &[usize]) -> Layout {
        let board = &self.puzzle.board;
        let mut occupant: Vec<u32> = (0..board.cells())
            .map(|c| if board.is_wall(c) { WALL } else { EMPTY })
            .collect();
        for (piece, &origin) in origins.iter().enumerate() {
            for cell in board.footprint(self.puzzle.pieces[piece].shape, origin) {
                occupant[cell] = piece as u32 + 1;
            }
        }
        let blanks = (0..board.cells() as u32)
            .filter(|&c| occupant[c as usize] == EMPTY)
            .collect();
        Layout {
            origins: origins.iter().map(|&o| o as u32).collect(),
            occupant,
            blanks,
            key: 0,
        }
    }

    fn distance(&self, a: usize, b: usize) -> u64 {
        let (ra, ca) = self.puzzle.board.row_col(a);
        let (rb, cb) = self.puzzle.board.row_col(b);
        (ra.abs_diff(rb) + ca.abs_diff(cb)) as u64
    }

    /// Moves that bring every piece of `relevant` (the placed ones, then the one to place) onto
    /// its target. First the target cells are emptied; then the piece walks a shortest route
    /// around the placed pieces, a step at a time, each step preceded by a search that empties
    /// the cells it enters without moving the placed pieces or refilling the target. Where that
    /// fails, a search over all moves finishes the placement.
    fn place(&self, mut layout: Layout, relevant: &[usize]) -> Option<(Vec<Move>, Layout)> {
        let current = *relevant.last().expect("at least one piece");
        let shape = self.puzzle.pieces[current].shape;
        let board = &self.puzzle.board;
        let mut frozen = vec![false; self.puzzle.pieces.len()];
        relevant.iter().for_each(|&p| frozen[p] = true);
        if self.one_blank
            && let Some(routed) = self.route_tile(&layout, current, &frozen)
        {
            return Some(routed);
        }
        let mut reserved = vec![false; board.cells()];
        let mut moves = Vec::new();
        // Empty the target first: a piece left in a pocket there could only leave through the
        // cells the placed piece will need. Only with blanks to spare: the emptied cells are
        // reserved, and the blanks kept there cannot help the piece on its way.
        let target: Vec<usize> = board.footprint(shape, self.target[current]).collect();
        let blanks = layout.occupant.iter().filter(|&&o| o == EMPTY).count();
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
            if let Some((path, cleared)) =
                self.clear(layout.clone(), &target, &frozen, &reserved, near)
            {
                moves.extend(path);
                layout = cleared;
                target.iter().for_each(|&c| reserved[c] = true);
            }
            frozen[current] = true;
        }
        // Cells whose clearing failed: the route goes around them, a few times at most.
        let mut avoid = vec![false; board.cells()];
        let mut detours = 0;
        while let Some(dir) = self.route_step(&layout, current, &frozen, &avoid) {
            if self.past_deadline() {
                return None;
            }
            let origin = layout.origins[current] as usize;
            let cells: Vec<usize> = board.entering(shape, origin, dir).collect();
            let cleared = self.clear_or_gather(&layout, &cells, &frozen, &reserved, many);
            let Some((path, cleared)) = cleared else {
                detours += 1;
                if detours > MAX_DETOURS {
                    break;
                }
                cells.iter().for_each(|&c| avoid[c] = true);
                continue;
            };
            moves.extend(path);
            let mv = Move {
                piece: current,
                dir,
            };
            layout = self.apply(&cleared, mv, &frozen);
            moves.push(mv);
        }
        let (path, placed) = match self.settle(layout.clone(), relevant) {
            Some(settled) => settled,
            None => {
                let mut cells: Vec<usize> = board.footprint(shape, self.target[current]).collect();
                cells.extend(board.footprint(shape, layout.origins[current] as usize));
                self.after_gathering(layout, &cells, &frozen, &reserved, |gathered| {
                    self.settle(gathered, relevant)
                })?
            }
        };
        moves.extend(path);
        Some((moves, placed))
    }

    /// On a board of tiles with one blank: the moves of the cheapest route ([`tile_route`]) that
    /// brings `tile` to its target without moving a frozen piece, and the layout they reach;
    /// `None` when the target is a dead end the tile cannot enter without moving placed tiles
    /// (the last cell of a row), or the route's search gives up.
    fn route_tile(
        &self,
        layout: &Layout,
        tile: usize,
        frozen: &[bool],
    ) -> Option<(Vec<Move>, Layout)> {
        let board = &self.puzzle.board;
        let (from, to) = (layout.origins[tile] as usize, self.target[tile]);
        let blank = *layout.blanks.first()? as usize;
        let open = |cell: usize| match layout.occupant[cell] {
            WALL => false,
            EMPTY => true,
            o => o as usize - 1 == tile || !frozen[o as usize - 1],
        };
        let ways_in = Dir::ALL
            .iter()
            .filter_map(|&d| board.step(Shape::UNIT, to, d))
            .filter(|&c| open(c))
            .count();
        // A blank that enters a dead end can only leave it by pulling in what it came past.
        let last_step = blank == to && self.distance(from, to) == 1;
        if from != to && ways_in < 2 && !last_step {
            return None;
        }
        let mut layout = layout.clone();
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
                to: self.waypoint(from, to, &open),
                penalty: PENALTY,
                push_penalty: PUSH_PENALTY,
                home_penalty: HOME_PENALTY,
                budget: ROUTE_NODES,
            };
            let dirs = tile_route::route(&field, &leg)?;
            self.play_blank(&mut layout, dirs, &mut moves);
        }
        Some((moves, layout))
    }

    /// Where the next leg of a tile's route from `from` to `to` ends: `to` when it is at most
    /// [`LEG`] cells away in each direction, else the cell [`LEG`] cells nearer in each
    /// direction that is `open` (or nearer in columns only, or rows only), else `to`.
    fn waypoint(&self, from: usize, to: usize, open: &dyn Fn(usize) -> bool) -> usize {
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
    fn route_step(
        &self,
        layout: &Layout,
        piece: usize,
        frozen: &[bool],
        avoid: &[bool],
    ) -> Option<Dir> {
        let board = &self.puzzle.board;
        let shape = self.puzzle.pieces[piece].shape;
        let (start, goal) = (layout.origins[piece] as usize, self.target[piece]);
        if start == goal {
            return None;
        }
        let cell_cost = |cell: usize| -> Option<u32> {
            if avoid[cell] {
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
        let mut distance = vec![u32::MAX; board.cells() * 4];
        let mut heap = std::collections::BinaryHeap::new();
        for last in Dir::ALL {
            distance[index(goal, last)] = 0;
            heap.push(std::cmp::Reverse((0u32, goal, last.index())));
        }
        let mut best: Option<(u32, Dir)> = None;
        while let Some(std::cmp::Reverse((d, at, last))) = heap.pop() {
            let last = Dir::ALL[last];
            if best.is_some_and(|(b, _)| d >= b) {
                break;
            }
            if d > distance[index(at, last)] {
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
                    self.nearest_blank(layout, cell) as u32
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
                if total < distance[slot] {
                    distance[slot] = total;
                    heap.push(std::cmp::Reverse((total, next, before.index())));
                }
            }
        }
        best.map(|(_, dir)| dir)
    }

    /// Moves that leave every cell of `cells` empty ([`Placer::clear`]). With few blanks, one
    /// search over the whole board. With `many`, searches in windows near the cells, and when
    /// they fail, once more after [`Placer::gather`] brought blanks there; the whole board is
    /// never searched then: on l08 (16x16, 8 blanks) that search succeeded 6 times in 80 where
    /// the windows had failed, and took 60% of the solver's time. (Gathering before a second
    /// whole-board search with few blanks made the block test of `tests/constructive.rs` take
    /// 151 s instead of 81 s, and solved nothing more.)
    fn clear_or_gather(
        &self,
        layout: &Layout,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[bool],
        many: bool,
    ) -> Option<(Vec<Move>, Layout)> {
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
    fn after_gathering(
        &self,
        layout: Layout,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[bool],
        search: impl FnOnce(Layout) -> Option<(Vec<Move>, Layout)>,
    ) -> Option<(Vec<Move>, Layout)> {
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
    fn gather(
        &self,
        mut layout: Layout,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[bool],
    ) -> (Vec<Move>, Layout) {
        let board = &self.puzzle.board;
        let near = |c: usize| cells.iter().any(|&t| self.distance(c, t) <= GATHER_RADIUS);
        let passable = |layout: &Layout, c: usize| {
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
    fn clear(
        &self,
        mut start: Layout,
        cells: &[usize],
        frozen: &[bool],
        reserved: &[bool],
        windows: &[(usize, usize)],
    ) -> Option<(Vec<Move>, Layout)> {
        self.rekey(&mut start, frozen);
        let heuristic = |layout: &Layout| -> u64 {
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
                    deadline: self.deadline,
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
    fn settle(&self, mut start: Layout, relevant: &[usize]) -> Option<(Vec<Move>, Layout)> {
        let board = &self.puzzle.board;
        let current = *relevant.last().expect("at least one piece");
        let mut is_relevant = vec![false; self.puzzle.pieces.len()];
        relevant.iter().for_each(|&p| is_relevant[p] = true);
        self.rekey(&mut start, &is_relevant);
        let misplacement = |layout: &Layout| -> u64 {
            relevant
                .iter()
                .map(|&p| self.distance(layout.origins[p] as usize, self.target[p]))
                .sum()
        };
        // Each misplaced cell of distance costs several moves; a blank must also come to the
        // piece being placed before it can move.
        let heuristic = |layout: &Layout| {
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
                    deadline: self.deadline,
                },
            );
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// For each piece, whether it stands (in part) outside the window `rows` x `cols`: the
    /// windowed searches leave those pieces where they are.
    fn outside(
        &self,
        layout: &Layout,
        rows: &std::ops::Range<usize>,
        cols: &std::ops::Range<usize>,
    ) -> Vec<bool> {
        let board = &self.puzzle.board;
        (0..self.puzzle.pieces.len())
            .map(|p| {
                let origin = layout.origins[p] as usize;
                !board
                    .footprint(self.puzzle.pieces[p].shape, origin)
                    .all(|c| {
                        let (r, c) = board.row_col(c);
                        rows.contains(&r) && cols.contains(&c)
                    })
            })
            .collect()
    }

    /// Manhattan distance from `cell` to the nearest empty cell.
    fn nearest_blank(&self, layout: &Layout, cell: usize) -> u64 {
        layout
            .blanks
            .iter()
            .map(|&c| self.distance(c as usize, cell))
            .min()
            .unwrap_or(0)
    }

    /// What a cell holding `occupant` adds to a layout's key: `named` pieces count by name, all
    /// others only by shape, so the searches never tell apart layouts that are the same for
    /// the placement at hand (loose pieces of one shape swapped).
    fn key_term(&self, cell: usize, occupant: u32, named: &[bool]) -> u64 {
        let class = match occupant {
            EMPTY | WALL => return 0,
            piece if named[piece as usize - 1] => piece as u64,
            piece => 0x1_0000_0000 | self.shape_class[piece as usize - 1] as u64,
        };
        mix(cell as u64, class)
    }

    /// Sets `layout.key` for a search that names the pieces in `named`; [`Placer::apply`] then
    /// keeps it up to date.
    fn rekey(&self, layout: &mut Layout, named: &[bool]) {
        layout.key = (layout.occupant.iter().enumerate()).fold(0u64, |key, (cell, &o)| {
            key.wrapping_add(self.key_term(cell, o, named))
        });
    }

    /// `layout` after the legal move `mv`, its key kept for a search naming `named`.
    fn apply(&self, layout: &Layout, mv: Move, named: &[bool]) -> Layout {
        let board = &self.puzzle.board;
        let shape = self.puzzle.pieces[mv.piece].shape;
        let origin = layout.origins[mv.piece] as usize;
        let to = board.step(shape, origin, mv.dir).expect("a legal move");
        let occupant = mv.piece as u32 + 1;
        let mut next = layout.clone();
        // Only the trailing edge empties (the cells the reverse move would enter), and only the
        // leading edge fills.
        for c in board.entering(shape, to, mv.dir.opposite()) {
            next.occupant[c] = EMPTY;
            next.key = next.key.wrapping_sub(self.key_term(c, occupant, named));
            // Kept sorted: moves are generated in cell order, whatever the history.
            let at = next.blanks.partition_point(|&b| (b as usize) < c);
            next.blanks.insert(at, c as u32);
        }
        for c in board.entering(shape, origin, mv.dir) {
            next.occupant[c] = occupant;
            next.key = next.key.wrapping_add(self.key_term(c, occupant, named));
            next.blanks.retain(|&b| b as usize != c);
        }
        next.origins[mv.piece] = to as u32;
        next
    }

    /// Every move of a piece not `frozen` into empty cells none of which is `reserved`, found
    /// from the empty cells so that a large board with few blanks costs little; the layouts'
    /// keys name the pieces in `named`.
    fn successors(
        &self,
        layout: &Layout,
        frozen: &[bool],
        reserved: &[bool],
        named: &[bool],
        out: &mut Vec<(Move, Layout)>,
    ) {
        let board = &self.puzzle.board;
        let mut tried: Vec<Move> = Vec::new();
        for cell in layout
            .blanks
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| !reserved[c])
        {
            for dir in Dir::ALL {
                // The piece that would move `dir` into `cell` stands on the other side of it.
                let Some(from) = board.step(Shape::UNIT, cell, dir.opposite()) else {
                    continue;
                };
                let occupant = layout.occupant[from];
                if occupant == EMPTY || occupant == WALL || frozen[occupant as usize - 1] {
                    continue;
                }
                let mv = Move {
                    piece: occupant as usize - 1,
                    dir,
                };
                if tried.contains(&mv) {
                    continue;
                }
                tried.push(mv);
                let shape = self.puzzle.pieces[mv.piece].shape;
                let origin = layout.origins[mv.piece] as usize;
                let fits = board.step(shape, origin, dir).is_some()
                    && board
                        .entering(shape, origin, dir)
                        .all(|c| layout.occupant[c] == EMPTY && !reserved[c]);
                if fits {
                    out.push((mv, self.apply(layout, mv, named)));
                }
            }
        }
    }
}

/// `range` grown by `margin` on both sides (clipped at zero; the board clips the far end).
fn widen(range: std::ops::Range<usize>, margin: usize) -> std::ops::Range<usize> {
    range.start.saturating_sub(margin)..range.end.saturating_add(margin)
}

/// Removes every loop through a repeated position from `moves` (played from `puzzle`'s start),
/// which also drops each move immediately undone. Positions are compared by a 64-bit
/// fingerprint kept up to date move by move; the caller replays the result, and keeps the
/// original moves in the astronomically unlikely case that a fingerprint collision broke it.
pub fn shorten(puzzle: &Puzzle, moves: &[Move]) -> Vec<Move> {
    let term = |piece: usize, origin: usize| mix(piece as u64, origin as u64);
    let mut position = puzzle.start_position();
    let mut print =
        (position.origins().iter().enumerate()).fold(0u64, |f, (p, &o)| f.wrapping_add(term(p, o)));
    // For each position on the kept path: its fingerprint -> how many kept moves lead to it.
    let mut seen: FxHashMap<u64, usize> = FxHashMap::default();
    seen.insert(print, 0);
    let mut prints = vec![print];
    let mut kept: Vec<Move> = Vec::new();
    for &mv in moves {
        let before = position.origins()[mv.piece];
        puzzle.apply(&mut position, mv);
        let after = position.origins()[mv.piece];
        print = print
            .wrapping_sub(term(mv.piece, before))
            .wrapping_add(term(mv.piece, after));
        if let Some(&at) = seen.get(&print) {
            for dropped in &prints[at + 1..] {
                seen.remove(dropped);
            }
            kept.truncate(at);
            prints.truncate(at + 1);
        } else {
            kept.push(mv);
            prints.push(print);
            seen.insert(print, kept.len());
        }
    }
    kept
}
