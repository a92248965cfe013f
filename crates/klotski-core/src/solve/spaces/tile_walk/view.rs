//! One additive bound of the tile walk, a view: a split's tables read on the position or on
//! its mirror image across the main diagonal, and what a position keeps of each.

use super::{MAX_CELLS, MAX_GROUPS};
use crate::heuristic::{Pattern, PatternDb, pdb};
use std::sync::Arc;

/// Where one tile's cell enters a group index.
#[derive(Clone, Copy, Default)]
pub(super) struct Slot {
    pub(super) group: u8,
    pub(super) shift: u8,
}

/// One additive bound: a split's tables read on the position, or on its mirror image across
/// the main diagonal.
pub(super) struct View {
    /// Per tile (by goal cell): where the cell it stands on, as this view sees it, enters the
    /// tables.
    pub(super) slots: [Slot; MAX_CELLS],
    /// Per cell: the cell this view sees there (itself, or its mirror image).
    pub(super) cell: [u8; MAX_CELLS],
    /// Per group: its table.
    pub(super) databases: Vec<Arc<PatternDb>>,
}

/// What one view keeps of a position: the group indices, their table values, the values' sum
/// and the groups' distances.
#[derive(Clone, Copy)]
pub(super) struct Sums {
    pub(super) index: [u32; MAX_GROUPS],
    /// Per group: its table's value at `index`, kept so a move reads one entry, not two.
    pub(super) value: [u8; MAX_GROUPS],
    pub(super) sum: u32,
    /// Per group: its tiles' Manhattan distance from home, which a table stored in nibbles
    /// reads its entries over.
    pub(super) distance: [u8; MAX_GROUPS],
}

impl Sums {
    pub(super) const ZERO: Sums = Sums {
        index: [0; MAX_GROUPS],
        value: [0; MAX_GROUPS],
        sum: 0,
        distance: [0; MAX_GROUPS],
    };
}

impl View {
    /// The views of a split of the tiles of a `rows` x `cols` board into `patterns`, whose
    /// tables are `databases`: on the position, and on a square board on its mirror image too.
    pub(super) fn of_split(
        patterns: &[Pattern],
        databases: Vec<Arc<PatternDb>>,
        rows: usize,
        cols: usize,
    ) -> Vec<View> {
        let cells = rows * cols;
        let bits = pdb::cell_bits(cells);
        let goals: Vec<usize> = patterns.iter().flat_map(|p| p.cells.clone()).collect();
        let mut slots = [Slot::default(); MAX_CELLS];
        for (group, pattern) in patterns.iter().enumerate() {
            for (i, &cell) in pattern.cells.iter().enumerate() {
                slots[cell] = Slot {
                    group: group as u8,
                    shift: (i as u32 * bits) as u8,
                };
            }
        }
        let direct = View {
            slots,
            cell: std::array::from_fn(|cell| cell as u8),
            databases: databases.clone(),
        };
        let transpose = |cell: usize| (cell % cols) * cols + cell / cols;
        // The transposed position needs as many moves, and its tiles' goals are the mirror
        // images of theirs: on a square board the tables serve it as they are.
        if rows != cols || !goals.iter().all(|&g| goals.contains(&transpose(g))) {
            return vec![direct];
        }
        let mut mirrored_slots = [Slot::default(); MAX_CELLS];
        for &goal in &goals {
            mirrored_slots[goal] = slots[transpose(goal)];
        }
        let mirrored = View {
            slots: mirrored_slots,
            cell: std::array::from_fn(|cell| {
                if cell < cells {
                    transpose(cell) as u8
                } else {
                    0
                }
            }),
            databases,
        };
        vec![direct, mirrored]
    }
}

/// A group's index once a tile entering it at `slot` moves from cell `from` to `to`.
#[inline(always)]
pub(super) fn moved(index: u32, slot: Slot, from: u32, to: u32) -> u32 {
    index
        .wrapping_sub(from << slot.shift)
        .wrapping_add(to << slot.shift)
}
