//! Puzzle IDs: one short line of text that names a whole puzzle of any kind, as Simon Tatham's
//! collection names its games, to copy, paste, type and share. An ID is the puzzle itself, not
//! a reference to one, so a random puzzle reproduces from its ID anywhere.
//!
//! - Numeric Klotski: `N` rows `x` columns `:` the cells row by row, then `:` the blocks, if
//!   any. Every number is written in base 36 (digits then lower-case letters) in the width the
//!   board's largest number needs, `0` a blank; a block is its top-left number and its rows and
//!   columns as two digits. The assignment's sample 4 is `N5x4:3748120b56fa9e0cdh0g:c21122`.
//! - A sliding brick puzzle: `B` width `x` height `:` each cell's file value plus one (a goal
//!   cell `0`, a free cell `1`, a wall `2`, brick `n` `n+1`), in base 36 in one width.
//! - Classic Klotski: `K` and the layout's code, `K1A9BF0C00`.
//!
//! Decoding builds the puzzle's text and parses it with the kind's own parser, so an ID is
//! exactly as valid as the file it stands for.
//!
//! ```
//! use klotski_puzzles::id::PuzzleId;
//! let sample: PuzzleId = "N2x2:1203".parse().unwrap();
//! let PuzzleId::Numeric(numeric) = &sample else { panic!() };
//! assert_eq!(numeric.to_string(), "2 2\n1 2\n0 3\n0\n");
//! assert_eq!(sample.to_string(), "N2x2:1203");
//! ```

use crate::hrd::Code;
use crate::numeric::{Block, NumericPuzzle};
use crate::sbp::SbpBoard;
use klotski_core::engine::geometry::Shape;
use std::fmt;
use std::str::FromStr;

/// A puzzle of any kind the player opens, as its ID names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleId {
    /// Numeric Klotski.
    Numeric(NumericPuzzle),
    /// A sliding brick puzzle.
    Bricks(SbpBoard),
    /// A classic 4x5 Klotski layout.
    Classic(Code),
}

/// Why a text is not a puzzle ID.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// The first letter names no kind.
    #[error("an ID starts with N (Numeric Klotski), B (a brick puzzle) or K (classic Klotski)")]
    Kind,
    /// The size is not `RxC` with both at least 1.
    #[error("the size after the kind letter is not ROWSxCOLUMNS")]
    Size,
    /// The cells are not a whole number of equal-width base-36 numbers, one per cell.
    #[error("the cells are not {cells} base-36 numbers of one width")]
    Cells {
        /// Cells on the board.
        cells: usize,
    },
    /// A block is not its number and two shape digits.
    #[error("the blocks are not each a number and two shape digits")]
    Blocks,
    /// The puzzle the ID stands for is not valid.
    #[error("the puzzle is not valid: {0}")]
    Puzzle(String),
}

/// `n` in base 36, lower case, at least `width` digits.
fn base36(mut n: u64, width: usize) -> String {
    let mut digits = Vec::new();
    while n > 0 || digits.is_empty() {
        digits.push(char::from_digit((n % 36) as u32, 36).expect("a base-36 digit"));
        n /= 36;
    }
    while digits.len() < width {
        digits.push('0');
    }
    digits.iter().rev().collect()
}

/// The digits base 36 needs for `n`.
fn width_of(n: u64) -> usize {
    base36(n, 1).len()
}

/// `text` cut into `count` base-36 numbers of one width.
fn numbers(text: &str, count: usize) -> Option<Vec<u64>> {
    if count == 0 || text.is_empty() || !text.len().is_multiple_of(count) || !text.is_ascii() {
        return None;
    }
    let width = text.len() / count;
    (0..count)
        .map(|i| u64::from_str_radix(&text[i * width..(i + 1) * width], 36).ok())
        .collect()
}

/// `RxC` as rows and columns (or width and height), both at least 1.
fn size(text: &str) -> Result<(usize, usize), IdError> {
    let (a, b) = text.split_once('x').ok_or(IdError::Size)?;
    let parse = |s: &str| s.parse::<usize>().ok().filter(|&n| n >= 1);
    match (parse(a), parse(b)) {
        (Some(a), Some(b)) if a.checked_mul(b).is_some() => Ok((a, b)),
        _ => Err(IdError::Size),
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleId::Numeric(numeric) => {
                let largest = numeric.grid().iter().copied().max().unwrap_or(0);
                let width = width_of(u64::from(largest));
                write!(f, "N{}x{}:", numeric.rows(), numeric.cols())?;
                for &n in numeric.grid() {
                    f.write_str(&base36(u64::from(n), width))?;
                }
                if !numeric.blocks().is_empty() {
                    f.write_str(":")?;
                    for block in numeric.blocks() {
                        let (rows, cols) = (block.shape.rows, block.shape.cols);
                        write!(f, "{}{rows}{cols}", base36(u64::from(block.label), width))?;
                    }
                }
                Ok(())
            }
            PuzzleId::Bricks(board) => {
                let value = |cell: &crate::sbp::Cell| (cell.value() + 1) as u64;
                let largest = board.cells().iter().map(value).max().unwrap_or(0);
                let width = width_of(largest);
                write!(f, "B{}x{}:", board.width(), board.height())?;
                for cell in board.cells() {
                    f.write_str(&base36(value(cell), width))?;
                }
                Ok(())
            }
            PuzzleId::Classic(code) => write!(f, "K{code}"),
        }
    }
}

impl FromStr for PuzzleId {
    type Err = IdError;

    fn from_str(text: &str) -> Result<PuzzleId, IdError> {
        let text = text.trim();
        let mut chars = text.chars();
        let kind = chars.next().ok_or(IdError::Kind)?.to_ascii_uppercase();
        let rest = chars.as_str();
        let puzzle = |e: &dyn fmt::Display| IdError::Puzzle(e.to_string());
        match kind {
            'K' => rest.parse().map(PuzzleId::Classic).map_err(|e| puzzle(&e)),
            'N' => {
                let mut parts = rest.split(':');
                let (rows, cols) = size(parts.next().unwrap_or(""))?;
                let cells = parts.next().unwrap_or("");
                let grid =
                    numbers(cells, rows * cols).ok_or(IdError::Cells { cells: rows * cols })?;
                let width = cells.len() / (rows * cols);
                let blocks = parts.next().unwrap_or("");
                if parts.next().is_some()
                    || !blocks.len().is_multiple_of(width + 2)
                    || !blocks.is_ascii()
                {
                    return Err(IdError::Blocks);
                }
                let grid: Vec<u32> = (grid.into_iter().map(u32::try_from))
                    .collect::<Result<_, _>>()
                    .map_err(|_| IdError::Cells { cells: rows * cols })?;
                let blocks = (0..blocks.len() / (width + 2))
                    .map(|i| {
                        let word = &blocks[i * (width + 2)..(i + 1) * (width + 2)];
                        let (label, shape) = word.split_at(width);
                        let label = u32::from_str_radix(label, 36).ok()?;
                        let digit = |k: usize| shape[k..=k].parse().ok();
                        let shape = Shape {
                            rows: digit(0)?,
                            cols: digit(1)?,
                        };
                        Some(Block { label, shape })
                    })
                    .collect::<Option<Vec<Block>>>()
                    .ok_or(IdError::Blocks)?;
                NumericPuzzle::from_parts(rows, cols, grid, blocks)
                    .map(PuzzleId::Numeric)
                    .map_err(|e| puzzle(&e))
            }
            'B' => {
                let (sizes, cells) = rest.split_once(':').ok_or(IdError::Size)?;
                let (width, height) = size(sizes)?;
                let values = numbers(cells, width * height).ok_or(IdError::Cells {
                    cells: width * height,
                })?;
                let mut text = format!("{width},{height},\n");
                for row in values.chunks(width) {
                    let row: Vec<String> =
                        row.iter().map(|&v| (v as i64 - 1).to_string()).collect();
                    text += &format!("{},\n", row.join(","));
                }
                text.parse().map(PuzzleId::Bricks).map_err(|e| puzzle(&e))
            }
            _ => Err(IdError::Kind),
        }
    }
}

impl PuzzleId {
    /// The puzzle a file's `text` holds: Numeric Klotski's input format, a brick puzzle's board
    /// file, or a classic layout's code; `None` when it is none of them (each kind's own
    /// parser says why).
    pub fn of_file(text: &str) -> Option<PuzzleId> {
        if let Ok(numeric) = text.parse() {
            return Some(PuzzleId::Numeric(numeric));
        }
        if let Ok(board) = text.parse() {
            return Some(PuzzleId::Bricks(board));
        }
        text.trim().parse().ok().map(PuzzleId::Classic)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE4: &str =
        "5 4\n3 7 4 8\n1 2 0 11\n5 6 15 10\n9 14 0 12\n13 17 0 16\n2\n12 2*1\n1 2*2\n";

    #[test]
    fn every_kind_reads_back_from_its_id_as_the_same_puzzle() {
        let sample: NumericPuzzle = SAMPLE4.parse().unwrap();
        let id = PuzzleId::Numeric(sample.clone());
        assert_eq!(id.to_string(), "N5x4:3748120b56fa9e0cdh0g:c21122");
        assert_eq!(id.to_string().parse(), Ok(id.clone()));
        assert_eq!(PuzzleId::of_file(SAMPLE4), Some(id));
        // Two digits a number from 36 on.
        let big: NumericPuzzle = "1 37\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36\n0\n".parse().unwrap();
        let big = PuzzleId::Numeric(big);
        assert!(big.to_string().starts_with("N1x37:000102"), "{big}");
        assert_eq!(big.to_string().parse(), Ok(big));
        let board: SbpBoard = "5,4,\n1,-1,-1,1,1,\n1,0,3,4,1,\n1,0,2,2,1,\n1,1,1,1,1,\n"
            .parse()
            .unwrap();
        let bricks = PuzzleId::Bricks(board);
        assert_eq!(bricks.to_string(), "B5x4:20022214522133222222");
        assert_eq!(bricks.to_string().parse(), Ok(bricks));
        let classic = PuzzleId::of_file("1A9BF0C\n").unwrap();
        assert_eq!(classic.to_string(), "K1A9BF0C00");
        assert_eq!("k1a9bf0c00".parse(), Ok(classic), "any case");
    }

    #[test]
    fn a_malformed_id_says_what_is_wrong() {
        let wrong = |text: &str| text.parse::<PuzzleId>().unwrap_err();
        assert_eq!(wrong(""), IdError::Kind);
        assert_eq!(wrong("X5x4:1"), IdError::Kind);
        assert_eq!(wrong("N5y4:1"), IdError::Size);
        assert_eq!(wrong("N0x4:1"), IdError::Size);
        assert_eq!(wrong("N2x2:120"), IdError::Cells { cells: 4 });
        assert_eq!(wrong("N2x2:1203:1"), IdError::Blocks);
        assert!(matches!(wrong("N2x2:1233"), IdError::Puzzle(_)), "3 twice");
        assert!(matches!(wrong("B2x2:22"), IdError::Cells { .. }));
        assert!(matches!(wrong("KZZ"), IdError::Puzzle(_)));
        assert!(
            wrong("N2x2:1233")
                .to_string()
                .starts_with("the puzzle is not valid: ")
        );
    }
}
