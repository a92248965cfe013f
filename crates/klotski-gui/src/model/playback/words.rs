//! What the player's two text lines say: the status line above the board and the info line
//! under the slider, read from the playback model.

use super::{Playback, Trend, Wanted};
use crate::model::events::{Headway, Verdict};
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
            let best = match self.best() {
                Some(best) if best <= hand => format!(" Your best: {best}."),
                _ => " A new best!".to_string(),
            };
            let pieces = match self.piece_moves(true) {
                Some(1) => ", 1 piece move".to_string(),
                Some(n) => format!(", {n} piece moves"),
                None => String::new(),
            };
            return format!(
                "You solved it in {}{pieces}{shortest}{hints}!{best}",
                moves(hand)
            );
        }
        if self.solved() && self.line.step() > 0 {
            let proof = match (&self.solver.verdict, self.solver.from_step) {
                (Some(Verdict::Solved { optimal: true }), from) if from > 0 => {
                    format!(", shortest from move {from}")
                }
                (Some(Verdict::Solved { optimal }), _) => format!(", {}", self.proof(*optimal)),
                _ => String::new(),
            };
            return format!("The solver finished: {}{proof}", moves(self.line.step()));
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
            return format!("{at}   ·   {last}   ·   {} to go{trend}", moves(left));
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
                    self.line.step(),
                    self.line.len(),
                    self.pieces_text(false),
                    self.proof(*optimal)
                )
            }
        }
    }

    /// What is known of the solution's length, in a player's words: shortest from the step
    /// its solve started at, which the words name when it is not the start.
    fn proof(&self, optimal: bool) -> String {
        match (optimal, self.solver.from_step) {
            (false, _) => "a solution, maybe not the shortest".to_string(),
            (true, 0) => "a shortest solution".to_string(),
            (true, from) if self.line.step() >= from => "a shortest way from here".to_string(),
            (true, from) => format!("shortest from move {from}"),
        }
    }

    /// On a board with a master piece (classic Klotski, the brick puzzles), the moves to the
    /// position shown (the person's alone when `hand_only`) as players count them, where a
    /// piece moving any distance is one move: " (9 piece moves)"; elsewhere, or before any
    /// move, nothing.
    fn pieces_text(&self, hand_only: bool) -> String {
        match self.piece_moves(hand_only) {
            Some(1) => " (1 piece move)".to_string(),
            Some(n) => format!(" ({n} piece moves)"),
            None => String::new(),
        }
    }

    /// "move 17", with the piece moves beside it where they count.
    fn move_text(&self) -> String {
        format!("move {}{}", self.line.step(), self.pieces_text(false))
    }

    /// The moves to the position shown as players count them, on a board with a master piece
    /// once there is one.
    fn piece_moves(&self, hand_only: bool) -> Option<usize> {
        self.marks.master?;
        Some(self.line.piece_moves(hand_only)).filter(|&n| n > 0)
    }

    /// The line under the slider: the person's own moves and hints, their clock (which stops
    /// while the solver plays) and the autoplay speed.
    pub fn info(&self, now: Duration) -> String {
        let (hand, hints, _) = self.score();
        format!(
            "your moves {hand}{}   ·   hints {hints}   ·   time {}   ·   speed {}",
            self.pieces_text(true),
            self.clock.text(now),
            self.animation.speed.label()
        )
    }
}
