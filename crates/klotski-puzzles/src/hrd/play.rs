//! A layout as an engine [`Problem`] (the 2x2 block over the exit) with a shortest solution
//! under either [`Metric`], as single-cell moves, for the GUI (`klotski gui --hrd CODE`) to
//! play.

use super::code::Code;
use super::layout::{CELLS, COLS, GOAL_HEAD, Kind, Layout, PIECE_VALUES, ROWS};
use super::moves::Metric;
use super::solve;
use klotski_core::engine::geometry::{Board, Dir, Shape};
use klotski_core::engine::problem::{Goal, Problem};
use klotski_core::engine::puzzle::{Move, Piece, Position, Puzzle};

/// The layout `code` as a [`Problem`] on an open 5-row, 4-column board, pieces numbered 1, 2,
/// ... in row-major order of their top-left cells (every cell of a piece carries its number),
/// the goal the 2x2 block over the exit (bottom centre), and a solution shortest under `metric`
/// in single-cell moves that [`Problem::verify`] accepts, or `None` when no solved layout is
/// reachable.
pub fn playable(code: Code, metric: Metric) -> (Problem, Option<Vec<Move>>) {
    let layout = code.layout();
    let (origins, pieces): (Vec<usize>, Vec<Piece>) = (layout.pieces())
        .enumerate()
        .map(|(i, (cell, kind))| {
            let shape = kind.shape();
            let numbers = vec![i as u32 + 1; shape.area()];
            (cell, Piece { shape, numbers })
        })
        .unzip();
    let puzzle = Puzzle::new(Board::new(ROWS, COLS), pieces, origins.clone())
        .expect("a layout places its pieces");
    let moves = solution_from(&puzzle, &origins, metric);
    let block = Shape { rows: 2, cols: 2 };
    let goal = Goal::Cover {
        master: (puzzle.pieces().iter())
            .position(|p| p.shape == block)
            .expect("a layout has the 2x2 block"),
        cells: puzzle.board().footprint(block, GOAL_HEAD).collect(),
    };
    (
        Problem::new(puzzle, goal).expect("a layout places its pieces"),
        moves,
    )
}

/// A solution shortest under `metric`, in single-cell moves, from the pieces of `puzzle` (a
/// [`playable`] puzzle) standing at `origins`, or `None` when no solved layout is reachable
/// from there (or the pieces are not a classic layout's). Under [`Metric::Piece`] each step
/// becomes its piece's fewest single-cell moves to where the step ends. The player asks it
/// for hints from any position.
pub fn solution_from(puzzle: &Puzzle, origins: &[usize], metric: Metric) -> Option<Vec<Move>> {
    let mut raw = 0;
    for (piece, &origin) in puzzle.pieces().iter().zip(origins) {
        let kind = Kind::ALL.into_iter().find(|k| k.shape() == piece.shape)?;
        raw |= PIECE_VALUES[kind as usize - 1][origin];
    }
    let code = Layout::from_raw(raw).code();
    let path = solve::solve(code, metric)?;
    // Pieces of one shape are alike to the search: follow each by where it stands.
    let mut at: [Option<usize>; CELLS] = [None; CELLS];
    for (piece, &cell) in origins.iter().enumerate() {
        at[cell] = Some(piece);
    }
    let mut position = puzzle.position(origins).ok()?;
    let mut moves = Vec::new();
    for slide in &path.steps {
        let (from, to) = (slide.from as usize, slide.to as usize);
        let piece = at[from].take().expect("a step moves a piece");
        at[to] = Some(piece);
        for mv in route(puzzle, &position, piece, to).expect("a step's piece reaches its end") {
            puzzle.apply(&mut position, mv);
            moves.push(mv);
        }
    }
    Some(moves)
}

/// The fewest single-cell moves that take `piece` from where it stands in `position` to the
/// top-left cell `to`, every other piece standing still: a breadth-first search over the cells
/// it can reach (a step of [`Metric::Piece`] may turn corners).
fn route(puzzle: &Puzzle, position: &Position, piece: usize, to: usize) -> Option<Vec<Move>> {
    let mut came: [Option<(usize, Dir)>; CELLS] = [None; CELLS];
    let start = position.origins()[piece];
    let mut queue = std::collections::VecDeque::from([(start, position.clone())]);
    while let Some((cell, here)) = queue.pop_front() {
        if cell == to {
            let mut route = Vec::new();
            let mut back = to;
            while back != start {
                let (before, dir) = came[back].expect("a cell reached has a way back");
                route.push(Move { piece, dir });
                back = before;
            }
            route.reverse();
            return Some(route);
        }
        for dir in Dir::ALL {
            let mv = Move { piece, dir };
            if !puzzle.can_move(&here, mv) {
                continue;
            }
            let mut next = here.clone();
            puzzle.apply(&mut next, mv);
            let reached = next.origins()[piece];
            if reached != start && came[reached].is_none() {
                came[reached] = Some((cell, dir));
                queue.push_back((reached, next));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_replays_to_the_block_at_the_bottom_centre() {
        let (problem, moves) = playable("1A9BF0C".parse().unwrap(), Metric::Unit);
        let moves = moves.expect("solvable");
        assert_eq!(moves.len(), 116);
        let end = problem.verify(&moves).expect("every move is legal");
        let puzzle = problem.puzzle();
        let block = (puzzle.pieces().iter())
            .position(|p| p.shape.area() == 4)
            .unwrap();
        assert_eq!(end.origins()[block], 13);
        assert_eq!(puzzle.pieces().len(), 10);
        assert!(
            playable("1AAEF0C".parse().unwrap(), Metric::Unit)
                .1
                .is_none()
        );
    }

    #[test]
    fn a_solution_from_a_position_part_way_replays_to_the_goal() {
        let (problem, moves) = playable("1A9BF0C".parse().unwrap(), Metric::Unit);
        let (puzzle, moves) = (problem.puzzle(), moves.unwrap());
        let mut position = problem.start_position();
        for &mv in &moves[..10] {
            puzzle.apply(&mut position, mv);
        }
        let rest = solution_from(puzzle, position.origins(), Metric::Unit).expect("solvable");
        assert_eq!(
            rest.len(),
            moves.len() - 10,
            "a shortest path from a shortest path's middle"
        );
        for mv in rest {
            assert!(puzzle.can_move(&position, mv));
            puzzle.apply(&mut position, mv);
        }
        let block = (puzzle.pieces().iter())
            .position(|p| p.shape.area() == 4)
            .unwrap();
        assert_eq!(position.origins()[block], 13, "the 2x2 block is home");
    }

    #[test]
    fn a_solution_by_piece_moves_turns_corners_in_single_cells_and_has_81_piece_runs() {
        let (problem, moves) = playable("1A9BF0C".parse().unwrap(), Metric::Piece);
        let moves = moves.expect("solvable");
        problem
            .verify(&moves)
            .expect("every move is legal and ends on the goal");
        let runs = 1
            + (moves.windows(2))
                .filter(|pair| pair[0].piece != pair[1].piece)
                .count();
        assert_eq!(
            runs, 81,
            "Heng Dao Li Ma's shortest counted as its players count"
        );
        assert!(
            moves.len() >= 116,
            "no fewer single cells than the unit metric's 116"
        );
    }
}
