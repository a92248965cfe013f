//! What there is to play: the game (a puzzle, its marks and its solve), the bundled levels and
//! random puzzles, files opened, the help text, the best scores and the games kept for resume.

pub mod editor;
pub mod game;
pub mod help;
pub mod levels;
pub mod open;
pub mod saved;
pub mod scores;
