//! What the player's two text lines say: the status line above the board and the info line
//! under the slider, read from the playback model.

use super::Playback;
use crate::gui::events::Verdict;
use std::time::Duration;

impl Playback {
    /// The status line: a message, the celebration, the solver's progress, or the step, the
    /// last move and the verdict.
    pub fn status(&self) -> String {
        if let Some(message) = &self.message {
            return message.clone();
        }
        if self.goal_shown {
            return "The goal".to_string();
        }
        if self.won() {
            return format!("Solved in {} moves!", self.line.step());
        }
        let last = match self.line.step() {
            0 => "start".to_string(),
            k => self.puzzle.describe(self.line.moves()[k - 1]).to_string(),
        };
        if let Some(mv) = self.hinted() {
            return format!("Hint: {}", self.puzzle.describe(mv));
        }
        match &self.verdict {
            None => format!("move {}   ·   {last}   ·   H for a hint", self.line.step()),
            Some(Verdict::Solving { states }) => format!("Solving... {states} states"),
            Some(Verdict::NoSolution) => "No solution".to_string(),
            Some(Verdict::NoAnswer(why)) => format!("No answer: {why}"),
            Some(Verdict::Solved { optimal }) => {
                let proof = if *optimal {
                    "proven optimal"
                } else {
                    "not proven optimal"
                };
                format!(
                    "step {} / {}   ·   {last}   ·   {proof}",
                    self.line.step(),
                    self.line.len()
                )
            }
        }
    }

    /// The line under the slider: moves made, the clock and the autoplay speed.
    pub fn info(&self, now: Duration) -> String {
        format!(
            "moves {}   ·   time {}   ·   speed {}",
            self.line.step(),
            self.clock.text(now),
            self.speed.label()
        )
    }
}
