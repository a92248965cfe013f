//! Touching the board: which piece lies under a point, where a dragged piece is drawn and the
//! moves it settles with, which way a click on a piece slides it (or the line of tiles before
//! it), and the move an arrow key makes. Pure functions of the layout and the position.

use crate::render::layout::ScreenLayout;
use klotski_core::engine::geometry::{Dir, Shape};
use klotski_core::engine::puzzle::{Cell, Move, Position, Puzzle};

/// A press that the pointer leaves by less than this share of a cell is a click, not a drag.
pub const CLICK_SLACK: f32 = 0.15;

/// The cell under (`x`, `y`), physical pixels, if the point is on the board.
pub fn cell_at(layout: &ScreenLayout, puzzle: &Puzzle, x: f32, y: f32) -> Option<usize> {
    if layout.cell <= 0.0 {
        return None;
    }
    let col = ((x - layout.origin.0) / layout.cell).floor();
    let row = ((y - layout.origin.1) / layout.cell).floor();
    let board = puzzle.board();
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

/// How many cells `piece` can slide from `position` in each direction of [`Dir::ALL`], one
/// legal move after another.
pub fn reach(puzzle: &Puzzle, position: &Position, piece: usize) -> [usize; 4] {
    Dir::ALL.map(|dir| {
        let mv = Move { piece, dir };
        let mut at = position.clone();
        let mut cells = 0;
        while puzzle.can_move(&at, mv) {
            puzzle.apply(&mut at, mv);
            cells += 1;
        }
        cells
    })
}

/// Where a held piece is drawn, in cells (rows, columns) from its place, once the pointer has
/// gone (`rows`, `cols`) cells from where it pressed: along the drag's main axis, and no
/// further than the piece can slide (`reach`, as [`reach`] gives it). The piece follows the
/// pointer and never overlaps another.
pub fn held_offset((rows, cols): (f32, f32), reach: [usize; 4]) -> (f32, f32) {
    let far = |dir: Dir| reach[Dir::ALL.iter().position(|&d| d == dir).expect("a dir")] as f32;
    if cols.abs() >= rows.abs() {
        (0.0, cols.clamp(-far(Dir::Left), far(Dir::Right)))
    } else {
        (rows.clamp(-far(Dir::Up), far(Dir::Down)), 0.0)
    }
}

/// A held piece turns a corner when the pointer has gone this share of a cell across the
/// axis it slides on. Larger than a click's slack, so that a straight drag that wavers a
/// little past a side opening keeps going straight.
pub const TURN_SLACK: f32 = 0.3;

/// Where a drag turns a corner: the piece is held `offset` cells from its place (as
/// [`held_offset`] gives it) within [`TURN_SLACK`] of a whole cell other than its own, and the
/// pointer, `moved` cells from where it pressed, has gone more than [`TURN_SLACK`] across that
/// axis. Gives the whole-cell offset to settle on (the caller plays it, checks that the piece
/// can go on that way from there, and carries on with the drag from the new place), or `None`
/// to keep to the axis.
pub fn corner((rows, cols): (f32, f32), moved: (f32, f32)) -> Option<(f32, f32)> {
    let whole = |along: f32| {
        let cells = along.round();
        (cells != 0.0 && (along - cells).abs() < TURN_SLACK).then_some(cells)
    };
    if cols != 0.0 {
        let cells = whole(cols)?;
        (moved.0.abs() > TURN_SLACK).then_some((0.0, cells))
    } else if rows != 0.0 {
        let cells = whole(rows)?;
        (moved.1.abs() > TURN_SLACK).then_some((cells, 0.0))
    } else {
        None
    }
}

/// Which way the pointer leads across a corner turned at `turn` (as [`corner`] gives it): the
/// sign of its offset across the axis the piece came along.
pub fn across(turn: (f32, f32), moved: (f32, f32)) -> Dir {
    if turn.1 != 0.0 {
        if moved.0 > 0.0 { Dir::Down } else { Dir::Up }
    } else if moved.1 > 0.0 {
        Dir::Right
    } else {
        Dir::Left
    }
}

/// The moves that settle `piece`, drawn `offset` cells from its place (as [`held_offset`]
/// gives it), on the nearest cell: one move per cell, none when it is let go nearer home.
pub fn settle(piece: usize, (rows, cols): (f32, f32)) -> Vec<Move> {
    let (cells, dir) = if cols != 0.0 {
        (
            cols.abs().round(),
            if cols > 0.0 { Dir::Right } else { Dir::Left },
        )
    } else {
        (
            rows.abs().round(),
            if rows > 0.0 { Dir::Down } else { Dir::Up },
        )
    };
    vec![Move { piece, dir }; cells as usize]
}

/// As in Fifteen, a click on a tile in a blank's row or column that cannot move itself: every
/// 1x1 tile from the blank's neighbour back to the clicked one slides one cell towards the
/// blank, the nearest first. Empty when no such line runs from `piece` to a blank.
pub fn line_slide(puzzle: &Puzzle, position: &Position, piece: usize) -> Vec<Move> {
    let board = puzzle.board();
    if puzzle.pieces()[piece].shape != Shape::UNIT {
        return Vec::new();
    }
    for dir in Dir::ALL {
        let mut line = vec![piece];
        let mut cell = position.origins()[piece];
        while let Some(next) = board.step(Shape::UNIT, cell, dir) {
            match position.at(next) {
                Cell::Empty => {
                    return line
                        .into_iter()
                        .rev()
                        .map(|piece| Move { piece, dir })
                        .collect();
                }
                Cell::Piece(p) if puzzle.pieces()[p].shape == Shape::UNIT => line.push(p),
                Cell::Piece(_) | Cell::Wall => break,
            }
            cell = next;
        }
    }
    Vec::new()
}

/// The move an arrow key asks for, as in Fifteen: the piece beside a blank slides into it in
/// direction `dir`; of several blanks, the first in reading order that such a piece borders.
pub fn key_move(puzzle: &Puzzle, position: &Position, dir: Dir) -> Option<Move> {
    let board = puzzle.board();
    (0..board.cells())
        .filter(|&cell| position.at(cell) == Cell::Empty)
        .find_map(|blank| {
            let from = board.step(Shape::UNIT, blank, dir.opposite())?;
            let Cell::Piece(piece) = position.at(from) else {
                return None;
            };
            let mv = Move { piece, dir };
            puzzle.can_move(position, mv).then_some(mv)
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
    let shape = puzzle.pieces()[piece].shape;
    let (row, col) = puzzle.board().row_col(position.origins()[piece]);
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
    use klotski_puzzles::numeric::NumericPuzzle;

    /// 3x3 with a 1x2 block (5 6) on the bottom row and blanks at (1,1) and (1,2).
    fn sample() -> (Puzzle, ScreenLayout) {
        let numeric: NumericPuzzle = "3 3\n1 2 3\n4 0 0\n7 5 6\n1\n5 1*2\n".parse().unwrap();
        (numeric.puzzle(), ScreenLayout::new(800, 600, 1.0, 3, 3))
    }

    /// The index of the piece whose label is `label`.
    fn labelled(puzzle: &Puzzle, label: u32) -> usize {
        (puzzle.pieces().iter())
            .position(|p| p.label() == label)
            .unwrap()
    }

    fn centre(layout: &ScreenLayout, row: usize, col: usize) -> (f32, f32) {
        layout.cells(row as f32, col as f32, 1, 1).centre()
    }

    #[test]
    fn points_map_to_cells_and_pieces_and_off_board_to_nothing() {
        let (puzzle, layout) = sample();
        let position = puzzle.start_position();
        let label = |(x, y): (f32, f32)| {
            piece_at(&layout, &puzzle, &position, x, y).map(|p| puzzle.pieces()[p].label())
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
    fn a_held_piece_follows_the_pointer_within_its_reach_and_settles_on_the_nearest_cell() {
        let (puzzle, _) = sample();
        let position = puzzle.start_position();
        let piece = |label| labelled(&puzzle, label);
        // 4 (row 1, column 0) can go right two cells, nowhere else.
        let reach_of_four = reach(&puzzle, &position, piece(4));
        assert_eq!(reach_of_four, [0, 2, 0, 0]);
        assert_eq!(held_offset((0.1, 0.55), reach_of_four), (0.0, 0.55));
        assert_eq!(
            held_offset((0.2, 3.0), reach_of_four),
            (0.0, 2.0),
            "no further"
        );
        assert_eq!(
            held_offset((0.0, -1.0), reach_of_four),
            (0.0, 0.0),
            "not left"
        );
        assert_eq!(
            held_offset((0.9, 0.3), reach_of_four),
            (0.0, 0.0),
            "not down"
        );
        // Let go at 0.4 of a cell it goes home; at 0.6 or a slow 1.0, one move; at 1.7, two.
        let right = Move {
            piece: piece(4),
            dir: Dir::Right,
        };
        assert_eq!(settle(piece(4), (0.0, 0.4)), vec![]);
        assert_eq!(settle(piece(4), (0.0, 0.6)), vec![right]);
        assert_eq!(settle(piece(4), (0.0, 1.0)), vec![right]);
        assert_eq!(settle(piece(4), (0.0, 1.7)), vec![right, right]);
        let up = Move {
            piece: piece(5),
            dir: Dir::Up,
        };
        assert_eq!(settle(piece(5), (-0.8, 0.0)), vec![up]);
    }

    #[test]
    fn a_drag_turns_a_corner_only_from_a_whole_cell_and_past_the_turn_slack() {
        // Held one cell down, the pointer gone 0.4 of a cell right: turn there, going right.
        assert_eq!(corner((1.0, 0.0), (1.1, 0.4)), Some((1.0, 0.0)));
        assert_eq!(across((1.0, 0.0), (1.1, 0.4)), Dir::Right);
        // Two cells left, the pointer gone up: turn after both, going up.
        assert_eq!(corner((0.0, -1.8), (-0.5, -2.0)), Some((0.0, -2.0)));
        assert_eq!(across((0.0, -2.0), (-0.5, -2.0)), Dir::Up);
        // Halfway between cells, not moved yet, or wavering within the slack: no turn.
        assert_eq!(corner((0.5, 0.0), (0.5, 0.9)), None);
        assert_eq!(corner((0.0, 0.0), (0.1, 0.9)), None);
        assert_eq!(corner((1.0, 0.0), (1.0, 0.25)), None);
    }

    #[test]
    fn a_click_down_a_line_of_tiles_slides_them_all_and_arrows_move_into_a_blank() {
        // One blank at the end of the top row: 1 2 3 0.
        let numeric: NumericPuzzle = "2 4\n1 2 3 0\n5 6 7 4\n0\n".parse().unwrap();
        let puzzle = numeric.puzzle();
        let position = puzzle.start_position();
        let piece = |label| labelled(&puzzle, label);
        let right = |label| Move {
            piece: piece(label),
            dir: Dir::Right,
        };
        assert_eq!(
            line_slide(&puzzle, &position, piece(1)),
            vec![right(3), right(2), right(1)]
        );
        let mut after = position.clone();
        for mv in line_slide(&puzzle, &position, piece(1)) {
            puzzle.apply(&mut after, mv);
        }
        assert_eq!(after.at(0), Cell::Empty);
        assert!(
            line_slide(&puzzle, &position, piece(6)).is_empty(),
            "no blank in line"
        );
        // Arrows: Left has nothing to move into the blank; Up moves 4 up; Right moves 3.
        assert_eq!(key_move(&puzzle, &position, Dir::Left), None);
        assert_eq!(
            key_move(&puzzle, &position, Dir::Up),
            Some(Move {
                piece: piece(4),
                dir: Dir::Up
            })
        );
        assert_eq!(key_move(&puzzle, &position, Dir::Right), Some(right(3)));
        // A block is never part of a line.
        let (blocks, _) = sample();
        let start = blocks.start_position();
        let five = labelled(&blocks, 5);
        assert!(line_slide(&blocks, &start, five).is_empty());
    }

    #[test]
    fn a_click_picks_the_legal_slide_nearest_its_side() {
        let (puzzle, layout) = sample();
        let position = puzzle.start_position();
        let piece = |label| labelled(&puzzle, label);
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
