//! The pointer on the board and the slider: a press grabs a piece or the knob, a drag carries
//! it within the cells it can reach, a release plays what it settled on (or a click's move).

use super::App;
use crate::input::browser::Browsed;
use crate::input::overlay::Overlay;
use crate::input::picker::Sheet;
use crate::input::slider;
use crate::input::touch::{self, CLICK_SLACK};
use crate::render::zoom::Zoom;
use klotski_core::engine::geometry::Dir;
use klotski_core::engine::puzzle::Move;
use winit::event::MouseScrollDelta;

/// What the pointer holds down on the board or the slider.
#[derive(Clone, Copy, Debug)]
pub(super) enum Grab {
    /// A piece, pressed at `anchor` when the line stood at `step`; it can slide `reach` cells
    /// each way ([`touch::reach`]); `dragged` once the pointer went past a click's slack.
    Piece {
        piece: usize,
        anchor: (f32, f32),
        step: usize,
        reach: [usize; 4],
        dragged: bool,
    },
    /// The slider's knob.
    Slider,
}

impl App {
    pub(super) fn press(&mut self) {
        let Some(layout) = &self.layout else { return };
        self.pointer.press(layout);
        let Some((x, y)) = self.pointer.at() else {
            return;
        };
        if self.pointer.over(layout).is_some() {
            return;
        }
        if matches!(self.overlay, Overlay::Editor(_)) {
            return self.editor_press();
        }
        if let Some(list) = self.overlay.list() {
            // A row opens what it names; a press beside the list closes it.
            let sheet = Sheet::new(layout);
            let row = sheet.row_at(list, x, y);
            let beside = !sheet.covers(x, y);
            match (&mut self.overlay, row) {
                (Overlay::Picker(_), Some(_)) => self.choose(),
                (Overlay::Picker(_), None) if beside => self.toggle_picker(),
                (Overlay::Browser(browser), Some(row)) => {
                    let browsed = browser.choose(row);
                    self.browsed(browsed);
                }
                (Overlay::Browser(_), None) if beside => self.browsed(Browsed::Cancelled),
                _ => {}
            }
            return;
        }
        if layout.on_slider(x, y) {
            self.grab = Some(Grab::Slider);
            let step = slider::step_at(layout.slider, self.playback.total(), x);
            self.seek(step);
            return;
        }
        let playback = &self.playback;
        let (puzzle, position) = (playback.puzzle(), playback.position());
        self.grab = touch::piece_at(layout, puzzle, position, x, y).map(|piece| Grab::Piece {
            piece,
            anchor: (x, y),
            step: playback.step(),
            reach: touch::reach(puzzle, position, piece),
            dragged: false,
        });
    }

    pub(super) fn drag(&mut self, x: f32, y: f32) {
        let Some(layout) = &self.layout else { return };
        match self.grab {
            Some(Grab::Slider) => {
                let step = slider::step_at(layout.slider, self.playback.total(), x);
                if step != self.playback.step() {
                    self.seek(step);
                }
            }
            Some(Grab::Piece {
                piece,
                anchor,
                step,
                reach,
                dragged,
            }) => {
                // The piece follows the pointer within the cells it can reach; nothing is
                // played until it is let go or turns a corner, so a drag records only the
                // cells it ends on and the corners it turns.
                let cell = layout.cell;
                let moved = ((y - anchor.1) / cell, (x - anchor.0) / cell);
                let dragged = dragged || moved.0.abs().max(moved.1.abs()) > CLICK_SLACK;
                let mut grab = Grab::Piece {
                    piece,
                    anchor,
                    step,
                    reach,
                    dragged,
                };
                let held = self.pointer.held().map(|(_, offset)| offset);
                if let Some(turn) = held.and_then(|offset| touch::corner(offset, moved))
                    && self.turn_corner(piece, turn, touch::across(turn, moved))
                {
                    let anchor = (anchor.0 + turn.1 * cell, anchor.1 + turn.0 * cell);
                    let playback = &self.playback;
                    grab = Grab::Piece {
                        piece,
                        anchor,
                        step: playback.step(),
                        reach: touch::reach(playback.puzzle(), playback.position(), piece),
                        dragged,
                    };
                }
                self.grab = Some(grab);
                if let Grab::Piece {
                    anchor,
                    reach,
                    dragged: true,
                    ..
                } = grab
                {
                    let moved = ((y - anchor.1) / cell, (x - anchor.0) / cell);
                    self.pointer.hold(piece, touch::held_offset(moved, reach));
                    self.redraw();
                }
            }
            None => {}
        }
    }

    pub(super) fn release(&mut self) {
        let Some(layout) = self.layout.clone() else {
            return;
        };
        if let Some(action) = self.pointer.release(&layout) {
            self.act(action);
        }
        if matches!(self.overlay, Overlay::Editor(_)) {
            return self.editor_release();
        }
        let held = self.pointer.held();
        self.pointer.let_go();
        if let (
            Some(Grab::Piece {
                piece,
                step,
                dragged,
                ..
            }),
            Some(at),
        ) = (self.grab.take(), self.pointer.at())
            && step == self.playback.step()
        {
            let now = self.now();
            if dragged {
                let offset = held.map_or((0.0, 0.0), |(_, offset)| offset);
                for mv in touch::settle(piece, offset) {
                    self.playback.play_dropped(mv, now);
                }
                self.follow_orders();
                self.keep_score();
            } else {
                let playback = &self.playback;
                let (puzzle, position) = (playback.puzzle(), playback.position());
                let slides = match touch::click_move(&layout, puzzle, position, piece, at) {
                    Some(mv) => vec![mv],
                    None => touch::line_slide(puzzle, position, piece),
                };
                if slides.is_empty() {
                    self.playback.refuse(piece, now);
                }
                for mv in slides {
                    self.play(mv);
                }
            }
        }
        self.grab = None;
        self.redraw();
    }

    /// A dragged piece held on the whole cell `turn` away from its place turns a corner there
    /// if it can go on `across` from that cell: the moves to the corner are played (they undo
    /// one by one like any others) and the drag carries on from the corner. False, playing
    /// nothing, where it cannot.
    fn turn_corner(&mut self, piece: usize, turn: (f32, f32), across: Dir) -> bool {
        let moves = touch::settle(piece, turn);
        let playback = &self.playback;
        let (puzzle, mut there) = (playback.puzzle(), playback.position().clone());
        for &mv in &moves {
            if !puzzle.can_move(&there, mv) {
                return false;
            }
            puzzle.apply(&mut there, mv);
        }
        if !puzzle.can_move(&there, Move { piece, dir: across }) {
            return false;
        }
        let now = self.now();
        for mv in moves {
            self.playback.play_dropped(mv, now);
        }
        self.follow_orders();
        self.keep_score();
        true
    }

    /// An arrow key: the piece beside a blank slides into it that way, if one can.
    pub(super) fn slide_into_blank(&mut self, dir: Dir) {
        let playback = &self.playback;
        if let Some(mv) = touch::key_move(playback.puzzle(), playback.position(), dir) {
            self.play(mv);
        }
    }

    /// The pointer at (`x`, `y`) over the open picker or browser chooses the row under it.
    pub(super) fn hover_list(&mut self, x: f32, y: f32) {
        let (Some(layout), Some(list)) = (&self.layout, self.overlay.list_mut()) else {
            return;
        };
        let sheet = Sheet::new(layout);
        if let Some(row) = sheet.row_at(list, x, y)
            && row != list.view().selected()
        {
            let rows = list.rows();
            list.view_mut().select(row, rows, sheet.shown);
            self.redraw();
        }
    }

    /// A right-drag to (`x`, `y`) moves a zoomed board with the pointer.
    pub(super) fn pan_to(&mut self, x: f32, y: f32) {
        let (Some((from_x, from_y)), Some(fit)) = (self.panning, self.fit_layout()) else {
            return;
        };
        self.panning = Some((x, y));
        (self.zoom).pan(&fit, self.board_size(), (x - from_x, y - from_y));
        self.relayout();
        self.redraw();
    }

    /// The wheel scrolls the open picker or browser, three rows a notch; with Ctrl held over
    /// the board, it zooms about the pointer, a quarter larger a notch.
    pub(super) fn wheel(&mut self, delta: MouseScrollDelta) {
        let notches = match delta {
            MouseScrollDelta::LineDelta(_, y) => y,
            MouseScrollDelta::PixelDelta(p) => p.y as f32 / 24.0,
        };
        if self.modifiers.control_key() && !self.overlay.takes_keys() {
            if let Some(at) = self.pointer.at() {
                self.zoom_about(at, Zoom::STEP.powf(notches));
            }
            return;
        }
        let (Some(layout), Some(list)) = (&self.layout, self.overlay.list_mut()) else {
            return;
        };
        let sheet = Sheet::new(layout);
        let by = match delta {
            MouseScrollDelta::LineDelta(_, y) => -3.0 * y,
            MouseScrollDelta::PixelDelta(p) => -p.y as f32 / (24.0 * layout.scale),
        };
        let rows = list.rows();
        (list.view_mut()).scroll(by.round() as isize, rows, sheet.shown);
        self.redraw();
    }
}
