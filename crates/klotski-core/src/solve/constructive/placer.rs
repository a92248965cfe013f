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
    /// Per cell: its row and column. The searches ask for them on every node (distances, the
    /// windows, each move's step), where dividing by the width costs more than the rest.
    places: Vec<(u32, u32)>,
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
            places: (0..board.cells())
                .map(|cell| {
                    let (r, c) = board.row_col(cell);
                    (r as u32, c as u32)
                })
                .collect(),
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
        let ((ra, ca), (rb, cb)) = (self.places[a], self.places[b]);
        u64::from(ra.abs_diff(rb) + ca.abs_diff(cb))
    }

    /// The row and column of `cell`, as
    /// [`Board::row_col`](crate::engine::geometry::Board::row_col) gives them.
    fn row_col(&self, cell: usize) -> (usize, usize) {
        let (r, c) = self.places[cell];
        (r as usize, c as usize)
    }

    /// [`Board::step`](crate::engine::geometry::Board::step), the origin's row and column
    /// looked up.
    pub(super) fn step(&self, shape: Shape, origin: usize, dir: Dir) -> Option<usize> {
        (self.puzzle.board).step_at(shape, self.row_col(origin), dir)
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
        // The piece and the window are rectangles: the piece's corners decide.
        let shape = self.puzzle.pieces[piece].shape;
        let (r, c) = self.row_col(origin);
        rows.start <= r
            && r + shape.rows <= rows.end
            && cols.start <= c
            && c + shape.cols <= cols.end
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Board;

    /// The placer's lookups agree with the board's arithmetic: every step of every shape from
    /// every cell, every distance, and whether a piece stands inside a window cell by cell.
    #[test]
    fn the_lookups_agree_with_the_board() {
        // A 4x5 board: a 2x2 block, a 1x2 and a 2x1 piece, tiles and blanks.
        let cells = [
            1, 1, 2, 2, 0, 1, 1, 3, 4, 5, 6, 7, 3, 8, 0, 9, 10, 11, 12, 13,
        ];
        let shape = |rows, cols| Shape { rows, cols };
        let blocks = [(1, shape(2, 2)), (2, shape(1, 2)), (3, shape(2, 1))];
        let puzzle = Puzzle::numbered(Board::new(4, 5), &cells, &blocks).expect("a puzzle");
        let target = puzzle.start.clone();
        let placer = Placer::new(&puzzle, &target, (2, false), &Limits::memory(1 << 20));
        let board = &puzzle.board;
        for origin in 0..board.cells() {
            for piece in &puzzle.pieces {
                for dir in Dir::ALL {
                    let step = placer.step(piece.shape, origin, dir);
                    assert_eq!(step, board.step(piece.shape, origin, dir));
                }
            }
            for other in 0..board.cells() {
                let ((r0, c0), (r1, c1)) = (board.row_col(origin), board.row_col(other));
                let distance = (r0.abs_diff(r1) + c0.abs_diff(c1)) as u64;
                assert_eq!(placer.distance(origin, other), distance);
            }
        }
        for (piece, p) in puzzle.pieces.iter().enumerate() {
            for origin in (0..board.cells()).filter(|&o| board.fits(p.shape, o)) {
                for window in [(0..4, 0..5), (1..3, 1..4), (0..2, 2..5), (2..4, 0..2)] {
                    let inside = board.footprint(p.shape, origin).all(|cell| {
                        let (r, c) = board.row_col(cell);
                        window.0.contains(&r) && window.1.contains(&c)
                    });
                    let within = placer.within(piece, origin, (&window.0, &window.1));
                    assert_eq!(within, inside, "piece {piece} at {origin}");
                }
            }
        }
    }
}
