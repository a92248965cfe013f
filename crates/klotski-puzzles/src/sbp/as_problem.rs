//! An SBP board as an engine [`Problem`] (walls are board walls, every brick a piece, the goal
//! the master brick over the goal cells), with a solution as engine [`Move`]s that
//! [`Puzzle::replay`] plays: what the GUI needs to show a brick puzzle.

use super::board::{Cell, MASTER, SbpBoard};
use super::solve::{Algo, solve};
use super::space::{Landing, SpaceError};
use klotski_core::engine::geometry::Board;
use klotski_core::engine::problem::{Goal, Problem};
use klotski_core::engine::puzzle::{Move, Piece, Puzzle};
use klotski_core::search::{Limits, Outcome, Stop};

/// Why no engine solution came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolutionError {
    /// The solvers cannot take the board.
    #[error(transparent)]
    Space(#[from] SpaceError),
    /// No sequence of moves reaches the goal.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// A limit stopped the search.
    #[error("the search stopped at a limit: {0:?}")]
    Stopped(Stop),
}

/// `board` as an engine problem: the board (walls from the `1` cells), one piece per brick in
/// order of first appearance (every cell of a piece carries the brick's number) and their
/// start, the goal the master brick over every goal cell (only it may cover them).
pub fn engine_problem(board: &SbpBoard) -> Problem {
    let walls = (0..board.cells().len()).filter(|&c| board.cells()[c] == Cell::Wall);
    let bricks = board.bricks();
    let pieces = (bricks.iter())
        .map(|b| Piece {
            shape: b.shape,
            numbers: vec![b.label as u32; b.shape.area()],
        })
        .collect();
    let walls = Board::with_walls(board.height(), board.width(), walls);
    let start = bricks.iter().map(|b| b.origin).collect();
    let puzzle = Puzzle::new(walls, pieces, start).expect("a parsed board places its bricks");
    let goal = Goal::Cover {
        master: (bricks.iter())
            .position(|b| b.label == MASTER)
            .expect("a parsed board has a master brick"),
        cells: (0..board.cells().len())
            .filter(|&c| board.is_goal(c))
            .collect(),
    };
    Problem::new(puzzle, goal).expect("a parsed board places its bricks")
}

/// The goal cells of a brick problem ([`engine_problem`]).
fn goal_cells(problem: &Problem) -> &[usize] {
    match problem.goal() {
        Goal::Cover { cells, .. } => cells,
        Goal::Placement(_) => &[],
    }
}

/// `slides`, a solution from the start of `problem`, as engine moves: each names the piece that
/// stands where the slide starts.
pub fn engine_moves(problem: &Problem, slides: &[Landing]) -> Vec<Move> {
    let puzzle = problem.puzzle();
    let width = puzzle.board().cols();
    let mut position = problem.start_position();
    (slides.iter())
        .map(|slide| {
            let from = slide.from(width);
            let piece = (position.origins().iter())
                .position(|&o| o == from)
                .expect("a solution's move starts at a piece's top-left cell");
            let mv = Move {
                piece,
                dir: slide.dir,
            };
            puzzle.apply(&mut position, mv);
            mv
        })
        .collect()
}

/// The engine problem of `board` and a shortest solution (A*) as engine moves.
pub fn engine_solution(
    board: &SbpBoard,
    limits: Limits,
) -> Result<(Problem, Vec<Move>), SolutionError> {
    let (found, _) = solve(board, Algo::Astar, limits)?;
    let slides = match found.outcome {
        Outcome::Found(slides) => slides,
        Outcome::Exhausted => return Err(SolutionError::NoSolution),
        Outcome::Stopped(stop) => return Err(SolutionError::Stopped(stop)),
    };
    let problem = engine_problem(board);
    let moves = engine_moves(&problem, &slides);
    Ok((problem, moves))
}

/// A shortest solution (A*) of `problem` from its pieces standing at `origins` (a position)
/// instead of at the start: the player asks for it from any position a person reached by hand.
pub fn engine_solution_from(
    problem: &Problem,
    origins: &[usize],
    limits: Limits,
) -> Result<Vec<Move>, SolutionError> {
    let puzzle = problem.puzzle();
    let goals = goal_cells(problem);
    let board = puzzle.board();
    let mut cells: Vec<Cell> = (0..board.cells())
        .map(|c| match () {
            _ if board.is_wall(c) => Cell::Wall,
            _ if goals.contains(&c) => Cell::Goal,
            _ => Cell::Empty,
        })
        .collect();
    for (piece, &origin) in puzzle.pieces().iter().zip(origins) {
        for cell in board.footprint(piece.shape, origin) {
            cells[cell] = Cell::Brick(piece.numbers[0] as i32);
        }
    }
    let goals = (0..board.cells()).map(|c| goals.contains(&c)).collect();
    let here = SbpBoard::with_goals(board.cols(), board.rows(), cells, goals);
    let (found, _) = solve(&here, Algo::Astar, limits)?;
    let slides = match found.outcome {
        Outcome::Found(slides) => slides,
        Outcome::Exhausted => return Err(SolutionError::NoSolution),
        Outcome::Stopped(stop) => return Err(SolutionError::Stopped(stop)),
    };
    let from_here = problem
        .with_start(origins)
        .expect("the player's position is a position");
    Ok(engine_moves(&from_here, &slides))
}
