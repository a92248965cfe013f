//! A compact search space for boards of up to 128 cells: a state is the top-left cell of every
//! piece packed into `W` 64-bit words, and cell occupancy is one 128-bit mask.
//!
//! Moves are checked against precomputed tables (for each shape, origin and direction: where
//! the piece lands and which cells it enters), so expanding a state costs a few word operations
//! per piece and never touches the heap.

use crate::engine::geometry::Dir;
use crate::engine::move_tables::{MoveTables, NO_STEP, mask};
use crate::engine::puzzle::{Move, Puzzle};
use crate::heuristic::incremental::{MAX_LAYOUT_CELLS, PieceLayout};
use crate::search::{Reversible, Space};

/// Largest board the packed space handles: its occupancy is one 128-bit mask.
pub const MAX_CELLS: usize = 128;

// A packed state is laid out for the bound rated from the parent.
const _: () = assert!(MAX_CELLS <= MAX_LAYOUT_CELLS);

/// A packed state: piece origins, `bits` bits each, never straddling two words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedPosition<const W: usize>([u64; W]);

/// Hashes all words into one well-mixed `u64`. Packed fields differ mostly in their high bits,
/// and a multiplicative hash such as FxHash carries only low input bits into the low output
/// bits that pick a bucket: fed raw words, whole tables would pile into a few buckets.
impl<const W: usize> std::hash::Hash for PackedPosition<W> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let folded = self.0.iter().fold(0u64, |h, &w| {
            (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
        });
        // The murmur3 finaliser: every input bit reaches every output bit.
        let mut x = folded ^ (folded >> 33);
        x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        x ^= x >> 33;
        x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        state.write_u64(x ^ (x >> 33));
    }
}

/// A packed move: piece index times four plus the direction's index in [`Dir::ALL`].
pub type PackedMove = u16;

/// The state space of a [`Puzzle`] whose board has at most [`MAX_CELLS`] cells.
pub struct PackedSpace<const W: usize> {
    bits: u32,
    /// Fields a word holds.
    per_word: usize,
    /// Per piece: the word holding its field and the field's shift in it (looked up: a
    /// division per field read would cost more than the read).
    slots: Vec<(u8, u8)>,
    shape_of: Vec<u8>,
    /// Per shape, in [`Dir::ALL`] order.
    tables: MoveTables,
    /// Per shape, the cells it covers as offsets from its origin: a layout writes them at once
    /// where walking the bits of its footprint costs a 128-bit scan a cell.
    covers: Vec<Vec<u8>>,
    walls: u128,
    /// The cells whose row plus column is odd: a move shifts one origin by one cell, into or
    /// out of this set, so the count of origins in it flips with every move.
    odd_cells: u128,
}

/// How many 64-bit words a packed state of `puzzle` needs, or `None` when its board is too
/// large for the packed space.
pub fn words_needed(puzzle: &Puzzle) -> Option<usize> {
    let cells = puzzle.board.cells();
    if cells > MAX_CELLS {
        return None;
    }
    let per_word = 64 / field_bits(cells) as usize;
    Some(puzzle.pieces.len().div_ceil(per_word).max(1))
}

fn field_bits(cells: usize) -> u32 {
    usize::BITS - (cells - 1).max(1).leading_zeros()
}

impl<const W: usize> PackedSpace<W> {
    /// The space of `puzzle`, or `None` when its states do not fit in `W` words.
    pub fn new(puzzle: &Puzzle) -> Option<Self> {
        if words_needed(puzzle)? > W {
            return None;
        }
        let board = &puzzle.board;
        let bits = field_bits(board.cells());
        let (shapes, classes) = puzzle.shape_classes();
        let shape_of = classes.into_iter().map(|c| c as u8).collect();
        let tables = MoveTables::new(board, &shapes, Dir::ALL);
        let covers = (shapes.iter())
            .map(|&shape| board.footprint(shape, 0).map(|cell| cell as u8).collect())
            .collect();
        let walls = mask((0..board.cells()).filter(|&c| board.is_wall(c)));
        let odd_cells = mask((0..board.cells()).filter(|&c| {
            let (row, col) = board.row_col(c);
            (row + col) % 2 == 1
        }));
        let per_word = (64 / bits) as usize;
        let slots = (0..puzzle.pieces.len())
            .map(|piece| {
                (
                    (piece / per_word) as u8,
                    ((piece % per_word) as u32 * bits) as u8,
                )
            })
            .collect();
        Some(PackedSpace {
            bits,
            per_word,
            slots,
            shape_of,
            tables,
            covers,
            walls,
            odd_cells,
        })
    }

    fn field(&self, key: &PackedPosition<W>, piece: usize) -> usize {
        let (word, shift) = self.slots[piece];
        ((key.0[word as usize] >> shift) & ((1 << self.bits) - 1)) as usize
    }

    fn with_field(
        &self,
        mut key: PackedPosition<W>,
        piece: usize,
        origin: usize,
    ) -> PackedPosition<W> {
        let (word, shift) = self.slots[piece];
        let word = &mut key.0[word as usize];
        *word = (*word & !(((1 << self.bits) - 1) << shift)) | ((origin as u64) << shift);
        key
    }

    /// The origin of `piece` in `key`.
    pub fn origin(&self, key: &PackedPosition<W>, piece: usize) -> usize {
        self.field(key, piece)
    }

    /// Every piece's origin in `key`, in piece order, in the first [`pieces`](Self::pieces)
    /// bytes of `origins`: one pass over the words, where reading each field alone looks up
    /// where it lies (every expansion reads them all, and so does each parent's layout).
    #[inline]
    fn unpack_origins(&self, key: &PackedPosition<W>, origins: &mut [u8; MAX_CELLS]) {
        let (pieces, field) = (self.shape_of.len(), (1u64 << self.bits) - 1);
        for (word, chunk) in key
            .0
            .iter()
            .zip(origins[..pieces].chunks_mut(self.per_word))
        {
            let mut word = *word;
            for origin in chunk {
                *origin = (word & field) as u8;
                word >>= self.bits;
            }
        }
    }

    /// Writes into `grid` which piece covers each cell of `key` (its index plus one, 0 for a
    /// blank or a wall), and into the first [`pieces`](Self::pieces) bytes of `origins` the
    /// pieces' origins in piece order.
    pub fn layout(
        &self,
        key: &PackedPosition<W>,
        grid: &mut [u8; MAX_CELLS],
        origins: &mut [u8; MAX_CELLS],
    ) {
        self.unpack_origins(key, origins);
        *grid = [0; MAX_CELLS];
        for (piece, (&shape, &origin)) in self.shape_of.iter().zip(origins.iter()).enumerate() {
            for &offset in &self.covers[shape as usize] {
                grid[usize::from(origin + offset)] = piece as u8 + 1;
            }
        }
    }

    /// How many pieces a state places.
    pub fn pieces(&self) -> usize {
        self.shape_of.len()
    }

    /// Packs piece origins (indexed like the puzzle's pieces).
    pub fn encode(&self, origins: &[usize]) -> PackedPosition<W> {
        origins
            .iter()
            .enumerate()
            .fold(PackedPosition([0; W]), |key, (piece, &o)| {
                self.with_field(key, piece, o)
            })
    }

    /// The engine move a packed move stands for.
    pub fn unpack(mv: PackedMove) -> Move {
        Move {
            piece: (mv >> 2) as usize,
            dir: Dir::ALL[(mv & 3) as usize],
        }
    }
}

impl<const W: usize> PieceLayout for PackedSpace<W> {
    fn origin(&self, state: &PackedPosition<W>, piece: usize) -> usize {
        PackedSpace::origin(self, state, piece)
    }

    fn moved_piece(&self, mv: PackedMove) -> usize {
        PackedSpace::<W>::unpack(mv).piece
    }

    fn layout(
        &self,
        state: &PackedPosition<W>,
        grid: &mut [u8; MAX_LAYOUT_CELLS],
        origins: &mut [u8; MAX_LAYOUT_CELLS],
    ) {
        PackedSpace::layout(self, state, grid, origins);
    }
}

impl<const W: usize> Space for PackedSpace<W> {
    type State = PackedPosition<W>;
    type Move = PackedMove;

    fn successors(&self, key: &PackedPosition<W>, out: &mut Vec<(PackedMove, PackedPosition<W>)>) {
        let mut origins = [0u8; MAX_CELLS];
        self.unpack_origins(key, &mut origins);
        let placed = || self.shape_of.iter().zip(&origins);
        let occupied = placed().fold(self.walls, |occupied, (&shape, &origin)| {
            occupied | self.tables.footprint(shape as usize, origin as usize)
        });
        // Most pieces touch no blank. Those that do are listed without a branch per piece:
        // which of them do is as good as random to a branch predictor.
        let mut touching = [0u8; MAX_CELLS];
        let mut count = 0;
        for (piece, (&shape, &origin)) in placed().enumerate() {
            touching[count] = piece as u8;
            count += usize::from(self.tables.rim(shape as usize, origin as usize) & !occupied != 0);
        }
        for &piece in &touching[..count] {
            let piece = usize::from(piece);
            let (shape, origin) = (self.shape_of[piece], origins[piece]);
            for (dir, step) in self
                .tables
                .steps(shape as usize, origin as usize)
                .iter()
                .enumerate()
            {
                if step.to != NO_STEP && occupied & step.entering == 0 {
                    let mv = (piece as u16) << 2 | dir as u16;
                    out.push((mv, self.with_field(*key, piece, step.to as usize)));
                }
            }
        }
    }

    fn predecessor(&self, key: &PackedPosition<W>, mv: PackedMove) -> PackedPosition<W> {
        let piece = (mv >> 2) as usize;
        let back = Dir::ALL[(mv & 3) as usize].opposite().index();
        let origin = self.field(key, piece);
        let from = self.tables.steps(self.shape_of[piece] as usize, origin)[back].to;
        self.with_field(*key, piece, from as usize)
    }
}

impl<const W: usize> Reversible for PackedSpace<W> {
    fn reverse(&self, mv: PackedMove) -> PackedMove {
        let back = Dir::ALL[(mv & 3) as usize].opposite().index() as u16;
        (mv & !3) | back
    }

    fn parity(&self, key: &PackedPosition<W>) -> Option<bool> {
        let odd = (0..self.shape_of.len())
            .filter(|&piece| self.odd_cells >> self.field(key, piece) & 1 == 1)
            .count();
        Some(odd % 2 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn successors_match_the_engine_and_predecessor_inverts_them() {
        let (puzzle, _) = crate::engine::sample(
            "5 4\n3 7 4 8\n1 2 0 11\n5 6 15 10\n9 14 0 12\n13 17 0 16\n2\n12 2*1\n1 2*2\n",
        );
        let space = PackedSpace::<2>::new(&puzzle).unwrap();
        let key = space.encode(&puzzle.start);
        let mut out = Vec::new();
        space.successors(&key, &mut out);
        let packed: Vec<Move> = out
            .iter()
            .map(|&(mv, _)| PackedSpace::<2>::unpack(mv))
            .collect();
        let position = puzzle.start_position();
        assert_eq!(packed, puzzle.legal_moves(&position));
        for &(mv, child) in &out {
            let mut after = position.clone();
            puzzle.apply(&mut after, PackedSpace::<2>::unpack(mv));
            assert_eq!(child, space.encode(after.origins()));
            assert_eq!(space.predecessor(&child, mv), key);
        }
        assert_eq!(
            words_needed(&puzzle),
            Some(2),
            "13 pieces of 5 bits, 12 per word"
        );
    }

    /// Bidirectional A* rounds its bound up to the parity of the start and goal: were the
    /// parity wrong for a single move, it could prove a path one move too short impossible.
    #[test]
    fn every_move_flips_the_parity() {
        let (puzzle, _) = crate::engine::sample(
            "5 4\n3 7 4 8\n1 2 0 11\n5 6 15 10\n9 14 0 12\n13 17 0 16\n2\n12 2*1\n1 2*2\n",
        );
        let space = PackedSpace::<2>::new(&puzzle).unwrap();
        // Every state within eight moves of the start, each move checked once.
        let mut layer = vec![space.encode(&puzzle.start)];
        let (mut seen, mut checked) = (std::collections::HashSet::new(), 0);
        let mut out = Vec::new();
        for _ in 0..8 {
            let mut next = Vec::new();
            for key in layer {
                let parity = space.parity(&key).unwrap();
                out.clear();
                space.successors(&key, &mut out);
                for &(_, child) in &out {
                    assert_ne!(space.parity(&child), Some(parity));
                    checked += 1;
                    if seen.insert(child) {
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        assert!(checked > 10_000, "only {checked} moves checked");
    }
}
