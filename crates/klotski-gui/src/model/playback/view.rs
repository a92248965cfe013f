//! Where the playback model draws things at a given time: each piece (sliding, shaking, or at
//! the goal while `G` is held) and the open cells beneath the pieces.

use super::{DrawnPiece, Playback, SHAKE};
use crate::model::tween;
use klotski_core::engine::puzzle::{Cell, Position};
use std::time::Duration;

impl Playback {
    /// Where each piece is drawn at `now`.
    pub fn placements(&self, now: Duration) -> impl Iterator<Item = DrawnPiece> + '_ {
        let cols = self.puzzle.board().cols();
        let at = move |cell: usize| ((cell / cols) as f32, (cell % cols) as f32);
        let shown = self.shown();
        let origins = shown.origins().to_vec();
        let goal = self.goal_shown;
        origins.into_iter().enumerate().map(move |(piece, origin)| {
            let (mut row, mut col) = at(origin);
            if let Some(s) = self.slide.filter(|s| s.piece == piece && !goal) {
                let t = tween::progress(now.saturating_sub(s.started), s.duration);
                let (from_row, from_col) = at(s.from);
                let (to_row, to_col) = at(s.to);
                row = tween::lerp(from_row, to_row, t);
                col = tween::lerp(from_col, to_col, t);
            }
            if let Some((_, at)) = self.shake.filter(|&(p, _)| p == piece && !goal) {
                let t = now.saturating_sub(at).as_secs_f32() / SHAKE.as_secs_f32();
                if t < 1.0 {
                    col += 0.08 * (t * std::f32::consts::TAU * 3.0).sin() * (1.0 - t);
                }
            }
            DrawnPiece { piece, row, col }
        })
    }

    /// The goal layout to show while `G` is held, when the goal is one placement.
    pub(super) fn goal_layout(&self) -> Option<Position> {
        let target = self.problem.as_ref()?.placement()?;
        self.puzzle.position(target).ok()
    }

    /// The position drawn: the goal layout while `G` is held, else the position shown.
    fn shown(&self) -> Position {
        let goal = self.goal_shown.then(|| self.goal_layout());
        goal.flatten()
            .unwrap_or_else(|| self.line.position().clone())
    }

    /// Cells where the board shows at `now`: the empty ones and, while a block slides, the
    /// cells it leaves and enters. Only these need drawing beneath the pieces.
    pub fn open_cells(&self, now: Duration) -> Vec<usize> {
        let board = self.puzzle.board();
        let shown = self.shown();
        let mut open: Vec<usize> = (0..board.cells())
            .filter(|&c| shown.at(c) == Cell::Empty)
            .collect();
        if let Some(s) = self.slide.filter(|_| self.sliding(now) && !self.goal_shown) {
            let shape = self.puzzle.pieces()[s.piece].shape;
            open.extend(board.footprint(shape, s.from));
            open.extend(board.footprint(shape, s.to));
        }
        if let Some((piece, _)) = self.shake.filter(|&(_, at)| now.saturating_sub(at) < SHAKE) {
            let shape = self.puzzle.pieces()[piece].shape;
            open.extend(board.footprint(shape, shown.origins()[piece]));
        }
        open.sort_unstable();
        open.dedup();
        open
    }
}
