//! The `solvable` input: `FromStr` for one board line ([`TileBoard`]) and for the two-line
//! start/goal input ([`Instance`]), with one error per problem.
//!
//! Where the assignment is silent: tokens are separated by any run of spaces and tabs, and may
//! also lead or trail the line; lines end in LF or CRLF. A number is a run of ASCII digits,
//! optionally after a minus sign (so `-1` is a tile out of range, not garbage); any other
//! token but `b` is rejected. Lines after the goal line may only be blank; a blank (or absent)
//! start or goal line counts as missing.
//!
//! A board's checks run in this order, and the first that fails is the one reported: every
//! token is a number or `b`; the count of cells is N*N with N >= 2; there is exactly one blank;
//! every number is in 1..N*N-1; no number repeats (a repeat always leaves another tile missing,
//! and the message names both). The start line is checked before the goal line, and the sizes
//! are compared once both are valid boards.

use super::{Instance, TileBoard};
use crate::text::{InputProblem, LineError, Lines, quote};
use std::fmt;
use std::io::BufRead;
use std::str::FromStr;

/// The longest board line read: a 1000 x 1000 board of tiles up to seven digits fits, with
/// spaces to spare.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// Which of the two input lines a problem is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// The first line.
    Start,
    /// The second line.
    Goal,
}

impl fmt::Display for Which {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Which::Start => "start",
            Which::Goal => "goal",
        })
    }
}

/// Everything that can be wrong with one board line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A token that is neither a number nor `b`.
    #[error("'{0}' is neither a tile number nor b")]
    BadToken(String),
    /// More cells than tile numbers of 32 bits can label.
    #[error("cell count {0} is beyond the {max} cells supported", max = u32::MAX)]
    TooLarge(usize),
    /// The count of cells is not N*N for some N >= 2.
    #[error("cell count {0}, but an NxN board with N >= 2 has 4, 9, 16, ... cells")]
    NotSquare(usize),
    /// No `b`.
    #[error("no blank (b)")]
    NoBlank,
    /// More than one `b`.
    #[error("{0} blanks (b), expected one")]
    ManyBlanks(usize),
    /// A number outside 1..N*N-1.
    #[error("tile {tile} is out of range 1..{max}")]
    OutOfRange {
        /// The number as written.
        tile: String,
        /// N*N-1.
        max: usize,
    },
    /// A number that appears twice, and the smallest tile that is therefore missing.
    #[error("tile {tile} appears twice and tile {missing} is missing")]
    Repeated {
        /// The first number seen a second time, reading left to right.
        tile: u32,
        /// The smallest number in 1..N*N-1 that does not appear.
        missing: usize,
    },
}

/// Everything that can be wrong with the two-line input; printed as the one-line message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// A line is absent or blank.
    #[error("missing {0} line (expected two lines: the start board, then the goal board)")]
    MissingLine(Which),
    /// A board line is wrong.
    #[error("{which}: {error}")]
    Board {
        /// The line.
        which: Which,
        /// What is wrong with it.
        error: BoardError,
    },
    /// Both boards are valid but of different sizes.
    #[error("the start board is {start}x{start} but the goal board is {goal}x{goal}")]
    SizeMismatch {
        /// N of the start board.
        start: usize,
        /// N of the goal board.
        goal: usize,
    },
    /// Something other than blanks after the goal line.
    #[error("line {0}: unexpected text after the goal line")]
    TrailingText(usize),
    /// A blank line between the start and the goal board.
    #[error(
        "line 2 is blank, and a board follows on line {0}: the goal board must be on line 2, right after the start board"
    )]
    BlankGoalLine(usize),
    /// The input could not be read, or a line is too long.
    #[error("line {line}: {problem}")]
    Input {
        /// The 1-based line.
        line: usize,
        /// What went wrong.
        problem: InputProblem,
    },
}

impl From<LineError<InputProblem>> for InputError {
    fn from(error: LineError<InputProblem>) -> InputError {
        InputError::Input {
            line: error.line,
            problem: error.kind,
        }
    }
}

/// Separators between tokens: blanks and tabs (and a CR left by a CRLF line end).
fn tokens(line: &str) -> impl Iterator<Item = &str> {
    line.split([' ', '\t', '\r']).filter(|t| !t.is_empty())
}

fn is_number(token: &str) -> bool {
    let digits = token.strip_prefix('-').unwrap_or(token);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

impl FromStr for TileBoard {
    type Err = BoardError;

    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let tokens: Vec<&str> = tokens(line).collect();
        if let Some(bad) = tokens.iter().find(|t| **t != "b" && !is_number(t)) {
            return Err(BoardError::BadToken(quote(bad)));
        }
        let count = tokens.len();
        let side = count.isqrt();
        if side < 2 || side * side != count {
            return Err(BoardError::NotSquare(count));
        }
        if u32::try_from(count).is_err() {
            return Err(BoardError::TooLarge(count));
        }
        match tokens.iter().filter(|t| **t == "b").count() {
            0 => return Err(BoardError::NoBlank),
            1 => {}
            blanks => return Err(BoardError::ManyBlanks(blanks)),
        }
        let max = count - 1;
        let cells = tokens
            .iter()
            .map(|&token| match token {
                "b" => Ok(0),
                number => number
                    .parse::<u32>()
                    .ok()
                    .filter(|&tile| (1..=max).contains(&(tile as usize)))
                    .ok_or_else(|| BoardError::OutOfRange {
                        tile: quote(number),
                        max,
                    }),
            })
            .collect::<Result<Vec<u32>, _>>()?;
        let mut seen = vec![false; count];
        let repeated = cells
            .iter()
            .copied()
            .filter(|&tile| tile != 0)
            .find(|&tile| std::mem::replace(&mut seen[tile as usize], true));
        if let Some(tile) = repeated {
            cells.iter().for_each(|&tile| seen[tile as usize] = true);
            let missing = (1..count)
                .find(|&t| !seen[t])
                .expect("a repeat among count - 1 tiles leaves one missing");
            return Err(BoardError::Repeated { tile, missing });
        }
        Ok(TileBoard { side, cells })
    }
}

impl FromStr for Instance {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse(Lines::new(text))
    }
}

impl Instance {
    /// Reads the two board lines from `source` a line at a time, stopping at the first
    /// problem; no line may pass [`MAX_LINE_BYTES`].
    pub fn read(source: impl BufRead) -> Result<Instance, InputError> {
        parse(Lines::reader(source, MAX_LINE_BYTES))
    }
}

/// Reads the instance from `lines`; a failed read is the error, whatever was read before it.
fn parse(mut lines: Lines) -> Result<Instance, InputError> {
    let parsed = instance(&mut lines);
    match lines.finish::<(), InputProblem>(Ok(())) {
        Err(failure) => Err(failure.into()),
        Ok(()) => parsed,
    }
}

fn instance(lines: &mut Lines) -> Result<Instance, InputError> {
    let mut board = |which| {
        let (_, line) = (lines.raw())
            .filter(|(_, line)| tokens(line).next().is_some())
            .ok_or(InputError::MissingLine(which))?;
        line.parse::<TileBoard>()
            .map_err(|error| InputError::Board { which, error })
    };
    let start = board(Which::Start)?;
    let goal = match board(Which::Goal) {
        // Say where the goal is when it only lies a blank line too far.
        Err(InputError::MissingLine(Which::Goal)) => match lines.non_blank() {
            Some((line, _)) => return Err(InputError::BlankGoalLine(line)),
            None => return Err(InputError::MissingLine(Which::Goal)),
        },
        goal => goal?,
    };
    if let Some((extra, _)) = lines.non_blank() {
        return Err(InputError::TrailingText(extra));
    }
    if start.side != goal.side {
        return Err(InputError::SizeMismatch {
            start: start.side,
            goal: goal.side,
        });
    }
    Ok(Instance { start, goal })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(line: &str) -> Result<TileBoard, BoardError> {
        line.parse()
    }

    #[test]
    fn blanks_tabs_and_leading_zeros_are_layout() {
        let parsed = board(" \t2\t\t1  03 b\r").unwrap();
        assert_eq!(parsed.side(), 2);
        assert_eq!(parsed.cells(), [2, 1, 3, 0]);
        assert_eq!(parsed.to_string(), "2 1 3 b");
    }

    #[test]
    fn each_board_check_names_its_problem() {
        assert_eq!(board("1 2 x b"), Err(BoardError::BadToken("x".into())));
        assert_eq!(board("1 2 B 3"), Err(BoardError::BadToken("B".into())));
        assert_eq!(board("1 2 3"), Err(BoardError::NotSquare(3)));
        assert_eq!(board("b"), Err(BoardError::NotSquare(1)));
        assert_eq!(board("1 2 3 4"), Err(BoardError::NoBlank));
        assert_eq!(board("1 b 3 b"), Err(BoardError::ManyBlanks(2)));
        let out_of_range = |tile: &str| BoardError::OutOfRange {
            tile: tile.into(),
            max: 3,
        };
        assert_eq!(board("1 2 4 b"), Err(out_of_range("4")));
        assert_eq!(board("0 2 3 b"), Err(out_of_range("0")));
        assert_eq!(board("-1 2 3 b"), Err(out_of_range("-1")));
        let huge = "99999999999999999999999";
        assert_eq!(board(&format!("1 2 {huge} b")), Err(out_of_range(huge)));
        assert_eq!(
            board("1 2 b 1"),
            Err(BoardError::Repeated {
                tile: 1,
                missing: 3
            })
        );
    }

    #[test]
    fn lines_are_checked_in_order_and_compared_last() {
        let parse = |text: &str| text.parse::<Instance>().map(|_| ());
        assert_eq!(parse(""), Err(InputError::MissingLine(Which::Start)));
        assert_eq!(
            parse("1 2 3 b\n"),
            Err(InputError::MissingLine(Which::Goal))
        );
        assert_eq!(
            parse("1 2 3 b\n \t\n1 2 3 b\n"),
            Err(InputError::BlankGoalLine(3))
        );
        assert_eq!(
            parse("1 2 3 b\n \t\n\n"),
            Err(InputError::MissingLine(Which::Goal))
        );
        assert_eq!(
            parse("1 2 3\n1 2 3 4\n"),
            Err(InputError::Board {
                which: Which::Start,
                error: BoardError::NotSquare(3)
            })
        );
        assert_eq!(
            parse("1 2 3 b\n1 2 3 4 5 6 7 8 b\n"),
            Err(InputError::SizeMismatch { start: 2, goal: 3 })
        );
        assert_eq!(
            parse("1 2 3 b\n1 2 3 b\n\n1\n"),
            Err(InputError::TrailingText(4))
        );
        assert_eq!(parse("1 2 3 b\r\n1 2 b 3\r\n\r\n"), Ok(()));
    }
}
