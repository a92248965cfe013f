//! The large-board solver: places the pieces one at a time in goal order (row by row, then the
//! last rows column by column, as people solve the fifteen puzzle), each by a small best-first
//! search that may disturb the finished part only on its way.
//!
//! The searches stay small because they look only at what matters for the piece being placed:
//! two positions that differ only by which loose pieces of the same shape stand where are one
//! node. Solutions are valid but not shortest; [`shorten`](super::improve::shorten) removes loops and
//! replaces stretches by shorter local paths afterwards.
//!
//! On boards of 1x1 tiles with one blank, stages of up to four tiles come home by exact searches
//! over small windows ([`tile_window`]), and tiles those cannot place go by one cost-aware route
//! of the tile and the blank together ([`tile_route`]); above the last rows the next tiles are
//! the cheapest of those that keep the placed ones a staircase, not the next in reading order.
//!
//! - `placer`: what placements share, and the position they change move by move;
//! - `draft`: the positions the placement searches reach, as changes to where they began;
//! - `sparse`: per-cell values for searches that touch a few cells of a huge board;
//! - `clearing`: the searches that empty cells and finish placements;
//! - `route`: one piece's way to its target;
//! - `order`: the order of placement and the stages.

mod clearing;
mod draft;
mod order;
mod placer;
mod route;
mod sparse;
pub mod tile_route;
pub mod tile_window;

use crate::engine::puzzle::{Move, Puzzle};
use crate::search::{Limits, Stop, first_success};
use clearing::FEW_BLANKS;
pub use order::Failure;
use placer::Placer;

/// The ways of placing [`solve`] tries in turn: how many last rows are placed column by column,
/// and whether targets are emptied ahead of time (see [`Placer::place`]). Each way solves
/// boards the others cannot: with blocks, a strip of two rows traps tall pieces that stand in
/// the wrong order (they cannot pass each other there), so a wider strip comes first. With
/// many blanks, emptying targets first comes first: blanks are there to spare, and the last
/// cell of a row is a pocket that a piece standing in it can leave only through the cell the
/// placed piece comes from.
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

/// Bytes a run of the constructive solver holds per cell of the board: the puzzle's pieces, the
/// position, the order and the per-cell tables of its searches, for two ways of placing side
/// by side.
const BYTES_PER_CELL: u64 = 256;
/// Bytes a run holds per move of its answer: the moves as made and as kept, the fingerprints
/// that cut its loops, its shortening and its text.
const BYTES_PER_MOVE: u64 = 160;

/// Whether a run of the constructive solver on `puzzle`, its answer about `moves` moves at
/// most, fits in `max_memory` bytes; `Stop::Memory` when it does not, so that a board too
/// large for the memory is refused before any work is done on it.
pub fn fits(puzzle: &Puzzle, moves: u64, max_memory: usize) -> Result<(), Stop> {
    let cells = puzzle.board.cells() as u64;
    let bytes = cells
        .saturating_mul(BYTES_PER_CELL)
        .saturating_add(moves.saturating_mul(BYTES_PER_MOVE));
    if bytes > max_memory as u64 {
        return Err(Stop::Memory(max_memory));
    }
    Ok(())
}

/// Solves `puzzle` towards `target` (the goal origin of each piece) and returns the moves: the
/// moves of the first of its [`ways`] of placing that succeeds. The ways run side by side on
/// the [`Limits::threads`] threads (`first_success`), so a board on which the first ways get
/// stuck costs the time of the slowest of a few, not of all of them; the answer is the same on
/// any number of threads. When every way gets stuck, the failure carries the moves of the one that brought the
/// most pieces home (the first of those).
pub fn solve(puzzle: &Puzzle, target: &[usize], limits: &Limits) -> Result<Vec<Move>, Failure> {
    let threads = limits.threads;
    let run = |&way: &(usize, bool), limits: &Limits| solve_one_way(puzzle, target, way, limits);
    let failures = match first_success(ways(puzzle), threads, limits, run) {
        Ok((_, moves)) => return Ok(moves),
        Err(failures) => failures,
    };
    if let Some(stop) = limits.expired() {
        return Err(Failure::Stopped(stop));
    }
    let mut furthest = Furthest::default();
    for failure in failures {
        match failure.expect("every way ran, since the limits did not expire") {
            stopped @ Failure::Stopped(_) => return Err(stopped),
            Failure::Stuck { label, reached } => furthest.keep(puzzle, target, label, reached),
        }
    }
    Err(furthest.into_failure())
}

/// Solves `puzzle` towards `target`, handing each move to `sink` as soon as it is made, so that
/// a player can start showing a huge board at once. When one way of placing gets stuck, its
/// moves are handed out undone, back to the start, and the next way begins there: every move
/// handed out belongs to the solution, and `shorten` cuts the detour afterwards.
pub fn solve_streaming(
    puzzle: &Puzzle,
    target: &[usize],
    limits: &Limits,
    sink: &mut dyn FnMut(Move),
) -> Result<(), Failure> {
    let mut furthest = Furthest::default();
    for &(strip, evacuate) in ways(puzzle) {
        let placer = Placer::new(puzzle, target, (strip, evacuate), limits);
        let mut made = Vec::new();
        let outcome = placer.run(&puzzle.start, &mut |mv| {
            made.push(mv);
            sink(mv);
        });
        match outcome {
            Ok(()) => return Ok(()),
            Err(stopped @ Failure::Stopped(_)) => return Err(stopped),
            Err(Failure::Stuck { label, .. }) => {
                // Back to the start: a stuck attempt may have set a trap for the next one.
                made.iter().rev().for_each(|mv| sink(mv.reversed()));
                furthest.keep(puzzle, target, label, made);
            }
        }
    }
    Err(furthest.into_failure())
}

/// Of the stuck ways of placing seen so far, the first that brought the most pieces home: its
/// label, moves and count.
#[derive(Default)]
struct Furthest(Option<(u32, Vec<Move>, usize)>);

impl Furthest {
    /// Keeps the way stuck on `label` after `reached` if it brought more pieces home than any
    /// before it.
    fn keep(&mut self, puzzle: &Puzzle, target: &[usize], label: u32, reached: Vec<Move>) {
        let home = pieces_home(puzzle, target, &reached);
        if self.0.as_ref().is_none_or(|(_, _, most)| home > *most) {
            self.0 = Some((label, reached, home));
        }
    }

    /// The failure of the way kept.
    fn into_failure(self) -> Failure {
        let (label, reached, _) = self.0.expect("at least one way of placing");
        Failure::Stuck { label, reached }
    }
}

/// The ways of placing [`solve`] tries on `puzzle`, in turn: how many last rows are placed
/// column by column, and whether targets are emptied ahead of time.
pub fn ways(puzzle: &Puzzle) -> &'static [(usize, bool)] {
    match (puzzle.has_blocks(), puzzle.blank_count() > FEW_BLANKS) {
        (false, _) => &TILE_ATTEMPTS,
        (true, false) => &BLOCK_ATTEMPTS,
        (true, true) => &MANY_BLANKS_BLOCK_ATTEMPTS,
    }
}

/// Solves `puzzle` towards `target` by one way of placing of [`ways`] only; where it gets
/// stuck, the failure carries the moves it made.
pub fn solve_one_way(
    puzzle: &Puzzle,
    target: &[usize],
    way: (usize, bool),
    limits: &Limits,
) -> Result<Vec<Move>, Failure> {
    let mut moves = Vec::new();
    let placed = Placer::new(puzzle, target, way, limits).run(&puzzle.start, &mut |mv| {
        moves.push(mv);
    });
    match placed {
        Ok(()) => Ok(moves),
        Err(Failure::Stuck { label, .. }) => Err(Failure::Stuck {
            label,
            reached: moves,
        }),
        Err(stopped) => Err(stopped),
    }
}

/// How many pieces stand at their targets after `moves` from the start.
fn pieces_home(puzzle: &Puzzle, target: &[usize], moves: &[Move]) -> usize {
    let reached = puzzle.replay(moves).expect("the placer makes legal moves");
    reached
        .origins()
        .iter()
        .zip(target)
        .filter(|(origin, goal)| origin == goal)
        .count()
}
