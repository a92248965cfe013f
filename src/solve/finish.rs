//! Finishing what the constructive solver left stuck: the rows it did not complete, cut out as
//! a board of their own and searched by weighted A*, a row more at a time while that fails.
//!
//! The constructive solver places pieces one by one and keeps them; with few blanks and many
//! blocks the last pieces can need room that the placed ones took (a 2x2 block needs two
//! blanks beside it). The rows below the first unfinished one hold every piece not yet home
//! and every blank, so they are a puzzle of their own, much smaller than the board; a search
//! over them moves all their pieces together, which the one-by-one placement cannot.
//!
//! Invariant: the rows above the cut hold only pieces at their targets and no blank, so the
//! rows below hold every piece not at its target and all their targets; a piece at home that
//! reaches across the cut stays where it is, as walls below it.

use super::algo::Algo;
use super::anytime::FALLING;
use super::exact::exact;
use crate::engine::geometry::Board;
use crate::engine::puzzle::{Move, Puzzle};
use crate::heuristic::pdb::Cache;
use crate::search::{Limits, Outcome, Stop};

/// The rows from `top` down, as their own puzzle: the pieces that stand there (the `map` from
/// their index in the cut to their index in the whole), their starts and their targets.
struct Cut {
    puzzle: Puzzle,
    target: Vec<usize>,
    map: Vec<usize>,
}

/// Moves from `origins` that bring every piece of `puzzle` to `target`, found by searching the
/// unfinished rows, each try within `limits`; `None` when every try failed, up to `most` tries
/// of at most so many cells. Also returns how many rows the successful cut had.
pub(super) fn finish(
    puzzle: &Puzzle,
    target: &[usize],
    origins: &[usize],
    limits: &Limits,
    most: (usize, usize),
    cache: Option<&Cache>,
) -> Option<(Vec<Move>, usize)> {
    let board = &puzzle.board;
    let mut top = first_unfinished_row(puzzle, target, origins)?;
    let (most_tries, most_cells) = most;
    for _ in 0..most_tries {
        let rows = board.rows() - top;
        if rows * board.cols() > most_cells {
            return None;
        }
        let cut = cut(puzzle, target, origins, top);
        let run = exact(
            &cut.puzzle,
            &cut.target,
            Algo::Wastar,
            FALLING[0],
            limits.clone(),
            cache,
            &mut |_| {},
        )?;
        if let Outcome::Found(path) = run.outcome {
            let moves = path
                .into_iter()
                .map(|mv| Move {
                    piece: cut.map[mv.piece],
                    dir: mv.dir,
                })
                .collect();
            return Some((moves, rows));
        }
        let interrupted = matches!(run.outcome, Outcome::Stopped(Stop::Time | Stop::Cancelled));
        if top == 0 || interrupted {
            return None;
        }
        top -= 1;
    }
    None
}

/// The first row with a cell that is blank or covered by a piece away from its target; `None`
/// when there is none (every piece is home).
fn first_unfinished_row(puzzle: &Puzzle, target: &[usize], origins: &[usize]) -> Option<usize> {
    let board = &puzzle.board;
    let mut home = vec![false; board.cells()];
    for (p, piece) in puzzle.pieces.iter().enumerate() {
        if origins[p] == target[p] {
            for cell in board.footprint(piece.shape, origins[p]) {
                home[cell] = true;
            }
        }
    }
    (0..board.cells())
        .find(|&cell| !home[cell] && !board.is_wall(cell))
        .map(|cell| board.row_col(cell).0)
}

/// The rows from `top` down as a puzzle of their own; the lower cells of pieces that reach
/// into them from above (pieces at home) are walls there.
fn cut(puzzle: &Puzzle, target: &[usize], origins: &[usize], top: usize) -> Cut {
    let board = &puzzle.board;
    let offset = top * board.cols();
    let reaching_in = puzzle
        .pieces
        .iter()
        .zip(origins)
        .filter(|&(_, &origin)| origin < offset)
        .flat_map(|(piece, &origin)| board.footprint(piece.shape, origin))
        .filter(|&cell| cell >= offset);
    let walls = (offset..board.cells())
        .filter(|&cell| board.is_wall(cell))
        .chain(reaching_in)
        .map(|cell| cell - offset);
    let rows = Board::with_walls(board.rows() - top, board.cols(), walls);
    let map: Vec<usize> = (0..puzzle.pieces.len())
        .filter(|&p| origins[p] >= offset)
        .collect();
    Cut {
        puzzle: Puzzle {
            board: rows,
            pieces: map.iter().map(|&p| puzzle.pieces[p].clone()).collect(),
            start: map.iter().map(|&p| origins[p] - offset).collect(),
        },
        target: map.iter().map(|&p| target[p] - offset).collect(),
        map,
    }
}
