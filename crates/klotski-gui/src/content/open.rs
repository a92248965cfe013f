//! Puzzles the window opens while it runs: a file dropped on it or named at the `O` prompt
//! (Numeric Klotski, or a brick puzzle when the text has commas), and a new random puzzle of
//! the current size from the generator (`N`).

use crate::content::game::{Game, Source};
use klotski_core::engine::geometry::Shape;
use klotski_core::engine::puzzle::Puzzle;
use klotski_core::solve::Options;
use klotski_puzzles::numeric::generate::{BlockCounts, Method, Size, Spec, generate};
use std::io::Read;
use std::path::Path;

/// The largest file the window opens: well above a 1,000,000-cell board written plainly.
const MAX_FILE_BYTES: u64 = 64 << 20;

/// The puzzle in the file at `path`, or the `error: ...` line to show (the parsers' messages
/// name the line at fault). At most `MAX_FILE_BYTES` are read, whatever the file holds.
pub fn open(path: &Path, options: &Options) -> Result<Game, String> {
    let cannot = |e: std::io::Error| format!("error: cannot read {}: {e}", path.display());
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_FILE_BYTES + 1).read_to_string(&mut text))
        .map_err(cannot)?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "error: {} is larger than the {MAX_FILE_BYTES} bytes a puzzle file may hold",
            path.display()
        ));
    }
    let game = Game::parse(Source::of_file(&text), options)?;
    Ok(game.named(file_name(path)))
}

/// The last part of `path`, as a window title names a puzzle opened from it.
pub fn file_name(path: &Path) -> String {
    let name = path.file_name().unwrap_or(path.as_os_str());
    name.to_string_lossy().into_owned()
}

/// A new random solvable Numeric Klotski puzzle of `puzzle`'s size, blanks and blocks, by a
/// random walk back from the goal (the default of `klotski generate`).
pub fn random_like(puzzle: &Puzzle, seed: u64, options: &Options) -> Result<Game, String> {
    let board = puzzle.board();
    let mut blocks: Vec<(Shape, usize)> = Vec::new();
    for piece in puzzle.pieces().iter().filter(|p| p.shape != Shape::UNIT) {
        match blocks.iter_mut().find(|(shape, _)| *shape == piece.shape) {
            Some((_, count)) => *count += 1,
            None => blocks.push((piece.shape, 1)),
        }
    }
    let spec = Spec {
        size: Size {
            rows: board.rows(),
            cols: board.cols(),
        },
        blanks: puzzle.blank_count(),
        blocks: BlockCounts(blocks),
        method: Method::Walk(10 * board.cells()),
        unsolvable: false,
    };
    let numeric = generate(&spec, seed, options.clone()).map_err(|e| format!("error: {e}"))?;
    let name = format!("random {}x{}, seed {seed}", board.rows(), board.cols());
    Ok(Game::numeric(numeric, options.clone()).named(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use klotski_core::search::Limits;
    use klotski_puzzles::numeric::NumericPuzzle;

    fn options() -> Options {
        Options {
            limits: Limits::memory(1 << 26),
            algo: Default::default(),
            cache: None,
            effort: 1,
        }
    }

    #[test]
    fn files_open_or_tell_the_line_at_fault() {
        let dir = std::env::temp_dir().join(format!("klotski-open-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.txt");
        std::fs::write(&good, "2 2\n1 2\n0 3\n0\n").unwrap();
        assert_eq!(open(&good, &options()).unwrap().puzzle.pieces().len(), 3);
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "2 2\n1 2\n").unwrap();
        let error = open(&bad, &options()).err().unwrap();
        assert!(error.starts_with("error: line 3:"), "{error}");
        let bricks = dir.join("bricks.txt");
        std::fs::write(&bricks, "3,2,\n1,2,1,\n1,1,\n").unwrap();
        let error = open(&bricks, &options()).err().unwrap();
        assert!(error.starts_with("error: line 3:"), "{error}");
        assert!(open(&dir.join("missing"), &options()).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_random_puzzle_keeps_the_size_blanks_and_blocks() {
        let numeric: NumericPuzzle = "3 3\n1 2 3\n4 0 0\n7 5 6\n1\n5 1*2\n".parse().unwrap();
        let puzzle = numeric.puzzle();
        let made = random_like(&puzzle, 7, &options()).unwrap().puzzle;
        assert_eq!((made.board().rows(), made.board().cols()), (3, 3));
        assert_eq!(made.blank_count(), 2);
        assert_eq!(made.pieces().len(), puzzle.pieces().len());
        assert!(
            made.pieces()
                .iter()
                .any(|p| p.shape == Shape { rows: 1, cols: 2 })
        );
    }
}
