//! What the player tells about its keys: the lines of the help that covers the board on F1 or
//! `?` and where it shows, and the tooltip naming a button's key while the pointer is over it.
//! One place, so the key table of docs/player.md and `app.rs` have one list to agree with.

use crate::input::action::Action;
use crate::render::layout::{Rect, ScreenLayout};

/// Every key and what it does, in the order the help shows them.
pub const KEYS: [(&str, &str); 20] = [
    (
        "drag or click a piece",
        "slide it (a click slides a line of tiles)",
    ),
    ("arrows, W A S D", "slide the piece beside a blank into it"),
    ("Space, . or Page Down", "next move of the solution"),
    ("Ctrl+Z or U, Ctrl+Y or R", "undo, redo"),
    ("H, Enter", "hint, solve from here"),
    ("P", "play or pause the solution"),
    ("+ / -", "faster, slower"),
    ("Home, End", "the start, the last step"),
    ("hold G", "show the goal"),
    ("C", "count one-cell moves or piece moves"),
    (
        "I, Ctrl+C, Ctrl+V",
        "show, copy the puzzle's ID; open an ID",
    ),
    ("E", "edit the puzzle; the status says if it is solvable"),
    ("Ctrl+wheel, Ctrl+ + / -", "zoom; right-drag pans, 0 fits"),
    ("O, or drop a file", "open a puzzle file (O browses)"),
    ("N", "a new random puzzle of this size"),
    ("L", "choose a level or a random puzzle"),
    ("[ and ]", "the previous, the next level"),
    ("F12 or Ctrl+S", "save a screenshot"),
    ("F1 or ?", "show or hide this help"),
    (
        "Q",
        "quit (Esc closes this help, the picker or the browser)",
    ),
];

/// What a button does and its key, shown on the line above the buttons while the pointer is
/// over it.
pub fn tooltip(action: Action) -> &'static str {
    match action {
        Action::Levels => "Choose a level or a random puzzle (L)",
        Action::Restart => "Back to the start (Home)",
        Action::Previous => "Previous move, undo (Ctrl+Z or U)",
        Action::PlayPause => "Play or pause the solution (P)",
        Action::Next => "Next move, redo (Space or R)",
        Action::Slower => "Play the solution slower (-)",
        Action::Faster => "Play the solution faster (+)",
        Action::Hint => "The next move of a shortest way from here (H)",
        Action::Solve => "Solve from here and play it (Enter)",
    }
}

/// Where the help shows: between the status line and the slider, the window's width.
pub fn panel(layout: &ScreenLayout) -> Rect {
    let margin = 8.0 * layout.scale;
    Rect {
        x: margin,
        y: layout.status.h,
        w: (layout.status.w - 2.0 * margin).max(0.0),
        h: (layout.slider.y - layout.status.h - margin).max(0.0),
    }
}
