//! What every placement shares: the puzzle, the goal and the order of placement ([`Placer`]),
//! and the position the placements change move by move ([`Arrangement`]).

use super::sparse::SparseMap;
use crate::engine::geometry::{Dir, Shape};
use crate::engine::puzzle::{Move, Puzzle};
use crate::rng::mix;
use crate::search::{Limits, Stop};
use std::cell::RefCell;

/// Expansions the search that empties the cells of one step may spend over the whole board
/// before the placement falls back to the unrestricted search: blocks need more (they move
/// only with several blanks at their side); boards of tiles lose time to hopeless searches.
const NODES_PER_STEP: usize = 20_000;
const NODES_PER_STEP_TILES: usize = 5_000;
/// An empty cell in [`Arrangement::occupant`].
pub(super) const EMPTY: u32 = 0;
/// A wall in [`Arrangement::occupant`].
pub(super) const WALL: u32 = u32::MAX;

/// The position a placement changes in place: the origin of each piece; per cell, `EMPTY`,
/// `WALL` or the piece's index plus one; the empty cells, sorted, so that a large board with
/// few blanks is cheap to expand. It is as large as the board, so it is never copied per move
/// or per search: the searches hold what they change ([`Draft`](super::draft::Draft)).
#[derive(Clone, Debug)]
pub(super) struct Arrangement {
    pub(super) origins: Vec<u32>,
    pub(super) occupant: Vec<u32>,
    pub(super) blanks: Vec<u32>,
}

/// What every placement search shares: the puzzle, the goal and the order of placement.
pub(super) struct Placer<'a> {
    pub(super) puzzle: &'a Puzzle,
    pub(super) target: &'a [usize],
    pub(super) order: Vec<usize>,
    /// For each piece, a small number naming its shape (loose pieces of one shape are alike).
    pub(super) shape_class: Vec<u32>,
    /// Whether to empty a piece's target cells before it sets out, when blanks are to spare.
    pub(super) evacuate: bool,
    /// The expansions a search emptying cells may spend over the whole board.
    pub(super) step_nodes: usize,
    /// Whether routes pay for the blank moves ahead of a tile ([`Placer::route_step`]): on
    /// boards of 1x1 tiles only, since among blocks those routes got stuck.
    pub(super) turns: bool,
    /// When to stop; checked between the steps of a placement too, since one placement on a
    /// large board with many blocks can take seconds.
    pub(super) limits: Limits,
    /// Whether the board holds 1x1 tiles and one blank: each placement is then one cost-aware
    /// route of the tile and the blank together ([`Placer::route_tile`]).
    pub(super) one_blank: bool,
    /// The first row of the strip placed column by column.
    pub(super) strip_top: usize,
    /// The route searches' distances per cell and direction ([`Placer::route_step`]) and the
    /// gathering's paths per cell ([`Placer::gather`]), kept between searches and reset in
    /// time proportional to what each search touched.
    pub(super) distances: RefCell<SparseMap>,
    pub(super) came_from: RefCell<SparseMap>,
}

impl<'a> Placer<'a> {
    /// A placer that fills the rows above the last `strip` ones row by row, and those column
    /// by column.
    pub(super) fn new(
        puzzle: &'a Puzzle,
        target: &'a [usize],
        (strip, evacuate): (usize, bool),
        limits: &Limits,
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
        let blocks = puzzle.has_blocks();
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
            limits: limits.clone(),
            strip_top,
            one_blank: !blocks && puzzle.blank_count() == 1,
            distances: RefCell::default(),
            came_from: RefCell::default(),
        }
    }

    /// Why to stop now: the deadline has passed or the solve was cancelled.
    pub(super) fn stopped(&self) -> Option<Stop> {
        self.limits.expired()
    }

    /// Moves the single blank of `layout` along `dirs`, appending the moves made to `moves`.
    pub(super) fn play_blank(
        &self,
        layout: &mut Arrangement,
        dirs: Vec<Dir>,
        moves: &mut Vec<Move>,
    ) {
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

    pub(super) fn layout(&self, origins: &[usize]) -> Arrangement {
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
        Arrangement {
            origins: origins.iter().map(|&o| o as u32).collect(),
            occupant,
            blanks,
        }
    }

    /// Makes the legal move `mv` on `layout`, in time proportional to the piece and the blanks.
    pub(super) fn make(&self, layout: &mut Arrangement, mv: Move) {
        let board = &self.puzzle.board;
        let shape = self.puzzle.pieces[mv.piece].shape;
        let origin = layout.origins[mv.piece] as usize;
        let to = board.step(shape, origin, mv.dir).expect("a legal move");
        for c in board.entering(shape, to, mv.dir.opposite()) {
            layout.occupant[c] = EMPTY;
            let at = layout.blanks.partition_point(|&b| (b as usize) < c);
            layout.blanks.insert(at, c as u32);
        }
        for c in board.entering(shape, origin, mv.dir) {
            layout.occupant[c] = mv.piece as u32 + 1;
            layout.blanks.retain(|&b| b as usize != c);
        }
        layout.origins[mv.piece] = to as u32;
    }

    pub(super) fn distance(&self, a: usize, b: usize) -> u64 {
        let (ra, ca) = self.puzzle.board.row_col(a);
        let (rb, cb) = self.puzzle.board.row_col(b);
        (ra.abs_diff(rb) + ca.abs_diff(cb)) as u64
    }

    /// Manhattan distance from `cell` to the nearest of `blanks`.
    pub(super) fn nearest_blank(&self, blanks: &[u32], cell: usize) -> u64 {
        blanks
            .iter()
            .map(|&c| self.distance(c as usize, cell))
            .min()
            .unwrap_or(0)
    }

    /// Whether `piece`, its origin at `origin`, stands wholly inside the window `rows` x
    /// `cols`: the windowed searches leave the pieces outside where they are.
    pub(super) fn within(
        &self,
        piece: usize,
        origin: usize,
        (rows, cols): (&std::ops::Range<usize>, &std::ops::Range<usize>),
    ) -> bool {
        let board = &self.puzzle.board;
        board
            .footprint(self.puzzle.pieces[piece].shape, origin)
            .all(|c| {
                let (r, c) = board.row_col(c);
                rows.contains(&r) && cols.contains(&c)
            })
    }

    /// What a cell holding `occupant` adds to a layout's key: `named` pieces count by name, all
    /// others only by shape, so the searches never tell apart layouts that are the same for
    /// the placement at hand (loose pieces of one shape swapped).
    pub(super) fn key_term(&self, cell: usize, occupant: u32, named: &[bool]) -> u64 {
        let class = match occupant {
            EMPTY | WALL => return 0,
            piece if named[piece as usize - 1] => piece as u64,
            piece => 0x1_0000_0000 | self.shape_class[piece as usize - 1] as u64,
        };
        mix(cell as u64, class)
    }
}

/// `range` grown by `margin` on both sides (clipped at zero; the board clips the far end).
pub(super) fn widen(range: std::ops::Range<usize>, margin: usize) -> std::ops::Range<usize> {
    range.start.saturating_sub(margin)..range.end.saturating_add(margin)
}
