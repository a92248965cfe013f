//! The GPU player: a window that shows the board and plays the solution (`klotski gui`), and the
//! same renderer with no window (`klotski render`). Built only with the `gui` feature; the core
//! never imports anything from here.

pub mod action;
pub mod app;
pub mod clock;
pub mod controls;
pub mod error;
pub mod events;
pub mod game;
pub mod gpu;
pub mod headless;
pub mod help;
pub mod image;
pub mod instance;
pub mod layout;
pub mod levels;
pub mod open;
pub mod options;
pub mod picker;
pub mod playback;
pub mod prompt;
pub mod renderer;
pub mod scene;
pub mod scores;
pub mod screen;
pub mod slider;
pub mod solver_thread;
pub mod speed;
pub mod timeline;
pub mod touch;
pub mod tween;
