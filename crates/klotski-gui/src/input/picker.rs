//! The level picker: a list over the board of every bundled level, with its shortest solution
//! and the person's best score, and of the random puzzles by size and difficulty. Keys, the
//! pointer and the wheel move through it; choosing a row opens its puzzle.

use crate::content::levels::{Difficulty, LEVELS, RANDOM, RandomKind};
pub use crate::input::list::Sheet;
use crate::input::list::{self, ListView, Listed};
use crate::render::layout::ScreenLayout;
use crate::render::scene::Scene;

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

/// The open picker: its rows' view and the person's best scores.
#[derive(Clone, Debug)]
pub struct Picker {
    view: ListView,
    /// The best score kept for each level when the picker opened.
    bests: Vec<Option<usize>>,
}

impl Picker {
    /// The picker over the levels whose best scores are `bests` (in [`LEVELS`] order), on the
    /// level played (`current`, in the middle of the `shown` rows) or on the first row.
    pub fn new(bests: Vec<Option<usize>>, current: Option<usize>, shown: usize) -> Picker {
        Picker {
            view: ListView::new(ROWS, current.unwrap_or(0), shown),
            bests,
        }
    }

    /// The row chosen.
    pub fn selected(&self) -> usize {
        self.view.selected()
    }

    /// What the chosen row opens.
    pub fn choice(&self) -> Choice {
        match self.selected().checked_sub(LEVELS.len()) {
            None => Choice::Level(self.selected()),
            Some(k) => Choice::Random(
                RANDOM[k / DIFFICULTIES.len()],
                DIFFICULTIES[k % DIFFICULTIES.len()],
            ),
        }
    }

    /// Chooses `row` (kept on the list), scrolling so that it shows among `shown` rows.
    pub fn select(&mut self, row: usize, shown: usize) {
        self.view.select(row, ROWS, shown);
    }

    /// Chooses the row `by` rows down (up when negative), stopping at either end.
    pub fn step(&mut self, by: isize, shown: usize) {
        self.view.step(by, ROWS, shown);
    }

    /// Scrolls `by` rows down (up when negative), `shown` rows showing; the chosen row stays.
    pub fn scroll(&mut self, by: isize, shown: usize) {
        self.view.scroll(by, ROWS, shown);
    }
}

impl Listed for Picker {
    fn view(&self) -> ListView {
        self.view
    }

    fn view_mut(&mut self) -> &mut ListView {
        &mut self.view
    }

    fn rows(&self) -> usize {
        ROWS
    }

    fn text(&self, row: usize) -> String {
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
}

/// Draws the picker over the frame in `scene`.
pub fn draw(scene: &mut Scene, picker: &Picker, layout: &ScreenLayout) {
    let note = "↑ ↓ and Enter, or click   ·   Esc closes";
    list::draw(scene, picker, layout, "Levels and random puzzles", note);
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
        assert_eq!(picker.view().first(), ROWS - sheet.shown);
        let (x, y) = sheet.row(0).centre();
        assert_eq!(sheet.row_at(&picker, x, y), Some(ROWS - sheet.shown));
        assert_eq!(sheet.centre_of(&picker, ROWS - sheet.shown), Some((x, y)));
        assert_eq!(sheet.centre_of(&picker, 0), None, "scrolled away");
        picker.scroll(-3, sheet.shown);
        assert_eq!(sheet.row_at(&picker, x, y), Some(ROWS - sheet.shown - 3));
        picker.scroll(1000, sheet.shown);
        assert_eq!(
            picker.view().first(),
            ROWS - sheet.shown,
            "never past the last row"
        );
        assert_eq!(
            sheet.row_at(&picker, x, sheet.panel.y + 1.0),
            None,
            "the title"
        );
    }
}
