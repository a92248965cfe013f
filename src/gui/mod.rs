//! The GPU player: a window that shows the board and plays the solution (`klotski gui`), and the
//! same renderer with no window (`klotski render`). Built only with the `gui` feature; the core
//! never imports anything from here.

pub mod action;
pub mod app;
pub mod controls;
pub mod error;
pub mod events;
pub mod gpu;
pub mod headless;
pub mod image;
pub mod instance;
pub mod layout;
pub mod options;
pub mod playback;
pub mod renderer;
pub mod scene;
pub mod screen;
pub mod show;
pub mod solver_thread;
pub mod tween;
