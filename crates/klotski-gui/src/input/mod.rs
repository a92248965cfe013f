//! What the person does: actions, the pointer and its hits on pieces, the slider, and the lists
//! over the board: the level picker and the file browser.

pub mod action;
pub mod browser;
pub mod controls;
pub mod list;
pub mod overlay;
pub mod picker;
pub mod slider;
pub mod touch;
