//! The GPU player: a window that shows the board and plays the solution (`klotski gui`), and the
//! same renderer with no window (`klotski render`). Built only with the `gui` feature; the core
//! never imports anything from here.

pub mod app;
pub mod content;
pub mod error;
pub mod input;
pub mod model;
pub mod options;
pub mod render;
#[cfg(test)]
mod scratch;
