//! Playback: the player's model. Three parts, each of its own file: the timeline of moves (the
//! solver's and the person's) and the step shown, the animation (the running slide or shake,
//! autoplay at a speed), and the link to the solver thread (the solve wanted from here); and
//! beside them the person's clock, hints and best score. Time is passed in, so what a frame
//! shows is a pure function of it (`playback/view.rs`).

use crate::content::game::Marks;
use crate::content::saved::SavedGame;
use crate::input::action::Action;
use crate::model::animation::{Animation, Motion};
use crate::model::clock::Clock;
use crate::model::count::Count;
use crate::model::events::{SolverEvent, Verdict};
use crate::model::solver_link::{Order, SolverLink, Wanted};
use crate::model::speed::Speed;
use crate::model::timeline::{Played, Timeline};
use klotski_core::engine::problem::Problem;
use klotski_core::engine::puzzle::{Move, Position, Puzzle};
use std::time::Duration;

mod view;
mod words;

/// Where a piece is drawn: its top-left cell, fractional while it slides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawnPiece {
    /// Index into the puzzle's pieces.
    pub piece: usize,
    /// Row of its top-left corner.
    pub row: f32,
    /// Column of its top-left corner.
    pub col: f32,
}

/// Boards of at most this many cells get a solve after every move by hand that leaves the
/// solver's line, so the distance to the goal is always shown: their exact searches settle in
/// a blink (the 15-puzzle and small block boards).
const LIVE_DISTANCE_CELLS: usize = 20;

/// Whether the person's last move brought the goal nearer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trend {
    /// A move nearer the goal.
    Closer,
    /// As far as before (only on boards where a move can keep the distance).
    Level,
    /// A move away from it.
    Farther,
}

/// The playback model.
#[derive(Clone, Debug)]
pub struct Playback {
    puzzle: Puzzle,
    marks: Marks,
    /// The puzzle with its goal, when there is one to check.
    problem: Option<Problem>,
    line: Timeline,
    animation: Animation,
    solver: SolverLink,
    clock: Clock,
    /// Hints the person was shown.
    hints: usize,
    /// The person's best score on this puzzle before this game, if they ever solved it.
    best: Option<usize>,
    /// The shortest distance to the goal before the person's last move, while that move's
    /// effect is being measured or shown.
    distance_before: Option<usize>,
    message: Option<String>,
    /// How this game's players count moves: the count of the score, the best score and the
    /// shortest solution.
    natural: Count,
    /// The count the lines show: the natural one, or the other on request.
    count: Count,
}

impl Playback {
    /// The start of `puzzle`, no moves known yet and the solver at work; each slide takes
    /// `duration`, and autoplay starts at the speed nearest one move per `duration`.
    pub fn new(puzzle: Puzzle, duration: Duration) -> Playback {
        Playback {
            line: Timeline::new(&puzzle),
            puzzle,
            marks: Marks::default(),
            problem: None,
            animation: Animation::new(duration),
            solver: SolverLink::default(),
            clock: Clock::default(),
            hints: 0,
            best: None,
            distance_before: None,
            message: None,
            natural: Count::Cells,
            count: Count::Cells,
        }
    }

    /// The same playback with goal cells and a master piece to draw.
    pub fn with_marks(mut self, marks: Marks) -> Playback {
        self.marks = marks;
        self
    }

    /// The same playback checking the goal of `problem` (the puzzle played, with its goal), or
    /// none.
    pub fn with_goal(mut self, problem: Option<Problem>) -> Playback {
        self.problem = problem;
        self
    }

    /// The same playback, told the person's best score on this puzzle from earlier games.
    pub fn with_best(mut self, best: Option<usize>) -> Playback {
        self.best = best;
        self
    }

    /// The person's best score on this puzzle before this game.
    pub fn best(&self) -> Option<usize> {
        self.best
    }

    /// The game counts moves as `natural` ([`Count::Cells`] unless told).
    pub fn with_count(mut self, natural: Count) -> Playback {
        self.natural = natural;
        self.count = natural;
        self
    }

    /// The game in progress at `now`, to keep for resume: the moves to the position shown, the
    /// hints and the person's time; `None` before their first move by hand, or once they solved
    /// the board.
    pub fn in_progress(&self, now: Duration) -> Option<SavedGame> {
        let made = self.line.made();
        let by_hand = made.iter().any(|&(_, by_hand)| by_hand);
        (by_hand && !self.won()).then(|| SavedGame {
            moves: made,
            hints: self.hints,
            spent: self.clock.spent(now),
        })
    }

    /// Takes up `saved`, a game of this puzzle: its moves (the position at their end), hints
    /// and time, the clock stopped until the next move. The solve under way, for the start, is
    /// stopped; on a board small enough, the distance from here is measured.
    pub fn resume(&mut self, saved: &SavedGame) {
        self.line = Timeline::replayed(&self.puzzle, &saved.moves);
        self.hints = saved.hints;
        self.clock = Clock::resumed(saved.spent);
        self.solver.leave();
        if self.puzzle.board().cells() <= LIVE_DISTANCE_CELLS && !self.solved() {
            self.ask(Wanted::Distance);
        }
    }

    /// How this game's players count moves: the count of its scores.
    pub fn natural_count(&self) -> Count {
        self.natural
    }

    /// How the lines count moves now.
    pub fn count(&self) -> Count {
        self.count
    }

    /// The lines count moves the other way (the game's own count, or the other).
    pub fn toggle_count(&mut self) {
        self.count = self.count.other();
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The goal cells and master piece drawn on the board.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// The position shown (at the end of a running slide).
    pub fn position(&self) -> &Position {
        self.line.position()
    }

    /// Takes in what the solver thread sent: progress, the next move, or the verdict.
    pub fn receive(&mut self, event: SolverEvent) {
        match event {
            SolverEvent::Progress(headway) => self.solver.verdict = Some(Verdict::Solving(headway)),
            SolverEvent::Move(mv) => self.line.push(mv),
            SolverEvent::Verdict(verdict) => {
                if !matches!(verdict, Verdict::Solved { .. }) {
                    self.solver.wanted = Wanted::Nothing;
                }
                if verdict == (Verdict::Solved { optimal: true }) && self.solver.from_step == 0 {
                    let len = self.line.len();
                    self.solver.shortest = Some(self.line.counted(self.natural, 0..len, false));
                }
                self.solver.verdict = Some(verdict);
            }
        }
        if self.solver.wanted == Wanted::Hint
            && let Some(mv) = self.line.ahead()
        {
            self.solver.hint = Some((self.line.step(), mv));
            self.hints += 1;
            self.solver.wanted = Wanted::Nothing;
        }
    }

    /// What the solver thread should do now, once.
    pub fn take_order(&mut self) -> Option<Order> {
        self.solver.order.take()
    }

    /// Moves shown so far.
    pub fn step(&self) -> usize {
        self.line.step()
    }

    /// The moves of the line: the person's, and the solver's ahead of them.
    pub fn moves(&self) -> &[Move] {
        self.line.moves()
    }

    /// Moves known.
    pub fn total(&self) -> usize {
        self.line.len()
    }

    /// Whether autoplay is on.
    pub fn autoplay(&self) -> bool {
        self.animation.autoplay.is_some()
    }

    /// The autoplay speed.
    pub fn speed(&self) -> Speed {
        self.animation.speed
    }

    /// Whether the position shown is solved.
    pub fn solved(&self) -> bool {
        (self.problem.as_ref()).is_some_and(|problem| problem.is_solved(self.line.position()))
    }

    /// Whether a solve from here could still answer.
    fn can_ask(&self) -> bool {
        self.solver.can_answer(self.solved())
    }

    /// Whether `action` would do anything now.
    pub fn can(&self, action: Action) -> bool {
        let step = self.line.step();
        match action {
            Action::Next => step < self.line.len(),
            Action::PlayPause => step < self.line.len() || self.autoplay(),
            Action::Previous | Action::Restart => step > 0,
            Action::Hint | Action::Solve => self.can_ask(),
            Action::Slower => self.animation.speed.slower() != self.animation.speed,
            Action::Faster => self.animation.speed.faster() != self.animation.speed,
            // The window opens the picker; the model has nothing to refuse.
            Action::Levels => true,
        }
    }

    /// Does `action` at time `now`.
    pub fn act(&mut self, action: Action, now: Duration) {
        // The speed and the picker leave the status line and the distance as they were.
        match action {
            Action::Slower | Action::Faster => {
                return self.change_speed(action == Action::Faster, now);
            }
            Action::Levels => return,
            _ => {}
        }
        self.message = None;
        if action != Action::Hint {
            self.distance_before = None;
        }
        match action {
            Action::Next => {
                self.next(now, self.animation.duration);
            }
            Action::Previous => {
                if let Some(undo) = self.line.back(&self.puzzle) {
                    self.slide(undo, now, self.animation.duration);
                    self.animation.autoplay = None;
                }
            }
            Action::PlayPause => {
                self.animation.autoplay = match self.animation.autoplay {
                    Some(_) => None,
                    None if self.can(Action::Next) => Some((now, self.line.step())),
                    None => None,
                };
                self.tick(now);
            }
            Action::Restart => {
                // A new game from the start: the person's clock, hints and any win are over;
                // the line stays, so Next replays it.
                self.line.seek(&self.puzzle, 0);
                self.animation.slide = None;
                self.animation.autoplay = None;
                self.clock = Clock::default();
                self.hints = 0;
            }
            Action::Hint => self.hint(),
            Action::Levels | Action::Slower | Action::Faster => {}
            Action::Solve => {
                if self.solver.verdict.is_none() {
                    self.ask(Wanted::Nothing);
                }
                if self.can_ask() {
                    self.animation.autoplay = Some((now, self.line.step()));
                    self.tick(now);
                }
            }
        }
    }

    /// Points at the next move of a solution from here, starting a solve when none is known.
    fn hint(&mut self) {
        match (&self.solver.verdict, self.line.ahead()) {
            (Some(Verdict::Solved { .. }), Some(mv)) => {
                if self.solver.hint != Some((self.line.step(), mv)) {
                    self.hints += 1;
                }
                self.solver.hint = Some((self.line.step(), mv));
            }
            (Some(Verdict::Solving(_)), _) => self.solver.wanted = Wanted::Hint,
            (None, _) => self.ask(Wanted::Hint),
            _ => {}
        }
    }

    /// Forgets the line ahead and orders a solve from the position shown.
    fn ask(&mut self, wanted: Wanted) {
        self.line.cut();
        (self.solver).ask(self.line.position().origins(), self.line.step(), wanted);
    }

    /// Slides `mv` by hand: along the line when it is the next move there, else on a line of
    /// the person's own (a solve still running for the old line is stopped). The clock starts
    /// with the first move.
    pub fn play(&mut self, mv: Move, now: Duration) {
        self.play_sliding(mv, now, self.animation.duration);
    }

    /// Makes `mv` by hand where the person already carried the piece (a drag let go): the
    /// same as [`Playback::play`] with no slide to show.
    pub fn play_dropped(&mut self, mv: Move, now: Duration) {
        self.play_sliding(mv, now, Duration::ZERO);
    }

    fn play_sliding(&mut self, mv: Move, now: Duration, duration: Duration) {
        self.message = None;
        self.animation.autoplay = None;
        let from = self.line.position().origins()[mv.piece];
        // Of several moves made before a solve could measure the first (a line of tiles slid
        // at once), the last distance known is the one the trend compares with.
        self.distance_before = self.distance().or(self.distance_before);
        if self.line.play(&self.puzzle, mv) == Played::Branched {
            self.solver.leave();
            if self.puzzle.board().cells() <= LIVE_DISTANCE_CELLS && !self.solved() {
                self.ask(Wanted::Distance);
            }
        }
        self.slide_here(mv.piece, from, now, duration);
        self.clock.moved(now);
        self.check_solved(now, true);
    }

    /// A click on `piece` that cannot move: it shakes.
    pub fn refuse(&mut self, piece: usize, now: Duration) {
        self.animation.shake = Some((piece, now));
    }

    /// Jumps to `step` at once (the scrubber, `End`); autoplay goes on from there.
    pub fn seek(&mut self, step: usize, now: Duration) {
        self.distance_before = None;
        self.line.seek(&self.puzzle, step);
        self.animation.slide = None;
        self.animation.resume_from(self.line.step(), now);
        self.clock.solver_plays(now);
        self.check_solved(now, false);
    }

    /// One rung faster (`faster`) or slower; autoplay keeps its step and takes the new pace.
    pub fn change_speed(&mut self, faster: bool, now: Duration) {
        self.animation.change_speed(faster, self.line.step(), now);
    }

    /// Whether there is a goal to show in place of the position (the `G` key): the goal
    /// layout, or on a board with a master piece, where it must go.
    pub fn has_goal_view(&self) -> bool {
        self.marks.master.is_some() || self.goal_layout().is_some()
    }

    /// A line to show in place of the status until the next action (an error, say).
    pub fn tell(&mut self, message: String) {
        self.message = Some(message);
    }

    /// Takes back the line told: the status shows again.
    pub fn untell(&mut self) {
        self.message = None;
    }

    /// Shows the next move; a slide still running jumps to its end first.
    fn next(&mut self, now: Duration, duration: Duration) {
        let from = self.line.position().origins();
        if let Some(mv) = self.line.ahead() {
            let from = from[mv.piece];
            // Redoing the person's own move is theirs; a move of the solver's stops their clock.
            let by_hand = self.line.ahead_by_hand();
            if by_hand {
                self.clock.moved(now);
            } else {
                self.clock.solver_plays(now);
            }
            self.line.forward(&self.puzzle);
            self.slide_here(mv.piece, from, now, duration);
            self.check_solved(now, by_hand);
        }
    }

    /// Starts `piece`'s slide at `now`, from its origin `from` to where the line's position
    /// puts it now.
    fn slide_here(&mut self, piece: usize, from: usize, now: Duration, duration: Duration) {
        self.animation.slide = Some(Motion {
            piece,
            from,
            to: self.line.position().origins()[piece],
            started: now,
            duration,
        });
    }

    fn slide(&mut self, mv: Move, now: Duration, duration: Duration) {
        let to = self.line.position().origins()[mv.piece];
        let from =
            self.puzzle
                .board()
                .step(self.puzzle.pieces()[mv.piece].shape, to, mv.dir.opposite());
        self.animation.slide = from.map(|from| Motion {
            piece: mv.piece,
            from,
            to,
            started: now,
            duration,
        });
        self.check_solved(now, false);
    }

    /// Stops the person's clock on a goal they reached (`by_hand`), and forgets their win off
    /// it.
    fn check_solved(&mut self, now: Duration, by_hand: bool) {
        let solved = self.solved();
        self.clock.check(solved, by_hand, now);
    }

    /// Advances autoplay to `now`: every move due by then is made, the last one sliding; at the
    /// top speed that is several moves a frame.
    pub fn tick(&mut self, now: Duration) {
        let Some((began, from)) = self.animation.autoplay else {
            return;
        };
        let due = from + self.animation.speed.moves_after(now.saturating_sub(began));
        let per_move = self.animation.speed.per_move();
        let duration = per_move.min(self.animation.duration);
        while self.line.step() + 1 < due.min(self.line.len()) {
            self.line.forward(&self.puzzle);
        }
        if self.line.step() < due.min(self.line.len()) {
            let k = (self.line.step() - from) as u32;
            let started = (began + per_move * k).min(now);
            self.next(started, duration);
        }
        // At the end of the line (a fast slide may have ended within this very tick, and no
        // later frame would come to see it) autoplay waits for the solver or stops.
        if self.line.step() >= self.line.len() {
            if self.solver.solving() {
                // Waiting for the solver: the next move plays as soon as it arrives.
                self.animation.autoplay = Some((now, self.line.step()));
            } else if !self.animation.sliding(now) {
                self.animation.autoplay = None;
            }
        }
        self.check_solved(now, false);
    }

    /// Whether frames after `now` will differ from the one at `now`.
    pub fn moving(&self, now: Duration) -> bool {
        self.animation.sliding(now)
            || self.animation.shaking(now)
            || self.celebrating(now).is_some()
            || (self.animation.autoplay.is_some() && self.line.step() < self.line.len())
    }

    /// How far the celebration of a solved board has gone, while it runs.
    pub fn celebrating(&self, now: Duration) -> Option<f32> {
        self.clock.celebrating(now)
    }

    /// The fewest moves left from the position shown, as the game's players count them, once
    /// a proven shortest solution from here (or from before it, along the line) is known.
    pub fn distance(&self) -> Option<usize> {
        // The line is shortest from the step its solve began at, and not before it.
        let along = self.line.step() >= self.solver.from_step;
        match self.solver.verdict {
            Some(Verdict::Solved { optimal: true }) if along => {
                let left = self.line.step()..self.line.len();
                Some(self.line.counted(self.natural, left, false))
            }
            _ if self.solved() => Some(0),
            _ => None,
        }
    }

    /// The distance left and whether the person's last move brought the goal nearer, once
    /// both are known.
    pub fn trend(&self) -> Option<(usize, Trend)> {
        let (before, now) = (self.distance_before?, self.distance()?);
        let trend = match now.cmp(&before) {
            std::cmp::Ordering::Less => Trend::Closer,
            std::cmp::Ordering::Equal => Trend::Level,
            std::cmp::Ordering::Greater => Trend::Farther,
        };
        Some((now, trend))
    }

    /// Moves the person made by hand to reach the position shown, hints they were shown, and
    /// the length of a proven shortest solution from the start when one is known, both moves
    /// counted as the game's players count them.
    pub fn score(&self) -> (usize, usize, Option<usize>) {
        let hand = self.line.counted(self.natural, 0..self.line.step(), true);
        (hand, self.hints, self.solver.shortest)
    }

    /// Whether the person solved the board shown.
    pub fn won(&self) -> bool {
        self.clock.won()
    }

    /// The move the hint points at, while the position it was given for is shown.
    pub fn hinted(&self) -> Option<Move> {
        self.solver
            .hint
            .filter(|&(step, mv)| step == self.line.step() && self.line.ahead() == Some(mv))
            .map(|(_, mv)| mv)
    }

    /// When the clock shown next changes, while it runs.
    pub fn next_tick(&self, now: Duration) -> Option<Duration> {
        self.clock.next_tick(now)
    }
}

#[cfg(test)]
mod tests;
