//! Zoom and pan of the board: how many times larger than fitting the board is drawn, and which
//! point of it (in cells) sits at the middle of the board's area. The layout applies it
//! ([`ScreenLayout::zoomed`]); everything that draws or hits the board reads the zoomed layout.

use crate::render::layout::ScreenLayout;

/// The largest zoom: a cell at most this many times its fitting size.
const MOST: f32 = 64.0;

/// A board drawn larger than it fits, about a point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    /// How many times the fitting size, at least 1.
    factor: f32,
    /// The board point at the middle of the board's area, in cells (column, row).
    centre: (f32, f32),
}

impl Default for Zoom {
    /// The board fitting its area.
    fn default() -> Zoom {
        Zoom {
            factor: 1.0,
            centre: (0.0, 0.0),
        }
    }
}

impl Zoom {
    /// How much larger a notch of the wheel with Ctrl, or Ctrl and `+`, draws the board.
    pub const STEP: f32 = 1.25;

    /// Whether the board fits its area, as without zoom.
    pub fn fits(&self) -> bool {
        self.factor <= 1.0
    }

    /// How many times the fitting size the board is drawn.
    pub fn factor(&self) -> f32 {
        self.factor
    }

    /// Zooms by `by` (more than 1 in, less out) keeping the board point under `point` (physical
    /// pixels) where it is, on a `rows` x `cols` board whose fitting layout is `fit`.
    pub fn about(
        &mut self,
        fit: &ScreenLayout,
        (rows, cols): (usize, usize),
        point: (f32, f32),
        by: f32,
    ) {
        let now = fit.zoomed(*self, rows, cols);
        let under = (
            (point.0 - now.origin.0) / now.cell,
            (point.1 - now.origin.1) / now.cell,
        );
        let factor = (self.factor * by).clamp(1.0, MOST);
        if factor <= 1.0 {
            *self = Zoom::default();
            return;
        }
        // The cell's size after the zoom, and the centre that keeps `under` beneath `point`.
        let cell = fit.cell * factor;
        let middle = fit.board_area.centre();
        self.factor = factor;
        self.centre = (
            under.0 + (middle.0 - point.0) / cell,
            under.1 + (middle.1 - point.1) / cell,
        );
        self.keep_on(fit, rows, cols);
    }

    /// Moves the board by (`dx`, `dy`) physical pixels, as a hand drags it.
    pub fn pan(&mut self, fit: &ScreenLayout, (rows, cols): (usize, usize), (dx, dy): (f32, f32)) {
        if self.fits() {
            return;
        }
        let cell = fit.cell * self.factor;
        self.centre = (self.centre.0 - dx / cell, self.centre.1 - dy / cell);
        self.keep_on(fit, rows, cols);
    }

    /// Keeps the board over its area: no side of it comes further in than the area's edge,
    /// where the board is larger than the area.
    fn keep_on(&mut self, fit: &ScreenLayout, rows: usize, cols: usize) {
        let cell = fit.cell * self.factor;
        let area = fit.board_area;
        let keep = |centre: f32, cells: usize, room: f32| {
            let half = room / 2.0 / cell;
            let (low, high) = (half, cells as f32 - half);
            if low >= high {
                cells as f32 / 2.0
            } else {
                centre.clamp(low, high)
            }
        };
        self.centre = (
            keep(self.centre.0, cols, area.w),
            keep(self.centre.1, rows, area.h),
        );
    }

    /// The board point at the middle of the area, in cells (column, row).
    pub fn centre(&self) -> (f32, f32) {
        self.centre
    }
}
