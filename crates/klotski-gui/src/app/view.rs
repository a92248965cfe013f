//! The board's zoom in the window: the layout with the board fitting its area, the zoom
//! applied to it, and zooming about a point or the middle.

use super::App;
use crate::render::layout::ScreenLayout;
use crate::render::zoom::Zoom;

impl App {
    /// The layout of the window with the board fitting its area, before any zoom.
    pub(super) fn fit_layout(&self) -> Option<ScreenLayout> {
        let screen = self.screen.as_ref()?;
        let (width, height) = screen.size();
        let (rows, cols) = self.board_size();
        let scale = screen.window.scale_factor();
        Some(ScreenLayout::new(width, height, scale, rows, cols))
    }

    /// The board's rows and columns.
    pub(super) fn board_size(&self) -> (usize, usize) {
        let board = self.playback.puzzle().board();
        (board.rows(), board.cols())
    }

    pub(super) fn relayout(&mut self) {
        let (rows, cols) = self.board_size();
        self.layout = (self.fit_layout()).map(|fit| fit.zoomed(self.zoom, rows, cols));
    }

    /// Zooms the board by `by` (more than 1 in, less out) about `point`, physical pixels.
    pub(super) fn zoom_about(&mut self, point: (f32, f32), by: f32) {
        if let Some(fit) = self.fit_layout() {
            self.zoom.about(&fit, self.board_size(), point, by);
            self.relayout();
            self.redraw();
        }
    }

    /// Zooms the board by `by` about the middle of its area; 0 fits it again.
    pub(super) fn zoom_middle(&mut self, by: f32) {
        if let Some(fit) = self.fit_layout() {
            self.zoom_about(fit.board_area.centre(), by);
        }
    }

    /// The board fitting its area again.
    pub(super) fn fit_board(&mut self) {
        self.zoom = Zoom::default();
        self.relayout();
        self.redraw();
    }
}
