//! The positions a placement search reaches ([`Draft`]): on a small board each whole, a byte a
//! cell and a piece; on a larger one only what the search changed from the position it started
//! at, so that a node costs as much as the moves behind it and the blanks, never as much as the
//! board, and a search on a huge board costs what it searches.

use super::placer::{Arrangement, EMPTY, Placer, WALL};
use crate::engine::geometry::{Dir, Shape};
use crate::engine::puzzle::Move;
use smallvec::SmallVec;

/// Changes a node is charged room for beyond its start ([`Draft::bytes`]): the searches' paths
/// are short, a few cells and pieces each move.
const CHANGE_ROOM: usize = 32;

/// The most cells of a board whose drafts hold it whole ([`Where::Whole`]): every origin then
/// fits a byte, and the board's bytes are fewer than the changes of the searches' paths, which
/// run to dozens of cells and pieces.
const WHOLE_CELLS: usize = 256;

/// A position one placement search reached from its start (an [`Arrangement`] the search only
/// reads): where the cells and pieces stand, every empty cell, and the search key.
#[derive(Debug)]
pub(super) struct Draft {
    /// Where the cells and pieces stand.
    at: Where,
    /// Every empty cell, sorted: held in the draft up to [`BLANKS`] of them.
    pub(super) blanks: SmallVec<[u32; BLANKS]>,
    /// What the moves added to the start's key ([`Placer::key_term`] summed over the cells):
    /// two positions of one search are alike for the placement at hand when their keys are
    /// equal, since they share the start's part.
    pub(super) key: u64,
    /// The move that undoes the one that made this draft (none at the search's start): it
    /// leads back to the parent, which the search has seen, so it is never generated.
    undo: Option<Move>,
    /// Bit `piece % 64` set for every piece the search moved (and more on boards of more than
    /// 64 pieces): the pieces away from their start are found without a look at every piece.
    pieces_moved: u64,
}

/// Where a draft's cells and pieces stand.
#[derive(Debug)]
enum Where {
    /// On a board of at most [`WHOLE_CELLS`] cells, the whole position: each cell's occupant
    /// ([`Arrangement::occupant`], [`WALL`] as `u8::MAX`), then each piece's origin, a byte
    /// each. One allocation, and every look one load.
    Whole(Box<[u8]>),
    /// On a larger board, what changed, sorted: cells whose occupant changed, each with its
    /// occupant now, then (their index marked with [`PIECE`]) pieces that moved, each with its
    /// origin now. One vector, so that a node is one allocation.
    Changed {
        changes: Vec<(u32, u32)>,
        /// Bit `cell % 64` set for every cell in `changes` (and more on boards of more than 64
        /// cells): a cell whose bit is clear holds what it held at the start, found without a
        /// search of `changes`, as most cells the searches look at do.
        cells_changed: u64,
    },
}

/// The bit of a cell in `Where::Changed::cells_changed`, or of a piece in
/// [`Draft::pieces_moved`].
fn bit(index: usize) -> u64 {
    1 << (index % 64)
}

/// The bits of `pieces` as [`Draft::moved_among`] takes them.
pub(super) fn pieces_bits(pieces: impl Iterator<Item = usize>) -> u64 {
    pieces.fold(0, |bits, piece| bits | bit(piece))
}

/// Blanks a draft holds without allocating.
const BLANKS: usize = 4;

/// Marks a piece's entry in `Where::Changed::changes`: cells and pieces both stay below it.
const PIECE: u32 = 1 << 31;

/// A wall in [`Where::Whole`].
const WHOLE_WALL: u8 = u8::MAX;

/// An occupant ([`Arrangement::occupant`]) as [`Where::Whole`] holds it.
fn to_byte(occupant: u32) -> u8 {
    if occupant == WALL {
        WHOLE_WALL
    } else {
        occupant as u8
    }
}

/// An occupant as [`Where::Whole`] held it, back as [`Arrangement::occupant`] holds it.
fn from_byte(byte: u8) -> u32 {
    if byte == WHOLE_WALL {
        WALL
    } else {
        u32::from(byte)
    }
}

impl Clone for Where {
    /// A copy; one of changes has room for one more move (at most two cells each way, and the
    /// piece), so that making it does not grow them again.
    fn clone(&self) -> Where {
        match self {
            Where::Whole(bytes) => Where::Whole(bytes.clone()),
            Where::Changed {
                changes,
                cells_changed,
            } => {
                let mut copy = Vec::with_capacity(changes.len() + 5);
                copy.extend_from_slice(changes);
                Where::Changed {
                    changes: copy,
                    cells_changed: *cells_changed,
                }
            }
        }
    }
}

impl Clone for Draft {
    /// A copy ready for one more move; the blanks are held inline.
    fn clone(&self) -> Draft {
        Draft {
            at: self.at.clone(),
            blanks: self.blanks.clone(),
            key: self.key,
            undo: self.undo,
            pieces_moved: self.pieces_moved,
        }
    }
}

impl Draft {
    /// The search's start itself: nothing moved yet.
    pub(super) fn start(base: &Arrangement) -> Draft {
        let cells = base.occupant.len();
        let at = if cells <= WHOLE_CELLS && base.origins.len() < usize::from(WHOLE_WALL) {
            let occupant = base.occupant.iter().map(|&o| to_byte(o));
            let origins = base.origins.iter().map(|&o| o as u8);
            Where::Whole(occupant.chain(origins).collect())
        } else {
            Where::Changed {
                changes: Vec::new(),
                cells_changed: 0,
            }
        };
        Draft {
            at,
            blanks: SmallVec::from_slice(&base.blanks),
            key: 0,
            undo: None,
            pieces_moved: 0,
        }
    }

    /// The memory a node is charged: the draft with its board, or with room for
    /// [`CHANGE_ROOM`] changes.
    pub(super) fn bytes(&self) -> usize {
        let held = match &self.at {
            Where::Whole(bytes) => bytes.len(),
            Where::Changed { changes, .. } => (changes.len() + CHANGE_ROOM) * 8,
        };
        std::mem::size_of::<Draft>() + self.blanks.len() * 4 + held
    }

    /// The occupant of `cell` (as in [`Arrangement::occupant`]), `base` being the start.
    pub(super) fn occupant(&self, base: &Arrangement, cell: usize) -> u32 {
        match &self.at {
            Where::Whole(bytes) => from_byte(bytes[cell]),
            Where::Changed { cells_changed, .. } if cells_changed & bit(cell) == 0 => {
                base.occupant[cell]
            }
            Where::Changed { changes, .. } => {
                match changes.binary_search_by_key(&(cell as u32), |&(c, _)| c) {
                    Ok(at) => changes[at].1,
                    Err(_) => base.occupant[cell],
                }
            }
        }
    }

    /// The origin of `piece`, `base` being the start.
    pub(super) fn origin(&self, base: &Arrangement, piece: usize) -> usize {
        if self.pieces_moved & bit(piece) == 0 {
            return base.origins[piece] as usize;
        }
        match &self.at {
            Where::Whole(bytes) => usize::from(bytes[base.occupant.len() + piece]),
            Where::Changed { changes, .. } => {
                match changes.binary_search_by_key(&(PIECE | piece as u32), |&(p, _)| p) {
                    Ok(at) => changes[at].1 as usize,
                    Err(_) => base.origins[piece] as usize,
                }
            }
        }
    }

    /// The pieces away from where they stood at `base`, the start, each with its origin now:
    /// those of `among` ([`pieces_bits`]; `u64::MAX` for all), and maybe others (a bit stands
    /// for every piece that is that one modulo 64). A search that weighs a few pieces skips
    /// the many others it moves.
    pub(super) fn moved_among<'a>(
        &'a self,
        base: &'a Arrangement,
        among: u64,
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        let pieces = base.origins.len();
        // The bits left to look at, and the next piece of the bit at hand: a bit stands for
        // every piece that is that one modulo 64. One loop, where nested iterators cost the
        // searches that ask on every node more than the look itself.
        let (mut mask, mut next) = (self.pieces_moved & among, pieces);
        std::iter::from_fn(move || {
            loop {
                if next < pieces {
                    let piece = next;
                    next += 64;
                    let origin = self.origin(base, piece);
                    if origin != base.origins[piece] as usize {
                        return Some((piece, origin));
                    }
                } else if mask == 0 {
                    return None;
                } else {
                    next = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                }
            }
        })
    }

    fn set_occupant(&mut self, cell: usize, occupant: u32) {
        match &mut self.at {
            Where::Whole(bytes) => bytes[cell] = to_byte(occupant),
            Where::Changed {
                changes,
                cells_changed,
            } => {
                set(changes, cell as u32, occupant);
                *cells_changed |= bit(cell);
            }
        }
    }

    fn set_origin(&mut self, cells: usize, piece: usize, origin: usize) {
        match &mut self.at {
            Where::Whole(bytes) => bytes[cells + piece] = origin as u8,
            Where::Changed { changes, .. } => set(changes, PIECE | piece as u32, origin as u32),
        }
        self.pieces_moved |= bit(piece);
    }
}

/// Sets `key` to `value` in `pairs`, kept sorted by key.
fn set(pairs: &mut Vec<(u32, u32)>, key: u32, value: u32) {
    match pairs.binary_search_by_key(&key, |&(k, _)| k) {
        Ok(at) => pairs[at].1 = value,
        Err(at) => pairs.insert(at, (key, value)),
    }
}

impl Arrangement {
    /// Makes this arrangement, the start of the search that reached `draft`, that position.
    pub(super) fn absorb(&mut self, draft: Draft) {
        match draft.at {
            Where::Whole(bytes) => {
                let (occupant, origins) = bytes.split_at(self.occupant.len());
                for (cell, &byte) in self.occupant.iter_mut().zip(occupant) {
                    *cell = from_byte(byte);
                }
                for (origin, &byte) in self.origins.iter_mut().zip(origins) {
                    *origin = u32::from(byte);
                }
            }
            Where::Changed { changes, .. } => {
                for (key, value) in changes {
                    if key & PIECE == 0 {
                        self.occupant[key as usize] = value;
                    } else {
                        self.origins[(key & !PIECE) as usize] = value;
                    }
                }
            }
        }
        self.blanks = draft.blanks.into_vec();
    }
}

impl Placer<'_> {
    /// The key of the draft the legal move `mv` makes from `draft`, where the piece moved
    /// stands at `origin`, for a search naming `named`: only the cells the move empties and
    /// fills change it.
    fn key_after(&self, draft: &Draft, mv: Move, origin: usize, named: &[bool]) -> u64 {
        let board = &self.puzzle.board;
        let shape = self.puzzle.pieces[mv.piece].shape;
        let to = board.step(shape, origin, mv.dir).expect("a legal move");
        let occupant = mv.piece as u32 + 1;
        let term = |c| self.key_term(c, occupant, named);
        let emptied = board.entering(shape, to, mv.dir.opposite()).map(term);
        let filled = board.entering(shape, origin, mv.dir).map(term);
        let key = emptied.fold(draft.key, u64::wrapping_sub);
        filled.fold(key, u64::wrapping_add)
    }

    /// `draft` (reached from `base`) after the legal move `mv`, its key kept for a search
    /// naming `named`.
    pub(super) fn apply(
        &self,
        base: &Arrangement,
        draft: &Draft,
        mv: Move,
        named: &[bool],
    ) -> Draft {
        let board = &self.puzzle.board;
        let shape = self.puzzle.pieces[mv.piece].shape;
        let origin = draft.origin(base, mv.piece);
        let to = board.step(shape, origin, mv.dir).expect("a legal move");
        let occupant = mv.piece as u32 + 1;
        let mut next = draft.clone();
        next.key = self.key_after(draft, mv, origin, named);
        // Only the trailing edge empties (the cells the reverse move would enter), and only the
        // leading edge fills.
        for c in board.entering(shape, to, mv.dir.opposite()) {
            next.set_occupant(c, EMPTY);
            // Kept sorted: moves are generated in cell order, whatever the history.
            let at = next.blanks.partition_point(|&b| (b as usize) < c);
            next.blanks.insert(at, c as u32);
        }
        for c in board.entering(shape, origin, mv.dir) {
            next.set_occupant(c, occupant);
            next.blanks.retain(|b| *b as usize != c);
        }
        next.set_origin(base.occupant.len(), mv.piece, to);
        next.undo = Some(mv.reversed());
        next
    }

    /// Every move from `draft` (reached from `base`) of a piece not `frozen` into empty cells
    /// none of which is `reserved`, each with the key of the draft it makes ([`Placer::apply`]
    /// makes it) for a search naming the pieces in `named`. The moves are found from the empty
    /// cells, so that a large board with few blanks costs little.
    pub(super) fn moves(
        &self,
        (base, draft): (&Arrangement, &Draft),
        frozen: impl Fn(usize) -> bool,
        reserved: &[usize],
        named: &[bool],
        out: &mut Vec<(Move, u64)>,
    ) {
        let board = &self.puzzle.board;
        let mut tried: SmallVec<[Move; 16]> = SmallVec::new();
        let free = |c: usize| !reserved.contains(&c);
        for cell in draft
            .blanks
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| free(c))
        {
            for dir in Dir::ALL {
                // The piece that would move `dir` into `cell` stands on the other side of it.
                let Some(from) = self.step(Shape::UNIT, cell, dir.opposite()) else {
                    continue;
                };
                let occupant = draft.occupant(base, from);
                if occupant == EMPTY || occupant == WALL || frozen(occupant as usize - 1) {
                    continue;
                }
                let mv = Move {
                    piece: occupant as usize - 1,
                    dir,
                };
                if tried.contains(&mv) || draft.undo == Some(mv) {
                    continue;
                }
                tried.push(mv);
                let shape = self.puzzle.pieces[mv.piece].shape;
                let origin = draft.origin(base, mv.piece);
                let fits = self.step(shape, origin, dir).is_some()
                    && board
                        .entering(shape, origin, dir)
                        .all(|c| draft.occupant(base, c) == EMPTY && free(c));
                if fits {
                    out.push((mv, self.key_after(draft, mv, origin, named)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Board;
    use crate::engine::puzzle::{Piece, Puzzle};
    use crate::search::Limits;

    /// A board of 3 rows and `cols` columns, a wall at its bottom right: a 1x2 block at the top
    /// left, tiles below it, blanks everywhere else.
    fn puzzle(cols: usize) -> Puzzle {
        let piece = |rows, cols, numbers: Vec<u32>| Piece {
            shape: Shape { rows, cols },
            numbers,
        };
        let mut pieces = vec![piece(1, 2, vec![1, 2])];
        pieces.extend((0..3).map(|i| piece(1, 1, vec![4 + i])));
        Puzzle {
            board: Board::with_walls(3, cols, [3 * cols - 1]),
            pieces,
            start: vec![0, cols, cols + 1, 2 * cols],
        }
    }

    /// A draft reads through to its start where it changed nothing, and after its moves
    /// absorbed into the start equals the start moved the same way; a draft that went and came
    /// back has the start's key and no piece moved. So on a small board, whose drafts hold it
    /// whole, and on a large one, whose drafts hold their changes.
    #[test]
    fn a_draft_is_its_start_with_its_moves_made() {
        for cols in [3, 90] {
            let puzzle = puzzle(cols);
            a_draft_is_its_start_on(&puzzle, cols == 3);
        }
    }

    /// The test above on `puzzle`, whose drafts hold it `whole` or not.
    fn a_draft_is_its_start_on(puzzle: &Puzzle, whole: bool) {
        let target: Vec<usize> = puzzle.start.clone();
        let placer = Placer::new(puzzle, &target, (2, false), &Limits::memory(1 << 30));
        let base = placer.layout(&puzzle.start);
        let named = vec![false; puzzle.pieces.len()];
        let start = Draft::start(&base);
        assert_eq!(matches!(start.at, Where::Whole(_)), whole);
        let mut out = Vec::new();
        placer.moves((&base, &start), |_| false, &[], &named, &mut out);
        let right = Move {
            piece: 0,
            dir: Dir::Right,
        };
        let &(_, key) = out
            .iter()
            .find(|(mv, _)| *mv == right)
            .expect("the block moves");
        let moved = &placer.apply(&base, &start, right, &named);
        assert_eq!(moved.key, key, "a move's key is its draft's");
        assert_eq!(moved.origin(&base, 0), 1);
        assert_eq!(
            moved.moved_among(&base, u64::MAX).collect::<Vec<_>>(),
            [(0, 1)]
        );
        assert_eq!(moved.occupant(&base, 0), EMPTY);
        assert_eq!(moved.occupant(&base, 2), 1);
        let cols = puzzle.board.cols();
        assert_eq!(
            moved.occupant(&base, cols),
            2,
            "unchanged cells read the start"
        );
        assert_eq!(moved.occupant(&base, 3 * cols - 1), WALL);
        let back = placer.apply(&base, moved, right.reversed(), &named);
        assert_eq!(back.key, start.key);
        assert_eq!(back.blanks[..], base.blanks[..]);
        assert_eq!(back.moved_among(&base, u64::MAX).count(), 0);
        let mut absorbed = base.clone();
        absorbed.absorb(moved.clone());
        let mut made = base.clone();
        placer.make(&mut made, right);
        assert_eq!(absorbed.occupant, made.occupant);
        assert_eq!(absorbed.origins, made.origins);
        assert_eq!(absorbed.blanks, made.blanks);
        // A move that names nothing and one that names the block key alike positions apart.
        let named_block = [true, false, false, false];
        let keyed = placer.apply(&base, &start, right, &named_block);
        assert_ne!(keyed.key, moved.key);
    }
}
