//! `klotski-core`: the solver core of `klotski`, which knows nothing of puzzles' text formats,
//! windows or command lines.
//!
//! The crate is layered; each layer uses only the ones below it (`tests/architecture.rs`
//! checks this, since the compiler cannot inside one crate):
//!
//! - [`engine`] and [`rng`]: boards, pieces, moves and packed states; the seeded generator;
//! - [`search`]: generic searches over any state space, within memory and work limits;
//! - [`heuristic`]: lower bounds for the informed searches (Manhattan distance, pattern
//!   databases and their cache);
//! - [`solve`]: the solvers for a puzzle with one goal placement, and the portfolio that runs
//!   them; every answer is replayed on the engine before it is returned.
//!
//! The core reads no environment variables and prints nothing: it returns values and reports
//! progress through callbacks.

pub mod engine;
pub mod heuristic;
pub mod rng;
pub mod solve;

/// The generic searches, a crate of their own below the core (`klotski-search`).
pub use klotski_search as search;

pub use engine::{Board, Dir, Move, Puzzle, Shape};
pub use solve::{Answer, Options, Report};
