//! The timeline: every move from the start as one line, the step shown on it, and the position
//! there. Undo, redo, the solution's Next and Previous and the scrubber all walk this one line;
//! a move by hand that leaves it cuts off what lay ahead.

use crate::model::count::Count;
use klotski_core::engine::puzzle::{Move, Position, Puzzle};
use std::ops::Range;

/// Moves from the start, the step shown and the position after it.
#[derive(Clone, Debug)]
pub struct Timeline {
    moves: Vec<Move>,
    /// Per move on the line: whether the person made it (the solver's moves are not theirs).
    by_hand: Vec<bool>,
    step: usize,
    position: Position,
}

/// What a move by hand did to the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// It was the next move on the line already: the moves ahead stay.
    Followed,
    /// It left the line: the moves that lay ahead are gone.
    Branched,
}

impl Timeline {
    /// The start of `puzzle`, no moves.
    pub fn new(puzzle: &Puzzle) -> Timeline {
        Timeline {
            moves: Vec::new(),
            by_hand: Vec::new(),
            step: 0,
            position: puzzle.start_position(),
        }
    }

    /// The line of `moves` (each with whether the person made it) from the start of `puzzle`,
    /// at its end. The moves must be legal one after another.
    pub fn replayed(puzzle: &Puzzle, moves: &[(Move, bool)]) -> Timeline {
        let mut line = Timeline::new(puzzle);
        for &(mv, by_hand) in moves {
            puzzle.apply(&mut line.position, mv);
            line.moves.push(mv);
            line.by_hand.push(by_hand);
        }
        line.step = moves.len();
        line
    }

    /// The moves to the position shown, each with whether the person made it.
    pub fn made(&self) -> Vec<(Move, bool)> {
        let made = self.moves[..self.step].iter().copied();
        made.zip(self.by_hand[..self.step].iter().copied())
            .collect()
    }

    /// The moves on the line.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Moves made to reach the position shown.
    pub fn step(&self) -> usize {
        self.step
    }

    /// Moves on the line.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the line has no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The position after [`Timeline::step`] moves.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The move after the position shown, if the line goes on.
    pub fn ahead(&self) -> Option<Move> {
        self.moves.get(self.step).copied()
    }

    /// Adds `mv` at the far end of the line (the solver's next move).
    pub fn push(&mut self, mv: Move) {
        self.moves.push(mv);
        self.by_hand.push(false);
    }

    /// Drops the moves after the position shown.
    pub fn cut(&mut self) {
        self.moves.truncate(self.step);
        self.by_hand.truncate(self.step);
    }

    /// Whether the next move on the line is one the person made (and undid).
    pub fn ahead_by_hand(&self) -> bool {
        self.by_hand.get(self.step).copied().unwrap_or(false)
    }

    /// The line's moves in `span` (cut at its end), counted by `count`: under
    /// [`Count::Pieces`] one piece's moves in a row are one move (the first of the span counts
    /// whatever came before it); `hand_only` counts only the person's (a solver's move between
    /// two of theirs splits them).
    pub fn counted(&self, count: Count, span: Range<usize>, hand_only: bool) -> usize {
        let span = span.start.min(self.moves.len())..span.end.min(self.moves.len());
        let first = span.start;
        span.filter(|&i| !hand_only || self.by_hand[i])
            .filter(|&i| {
                let joined = i > first && (!hand_only || self.by_hand[i - 1]);
                count == Count::Cells || !(joined && self.moves[i - 1].piece == self.moves[i].piece)
            })
            .count()
    }

    /// Makes the next move on the line; returns it, or `None` at the end.
    pub fn forward(&mut self, puzzle: &Puzzle) -> Option<Move> {
        let mv = self.ahead()?;
        puzzle.apply(&mut self.position, mv);
        self.step += 1;
        Some(mv)
    }

    /// Takes back the last move made; returns the move that undid it, or `None` at the start.
    pub fn back(&mut self, puzzle: &Puzzle) -> Option<Move> {
        let undo = self.moves[..self.step].last()?.reversed();
        puzzle.apply(&mut self.position, undo);
        self.step -= 1;
        Some(undo)
    }

    /// Makes the legal move `mv` by hand: along the line if it is the next move there, else
    /// on a new line that leaves the old one at the position shown.
    pub fn play(&mut self, puzzle: &Puzzle, mv: Move) -> Played {
        if self.ahead() == Some(mv) {
            self.by_hand[self.step] = true;
            self.forward(puzzle);
            return Played::Followed;
        }
        self.cut();
        self.moves.push(mv);
        self.by_hand.push(true);
        self.forward(puzzle);
        Played::Branched
    }

    /// Shows step `step` (clamped to the line), walking there from the nearer of the start and
    /// the step shown now.
    pub fn seek(&mut self, puzzle: &Puzzle, step: usize) {
        let step = step.min(self.moves.len());
        if step < self.step / 2 {
            self.position = puzzle.start_position();
            self.step = 0;
        }
        while self.step < step {
            self.forward(puzzle);
        }
        while self.step > step {
            self.back(puzzle);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use klotski_core::engine::geometry::Dir;
    use klotski_puzzles::numeric::NumericPuzzle;

    fn row() -> Puzzle {
        let numeric: NumericPuzzle = "1 3\n0 1 2\n0\n".parse().unwrap();
        numeric.puzzle()
    }

    fn mv(piece: usize, dir: Dir) -> Move {
        Move { piece, dir }
    }

    #[test]
    fn undo_redo_and_seek_walk_one_line() {
        let puzzle = row();
        let mut line = Timeline::new(&puzzle);
        line.push(mv(0, Dir::Left));
        line.push(mv(1, Dir::Left));
        assert_eq!(line.forward(&puzzle), Some(mv(0, Dir::Left)));
        assert_eq!(line.forward(&puzzle), Some(mv(1, Dir::Left)));
        assert_eq!(line.forward(&puzzle), None);
        assert_eq!(line.position().origins(), &[0, 1]);
        assert_eq!(line.back(&puzzle), Some(mv(1, Dir::Right)));
        assert_eq!(line.position().origins(), &[0, 2]);
        line.seek(&puzzle, 0);
        assert_eq!(line.position().origins(), &[1, 2]);
        assert_eq!(line.back(&puzzle), None);
        line.seek(&puzzle, 99);
        assert_eq!((line.step(), line.position().origins()), (2, &[0, 1][..]));
    }

    #[test]
    fn a_hand_move_follows_the_line_or_cuts_it() {
        let puzzle = row();
        let mut line = Timeline::new(&puzzle);
        line.push(mv(0, Dir::Left));
        line.push(mv(1, Dir::Left));
        assert_eq!(line.play(&puzzle, mv(0, Dir::Left)), Played::Followed);
        assert_eq!(line.len(), 2, "the move ahead is kept");
        line.back(&puzzle);
        // From the start only tile 1 can move; take the line back and branch from step 1.
        line.forward(&puzzle);
        assert_eq!(line.play(&puzzle, mv(0, Dir::Right)), Played::Branched);
        assert_eq!(line.moves(), &[mv(0, Dir::Left), mv(0, Dir::Right)]);
        assert_eq!(line.step(), 2);
        assert_eq!(line.position().origins(), &[1, 2]);
    }

    #[test]
    fn one_pieces_moves_in_a_row_are_one_piece_move() {
        // _ _ 1 2: tile 1 left twice is one piece move by hand; the solver's tile 2 after it.
        let numeric: NumericPuzzle = "1 4\n0 0 1 2\n0\n".parse().unwrap();
        let puzzle = numeric.puzzle();
        let mut line = Timeline::new(&puzzle);
        line.play(&puzzle, mv(0, Dir::Left));
        line.play(&puzzle, mv(0, Dir::Left));
        line.push(mv(1, Dir::Left));
        line.forward(&puzzle);
        let pieces = |line: &Timeline, hand| line.counted(Count::Pieces, 0..line.step(), hand);
        assert_eq!((pieces(&line, true), pieces(&line, false)), (1, 2));
        assert_eq!(
            line.counted(Count::Cells, 0..3, false),
            3,
            "every cell counts"
        );
        assert_eq!(
            line.counted(Count::Cells, 0..3, true),
            2,
            "the person's two"
        );
        assert_eq!(
            line.counted(Count::Pieces, 0..9, false),
            2,
            "no further than the line"
        );
        assert_eq!(
            line.counted(Count::Pieces, 1..3, false),
            2,
            "a span starts a move"
        );
        line.seek(&puzzle, 1);
        assert_eq!((pieces(&line, true), pieces(&line, false)), (1, 1));
        line.seek(&puzzle, 0);
        assert_eq!(pieces(&line, false), 0);
    }
}
