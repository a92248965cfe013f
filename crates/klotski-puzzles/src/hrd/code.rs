//! The 9-hex-digit layout code of a 4x5 layout: parsing (case-insensitive, trailing zeros
//! optional), validation and printing.
//!
//! Digit 1 is the top-left cell of the 2x2 block (`row * 4 + col`); the other 32 bits hold two
//! bits per remaining item, most significant first, in row-major order of the items' top-left
//! cells: `00` an empty cell, `01` a horizontal 1x2 piece, `10` a vertical 2x1 piece, `11` a 1x1.

use super::layout::{CELLS, COLS, FOOTPRINT, Kind, Layout, PIECE_VALUES, ROW_BITS, ROW_MASK, ROWS};
use crate::text::quote;
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
    #[error("layout code '{text}': '{}' at position {position} is not a hex digit", .found.escape_debug())]
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
            return Err(CodeError::TooLong(quote(s), digits));
        }
        let mut value = 0u64;
        for (i, c) in s.chars().enumerate() {
            let digit = c.to_digit(16).ok_or_else(|| CodeError::NotHex {
                text: quote(s),
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

/// Per row of the raw form, what it adds to the code: bits 0-7 the code bits of its items
/// (two each, in order), bits 8-10 how many items start in it, bits 11-13 one more than the
/// column of the block's top-left cell (0: none).
const ROW_CODE: [u16; 1 << ROW_BITS] = {
    let mut table = [0u16; 1 << ROW_BITS];
    let mut row = 0;
    while row < 1 << ROW_BITS {
        let (mut bits, mut count, mut head) = (0u16, 0u16, 0u16);
        let mut col = 0;
        while col < COLS {
            let item = match (row >> (3 * col)) & 7 {
                0 => Some(0b00),
                1 => Some(0b11),
                2 => Some(0b01),
                3 => Some(0b10),
                4 => {
                    head = col as u16 + 1;
                    None
                }
                _ => None,
            };
            if let Some(b) = item {
                bits = bits << 2 | b;
                count += 1;
            }
            col += 1;
        }
        table[row] = bits | count << 8 | head << 11;
        row += 1;
    }
    table
};

/// Layouts to codes and back: the encoding lives with the code, so the layout knows nothing
/// of it.
impl Layout {
    /// The layout's code.
    pub fn code(self) -> Code {
        // One table look-up per row instead of a branch per cell: the census encodes a few
        // hundred million layouts.
        let (mut bits, mut items, mut head) = (0u64, 0u32, 0u64);
        for row in 0..ROWS {
            let entry = ROW_CODE[(self.raw() >> (ROW_BITS * row) & ROW_MASK) as usize];
            let count = u32::from(entry >> 8 & 7);
            bits = bits << (2 * count) | u64::from(entry & 0xFF);
            items += count;
            if entry >> 11 != 0 {
                head = (row * COLS) as u64 + u64::from(entry >> 11) - 1;
            }
        }
        // Items past the sixteenth cannot occur: a legal layout has at most 16 of them.
        Code::trusted(head << 32 | bits << (32 - 2 * items))
    }

    /// Decodes and checks a 36-bit code.
    pub(crate) fn decode(value: u64) -> Result<Layout, CodeError> {
        if value >> 36 != 0 {
            return Err(CodeError::TooWide(value));
        }
        let text = || format!("{value:09X}");
        let head = (value >> 32) as usize;
        if head % COLS == 3 {
            return Err(CodeError::BadHead {
                code: text(),
                head: head as u8,
            });
        }
        let block = Kind::Block as usize - 1;
        let mut raw = PIECE_VALUES[block][head];
        let mut occupied = FOOTPRINT[block][head];
        let (mut items, mut spaces) = (0usize, 0usize);
        for cell in 0..CELLS {
            if occupied >> cell & 1 == 1 {
                continue;
            }
            let bits = value >> (30 - 2 * items) & 3;
            items += 1;
            let kind = match bits {
                0b00 => {
                    spaces += 1;
                    occupied |= 1 << cell;
                    continue;
                }
                0b01 => Kind::Horizontal,
                0b10 => Kind::Vertical,
                _ => Kind::Single,
            };
            let k = kind as usize - 1;
            let footprint = FOOTPRINT[k][cell];
            let why = if footprint == 0 {
                Some("sticks out of the board")
            } else if footprint & occupied != 0 {
                Some("overlaps another piece")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(CodeError::BadPiece {
                    code: text(),
                    item: items,
                    kind: kind.name(),
                    row: cell / COLS,
                    col: cell % COLS,
                    why,
                });
            }
            occupied |= footprint;
            raw |= PIECE_VALUES[k][cell];
        }
        if items < 16 && value & ((1u64 << (32 - 2 * items)) - 1) != 0 {
            return Err(CodeError::Leftover {
                code: text(),
                items,
            });
        }
        if spaces < 2 {
            return Err(CodeError::TooFewSpaces {
                code: text(),
                spaces,
            });
        }
        Ok(Layout::from_raw(raw))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_and_layout_round_trip() {
        for text in ["1A9BF0C00", "4FEA13400", "5DC02F800", "DAAF4CC00"] {
            let code: Code = text.parse().unwrap();
            let layout = code.layout();
            assert_eq!(layout.code(), code);
        }
        let opening: Code = "1A9BF0C".parse().unwrap();
        let layout = opening.layout();
        // V B B V / V B B V / V H H V / V S S V / S _ _ S
        let kinds: Vec<(usize, Kind)> = layout.pieces().collect();
        assert_eq!(
            kinds,
            vec![
                (0, Kind::Vertical),
                (1, Kind::Block),
                (3, Kind::Vertical),
                (8, Kind::Vertical),
                (9, Kind::Horizontal),
                (11, Kind::Vertical),
                (13, Kind::Single),
                (14, Kind::Single),
                (16, Kind::Single),
                (19, Kind::Single),
            ]
        );
        assert_eq!(layout.occupied().count_ones(), 18);
        assert!(!layout.is_solved());
    }

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
