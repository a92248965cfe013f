//! A 4x5 layout as one `u64` ("raw code"): 3 bits per cell, so moves are a few mask operations
//! and pieces of one shape are interchangeable by construction (the form is canonical).
//!
//! Cell `i` (row-major, `row * 4 + col`) sits at bits `3i..3i+3`: [`EMPTY`], the top-left cell
//! of a piece ([`Kind`] as a number), or [`FILL`] for a piece's other cells.

use klotski_core::engine::geometry::Shape;

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
pub(super) const ROW_BITS: usize = 3 * COLS;
/// The raw form's bits of row 0.
pub(super) const ROW_MASK: u64 = (1 << ROW_BITS) - 1;

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
}
