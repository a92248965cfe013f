//! Tipover's two formats (`tipover`): any bytes are a puzzle or an error in either.
#![no_main]

use klotski::puzzles::tipover::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for format in [Format::Assignment, Format::Grid] {
        drop(format.read(data, 1 << 24));
    }
});
