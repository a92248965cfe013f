//! Drawing: the scene a frame shows, built from the model, and the GPU that draws it, in a
//! window or headless.

pub mod board;
pub mod gpu;
pub mod headless;
pub mod image;
pub mod instance;
pub mod layout;
pub mod renderer;
pub mod scene;
pub mod screen;
pub mod zoom;
