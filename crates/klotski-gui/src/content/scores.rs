//! The person's best score per puzzle, kept between runs in a file of the user's (the command
//! line picks `$XDG_DATA_HOME/klotski/scores.txt`, else `~/.local/share/klotski/scores.txt`):
//! one line per puzzle, its key and the fewest moves it was solved in by hand.
//!
//! Invariant: a line once in the file stays in it until a better score for the same key
//! replaces it. A line that is not a score (other bytes, a hand edit, a newer format) is kept
//! byte for byte; a file that cannot be read whole (not a regular file, too large, an I/O error)
//! is never written, since writing it would drop what could not be read.

use crate::model::count::Count;
use klotski_core::engine::puzzle::Puzzle;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The largest scores file read, in bytes: about 40,000 puzzles' lines. A larger file is left
/// as it is, so that a stray link or a damaged disk never makes the player read without end.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Why the scores could not be read or kept.
#[derive(Debug, thiserror::Error)]
pub enum ScoresError {
    /// The path names something other than a regular file (a folder, a FIFO, a device).
    #[error("{0}: not a regular file, so no best score is read or kept")]
    NotAFile(PathBuf),
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("{0}: larger than {MAX_FILE_BYTES} bytes, so no best score is read or kept")]
    TooLarge(PathBuf),
    /// The file is marked read-only: it is read, never replaced.
    #[error("{0}: read-only, so the new best score is not kept")]
    ReadOnly(PathBuf),
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file read or written.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
}

impl ScoresError {
    fn io(path: &Path) -> impl FnOnce(io::Error) -> ScoresError + '_ {
        move |source| ScoresError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// The scores file, if the user has a data folder.
#[derive(Clone, Debug)]
pub struct Scores {
    file: Option<PathBuf>,
}

/// The scores file's lines as read: each a score or kept as it was.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScoreBook {
    lines: Vec<Line>,
}

/// One line of the scores file, without its line end.
#[derive(Clone, Debug, PartialEq)]
enum Line {
    /// A puzzle's key and the fewest moves it was solved in by hand.
    Score { key: String, moves: usize },
    /// A line that is not a score, kept byte for byte.
    Other(Vec<u8>),
}

impl Scores {
    /// The scores kept in `file`, or none kept.
    pub fn at(file: Option<PathBuf>) -> Scores {
        Scores { file }
    }

    /// The scores kept now: none when there is no file (yet), an error when there is one that
    /// cannot be read whole.
    pub fn read(&self) -> Result<ScoreBook, ScoresError> {
        let Some(file) = &self.file else {
            return Ok(ScoreBook::default());
        };
        read_book(file).map(|(book, _)| book)
    }

    /// Keeps `moves` as the best of the puzzle whose key is `key` when it beats the one kept
    /// (or none was), and returns the scores kept now. The file is read again first, so that
    /// scores kept meanwhile by another window stay, and written whole beside the old one and
    /// renamed over it, so that a crash leaves the old file or the new one, never half a file.
    pub fn record(&self, key: &str, moves: usize) -> Result<ScoreBook, ScoresError> {
        let Some(file) = &self.file else {
            return Ok(ScoreBook::default());
        };
        let (mut book, found) = read_book(file)?;
        if book.best(key).is_some_and(|best| best <= moves) {
            return Ok(book);
        }
        book.keep(key, moves);
        // A link is followed: its target is replaced, the link stays.
        let target = match found {
            Some(found) if found.permissions().readonly() => {
                return Err(ScoresError::ReadOnly(file.clone()));
            }
            Some(_) => fs::canonicalize(file).map_err(ScoresError::io(file))?,
            None => file.clone(),
        };
        write_beside(&target, &book.to_bytes()).map_err(ScoresError::io(&target))?;
        Ok(book)
    }
}

impl ScoreBook {
    /// The book of the scores file's text `bytes`.
    pub fn parse(bytes: &[u8]) -> ScoreBook {
        let lines = bytes
            .split(|&byte| byte == b'\n')
            .filter(|line| !line.trim_ascii().is_empty())
            .map(Line::parse)
            .collect();
        ScoreBook { lines }
    }

    /// The best score of the puzzle whose key is `key`, if it was ever solved by hand.
    pub fn best(&self, key: &str) -> Option<usize> {
        self.scores()
            .filter(|&(k, _)| k == key)
            .map(|(_, moves)| moves)
            .min()
    }

    /// The number (from 1) of the first line that is not a score, if any: a file edited or
    /// damaged, whose lines are kept all the same.
    pub fn first_other_line(&self) -> Option<usize> {
        let other = self
            .lines
            .iter()
            .position(|line| matches!(line, Line::Other(_)));
        other.map(|index| index + 1)
    }

    /// The file's text: every line, one `\n` after each.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        for line in &self.lines {
            match line {
                Line::Score { key, moves } => bytes.extend(format!("{key} {moves}").bytes()),
                Line::Other(kept) => bytes.extend(kept),
            }
            bytes.push(b'\n');
        }
        bytes
    }

    fn scores(&self) -> impl Iterator<Item = (&str, usize)> {
        self.lines.iter().filter_map(|line| match line {
            Line::Score { key, moves } => Some((key.as_str(), *moves)),
            Line::Other(_) => None,
        })
    }

    /// Makes `moves` the score of `key`: its score lines become this one line, in the place of
    /// the first of them (or last, when it had none).
    fn keep(&mut self, key: &str, moves: usize) {
        let line = Line::Score {
            key: key.to_string(),
            moves,
        };
        let is_key = |line: &Line| matches!(line, Line::Score { key: k, .. } if k == key);
        // No line before the first of the key's is removed, so its place stays where it was.
        let first = self.lines.iter().position(is_key);
        self.lines.retain(|line| !is_key(line));
        self.lines.insert(first.unwrap_or(self.lines.len()), line);
    }
}

impl Line {
    /// A line of two words, a key and a count of moves, split by spaces or tabs, is a score;
    /// anything else is kept as it is.
    fn parse(bytes: &[u8]) -> Line {
        let score = std::str::from_utf8(bytes).ok().and_then(|text| {
            let mut words = text.split_ascii_whitespace();
            let (key, moves) = (words.next()?, words.next()?);
            let moves = moves.parse().ok()?;
            words.next().is_none().then(|| Line::Score {
                key: key.to_string(),
                moves,
            })
        });
        score.unwrap_or_else(|| Line::Other(bytes.to_vec()))
    }
}

/// The book in `file` and the file's metadata (an empty book and none when there is no file
/// yet). Only a regular file (or a link to one) of at most [`MAX_FILE_BYTES`] is opened, so
/// that a FIFO or a device never blocks or floods the window.
fn read_book(file: &Path) -> Result<(ScoreBook, Option<fs::Metadata>), ScoresError> {
    let found = match fs::metadata(file) {
        Ok(found) => found,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((ScoreBook::default(), None)),
        Err(e) => return Err(ScoresError::io(file)(e)),
    };
    if !found.is_file() {
        return Err(ScoresError::NotAFile(file.to_path_buf()));
    }
    if found.len() > MAX_FILE_BYTES {
        return Err(ScoresError::TooLarge(file.to_path_buf()));
    }
    let mut bytes = Vec::new();
    File::open(file)
        .and_then(|opened| opened.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(ScoresError::io(file))?;
    // It may have grown since its size was looked at.
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ScoresError::TooLarge(file.to_path_buf()));
    }
    Ok((ScoreBook::parse(&bytes), Some(found)))
}

/// Writes `bytes` to a new file beside `file` (hidden, named after this process, so that two
/// windows never write the same one), flushes it to the disk and renames it over `file`; on
/// failure the new file is removed and `file` is as it was.
pub(crate) fn write_beside(file: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = file.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    let partial = dir.join(format!(".{name}.{}.partial", std::process::id()));
    let written = File::create(&partial)
        .and_then(|mut new| new.write_all(bytes).and_then(|()| new.sync_all()))
        .and_then(|()| fs::rename(&partial, file));
    if written.is_err() {
        let _ = fs::remove_file(&partial);
    }
    written
}

/// The key of `puzzle` in the scores file, its moves counted by `count`: a hash of its board,
/// pieces and start, the same on every run, and for [`Count::Pieces`] a suffix, so that a score
/// in one count is never compared with one in the other.
pub fn key(puzzle: &Puzzle, count: Count) -> String {
    let text = format!(
        "{:?}|{:?}|{:?}",
        puzzle.board(),
        puzzle.pieces(),
        puzzle.start()
    );
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, byte| {
        (h ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    match count {
        Count::Cells => format!("{hash:016x}"),
        Count::Pieces => format!("{hash:016x}.pieces"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Folder;
    use klotski_puzzles::numeric::NumericPuzzle;
    use std::os::unix::fs::{PermissionsExt, symlink};

    #[test]
    fn the_best_score_is_kept_per_puzzle_and_only_a_better_one_replaces_it() {
        let dir = Folder::new("scores-best");
        let scores = Scores::at(Some(dir.0.join("data/scores.txt")));
        let one: NumericPuzzle = "1 3\n1 0 2\n0\n".parse().unwrap();
        let other: NumericPuzzle = "1 3\n0 1 2\n0\n".parse().unwrap();
        let pieces = key(&one.puzzle(), Count::Pieces);
        let (one, other) = (
            key(&one.puzzle(), Count::Cells),
            key(&other.puzzle(), Count::Cells),
        );
        assert_ne!(one, other);
        assert_ne!(one, pieces, "a count of piece moves is kept apart");
        assert_eq!(scores.read().unwrap().best(&one), None);
        scores.record(&one, 12).unwrap();
        scores.record(&other, 7).unwrap();
        let kept = scores.record(&one, 15).unwrap();
        assert_eq!((kept.best(&one), kept.best(&other)), (Some(12), Some(7)));
        scores.record(&one, 9).unwrap();
        let book = scores.read().unwrap();
        assert_eq!((book.best(&one), book.best(&other)), (Some(9), Some(7)));
        let text = fs::read_to_string(dir.0.join("data/scores.txt")).unwrap();
        assert_eq!(text, format!("{one} 9\n{other} 7\n"));
        assert_eq!(dir.names(), ["data"]);
        assert_eq!(
            Scores::at(None).record(&one, 3).unwrap(),
            ScoreBook::default()
        );
    }

    #[test]
    fn lines_that_are_not_scores_are_kept_byte_for_byte_and_told() {
        let dir = Folder::new("scores-other");
        let file = dir.0.join("scores.txt");
        // Not UTF-8, three words, a count that is no number, a line end of Windows, no final
        // line end: all kept. Tabs split a score as spaces do.
        let old: &[u8] = b"aaaaaaaaaaaaaaaa 5\nbbbbbbbbbbbbbbbb 7\xff\nc 1 2\nd x\r\ne\t4\n\nf 9";
        fs::write(&file, old).unwrap();
        let scores = Scores::at(Some(file.clone()));
        let book = scores.read().unwrap();
        assert_eq!(book.first_other_line(), Some(2));
        assert_eq!(book.best("aaaaaaaaaaaaaaaa"), Some(5));
        assert_eq!((book.best("e"), book.best("f")), (Some(4), Some(9)));
        assert_eq!(book.best("c"), None);

        scores.record("new", 30).unwrap();
        scores.record("e", 3).unwrap();
        let want: &[u8] =
            b"aaaaaaaaaaaaaaaa 5\nbbbbbbbbbbbbbbbb 7\xff\nc 1 2\nd x\r\ne 3\nf 9\nnew 30\n";
        assert_eq!(fs::read(&file).unwrap(), want);
        assert_eq!(dir.names(), ["scores.txt"]);
    }

    #[test]
    fn a_key_kept_twice_becomes_one_line_in_the_place_of_the_first() {
        let mut book = ScoreBook::parse(b"k 9\nj 2\nk 7\n");
        assert_eq!(book.best("k"), Some(7));
        book.keep("k", 5);
        assert_eq!(book.to_bytes(), b"k 5\nj 2\n");
    }

    /// `record` refuses `file` with the error `is_refusal` accepts and leaves it as it was.
    fn refused(file: &Path, is_refusal: fn(&ScoresError) -> bool) {
        let before = fs::symlink_metadata(file).unwrap();
        let scores = Scores::at(Some(file.to_path_buf()));
        let read = scores.read().map(|_| ());
        assert!(read.as_ref().is_err_and(is_refusal), "{read:?}");
        let recorded = scores.record("abc", 3).map(|_| ());
        assert!(recorded.as_ref().is_err_and(is_refusal), "{recorded:?}");
        let after = fs::symlink_metadata(file).unwrap();
        assert_eq!(before.modified().unwrap(), after.modified().unwrap());
        assert_eq!(before.len(), after.len());
    }

    #[test]
    fn a_file_that_cannot_be_read_whole_is_never_written() {
        let dir = Folder::new("scores-unread");
        let not_a_file = |e: &ScoresError| matches!(e, ScoresError::NotAFile(_));
        // A folder, a FIFO (which would block an open), a link to an endless device.
        let folder = dir.0.join("folder.txt");
        fs::create_dir(&folder).unwrap();
        refused(&folder, not_a_file);
        let fifo = dir.0.join("fifo.txt");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        refused(&fifo, not_a_file);
        let zero = dir.0.join("zero.txt");
        symlink("/dev/zero", &zero).unwrap();
        refused(&zero, not_a_file);
        // Too large to be a scores file: read no further, never cut.
        let large = dir.0.join("large.txt");
        let big = "0123456789abcdef 5\n".repeat(MAX_FILE_BYTES as usize / 19 + 1);
        fs::write(&large, &big).unwrap();
        refused(&large, |e| matches!(e, ScoresError::TooLarge(_)));
        assert_eq!(fs::read_to_string(&large).unwrap(), big);
        // Nothing beside them was left.
        assert_eq!(
            dir.names(),
            ["fifo.txt", "folder.txt", "large.txt", "zero.txt"]
        );
    }

    #[test]
    fn a_read_only_file_is_read_and_never_replaced() {
        let dir = Folder::new("scores-readonly");
        let file = dir.0.join("scores.txt");
        fs::write(&file, "abc 5\n").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
        let scores = Scores::at(Some(file.clone()));
        assert_eq!(scores.read().unwrap().best("abc"), Some(5));
        // Not better: nothing to write, no error.
        assert_eq!(scores.record("abc", 6).unwrap().best("abc"), Some(5));
        let recorded = scores.record("abc", 3);
        assert!(
            matches!(recorded, Err(ScoresError::ReadOnly(_))),
            "{recorded:?}"
        );
        assert_eq!(fs::read_to_string(&file).unwrap(), "abc 5\n");
    }

    #[test]
    fn a_link_to_the_scores_is_followed_and_kept() {
        let dir = Folder::new("scores-link");
        let target = dir.0.join("real.txt");
        fs::write(&target, "abc 5\n").unwrap();
        let link = dir.0.join("scores.txt");
        symlink(&target, &link).unwrap();
        Scores::at(Some(link.clone())).record("def", 8).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "abc 5\ndef 8\n");
        assert_eq!(dir.names(), ["real.txt", "scores.txt"]);
    }
}
