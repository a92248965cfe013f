//! The level picker: a list over the board of every bundled level, with its shortest solution
//! and the person's best score, and of the random puzzles by size and difficulty. Keys, the
//! pointer and the wheel move through it; choosing a row opens its puzzle.

use crate::content::help;
use crate::content::levels::{Difficulty, LEVELS, RANDOM, RandomKind};
use crate::render::instance::RectInstance;
use crate::render::layout::{Rect, ScreenLayout};
use crate::render::scene::{self, CELEBRATION, INFO_INK, Label, STATUS_INK, Scene, TRACK};

/// The difficulties each random kind is offered at, in the list's order.
const DIFFICULTIES: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

/// Rows in the list: the levels, then each random kind at each difficulty.
pub const ROWS: usize = LEVELS.len() + RANDOM.len() * DIFFICULTIES.len();

/// What a row of the list opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Level `0` of [`LEVELS`].
    Level(usize),
    /// A new random puzzle of this kind and difficulty.
    Random(RandomKind, Difficulty),
}

/// The open picker: the row chosen, the first row shown, and the person's best scores.
#[derive(Clone, Debug)]
pub struct Picker {
    selected: usize,
    first: usize,
    /// The best score kept for each level when the picker opened.
    bests: Vec<Option<usize>>,
}

impl Picker {
    /// The picker over the levels whose best scores are `bests` (in [`LEVELS`] order), on the
    /// level played (`current`, in the middle of the `shown` rows) or on the first row.
    pub fn new(bests: Vec<Option<usize>>, current: Option<usize>, shown: usize) -> Picker {
        let selected = current.unwrap_or(0);
        let mut picker = Picker {
            selected,
            first: 0,
            bests,
        };
        picker.scroll(selected.saturating_sub(shown / 2) as isize, shown);
        picker
    }

    /// The row chosen.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// What the chosen row opens.
    pub fn choice(&self) -> Choice {
        match self.selected.checked_sub(LEVELS.len()) {
            None => Choice::Level(self.selected),
            Some(k) => Choice::Random(
                RANDOM[k / DIFFICULTIES.len()],
                DIFFICULTIES[k % DIFFICULTIES.len()],
            ),
        }
    }

    /// The text of `row`.
    pub fn text(&self, row: usize) -> String {
        if let Some(level) = LEVELS.get(row) {
            let best = match self.bests.get(row).copied().flatten() {
                Some(best) => format!("your best {best}"),
                None => "unsolved".to_string(),
            };
            return format!(
                "{}. {}   ·   shortest {}   ·   {best}",
                row + 1,
                level.name,
                level.shortest_text()
            );
        }
        let k = row - LEVELS.len();
        let kind = RANDOM[k / DIFFICULTIES.len()];
        kind.name(DIFFICULTIES[k % DIFFICULTIES.len()])
    }

    /// Chooses `row` (kept on the list), scrolling so that it shows among `shown` rows.
    pub fn select(&mut self, row: usize, shown: usize) {
        self.selected = row.min(ROWS - 1);
        let shown = shown.max(1);
        if self.selected < self.first {
            self.first = self.selected;
        } else if self.selected >= self.first + shown {
            self.first = self.selected + 1 - shown;
        }
    }

    /// Chooses the row `by` rows down (up when negative), stopping at either end.
    pub fn step(&mut self, by: isize, shown: usize) {
        let row = self.selected.saturating_add_signed(by);
        self.select(row, shown);
    }

    /// Scrolls `by` rows down (up when negative), `shown` rows showing; the chosen row stays.
    pub fn scroll(&mut self, by: isize, shown: usize) {
        let last = ROWS.saturating_sub(shown.max(1));
        self.first = self.first.saturating_add_signed(by).min(last);
    }
}

/// Where the picker's lines go in a layout: the panel of the help, a title and a note at its
/// top, and as many rows as fit under them.
#[derive(Clone, Copy, Debug)]
pub struct Sheet {
    panel: Rect,
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
        let shown = ((panel.h / pitch - 2.5).floor().max(1.0) as usize).min(ROWS);
        Sheet {
            panel,
            pitch,
            shown,
        }
    }

    /// The rectangle of the `k`th row shown.
    fn row(&self, k: usize) -> Rect {
        let margin = self.pitch * 0.5;
        Rect {
            x: self.panel.x + margin,
            y: self.panel.y + self.pitch * (2.0 + k as f32),
            w: (self.panel.w - 2.0 * margin).max(0.0),
            h: self.pitch,
        }
    }

    /// The row of the list under the point, if any.
    pub fn row_at(&self, picker: &Picker, x: f32, y: f32) -> Option<usize> {
        (0..self.shown)
            .find(|&k| self.row(k).contains(x, y))
            .map(|k| picker.first + k)
            .filter(|&row| row < ROWS)
    }

    /// The centre of `row` of the list, while it shows.
    pub fn centre_of(&self, picker: &Picker, row: usize) -> Option<(f32, f32)> {
        let k = row.checked_sub(picker.first).filter(|&k| k < self.shown)?;
        Some(self.row(k).centre())
    }

    /// Whether the point lies on the picker's panel.
    pub fn covers(&self, x: f32, y: f32) -> bool {
        self.panel.contains(x, y)
    }
}

/// Draws the picker over the frame in `scene`: the panel, its title and note, the rows shown
/// with the chosen one marked, and signs where more rows lie above or below.
pub fn draw(scene: &mut Scene, picker: &Picker, layout: &ScreenLayout) {
    let sheet = Sheet::new(layout);
    scene::cover(layout, &mut scene.rects, &mut scene.labels);
    let (panel, pitch) = (sheet.panel, sheet.pitch);
    let centre_x = panel.x + panel.w / 2.0;
    let line = |k: f32| panel.y + pitch * (k + 0.5);
    let room = panel.w - pitch;
    let title = "Levels and random puzzles";
    scene.labels.push(Label {
        text: title.to_string(),
        centre: (centre_x, line(0.0)),
        size: scene::fitting(title, room, pitch * 0.7),
        bold: true,
        color: CELEBRATION,
    });
    let last = (picker.first + sheet.shown).min(ROWS);
    let more = match (picker.first > 0, last < ROWS) {
        (true, true) => "▲ more above, more below ▼",
        (true, false) => "▲ more above",
        (false, true) => "more below ▼",
        (false, false) => "",
    };
    let note = format!("↑ ↓ and Enter, or click   ·   Esc closes   ·   {more}");
    let size = pitch * 0.6;
    scene.labels.push(Label {
        size: scene::fitting(&note, room, size),
        text: note,
        centre: (centre_x, line(1.0)),
        bold: false,
        color: INFO_INK,
    });
    // One size for the rows shown, so the list reads as one, unless that would be smaller
    // than can be read: then only the rows too long for it (the classic ones) shrink.
    let width = sheet.row(0).w;
    let fits = (picker.first..last).map(|row| scene::fitting(&picker.text(row), width, size));
    let size = fits.fold(size, f32::min).max(11.0 * layout.scale).min(size);
    for (k, row) in (picker.first..last).enumerate() {
        let rect = sheet.row(k);
        let chosen = row == picker.selected;
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
        let text = picker.text(row);
        scene.labels.push(Label {
            size: scene::fitting(&text, rect.w, size),
            text,
            centre: rect.centre(),
            bold: chosen,
            color: STATUS_INK,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_open_every_level_then_every_random_kind_at_each_difficulty() {
        let mut picker = Picker::new(vec![None; LEVELS.len()], Some(12), 10);
        assert_eq!(picker.choice(), Choice::Level(12));
        picker.select(ROWS - 1, 10);
        assert_eq!(picker.choice(), Choice::Random(RANDOM[3], Difficulty::Hard));
        picker.select(LEVELS.len() + 1, 10);
        assert_eq!(
            picker.choice(),
            Choice::Random(RANDOM[0], Difficulty::Medium)
        );
        assert_eq!(picker.text(LEVELS.len() + 4), "random 4x4, medium");
        picker.step(1000, 10);
        assert_eq!(picker.selected(), ROWS - 1, "stops at the end");
        picker.step(-1000, 10);
        assert_eq!(picker.selected(), 0, "stops at the start");
    }

    #[test]
    fn a_row_shows_the_shortest_solution_and_the_best_score_kept() {
        let mut bests = vec![None; LEVELS.len()];
        bests[12] = Some(130);
        let picker = Picker::new(bests, None, 10);
        assert_eq!(
            picker.text(12),
            "13. classic Klotski, Heng Dao Li Ma   ·   shortest 81 moves   ·   your best 130"
        );
        assert!(picker.text(0).ends_with("unsolved"), "{}", picker.text(0));
    }

    #[test]
    fn the_chosen_row_stays_in_view_and_the_pointer_finds_the_rows_shown() {
        let layout = ScreenLayout::new(800, 600, 1.0, 5, 4);
        let sheet = Sheet::new(&layout);
        assert!(sheet.shown >= 10 && sheet.shown < ROWS, "{}", sheet.shown);
        let mut picker = Picker::new(vec![None; LEVELS.len()], Some(20), sheet.shown);
        let middle = sheet.row(sheet.shown / 2).centre();
        assert_eq!(
            sheet.row_at(&picker, middle.0, middle.1),
            Some(20),
            "opens centred"
        );
        picker.select(ROWS - 1, sheet.shown);
        assert_eq!(picker.first, ROWS - sheet.shown);
        let (x, y) = sheet.row(0).centre();
        assert_eq!(sheet.row_at(&picker, x, y), Some(ROWS - sheet.shown));
        assert_eq!(sheet.centre_of(&picker, ROWS - sheet.shown), Some((x, y)));
        assert_eq!(sheet.centre_of(&picker, 0), None, "scrolled away");
        picker.scroll(-3, sheet.shown);
        assert_eq!(sheet.row_at(&picker, x, y), Some(ROWS - sheet.shown - 3));
        picker.scroll(1000, sheet.shown);
        assert_eq!(picker.first, ROWS - sheet.shown, "never past the last row");
        assert_eq!(
            sheet.row_at(&picker, x, sheet.panel.y + 1.0),
            None,
            "the title"
        );
    }
}
