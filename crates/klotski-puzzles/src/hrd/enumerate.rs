//! Every legal 4x5 layout, in ascending code order, without allocating per layout.
//!
//! For each place of the 2x2 block, the other cells are filled in row-major order with the
//! four item kinds in the order of their code bits (space, horizontal, vertical, 1x1), so the
//! codes come out sorted and each one is built two bits at a time on the way down.

use super::code::Code;
use super::layout::{CELLS, COLS, FOOTPRINT, Kind, Layout, PIECE_VALUES};
use super::mix::Mix;
use std::fmt;

/// Layouts per (two-cell pieces, 1x1 pieces): the assignment's table of piece mixes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// `counts[two][singles]`.
    counts: [[u64; 17]; 9],
}

impl Census {
    /// Counts every legal layout.
    pub fn count() -> Census {
        let mut counts = [[0u64; 17]; 9];
        for_each(|_, mix| counts[usize::from(mix.jiang)][usize::from(mix.bing)] += 1);
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

/// The assignment's table: `jiang_num bing_num count` for each mix that has layouts, then the total.
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

/// Calls `visit(code, mix)` for every legal layout, codes ascending.
pub fn for_each(mut visit: impl FnMut(Code, Mix)) {
    for head in 0..CELLS {
        for_each_at(head, |code, _, mix| visit(code, mix));
    }
}

/// Calls `visit(code, layout, mix)` for every legal layout whose 2x2 block has its top-left
/// cell at `head` (none when the block does not fit there), codes ascending.
pub fn for_each_at(head: usize, mut visit: impl FnMut(Code, Layout, Mix)) {
    let block = Kind::Block as usize - 1;
    let footprint = FOOTPRINT[block][head];
    if footprint != 0 {
        let mut fill = Fill {
            head: (head as u64) << 32,
            visit: &mut visit,
        };
        let start = Partial {
            bits: 0,
            raw: PIECE_VALUES[block][head],
            items: 0,
            spaces: 0,
            mix: Mix::default(),
        };
        fill.from(0, footprint, start);
    }
}

/// The recursion's fixed part: the block's code digit and where layouts go.
struct Fill<'a, F> {
    head: u64,
    visit: &'a mut F,
}

/// The items placed so far.
#[derive(Clone, Copy)]
struct Partial {
    /// Their code bits.
    bits: u64,
    /// The layout's raw form, block included.
    raw: u64,
    /// How many there are.
    items: u32,
    /// Empty cells among them.
    spaces: u8,
    /// Their pieces.
    mix: Mix,
}

impl<F: FnMut(Code, Layout, Mix)> Fill<'_, F> {
    /// Fills the free cells from `cell` on, after the items of `done`.
    fn from(&mut self, mut cell: usize, occupied: u32, done: Partial) {
        while cell < CELLS && occupied >> cell & 1 == 1 {
            cell += 1;
        }
        if cell == CELLS {
            if done.spaces >= 2 {
                let code = Code::trusted(self.head | done.bits);
                (self.visit)(code, Layout::from_raw(done.raw), done.mix);
            }
            return;
        }
        let shift = 30 - 2 * done.items;
        let here = occupied | 1 << cell;
        let next = Partial {
            items: done.items + 1,
            ..done
        };
        let space = Partial {
            spaces: done.spaces + 1,
            ..next
        };
        self.from(cell + 1, here, space);
        let piece = |k: Kind, bits: u64, mix: Mix| Partial {
            bits: done.bits | bits << shift,
            raw: done.raw | PIECE_VALUES[k as usize - 1][cell],
            mix,
            ..next
        };
        let two = Mix {
            jiang: done.mix.jiang + 1,
            ..done.mix
        };
        if cell % COLS + 1 < COLS && occupied >> (cell + 1) & 1 == 0 {
            let horizontal = Mix {
                style: two.style + 1,
                ..two
            };
            let placed = piece(Kind::Horizontal, 0b01, horizontal);
            self.from(cell + 2, here | 2 << cell, placed);
        }
        if cell + COLS < CELLS && occupied >> (cell + COLS) & 1 == 0 {
            let below = here | 1 << (cell + COLS);
            self.from(cell + 1, below, piece(Kind::Vertical, 0b10, two));
        }
        let single = Mix {
            bing: done.mix.bing + 1,
            ..done.mix
        };
        self.from(cell + 1, here, piece(Kind::Single, 0b11, single));
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
        for_each_at(0xD, |code, layout, mix| {
            assert!(Code::new(code.value()).is_ok());
            assert_eq!(code.layout(), layout);
            assert_eq!(Mix::of(layout), mix);
            assert_eq!(layout.code(), code);
            assert!(previous < Some(code));
            previous = Some(code);
            n += 1;
        });
        assert!(n > 1_000_000);
        let mut line = Vec::new();
        push_line(&mut line, "1A9BF0C".parse().unwrap());
        assert_eq!(line, b"1A9BF0C00\n");
    }
}
