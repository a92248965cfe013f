//! `--solve`: a shortest move sequence from the start board to the goal board (any goal, not
//! only the sorted one), found by the engine's exact searches on the packed state space.
//!
//! Size limit: the packed space holds boards of up to 128 cells (so up to 11x11); beyond that
//! the answer is [`Limit::BoardSize`]. Within it the search is bounded by the memory and time
//! limits given: 2x2 and 3x3 boards always finish (a 3x3 parity class has 181,440 states,
//! a few MiB of tables), while 4x4 and larger ones finish only when the optimum is short enough
//! for the tables to fit; otherwise the answer is [`Answer::GaveUp`] naming the limit. For
//! scale, the assignment's 4x4 example (47 moves) stored 80 million states in 2.9 GiB of tables
//! and took about two minutes on a busy 2-core machine.

use super::{Instance, TileBoard};
use crate::geometry::{Board, Shape};
use crate::numeric::Unsolvable;
use crate::packed;
use crate::puzzle::{Piece, Puzzle};
use crate::search::{Outcome, Stats, Stop};
use crate::solver::{Answer, Limit, Options, Report, Unverified, exact, verify};
use std::time::Instant;

/// The cell of each tile on `board`: entry `t - 1` is where tile `t` stands.
pub(super) fn origins(board: &TileBoard) -> Vec<usize> {
    let mut cell_of = vec![0; board.cells.len() - 1];
    for (cell, &tile) in board.cells.iter().enumerate() {
        if tile != 0 {
            cell_of[tile as usize - 1] = cell;
        }
    }
    cell_of
}

/// The engine form of `instance` (see [`Instance::engine`]).
pub(super) fn engine(instance: &Instance) -> Puzzle {
    let side = instance.start.side;
    Puzzle {
        board: Board::new(side, side),
        pieces: (1..side * side)
            .map(|tile| Piece {
                shape: Shape::UNIT,
                numbers: vec![tile as u32],
            })
            .collect(),
        start: origins(&instance.start),
    }
}

/// Searches for a shortest move sequence from the start to the goal, whatever the parity rule
/// says (so tests can hold one against the other). Every solution is replayed on the engine
/// before it is returned; `Err` is a solution that failed that check, a bug.
pub fn solve(
    instance: &Instance,
    options: Options,
    on_progress: &mut dyn FnMut(&Stats),
) -> Result<Report, Unverified> {
    let began = Instant::now();
    let puzzle = instance.engine();
    let target = instance.target();
    let method = options.algo.to_string();
    let search = match packed::words_needed(&puzzle) {
        None => None,
        Some(1) => Some(exact::<1>(&puzzle, &target, options, on_progress)),
        Some(2) => Some(exact::<2>(&puzzle, &target, options, on_progress)),
        Some(3..=4) => Some(exact::<4>(&puzzle, &target, options, on_progress)),
        Some(5..=8) => Some(exact::<8>(&puzzle, &target, options, on_progress)),
        Some(_) => Some(exact::<16>(&puzzle, &target, options, on_progress)),
    };
    let (answer, stats) = match search {
        None => (
            Answer::GaveUp(Limit::BoardSize(puzzle.board.cells())),
            Stats::default(),
        ),
        Some(search) => {
            let answer = match search.outcome {
                Outcome::Found(moves) => {
                    verify(&puzzle, &target, &moves).map_err(|reason| Unverified {
                        method: method.clone(),
                        reason,
                    })?;
                    Answer::Solved {
                        moves,
                        optimal: true,
                    }
                }
                Outcome::Exhausted => Answer::Unsolvable(Unsolvable::Exhausted {
                    states: search.stats.stored,
                }),
                Outcome::Stopped(Stop::Memory(bytes)) => Answer::GaveUp(Limit::Memory(bytes)),
                Outcome::Stopped(Stop::Time) => Answer::GaveUp(Limit::Time),
            };
            (answer, search.stats)
        }
    };
    Ok(Report {
        answer,
        method,
        stats,
        elapsed: began.elapsed(),
    })
}
