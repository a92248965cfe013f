//! Touching the board: which piece lies under a point, which way a drag points, and which way a
//! click on a piece slides it. Pure functions of the layout and the position.

use crate::engine::geometry::Dir;
use crate::engine::puzzle::{Cell, Move, Position, Puzzle};
use crate::gui::layout::ScreenLayout;

/// A drag must go this share of a cell before it slides the piece.
pub const DRAG_THRESHOLD: f32 = 0.4;

/// The cell under (`x`, `y`), physical pixels, if the point is on the board.
pub fn cell_at(layout: &ScreenLayout, puzzle: &Puzzle, x: f32, y: f32) -> Option<usize> {
    if layout.cell <= 0.0 {
        return None;
    }
    let col = ((x - layout.origin.0) / layout.cell).floor();
    let row = ((y - layout.origin.1) / layout.cell).floor();
    let board = &puzzle.board;
    let inside = row >= 0.0 && col >= 0.0 && (row as usize) < board.rows();
    (inside && (col as usize) < board.cols()).then(|| board.cell(row as usize, col as usize))
}

/// The piece under (`x`, `y`) in `position`, if any.
pub fn piece_at(
    layout: &ScreenLayout,
    puzzle: &Puzzle,
    position: &Position,
    x: f32,
    y: f32,
) -> Option<usize> {
    match position.at(cell_at(layout, puzzle, x, y)?) {
        Cell::Piece(piece) => Some(piece),
        Cell::Empty | Cell::Wall => None,
    }
}

/// The way a drag of (`dx`, `dy`) pixels points once it has gone `threshold` pixels along its
/// main axis; `None` before that.
pub fn drag_dir(dx: f32, dy: f32, threshold: f32) -> Option<Dir> {
    if dx.abs().max(dy.abs()) < threshold {
        return None;
    }
    Some(if dx.abs() >= dy.abs() {
        if dx > 0.0 { Dir::Right } else { Dir::Left }
    } else if dy > 0.0 {
        Dir::Down
    } else {
        Dir::Up
    })
}

/// The slide a click on `piece` at (`x`, `y`) asks for: its one legal move, or of several the
/// one pointing most nearly from the piece's centre to the click. `None` when it cannot move.
pub fn click_move(
    layout: &ScreenLayout,
    puzzle: &Puzzle,
    position: &Position,
    piece: usize,
    (x, y): (f32, f32),
) -> Option<Move> {
    let shape = puzzle.pieces[piece].shape;
    let (row, col) = puzzle.board.row_col(position.origins()[piece]);
    let (cx, cy) = layout
        .cells(row as f32, col as f32, shape.rows, shape.cols)
        .centre();
    let toward = |mv: &Move| {
        let (dr, dc) = mv.dir.delta();
        dc as f32 * (x - cx) + dr as f32 * (y - cy)
    };
    (Dir::ALL.into_iter())
        .map(|dir| Move { piece, dir })
        .filter(|&mv| puzzle.can_move(position, mv))
        .max_by(|a, b| toward(a).total_cmp(&toward(b)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::numeric::NumericPuzzle;

    /// 3x3 with a 1x2 block (5 6) on the bottom row and blanks at (1,1) and (1,2).
    fn sample() -> (Puzzle, ScreenLayout) {
        let numeric: NumericPuzzle = "3 3\n1 2 3\n4 0 0\n7 5 6\n1\n5 1*2\n".parse().unwrap();
        (numeric.engine(), ScreenLayout::new(800, 600, 1.0, 3, 3))
    }

    fn centre(layout: &ScreenLayout, row: usize, col: usize) -> (f32, f32) {
        layout.cells(row as f32, col as f32, 1, 1).centre()
    }

    #[test]
    fn points_map_to_cells_and_pieces_and_off_board_to_nothing() {
        let (puzzle, layout) = sample();
        let position = puzzle.start_position();
        let label = |(x, y): (f32, f32)| {
            piece_at(&layout, &puzzle, &position, x, y).map(|p| puzzle.pieces[p].label())
        };
        assert_eq!(label(centre(&layout, 0, 0)), Some(1));
        assert_eq!(
            label(centre(&layout, 2, 2)),
            Some(5),
            "the block's right half"
        );
        assert_eq!(label(centre(&layout, 1, 1)), None, "a blank");
        let (ox, oy) = layout.origin;
        assert_eq!(
            cell_at(&layout, &puzzle, ox, oy),
            Some(0),
            "top-left corner"
        );
        assert_eq!(cell_at(&layout, &puzzle, ox - 1.0, oy), None);
        let far = ox + 3.0 * layout.cell;
        assert_eq!(
            cell_at(&layout, &puzzle, far, oy),
            None,
            "right edge is outside"
        );
        assert_eq!(cell_at(&layout, &puzzle, far - 1.0, oy), Some(2));
    }

    #[test]
    fn drags_point_along_their_main_axis_past_the_threshold() {
        assert_eq!(drag_dir(3.0, 1.0, 10.0), None);
        assert_eq!(drag_dir(12.0, 5.0, 10.0), Some(Dir::Right));
        assert_eq!(drag_dir(-12.0, 11.0, 10.0), Some(Dir::Left));
        assert_eq!(drag_dir(2.0, -30.0, 10.0), Some(Dir::Up));
        assert_eq!(drag_dir(0.0, 10.0, 10.0), Some(Dir::Down));
    }

    #[test]
    fn a_click_picks_the_legal_slide_nearest_its_side() {
        let (puzzle, layout) = sample();
        let position = puzzle.start_position();
        let piece = |label| {
            (puzzle.pieces.iter())
                .position(|p| p.label() == label)
                .unwrap()
        };
        let click = |label, at| click_move(&layout, &puzzle, &position, piece(label), at);
        // 2 can only go down; a click anywhere on it does that.
        let two = centre(&layout, 0, 1);
        assert_eq!(click(2, two).map(|m| m.dir), Some(Dir::Down));
        // The block can only go up.
        assert_eq!(
            click(5, centre(&layout, 2, 2)).map(|m| m.dir),
            Some(Dir::Up)
        );
        // 1 and 7 are stuck: nothing (the caller shakes them).
        assert_eq!(click(1, centre(&layout, 0, 0)), None);
        assert_eq!(click(7, centre(&layout, 2, 0)), None);
        // 4 can go right only.
        assert_eq!(
            click(4, centre(&layout, 1, 0)).map(|m| m.dir),
            Some(Dir::Right)
        );
        // With 2 moved down, 3 can go left or down: the side clicked decides.
        let mut moved = position.clone();
        puzzle.apply(
            &mut moved,
            Move {
                piece: piece(2),
                dir: Dir::Down,
            },
        );
        let three = centre(&layout, 0, 2);
        let pick = |dx: f32, dy: f32| {
            click_move(
                &layout,
                &puzzle,
                &moved,
                piece(3),
                (three.0 + dx, three.1 + dy),
            )
            .map(|m| m.dir)
        };
        assert_eq!(pick(-10.0, 2.0), Some(Dir::Left));
        assert_eq!(pick(1.0, 10.0), Some(Dir::Down));
    }
}
