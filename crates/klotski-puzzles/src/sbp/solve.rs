//! Solving a board with the generic searches (bfs, dfs, ids, astar) over [`BrickSpace`], and
//! reading a solution back as the assignment's moves.

use super::board::{Cell, SbpBoard};
use super::moves::BrickMove;
use super::space::{BrickSpace, Landing, SpaceError};
use klotski_core::search::{self, Limits, Search};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// Which search solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algo {
    /// Breadth-first: fewest moves.
    Bfs,
    /// Depth-first: some solution, often long.
    Dfs,
    /// Iterative deepening depth-first: fewest moves, little memory per pass.
    Ids,
    /// A* with the master brick's Manhattan distance to the goal plus the bricks in its way
    /// there: fewest moves.
    Astar,
}

/// A search name that is not one of `bfs`, `dfs`, `ids`, `astar`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a solver (bfs, dfs, ids or astar)")]
pub struct BadAlgo(pub String);

impl FromStr for Algo {
    type Err = BadAlgo;
    fn from_str(s: &str) -> Result<Algo, BadAlgo> {
        match s {
            "bfs" => Ok(Algo::Bfs),
            "dfs" => Ok(Algo::Dfs),
            "ids" => Ok(Algo::Ids),
            "astar" => Ok(Algo::Astar),
            _ => Err(BadAlgo(s.to_string())),
        }
    }
}

/// Runs `algo` on `board` within `limits`; the search's outcome and counters, and how long it
/// took.
pub fn solve(
    board: &SbpBoard,
    algo: Algo,
    limits: Limits,
) -> Result<(Search<Landing>, Duration), SpaceError> {
    let space = BrickSpace::new(board)?;
    let (start, goal) = (space.start(), |k: &_| space.is_goal(k));
    let clock = Instant::now();
    let found = match algo {
        Algo::Bfs => search::bfs(&space, start, goal, &limits, |_| {}),
        Algo::Dfs => search::dfs(&space, start, goal, &limits),
        Algo::Ids => search::ids(&space, start, goal, &limits, |_, _| {}),
        Algo::Astar => search::astar(
            &space,
            start,
            goal,
            |k: &_| space.estimate(k),
            &limits,
            |_, _| {},
        ),
    };
    Ok((found, clock.elapsed()))
}

/// Plays `slides` from `board` as the assignment's random walk does (each move named by the brick's
/// number before it, the board normalised after it): the moves and the final board.
pub fn replay(board: &SbpBoard, slides: &[Landing]) -> (Vec<BrickMove>, SbpBoard) {
    let mut board = board.clone();
    let moves = (slides.iter())
        .map(|slide| {
            let Cell::Brick(label) = board.cells()[slide.from(board.width())] else {
                unreachable!("a solution's move starts on a brick's top-left cell")
            };
            let mv = BrickMove {
                label,
                dir: slide.dir,
            };
            board.apply(mv).expect("a solution's moves are legal");
            board = board.normalized();
            mv
        })
        .collect();
    (moves, board)
}
