//! What the person does: actions, the pointer and its hits on pieces, the slider, the `O`
//! prompt and the level picker.

pub mod action;
pub mod controls;
pub mod overlay;
pub mod picker;
pub mod prompt;
pub mod slider;
pub mod touch;
