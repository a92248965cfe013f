//! The 9-hex-digit layout code of a 4x5 layout: parsing (case-insensitive, trailing zeros
//! optional), validation and printing.
//!
//! Digit 1 is the top-left cell of the 2x2 block (`row * 4 + col`); the other 32 bits hold two
//! bits per remaining item, most significant first, in row-major order of the items' top-left
//! cells: `00` an empty cell, `01` a horizontal 1x2 piece, `10` a vertical 2x1 piece, `11` a 1x1.

use super::layout::Layout;
use std::fmt;
use std::str::FromStr;

/// A legal layout code: 36 bits, checked when built ([`FromStr`] or [`Code::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code(u64);

/// Why a text or a number is not a legal layout code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// The text was empty.
    #[error("empty layout code (expected up to 9 hex digits such as 1A9BF0C00)")]
    Empty,
    /// More than 9 digits.
    #[error("layout code '{0}' has {1} digits; at most 9 are allowed")]
    TooLong(String, usize),
    /// A character that is not a hex digit.
    #[error("layout code '{text}': '{found}' at position {position} is not a hex digit")]
    NotHex {
        /// The whole text.
        text: String,
        /// The offending character.
        found: char,
        /// Its 1-based position.
        position: usize,
    },
    /// The number has more than 36 bits.
    #[error("layout code {0:#x} has more than 36 bits")]
    TooWide(u64),
    /// The first digit is not a place where the 2x2 block fits.
    #[error(
        "layout code {code}: the first digit {head:X} puts the 2x2 block off the board (allowed: 0 1 2 4 5 6 8 9 A C D E)"
    )]
    BadHead {
        /// The code, 9 digits.
        code: String,
        /// The first digit.
        head: u8,
    },
    /// A piece does not fit where the code puts it.
    #[error("layout code {code}: item {item} (a {kind}) at row {row}, column {col} {why}")]
    BadPiece {
        /// The code, 9 digits.
        code: String,
        /// 1-based index of the item after the head digit.
        item: usize,
        /// What the item is.
        kind: &'static str,
        /// Its top-left row, 0-based.
        row: usize,
        /// Its top-left column, 0-based.
        col: usize,
        /// What goes wrong.
        why: &'static str,
    },
    /// Fewer than two empty cells.
    #[error("layout code {code}: only {spaces} empty cell(s); a layout needs at least 2")]
    TooFewSpaces {
        /// The code, 9 digits.
        code: String,
        /// Empty cells found.
        spaces: usize,
    },
    /// Bits left over after the board is full.
    #[error("layout code {code}: the board is full after item {items} but later bits are not 0")]
    Leftover {
        /// The code, 9 digits.
        code: String,
        /// Items that filled the board.
        items: usize,
    },
}

impl Code {
    /// Checks a 36-bit number as a layout code.
    pub fn new(value: u64) -> Result<Code, CodeError> {
        Layout::decode(value).map(|_| Code(value))
    }

    /// A code known to be legal: produced by [`Layout::code`] or the enumeration.
    pub(crate) fn trusted(value: u64) -> Code {
        Code(value)
    }

    /// The 36-bit number.
    pub fn value(self) -> u64 {
        self.0
    }

    /// The layout the code describes.
    pub fn layout(self) -> Layout {
        Layout::decode(self.0).expect("a Code is legal")
    }
}

impl FromStr for Code {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Code, CodeError> {
        if s.is_empty() {
            return Err(CodeError::Empty);
        }
        let digits = s.chars().count();
        if digits > 9 {
            return Err(CodeError::TooLong(s.to_string(), digits));
        }
        let mut value = 0u64;
        for (i, c) in s.chars().enumerate() {
            let digit = c.to_digit(16).ok_or_else(|| CodeError::NotHex {
                text: s.to_string(),
                found: c,
                position: i + 1,
            })?;
            value = value << 4 | u64::from(digit);
        }
        Code::new(value << (4 * (9 - digits)))
    }
}

/// Nine upper-case hex digits, trailing zeros kept: `1A9BF0C00`.
impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:09X}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_short_and_lower_case_forms() {
        let a: Code = "1A9BF0C00".parse().unwrap();
        assert_eq!("1a9bf0c".parse::<Code>(), Ok(a));
        assert_eq!(a.to_string(), "1A9BF0C00");
        assert_eq!(a.value(), 0x1A9BF0C00);
    }

    #[test]
    fn names_each_kind_of_illegal_code() {
        let err = |s: &str| s.parse::<Code>().unwrap_err();
        assert_eq!(err(""), CodeError::Empty);
        assert!(matches!(err("1A9BF0C000"), CodeError::TooLong(_, 10)));
        assert!(matches!(err("1A9G"), CodeError::NotHex { position: 4, .. }));
        assert!(matches!(err("3"), CodeError::BadHead { head: 3, .. }));
        assert!(matches!(err("F"), CodeError::BadHead { head: 15, .. }));
        // Block at 0, a 1x1 at column 2, then a horizontal piece at column 3 sticks out.
        assert!(matches!(
            err("0D"),
            CodeError::BadPiece {
                item: 2,
                col: 3,
                ..
            }
        ));
        // Block at 1, then a horizontal piece at 0 runs into it.
        assert!(matches!(err("14"), CodeError::BadPiece { item: 1, .. }));
        // 1x1 everywhere: no room for two spaces.
        assert!(matches!(err("0FFFFFFFF"), CodeError::TooFewSpaces { .. }));
        // Two spaces, six vertical pieces and two 1x1 fill the board; an 11th item is left over.
        assert!(matches!(
            err("00AAAF4"),
            CodeError::Leftover { items: 10, .. }
        ));
        assert!("00AAAF".parse::<Code>().is_ok());
        assert!(Code::new(1 << 36).is_err());
    }
}
