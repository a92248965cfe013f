//! Making an answer in hand shorter: local shortening (the pieces a stretch moved, in a small
//! region), anytime weighted A* with a falling weight, and shortest paths over the whole board
//! between the ends of each stretch of the answer.

pub mod anytime;
pub mod shorten;
pub(super) mod stretches;
