//! The puzzle modes, each its text format and rules on top of the engine and the solvers:
//! Numeric Klotski (the main job), the N-puzzle solvability checker, the sliding brick puzzle,
//! the classic 4x5 Klotski database and Tipover.

pub mod hrd;
pub mod id;
pub mod numeric;
pub mod sbp;
pub mod solvable;
pub mod text;
pub mod tipover;
