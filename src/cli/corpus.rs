//! The cases a benchmark runs: the `.in` files of the folders it is given, each read as the
//! terminal reads its input.

use klotski::puzzles::numeric::{NumericPuzzle, ParseError};
use klotski::solve::Unverified;
use std::path::{Path, PathBuf};

/// Why a case could not be benchmarked.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// A file could not be read.
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    /// A case is not a valid puzzle.
    #[error("{0}: {1}")]
    Parse(String, ParseError),
    /// A solution failed its replay check.
    #[error("{0}: {1}")]
    Unverified(String, Unverified),
}

/// The `.in` files under each of `paths` (a file is taken as it is), sorted within each folder.
pub fn corpus(paths: &[PathBuf]) -> Result<Vec<PathBuf>, BenchError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| BenchError::Io(path.clone(), e))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "in"))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// The puzzle in `file`, read as the terminal reads its input: a line at a time, stopping at
/// the first problem, within `max_memory` (so `/dev/zero` or an endless pipe costs nothing).
pub fn read_case(file: &Path, max_memory: usize) -> Result<NumericPuzzle, BenchError> {
    let opened = std::fs::File::open(file).map_err(|e| BenchError::Io(file.to_path_buf(), e))?;
    NumericPuzzle::read(std::io::BufReader::new(opened), max_memory)
        .map_err(|e| BenchError::Parse(file.display().to_string(), e))
}
