//! The Numeric Klotski reader (`terminal`, `gui`, `render`, `bench`): any bytes are a puzzle
//! or a parse error naming its line; a puzzle prints as text that reads back as itself.
#![no_main]

use klotski::NumericPuzzle;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(puzzle) = NumericPuzzle::read(data, 1 << 24) {
        let text = puzzle.to_string();
        let again: NumericPuzzle = text.parse().expect("a printed puzzle reads back");
        assert_eq!(again, puzzle);
    }
});
