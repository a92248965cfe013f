//! Reading a board file: `w,h,` then `h` rows of `w` comma-separated integers, checked cell by
//! cell (every brick one filled rectangle, a master brick present).

use super::board::{Cell, SbpBoard};
use crate::text::{InputProblem, LineError, Lines, quote};
use std::io::BufRead;
use std::str::FromStr;

/// The longest line before the size line has told the board's width.
const HEADER_LINE_BYTES: usize = 4096;
/// Bytes a row may spend on each value beyond [`HEADER_LINE_BYTES`] (digits, comma, spaces).
const ROW_BYTES_PER_CELL: usize = 16;
/// Bytes reading holds per cell: the cell, and the board's copies made while it is checked.
const READ_BYTES_PER_CELL: usize = 32;

/// What is wrong with a board file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// The file has no `w,h,` line.
    #[error("the file is empty: expected 'w,h,' on the first line")]
    Empty,
    /// The first line is not two positive integers.
    #[error("expected 'w,h,' (two positive integers), got '{0}'")]
    BadSize(String),
    /// A value is not an integer of at least -1.
    #[error("'{0}' is not a cell value (an integer: -1 goal, 0 empty, 1 wall, 2 or more a brick)")]
    BadValue(String),
    /// A row holds the wrong number of values.
    #[error("expected {expected} values, found {found}")]
    RowLength {
        /// The board's width.
        expected: usize,
        /// Values on the line.
        found: usize,
    },
    /// Fewer rows than the height says.
    #[error("expected {expected} rows, found {found}")]
    MissingRows {
        /// The board's height.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// Text after the last row.
    #[error("unexpected text after the {0} rows")]
    ExtraRows(usize),
    /// A brick's cells do not fill one rectangle.
    #[error("brick {0} is not one filled rectangle")]
    NotRectangle(i32),
    /// No cell holds the master brick.
    #[error("no master brick (no cell holds 2)")]
    NoMaster,
    /// The file could not be read, or a line is too long.
    #[error(transparent)]
    Input(#[from] InputProblem),
}

/// A board file that could not be read, with the 1-based line at fault (0: the file as a whole).
pub type ParseError = LineError<ParseErrorKind>;

/// Splits one line into its comma-separated fields; one trailing comma is optional.
fn fields(line: &str) -> Vec<&str> {
    let line = line.trim();
    let line = line.strip_suffix(',').unwrap_or(line);
    line.split(',').map(str::trim).collect()
}

impl FromStr for SbpBoard {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<SbpBoard, ParseError> {
        Lines::new(text).parse_all(|lines| parse(lines, usize::MAX))
    }
}

impl SbpBoard {
    /// Reads a board file from `source` a line at a time, stopping at the first problem: no
    /// line may be much longer than a row of the board the size line promises, and reading
    /// that board must fit in `max_memory` bytes.
    pub fn read(source: impl BufRead, max_memory: usize) -> Result<SbpBoard, ParseError> {
        Lines::reader(source, HEADER_LINE_BYTES).parse_all(|lines| parse(lines, max_memory))
    }
}

/// Reads a board from `lines`; reading takes at most `max_memory` bytes.
fn parse(lines: &mut Lines, max_memory: usize) -> Result<SbpBoard, ParseError> {
    let at = |line: usize| move |kind| ParseError { line, kind };
    // Blank lines carry nothing: files end with or without a newline, some with several.
    let (size_line, size) = lines.non_blank().ok_or(at(0)(ParseErrorKind::Empty))?;
    let bad_size = || at(size_line)(ParseErrorKind::BadSize(quote(size.trim())));
    let (width, height) = match fields(&size)[..] {
        [w, h] => match (w.parse::<usize>(), h.parse::<usize>()) {
            (Ok(w), Ok(h)) if w > 0 && h > 0 => (w, h),
            _ => return Err(bad_size()),
        },
        _ => return Err(bad_size()),
    };
    let row_bytes = HEADER_LINE_BYTES.saturating_add(ROW_BYTES_PER_CELL.saturating_mul(width));
    lines.set_limit(row_bytes);
    let cells = width.saturating_mul(height);
    let need = READ_BYTES_PER_CELL.saturating_mul(cells);
    if need > max_memory {
        let kind = InputProblem::OverMemory {
            cells,
            need,
            limit: max_memory,
        };
        return Err(at(size_line)(kind.into()));
    }
    // Grown row by row, not sized from the header: a header may claim any size.
    let mut cells = Vec::new();
    for row in 0..height {
        let (n, line) = lines.non_blank().ok_or(at(0)(ParseErrorKind::MissingRows {
            expected: height,
            found: row,
        }))?;
        let values = fields(&line);
        if values.len() != width {
            return Err(at(n)(ParseErrorKind::RowLength {
                expected: width,
                found: values.len(),
            }));
        }
        for value in values {
            let cell = value
                .parse::<i32>()
                .ok()
                .and_then(Cell::from_value)
                .ok_or_else(|| at(n)(ParseErrorKind::BadValue(quote(value))))?;
            cells.push(cell);
        }
    }
    if let Some((n, _)) = lines.non_blank() {
        return Err(at(n)(ParseErrorKind::ExtraRows(height)));
    }
    let board = SbpBoard::from_cells(width, height, cells);
    let mut bricks = board.bricks();
    let mut labels: Vec<i32> = bricks.iter().map(|b| b.label).collect();
    labels.sort_unstable();
    if labels.first() != Some(&2) {
        return Err(at(0)(ParseErrorKind::NoMaster));
    }
    // A brick is a rectangle when its bounding box holds as many cells as it has.
    bricks.sort_by_key(|b| b.label);
    for brick in bricks {
        let count = board
            .cells()
            .iter()
            .filter(|&&c| c == Cell::Brick(brick.label));
        if count.count() != brick.shape.area() {
            return Err(at(0)(ParseErrorKind::NotRectangle(brick.label)));
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        text.parse::<SbpBoard>().unwrap_err().to_string()
    }

    #[test]
    fn reads_rows_with_or_without_trailing_commas_and_padding() {
        let a: SbpBoard = "3,2,\n1,2,2,\n-1, 0, 3,\n".parse().unwrap();
        let b: SbpBoard = "3,2\n1,2,2\n-1,0,3".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!((a.width(), a.height()), (3, 2));
    }

    #[test]
    fn names_the_line_and_the_problem() {
        assert_eq!(
            error(""),
            "the file is empty: expected 'w,h,' on the first line"
        );
        assert_eq!(
            error("3,x,\n"),
            "line 1: expected 'w,h,' (two positive integers), got '3,x,'"
        );
        assert_eq!(
            error("2,2,\n1,2,\n1,\n"),
            "line 3: expected 2 values, found 1"
        );
        assert!(error("2,2,\n1,2,\n1,a,\n").starts_with("line 3: 'a' is not a cell value"));
        assert!(error("2,1,\n-2,2,\n").starts_with("line 2: '-2' is not"));
        assert_eq!(error("2,2,\n1,2,\n"), "expected 2 rows, found 1");
        let huge = "4000000000,4000000000,\n1,\n";
        assert_eq!(error(huge), "line 2: expected 4000000000 values, found 1");
        assert_eq!(
            error("1,1,\n2,\n0,\n"),
            "line 3: unexpected text after the 1 rows"
        );
        assert_eq!(
            error("2,2,\n3,3,\n0,3,\n"),
            "no master brick (no cell holds 2)"
        );
        assert_eq!(
            error("2,2,\n2,3,\n0,2,\n"),
            "brick 2 is not one filled rectangle"
        );
        assert_eq!(
            error("3,1,\n3,2,3,\n"),
            "brick 3 is not one filled rectangle"
        );
    }
}
