//! `klotski`: exact, fast solving of Numeric Klotski and other sliding-block puzzles.
//!
//! The crate is layered; each layer uses only the ones below it:
//!
//! - [`engine`]: boards, pieces, moves and packed states;
//! - [`search`]: generic searches over any state space, within memory and work limits;
//! - [`heuristic`]: lower bounds for the informed searches (Manhattan distance, pattern
//!   databases and their cache);
//! - [`solve`]: the solvers for a puzzle with one goal placement, and the portfolio that runs
//!   them; every answer is replayed on the engine before it is returned;
//! - [`puzzles`]: the puzzle modes, each its format and rules;
//! - [`gui`] (feature `gui`): the GPU player and the headless renderer.
//!
//! The command line (`src/main.rs`, `src/cli/`) sits on top. The library reads no environment
//! variables and prints nothing: it returns values and reports progress through callbacks.
//!
//! ```
//! use klotski::{NumericPuzzle, solve::{Answer, Options}, search::Limits};
//!
//! let puzzle: NumericPuzzle = "2 2\n1 2\n0 3\n0\n".parse()?;
//! let report = klotski::solve_numeric(&puzzle, Options::new(Limits::memory(1 << 26)), &mut |_| {})?;
//! let Answer::Solved { moves, optimal } = report.answer else { panic!() };
//! assert_eq!((moves.len(), optimal), (1, true));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod engine;
#[cfg(feature = "gui")]
pub mod gui;
pub mod heuristic;
pub mod puzzles;
pub mod rng;
pub mod search;
pub mod solve;

pub use engine::{Board, Dir, Move, Puzzle, Shape};
pub use puzzles::numeric::{NumericPuzzle, solve as solve_numeric};
pub use solve::{Answer, Options, Report};
