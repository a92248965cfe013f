//! An SBP board as an engine [`Puzzle`], with a solution as engine [`Move`]s that
//! [`Puzzle::replay`] plays: what the GUI needs to show a brick puzzle (walls are board walls,
//! every brick a piece, the master and the goal cells named apart).

use super::board::{Cell, MASTER, SbpBoard};
use super::solve::{Algo, solve};
use super::space::{Landing, SpaceError};
use klotski_core::engine::geometry::Board;
use klotski_core::engine::puzzle::{Move, Piece, Puzzle};
use klotski_core::search::{Limits, Outcome, Stop};

/// A brick puzzle in engine terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnginePuzzle {
    /// Board (walls from the `1` cells), one piece per brick in order of first appearance
    /// (every cell of a piece carries the brick's number), and their start.
    pub puzzle: Puzzle,
    /// Index in `puzzle.pieces` of the master brick.
    pub master: usize,
    /// The goal cells, row-major indices; only the master brick may cover them.
    pub goals: Vec<usize>,
}

/// Why no engine solution came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
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

/// The engine puzzle of `board`.
pub fn engine_puzzle(board: &SbpBoard) -> EnginePuzzle {
    let walls = (0..board.cells().len()).filter(|&c| board.cells()[c] == Cell::Wall);
    let bricks = board.bricks();
    let pieces = (bricks.iter())
        .map(|b| Piece {
            shape: b.shape,
            numbers: vec![b.label as u32; b.shape.area()],
        })
        .collect();
    EnginePuzzle {
        puzzle: Puzzle {
            board: Board::with_walls(board.height(), board.width(), walls),
            pieces,
            start: bricks.iter().map(|b| b.origin).collect(),
        },
        master: bricks
            .iter()
            .position(|b| b.label == MASTER)
            .expect("parsed"),
        goals: (0..board.cells().len())
            .filter(|&c| board.is_goal(c))
            .collect(),
    }
}

/// `slides`, a solution from the start of `engine`, as engine moves: each names the piece that
/// stands where the slide starts.
pub fn engine_moves(engine: &EnginePuzzle, slides: &[Landing]) -> Vec<Move> {
    let puzzle = &engine.puzzle;
    let width = puzzle.board.cols();
    let mut position = puzzle.start_position();
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

/// The engine puzzle of `board` and a shortest solution (A*) as engine moves.
pub fn engine_solution(
    board: &SbpBoard,
    limits: Limits,
) -> Result<(EnginePuzzle, Vec<Move>), EngineError> {
    let (found, _) = solve(board, Algo::Astar, limits)?;
    let slides = match found.outcome {
        Outcome::Found(slides) => slides,
        Outcome::Exhausted => return Err(EngineError::NoSolution),
        Outcome::Stopped(stop) => return Err(EngineError::Stopped(stop)),
    };
    let engine = engine_puzzle(board);
    let moves = engine_moves(&engine, &slides);
    Ok((engine, moves))
}

/// A shortest solution (A*) of `engine` from its pieces standing at `origins` instead of at the
/// start: the player asks for it from any position a person reached by hand.
pub fn engine_solution_from(
    engine: &EnginePuzzle,
    origins: &[usize],
    limits: Limits,
) -> Result<Vec<Move>, EngineError> {
    let puzzle = &engine.puzzle;
    let board = &puzzle.board;
    let mut cells: Vec<Cell> = (0..board.cells())
        .map(|c| match () {
            _ if board.is_wall(c) => Cell::Wall,
            _ if engine.goals.contains(&c) => Cell::Goal,
            _ => Cell::Empty,
        })
        .collect();
    for (piece, &origin) in puzzle.pieces.iter().zip(origins) {
        for cell in board.footprint(piece.shape, origin) {
            cells[cell] = Cell::Brick(piece.numbers[0] as i32);
        }
    }
    let goals = (0..board.cells())
        .map(|c| engine.goals.contains(&c))
        .collect();
    let here = SbpBoard::with_goals(board.cols(), board.rows(), cells, goals);
    let (found, _) = solve(&here, Algo::Astar, limits)?;
    let slides = match found.outcome {
        Outcome::Found(slides) => slides,
        Outcome::Exhausted => return Err(EngineError::NoSolution),
        Outcome::Stopped(stop) => return Err(EngineError::Stopped(stop)),
    };
    let from_here = EnginePuzzle {
        puzzle: Puzzle {
            start: origins.to_vec(),
            ..puzzle.clone()
        },
        ..engine.clone()
    };
    Ok(engine_moves(&from_here, &slides))
}
