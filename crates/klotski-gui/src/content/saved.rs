//! Games kept for resume: a game in progress (its moves, whose each was, hints, the person's
//! time) is written to the user's data folder when the window closes or another puzzle opens,
//! one small file per puzzle, and offered back when that puzzle opens again.
//!
//! The file, `klotski saved game 1` then one `name value` line each:
//!
//! ```text
//! klotski saved game 1
//! hints 1
//! time-ms 53012
//! moves 4R 4R 12u 3D
//! ```
//!
//! Moves are a piece's index and a direction letter, upper case for the person's moves, lower
//! case for the solver's. A file that does not read back as a game of the puzzle (another
//! format, a move that is not legal there) is reported and never played.

use crate::content::scores::write_beside;
use klotski_core::engine::geometry::Dir;
use klotski_core::engine::puzzle::{Move, Puzzle};
use std::fs;
use std::io;
use std::path::PathBuf;
use std::time::Duration;

/// The first line of a saved game.
const HEADER: &str = "klotski saved game 1";

/// The largest saved game read, in bytes: a few hundred thousand moves.
const MAX_FILE_BYTES: u64 = 1 << 22;

/// A game in progress, as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The moves from the start to the position reached, each with whether the person made it.
    pub moves: Vec<(Move, bool)>,
    /// Hints the person was shown.
    pub hints: usize,
    /// The person's time.
    pub spent: Duration,
}

/// Why a saved game could not be read or kept.
#[derive(Debug, thiserror::Error)]
pub enum SavedError {
    /// The file is not a saved game of this puzzle.
    #[error("{path}: not a saved game of this puzzle ({why})")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
}

impl SavedGame {
    /// The file's text.
    pub fn to_text(&self) -> String {
        let moves: Vec<String> = (self.moves.iter())
            .map(|&(mv, by_hand)| {
                let letter = mv.dir.letter();
                let letter = if by_hand {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                };
                format!("{}{letter}", mv.piece)
            })
            .collect();
        format!(
            "{HEADER}\nhints {}\ntime-ms {}\nmoves {}\n",
            self.hints,
            self.spent.as_millis(),
            moves.join(" ")
        )
    }

    /// The game in `text`, checked against `puzzle`: every move legal from its start.
    pub fn parse(text: &str, puzzle: &Puzzle) -> Result<SavedGame, String> {
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(format!("the first line is not \"{HEADER}\""));
        }
        let (mut hints, mut spent, mut moves) = (None, None, None);
        for line in lines.filter(|line| !line.trim().is_empty()) {
            let (name, value) = line.split_once(' ').unwrap_or((line, ""));
            let number = || {
                value
                    .trim()
                    .parse::<u64>()
                    .map_err(|e| format!("{name}: {e}"))
            };
            match name {
                "hints" => hints = Some(number()? as usize),
                "time-ms" => spent = Some(Duration::from_millis(number()?)),
                "moves" => moves = Some(parse_moves(value, puzzle)?),
                _ => return Err(format!("unknown line \"{name}\"")),
            }
        }
        match (hints, spent, moves) {
            (Some(hints), Some(spent), Some(moves)) => Ok(SavedGame {
                moves,
                hints,
                spent,
            }),
            _ => Err("a line is missing".to_string()),
        }
    }
}

/// The moves of a `moves` line, each legal where it is made on `puzzle`.
fn parse_moves(value: &str, puzzle: &Puzzle) -> Result<Vec<(Move, bool)>, String> {
    let mut position = puzzle.start_position();
    let mut moves = Vec::new();
    for word in value.split_whitespace() {
        let bad = || format!("\"{word}\" is not a move");
        let (piece, letter) = word.split_at(word.len().saturating_sub(1));
        let piece: usize = piece.parse().map_err(|_| bad())?;
        let dir: Dir = letter.to_ascii_uppercase().parse().map_err(|_| bad())?;
        let mv = Move { piece, dir };
        if piece >= puzzle.pieces().len() || !puzzle.can_move(&position, mv) {
            return Err(format!("move {} ({word}) is not legal", moves.len() + 1));
        }
        puzzle.apply(&mut position, mv);
        moves.push((mv, letter.chars().all(|c| c.is_ascii_uppercase())));
    }
    Ok(moves)
}

/// The folder saved games are kept in, if the user has a data folder.
#[derive(Clone, Debug)]
pub struct Saves {
    folder: Option<PathBuf>,
}

impl Saves {
    /// Games kept in `folder`, or none kept.
    pub fn at(folder: Option<PathBuf>) -> Saves {
        Saves { folder }
    }

    fn file(&self, key: &str) -> Option<PathBuf> {
        Some(self.folder.as_ref()?.join(format!("{key}.txt")))
    }

    /// The game kept for the puzzle whose key is `key` (see [`scores::key`]), if any.
    ///
    /// [`scores::key`]: crate::content::scores::key
    pub fn load(&self, key: &str, puzzle: &Puzzle) -> Result<Option<SavedGame>, SavedError> {
        let Some(path) = self.file(key) else {
            return Ok(None);
        };
        let io = |source| SavedError::Io {
            path: path.clone(),
            source,
        };
        let size = match fs::metadata(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            found => found.map_err(io)?.len(),
        };
        let damaged = |why: String| SavedError::Damaged {
            path: path.clone(),
            why,
        };
        if size > MAX_FILE_BYTES {
            return Err(damaged(format!("larger than {MAX_FILE_BYTES} bytes")));
        }
        let bytes = fs::read(&path).map_err(io)?;
        let text = String::from_utf8(bytes).map_err(|_| damaged("not UTF-8 text".into()))?;
        SavedGame::parse(&text, puzzle).map(Some).map_err(damaged)
    }

    /// Keeps `game` for the puzzle whose key is `key`, in place of any kept before; written
    /// beside and renamed over, so that a crash never leaves half a file.
    pub fn keep(&self, key: &str, game: &SavedGame) -> Result<(), SavedError> {
        let Some(path) = self.file(key) else {
            return Ok(());
        };
        write_beside(&path, game.to_text().as_bytes())
            .map_err(|source| SavedError::Io { path, source })
    }

    /// Forgets the game kept for the puzzle whose key is `key`, if any.
    pub fn forget(&self, key: &str) -> Result<(), SavedError> {
        let Some(path) = self.file(key) else {
            return Ok(());
        };
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => {
                Err(SavedError::Io { path, source: e })
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Folder;
    use klotski_puzzles::numeric::NumericPuzzle;

    /// Sample 3: 1 2 3 / 4 0 0 / 7 5 6, the block 5 6 on the bottom row.
    fn puzzle() -> Puzzle {
        let numeric: NumericPuzzle = "3 3\n1 2 3\n4 0 0\n7 5 6\n1\n5 1*2\n".parse().unwrap();
        numeric.puzzle()
    }

    fn game() -> SavedGame {
        // Tile 4 (piece 3) right by hand, then back left by the solver.
        let right = Move {
            piece: 3,
            dir: Dir::Right,
        };
        SavedGame {
            moves: vec![(right, true), (right.reversed(), false)],
            hints: 2,
            spent: Duration::from_millis(53_012),
        }
    }

    #[test]
    fn a_game_reads_back_as_written() {
        let text = game().to_text();
        assert_eq!(
            text,
            "klotski saved game 1\nhints 2\ntime-ms 53012\nmoves 3R 3l\n"
        );
        assert_eq!(SavedGame::parse(&text, &puzzle()), Ok(game()));
    }

    #[test]
    fn a_damaged_game_says_what_is_wrong() {
        let puzzle = puzzle();
        let wrong = |text: &str| SavedGame::parse(text, &puzzle).unwrap_err();
        assert!(wrong("hello\n").contains("first line"));
        assert!(wrong("klotski saved game 1\nhints x\ntime-ms 1\nmoves\n").contains("hints"));
        assert!(wrong("klotski saved game 1\nhints 1\nmoves\n").contains("missing"));
        let illegal = "klotski saved game 1\nhints 0\ntime-ms 1\nmoves 3R 3R 3R\n";
        assert!(wrong(illegal).contains("move 3 (3R)"), "{}", wrong(illegal));
        let no_piece = "klotski saved game 1\nhints 0\ntime-ms 1\nmoves 99R\n";
        assert!(wrong(no_piece).contains("not legal"));
        assert!(wrong("klotski saved game 1\nhints 0\ntime-ms 1\nmoves 3X\n").contains("3X"));
    }

    #[test]
    fn games_are_kept_loaded_and_forgotten_per_puzzle_and_a_damaged_one_is_an_error() {
        let dir = Folder::new("saved");
        let saves = Saves::at(Some(dir.0.join("saved")));
        let puzzle = puzzle();
        assert!(saves.load("a", &puzzle).unwrap().is_none());
        saves.keep("a", &game()).unwrap();
        assert_eq!(saves.load("a", &puzzle).unwrap(), Some(game()));
        assert!(
            saves.load("b", &puzzle).unwrap().is_none(),
            "another puzzle"
        );
        saves.forget("a").unwrap();
        saves.forget("a").unwrap();
        assert!(saves.load("a", &puzzle).unwrap().is_none());
        fs::write(dir.0.join("saved/a.txt"), b"\xff\xfe").unwrap();
        let damaged = saves.load("a", &puzzle).unwrap_err().to_string();
        assert!(damaged.contains("not UTF-8"), "{damaged}");
        assert!(Saves::at(None).load("a", &puzzle).unwrap().is_none());
    }
}
