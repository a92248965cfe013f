//! What covers the board: at most one thing at a time, so the keys and the pointer always know
//! where they go.

use crate::content::editor::Editor;
use crate::content::saved::SavedGame;
use crate::input::browser::Browser;
use crate::input::list::Listed;
use crate::input::picker::Picker;

/// What is over the board. The picker and the browser take every key while open; the help and
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
    /// The file browser (`O`).
    Browser(Browser),
    /// The offer of a game of this puzzle kept from before: Enter takes it up, Esc starts
    /// again.
    Resume(SavedGame),
    /// The puzzle editor (`E`): the board shown is the puzzle being made.
    Editor(Editor),
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

    /// Whether it takes every key: the picker, the browser and the offer to resume do.
    pub fn takes_keys(&self) -> bool {
        self.list().is_some() || matches!(self, Overlay::Resume(_) | Overlay::Editor(_))
    }

    /// The list over the board, the picker's or the browser's, if one is open.
    pub fn list(&self) -> Option<&dyn Listed> {
        match self {
            Overlay::Picker(picker) => Some(picker),
            Overlay::Browser(browser) => Some(browser),
            Overlay::Board
            | Overlay::Help
            | Overlay::Goal
            | Overlay::Resume(_)
            | Overlay::Editor(_) => None,
        }
    }

    /// The same, to choose and scroll.
    pub fn list_mut(&mut self) -> Option<&mut dyn Listed> {
        match self {
            Overlay::Picker(picker) => Some(picker),
            Overlay::Browser(browser) => Some(browser),
            Overlay::Board
            | Overlay::Help
            | Overlay::Goal
            | Overlay::Resume(_)
            | Overlay::Editor(_) => None,
        }
    }
}
