//! Playback: the solution as far as the solver has sent it, the step shown, the running slide
//! and autoplay. Time is passed in, so what a frame shows is a pure function of it.

use crate::engine::puzzle::{Cell, Move, Position, Puzzle};
use crate::gui::action::Action;
use crate::gui::events::{SolverEvent, Verdict};
use crate::gui::show::Marks;
use crate::gui::tween;
use std::time::Duration;

/// A block sliding from one origin cell to the next.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Motion {
    piece: usize,
    from: usize,
    to: usize,
    started: Duration,
}

/// Where a piece is drawn: its top-left cell, fractional while it slides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Index into the puzzle's pieces.
    pub piece: usize,
    /// Row of its top-left corner.
    pub row: f32,
    /// Column of its top-left corner.
    pub col: f32,
}

/// The playback model.
#[derive(Clone, Debug)]
pub struct Playback {
    puzzle: Puzzle,
    marks: Marks,
    moves: Vec<Move>,
    verdict: Verdict,
    step: usize,
    position: Position,
    slide: Option<Motion>,
    autoplay: bool,
    duration: Duration,
}

impl Playback {
    /// The start of `puzzle`, no moves known yet; each slide takes `duration`.
    pub fn new(puzzle: Puzzle, duration: Duration) -> Playback {
        let position = puzzle.start_position();
        Playback {
            puzzle,
            marks: Marks::default(),
            moves: Vec::new(),
            verdict: Verdict::Solving { states: 0 },
            step: 0,
            position,
            slide: None,
            autoplay: false,
            duration,
        }
    }

    /// The same playback with goal cells and a master piece to draw.
    pub fn with_marks(mut self, marks: Marks) -> Playback {
        self.marks = marks;
        self
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The goal cells and master piece drawn on the board.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// Takes in what the solver thread sent: progress, the next move, or the verdict.
    pub fn receive(&mut self, event: SolverEvent) {
        match event {
            SolverEvent::Progress(states) => self.verdict = Verdict::Solving { states },
            SolverEvent::Move(mv) => self.moves.push(mv),
            SolverEvent::Verdict(verdict) => self.verdict = verdict,
        }
    }

    /// Moves shown so far.
    pub fn step(&self) -> usize {
        self.step
    }

    /// Moves known.
    pub fn total(&self) -> usize {
        self.moves.len()
    }

    /// Whether autoplay is on.
    pub fn autoplay(&self) -> bool {
        self.autoplay
    }

    /// Whether `action` would do anything now.
    pub fn can(&self, action: Action) -> bool {
        match action {
            Action::Next => self.step < self.moves.len(),
            Action::PlayPause => self.step < self.moves.len() || self.autoplay,
            Action::Previous | Action::Restart => self.step > 0,
        }
    }

    /// Does `action` at time `now`.
    pub fn act(&mut self, action: Action, now: Duration) {
        match action {
            Action::Next => self.next(now),
            Action::Previous => self.previous(now),
            Action::PlayPause => {
                self.autoplay = !self.autoplay && self.can(Action::Next);
                if self.autoplay && !self.sliding(now) {
                    self.next(now);
                }
            }
            Action::Restart => {
                self.step = 0;
                self.position = self.puzzle.start_position();
                self.slide = None;
                self.autoplay = false;
            }
        }
    }

    /// Shows the next move; a slide still running jumps to its end first.
    fn next(&mut self, now: Duration) {
        if let Some(&mv) = self.moves.get(self.step) {
            self.slide_by(mv, now);
            self.step += 1;
        }
    }

    /// Takes back the last move shown.
    fn previous(&mut self, now: Duration) {
        if self.step > 0 {
            self.step -= 1;
            self.slide_by(self.moves[self.step].reversed(), now);
            self.autoplay = false;
        }
    }

    fn slide_by(&mut self, mv: Move, now: Duration) {
        let from = self.position.origins()[mv.piece];
        self.puzzle.apply(&mut self.position, mv);
        let to = self.position.origins()[mv.piece];
        self.slide = Some(Motion {
            piece: mv.piece,
            from,
            to,
            started: now,
        });
    }

    fn sliding(&self, now: Duration) -> bool {
        self.slide
            .is_some_and(|s| now.saturating_sub(s.started) < self.duration)
    }

    /// Advances autoplay to `now`: the next slide starts when the last one ends.
    pub fn tick(&mut self, now: Duration) {
        if self.autoplay && !self.sliding(now) {
            if self.step < self.moves.len() {
                let ended = self
                    .slide
                    .map_or(now, |s| (s.started + self.duration).min(now));
                self.next(ended);
            } else if !matches!(self.verdict, Verdict::Solving { .. }) {
                self.autoplay = false;
            }
        }
    }

    /// Whether frames after `now` will differ from the one at `now`.
    pub fn moving(&self, now: Duration) -> bool {
        self.sliding(now) || (self.autoplay && self.step < self.moves.len())
    }

    /// Where each piece is drawn at `now`.
    pub fn placements(&self, now: Duration) -> impl Iterator<Item = Placement> + '_ {
        let cols = self.puzzle.board.cols();
        let at = move |cell: usize| ((cell / cols) as f32, (cell % cols) as f32);
        self.position
            .origins()
            .iter()
            .enumerate()
            .map(move |(piece, &origin)| {
                let (mut row, mut col) = at(origin);
                if let Some(s) = self.slide.filter(|s| s.piece == piece) {
                    let t = tween::progress(now.saturating_sub(s.started), self.duration);
                    let (from_row, from_col) = at(s.from);
                    let (to_row, to_col) = at(s.to);
                    row = tween::lerp(from_row, to_row, t);
                    col = tween::lerp(from_col, to_col, t);
                }
                Placement { piece, row, col }
            })
    }

    /// Cells where the board shows at `now`: the empty ones and, while a block slides, the
    /// cells it leaves and enters. Only these need drawing beneath the pieces.
    pub fn open_cells(&self, now: Duration) -> Vec<usize> {
        let board = &self.puzzle.board;
        let mut open: Vec<usize> = (0..board.cells())
            .filter(|&c| self.position.at(c) == Cell::Empty)
            .collect();
        if let Some(s) = self.slide.filter(|_| self.sliding(now)) {
            let shape = self.puzzle.pieces[s.piece].shape;
            open.extend(board.footprint(shape, s.from));
            open.extend(board.footprint(shape, s.to));
            open.sort_unstable();
            open.dedup();
        }
        open
    }

    /// The status line: the solver's progress, or the step, the last move and the verdict.
    pub fn status(&self) -> String {
        match &self.verdict {
            Verdict::Solving { states } => format!("Solving... {states} states"),
            Verdict::NoSolution => "No solution".to_string(),
            Verdict::NoAnswer(why) => format!("No answer: {why}"),
            Verdict::Solved { optimal } => {
                let last = match self.step {
                    0 => "start".to_string(),
                    k => self.puzzle.describe(self.moves[k - 1]).to_string(),
                };
                let proof = if *optimal {
                    "proven optimal"
                } else {
                    "not proven optimal"
                };
                format!(
                    "step {} / {}   ·   {last}   ·   {proof}",
                    self.step,
                    self.moves.len()
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Dir;
    use crate::puzzles::numeric::NumericPuzzle;

    const MS: Duration = Duration::from_millis(1);

    /// Sample 3: 5 and 6 form a 1x2 block that slides up once.
    fn sample() -> Playback {
        let numeric: NumericPuzzle = "3 3\n1 2 3\n4 0 0\n7 5 6\n1\n5 1*2\n".parse().unwrap();
        let puzzle = numeric.engine();
        let mut p = Playback::new(puzzle, 200 * MS);
        p.receive(SolverEvent::Move(Move {
            piece: 4,
            dir: Dir::Up,
        }));
        p.receive(SolverEvent::Verdict(Verdict::Solved { optimal: true }));
        p
    }

    fn place(p: &Playback, now: Duration, piece: usize) -> (f32, f32) {
        let pl = p.placements(now).nth(piece).unwrap();
        (pl.row, pl.col)
    }

    #[test]
    fn next_slides_with_an_eased_tween_and_previous_slides_back() {
        let mut p = sample();
        assert_eq!(p.status(), "step 0 / 1   ·   start   ·   proven optimal");
        assert!(p.can(Action::Next) && !p.can(Action::Previous));
        assert_eq!(place(&p, Duration::ZERO, 4), (2.0, 1.0));
        p.act(Action::Next, 1000 * MS);
        assert_eq!(place(&p, 1000 * MS, 4), (2.0, 1.0));
        assert_eq!(place(&p, 1050 * MS, 4), (2.0 - 0.0625, 1.0));
        assert_eq!(place(&p, 1100 * MS, 4), (1.5, 1.0));
        assert_eq!(place(&p, 1200 * MS, 4), (1.0, 1.0));
        assert!(p.moving(1199 * MS) && !p.moving(1200 * MS));
        assert_eq!(p.status(), "step 1 / 1   ·   5 U   ·   proven optimal");
        assert_eq!(
            p.open_cells(1100 * MS),
            vec![4, 5, 7, 8],
            "both ends of the slide"
        );
        assert_eq!(p.open_cells(1200 * MS), vec![7, 8], "at rest: the blanks");
        assert!(!p.can(Action::Next));
        p.act(Action::Next, 1300 * MS);
        assert_eq!(p.step(), 1, "next at the end does nothing");
        p.act(Action::Previous, 2000 * MS);
        assert_eq!(place(&p, 2100 * MS, 4), (1.5, 1.0));
        assert_eq!(place(&p, 2200 * MS, 4), (2.0, 1.0));
        assert_eq!(p.step(), 0);
    }

    #[test]
    fn next_during_a_tween_finishes_it_and_autoplay_runs_to_the_end() {
        let numeric: NumericPuzzle = "1 3\n0 1 2\n0\n".parse().unwrap();
        let mut p = Playback::new(numeric.engine(), 200 * MS);
        let left = |piece| Move {
            piece,
            dir: Dir::Left,
        };
        for mv in [left(0), left(1)] {
            p.receive(SolverEvent::Move(mv));
        }
        p.act(Action::Next, Duration::ZERO);
        p.act(Action::Next, 50 * MS);
        assert_eq!(
            place(&p, 50 * MS, 0),
            (0.0, 0.0),
            "first slide jumped to its end"
        );
        assert_eq!(place(&p, 150 * MS, 1), (0.0, 1.5));
        p.act(Action::Restart, 60 * MS);
        assert_eq!(place(&p, 60 * MS, 0), (0.0, 1.0));
        assert!(!p.moving(60 * MS));

        p.act(Action::PlayPause, Duration::ZERO);
        assert!(p.autoplay() && p.moving(Duration::ZERO));
        p.tick(100 * MS);
        assert_eq!(p.step(), 1);
        p.tick(250 * MS);
        assert_eq!(p.step(), 2, "the second slide starts when the first ends");
        assert_eq!(place(&p, 300 * MS, 1), (0.0, 1.5));
        p.tick(500 * MS);
        assert!(p.autoplay(), "still solving: more moves may come");
        p.receive(SolverEvent::Verdict(Verdict::Solved { optimal: true }));
        p.tick(500 * MS);
        assert!(!p.autoplay() && !p.moving(500 * MS));
    }

    #[test]
    fn status_tells_progress_and_verdicts() {
        let mut p = sample();
        p.receive(SolverEvent::Progress(42));
        assert_eq!(p.status(), "Solving... 42 states");
        p.receive(SolverEvent::Verdict(Verdict::NoSolution));
        assert_eq!(p.status(), "No solution");
    }
}
