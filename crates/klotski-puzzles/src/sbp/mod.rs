//! The Sliding Brick Puzzle (Drexel CS380/CS510 assignments): board files of integers (`-1`
//! goal, `0` free, `1` wall, `2` the master brick, more other bricks), the assignment's commands on
//! them, and solvers built on the generic searches, where only the master brick may cover goal
//! cells and the puzzle is solved once it covers all of them.

pub mod as_problem;
pub mod board;
pub mod moves;
pub mod parse;
pub mod solve;
pub mod space;
pub mod walk;

pub use as_problem::{engine_problem, engine_solution};
pub use board::{Brick, Cell, SbpBoard};
pub use moves::{BrickMove, MoveError};
pub use parse::{ParseError, ParseErrorKind};
pub use solve::{Algo, solve};
pub use space::{BrickSpace, Landing, SpaceError};
