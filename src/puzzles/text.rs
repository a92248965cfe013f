//! Line-numbered reading of puzzle files, shared by every mode's parser: the lines with their
//! 1-based numbers, the error type that names the line at fault, and the natural-number reader.
//!
//! Each parser keeps its own error kinds (what can be wrong differs by format); what they share
//! is how a problem is tied to its line and how a line and a number are read.

use std::fmt;
use std::str::FromStr;

/// A problem of kind `K` with an input, and the 1-based line it was found on; line 0 means the
/// input as a whole (a brick file without a master brick has no one line at fault).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError<K> {
    /// 1-based line number, or 0 for the whole input.
    pub line: usize,
    /// What is wrong.
    pub kind: K,
}

impl<K: fmt::Display> fmt::Display for LineError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        self.kind.fmt(f)
    }
}

impl<K: fmt::Debug + fmt::Display> std::error::Error for LineError<K> {}

/// The lines of an input, each trimmed at its end (so CRLF files read like LF ones) and paired
/// with its 1-based number.
pub struct Lines<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    last: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `text`, from the first.
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            lines: text.lines().enumerate(),
            last: 0,
        }
    }

    /// The next line, blank or not.
    pub fn raw(&mut self) -> Option<(usize, &'a str)> {
        let (index, line) = self.lines.next()?;
        self.last = index + 1;
        Some((index + 1, line.trim_end()))
    }

    /// The next line that holds anything but white space, if any.
    pub fn non_blank(&mut self) -> Option<(usize, &'a str)> {
        std::iter::from_fn(|| self.raw()).find(|(_, text)| !text.is_empty())
    }

    /// The next non-blank line split into its white-space separated tokens, if any.
    pub fn tokens(&mut self) -> Option<(usize, Vec<&'a str>)> {
        self.non_blank()
            .map(|(line, text)| (line, text.split_whitespace().collect()))
    }

    /// The line an error about the end of the input names: the one after the last line read.
    pub fn end_line(&self) -> usize {
        self.last + 1
    }
}

/// Why a token is not a natural number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberProblem {
    /// Not a string of decimal digits.
    NotANumber,
    /// Digits after a minus sign.
    Negative,
    /// Digits, but more than the type holds.
    TooLarge,
}

/// Reads `token` as a natural number of type `T`: decimal digits only, no sign.
pub fn natural<T: FromStr>(token: &str) -> Result<T, NumberProblem> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if digits(token) {
        return token.parse().map_err(|_| NumberProblem::TooLarge);
    }
    match token.strip_prefix('-') {
        Some(rest) if digits(rest) => Err(NumberProblem::Negative),
        _ => Err(NumberProblem::NotANumber),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_from_one_and_blank_ones_skipped_on_request() {
        let mut lines = Lines::new("a b\r\n\n  \n c\t d \n");
        assert_eq!(lines.raw(), Some((1, "a b")));
        assert_eq!(lines.raw(), Some((2, "")));
        assert_eq!(lines.tokens(), Some((4, vec!["c", "d"])));
        assert_eq!(lines.non_blank(), None);
        assert_eq!(lines.end_line(), 5);
    }

    #[test]
    fn naturals_are_digits_only() {
        assert_eq!(natural::<u32>("042"), Ok(42));
        assert_eq!(natural::<u8>("256"), Err(NumberProblem::TooLarge));
        assert_eq!(natural::<u32>("-3"), Err(NumberProblem::Negative));
        assert_eq!(natural::<u32>("+3"), Err(NumberProblem::NotANumber));
        assert_eq!(natural::<u32>("3x"), Err(NumberProblem::NotANumber));
        assert_eq!(natural::<u32>(""), Err(NumberProblem::NotANumber));
    }

    #[test]
    fn an_error_names_its_line_unless_it_is_about_the_whole_input() {
        let at = |line| LineError { line, kind: "bad" }.to_string();
        assert_eq!(
            (at(3), at(0)),
            ("line 3: bad".to_string(), "bad".to_string())
        );
    }
}
