//! `klotski`: exact, fast solving of Numeric Klotski and other sliding-block puzzles.
//!
//! This package is the `klotski` program; its library is the workspace's layers under one
//! name, for the tests, the benches and anyone who wants them all:
//!
//! - [`engine`], [`rng`], [`search`], [`heuristic`], [`solve`]: the solver core
//!   (`klotski-core`), which knows nothing of windows or command lines;
//! - [`puzzles`]: the puzzle modes, each its format and rules (`klotski-puzzles`);
//! - [`gui`] (feature `gui`): the GPU player and the headless renderer (`klotski-gui`).
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

pub use klotski_core::{engine, heuristic, rng, search, solve};
#[cfg(feature = "gui")]
pub use klotski_gui as gui;
pub use klotski_puzzles as puzzles;

pub use engine::{Board, Dir, Move, Puzzle, Shape};
pub use puzzles::numeric::{NumericPuzzle, solve as solve_numeric};
pub use solve::{Answer, Options, Report};
