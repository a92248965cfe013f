//! What the player's two text lines say: the status line above the board and the info line
//! under the slider, read from the playback model.

use super::{Playback, Trend, Wanted};
use crate::content::saved::SavedGame;
use crate::model::events::{Headway, Verdict};
use crate::model::timeline::Timeline;
use std::time::Duration;

/// `n` moves, in words.
fn moves(n: usize) -> String {
    match n {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    }
}

impl Playback {
    /// The status line while the goal view covers the board: a message, or what the goal is.
    pub fn goal_status(&self) -> String {
        if let Some(message) = &self.message {
            return message.clone();
        }
        match self.marks.master {
            Some(_) => "The goal: the red piece over the marked cells, by the exit".to_string(),
            None => "The goal".to_string(),
        }
    }

    /// The status line: a message, the celebration, the solver's progress, or the step, the
    /// last move and the verdict.
    pub fn status(&self) -> String {
        if let Some(message) = &self.message {
            return message.clone();
        }
        let (hand, hints, shortest) = self.score();
        if self.won() {
            let shortest = shortest.map_or(String::new(), |m| format!(" (shortest: {m})"));
            let hints = match hints {
                0 => String::new(),
                1 => ", with 1 hint".to_string(),
                n => format!(", with {n} hints"),
            };
            let own = self.count == self.natural;
            let best = match self.best() {
                Some(best) if best <= hand && own => format!(" Your best: {best}."),
                Some(best) if best <= hand => String::new(),
                _ => " A new best!".to_string(),
            };
            let shortest = if own { shortest } else { String::new() };
            let shown = self.counted_text(self.line.counted(self.count, 0..self.line.step(), true));
            return format!("You solved it in {shown}{shortest}{hints}!{best}");
        }
        if self.solved() && self.line.step() > 0 {
            let proof = match (&self.solver.verdict, self.solver.from_step) {
                (Some(Verdict::Solved { optimal: true }), from) if from > 0 => {
                    format!(
                        ", shortest from move {}{}",
                        self.moves_to(from),
                        self.in_own()
                    )
                }
                (Some(Verdict::Solved { optimal }), _) => format!(", {}", self.proof(*optimal)),
                _ => String::new(),
            };
            let made = self.counted_text(self.moves_to(self.line.step()));
            return format!("The solver finished: {made}{proof}");
        }
        let last = match self.line.step() {
            0 => "start".to_string(),
            k => self.puzzle.describe(self.line.moves()[k - 1]).to_string(),
        };
        if let Some(mv) = self.hinted() {
            return format!("Hint: {}", self.puzzle.describe(mv));
        }
        // After a move by hand on a board measured live, the distance left, and the trend
        // once the distance before the move is known too.
        let measured = self.solver.wanted == Wanted::Distance;
        if let Some(left) = self.distance().filter(|_| measured) {
            let trend = match self.trend().map(|(_, trend)| trend) {
                Some(Trend::Closer) => ", closer",
                Some(Trend::Level) => ", no nearer",
                Some(Trend::Farther) => ", farther",
                None => "",
            };
            let at = self.move_text();
            // The moves left as the lines count them: the solver's line from here.
            // The distance is in the game's own count; the other is the solver's line's.
            let left = match self.count == self.natural {
                true => left,
                false => (self.line).counted(self.count, self.line.step()..usize::MAX, false),
            };
            let left = self.counted_text(left);
            return format!("{at}   ·   {last}   ·   {left} to go{trend}");
        }
        match &self.solver.verdict {
            None => format!("{}   ·   {last}   ·   H for a hint", self.move_text()),
            Some(Verdict::Solving(_)) if self.solver.wanted == Wanted::Distance => {
                format!(
                    "{}   ·   {last}   ·   measuring the distance",
                    self.move_text()
                )
            }
            // Moves streamed ahead of the player count as made, however often the solve
            // reports its own count.
            Some(Verdict::Solving(headway)) if headway.searched == 0 => Headway {
                placed: headway.placed.max(self.line.len() - self.line.step()),
                ..*headway
            }
            .to_string(),
            Some(Verdict::Solving(headway)) => headway.to_string(),
            Some(Verdict::NoSolution(why)) => format!("No solution: {why}"),
            Some(Verdict::NoAnswer(why)) => format!("No answer: {why}"),
            Some(Verdict::Solved { optimal }) => {
                format!(
                    "step {} / {}{}   ·   {last}   ·   {}",
                    self.moves_to(self.line.step()),
                    self.moves_to(self.line.len()),
                    self.other_name(),
                    self.proof(*optimal)
                )
            }
        }
    }

    /// What the solve from the start has found, as the editor says it after each edit:
    /// solvable with a shortest or some solution's length, unsolvable (proven), or still
    /// solving.
    pub fn verdict_words(&self) -> String {
        let moves = moves(self.line.len());
        match &self.solver.verdict {
            Some(Verdict::Solved { optimal: true }) => format!("solvable, shortest {moves}"),
            Some(Verdict::Solved { optimal: false }) => format!("solvable, at most {moves}"),
            Some(Verdict::NoSolution(why)) => format!("unsolvable (proven): {why}"),
            Some(Verdict::NoAnswer(why)) => format!("no answer: {why}"),
            Some(Verdict::Solving(_)) | None => "solving...".to_string(),
        }
    }

    /// The status line offering `game`, kept from before, back when its puzzle opens: its
    /// moves counted as the game counts them.
    pub fn resume_offer(&self, game: &SavedGame) -> String {
        let line = Timeline::replayed(&self.puzzle, &game.moves);
        let made = moves(line.counted(self.natural, 0..line.len(), false));
        format!(
            "Resume, or start again? A game of this puzzle was kept ({made}): Enter resumes, Esc starts again"
        )
    }

    /// The line told on the status line, if one is.
    pub fn told(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// What is known of the solution's length, in a player's words: shortest from the step
    /// its solve started at, which the words name when it is not the start, and in the game's
    /// own count, which they name when the lines show the other.
    fn proof(&self, optimal: bool) -> String {
        let own = self.in_own();
        match (optimal, self.solver.from_step) {
            (false, _) => "a solution, maybe not the shortest".to_string(),
            (true, 0) => format!("a shortest solution{own}"),
            (true, from) if self.line.step() >= from => format!("a shortest way from here{own}"),
            (true, from) => format!("shortest from move {}{own}", self.moves_to(from)),
        }
    }

    /// The first `upto` moves of the line as the lines count them now.
    fn moves_to(&self, upto: usize) -> usize {
        self.line.counted(self.count, 0..upto, false)
    }

    /// `n` moves as the lines count them now: named apart ("7 piece moves") when that is not
    /// the game's own count.
    fn counted_text(&self, n: usize) -> String {
        if self.count == self.natural {
            return moves(n);
        }
        let name = self.count.name();
        match n {
            1 => format!("1 {}", name.trim_end_matches('s')),
            n => format!("{n} {name}"),
        }
    }

    /// " (piece moves)" after a count when the lines show the other count; else nothing.
    fn other_name(&self) -> String {
        if self.count == self.natural {
            String::new()
        } else {
            format!(" ({})", self.count.name())
        }
    }

    /// " in one-cell moves" after a claim of shortest, when the lines show the other count
    /// than the one it is shortest in; else nothing.
    fn in_own(&self) -> String {
        if self.count == self.natural {
            String::new()
        } else {
            format!(" in {}", self.natural.name())
        }
    }

    /// "move 17", as the lines count moves now.
    fn move_text(&self) -> String {
        format!(
            "move {}{}",
            self.moves_to(self.line.step()),
            self.other_name()
        )
    }

    /// The line under the slider: the person's own moves and hints, their clock (which stops
    /// while the solver plays) and the autoplay speed.
    pub fn info(&self, now: Duration) -> String {
        let (_, hints, _) = self.score();
        format!(
            "your moves {}{}   ·   hints {hints}   ·   time {}   ·   speed {}",
            (self.line).counted(self.count, 0..self.line.step(), true),
            self.other_name(),
            self.clock.text(now),
            self.animation.speed.label()
        )
    }
}
