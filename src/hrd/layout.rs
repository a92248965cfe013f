//! A 4x5 layout as one `u64` ("raw code"): 3 bits per cell, so moves are a few mask operations
//! and pieces of one shape are interchangeable by construction (the form is canonical).
//!
//! Cell `i` (row-major, `row * 4 + col`) sits at bits `3i..3i+3`: [`EMPTY`], the top-left cell
//! of a piece ([`Kind`] as a number), or [`FILL`] for a piece's other cells.

use super::code::{Code, CodeError};
use crate::geometry::Shape;

/// Columns of the board.
pub const COLS: usize = 4;
/// Rows of the board.
pub const ROWS: usize = 5;
/// Cells of the board.
pub const CELLS: usize = COLS * ROWS;
/// Where the 2x2 block's top-left cell stands in a solved layout: bottom centre.
pub const GOAL_HEAD: usize = 13;

/// A cell field holding nothing.
pub const EMPTY: u64 = 0;
/// A cell field covered by a piece whose top-left cell is elsewhere.
pub const FILL: u64 = 7;

/// The four piece shapes; the number is the field value of a piece's top-left cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// 1x1.
    Single = 1,
    /// One row, two columns.
    Horizontal = 2,
    /// Two rows, one column.
    Vertical = 3,
    /// The 2x2 block.
    Block = 4,
}

impl Kind {
    /// All kinds, by field value.
    pub const ALL: [Kind; 4] = [Kind::Single, Kind::Horizontal, Kind::Vertical, Kind::Block];

    /// The kind whose top-left field is `field`, if any.
    pub fn from_field(field: u64) -> Option<Kind> {
        Kind::ALL.get((field as usize).wrapping_sub(1)).copied()
    }

    /// Its footprint.
    pub fn shape(self) -> Shape {
        match self {
            Kind::Single => Shape::UNIT,
            Kind::Horizontal => Shape { rows: 1, cols: 2 },
            Kind::Vertical => Shape { rows: 2, cols: 1 },
            Kind::Block => Shape { rows: 2, cols: 2 },
        }
    }

    /// What the layout code's documents call it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Single => "1x1 piece",
            Kind::Horizontal => "horizontal 1x2 piece",
            Kind::Vertical => "vertical 2x1 piece",
            Kind::Block => "2x2 block",
        }
    }
}

/// Per kind (index `field - 1`) and top-left cell, the cells covered as a bit mask, or 0 where
/// the piece does not fit.
pub(crate) const FOOTPRINT: [[u32; CELLS]; 4] = {
    let mut table = [[0u32; CELLS]; 4];
    let dims = [(1, 1), (1, 2), (2, 1), (2, 2)];
    let mut k = 0;
    while k < 4 {
        let (h, w) = dims[k];
        let mut cell = 0;
        while cell < CELLS {
            let (r, c) = (cell / COLS, cell % COLS);
            if r + h <= ROWS && c + w <= COLS {
                let mut mask = 0u32;
                let mut i = 0;
                while i < h {
                    let mut j = 0;
                    while j < w {
                        mask |= 1 << (cell + i * COLS + j);
                        j += 1;
                    }
                    i += 1;
                }
                table[k][cell] = mask;
            }
            cell += 1;
        }
        k += 1;
    }
    table
};

/// Bit `3i` for every set bit `i` of `mask`, times 7: every field of the cells in `mask`.
const fn fields(mask: u32) -> u64 {
    let mut out = 0u64;
    let mut i = 0;
    while i < CELLS {
        if mask >> i & 1 == 1 {
            out |= FILL << (3 * i);
        }
        i += 1;
    }
    out
}

/// Per kind and cell: the fields a piece there covers (clear them to lift it).
pub(crate) const PIECE_FIELDS: [[u64; CELLS]; 4] = {
    let mut table = [[0u64; CELLS]; 4];
    let mut k = 0;
    while k < 4 {
        let mut cell = 0;
        while cell < CELLS {
            table[k][cell] = fields(FOOTPRINT[k][cell]);
            cell += 1;
        }
        k += 1;
    }
    table
};

/// Per kind and cell: the fields of a piece placed there (or them in to put it down).
pub(crate) const PIECE_VALUES: [[u64; CELLS]; 4] = {
    let mut table = [[0u64; CELLS]; 4];
    let mut k = 0;
    while k < 4 {
        let mut cell = 0;
        while cell < CELLS {
            let covered = PIECE_FIELDS[k][cell];
            if covered != 0 {
                table[k][cell] = covered & !(FILL << (3 * cell)) | ((k as u64 + 1) << (3 * cell));
            }
            cell += 1;
        }
        k += 1;
    }
    table
};

/// Bits of one row of the raw form.
const ROW_BITS: usize = 3 * COLS;
/// The raw form's bits of row 0.
const ROW_MASK: u64 = (1 << ROW_BITS) - 1;

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

/// A legal layout: one 2x2 block, at least two empty cells, pieces that fit and do not overlap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Layout(u64);

/// FxHash carries only low input bits into the low output bits that pick a bucket, and a
/// layout's low bits are just its first cells: spread every bit downwards first.
impl std::hash::Hash for Layout {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(32));
    }
}

impl Layout {
    /// The raw form, 3 bits per cell.
    pub fn raw(self) -> u64 {
        self.0
    }

    /// A layout from a raw form built by the move generator, which keeps it legal.
    pub(crate) fn from_raw(raw: u64) -> Layout {
        Layout(raw)
    }

    /// The field of `cell`: [`EMPTY`], a [`Kind`] number or [`FILL`].
    pub fn field(self, cell: usize) -> u64 {
        self.0 >> (3 * cell) & 7
    }

    /// The piece whose top-left cell is `cell`, if any.
    pub fn piece_at(self, cell: usize) -> Option<Kind> {
        Kind::from_field(self.field(cell))
    }

    /// Whether the 2x2 block stands at the bottom centre.
    pub fn is_solved(self) -> bool {
        self.field(GOAL_HEAD) == Kind::Block as u64
    }

    /// Occupied cells as a bit mask.
    pub fn occupied(self) -> u32 {
        (0..CELLS).fold(0, |m, c| m | u32::from(self.field(c) != EMPTY) << c)
    }

    /// Every piece as (top-left cell, kind), row-major.
    pub fn pieces(self) -> impl Iterator<Item = (usize, Kind)> {
        (0..CELLS).filter_map(move |c| self.piece_at(c).map(|k| (c, k)))
    }

    /// The layout's code.
    pub fn code(self) -> Code {
        // One table look-up per row instead of a branch per cell: the census encodes a few
        // hundred million layouts.
        let (mut bits, mut items, mut head) = (0u64, 0u32, 0u64);
        for row in 0..ROWS {
            let entry = ROW_CODE[(self.0 >> (ROW_BITS * row) & ROW_MASK) as usize];
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
        Ok(Layout(raw))
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
}
