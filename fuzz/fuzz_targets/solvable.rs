//! The N-puzzle checker's input (`solvable`): any bytes are an instance or an error.
#![no_main]

use klotski::puzzles::solvable::Instance;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    drop(Instance::read(data));
});
