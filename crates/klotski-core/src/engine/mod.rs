//! The engine: boards, pieces, the moves between positions, and a puzzle with its goal.
//! Every solver and puzzle mode stands on it; it knows nothing of searches, solvers or any
//! puzzle's text format.

pub mod geometry;
pub mod move_tables;
mod numbered;
pub mod problem;
pub mod puzzle;

pub use geometry::{Board, Dir, Shape};
#[cfg(test)]
pub(crate) use numbered::sample;
pub use problem::{Goal, Problem, ProblemError, Unsolved};
pub use puzzle::{Cell, IllegalMove, Move, Piece, PlacementError, Position, Puzzle};
