//! Line-numbered reading of puzzle files, shared by every mode's parser: the lines with their
//! 1-based numbers, the error type that names the line at fault, and the natural-number reader.
//!
//! Each parser keeps its own error kinds (what can be wrong differs by format); what they share
//! is how a problem is tied to its line and how a line and a number are read.

use std::fmt;
use std::io::{BufRead, Read};
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

/// Why the input itself (not what it says) could not be read. Each parser's error kind wraps
/// it, so that a line too long or a failing read is told like any other problem with a line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputProblem {
    /// Reading failed.
    #[error("cannot read the input: {0}")]
    Read(String),
    /// A line longer than the format allows there.
    #[error("the line is longer than the {0} bytes a line may hold here")]
    LineTooLong(usize),
    /// A line that is not UTF-8.
    #[error("the input is not UTF-8 text")]
    NotUtf8,
    /// More blank lines in a row than any input has reason to hold.
    #[error("more than {MAX_BLANK_RUN} blank lines in a row")]
    BlankRun,
    /// The header promises a board that would take more memory to read than allowed.
    #[error(
        "reading a board of {cells} cells takes about {need} bytes, more than the {limit} bytes the memory limit allows"
    )]
    OverMemory {
        /// Cells the header promises.
        cells: usize,
        /// Bytes reading them would take.
        need: usize,
        /// The memory limit.
        limit: usize,
    },
}

/// The lines of an input, read one at a time as the parser asks for them (so a parser that
/// finds a problem stops reading there), each trimmed at its end (so CRLF files read like LF
/// ones), paired with its 1-based number, and none longer than the limit the parser sets.
///
/// A read that fails ends the lines; the parser then sees the end of the input, and
/// [`Lines::finish`] replaces whatever it concluded by the failure.
pub struct Lines<'a> {
    source: Box<dyn BufRead + 'a>,
    limit: usize,
    /// False for a text already in memory: its lines are never refused for their length.
    bounded: bool,
    last: usize,
    failure: Option<LineError<InputProblem>>,
    buffer: Vec<u8>,
}

impl<'a> Lines<'a> {
    /// The lines of `text`, from the first, of any length (the text is in memory already).
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            bounded: false,
            ..Lines::reader(text.as_bytes(), usize::MAX)
        }
    }

    /// The lines `source` yields, none over `limit` bytes.
    pub fn reader(source: impl BufRead + 'a, limit: usize) -> Lines<'a> {
        Lines {
            source: Box::new(source),
            limit,
            bounded: true,
            last: 0,
            failure: None,
            buffer: Vec::new(),
        }
    }

    /// From the next line on, no line may pass `limit` bytes (a line already read is kept);
    /// the lines of a text already in memory ([`Lines::new`]) stay unbounded.
    pub fn set_limit(&mut self, limit: usize) {
        if self.bounded {
            self.limit = limit;
        }
    }

    /// The next line, blank or not; `None` at the end of the input or once a read failed.
    pub fn raw(&mut self) -> Option<(usize, String)> {
        if self.failure.is_some() {
            return None;
        }
        self.buffer.clear();
        let cap = (self.limit as u64).saturating_add(1);
        let read = (&mut self.source)
            .take(cap)
            .read_until(b'\n', &mut self.buffer);
        let number = self.last + 1;
        let fail = |kind| Some(LineError { line: number, kind });
        let problem = match read {
            Ok(0) => return None,
            Ok(_) if self.buffer.last() == Some(&b'\n') => {
                self.buffer.pop();
                None
            }
            Ok(n) if n > self.limit => fail(InputProblem::LineTooLong(self.limit)),
            Ok(_) => None,
            Err(e) => fail(InputProblem::Read(e.to_string())),
        };
        self.last = number;
        if let Some(problem) = problem {
            self.failure = Some(problem);
            return None;
        }
        let Ok(mut text) = String::from_utf8(std::mem::take(&mut self.buffer)) else {
            self.failure = fail(InputProblem::NotUtf8);
            return None;
        };
        text.truncate(text.trim_end().len());
        Some((number, text))
    }

    /// The next line that holds anything but white space, if any; more than
    /// [`MAX_BLANK_RUN`] blank lines before it end the lines (so an endless run of blank lines
    /// ends too) unless the text is in memory already.
    pub fn non_blank(&mut self) -> Option<(usize, String)> {
        let mut blanks = 0;
        while let Some((number, text)) = self.raw() {
            if !text.is_empty() {
                return Some((number, text));
            }
            blanks += 1;
            if self.bounded && blanks > MAX_BLANK_RUN {
                self.failure = Some(LineError {
                    line: number,
                    kind: InputProblem::BlankRun,
                });
                return None;
            }
        }
        None
    }

    /// The line an error about the end of the input names: the one after the last line read.
    pub fn end_line(&self) -> usize {
        self.last + 1
    }

    /// What `parse` comes to on these lines, as [`Lines::finish`] tells it.
    pub fn parse_all<T, K: From<InputProblem>>(
        mut self,
        parse: impl FnOnce(&mut Lines<'a>) -> Result<T, LineError<K>>,
    ) -> Result<T, LineError<K>> {
        let parsed = parse(&mut self);
        self.finish(parsed)
    }

    /// What a parse that read these lines comes to: `result`, unless a read failed, which
    /// is then the error (the parser saw a truncated input).
    pub fn finish<T, K: From<InputProblem>>(
        &mut self,
        result: Result<T, LineError<K>>,
    ) -> Result<T, LineError<K>> {
        match self.failure.take() {
            Some(LineError { line, kind }) => Err(LineError {
                line,
                kind: kind.into(),
            }),
            None => result,
        }
    }
}

/// The most blank lines in a row a streamed input may hold.
pub const MAX_BLANK_RUN: usize = 1_000_000;

/// The most characters of the input an error message quotes.
pub const QUOTED_CHARS: usize = 40;

/// `text` as an error message may quote it: at most [`QUOTED_CHARS`] characters (then `...`),
/// control and other unprintable characters escaped, so that no input can write escape
/// sequences to a terminal or a megabyte to an error line.
pub fn quote(text: &str) -> String {
    let mut quoted = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == QUOTED_CHARS {
            quoted.push_str("...");
            break;
        }
        match c {
            '\'' | '"' | '\\' => quoted.push(c),
            _ => quoted.extend(c.escape_debug()),
        }
    }
    quoted
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
        assert_eq!(lines.raw(), Some((1, "a b".to_string())));
        assert_eq!(lines.raw(), Some((2, String::new())));
        assert_eq!(lines.non_blank(), Some((4, " c\t d".to_string())));
        assert_eq!(lines.non_blank(), None);
        assert_eq!(lines.end_line(), 5);
    }

    #[test]
    fn a_line_over_the_limit_or_not_utf8_ends_the_lines_with_its_problem() {
        let mut lines = Lines::reader(&b"1234\n12345\n"[..], 4);
        assert_eq!(lines.raw(), Some((1, "1234".to_string())));
        assert_eq!(lines.raw(), None);
        assert_eq!(lines.raw(), None);
        let told: Result<(), LineError<InputProblem>> = lines.finish(Ok(()));
        assert_eq!(
            told,
            Err(LineError {
                line: 2,
                kind: InputProblem::LineTooLong(4)
            })
        );
        // An endless line is refused after limit + 1 bytes, however long it would be.
        let mut endless = Lines::reader(std::io::BufReader::new(std::io::repeat(0)), 64);
        assert_eq!(endless.raw(), None);
        let mut bad = Lines::reader(&b"ok\n\xff\n"[..], 64);
        assert_eq!(bad.non_blank(), Some((1, "ok".to_string())));
        assert_eq!(bad.non_blank(), None);
        let told: Result<(), LineError<InputProblem>> = bad.finish(Ok(()));
        assert_eq!(told.unwrap_err().kind, InputProblem::NotUtf8);
        // Endless blank lines end too, after MAX_BLANK_RUN of them.
        let blank = std::io::BufReader::new(std::io::repeat(b'\n'));
        let mut blanks = Lines::reader(blank, 64);
        assert_eq!(blanks.non_blank(), None);
        let told: Result<(), LineError<InputProblem>> = blanks.finish(Ok(()));
        let told = told.unwrap_err();
        assert_eq!(
            (told.line, told.kind),
            (MAX_BLANK_RUN + 1, InputProblem::BlankRun)
        );
    }

    #[test]
    fn quotes_are_short_and_escaped() {
        assert_eq!(quote("a\u{1b}]0;x\u{7}"), "a\\u{1b}]0;x\\u{7}");
        assert_eq!(quote("tab\there"), "tab\\there");
        let long = "9".repeat(1000);
        assert_eq!(quote(&long), format!("{}...", "9".repeat(QUOTED_CHARS)));
        assert_eq!(quote("dé'jà"), "dé'jà");
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
