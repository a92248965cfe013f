//! The player's model: the timeline of moves, the animation as a function of time, the clock,
//! and the link to the solver thread. Nothing here knows of windows or the GPU.

pub mod animation;
pub mod clock;
pub mod count;
pub mod events;
pub mod playback;
pub mod solver_link;
pub mod solver_thread;
pub mod speed;
pub mod timeline;
pub mod tween;
