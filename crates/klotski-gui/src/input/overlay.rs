//! What covers the board: at most one thing at a time, so the keys and the pointer always know
//! where they go.

use crate::input::picker::Picker;
use crate::input::prompt::Prompt;

/// What is over the board. The picker and the prompt take every key while open; the help and
/// the goal view leave the board's keys working.
#[derive(Debug, Default)]
pub enum Overlay {
    /// Nothing: the board shows the position played.
    #[default]
    Board,
    /// The help, every key (F1 or `?`; Esc closes it).
    Help,
    /// The goal in place of the position, while `G` is held.
    Goal,
    /// The level picker (`L`).
    Picker(Picker),
    /// The path prompt (`O`).
    Prompt(Prompt),
}

impl Overlay {
    /// Whether the goal is drawn in place of the position.
    pub fn is_goal(&self) -> bool {
        matches!(self, Overlay::Goal)
    }

    /// Whether the help covers the board.
    pub fn is_help(&self) -> bool {
        matches!(self, Overlay::Help)
    }

    /// Whether it takes every key: the picker and the prompt do.
    pub fn takes_keys(&self) -> bool {
        matches!(self, Overlay::Picker(_) | Overlay::Prompt(_))
    }
}
