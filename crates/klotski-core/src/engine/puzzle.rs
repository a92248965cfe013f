//! The engine: pieces on a board, the moves between positions, and replaying a solution.

use crate::engine::geometry::{Board, Dir, Shape};
use crate::rng::Rng;
use std::fmt;

/// One rigid piece: a rectangle of numbered cells that always moves as one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its footprint.
    pub shape: Shape,
    /// The numbers written on its cells, row-major; the first one (top-left) names the piece in
    /// move lists.
    pub numbers: Vec<u32>,
}

impl Piece {
    /// The number that names this piece in a move: its top-left number.
    pub fn label(&self) -> u32 {
        self.numbers[0]
    }
}

/// A piece stepping one cell: the unit of every solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Index into [`Puzzle::pieces`].
    pub piece: usize,
    /// Which way it slides.
    pub dir: Dir,
}

impl Move {
    /// The move that undoes this one.
    pub fn reversed(self) -> Move {
        Move {
            piece: self.piece,
            dir: self.dir.opposite(),
        }
    }

    /// The same move on [`Puzzle::transposed`]: the same piece, the mirrored direction (its
    /// own inverse, so it also turns a move of the mirror back).
    pub fn transposed(self) -> Move {
        Move {
            piece: self.piece,
            dir: self.dir.transposed(),
        }
    }
}

/// Where every piece stands, with the cell occupancy that makes move checks O(edge length).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    origins: Vec<usize>,
    occupant: Vec<Cell>,
}

/// What stands on one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Nothing: a piece may move in.
    Empty,
    /// A wall of the board.
    Wall,
    /// Part of the piece with this index.
    Piece(usize),
}

impl Position {
    /// The top-left cell of each piece, indexed like [`Puzzle::pieces`].
    pub fn origins(&self) -> &[usize] {
        &self.origins
    }

    /// What stands on `cell`.
    pub fn at(&self, cell: usize) -> Cell {
        self.occupant[cell]
    }
}

/// Why a set of origins is not a position on a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// Not one origin per piece.
    #[error("{origins} origins for {pieces} pieces")]
    Count {
        /// Origins given.
        origins: usize,
        /// Pieces there are.
        pieces: usize,
    },
    /// A piece sticks out of the board.
    #[error("piece {label} does not fit on the board at row {row}, column {col}")]
    OffBoard {
        /// The piece's label.
        label: u32,
        /// Its top-left row.
        row: usize,
        /// Its top-left column.
        col: usize,
    },
    /// A piece covers a wall or another piece.
    #[error("piece {label} covers an occupied cell at row {row}, column {col}")]
    Overlap {
        /// The piece's label.
        label: u32,
        /// The row of the cell.
        row: usize,
        /// The column of the cell.
        col: usize,
    },
}

/// A move that cannot be made in the position it was tried in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {step} ({label} {dir}) is illegal: {reason}")]
pub struct IllegalMove {
    /// 1-based index of the move in the solution.
    pub step: usize,
    /// Label of the moved piece.
    pub label: u32,
    /// Its direction.
    pub dir: Dir,
    /// Why it cannot be made.
    pub reason: &'static str,
}

/// A sliding-block puzzle: a board, its pieces and where they start.
///
/// Its start is always a position (every piece on the board, none overlapping): the fields
/// are the core's own, and [`Puzzle::new`] checks, so [`Puzzle::start_position`] and
/// [`Puzzle::replay`] cannot fail on the start. The goal is kept apart, in a
/// [`Problem`](crate::engine::Problem).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Size and walls.
    pub(crate) board: Board,
    /// The pieces; a [`Move`] names one by its index here.
    pub(crate) pieces: Vec<Piece>,
    /// Top-left cell of each piece at the start.
    pub(crate) start: Vec<usize>,
}

impl Puzzle {
    /// `pieces` on `board` starting at `start` (the top-left cell of each), checked: one
    /// origin per piece, every piece on the board and none over a wall or another.
    pub fn new(
        board: Board,
        pieces: Vec<Piece>,
        start: Vec<usize>,
    ) -> Result<Puzzle, PlacementError> {
        if start.len() != pieces.len() {
            return Err(PlacementError::Count {
                origins: start.len(),
                pieces: pieces.len(),
            });
        }
        let puzzle = Puzzle {
            board,
            pieces,
            start,
        };
        puzzle.position(&puzzle.start)?;
        Ok(puzzle)
    }

    /// The same puzzle starting at `origins` instead, checked as [`Puzzle::new`] checks.
    pub fn with_start(&self, origins: &[usize]) -> Result<Puzzle, PlacementError> {
        Puzzle::new(self.board.clone(), self.pieces.clone(), origins.to_vec())
    }

    /// Size and walls.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces; a [`Move`] names one by its index here.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The top-left cell of each piece at the start.
    pub fn start(&self) -> &[usize] {
        &self.start
    }

    /// The puzzle mirrored about the board's main diagonal ([`Board::transposed`]): each
    /// piece's shape turned, its numbers read row by row on the mirrored board, its start
    /// mirrored. A move of piece `p` towards `dir` on one is the move of `p` towards
    /// [`Dir::transposed`] on the other, so solutions carry over move by move.
    pub fn transposed(&self) -> Puzzle {
        let pieces = self
            .pieces
            .iter()
            .map(|piece| {
                let Shape { rows, cols } = piece.shape;
                let numbers = (0..cols)
                    .flat_map(|c| (0..rows).map(move |r| (r, c)))
                    .map(|(r, c)| piece.numbers[r * cols + c])
                    .collect();
                Piece {
                    shape: piece.shape.transposed(),
                    numbers,
                }
            })
            .collect();
        Puzzle {
            board: self.board.transposed(),
            pieces,
            start: self.transposed_origins(&self.start),
        }
    }

    /// Where pieces standing at `origins` stand on [`Puzzle::transposed`].
    pub fn transposed_origins(&self, origins: &[usize]) -> Vec<usize> {
        origins
            .iter()
            .map(|&origin| self.board.transposed_cell(origin))
            .collect()
    }

    /// Builds the position with the pieces at `origins`, checking that there is one origin per
    /// piece and that they fit and do not overlap.
    pub fn position(&self, origins: &[usize]) -> Result<Position, PlacementError> {
        if origins.len() != self.pieces.len() {
            return Err(PlacementError::Count {
                origins: origins.len(),
                pieces: self.pieces.len(),
            });
        }
        let board = &self.board;
        let mut occupant: Vec<Cell> = (0..board.cells())
            .map(|c| {
                if board.is_wall(c) {
                    Cell::Wall
                } else {
                    Cell::Empty
                }
            })
            .collect();
        for (index, (piece, &origin)) in self.pieces.iter().zip(origins).enumerate() {
            let (row, col) = board.row_col(origin);
            if origin >= board.cells() || !board.fits(piece.shape, origin) {
                return Err(PlacementError::OffBoard {
                    label: piece.label(),
                    row,
                    col,
                });
            }
            for cell in board.footprint(piece.shape, origin) {
                if occupant[cell] != Cell::Empty {
                    let (row, col) = board.row_col(cell);
                    return Err(PlacementError::Overlap {
                        label: piece.label(),
                        row,
                        col,
                    });
                }
                occupant[cell] = Cell::Piece(index);
            }
        }
        Ok(Position {
            origins: origins.to_vec(),
            occupant,
        })
    }

    /// The distinct shapes of the pieces, in order of first appearance, and for each piece the
    /// index of its shape there: pieces of one shape share move tables and are alike to
    /// searches that ignore labels.
    pub fn shape_classes(&self) -> (Vec<Shape>, Vec<usize>) {
        let mut shapes: Vec<Shape> = Vec::new();
        let class_of = (self.pieces.iter())
            .map(|piece| {
                shapes
                    .iter()
                    .position(|&s| s == piece.shape)
                    .unwrap_or_else(|| {
                        shapes.push(piece.shape);
                        shapes.len() - 1
                    })
            })
            .collect();
        (shapes, class_of)
    }

    /// Whether any piece is larger than one cell.
    pub fn has_blocks(&self) -> bool {
        self.pieces.iter().any(|p| p.shape != Shape::UNIT)
    }

    /// The cells neither a piece nor a wall covers.
    pub fn blank_count(&self) -> usize {
        let covered: usize = self.pieces.iter().map(|p| p.shape.area()).sum();
        let walls = (0..self.board.cells())
            .filter(|&c| self.board.is_wall(c))
            .count();
        self.board.cells() - covered - walls
    }

    /// The start position.
    pub fn start_position(&self) -> Position {
        self.position(&self.start)
            .expect("Puzzle::new checked the start")
    }

    /// Why `mv` cannot be made in `position`, or `None` when it can.
    fn obstacle(&self, position: &Position, mv: Move) -> Option<&'static str> {
        let Some(piece) = self.pieces.get(mv.piece) else {
            return Some("no such piece");
        };
        let origin = position.origins[mv.piece];
        if self.board.step(piece.shape, origin, mv.dir).is_none() {
            return Some("it would leave the board");
        }
        self.board
            .entering(piece.shape, origin, mv.dir)
            .any(|cell| position.occupant[cell] != Cell::Empty)
            .then_some("the cells it would enter are not empty")
    }

    /// Whether `mv` can be made in `position`.
    pub fn can_move(&self, position: &Position, mv: Move) -> bool {
        self.obstacle(position, mv).is_none()
    }

    /// Every legal move in `position`, pieces in index order, directions as in [`Dir::ALL`].
    pub fn legal_moves(&self, position: &Position) -> Vec<Move> {
        (0..self.pieces.len())
            .flat_map(|piece| Dir::ALL.map(|dir| Move { piece, dir }))
            .filter(|&mv| self.can_move(position, mv))
            .collect()
    }

    /// `steps` random moves from the start, each drawn uniformly from the legal moves other
    /// than undoing the one before (unless that is the only one), fewer when nothing can move:
    /// the moves, and the origins they end on. The same `rng` state gives the same walk.
    pub fn random_walk(&self, steps: usize, rng: &mut Rng) -> (Vec<Move>, Vec<usize>) {
        let board = &self.board;
        let mut position = self.start_position();
        let mut empty: Vec<usize> = (0..board.cells())
            .filter(|&c| position.at(c) == Cell::Empty)
            .collect();
        let mut walk: Vec<Move> = Vec::with_capacity(steps);
        let mut options = Vec::new();
        for _ in 0..steps {
            // Only pieces next to a blank can move: looking there keeps a step O(blanks).
            options.clear();
            for &cell in &empty {
                for dir in Dir::ALL {
                    if let Some(from) = board.step(Shape::UNIT, cell, dir.opposite())
                        && let Cell::Piece(piece) = position.at(from)
                    {
                        let mv = Move { piece, dir };
                        if self.can_move(&position, mv) {
                            options.push(mv);
                        }
                    }
                }
            }
            options.sort_by_key(|m| (m.piece, m.dir));
            options.dedup();
            if options.len() > 1
                && let Some(back) = walk.last().map(|mv| mv.reversed())
            {
                options.retain(|&m| m != back);
            }
            let Some(&mv) = options.get(rng.below(options.len().max(1))) else {
                break; // nothing can move at all
            };
            let shape = self.pieces[mv.piece].shape;
            let from = position.origins()[mv.piece];
            let to = board.step(shape, from, mv.dir).expect("a legal move");
            let left: Vec<usize> = board.footprint(shape, from).collect();
            let entered: Vec<usize> = board.footprint(shape, to).collect();
            empty.retain(|c| !entered.contains(c));
            empty.extend(left.iter().filter(|c| !entered.contains(c)));
            self.apply(&mut position, mv);
            walk.push(mv);
        }
        (walk, position.origins().to_vec())
    }

    /// Makes a legal move: the piece's trailing edge empties and its leading edge fills.
    /// Undo a move by applying [`Move::reversed`].
    pub fn apply(&self, position: &mut Position, mv: Move) {
        debug_assert!(self.can_move(position, mv));
        let shape = self.pieces[mv.piece].shape;
        let origin = position.origins[mv.piece];
        let to = self
            .board
            .step(shape, origin, mv.dir)
            .expect("move stays on the board");
        for cell in self.board.footprint(shape, origin) {
            position.occupant[cell] = Cell::Empty;
        }
        for cell in self.board.footprint(shape, to) {
            position.occupant[cell] = Cell::Piece(mv.piece);
        }
        position.origins[mv.piece] = to;
    }

    /// Plays `moves` from the start, checking each one, and returns the final position.
    pub fn replay(&self, moves: &[Move]) -> Result<Position, IllegalMove> {
        let mut position = self.start_position();
        for (i, &mv) in moves.iter().enumerate() {
            if let Some(reason) = self.obstacle(&position, mv) {
                let label = self.pieces.get(mv.piece).map_or(0, Piece::label);
                return Err(IllegalMove {
                    step: i + 1,
                    label,
                    dir: mv.dir,
                    reason,
                });
            }
            self.apply(&mut position, mv);
        }
        Ok(position)
    }

    /// The move as the terminal format prints it: the piece's label and the direction letter.
    pub fn describe(&self, mv: Move) -> MoveText {
        MoveText {
            label: self.pieces[mv.piece].label(),
            dir: mv.dir,
        }
    }
}

/// A move in the terminal format, `x S`: the moved piece's top-left number and a direction letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The piece's label.
    pub label: u32,
    /// The direction.
    pub dir: Dir,
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.label, self.dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2x3 board: a 2x1 block (1 over 4) at column 0, tiles 2 and 3, two blanks on the right.
    fn sample() -> Puzzle {
        Puzzle {
            board: Board::new(2, 3),
            pieces: vec![
                Piece {
                    shape: Shape { rows: 2, cols: 1 },
                    numbers: vec![1, 4],
                },
                Piece {
                    shape: Shape::UNIT,
                    numbers: vec![2],
                },
                Piece {
                    shape: Shape::UNIT,
                    numbers: vec![3],
                },
            ],
            start: vec![0, 1, 4],
        }
    }

    /// Mirrored twice, a puzzle is itself; mirrored once, a move of a piece is the mirrored
    /// move, so a path on the mirror, each move mirrored back, ends where the same path would
    /// on the mirror, mirrored back.
    #[test]
    fn a_puzzle_mirrored_about_its_diagonal_carries_its_moves_over() {
        let p = Puzzle {
            board: Board::with_walls(2, 3, [2]),
            start: vec![0, 1, 4],
            ..sample()
        };
        let mirror = p.transposed();
        assert_eq!(mirror.transposed(), p);
        assert_eq!((mirror.board.rows(), mirror.board.cols()), (3, 2));
        assert!(mirror.board.is_wall(4));
        assert_eq!(mirror.pieces[0].shape, Shape { rows: 1, cols: 2 });
        assert_eq!(mirror.start, vec![0, 2, 3]);
        let path = [
            Move {
                piece: 2,
                dir: Dir::Down,
            },
            Move {
                piece: 1,
                dir: Dir::Right,
            },
        ];
        let end = mirror.replay(&path).expect("legal on the mirror");
        let back: Vec<Move> = path.iter().map(|mv| mv.transposed()).collect();
        let original_end = p.replay(&back).expect("legal on the original");
        assert_eq!(p.transposed_origins(original_end.origins()), end.origins());
    }

    #[test]
    fn apply_and_undo_restore_the_position() {
        let p = sample();
        let start = p.start_position();
        let moves = p.legal_moves(&start);
        assert_eq!(
            moves,
            vec![
                Move {
                    piece: 1,
                    dir: Dir::Right
                },
                Move {
                    piece: 2,
                    dir: Dir::Right
                }
            ]
        );
        for mv in moves {
            let mut pos = start.clone();
            p.apply(&mut pos, mv);
            assert_ne!(pos, start);
            p.apply(&mut pos, mv.reversed());
            assert_eq!(pos, start);
        }
    }

    #[test]
    fn replay_rejects_blocked_moves_and_reaches_the_goal() {
        let p = sample();
        let up = Move {
            piece: 2,
            dir: Dir::Up,
        };
        let err = p.replay(&[up]).unwrap_err();
        assert_eq!((err.step, err.label), (1, 3));
        let right = Move {
            piece: 2,
            dir: Dir::Right,
        };
        let end = p.replay(&[right, up]).unwrap();
        assert_eq!(end.origins(), [0, 1, 2]);
        assert_eq!(p.describe(up).to_string(), "3 U");
    }

    #[test]
    fn blocks_need_their_whole_edge_free() {
        let p = sample();
        let mut pos = p.start_position();
        let block_right = Move {
            piece: 0,
            dir: Dir::Right,
        };
        assert!(!p.can_move(&pos, block_right));
        p.apply(
            &mut pos,
            Move {
                piece: 1,
                dir: Dir::Right,
            },
        );
        assert!(!p.can_move(&pos, block_right), "tile 3 still sits below");
        assert!(p.position(&[0, 0, 4]).is_err());
    }
}
