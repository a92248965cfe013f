//! Puzzle IDs in the window: I shows the ID of the puzzle played, Ctrl+C copies it to the
//! clipboard, Ctrl+V opens the puzzle whose ID is on the clipboard. A malformed ID is one line
//! on the status line; the game played stays.

use super::App;
use crate::content::game::Game;
use klotski_puzzles::id::PuzzleId;

impl App {
    /// Shows the ID of the puzzle played on the status line.
    pub(super) fn show_id(&mut self) {
        self.playback
            .tell(format!("ID: {}   (Ctrl+C copies it)", self.id));
        self.redraw();
    }

    /// Copies the ID of the puzzle played to the clipboard, and says so.
    pub(super) fn copy_id(&mut self) {
        let id = self.id.clone();
        let said = match self
            .clipboard()
            .map(|clipboard| clipboard.set_text(id.clone()))
        {
            Ok(Ok(())) => format!("Copied the ID: {id}"),
            Ok(Err(e)) | Err(e) => format!("error: the clipboard took nothing: {e}"),
        };
        self.playback.tell(said);
        self.redraw();
    }

    /// Opens the puzzle whose ID is on the clipboard.
    pub(super) fn paste_id(&mut self) {
        let text = match self.clipboard().map(|clipboard| clipboard.get_text()) {
            Ok(Ok(text)) => text,
            Ok(Err(e)) | Err(e) => {
                self.playback
                    .tell(format!("error: nothing to paste from the clipboard: {e}"));
                return self.redraw();
            }
        };
        match text.parse::<PuzzleId>() {
            Ok(id) => self.load(Game::of_id(id, &self.solve)),
            Err(e) => {
                let shown: String = text.trim().chars().take(40).collect();
                self.playback
                    .tell(format!("error: \"{shown}\" is not a puzzle ID: {e}"));
                self.redraw();
            }
        }
    }

    /// The clipboard, opened now if it was not yet.
    fn clipboard(&mut self) -> Result<&mut arboard::Clipboard, arboard::Error> {
        if self.clipboard.is_none() {
            self.clipboard = Some(arboard::Clipboard::new()?);
        }
        Ok(self.clipboard.as_mut().expect("opened above"))
    }
}
