//! Precomputed move tables for boards of up to 128 cells: for each shape and origin, the cells a
//! piece covers, and for each direction where it lands and which cells it enters, all as 128-bit
//! masks. The packed space and the brick puzzle's space check moves against them.

use crate::engine::geometry::{Board, Dir, Shape};

/// A [`Step`]'s `to` when the step leaves the board.
pub const NO_STEP: u8 = u8::MAX;

/// Where a piece of some shape lands when it steps one way from one origin.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The new origin, or [`NO_STEP`] when the step leaves the board.
    pub to: u8,
    /// The cells it enters, which must be empty.
    pub entering: u128,
}

/// The tables of some shapes on one board (at most 128 cells), directions in a caller's order.
/// Each table is one flat vector, shape after shape: a lookup is one index and one bound check
/// (the searches make several for every piece of every state they expand).
pub struct MoveTables {
    cells: usize,
    /// `footprints[shape * cells + origin]`: the cells covered (0 where it does not fit).
    footprints: Vec<u128>,
    /// `steps[(shape * cells + origin) * 4 + k]` for the k-th of the caller's directions.
    steps: Vec<Step>,
    /// `rims[shape * cells + origin]`: the cells any step enters, so that a piece with none of
    /// them empty is passed over at one test.
    rims: Vec<u128>,
}

/// The mask of `cells`.
pub fn mask(cells: impl Iterator<Item = usize>) -> u128 {
    cells.fold(0u128, |m, c| m | 1 << c)
}

impl MoveTables {
    /// The tables of `shapes` on `board`, steps listed in the order of `dirs`.
    pub fn new(board: &Board, shapes: &[Shape], dirs: [Dir; 4]) -> MoveTables {
        let cells = board.cells();
        let placements = || (shapes.iter()).flat_map(|&shape| (0..cells).map(move |o| (shape, o)));
        let footprints = placements()
            .map(|(shape, o)| match board.fits(shape, o) {
                true => mask(board.footprint(shape, o)),
                false => 0,
            })
            .collect();
        let steps: Vec<Step> = placements()
            .flat_map(|(shape, o)| {
                dirs.map(
                    |d| match board.fits(shape, o).then(|| board.step(shape, o, d)) {
                        Some(Some(to)) => Step {
                            to: to as u8,
                            entering: mask(board.entering(shape, o, d)),
                        },
                        _ => Step {
                            to: NO_STEP,
                            entering: 0,
                        },
                    },
                )
            })
            .collect();
        let rims = (steps.chunks(4))
            .map(|four| four.iter().fold(0, |rim, step| rim | step.entering))
            .collect();
        MoveTables {
            cells,
            footprints,
            steps,
            rims,
        }
    }

    /// The cells shape number `shape` covers from `origin` (0 where it does not fit).
    #[inline]
    pub fn footprint(&self, shape: usize, origin: usize) -> u128 {
        self.footprints[shape * self.cells + origin]
    }

    /// The cells that the steps of shape number `shape` from `origin` enter: a piece can step
    /// only when one of them is empty.
    #[inline]
    pub fn rim(&self, shape: usize, origin: usize) -> u128 {
        self.rims[shape * self.cells + origin]
    }

    /// The four steps of shape number `shape` from `origin`, in the directions' order.
    #[inline]
    pub fn steps(&self, shape: usize, origin: usize) -> &[Step; 4] {
        let at = (shape * self.cells + origin) * 4;
        self.steps[at..at + 4].try_into().expect("four steps")
    }
}
