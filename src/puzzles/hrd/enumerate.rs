//! Every legal 4x5 layout, in ascending code order, without allocating per layout.
//!
//! For each place of the 2x2 block, the other cells are filled in row-major order with the
//! four item kinds in the order of their code bits (space, horizontal, vertical, 1x1), so the
//! codes come out sorted and each one is built two bits at a time on the way down.

use super::code::Code;
use super::layout::{CELLS, COLS, FOOTPRINT, Kind};
use std::fmt;

/// Layouts per (two-cell pieces, 1x1 pieces): the seed's table of piece mixes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// `counts[two][singles]`.
    counts: [[u64; 17]; 9],
}

impl Census {
    /// Counts every legal layout.
    pub fn count() -> Census {
        let mut counts = [[0u64; 17]; 9];
        for_each(|_, two, singles| counts[two as usize][singles as usize] += 1);
        Census { counts }
    }

    /// Layouts with `two` two-cell pieces and `singles` 1x1 pieces.
    pub fn get(&self, two: usize, singles: usize) -> u64 {
        self.counts[two][singles]
    }

    /// All layouts.
    pub fn total(&self) -> u64 {
        self.counts.iter().flatten().sum()
    }
}

/// The seed's table: `jiang_num bing_num count` for each mix that has layouts, then the total.
impl fmt::Display for Census {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "jiang_num bing_num count")?;
        for (two, row) in self.counts.iter().enumerate() {
            for (singles, &n) in row.iter().enumerate().filter(|(_, n)| **n > 0) {
                writeln!(f, "{two} {singles} {n}")?;
            }
        }
        writeln!(f, "total {}", self.total())
    }
}

/// Calls `visit(code, two_cell_pieces, singles)` for every legal layout, codes ascending.
pub fn for_each(mut visit: impl FnMut(Code, u8, u8)) {
    let block = Kind::Block as usize - 1;
    for (head, &footprint) in FOOTPRINT[block].iter().enumerate() {
        if footprint != 0 {
            let mut fill = Fill {
                head: (head as u64) << 32,
                visit: &mut visit,
            };
            fill.from(0, footprint, 0, 0, 0, 0, 0);
        }
    }
}

/// The recursion's fixed part: the block's code digit and where layouts go.
struct Fill<'a, F> {
    head: u64,
    visit: &'a mut F,
}

impl<F: FnMut(Code, u8, u8)> Fill<'_, F> {
    /// Fills the free cells from `cell` on; `bits` holds the first `items` items.
    #[allow(clippy::too_many_arguments)]
    fn from(
        &mut self,
        mut cell: usize,
        occupied: u32,
        bits: u64,
        items: u32,
        spaces: u8,
        two: u8,
        singles: u8,
    ) {
        while cell < CELLS && occupied >> cell & 1 == 1 {
            cell += 1;
        }
        if cell == CELLS {
            if spaces >= 2 {
                (self.visit)(Code::trusted(self.head | bits), two, singles);
            }
            return;
        }
        let shift = 30 - 2 * items;
        let here = occupied | 1 << cell;
        self.from(cell + 1, here, bits, items + 1, spaces + 1, two, singles);
        if cell % COLS + 1 < COLS && occupied >> (cell + 1) & 1 == 0 {
            let bits = bits | 0b01 << shift;
            self.from(
                cell + 2,
                here | 2 << cell,
                bits,
                items + 1,
                spaces,
                two + 1,
                singles,
            );
        }
        if cell + COLS < CELLS && occupied >> (cell + COLS) & 1 == 0 {
            let bits = bits | 0b10 << shift;
            let below = here | 1 << (cell + COLS);
            self.from(cell + 1, below, bits, items + 1, spaces, two + 1, singles);
        }
        let bits = bits | 0b11 << shift;
        self.from(cell + 1, here, bits, items + 1, spaces, two, singles + 1);
    }
}

/// Writes `code` as nine upper-case hex digits and a newline, without the formatting machinery
/// (29 million of them are written by `all-code`).
pub fn push_line(out: &mut Vec<u8>, code: Code) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let value = code.value();
    for i in (0..9).rev() {
        out.push(HEX[(value >> (4 * i) & 15) as usize]);
    }
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_come_out_legal_and_sorted_for_one_head() {
        let mut previous = None;
        let mut n = 0;
        for_each(|code, _, _| {
            if code.value() >> 32 == 0xD {
                assert!(Code::new(code.value()).is_ok());
                assert_eq!(code.layout().code(), code);
                assert!(previous < Some(code));
                previous = Some(code);
                n += 1;
            }
        });
        assert!(n > 1_000_000);
        let mut line = Vec::new();
        push_line(&mut line, "1A9BF0C".parse().unwrap());
        assert_eq!(line, b"1A9BF0C00\n");
    }
}
