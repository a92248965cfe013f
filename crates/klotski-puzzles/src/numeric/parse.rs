//! The terminal input format: `FromStr` for [`NumericPuzzle`], with one error per problem.
//!
//! Layout is forgiving: tokens may be separated by any spaces or tabs, lines may end in CRLF,
//! blank lines are skipped anywhere, the final newline is optional, and a missing block section
//! means no blocks. Content is strict: the header holds exactly two numbers, each board row
//! stands on its own line with exactly `cols` numbers, the block count and each block have a
//! line of their own, and nothing may follow the last block.

use super::{Block, NumericPuzzle};
use crate::text::{InputProblem, LineError, Lines, NumberProblem, natural, quote};
use klotski_core::engine::geometry::Shape;
use std::io::BufRead;
use std::str::FromStr;

/// Largest board accepted: a million cells (1000 x 1000).
pub const MAX_CELLS: usize = 1_000_000;

/// The longest line before the header has told the board's width.
const HEADER_LINE_BYTES: usize = 4096;
/// Bytes a row line may spend on each number, separators and leading zeros included, beyond
/// [`HEADER_LINE_BYTES`]: a row of a million seven-digit numbers fits with room to spare.
const ROW_BYTES_PER_NUMBER: usize = 16;
/// Bytes reading holds per cell at its peak: the grid, and two hash maps from numbers to their
/// lines and cells.
const READ_BYTES_PER_CELL: usize = 80;

/// A problem with the input, and the 1-based line it was found on.
pub type ParseError = LineError<ParseErrorKind>;

/// Everything that can be wrong with a puzzle file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// The input ended early.
    #[error("expected {0}, found the end of the input")]
    EndOfInput(String),
    /// A token that is not a decimal number.
    #[error("expected a number, found '{0}'")]
    NotANumber(String),
    /// A number with a minus sign.
    #[error("'{0}' is negative")]
    Negative(String),
    /// A number too large to be meaningful here.
    #[error("'{0}' is too large")]
    TooLarge(String),
    /// The header line does not hold two numbers.
    #[error("the first line must hold the number of rows and of columns, found {0} numbers")]
    BadHeader(usize),
    /// A board dimension is zero.
    #[error("the board must have at least one row and one column, got {0} x {1}")]
    EmptyBoard(u32, u32),
    /// A board too large to hold.
    #[error("a board of {0} x {1} cells is larger than the {MAX_CELLS} cells supported")]
    BoardTooLarge(u32, u32),
    /// A row line with the wrong count of numbers.
    #[error("row {row} has {found} numbers, expected {expected}")]
    RowLength {
        /// 1-based board row.
        row: usize,
        /// Numbers on the line.
        found: usize,
        /// The board's column count.
        expected: usize,
    },
    /// The block-count line has more than one token.
    #[error("expected the number of blocks alone on its line, found {0} tokens (too many rows?)")]
    BadBlockCount(usize),
    /// More blocks than the board has numbers.
    #[error("{count} blocks declared, but the board holds only {numbers} numbers")]
    TooManyBlocks {
        /// Declared count.
        count: u32,
        /// Numbers on the board.
        numbers: usize,
    },
    /// A block line that is not `number shape`.
    #[error("a block line is a number and a shape like 2*1, found {0} tokens")]
    BadBlockLine(usize),
    /// A number appears twice on the board.
    #[error("{value} appears twice on the board (first on line {first_line})")]
    Duplicate {
        /// The repeated number.
        value: u32,
        /// Where it appeared first.
        first_line: usize,
    },
    /// A number outside 1..K.
    #[error("{value} is out of range: the board holds {count} numbers, so they must be 1..{count}")]
    OutOfRange {
        /// The number.
        value: u32,
        /// K, the count of numbers on the board.
        count: usize,
    },
    /// Every cell holds a number.
    #[error("the board has no blank cell (0)")]
    NoBlank,
    /// A shape token that is not one of the four block shapes.
    #[error("shape '{0}' is not one of 1*1, 1*2, 2*1, 2*2")]
    BadShape(String),
    /// A block named by the blank.
    #[error("0 is a blank cell, not the top-left number of a block")]
    BlankBlock,
    /// A block whose top-left number is not on the board.
    #[error("block {0}: there is no number {0} on the board")]
    UnknownBlock(u32),
    /// A block that sticks out of the board.
    #[error("block {label} ({shape}) at row {row}, column {col} leaves the board")]
    BlockOffBoard {
        /// Top-left number.
        label: u32,
        /// Its shape.
        shape: Shape,
        /// 1-based row of the top-left number.
        row: usize,
        /// 1-based column of the top-left number.
        col: usize,
    },
    /// A block over a blank cell.
    #[error("block {label} ({shape}) covers the blank cell at row {row}, column {col}")]
    BlockCoversBlank {
        /// Top-left number.
        label: u32,
        /// Its shape.
        shape: Shape,
        /// 1-based row of the blank.
        row: usize,
        /// 1-based column of the blank.
        col: usize,
    },
    /// Two blocks sharing a number.
    #[error("block {label} ({shape}) overlaps block {other} (line {other_line}) on number {value}")]
    BlockOverlap {
        /// Top-left number.
        label: u32,
        /// Its shape.
        shape: Shape,
        /// The other block's top-left number.
        other: u32,
        /// The other block's line.
        other_line: usize,
        /// The shared number.
        value: u32,
    },
    /// Text after the last block.
    #[error("unexpected '{0}' after the last block")]
    Trailing(String),
    /// The input could not be read, or a line is too long.
    #[error(transparent)]
    Input(#[from] InputProblem),
}

/// The next line with tokens, or an end-of-input error saying what was `expected`.
fn expect(
    lines: &mut Lines,
    expected: impl FnOnce() -> String,
) -> Result<(usize, String), ParseError> {
    lines.non_blank().ok_or_else(|| ParseError {
        line: lines.end_line(),
        kind: ParseErrorKind::EndOfInput(expected()),
    })
}

/// Reads a non-negative decimal number that fits in `u32`; a leading `+` is allowed.
fn number(token: &str, line: usize) -> Result<u32, ParseError> {
    let unsigned = (token.strip_prefix('+'))
        .filter(|digits| digits.starts_with(|c: char| c.is_ascii_digit()))
        .unwrap_or(token);
    natural(unsigned).map_err(|problem| {
        let token = quote(token);
        let kind = match problem {
            NumberProblem::NotANumber => ParseErrorKind::NotANumber(token),
            NumberProblem::Negative => ParseErrorKind::Negative(token),
            NumberProblem::TooLarge => ParseErrorKind::TooLarge(token),
        };
        ParseError { line, kind }
    })
}

/// Reads a block shape `R*C`; only the four shapes of the assignment are accepted.
fn shape(token: &str, line: usize) -> Result<Shape, ParseError> {
    let shape = match token {
        "1*1" => Shape { rows: 1, cols: 1 },
        "1*2" => Shape { rows: 1, cols: 2 },
        "2*1" => Shape { rows: 2, cols: 1 },
        "2*2" => Shape { rows: 2, cols: 2 },
        _ => {
            return Err(ParseError {
                line,
                kind: ParseErrorKind::BadShape(quote(token)),
            });
        }
    };
    Ok(shape)
}

impl FromStr for NumericPuzzle {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Lines::new(text).parse_all(|lines| parse(lines, usize::MAX))
    }
}

impl NumericPuzzle {
    /// Reads a puzzle from `source` a line at a time, stopping at the first problem: no line
    /// may be much longer than a row of the board the header promises, and that board must be
    /// readable within `max_memory` bytes (told as [`InputProblem::OverMemory`]), so neither
    /// an endless input nor a lying header costs more than the limit.
    pub fn read(source: impl BufRead, max_memory: usize) -> Result<NumericPuzzle, ParseError> {
        Lines::reader(source, HEADER_LINE_BYTES).parse_all(|lines| parse(lines, max_memory))
    }
}

/// Reads a puzzle from `lines`; reading takes at most `max_memory` bytes.
fn parse(lines: &mut Lines, max_memory: usize) -> Result<NumericPuzzle, ParseError> {
    let (rows, cols) = header(lines, max_memory)?;
    let (grid, numbers) = board(lines, rows, cols)?;
    let blocks = blocks(lines, &grid, rows, cols, numbers)?;
    Ok(NumericPuzzle {
        rows,
        cols,
        grid,
        blocks,
    })
}

/// Reads the header line: the board's rows and columns, which must be readable within
/// `max_memory` bytes. From here on a line may be as long as a row of that board.
fn header(lines: &mut Lines, max_memory: usize) -> Result<(usize, usize), ParseError> {
    let err = |line, kind| Err(ParseError { line, kind });
    let (header_line, header) = expect(lines, || "the board size (rows and columns)".into())?;
    let dims: Vec<u32> = header
        .split_whitespace()
        .map(|t| number(t, header_line))
        .collect::<Result<_, _>>()?;
    if dims.len() != 2 {
        return err(header_line, ParseErrorKind::BadHeader(dims.len()));
    }
    let (rows, cols) = (dims[0], dims[1]);
    if rows == 0 || cols == 0 {
        return err(header_line, ParseErrorKind::EmptyBoard(rows, cols));
    }
    if rows as u64 * cols as u64 > MAX_CELLS as u64 {
        return err(header_line, ParseErrorKind::BoardTooLarge(rows, cols));
    }
    let (rows, cols) = (rows as usize, cols as usize);
    let row_bytes = HEADER_LINE_BYTES + ROW_BYTES_PER_NUMBER * cols;
    lines.set_limit(row_bytes);
    let cells = rows * cols;
    let need = READ_BYTES_PER_CELL * cells;
    if need > max_memory {
        let kind = InputProblem::OverMemory {
            cells,
            need,
            limit: max_memory,
        };
        return err(header_line, kind.into());
    }
    Ok((rows, cols))
}

/// Reads the board, one row per line: its cells row by row, and how many numbers it holds
/// (each once, `1..=` that count, with at least one blank).
fn board(lines: &mut Lines, rows: usize, cols: usize) -> Result<(Vec<u32>, usize), ParseError> {
    let err = |line, kind| Err(ParseError { line, kind });
    // `line_of[v]` remembers where each number was seen.
    let mut grid = Vec::new();
    let mut line_of: fxhash::FxHashMap<u32, usize> = Default::default();
    let mut row_lines = Vec::new();
    for row in 1..=rows {
        let (line, text) = expect(lines, || format!("row {row} of the board ({cols} numbers)"))?;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.len() != cols {
            let kind = ParseErrorKind::RowLength {
                row,
                found: tokens.len(),
                expected: cols,
            };
            return err(line, kind);
        }
        for token in tokens {
            let value = number(token, line)?;
            if value != 0 {
                if let Some(&first_line) = line_of.get(&value) {
                    return err(line, ParseErrorKind::Duplicate { value, first_line });
                }
                line_of.insert(value, line);
            }
            grid.push(value);
        }
        row_lines.push(line);
    }
    let count = line_of.len();
    if count == rows * cols {
        return err(row_lines[rows - 1], ParseErrorKind::NoBlank);
    }
    if let Some(cell) = grid.iter().position(|&v| v as usize > count) {
        let kind = ParseErrorKind::OutOfRange {
            value: grid[cell],
            count,
        };
        return err(row_lines[cell / cols], kind);
    }
    Ok((grid, count))
}

/// Reads the block section of a board `grid` holding `numbers` numbers: an optional count,
/// then that many `number shape` lines, and nothing after them.
fn blocks(
    lines: &mut Lines,
    grid: &[u32],
    rows: usize,
    cols: usize,
    numbers: usize,
) -> Result<Vec<Block>, ParseError> {
    let err = |line, kind| Err(ParseError { line, kind });
    let mut blocks: Vec<Block> = Vec::new();
    let Some((count_line, text)) = lines.non_blank() else {
        return Ok(blocks);
    };
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() != 1 {
        return err(count_line, ParseErrorKind::BadBlockCount(tokens.len()));
    }
    let declared = number(tokens[0], count_line)?;
    if declared as usize > numbers {
        let kind = ParseErrorKind::TooManyBlocks {
            count: declared,
            numbers,
        };
        return err(count_line, kind);
    }
    let cell_of: fxhash::FxHashMap<u32, usize> = grid
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v != 0)
        .map(|(c, &v)| (v, c))
        .collect();
    // For each number covered by a block: the block's label and line.
    let mut covered: fxhash::FxHashMap<u32, (u32, usize)> = Default::default();
    for i in 1..=declared {
        let (line, text) = expect(lines, || {
            format!("block {i} of {declared} (a number and a shape like 2*1)")
        })?;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.len() != 2 {
            return err(line, ParseErrorKind::BadBlockLine(tokens.len()));
        }
        let label = number(tokens[0], line)?;
        let shape = shape(tokens[1], line)?;
        if label == 0 {
            return err(line, ParseErrorKind::BlankBlock);
        }
        let Some(&origin) = cell_of.get(&label) else {
            return err(line, ParseErrorKind::UnknownBlock(label));
        };
        let block = Block { label, shape };
        cover(grid, (rows, cols), block, origin, line, &mut covered)?;
        blocks.push(block);
    }
    if let Some((line, text)) = lines.non_blank() {
        let first = text.split_whitespace().next().unwrap_or_default();
        return err(line, ParseErrorKind::Trailing(quote(first)));
    }
    Ok(blocks)
}

/// Marks the numbers `block` covers in `covered` (with its label and `line`), its top-left
/// number at `origin` of the board `grid` of `(rows, cols)`: it must stay on the board and
/// cover no blank and no number another block covers.
fn cover(
    grid: &[u32],
    (rows, cols): (usize, usize),
    block: Block,
    origin: usize,
    line: usize,
    covered: &mut fxhash::FxHashMap<u32, (u32, usize)>,
) -> Result<(), ParseError> {
    let err = |kind| Err(ParseError { line, kind });
    let Block { label, shape } = block;
    let (r, c) = (origin / cols, origin % cols);
    if r + shape.rows > rows || c + shape.cols > cols {
        let kind = ParseErrorKind::BlockOffBoard {
            label,
            shape,
            row: r + 1,
            col: c + 1,
        };
        return err(kind);
    }
    for i in 0..shape.rows {
        for j in 0..shape.cols {
            let value = grid[(r + i) * cols + c + j];
            if value == 0 {
                let kind = ParseErrorKind::BlockCoversBlank {
                    label,
                    shape,
                    row: r + i + 1,
                    col: c + j + 1,
                };
                return err(kind);
            }
            if let Some(&(other, other_line)) = covered.get(&value) {
                let kind = ParseErrorKind::BlockOverlap {
                    label,
                    shape,
                    other,
                    other_line,
                    value,
                };
                return err(kind);
            }
            covered.insert(value, (label, line));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, ParseErrorKind) {
        let e = text.parse::<NumericPuzzle>().expect_err("must be rejected");
        (e.line, e.kind)
    }

    #[test]
    fn accepts_the_published_sample_and_prints_it_back() {
        let text = "5 6\n8 25 3 4 26 19\n14 0 0 0 11 12\n13 18 16 17 9 7\n1 20 22 23 10 24\n5 2 27 15 21 6\n2\n8 2*1\n16 2*2\n";
        let puzzle: NumericPuzzle = text.parse().unwrap();
        assert_eq!((puzzle.rows(), puzzle.cols(), puzzle.numbers()), (5, 6, 27));
        assert_eq!(puzzle.to_string(), text);
        assert_eq!(puzzle.to_string().parse::<NumericPuzzle>().unwrap(), puzzle);
    }

    #[test]
    fn a_missing_block_section_means_no_blocks() {
        let puzzle: NumericPuzzle = "2 2\n1 2\n3 0".parse().unwrap();
        assert!(puzzle.blocks().is_empty());
        assert_eq!(puzzle.to_string(), "2 2\n1 2\n3 0\n0\n");
    }

    #[test]
    fn each_problem_of_the_header_and_board_has_its_own_error_and_line() {
        use ParseErrorKind::*;
        assert!(matches!(error(""), (1, EndOfInput(_))));
        assert!(matches!(error("\n\n"), (3, EndOfInput(_))));
        assert_eq!(error("2 2\n1 a\n0 3\n"), (2, NotANumber("a".into())));
        assert_eq!(error("2 2\n1 -2\n0 3\n"), (2, Negative("-2".into())));
        assert_eq!(
            error("2 99999999999\n"),
            (1, TooLarge("99999999999".into()))
        );
        assert_eq!(error("2 2 2\n"), (1, BadHeader(3)));
        assert_eq!(error("2\n1 2\n"), (1, BadHeader(1)));
        assert_eq!(error("0 3\n"), (1, EmptyBoard(0, 3)));
        assert_eq!(error("100000 100000\n"), (1, BoardTooLarge(100000, 100000)));
        assert_eq!(
            error("2 2\n1 2 3\n0 3\n"),
            (
                2,
                RowLength {
                    row: 1,
                    found: 3,
                    expected: 2
                }
            )
        );
        assert_eq!(
            error("2 2\n1\n0 3\n"),
            (
                2,
                RowLength {
                    row: 1,
                    found: 1,
                    expected: 2
                }
            )
        );
        assert!(matches!(error("2 2\n1 2\n"), (3, EndOfInput(_))));
        assert_eq!(
            error("2 2\n1 1\n0 3\n"),
            (
                2,
                Duplicate {
                    value: 1,
                    first_line: 2
                }
            )
        );
        assert_eq!(error("2 2\n1 2\n3 4\n"), (3, NoBlank));
        assert_eq!(
            error("2 2\n1 2\n0 7\n"),
            (3, OutOfRange { value: 7, count: 3 })
        );
    }

    #[test]
    fn each_problem_of_the_block_lines_has_its_own_error_and_line() {
        use ParseErrorKind::*;
        assert_eq!(error("2 2\n1 2\n0 3\n0 3\n"), (4, BadBlockCount(2)));
        assert_eq!(
            error("2 2\n1 2\n0 3\n4000000000\n"),
            (
                4,
                TooManyBlocks {
                    count: 4_000_000_000,
                    numbers: 3
                }
            )
        );
        assert!(matches!(error("2 2\n1 2\n0 3\n1\n"), (5, EndOfInput(_))));
        assert_eq!(error("2 2\n1 2\n0 3\n1\n1\n"), (5, BadBlockLine(1)));
        assert_eq!(error("2 2\n1 2\n0 3\n1\n1 1*2 x\n"), (5, BadBlockLine(3)));
        assert_eq!(
            error("3 3\n1 2 3\n4 5 6\n7 8 0\n1\n1 3*1\n"),
            (6, BadShape("3*1".into()))
        );
        assert_eq!(
            error("3 3\n1 2 3\n4 5 6\n7 8 0\n1\n1 2x1\n"),
            (6, BadShape("2x1".into()))
        );
        assert_eq!(error("2 2\n1 2\n0 3\n1\n0 1*2\n"), (5, BlankBlock));
        assert_eq!(error("2 2\n1 2\n0 3\n1\n9 1*2\n"), (5, UnknownBlock(9)));
    }

    #[test]
    fn each_misplaced_block_and_trailing_line_has_its_own_error_and_line() {
        use ParseErrorKind::*;
        let two_by_one = Shape { rows: 2, cols: 1 };
        assert_eq!(
            error("3 3\n1 2 3\n4 5 6\n7 8 0\n1\n7 2*1\n"),
            (
                6,
                BlockOffBoard {
                    label: 7,
                    shape: two_by_one,
                    row: 3,
                    col: 1
                }
            )
        );
        assert_eq!(
            error("2 2\n1 2\n0 3\n1\n1 2*1\n"),
            (
                5,
                BlockCoversBlank {
                    label: 1,
                    shape: two_by_one,
                    row: 2,
                    col: 1
                }
            )
        );
        assert_eq!(
            error("3 3\n1 2 3\n4 5 6\n7 8 0\n2\n1 2*2\n2 2*1\n"),
            (
                7,
                BlockOverlap {
                    label: 2,
                    shape: two_by_one,
                    other: 1,
                    other_line: 6,
                    value: 2
                }
            )
        );
        assert_eq!(
            error("3 3\n1 2 3\n4 5 6\n7 8 0\n2\n4 1*2\n4 1*2\n"),
            (
                7,
                BlockOverlap {
                    label: 4,
                    shape: Shape { rows: 1, cols: 2 },
                    other: 4,
                    other_line: 6,
                    value: 4
                }
            )
        );
        assert_eq!(
            error("2 2\n1 2\n0 3\n0\nextra\n"),
            (5, Trailing("extra".into()))
        );
        assert_eq!(
            error("2 2\n1 2\n0 3\n1\n1 1*2\n\n3 1*1\n"),
            (7, Trailing("3".into()))
        );
    }

    #[test]
    fn messages_name_the_line() {
        let e = "2 2\n1 1\n0 3\n".parse::<NumericPuzzle>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: 1 appears twice on the board (first on line 2)"
        );
    }
}
