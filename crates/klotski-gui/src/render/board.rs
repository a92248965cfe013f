//! The board in a frame: its frame, walls, slots and goal cells, the pieces where they stand
//! with their numbers, the goal's ghost while `G` is held, and a hint's arrow. Everything here
//! goes into the scene's board layer, which the renderer clips to the board's area.

use crate::model::playback::{DrawnPiece, Playback};
use crate::render::instance::{RectInstance, Srgb};
use crate::render::layout::{FRAME as FRAME_CELLS, Rect, ScreenLayout};
use crate::render::scene::{BACKGROUND, CELEBRATION, GOAL_SLOT, Label, MASTER, Scene, WALL};
use klotski_core::engine::geometry::Shape;
use klotski_core::engine::puzzle::{Move, Piece};
use std::time::Duration;

const FRAME: Srgb = Srgb(0x3a, 0x40, 0x52);
const SLOT: Srgb = Srgb(0x2a, 0x2f, 0x3c);
const INK: Srgb = Srgb(0x1b, 0x1e, 0x28);
const HINT: Srgb = Srgb(0xff, 0xff, 0xff);
/// Numbers smaller than this many physical pixels cannot be read; leaving them out keeps huge
/// boards in small windows fast (the colours still tell the blocks apart).
const MIN_NUMBER_SIZE: f32 = 6.0;
/// Numbers smaller than this many pixels (at scale 1) are hard to read: the info line then
/// offers the zoom.
const LEGIBLE_NUMBER: f32 = 10.0;

/// Fill and border colours of a piece: one family per shape, so 1x1, 1x2, 2x1 and 2x2 differ.
fn piece_colors(shape: Shape) -> (Srgb, Srgb) {
    match (shape.rows, shape.cols) {
        (1, 1) => (Srgb(0xf3, 0xc9, 0x73), Srgb(0xc2, 0x93, 0x3b)),
        (1, 2) => (Srgb(0x74, 0xcc, 0xbd), Srgb(0x3c, 0x95, 0x87)),
        (2, 1) => (Srgb(0x8d, 0xb0, 0xf0), Srgb(0x4d, 0x74, 0xc0)),
        (2, 2) => (Srgb(0xf0, 0x8a, 0x78), Srgb(0xbf, 0x54, 0x45)),
        _ => (Srgb(0xc3, 0xa8, 0xeb), Srgb(0x8a, 0x6c, 0xba)),
    }
}

/// A piece the pointer carries off its place: its index, and how far it is carried (rows,
/// columns).
pub(super) type Carried = Option<(usize, (f32, f32))>;

/// What lies beneath the pieces: the frame (gold on a board the person solved), the walls,
/// the slots of the blank cells and of those the `carried` piece left, and the goal cells.
pub(super) fn board_beneath(
    scene: &mut Scene,
    playback: &Playback,
    layout: &ScreenLayout,
    carried: Carried,
    open_cells: &[usize],
    now: Duration,
) {
    let puzzle = playback.puzzle();
    let (rows, cols) = (puzzle.board().rows(), puzzle.board().cols());
    let cell = layout.cell;
    let rects = &mut scene.board_rects;
    // A board the person solved glows gold, pulsing while the celebration runs; the pulse
    // never fades all the way back, so every frame of it shows the board was solved.
    let frame = match (playback.won(), playback.celebrating(now)) {
        (true, Some(t)) => mix(
            FRAME,
            CELEBRATION,
            0.6 + 0.4 * (t * 3.0 * std::f32::consts::TAU).cos(),
        ),
        (true, None) => CELEBRATION,
        (false, _) => FRAME,
    };
    rects.push(RectInstance::new(
        layout.frame,
        cell * 0.22,
        frame,
        frame,
        0.0,
    ));
    // Only the rim glows: the bed under the cells keeps its colour, so the gaps between
    // pieces look the same on a solved board as on any other. It reaches a little past the
    // cells so that their edge pixels never blend with the glow.
    if frame != FRAME {
        rects.push(RectInstance::new(
            shrink(layout.cells(0.0, 0.0, rows, cols), -(cell * 0.05).max(2.0)),
            cell * 0.1,
            FRAME,
            FRAME,
            0.0,
        ));
    }
    // The slots are the board beneath: a blank cell shows one.
    let inset = slot_inset(cell);
    let cell_rect = |index: usize| {
        let (r, c) = puzzle.board().row_col(index);
        layout.cells(r as f32, c as f32, 1, 1)
    };
    for wall in (0..puzzle.board().cells()).filter(|&c| puzzle.board().is_wall(c)) {
        rects.push(RectInstance::new(
            cell_rect(wall),
            cell * 0.06,
            WALL,
            WALL,
            0.0,
        ));
    }
    // A piece carried off its place shows the slots it left.
    let left_by_carried = carried.into_iter().flat_map(|(piece, _)| {
        let origin = playback.position().origins()[piece];
        puzzle
            .board()
            .footprint(puzzle.pieces()[piece].shape, origin)
    });
    for open in open_cells.iter().copied().chain(left_by_carried) {
        let slot = shrink(cell_rect(open), inset);
        rects.push(RectInstance::new(slot, cell * 0.12, SLOT, SLOT, 0.0));
    }
    // Goal cells show beneath the pieces, so the master covering them hides them.
    for &goal in &playback.marks().goal_cells {
        let slot = shrink(cell_rect(goal), inset);
        let (fill, border) = GOAL_SLOT;
        rects.push(RectInstance::new(
            slot,
            cell * 0.12,
            fill,
            border,
            (cell * 0.04).max(1.0),
        ));
        // A goal cell on the board's edge is the exit: a bar on the frame beside it.
        let (r, c) = puzzle.board().row_col(goal);
        let bar = |(row, col), (h, w)| layout.cells(row, col, 1, 1).with_size(w, h);
        let edges = [
            (r == 0, (-FRAME_CELLS, c as f32), (FRAME_CELLS, 1.0)),
            (r + 1 == rows, (rows as f32, c as f32), (FRAME_CELLS, 1.0)),
            (c == 0, (r as f32, -FRAME_CELLS), (1.0, FRAME_CELLS)),
            (c + 1 == cols, (r as f32, cols as f32), (1.0, FRAME_CELLS)),
        ];
        for (_, at, size) in edges.into_iter().filter(|edge| edge.0) {
            let exit = bar(at, (size.0 * cell, size.1 * cell));
            rects.push(RectInstance::new(exit, 0.0, GOAL_SLOT.1, GOAL_SLOT.1, 0.0));
        }
    }
}

/// Where the master piece must go, drawn over the board while `G` is held on a board with a
/// master piece: its colour dimmed, edged in gold, over the goal cells (hiding the numbers
/// there).
pub(super) fn goal_ghost(scene: &mut Scene, playback: &Playback, layout: &ScreenLayout) {
    let board = playback.puzzle().board();
    let cells = playback
        .marks()
        .goal_cells
        .iter()
        .map(|&goal| board.row_col(goal));
    let (mut top, mut left, mut bottom, mut right) = (usize::MAX, usize::MAX, 0, 0);
    for (row, col) in cells {
        (top, left) = (top.min(row), left.min(col));
        (bottom, right) = (bottom.max(row + 1), right.max(col + 1));
    }
    if bottom <= top {
        return;
    }
    let area = layout.cells(top as f32, left as f32, bottom - top, right - left);
    let area = shrink(area, slot_inset(layout.cell));
    // The numbers of the pieces it covers would read as its own.
    (scene.board_labels).retain(|label| !area.contains(label.centre.0, label.centre.1));
    let fill = mix(MASTER.0, BACKGROUND, 0.45);
    let edge = (layout.cell * 0.08).max(2.0);
    (scene.board_rects).push(RectInstance::new(
        area,
        layout.cell * 0.14,
        fill,
        CELEBRATION,
        edge,
    ));
}

/// Whether two rectangles share any point.
fn overlaps(a: Rect, b: Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/// How far a slot or a piece stands in from the edge of its cells, for cells of `cell` pixels.
fn slot_inset(cell: f32) -> f32 {
    (cell * 0.04).max(0.5)
}

/// The pieces where they stand at `now` (the `carried` one where the pointer holds it), each
/// in its shape's colours (the master in its own, the one the `hint` moves with a white
/// border), with their numbers where they are large enough to read.
pub(super) fn pieces(
    scene: &mut Scene,
    playback: &Playback,
    layout: &ScreenLayout,
    carried: Carried,
    hint: Option<Move>,
    drawn: &[DrawnPiece],
) {
    let puzzle = playback.puzzle();
    let cell = layout.cell;
    let inset = slot_inset(cell);
    let number_size = number_size(layout);
    for &placement in drawn {
        let piece = &puzzle.pieces()[placement.piece];
        let shape = piece.shape;
        let (fill, mut border) = if playback.marks().master == Some(placement.piece) {
            MASTER
        } else {
            piece_colors(shape)
        };
        let hinted = hint.is_some_and(|mv| mv.piece == placement.piece);
        if hinted {
            border = HINT;
        }
        let (row, col) = match carried {
            Some((piece, (dr, dc))) if piece == placement.piece => {
                (placement.row + dr, placement.col + dc)
            }
            _ => (placement.row, placement.col),
        };
        let area = layout.cells(row, col, shape.rows, shape.cols);
        if !overlaps(area, layout.board_area) {
            continue; // zoomed out of sight
        }
        let tile = shrink(area, inset);
        let edge = if hinted { cell * 0.1 } else { cell * 0.05 };
        scene.board_rects.push(RectInstance::new(
            tile,
            cell * 0.14,
            fill,
            border,
            edge.max(1.0),
        ));
        if number_size >= MIN_NUMBER_SIZE {
            let at = (row, col);
            number_labels(&mut scene.board_labels, layout, piece, at, number_size);
        }
    }
}

/// Whether the board's widest number is drawn at least [`LEGIBLE_NUMBER`] pixels tall (at
/// scale 1); if not, the info line offers the zoom.
pub(super) fn numbers_legible(playback: &Playback, layout: &ScreenLayout) -> bool {
    let pieces = playback.puzzle().pieces().iter();
    let widest = pieces
        .flat_map(|p| &p.numbers)
        .max()
        .map_or(1, |n| n.to_string().len());
    let size = number_size(layout).min(widest_size(layout, widest));
    size >= LEGIBLE_NUMBER * layout.scale
}

/// The size of a one-digit number in a cell of `layout`, before wide numbers shrink.
fn number_size(layout: &ScreenLayout) -> f32 {
    (layout.cell * 0.4).min(48.0 * layout.scale)
}

/// The largest size of a number of `digits` digits that leaves a margin in its cell.
fn widest_size(layout: &ScreenLayout, digits: usize) -> f32 {
    layout.cell * 0.7 / (0.62 * digits as f32)
}

/// The numbers of `piece`, its top-left cell at `(row, col)`, one a cell at `size` pixels
/// (smaller for wide numbers); a piece whose cells all carry one number (the classic
/// Klotski's and the brick puzzle's blocks) shows it once, in its middle.
fn number_labels(
    labels: &mut Vec<Label>,
    layout: &ScreenLayout,
    piece: &Piece,
    (row, col): (f32, f32),
    size: f32,
) {
    let (shape, numbers) = (piece.shape, piece.numbers.as_slice());
    let area = layout.cells(row, col, shape.rows, shape.cols);
    let one_label = numbers.len() > 1 && numbers.iter().all(|&n| n == numbers[0]);
    for (i, number) in numbers.iter().enumerate() {
        let (dr, dc) = ((i / shape.cols) as f32, (i % shape.cols) as f32);
        let centre = if one_label {
            area.centre()
        } else {
            layout.cells(row + dr, col + dc, 1, 1).centre()
        };
        if one_label && i > 0 {
            break;
        }
        let text = number.to_string();
        // Wide numbers get smaller, so that three digits still leave a margin.
        labels.push(Label {
            size: size.min(widest_size(layout, text.len())),
            text,
            centre,
            bold: true,
            color: INK,
        });
    }
}

/// An arrow on the piece a hint points at, showing which way it goes.
pub(super) fn hint_arrow(
    playback: &Playback,
    layout: &ScreenLayout,
    mv: klotski_core::engine::puzzle::Move,
    placement: DrawnPiece,
) -> Label {
    let shape = playback.puzzle().pieces()[mv.piece].shape;
    let area = layout.cells(placement.row, placement.col, shape.rows, shape.cols);
    let arrow = match mv.dir {
        klotski_core::engine::geometry::Dir::Up => "▲",
        klotski_core::engine::geometry::Dir::Down => "▼",
        klotski_core::engine::geometry::Dir::Left => "◀",
        klotski_core::engine::geometry::Dir::Right => "▶",
    };
    // In the blank cell the piece is about to enter, beside its numbers rather than on them.
    let (cx, cy) = area.centre();
    let (dr, dc) = mv.dir.delta();
    let reach_x = area.w / 2.0 + layout.cell * 0.5;
    let reach_y = area.h / 2.0 + layout.cell * 0.5;
    Label {
        text: arrow.to_string(),
        centre: (cx + dc as f32 * reach_x, cy + dr as f32 * reach_y),
        size: (layout.cell * 0.4).max(8.0),
        bold: true,
        color: HINT,
    }
}

/// The colour a fraction `t` of the way from `a` to `b`.
fn mix(a: Srgb, b: Srgb, t: f32) -> Srgb {
    let channel = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    Srgb(channel(a.0, b.0), channel(a.1, b.1), channel(a.2, b.2))
}

fn shrink(rect: Rect, by: f32) -> Rect {
    Rect {
        x: rect.x + by,
        y: rect.y + by,
        w: (rect.w - 2.0 * by).max(0.0),
        h: (rect.h - 2.0 * by).max(0.0),
    }
}
