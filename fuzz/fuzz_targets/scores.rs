//! The player's scores file: whatever it holds, reading it and recording a score keeps every
//! line that is not an older score of the same puzzle, and the new best is read back.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../crates/klotski-gui/src/content/scores.rs"]
mod scores;

use scores::{ScoreBook, Scores};

/// The lines a reader sees: blank ones are not lines.
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    (bytes.split(|&b| b == b'\n'))
        .filter(|line| !line.trim_ascii().is_empty())
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let book = ScoreBook::parse(data);
    assert_eq!(ScoreBook::parse(&book.to_bytes()), book, "written as read");
    let dir = std::env::temp_dir().join(format!("klotski-fuzz-scores-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("scores.txt");
    std::fs::write(&file, data).unwrap();
    let key = "fuzzkey";
    let recorded = Scores::at(Some(file.clone()))
        .record(key, 7)
        .expect("a regular small file");
    let after = std::fs::read(&file).unwrap();
    assert_eq!(ScoreBook::parse(&after), recorded);
    let best = book.best(key).map_or(7, |old| old.min(7));
    assert_eq!(recorded.best(key), Some(best));
    // Every line but the key's own scores is kept, as it was or as the same score.
    let kept = lines(&after);
    for line in lines(data) {
        let line_book = ScoreBook::parse(line);
        if line_book.best(key).is_some() {
            continue;
        }
        let same = |other: &&[u8]| *other == line || ScoreBook::parse(other) == line_book;
        assert!(
            kept.iter().any(same),
            "line {:?} lost",
            String::from_utf8_lossy(line)
        );
    }
});
