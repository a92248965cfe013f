//! What the window keeps between runs: the best score of a puzzle solved by hand, and a game
//! left in progress, kept when the window closes or another puzzle opens and offered back
//! when its puzzle opens again.

use super::App;
use crate::content::scores;
use crate::input::overlay::Overlay;
use crate::model::count::Count;

impl App {
    /// The key of the puzzle played among the games kept.
    pub(super) fn game_key(&self) -> String {
        scores::key(self.playback.puzzle(), Count::Cells)
    }

    /// Keeps the game played if it is in progress, for resume; a game resumed and then solved
    /// or started again is forgotten. A game never resumed leaves a kept one as it was.
    pub(super) fn keep_game(&mut self) {
        let kept = match self.playback.in_progress(self.now()) {
            Some(game) => self.saves.keep(&self.game_key(), &game),
            None if self.resumed => self.saves.forget(&self.game_key()),
            None => Ok(()),
        };
        if let Err(e) = kept {
            self.tell_both(format!("The game in progress was not kept: {e}"));
        }
    }

    /// Offers the game kept for the puzzle just opened, if there is one; a damaged one is
    /// told once and ignored.
    pub(super) fn offer_kept_game(&mut self) {
        match self.saves.load(&self.game_key(), self.playback.puzzle()) {
            Ok(Some(game)) => {
                self.playback.tell(self.playback.resume_offer(&game));
                self.overlay = Overlay::Resume(game);
            }
            Ok(None) => {}
            Err(e) => self.tell_both(format!("The kept game is ignored: {e}")),
        }
    }

    /// The person's answer to the offer of a kept game: take it up, or start again and forget
    /// it.
    pub(super) fn answer_resume(&mut self, resume: bool) {
        let Overlay::Resume(game) = std::mem::take(&mut self.overlay) else {
            return;
        };
        self.playback.untell();
        if resume {
            self.playback.resume(&game);
            self.resumed = true;
            self.follow_orders();
        } else if let Err(e) = self.saves.forget(&self.game_key()) {
            self.tell_both(format!("The kept game was not forgotten: {e}"));
        }
        self.redraw();
    }

    /// Keeps the person's score once they solved the board by hand (the first time a game).
    pub(super) fn keep_score(&mut self) {
        if !self.playback.won() || self.scored {
            return;
        }
        self.scored = true;
        // A game solved is no longer in progress: any kept is done with.
        if let Err(e) = self.saves.forget(&self.game_key()) {
            self.tell_both(format!("The kept game was not forgotten: {e}"));
        }
        let (hand, _, _) = self.playback.score();
        let key = scores::key(self.playback.puzzle(), self.playback.natural_count());
        match self.scores.record(&key, hand) {
            Ok(book) => self.book = book,
            Err(e) => self.tell_both(format!("The best score was not kept: {e}")),
        }
    }

    /// Reads the scores kept; returns what is wrong with the file, to be told once. A file
    /// that cannot be read leaves no best score shown, and none is written over it.
    pub(super) fn read_scores(&mut self) -> Option<String> {
        match self.scores.read() {
            Ok(book) => {
                let other = book.first_other_line();
                self.book = book;
                Some(format!(
                    "Best scores: line {} is not a score; kept as it is",
                    other?
                ))
            }
            Err(e) => Some(format!("Best scores are not kept: {e}")),
        }
    }
}
