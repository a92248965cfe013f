//! The state spaces the searches walk: packed positions (every piece's place in a few words),
//! the bound that rates a packed child from its parent, and the walk of 1x1 tiles with one
//! blank that IDA* makes in place, and the automaton of move sequences that walk never makes.

pub mod move_automaton;
pub mod packed;
pub mod tile_walk;
