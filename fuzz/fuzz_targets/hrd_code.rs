//! The 4x5 Klotski layout codes (`hrd`, one per argument or per line of a seed file): any text
//! is a code or an error; a code prints as text that reads back as itself.
#![no_main]

use klotski::puzzles::hrd::code::Code;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(code) = text.parse::<Code>() {
        let again: Code = code.to_string().parse().expect("a printed code reads back");
        assert_eq!(again, code);
    }
});
