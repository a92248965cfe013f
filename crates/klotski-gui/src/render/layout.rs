//! The screen layout: where the status line, the board, its cells, the step slider, the info
//! line and the buttons go in a window of a given size (physical pixels) and scale factor. The
//! board keeps its aspect and stays centred. (`ScreenLayout`, so that it is never confused
//! with the 4x5 game's board layouts.)

use crate::input::action::Action;
use crate::render::zoom::Zoom;

/// Logical pixels of the status line at the top.
const STATUS_HEIGHT: f32 = 44.0;
/// Logical pixels of the button bar at the bottom.
const BAR_HEIGHT: f32 = 64.0;
/// Logical pixels of the step slider's row and of the info line, above the buttons.
const SLIDER_HEIGHT: f32 = 26.0;
const INFO_HEIGHT: f32 = 20.0;
/// Logical pixels kept free around the board.
const MARGIN: f32 = 12.0;
/// Logical size of a button, and the gap between buttons.
const BUTTON: (f32, f32, f32) = (112.0, 40.0, 12.0);
/// The board's frame around the cells, in cells.
pub const FRAME: f32 = 0.15;
/// The window (logical pixels) at which the bars and buttons take their full size; smaller
/// windows shrink them with the board, down to `LEAST_UI` of it.
const FULL_UI: (f32, f32) = (800.0, 600.0);
const LEAST_UI: f32 = 0.7;

/// An axis-aligned rectangle in physical pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// Whether the point lies inside (left and top edges included, right and bottom excluded).
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.w && y < self.y + self.h
    }

    /// The same top-left corner with another size.
    pub fn with_size(self, w: f32, h: f32) -> Rect {
        Rect { w, h, ..self }
    }

    /// The centre point.
    pub fn centre(&self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// Where everything goes in one window size.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenLayout {
    /// Physical pixels per logical pixel.
    pub scale: f32,
    /// Physical pixels per logical pixel of the bars and buttons: `scale`, less in a window
    /// smaller than `FULL_UI`, so that the board keeps most of a small window.
    pub ui: f32,
    /// The status line.
    pub status: Rect,
    /// Where the board may be drawn: between the status line and the slider. The board fits
    /// it unless zoomed, and nothing of the board is drawn outside it.
    pub board_area: Rect,
    /// The board's frame, cells included.
    pub frame: Rect,
    /// The top-left corner of cell (0, 0).
    pub origin: (f32, f32),
    /// Side of one cell.
    pub cell: f32,
    /// The buttons, in [`Action::ALL`] order.
    pub buttons: [Rect; Action::ALL.len()],
    /// The step slider's track (its knob's centre runs from the left edge to the right).
    pub slider: Rect,
    /// The line under the slider: moves, time and speed.
    pub info: Rect,
}

impl ScreenLayout {
    /// Lays out a `rows` x `cols` board in a `width` x `height` window at `scale`.
    pub fn new(width: u32, height: u32, scale: f64, rows: usize, cols: usize) -> ScreenLayout {
        let (w, h) = (width as f32, height as f32);
        let scale = scale as f32;
        let fit = (w / scale / FULL_UI.0).min(h / scale / FULL_UI.1);
        let s = scale * fit.clamp(LEAST_UI, 1.0);
        let status = Rect {
            x: 0.0,
            y: 0.0,
            w,
            h: STATUS_HEIGHT * s,
        };
        let top = status.h + MARGIN * s;
        let below = (BAR_HEIGHT + SLIDER_HEIGHT + INFO_HEIGHT) * s;
        let bottom = h - below - MARGIN * s;
        let avail_w = (w - 2.0 * MARGIN * s).max(0.0);
        let avail_h = (bottom - top).max(0.0);
        let cell = (avail_w / (cols as f32 + 2.0 * FRAME))
            .min(avail_h / (rows as f32 + 2.0 * FRAME))
            .floor();
        let frame_w = cell * (cols as f32 + 2.0 * FRAME);
        let frame_h = cell * (rows as f32 + 2.0 * FRAME);
        let frame = Rect {
            x: ((w - frame_w) / 2.0).round(),
            y: (top + (avail_h - frame_h) / 2.0).round(),
            w: frame_w,
            h: frame_h,
        };
        let origin = (frame.x + cell * FRAME, frame.y + cell * FRAME);
        let (bw, bh, gap) = (BUTTON.0 * s, BUTTON.1 * s, BUTTON.2 * s);
        let count = Action::ALL.len() as f32;
        let bw = bw
            .min((w - 2.0 * MARGIN * s - (count - 1.0) * gap) / count)
            .max(0.0);
        let row_w = count * bw + (count - 1.0) * gap;
        let bar_y = h - BAR_HEIGHT * s + (BAR_HEIGHT * s - bh) / 2.0;
        let buttons = std::array::from_fn(|i| Rect {
            x: ((w - row_w) / 2.0 + i as f32 * (bw + gap)).round(),
            y: bar_y.round(),
            w: bw.round(),
            h: bh.round(),
        });
        let slider_y = h - below + (SLIDER_HEIGHT * s) / 2.0;
        let slider = Rect {
            x: (MARGIN * 3.0 * s).round(),
            y: (slider_y - 3.0 * s).round(),
            w: (w - MARGIN * 6.0 * s).max(0.0).round(),
            h: (6.0 * s).round(),
        };
        let info = Rect {
            x: 0.0,
            y: h - (BAR_HEIGHT + INFO_HEIGHT) * s,
            w,
            h: INFO_HEIGHT * s,
        };
        let board_area = Rect {
            x: MARGIN * s,
            y: top,
            w: avail_w,
            h: avail_h,
        };
        ScreenLayout {
            scale,
            ui: s,
            status,
            board_area,
            frame,
            origin,
            cell,
            buttons,
            slider,
            info,
        }
    }

    /// This layout (the board fitting its area) with a `rows` x `cols` board drawn at `zoom`:
    /// larger cells, the zoom's centre at the middle of the board's area. At no zoom, the
    /// same layout.
    pub fn zoomed(&self, zoom: Zoom, rows: usize, cols: usize) -> ScreenLayout {
        if zoom.fits() {
            return self.clone();
        }
        let cell = self.cell * zoom.factor();
        let middle = self.board_area.centre();
        let (cx, cy) = zoom.centre();
        let origin = (middle.0 - cx * cell, middle.1 - cy * cell);
        let frame = Rect {
            x: origin.0 - cell * FRAME,
            y: origin.1 - cell * FRAME,
            w: cell * (cols as f32 + 2.0 * FRAME),
            h: cell * (rows as f32 + 2.0 * FRAME),
        };
        ScreenLayout {
            origin,
            cell,
            frame,
            ..self.clone()
        }
    }

    /// The rectangle covered by a `rows` x `cols` piece whose top-left cell is at (`row`, `col`);
    /// fractional places put a sliding piece between cells.
    pub fn cells(&self, row: f32, col: f32, rows: usize, cols: usize) -> Rect {
        Rect {
            x: self.origin.0 + col * self.cell,
            y: self.origin.1 + row * self.cell,
            w: cols as f32 * self.cell,
            h: rows as f32 * self.cell,
        }
    }

    /// The button under the point, if any.
    pub fn hit(&self, x: f32, y: f32) -> Option<Action> {
        Action::ALL
            .into_iter()
            .zip(&self.buttons)
            .find_map(|(action, rect)| rect.contains(x, y).then_some(action))
    }

    /// Whether the point is on the slider (its track, with room to grab it above and below).
    pub fn on_slider(&self, x: f32, y: f32) -> bool {
        let grab = self.slider.h * 2.0;
        let area = Rect {
            x: self.slider.x - grab,
            y: self.slider.y - grab,
            w: self.slider.w + 2.0 * grab,
            h: self.slider.h + 2.0 * grab,
        };
        area.contains(x, y)
    }

    /// The rectangle of `action`'s button.
    pub fn button(&self, action: Action) -> Rect {
        self.buttons[action as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_map_to_pixels_at_several_scale_factors() {
        for scale in [1.0, 1.25, 1.5, 2.0, 3.0] {
            let (w, h) = ((800.0 * scale) as u32, (600.0 * scale) as u32);
            let l = ScreenLayout::new(w, h, scale, 5, 4);
            // The board is limited by height: 600 - 44 - 64 - 26 - 20 - 24 = 422 logical pixels.
            let want = (422.0 * scale as f32 / 5.3).floor();
            assert_eq!(l.cell, want, "scale {scale}");
            let c = l.cells(2.0, 3.0, 1, 1);
            assert_eq!(c.x, l.origin.0 + 3.0 * l.cell);
            assert_eq!(c.y, l.origin.1 + 2.0 * l.cell);
            // Centred horizontally, to within the rounding of one pixel.
            let right = w as f32 - (l.frame.x + l.frame.w);
            assert!((right - l.frame.x).abs() <= 1.0, "scale {scale}");
            // Everything stays inside the window and off the status line and the buttons.
            let last = l.cells(4.0, 3.0, 1, 1);
            assert!(last.y + last.h <= l.slider.y - l.slider.h);
            assert!(l.info.y >= l.slider.y + l.slider.h && l.info.y + l.info.h <= l.buttons[0].y);
            assert!(l.frame.y >= l.status.h);
            assert_eq!(l.buttons[0].h, (40.0 * scale as f32).round());
        }
    }

    #[test]
    fn the_board_keeps_its_aspect_when_the_window_is_wide_or_tall() {
        let wide = ScreenLayout::new(2000, 600, 1.0, 4, 4);
        assert_eq!(wide.frame.w, wide.frame.h);
        assert_eq!(
            wide.cell,
            ((600.0 - 44.0 - 64.0 - 26.0 - 20.0 - 24.0) / 4.3f32).floor()
        );
        let tall = ScreenLayout::new(500, 2000, 1.0, 2, 10);
        assert_eq!(
            tall.ui, 0.7,
            "500 pixels wide shrinks the bars to their least"
        );
        assert_eq!(tall.cell, ((500.0 - 24.0 * 0.7) / 10.3f32).floor());
        assert!((tall.frame.w / tall.frame.h - 10.3 / 2.3).abs() < 1e-3);
        let tiny = ScreenLayout::new(1, 1, 1.0, 3, 3);
        assert_eq!(tiny.cell, 0.0);
    }

    #[test]
    fn hit_tests_find_each_button_and_nothing_between() {
        for scale in [1.0, 2.0] {
            let l = ScreenLayout::new((800.0 * scale) as u32, (600.0 * scale) as u32, scale, 4, 4);
            for action in Action::ALL {
                let r = l.button(action);
                let (cx, cy) = r.centre();
                assert_eq!(l.hit(cx, cy), Some(action));
                assert_eq!(l.hit(r.x, r.y), Some(action));
                assert_eq!(l.hit(r.x + r.w, cy), None, "right edge is outside");
                assert_eq!(l.hit(cx, r.y - 1.0), None);
            }
            let (bx, by) = l.frame.centre();
            assert_eq!(l.hit(bx, by), None);
            let gap_x = l.buttons[0].x + l.buttons[0].w + 1.0;
            assert_eq!(l.hit(gap_x, l.buttons[0].centre().1), None);
        }
    }

    #[test]
    fn the_smallest_window_keeps_every_button_inside_and_the_board_above_the_header_size() {
        for scale in [1.0, 2.0] {
            let (w, h) = ((420.0 * scale) as u32, (320.0 * scale) as u32);
            let l = ScreenLayout::new(w, h, scale, 5, 4);
            assert_eq!(l.ui, 0.7 * scale as f32);
            for pair in l.buttons.windows(2) {
                assert!(pair[0].x + pair[0].w < pair[1].x, "buttons overlap");
            }
            let last = l.buttons[Action::ALL.len() - 1];
            assert!(l.buttons[0].x >= 0.0 && last.x + last.w <= w as f32);
            assert!(
                l.cell > l.status.h,
                "a cell {} under a header {}",
                l.cell,
                l.status.h
            );
            assert!(l.frame.y + l.frame.h <= l.slider.y - l.slider.h);
        }
    }
}
