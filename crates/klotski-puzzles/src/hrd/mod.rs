//! Classic 4x5 Klotski (Huarong Dao): the 9-hex-digit layout code, layouts, the two step
//! metrics, shortest solutions, group analysis, the enumeration of every legal layout and the
//! census of their groups.
//!
//! A layout is one `u64` with 3 bits per cell ([`Layout`]), canonical because pieces of one
//! shape are interchangeable; the searches run the generic [`klotski_core::search`] over [`HrdSpace`],
//! folded by the left-right mirror ([`mirror::FoldedSpace`]) when the goal is symmetric.
//!
//! [`api`] gathers the engine's calls as the assignment's library offers them.

pub mod analysis;
pub mod api;
pub mod census;
pub mod code;
pub mod database;
pub mod enumerate;
pub mod group;
pub mod layout;
pub mod mirror;
pub mod mix;
pub mod moves;
pub mod play;
pub mod rank;
pub mod show;
pub mod solve;

pub use code::{Code, CodeError};
pub use layout::{Kind, Layout};
pub use moves::{HrdSpace, Metric, Slide};
