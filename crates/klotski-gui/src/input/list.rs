//! A list over the board that keys, the pointer and the wheel move through (the level picker,
//! the file browser): which row is chosen and which rows show ([`ListView`]), where the rows
//! lie on the screen ([`Sheet`]) and how a list is drawn ([`draw`]).

use crate::content::help;
use crate::render::instance::RectInstance;
use crate::render::layout::{Rect, ScreenLayout};
use crate::render::scene::{self, CELEBRATION, INFO_INK, Label, STATUS_INK, Scene, TRACK};

/// The chosen row and the first row shown of a list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListView {
    selected: usize,
    first: usize,
}

impl ListView {
    /// A list of `rows` rows on row `current`, in the middle of the `shown` rows where it can be.
    pub fn new(rows: usize, current: usize, shown: usize) -> ListView {
        let mut view = ListView {
            selected: current.min(rows.saturating_sub(1)),
            first: 0,
        };
        view.scroll(
            view.selected.saturating_sub(shown / 2) as isize,
            rows,
            shown,
        );
        view
    }

    /// The row chosen.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The first row shown.
    pub fn first(&self) -> usize {
        self.first
    }

    /// Chooses `row` (kept on a list of `rows`), scrolling so that it shows among `shown` rows.
    pub fn select(&mut self, row: usize, rows: usize, shown: usize) {
        self.selected = row.min(rows.saturating_sub(1));
        let shown = shown.max(1);
        if self.selected < self.first {
            self.first = self.selected;
        } else if self.selected >= self.first + shown {
            self.first = self.selected + 1 - shown;
        }
    }

    /// Chooses the row `by` rows down (up when negative), stopping at either end.
    pub fn step(&mut self, by: isize, rows: usize, shown: usize) {
        let row = self.selected.saturating_add_signed(by);
        self.select(row, rows, shown);
    }

    /// Scrolls `by` rows down (up when negative), `shown` rows showing; the chosen row stays.
    pub fn scroll(&mut self, by: isize, rows: usize, shown: usize) {
        let last = rows.saturating_sub(shown.max(1));
        self.first = self.first.saturating_add_signed(by).min(last);
    }
}

/// A list as [`Sheet`] and [`draw`] see it: its view, its length and the text of each row.
pub trait Listed {
    /// Which row is chosen and which show.
    fn view(&self) -> ListView;
    /// The same, to choose and scroll.
    fn view_mut(&mut self) -> &mut ListView;
    /// How many rows it has.
    fn rows(&self) -> usize;
    /// The text of `row`.
    fn text(&self, row: usize) -> String;
}

/// Where a list's lines go in a layout: the panel of the help, a title and a note at its top,
/// and as many rows as fit under them.
#[derive(Clone, Copy, Debug)]
pub struct Sheet {
    pub(crate) panel: Rect,
    pitch: f32,
    /// How many rows show at once.
    pub shown: usize,
}

impl Sheet {
    /// The sheet in `layout`.
    pub fn new(layout: &ScreenLayout) -> Sheet {
        let panel = help::panel(layout);
        let pitch = (24.0 * layout.scale).min(panel.h / 6.0).max(1.0);
        // Two lines of title and note, half a line of margin at the bottom.
        let shown = (panel.h / pitch - 2.5).floor().max(1.0) as usize;
        Sheet {
            panel,
            pitch,
            shown,
        }
    }

    /// The rectangle of the `k`th row shown.
    pub(crate) fn row(&self, k: usize) -> Rect {
        let margin = self.pitch * 0.5;
        Rect {
            x: self.panel.x + margin,
            y: self.panel.y + self.pitch * (2.0 + k as f32),
            w: (self.panel.w - 2.0 * margin).max(0.0),
            h: self.pitch,
        }
    }

    /// The row of `list` under the point, if any.
    pub fn row_at(&self, list: &(impl Listed + ?Sized), x: f32, y: f32) -> Option<usize> {
        (0..self.shown)
            .find(|&k| self.row(k).contains(x, y))
            .map(|k| list.view().first + k)
            .filter(|&row| row < list.rows())
    }

    /// The centre of `row` of `list`, while it shows.
    pub fn centre_of(&self, list: &(impl Listed + ?Sized), row: usize) -> Option<(f32, f32)> {
        let k = (row.checked_sub(list.view().first)).filter(|&k| k < self.shown)?;
        Some(self.row(k).centre())
    }

    /// Whether the point lies on the list's panel.
    pub fn covers(&self, x: f32, y: f32) -> bool {
        self.panel.contains(x, y)
    }
}

/// Draws `list` over the frame in `scene`: the panel, `title` and the `note` line (with signs
/// where more rows lie above or below), the rows shown with the chosen one marked.
pub fn draw(scene: &mut Scene, list: &impl Listed, layout: &ScreenLayout, title: &str, note: &str) {
    let sheet = Sheet::new(layout);
    scene::cover(layout, scene);
    let (panel, pitch) = (sheet.panel, sheet.pitch);
    let centre_x = panel.x + panel.w / 2.0;
    let line = |k: f32| panel.y + pitch * (k + 0.5);
    let room = panel.w - pitch;
    scene.labels.push(Label {
        text: title.to_string(),
        centre: (centre_x, line(0.0)),
        size: scene::fitting(title, room, pitch * 0.7),
        bold: true,
        color: CELEBRATION,
    });
    let (view, rows) = (list.view(), list.rows());
    let last = (view.first + sheet.shown).min(rows);
    let more = match (view.first > 0, last < rows) {
        (true, true) => "   ·   ▲ more above, more below ▼",
        (true, false) => "   ·   ▲ more above",
        (false, true) => "   ·   more below ▼",
        (false, false) => "",
    };
    let note = format!("{note}{more}");
    let size = pitch * 0.6;
    scene.labels.push(Label {
        size: scene::fitting(&note, room, size),
        text: note,
        centre: (centre_x, line(1.0)),
        bold: false,
        color: INFO_INK,
    });
    // One size for the rows shown, so the list reads as one, unless that would be smaller
    // than can be read: then only the rows too long for it shrink.
    let width = sheet.row(0).w;
    let fits = (view.first..last).map(|row| scene::fitting(&list.text(row), width, size));
    let size = fits.fold(size, f32::min).max(11.0 * layout.scale).min(size);
    for (k, row) in (view.first..last).enumerate() {
        let rect = sheet.row(k);
        let chosen = row == view.selected;
        if chosen {
            let radius = 6.0 * layout.scale;
            (scene.rects).push(RectInstance::new(
                rect,
                radius,
                TRACK,
                CELEBRATION,
                layout.scale,
            ));
        }
        let text = list.text(row);
        scene.labels.push(Label {
            size: scene::fitting(&text, rect.w, size),
            text,
            centre: rect.centre(),
            bold: chosen,
            color: STATUS_INK,
        });
    }
}
