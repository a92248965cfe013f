//! Where the playback model draws things at a given time: each piece (sliding or shaking) and
//! the open cells beneath the pieces; and the goal, which the board shows in their place
//! while `G` is held.

use super::{DrawnPiece, Playback};
use crate::model::animation::SHAKE;
use crate::model::tween;
use klotski_core::engine::puzzle::{Cell, Position};
use std::time::Duration;

impl Playback {
    /// Where each piece is drawn at `now`.
    pub fn placements(&self, now: Duration) -> impl Iterator<Item = DrawnPiece> + '_ {
        let cols = self.puzzle.board().cols();
        let at = move |cell: usize| ((cell / cols) as f32, (cell % cols) as f32);
        let origins = self.line.position().origins().to_vec();
        origins.into_iter().enumerate().map(move |(piece, origin)| {
            let (mut row, mut col) = at(origin);
            if let Some(s) = self.animation.slide.filter(|s| s.piece == piece) {
                let t = tween::progress(now.saturating_sub(s.started), s.duration);
                let (from_row, from_col) = at(s.from);
                let (to_row, to_col) = at(s.to);
                row = tween::lerp(from_row, to_row, t);
                col = tween::lerp(from_col, to_col, t);
            }
            if let Some((_, at)) = self.animation.shake.filter(|&(p, _)| p == piece) {
                let t = now.saturating_sub(at).as_secs_f32() / SHAKE.as_secs_f32();
                if t < 1.0 {
                    col += 0.08 * (t * std::f32::consts::TAU * 3.0).sin() * (1.0 - t);
                }
            }
            DrawnPiece { piece, row, col }
        })
    }

    /// Where each piece is drawn in the goal view: at rest in the goal layout, or where it
    /// stands where the goal is a cover (the master's target drawn over them).
    pub fn goal_placements(&self) -> impl Iterator<Item = DrawnPiece> + '_ {
        let cols = self.puzzle.board().cols();
        let shown = self.goal_or_position();
        let origins = shown.origins().to_vec();
        origins
            .into_iter()
            .enumerate()
            .map(move |(piece, origin)| DrawnPiece {
                piece,
                row: (origin / cols) as f32,
                col: (origin % cols) as f32,
            })
    }

    /// The goal layout, when the goal is one placement.
    pub(super) fn goal_layout(&self) -> Option<Position> {
        let target = self.problem.as_ref()?.placement()?;
        self.puzzle.position(target).ok()
    }

    /// The position the goal view draws: the goal layout, else the position played.
    fn goal_or_position(&self) -> Position {
        (self.goal_layout()).unwrap_or_else(|| self.line.position().clone())
    }

    /// Cells where the board shows at `now`: the empty ones and, while a block slides, the
    /// cells it leaves and enters. Only these need drawing beneath the pieces.
    pub fn open_cells(&self, now: Duration) -> Vec<usize> {
        let board = self.puzzle.board();
        let shown = self.line.position();
        let mut open = self.empty_cells(shown);
        if let Some(s) = self.animation.slide.filter(|_| self.animation.sliding(now)) {
            let shape = self.puzzle.pieces()[s.piece].shape;
            open.extend(board.footprint(shape, s.from));
            open.extend(board.footprint(shape, s.to));
        }
        let shaken = self.animation.shake.filter(|_| self.animation.shaking(now));
        if let Some((piece, _)) = shaken {
            let shape = self.puzzle.pieces()[piece].shape;
            open.extend(board.footprint(shape, shown.origins()[piece]));
        }
        open.sort_unstable();
        open.dedup();
        open
    }

    /// The cells the goal view leaves empty.
    pub fn goal_open_cells(&self) -> Vec<usize> {
        self.empty_cells(&self.goal_or_position())
    }

    /// The empty cells of `position`, in order.
    fn empty_cells(&self, position: &Position) -> Vec<usize> {
        (0..self.puzzle.board().cells())
            .filter(|&c| position.at(c) == Cell::Empty)
            .collect()
    }
}
