//! Exact local shortening: each stretch of a solution is replaced by a shortest path between its
//! two ends, found by a small bidirectional search that moves only the pieces the stretch moved.
//!
//! Every other piece stands still during the stretch, so the pieces that moved, inside the
//! rectangle they swept, make a small state space of their own; a shortest path there is a
//! valid replacement for the stretch on the whole board, whatever the shapes and the number of
//! blanks.

use crate::engine::geometry::{Board, Dir, Shape};
use crate::engine::puzzle::{Move, Puzzle};
use crate::rng::mix;
use crate::search::{Limits, Outcome, Reversible, Space, bidirectional_bfs};
use fxhash::FxHashMap;
use std::ops::Range;

/// Most pieces one stretch may move: the local state holds their origins, and the space grows
/// with their number.
const MOST_PIECES: usize = 8;
/// Longest stretch searched at once; stretches advance by half of it.
const STRETCH: usize = 24;
/// Memory one local search may fill before it gives up on its stretch.
const SEARCH_BYTES: usize = 1 << 20;
/// Most passes over a solution: later passes gain little, and a bound on them (not on time)
/// keeps the result the same on every machine.
const PASSES: usize = 4;
/// Longest solution that gets more than one pass: on the long answers of huge boards the
/// passes after the first gain about a tenth of what the first did, a few moves in ten
/// thousand, and each costs as much as the first.
const MANY_PASSES_MOST_MOVES: usize = 20_000;
/// Moves one pass sweeps at a time: long enough that the cuts between them cost nothing worth
/// counting, short enough that a huge board's answer keeps two threads busy.
const PIECE: usize = 50_000;

/// The origins of the stretch's pieces (unused slots stay zero).
type Local = [u32; MOST_PIECES];

/// The pieces one stretch moved, each free to move inside the swept rectangle into cells the
/// pieces that stand still leave empty.
struct Stretch<'a> {
    board: &'a Board,
    /// Per cell of the board: the piece standing there (plus one) at the stretch's start, or 0.
    occupant: &'a [u32],
    /// The whole puzzle's index of each local piece.
    pieces: Vec<usize>,
    shapes: Vec<Shape>,
    rows: Range<usize>,
    cols: Range<usize>,
}

impl Stretch<'_> {
    /// Whether local piece `k` may enter the cell at row `r`, column `c` (board cell `cell`)
    /// when the local pieces stand at rows and columns `at`: inside the rectangle, empty of the
    /// pieces that stand still and of the other local pieces.
    fn open(&self, at: &[(usize, usize)], k: usize, cell: usize) -> bool {
        let (r, c) = self.board.row_col(cell);
        let still = match self.occupant[cell] {
            0 => false,
            o => !self.pieces.contains(&(o as usize - 1)),
        };
        let covers = |j: usize| {
            let ((r0, c0), shape) = (at[j], self.shapes[j]);
            (r0..r0 + shape.rows).contains(&r) && (c0..c0 + shape.cols).contains(&c)
        };
        self.rows.contains(&r)
            && self.cols.contains(&c)
            && !still
            && !self.board.is_wall(cell)
            && (0..self.pieces.len()).all(|j| j == k || !covers(j))
    }
}

impl Space for Stretch<'_> {
    type State = Local;
    type Move = (u8, Dir);

    fn successors(&self, state: &Local, out: &mut Vec<((u8, Dir), Local)>) {
        // Each piece's row and column, worked out once per state rather than per cell tested.
        let mut at = [(0, 0); MOST_PIECES];
        for (k, &origin) in state.iter().enumerate().take(self.pieces.len()) {
            at[k] = self.board.row_col(origin as usize);
        }
        for k in 0..self.pieces.len() {
            for dir in Dir::ALL {
                let origin = state[k] as usize;
                let Some(to) = self.board.step(self.shapes[k], origin, dir) else {
                    continue;
                };
                if (self.board.entering(self.shapes[k], origin, dir)).all(|c| self.open(&at, k, c))
                {
                    let mut next = *state;
                    next[k] = to as u32;
                    out.push(((k as u8, dir), next));
                }
            }
        }
    }

    fn predecessor(&self, state: &Local, (k, dir): (u8, Dir)) -> Local {
        let mut before = *state;
        let shape = self.shapes[k as usize];
        let back = self
            .board
            .step(shape, state[k as usize] as usize, dir.opposite());
        before[k as usize] = back.expect("a move made inside the board") as u32;
        before
    }
}

impl Reversible for Stretch<'_> {
    fn reverse(&self, (k, dir): (u8, Dir)) -> (u8, Dir) {
        (k, dir.opposite())
    }
}

/// `moves` (played from `puzzle`'s start) with stretches replaced by shorter ones and loops
/// through repeated positions cut, pass after pass while a pass gains, at most `PASSES`
/// passes (one past `MANY_PASSES_MOST_MOVES` moves), until `limits` expire (their deadline or
/// cancellation; their memory and work do not apply, since each local search has its own).
/// Every replacement is legal by construction; callers replay the result all the same.
pub fn locally(puzzle: &Puzzle, moves: &[Move], limits: &Limits) -> Vec<Move> {
    let mut moves = cut_loops(puzzle, moves);
    let passes = if moves.len() > MANY_PASSES_MOST_MOVES {
        1
    } else {
        PASSES
    };
    for _ in 0..passes {
        if limits.expired().is_some() {
            break;
        }
        let shorter = cut_loops(puzzle, &pass(puzzle, &moves, limits));
        if shorter.len() >= moves.len() {
            break;
        }
        moves = shorter;
    }
    moves
}

/// Removes every loop through a repeated position from `moves` (played from `puzzle`'s start),
/// which also drops each move immediately undone. Positions are compared by a 64-bit
/// fingerprint kept up to date move by move; the caller replays the result, and keeps the
/// original moves in the astronomically unlikely case that a fingerprint collision broke it.
pub fn cut_loops(puzzle: &Puzzle, moves: &[Move]) -> Vec<Move> {
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

/// One sweep of stretches over `moves`, each replaced by a shortest local path when that is
/// shorter. The moves are cut into pieces of [`PIECE`] moves, swept side by side on the
/// `limits`' threads: a replacement ends where its stretch did, so each piece starts from the
/// position the moves before it reach, and since the cuts do not depend on the threads, neither
/// does the result.
fn pass(puzzle: &Puzzle, moves: &[Move], limits: &Limits) -> Vec<Move> {
    let board = &puzzle.board;
    let mut at = Place {
        origins: puzzle.start.clone(),
        occupant: vec![0u32; board.cells()],
    };
    for (p, &o) in at.origins.iter().enumerate() {
        board
            .footprint(puzzle.pieces[p].shape, o)
            .for_each(|c| at.occupant[c] = p as u32 + 1);
    }
    let pieces: Vec<&[Move]> = moves.chunks(PIECE).collect();
    let mut starts = Vec::with_capacity(pieces.len());
    for piece in &pieces {
        starts.push(at.clone());
        piece.iter().for_each(|&mv| at.make(puzzle, mv));
    }
    let swept: Vec<std::sync::Mutex<Vec<Move>>> =
        pieces.iter().map(|_| Default::default()).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let sweep = || {
        loop {
            let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(piece) = pieces.get(k) else {
                return;
            };
            let shorter = sweep_piece(puzzle, starts[k].clone(), piece, limits);
            *swept[k].lock().expect("no sweep panics") = shorter;
        }
    };
    let threads = limits.threads.clamp(1, pieces.len().max(1));
    if threads == 1 {
        sweep();
    } else {
        std::thread::scope(|scope| (0..threads).for_each(|_| _ = scope.spawn(sweep)));
    }
    (swept.into_iter())
        .flat_map(|piece| piece.into_inner().expect("no sweep panics"))
        .collect()
}

/// A position as a pass walks it: each piece's origin, and per cell the piece there (plus one)
/// or 0.
#[derive(Clone)]
struct Place {
    origins: Vec<usize>,
    occupant: Vec<u32>,
}

impl Place {
    /// Makes the legal move `mv`.
    fn make(&mut self, puzzle: &Puzzle, mv: Move) {
        let board = &puzzle.board;
        let shape = puzzle.pieces[mv.piece].shape;
        let from = self.origins[mv.piece];
        let to = board.step(shape, from, mv.dir).expect("a legal move");
        board
            .entering(shape, to, mv.dir.opposite())
            .for_each(|c| self.occupant[c] = 0);
        board
            .entering(shape, from, mv.dir)
            .for_each(|c| self.occupant[c] = mv.piece as u32 + 1);
        self.origins[mv.piece] = to;
    }
}

/// One sweep of stretches over `moves`, played from `at`.
fn sweep_piece(puzzle: &Puzzle, mut at: Place, moves: &[Move], limits: &Limits) -> Vec<Move> {
    let mut out = Vec::with_capacity(moves.len());
    let mut i = 0;
    while i < moves.len() {
        if limits.expired().is_some() {
            out.extend_from_slice(&moves[i..]);
            break;
        }
        let (end, better) = improve(puzzle, &at.origins, &at.occupant, &moves[i..], limits);
        let taken = match better {
            Some(path) => {
                out.extend_from_slice(&path);
                end
            }
            None => {
                let kept = (STRETCH / 2).min(end).max(1);
                out.extend_from_slice(&moves[i..i + kept]);
                kept
            }
        };
        // Whatever replaced the stretch ends where it did.
        moves[i..i + taken]
            .iter()
            .for_each(|&mv| at.make(puzzle, mv));
        i += taken;
    }
    out
}

/// The stretch at the front of `rest` (played from `origins`, whose cells `occupant` maps): how
/// many moves it spans, and a shorter path between its ends if the local search finds one.
fn improve(
    puzzle: &Puzzle,
    origins: &[usize],
    occupant: &[u32],
    rest: &[Move],
    limits: &Limits,
) -> (usize, Option<Vec<Move>>) {
    let board = &puzzle.board;
    let mut pieces: Vec<usize> = Vec::new();
    let mut end = 0;
    for mv in rest.iter().take(STRETCH) {
        if !pieces.contains(&mv.piece) {
            if pieces.len() == MOST_PIECES {
                break;
            }
            pieces.push(mv.piece);
        }
        end += 1;
    }
    if end < 3 {
        return (end, None);
    }
    let shapes: Vec<Shape> = pieces.iter().map(|&p| puzzle.pieces[p].shape).collect();
    let mut start: Local = [0; MOST_PIECES];
    pieces
        .iter()
        .enumerate()
        .for_each(|(k, &p)| start[k] = origins[p] as u32);
    let mut goal = start;
    let (r, c) = board.row_col(start[0] as usize);
    let (mut rows, mut cols) = (r..r + 1, c..c + 1);
    let mut sweep = |k: usize, origin: u32| {
        let (r, c) = board.row_col(origin as usize);
        rows = rows.start.min(r)..rows.end.max(r + shapes[k].rows);
        cols = cols.start.min(c)..cols.end.max(c + shapes[k].cols);
    };
    (0..pieces.len()).for_each(|k| sweep(k, start[k]));
    for mv in &rest[..end] {
        let k = pieces
            .iter()
            .position(|&p| p == mv.piece)
            .expect("collected");
        let to = board.step(shapes[k], goal[k] as usize, mv.dir);
        goal[k] = to.expect("a legal move") as u32;
        sweep(k, goal[k]);
    }
    let stretch = Stretch {
        board,
        occupant,
        pieces,
        shapes,
        rows,
        cols,
    };
    let local = Limits {
        max_memory: SEARCH_BYTES,
        max_expanded: None,
        ..limits.clone()
    };
    match bidirectional_bfs(&stretch, start, goal, &local, |_| {}).outcome {
        Outcome::Found(path) if path.len() < end => {
            let path = path.into_iter().map(|(k, dir)| Move {
                piece: stretch.pieces[k as usize],
                dir,
            });
            (end, Some(path.collect()))
        }
        _ => (end, None),
    }
}
