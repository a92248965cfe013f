//! `klotski`: exact, fast solving of Numeric Klotski and other sliding-block puzzles.
//!
//! The core (geometry, pieces, parser, searches) has no GPU or windowing code and tests without a
//! display.

pub mod anytime;
pub mod bench;
pub mod charts;
pub mod compare;
pub mod constructive;
pub mod geometry;
#[cfg(feature = "gui")]
pub mod gui;
pub mod heuristic;
pub mod hrd;
pub mod move_tables;
pub mod numeric;
pub mod packed;
pub mod puzzle;
pub mod relax;
pub mod rng;
pub mod sbp;
pub mod search;
pub mod shorten;
pub mod solvable;
pub mod solver;
pub mod terminal;
pub mod tile_route;
pub mod tile_window;
pub mod tiles;
pub mod tipover;
