//! The relaxed space: states that keep only the blanks and the pieces a search must tell
//! apart (the other blocks alike by shape, the other 1x1 tiles filler), and its moves.

use super::Alike;
use crate::engine::geometry::{Board, Dir, Shape};
use crate::engine::puzzle::Puzzle;
use crate::rng::mix;
use crate::search::{Reversible, Space};
use smallvec::SmallVec;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::ops::Range;

/// A relaxed state: the blank cells (sorted, blanks are alike), then the origin of each block
/// (sorted within a shape when blocks of one shape are alike), padded with zeros.
#[derive(Clone, Copy, Debug, Eq)]
pub(super) struct RelaxedPosition<const N: usize>(pub(super) [u16; N]);

/// Every field compared, without stopping at the first that differs: the compiler then
/// compares many at once, where the derived comparison calls `memcmp` (most states compared
/// are equal, found again).
impl<const N: usize> PartialEq for RelaxedPosition<N> {
    fn eq(&self, other: &Self) -> bool {
        (self.0.iter().zip(&other.0)).fold(true, |same, (a, b)| same & (a == b))
    }
}

/// Four fields to a word, each word mixed in: the fields differ in a few low bits each, which a
/// plain multiplicative hash would leave in the high bits of its output.
impl<const N: usize> Hash for RelaxedPosition<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let folded = self.0.chunks(4).fold(0u64, |h, lanes| {
            let word = (lanes.iter()).fold(0u64, |w, &lane| w << 16 | u64::from(lane));
            mix(h, word)
        });
        state.write_u64(folded);
    }
}

/// A relaxed move: whatever now stands at `to` (a blank, or a block's origin) got there by
/// stepping towards `dir`. Naming it by where it landed keeps the move valid however alike
/// things sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Landing {
    pub(super) to: u16,
    pub(super) dir: Dir,
}

/// The relaxed space of one puzzle.
pub(super) struct RelaxedSpace<const N: usize> {
    board: Board,
    pub(super) blanks: usize,
    /// The shape of each block slot (slot `blanks + i`).
    shapes: Vec<Shape>,
    /// Ranges of slots whose contents are alike, kept sorted.
    alike: Vec<Range<usize>>,
    /// The blocks' indices among the puzzle's pieces, in slot order.
    pub(super) pieces: Vec<usize>,
    /// What stands on each cell of the state being expanded ([`Stands`]), filled by
    /// `successors` for its own use: between calls every cell [`Stands::Filler`] but the
    /// walls, [`Stands::Wall`] always.
    stands: RefCell<Vec<Stands>>,
}

/// What stands on a cell of a relaxed state, looked up once per cell where testing every blank
/// and block for it took a scan of them each time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stands {
    /// A 1x1 tile that is filler.
    Filler,
    /// A wall: nothing steps onto it.
    Wall,
    /// A blank.
    Blank,
    /// A cell of the block (or named tile) in this slot, counted from the first block's.
    Block(u16),
}

/// What a named piece's step home weighs, where the blanks lead a plan
/// ([`super::Goal::lead_blanks`]), against the blanks' steps to the cells it would step into:
/// more than those grow by when the step is made (the blanks are then behind it), so that
/// stepping home always lowers the estimate.
pub(super) const STEP_HOME: usize = 10;

impl<const N: usize> RelaxedSpace<N> {
    /// The steps between cells `a` and `b` (their Manhattan distance).
    pub(super) fn steps(&self, a: u16, b: u16) -> usize {
        let (a, b) = (self.board.row_col(a.into()), self.board.row_col(b.into()));
        a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
    }

    /// The fewest steps that bring distinct `blanks` onto the cells slot `slot` (at `at`) would
    /// enter by a step toward `home`, over the ways it may step; `None` where every such way
    /// has more cells than two.
    pub(super) fn blanks_to_front(
        &self,
        blanks: &[u16],
        slot: usize,
        at: u16,
        home: u16,
    ) -> Option<usize> {
        let shape = self.shapes[slot - self.blanks];
        let (row, col) = self.board.row_col(at.into());
        let (home_row, home_col) = self.board.row_col(home.into());
        let toward_home = |dir: &Dir| match dir {
            Dir::Left => home_col < col,
            Dir::Right => home_col > col,
            Dir::Up => home_row < row,
            Dir::Down => home_row > row,
        };
        let to = |blank: u16, cell: usize| self.steps(blank, cell as u16);
        let onto = |first: usize, second: usize| {
            (blanks.iter().enumerate())
                .flat_map(|(i, &a)| {
                    (blanks.iter().enumerate())
                        .filter(move |&(j, _)| j != i)
                        .map(move |(_, &b)| to(a, first) + to(b, second))
                })
                .min()
        };
        (Dir::ALL.iter().filter(|dir| toward_home(dir)))
            .filter_map(|&dir| {
                let mut front = self.board.entering(shape, at.into(), dir);
                match (front.next(), front.next(), front.next()) {
                    (Some(one), None, _) => blanks.iter().map(|&b| to(b, one)).min(),
                    (Some(first), Some(second), None) => onto(first, second),
                    _ => None,
                }
            })
            .min()
    }

    pub(super) fn new(puzzle: &Puzzle, alike: Alike) -> Self {
        let named: Vec<bool> = (puzzle.pieces.iter())
            .map(|piece| alike == Alike::Tiles && piece.shape != Shape::UNIT)
            .collect();
        Self::naming(puzzle, &named)
    }

    /// The relaxed space in which the pieces `named` keep their identity (1x1 tiles among them
    /// move as blocks of one cell), every other block is alike with the others of its shape,
    /// and every other 1x1 tile is filler.
    pub(super) fn naming(puzzle: &Puzzle, named: &[bool]) -> Self {
        let board = puzzle.board.clone();
        let blanks = puzzle.blank_count();
        let mut pieces: Vec<usize> = (0..puzzle.pieces.len())
            .filter(|&p| named[p] || puzzle.pieces[p].shape != Shape::UNIT)
            .collect();
        // The unnamed blocks of one shape side by side, so that each shape is one range of
        // slots.
        pieces.sort_by_key(|&p| (named[p], puzzle.pieces[p].shape));
        let shapes: Vec<Shape> = pieces.iter().map(|&p| puzzle.pieces[p].shape).collect();
        let mut ranges = Vec::new();
        ranges.push(0..blanks);
        let mut first = 0;
        for i in 1..=shapes.len() {
            let alike = |j: usize| !named[pieces[j]] && shapes[j] == shapes[first];
            let joins = i < shapes.len() && alike(first) && alike(i);
            if !joins {
                if !named[pieces[first]] {
                    ranges.push(blanks + first..blanks + i);
                }
                first = i;
            }
        }
        assert!(blanks + shapes.len() <= N, "dispatched on the slot count");
        RelaxedSpace {
            stands: RefCell::new(
                (0..board.cells())
                    .map(|cell| match board.is_wall(cell) {
                        true => Stands::Wall,
                        false => Stands::Filler,
                    })
                    .collect(),
            ),
            board,
            blanks,
            shapes,
            alike: ranges,
            pieces,
        }
    }

    /// The relaxed state of a placement of `puzzle`'s pieces.
    pub(super) fn encode(&self, puzzle: &Puzzle, origins: &[usize]) -> RelaxedPosition<N> {
        let mut free = vec![true; self.board.cells()];
        for (piece, &origin) in puzzle.pieces.iter().zip(origins) {
            for cell in self.board.footprint(piece.shape, origin) {
                free[cell] = false;
            }
        }
        let mut key = [0u16; N];
        let blank_cells = (0..free.len()).filter(|&c| free[c] && !self.board.is_wall(c));
        for (slot, cell) in blank_cells.enumerate() {
            key[slot] = cell as u16;
        }
        for (i, &piece) in self.pieces.iter().enumerate() {
            key[self.blanks + i] = origins[piece] as u16;
        }
        self.sorted(RelaxedPosition(key))
    }

    fn sorted(&self, mut key: RelaxedPosition<N>) -> RelaxedPosition<N> {
        for range in &self.alike {
            key.0[range.clone()].sort_unstable();
        }
        key
    }

    /// Moves the blanks standing on the cells of `from` onto those of `to`, pair by pair.
    fn shift_blanks(
        &self,
        key: &mut RelaxedPosition<N>,
        from: impl Iterator<Item = usize>,
        to: impl Iterator<Item = usize>,
    ) {
        for (cell, onto) in from.zip(to) {
            let at = (key.0[..self.blanks].iter())
                .position(|&b| usize::from(b) == cell)
                .expect("a blank stands there");
            key.0[at] = onto as u16;
        }
    }

    /// The cell one step from `cell` towards `dir`, if on the board.
    fn next_cell(&self, cell: usize, dir: Dir) -> Option<usize> {
        self.board.step(Shape::UNIT, cell, dir)
    }

    /// Marks on `stands` the blanks and blocks of `key` (`on`), or clears them again to
    /// [`Stands::Filler`], touching only their cells.
    fn mark(&self, key: &RelaxedPosition<N>, stands: &mut [Stands], on: bool) {
        let blank = if on { Stands::Blank } else { Stands::Filler };
        for &cell in &key.0[..self.blanks] {
            stands[usize::from(cell)] = blank;
        }
        for (i, &shape) in self.shapes.iter().enumerate() {
            let block = if on {
                Stands::Block(i as u16)
            } else {
                Stands::Filler
            };
            for cell in self
                .board
                .footprint(shape, usize::from(key.0[self.blanks + i]))
            {
                stands[cell] = block;
            }
        }
    }
}

impl<const N: usize> Space for RelaxedSpace<N> {
    type State = RelaxedPosition<N>;
    type Move = Landing;

    fn successors(&self, key: &RelaxedPosition<N>, out: &mut Vec<(Landing, RelaxedPosition<N>)>) {
        let mut stands = self.stands.borrow_mut();
        self.mark(key, &mut stands, true);
        // A tile slides into a blank: the blank moves onto the tile's cell.
        for slot in 0..self.blanks {
            let blank = usize::from(key.0[slot]);
            for dir in Dir::ALL {
                let Some(cell) = self.next_cell(blank, dir) else {
                    continue;
                };
                if stands[cell] != Stands::Filler {
                    continue;
                }
                let mut child = *key;
                child.0[slot] = cell as u16;
                let to = cell as u16;
                out.push((Landing { to, dir }, self.sorted(child)));
            }
        }
        // A block slides into blanks, which reappear on the cells it leaves: only a block
        // beside a blank can, so the blocks are found from the blanks (most stand among
        // filler), and tried in slot order, then direction, the order of the moves being what
        // breaks the searches' ties.
        let mut beside: SmallVec<[(u16, Dir); 16]> = SmallVec::new();
        for &blank in &key.0[..self.blanks] {
            for dir in Dir::ALL {
                // The block that would step `dir` into the blank stands on its other side.
                let next = self.next_cell(usize::from(blank), dir.opposite());
                if let Some(Stands::Block(i)) = next.map(|cell| stands[cell]) {
                    beside.push((i, dir));
                }
            }
        }
        beside.sort_unstable();
        beside.dedup();
        for (i, dir) in beside {
            let slot = self.blanks + usize::from(i);
            let shape = self.shapes[usize::from(i)];
            let origin = usize::from(key.0[slot]);
            let Some(to) = self.board.step(shape, origin, dir) else {
                continue;
            };
            let mut entering = self.board.entering(shape, origin, dir);
            if !entering.all(|c| stands[c] == Stands::Blank) {
                continue;
            }
            let mut child = *key;
            let entered = self.board.entering(shape, origin, dir);
            let left = self.board.entering(shape, to, dir.opposite());
            self.shift_blanks(&mut child, entered, left);
            child.0[slot] = to as u16;
            let to = to as u16;
            out.push((Landing { to, dir }, self.sorted(child)));
        }
        self.mark(key, &mut stands, false);
    }

    fn predecessor(&self, key: &RelaxedPosition<N>, mv: Landing) -> RelaxedPosition<N> {
        let back = self.reverse(mv);
        let mut parent = *key;
        if let Some(slot) = (0..self.blanks).find(|&s| key.0[s] == mv.to) {
            parent.0[slot] = back.to;
            return self.sorted(parent);
        }
        let i = (0..self.shapes.len())
            .find(|&i| key.0[self.blanks + i] == mv.to)
            .expect("a move names the blank or block it moved");
        let (shape, to) = (self.shapes[i], usize::from(mv.to));
        let vacated = self.board.entering(shape, to, mv.dir.opposite());
        let refilled = self.board.entering(shape, usize::from(back.to), mv.dir);
        self.shift_blanks(&mut parent, vacated, refilled);
        parent.0[self.blanks + i] = back.to;
        self.sorted(parent)
    }
}

impl<const N: usize> Reversible for RelaxedSpace<N> {
    fn reverse(&self, mv: Landing) -> Landing {
        let back = mv.dir.opposite();
        let from = self
            .next_cell(usize::from(mv.to), back)
            .expect("a move came from a cell on the board");
        Landing {
            to: from as u16,
            dir: back,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x2 block two rows below home waits for both blanks on the two cells above it: from
    /// the top right corner and the bottom right corner, eight steps in all either way round.
    /// A 1x2 block right of home waits for one blank on the cell left of it, one step away. At
    /// home, a piece has no step to make.
    #[test]
    fn the_blanks_are_counted_to_the_cells_a_piece_steps_into_next() {
        // The blanks' steps to the first piece's next cells, from its start and from home.
        let steps = |text: &str| {
            let (puzzle, target) = crate::engine::sample(text);
            let named: Vec<bool> = (0..puzzle.pieces.len()).map(|p| p == 0).collect();
            let space = RelaxedSpace::<8>::naming(&puzzle, &named);
            let start = space.encode(&puzzle, &puzzle.start);
            let home = space.encode(&puzzle, &target).0[space.blanks];
            let (slot, blanks) = (space.blanks, &start.0[..space.blanks]);
            (
                space.blanks_to_front(blanks, slot, start.0[slot], home),
                space.blanks_to_front(blanks, slot, home, home),
            )
        };
        let square = "4 4\n3 4 7 0\n8 9 10 11\n1 2 12 13\n5 6 14 0\n1\n1 2*2\n";
        assert_eq!(steps(square), (Some(8), None));
        assert_eq!(steps("2 3\n3 1 2\n0 4 5\n1\n1 1*2\n"), (Some(1), None));
    }

    /// From every state within a few moves of the start: each move's predecessor is the state
    /// it left, and its reverse is a move of the child back to that state.
    #[test]
    fn predecessor_and_reverse_undo_every_move() {
        let (puzzle, _) =
            crate::engine::sample("4 4\n1 2 3 0\n5 6 4 7\n9 10 8 0\n11 12 13 0\n2\n1 2*2\n9 1*2\n");
        // The 2x2 block and the first tile (label 3) named, the 1x2 block alike.
        let named: Vec<bool> = (0..puzzle.pieces.len()).map(|p| p < 2).collect();
        let spaces = [
            RelaxedSpace::<8>::new(&puzzle, Alike::Tiles),
            RelaxedSpace::<8>::new(&puzzle, Alike::TilesAndBlocks),
            RelaxedSpace::<8>::naming(&puzzle, &named),
        ];
        for space in spaces {
            let mut layer = vec![space.encode(&puzzle, &puzzle.start)];
            let mut moves = 0;
            for _ in 0..4 {
                let mut next = Vec::new();
                for key in &layer {
                    let mut out = Vec::new();
                    space.successors(key, &mut out);
                    for (mv, child) in out {
                        assert_eq!(space.predecessor(&child, mv), *key);
                        let mut back = Vec::new();
                        space.successors(&child, &mut back);
                        assert!(back.contains(&(space.reverse(mv), *key)));
                        next.push(child);
                        moves += 1;
                    }
                }
                layer = next;
            }
            assert!(moves > 100, "{moves} moves tried");
        }
    }
}
