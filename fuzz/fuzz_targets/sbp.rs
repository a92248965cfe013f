//! The sliding brick puzzle's board files (`sbp`): any bytes are a board or an error; a board
//! prints as text that reads back as itself.
#![no_main]

use klotski::puzzles::sbp::board::SbpBoard;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(board) = SbpBoard::read(data, 1 << 24) {
        let text = board.to_string();
        let again: SbpBoard = text.parse().expect("a printed board reads back");
        assert_eq!(again, board);
        drop(board.available_moves());
    }
});
