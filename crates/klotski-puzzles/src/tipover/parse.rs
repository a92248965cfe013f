//! Tipover's two input formats, [`Format::Assignment`] and [`Format::Grid`], with one error per
//! problem naming its 1-based line. Coordinates in the input and in messages are 0-based.
//!
//! Seed (the assignment's): `rows cols`, then `startRow startCol`, then `rows` lines of `cols`
//! characters: `.` empty, `1`-`9` a stack of that many crates, `*` the target crate.
//! Grid (the RIT BFS-puzzles one): `rows cols startRow startCol goalRow goalCol`, then `rows`
//! lines of `cols` heights separated by spaces (0 empty); the goal cell must hold a crate.
//!
//! Blank lines before the grid are skipped and lines may end in CRLF. The grid's rows are
//! consecutive lines. After the grid the assignment format allows only blank lines; the grid format
//! ignores everything after a blank line, because the public files end with notes such as
//! `solvable in 3 steps`.

use super::Tipover;
use crate::text::{InputProblem, LineError, Lines, NumberProblem, natural, quote};
use std::io::BufRead;
use std::str::FromStr;

/// The longest line before the header has told the board's width.
const HEADER_LINE_BYTES: usize = 4096;
/// Bytes a grid line may spend on each cell beyond [`HEADER_LINE_BYTES`] (a height, spaces).
const ROW_BYTES_PER_CELL: usize = 16;

/// A problem with the input, and the 1-based line it was found on.
pub type ParseError = LineError<ParseErrorKind>;

/// Everything that can be wrong with a Tipover file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// The input ended early.
    #[error("expected {0}, found the end of the input")]
    EndOfInput(String),
    /// A line with the wrong count of numbers.
    #[error("expected {what} ({expected} numbers), found {found} tokens")]
    BadCount {
        /// What the line holds.
        what: &'static str,
        /// Numbers it must hold.
        expected: usize,
        /// Tokens found.
        found: usize,
    },
    /// A token that is not a non-negative decimal number.
    #[error("expected a number, found '{0}'")]
    NotANumber(String),
    /// A number too large to be meaningful here.
    #[error("'{0}' is too large")]
    TooLarge(String),
    /// A board dimension is zero.
    #[error("the board must have at least one row and one column, got {0} x {1}")]
    EmptyBoard(usize, usize),
    /// The start or goal lies outside the board.
    #[error("the {what} at row {row}, column {col} is off the {rows} x {cols} board")]
    OffBoard {
        /// `tipper's start` or `goal`.
        what: &'static str,
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// Board rows.
        rows: usize,
        /// Board columns.
        cols: usize,
    },
    /// The start or goal cell is empty.
    #[error("the {what} at row {row}, column {col} is on an empty cell, not on a crate")]
    NoCrate {
        /// `tipper's start` or `goal`.
        what: &'static str,
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
    },
    /// A grid row of the wrong width.
    #[error("row {row} has {found} cells, expected {expected}")]
    RowLength {
        /// 0-based row.
        row: usize,
        /// Cells on the line.
        found: usize,
        /// The board's column count.
        expected: usize,
    },
    /// A blank line inside the grid.
    #[error("row {0} is blank")]
    BlankRow(usize),
    /// A seed-format cell that is not `.`, a digit 1-9 or `*` (quoted, escaped).
    #[error("'{0}' is not a cell: use '.' for empty, 1-9 for a stack, '*' for the target")]
    BadCell(String),
    /// The assignment grid holds no `*`.
    #[error("the grid has no target '*'")]
    NoTarget,
    /// The assignment grid holds a second `*`.
    #[error("a second target '*' (the first is on line {0})")]
    SecondTarget(usize),
    /// A line right after the last row.
    #[error("unexpected '{0}' after the last of the header's rows")]
    Trailing(String),
    /// The input could not be read, or a line is too long.
    #[error(transparent)]
    Input(#[from] InputProblem),
}

/// Which of the two public formats a text is in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The assignment's: `rows cols`, `startRow startCol`, rows of `.`, `1`-`9` and `*`.
    #[default]
    Assignment,
    /// The RIT one: `rows cols startRow startCol goalRow goalCol`, rows of heights.
    Grid,
}

/// A format name that is neither `assignment` nor `grid`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a Tipover format (assignment or grid)")]
pub struct BadFormat(pub String);

impl FromStr for Format {
    type Err = BadFormat;

    fn from_str(name: &str) -> Result<Format, BadFormat> {
        match name {
            // `seed`, its earlier name, is still read, so scripts written with it keep working.
            "assignment" | "seed" => Ok(Format::Assignment),
            "grid" => Ok(Format::Grid),
            _ => Err(BadFormat(name.to_string())),
        }
    }
}

impl Format {
    /// Reads a puzzle written in this format.
    pub fn parse(self, text: &str) -> Result<Tipover, ParseError> {
        Lines::new(text).parse_all(|lines| self.parse_lines(lines, usize::MAX))
    }

    /// Reads a puzzle in this format from `source` a line at a time, stopping at the first
    /// problem: no line may be much longer than a row of the board the header promises, and
    /// reading that board must fit in `max_memory` bytes.
    pub fn read(self, source: impl BufRead, max_memory: usize) -> Result<Tipover, ParseError> {
        Lines::reader(source, HEADER_LINE_BYTES)
            .parse_all(|lines| self.parse_lines(lines, max_memory))
    }

    fn parse_lines(self, lines: &mut Lines, max_memory: usize) -> Result<Tipover, ParseError> {
        let lines = &mut *lines;
        let (header_line, header) = content(lines, "the board size")?;
        let puzzle = match self {
            Format::Assignment => {
                let [rows, cols] = numbers(header_line, &header, "rows and columns")?;
                let board = Board::new(header_line, rows, cols)?;
                board.bound(lines, header_line, max_memory)?;
                let (start_line, start) = content(lines, "the tipper's start")?;
                let [row, col] = numbers(start_line, &start, "the tipper's start row and column")?;
                let start = board.cell(start_line, "tipper's start", row, col)?;
                let (heights, goal) = seed_grid(lines, &board)?;
                board.finish(heights, (start_line, start), goal)?
            }
            Format::Grid => {
                let [rows, cols, start_row, start_col, goal_row, goal_col] = numbers(
                    header_line,
                    &header,
                    "rows, columns, start row and column, goal row and column",
                )?;
                let board = Board::new(header_line, rows, cols)?;
                board.bound(lines, header_line, max_memory)?;
                let start = board.cell(header_line, "tipper's start", start_row, start_col)?;
                let goal = board.cell(header_line, "goal", goal_row, goal_col)?;
                let heights = height_grid(lines, &board)?;
                board.finish(heights, (header_line, start), (header_line, goal))?
            }
        };
        let stray = match (self, lines.raw()) {
            (Format::Grid, Some((_, text))) if text.is_empty() => None,
            (Format::Assignment, Some((_, text))) if text.is_empty() => lines.non_blank(),
            (_, line) => line,
        };
        if let Some((line, text)) = stray {
            return Err(ParseError {
                line,
                kind: ParseErrorKind::Trailing(quote(&text)),
            });
        }
        Ok(puzzle)
    }
}

impl FromStr for Tipover {
    type Err = ParseError;

    /// Reads the assignment format; see [`Format::parse`] for the other.
    fn from_str(text: &str) -> Result<Tipover, ParseError> {
        Format::Assignment.parse(text)
    }
}

/// The next non-blank line, or an end-of-input error saying what was `expected`.
fn content(lines: &mut Lines, expected: &str) -> Result<(usize, String), ParseError> {
    lines.non_blank().ok_or_else(|| end(lines, expected))
}

/// The error for an input that ends where `expected` should follow.
fn end(lines: &Lines, expected: &str) -> ParseError {
    ParseError {
        line: lines.end_line(),
        kind: ParseErrorKind::EndOfInput(expected.to_string()),
    }
}

/// Reads a non-negative decimal number.
fn number<T: FromStr>(token: &str, line: usize) -> Result<T, ParseError> {
    natural(token).map_err(|problem| {
        let token = quote(token);
        let kind = match problem {
            NumberProblem::NotANumber | NumberProblem::Negative => {
                ParseErrorKind::NotANumber(token)
            }
            NumberProblem::TooLarge => ParseErrorKind::TooLarge(token),
        };
        ParseError { line, kind }
    })
}

/// Reads a line of exactly `N` numbers.
fn numbers<const N: usize>(
    line: usize,
    text: &str,
    what: &'static str,
) -> Result<[usize; N], ParseError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() != N {
        let kind = ParseErrorKind::BadCount {
            what,
            expected: N,
            found: tokens.len(),
        };
        return Err(ParseError { line, kind });
    }
    let mut values = [0; N];
    for (value, token) in values.iter_mut().zip(tokens) {
        *value = number(token, line)?;
    }
    Ok(values)
}

/// The board's size, checked, and the checks that need it.
struct Board {
    rows: usize,
    cols: usize,
}

impl Board {
    fn new(line: usize, rows: usize, cols: usize) -> Result<Board, ParseError> {
        if rows == 0 || cols == 0 {
            let kind = ParseErrorKind::EmptyBoard(rows, cols);
            return Err(ParseError { line, kind });
        }
        Ok(Board { rows, cols })
    }

    /// Limits the lines to a row's length, and refuses a board that reading would take more
    /// than `max_memory` bytes to hold (a byte a cell; a line's buffer is bounded by its
    /// limit).
    fn bound(&self, lines: &mut Lines, line: usize, max_memory: usize) -> Result<(), ParseError> {
        let row_bytes =
            HEADER_LINE_BYTES.saturating_add(ROW_BYTES_PER_CELL.saturating_mul(self.cols));
        lines.set_limit(row_bytes);
        let cells = self.rows.saturating_mul(self.cols);
        let need = cells;
        if need > max_memory {
            let kind = InputProblem::OverMemory {
                cells,
                need,
                limit: max_memory,
            };
            return Err(ParseError {
                line,
                kind: kind.into(),
            });
        }
        Ok(())
    }

    /// The index of a cell named on `line`, checked to lie on the board.
    fn cell(
        &self,
        line: usize,
        what: &'static str,
        row: usize,
        col: usize,
    ) -> Result<usize, ParseError> {
        if row < self.rows && col < self.cols {
            return Ok(row * self.cols + col);
        }
        let kind = ParseErrorKind::OffBoard {
            what,
            row,
            col,
            rows: self.rows,
            cols: self.cols,
        };
        Err(ParseError { line, kind })
    }

    /// The grid's rows, each with its line.
    fn rows(
        &self,
        lines: &mut Lines,
    ) -> impl Iterator<Item = Result<(usize, usize, String), ParseError>> {
        (0..self.rows).map(move |row| {
            let expected = format!("row {row} of the grid ({} cells)", self.cols);
            let (line, text) = if row == 0 {
                content(lines, &expected)?
            } else {
                lines.raw().ok_or_else(|| end(lines, &expected))?
            };
            if text.is_empty() {
                return Err(ParseError {
                    line,
                    kind: ParseErrorKind::BlankRow(row),
                });
            }
            Ok((row, line, text))
        })
    }

    /// Checks what needs the whole grid: the start and goal stand on crates.
    fn finish(
        &self,
        heights: Vec<u8>,
        (start_line, start): (usize, usize),
        (goal_line, goal): (usize, usize),
    ) -> Result<Tipover, ParseError> {
        for (line, what, cell) in [
            (start_line, "tipper's start", start),
            (goal_line, "goal", goal),
        ] {
            if heights[cell] == 0 {
                let kind = ParseErrorKind::NoCrate {
                    what,
                    row: cell / self.cols,
                    col: cell % self.cols,
                };
                return Err(ParseError { line, kind });
            }
        }
        Ok(Tipover {
            rows: self.rows,
            cols: self.cols,
            heights,
            start,
            goal,
        })
    }
}

/// Reads the assignment's character grid; returns the heights and the target's line and cell.
fn seed_grid(lines: &mut Lines, board: &Board) -> Result<(Vec<u8>, (usize, usize)), ParseError> {
    // Grown as rows come: the header's size is not trusted with an allocation.
    let mut heights = Vec::new();
    let mut target: Option<(usize, usize)> = None;
    let mut last_line = 0;
    for row in board.rows(lines) {
        let (row, line, text) = row?;
        last_line = line;
        let found = text.chars().count();
        if found != board.cols {
            let kind = ParseErrorKind::RowLength {
                row,
                found,
                expected: board.cols,
            };
            return Err(ParseError { line, kind });
        }
        for symbol in text.chars() {
            let height = match symbol {
                '.' => 0,
                '1'..='9' => symbol as u8 - b'0',
                '*' => {
                    if let Some((first_line, _)) = target {
                        let kind = ParseErrorKind::SecondTarget(first_line);
                        return Err(ParseError { line, kind });
                    }
                    target = Some((line, heights.len()));
                    1
                }
                _ => {
                    return Err(ParseError {
                        line,
                        kind: ParseErrorKind::BadCell(quote(&symbol.to_string())),
                    });
                }
            };
            heights.push(height);
        }
    }
    let target = target.ok_or(ParseError {
        line: last_line,
        kind: ParseErrorKind::NoTarget,
    })?;
    Ok((heights, target))
}

/// Reads the grid format's rows of heights.
fn height_grid(lines: &mut Lines, board: &Board) -> Result<Vec<u8>, ParseError> {
    let mut heights = Vec::new();
    for row in board.rows(lines) {
        let (row, line, text) = row?;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.len() != board.cols {
            let kind = ParseErrorKind::RowLength {
                row,
                found: tokens.len(),
                expected: board.cols,
            };
            return Err(ParseError { line, kind });
        }
        for token in tokens {
            let height: u8 = number(token, line)?;
            heights.push(height);
        }
    }
    Ok(heights)
}
