//! The person's best score per puzzle, kept between runs in a file of the user's (the command
//! line picks `$XDG_DATA_HOME/klotski/scores.txt`, else `~/.local/share/klotski/scores.txt`):
//! one line per puzzle, its key and the fewest moves it was solved in by hand.

use klotski_core::engine::puzzle::Puzzle;
use std::io;
use std::path::PathBuf;

/// The scores file, if the user has a data folder.
#[derive(Clone, Debug)]
pub struct Scores {
    file: Option<PathBuf>,
}

impl Scores {
    /// The scores kept in `file`, or none kept.
    pub fn at(file: Option<PathBuf>) -> Scores {
        Scores { file }
    }

    /// The best score of the puzzle whose key is `key`, if it was ever solved by hand.
    pub fn best(&self, key: &str) -> Option<usize> {
        best_in(&std::fs::read_to_string(self.file.as_ref()?).ok()?, key)
    }

    /// Keeps `moves` as the puzzle's best when it beats the one kept (or none was).
    pub fn record(&self, key: &str, moves: usize) -> io::Result<()> {
        let Some(file) = &self.file else {
            return Ok(());
        };
        let kept = std::fs::read_to_string(file).unwrap_or_default();
        if best_in(&kept, key).is_some_and(|best| best <= moves) {
            return Ok(());
        }
        let mut lines: Vec<&str> = kept
            .lines()
            .filter(|line| line.split_once(' ').is_some_and(|(k, _)| k != key))
            .collect();
        let line = format!("{key} {moves}");
        lines.push(&line);
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir)?;
        }
        // Written whole under another name and renamed, so a crash never leaves half a file.
        let partial = file.with_extension("txt.partial");
        std::fs::write(&partial, lines.join("\n") + "\n")?;
        std::fs::rename(&partial, file)
    }
}

/// The best score kept for `key` in the scores file's text `kept`.
fn best_in(kept: &str, key: &str) -> Option<usize> {
    kept.lines()
        .filter_map(|line| line.split_once(' '))
        .filter(|&(k, _)| k == key)
        .filter_map(|(_, moves)| moves.trim().parse().ok())
        .min()
}

/// The key of `puzzle` in the scores file: a hash of its board, pieces and start, the same on
/// every run.
pub fn key(puzzle: &Puzzle) -> String {
    let text = format!(
        "{:?}|{:?}|{:?}",
        puzzle.board(),
        puzzle.pieces(),
        puzzle.start()
    );
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, byte| {
        (h ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use klotski_puzzles::numeric::NumericPuzzle;

    #[test]
    fn the_best_score_is_kept_per_puzzle_and_only_a_better_one_replaces_it() {
        let dir = std::env::temp_dir().join(format!("klotski-scores-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let scores = Scores::at(Some(dir.join("data/scores.txt")));
        let one: NumericPuzzle = "1 3\n1 0 2\n0\n".parse().unwrap();
        let other: NumericPuzzle = "1 3\n0 1 2\n0\n".parse().unwrap();
        let (one, other) = (key(&one.engine()), key(&other.engine()));
        assert_ne!(one, other);
        assert_eq!(scores.best(&one), None);
        scores.record(&one, 12).unwrap();
        scores.record(&other, 7).unwrap();
        scores.record(&one, 15).unwrap();
        assert_eq!(
            (scores.best(&one), scores.best(&other)),
            (Some(12), Some(7))
        );
        scores.record(&one, 9).unwrap();
        assert_eq!((scores.best(&one), scores.best(&other)), (Some(9), Some(7)));
        let text = std::fs::read_to_string(dir.join("data/scores.txt")).unwrap();
        assert_eq!(text.lines().count(), 2, "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
