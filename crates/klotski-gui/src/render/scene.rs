//! The scene: everything one frame shows, as GPU rectangles and text labels, built from the
//! playback model, the pointer and the layout. The renderer draws a scene and never sees the model.

use crate::content::help;
use crate::input::action::Action;
use crate::input::browser;
use crate::input::controls::{Look, Pointer};
use crate::input::overlay::Overlay;
use crate::input::picker;
use crate::input::slider;
use crate::model::playback::{DrawnPiece, Playback};
use crate::render::instance::{RectInstance, Srgb};
use crate::render::layout::{FRAME as FRAME_CELLS, Rect, ScreenLayout};
use klotski_core::engine::geometry::Shape;
use klotski_core::engine::puzzle::{Move, Piece};
use std::time::Duration;

/// The window's background.
pub const BACKGROUND: Srgb = Srgb(0x1d, 0x21, 0x2c);
const FRAME: Srgb = Srgb(0x3a, 0x40, 0x52);
const SLOT: Srgb = Srgb(0x2a, 0x2f, 0x3c);
/// A wall cell of the board.
pub const WALL: Srgb = Srgb(0x4f, 0x56, 0x6b);
/// Fill and border of an open goal cell.
pub const GOAL_SLOT: (Srgb, Srgb) = (Srgb(0x4a, 0x2a, 0x33), Srgb(0xe0, 0x5a, 0x6a));
/// Fill and border of the master piece (the one a goal region asks for): a colour no shape
/// family uses.
pub const MASTER: (Srgb, Srgb) = (Srgb(0xe8, 0x4a, 0x5f), Srgb(0xa8, 0x25, 0x38));
const INK: Srgb = Srgb(0x1b, 0x1e, 0x28);
/// Text on the bars and panels.
pub const STATUS_INK: Srgb = Srgb(0xe6, 0xe8, 0xef);
const ERROR_INK: Srgb = Srgb(0xff, 0x8a, 0x80);
/// Quieter text: the info line, the picker's notes.
pub const INFO_INK: Srgb = Srgb(0xa8, 0xae, 0xbf);
/// The frame of a board the person solved, and the border of the piece a hint points at.
pub const CELEBRATION: Srgb = Srgb(0xf5, 0xc8, 0x42);
const HINT: Srgb = Srgb(0xff, 0xff, 0xff);
/// The help's and the picker's panel.
const HELP_PANEL: Srgb = Srgb(0x16, 0x19, 0x22);
/// The slider's track, and the row the picker has chosen.
pub const TRACK: Srgb = Srgb(0x3a, 0x40, 0x52);
const TRACK_DONE: Srgb = Srgb(0x2f, 0x9e, 0x6e);
const KNOB: (Srgb, Srgb) = (Srgb(0xf4, 0xf5, 0xf8), Srgb(0x8c, 0x96, 0xb6));
/// Numbers smaller than this many physical pixels cannot be read; leaving them out keeps huge
/// boards in small windows fast (the colours still tell the blocks apart).
const MIN_NUMBER_SIZE: f32 = 6.0;
/// Numbers smaller than this many pixels (at scale 1) are hard to read: the info line then
/// offers the zoom.
const LEGIBLE_NUMBER: f32 = 10.0;

/// A line of text centred on a point.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The text.
    pub text: String,
    /// Its centre, physical pixels.
    pub centre: (f32, f32),
    /// Font size, physical pixels.
    pub size: f32,
    /// Bold (tile numbers and button captions) or regular.
    pub bold: bool,
    /// Its colour.
    pub color: Srgb,
}

/// One frame's content.
#[derive(Clone, Debug, Default)]
pub struct Scene {
    /// The board's rounded rectangles (frame, slots, pieces), back to front, drawn first and
    /// only within `clip`.
    pub board_rects: Vec<RectInstance>,
    /// The board's text (the numbers, a hint's arrow), drawn only within `clip`.
    pub board_labels: Vec<Label>,
    /// Where the board shows: the layout's board area (a zoomed board is larger).
    pub clip: Rect,
    /// The other rounded rectangles, back to front, over the board's.
    pub rects: Vec<RectInstance>,
    /// Text drawn over every rectangle.
    pub labels: Vec<Label>,
}

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

/// Fill, border and caption colours of a button.
fn button_colors(action: Action, look: Look) -> (Srgb, Srgb, Srgb) {
    let light = Srgb(0xf4, 0xf5, 0xf8);
    match (action, look) {
        (_, Look::Disabled) => (
            Srgb(0x2c, 0x30, 0x3b),
            Srgb(0x3a, 0x3f, 0x4c),
            Srgb(0x6c, 0x72, 0x80),
        ),
        (Action::Next, Look::Normal) => (Srgb(0x2f, 0x9e, 0x6e), Srgb(0x5f, 0xc9, 0x98), light),
        (Action::Next, Look::Hover) => (Srgb(0x3c, 0xb8, 0x83), Srgb(0x8d, 0xe6, 0xbb), light),
        (Action::Next, Look::Pressed) => (Srgb(0x21, 0x73, 0x50), Srgb(0x2f, 0x9e, 0x6e), light),
        (_, Look::Normal) => (Srgb(0x47, 0x4e, 0x66), Srgb(0x67, 0x70, 0x8c), light),
        (_, Look::Hover) => (Srgb(0x5a, 0x63, 0x82), Srgb(0x8c, 0x96, 0xb6), light),
        (_, Look::Pressed) => (Srgb(0x33, 0x38, 0x4b), Srgb(0x47, 0x4e, 0x66), light),
    }
}

/// A button's caption: its word, or a sign where the button is too narrow for the word (the
/// tooltip and the help still name it).
fn caption(action: Action, autoplay: bool, narrow: bool) -> &'static str {
    match (action, narrow) {
        (Action::Levels, false) => "Levels",
        (Action::Levels, true) => "☰",
        (Action::Restart, false) => "Restart",
        (Action::Restart, true) => "⇤",
        (Action::Previous, false) => "◀ Prev",
        (Action::Previous, true) => "◀",
        (Action::PlayPause, false) if autoplay => "Pause",
        (Action::PlayPause, true) if autoplay => "❚❚",
        (Action::PlayPause, _) => "Play",
        (Action::Next, false) => "Next ▶",
        (Action::Next, true) => "▶",
        (Action::Slower, false) => "Slower",
        (Action::Slower, true) => "«",
        (Action::Faster, false) => "Faster",
        (Action::Faster, true) => "»",
        (Action::Hint, _) => "Hint",
        (Action::Solve, _) => "Solve",
    }
}

/// The font size at which `text` fits `width` pixels: a character is about 0.62 of the size
/// wide in the bold face, and `most` is the size wanted when there is room.
pub fn fitting(text: &str, width: f32, most: f32) -> f32 {
    most.min(width / (0.62 * text.chars().count().max(1) as f32))
}

/// A piece the pointer carries off its place: its index, and how far it is carried (rows,
/// columns).
type Carried = Option<(usize, (f32, f32))>;

/// What the board shows in one frame: the position played, its pieces where they are at the
/// frame's time, or the goal view in its place.
struct Shown {
    pieces: Vec<DrawnPiece>,
    /// The cells to draw beneath the pieces.
    open: Vec<usize>,
    status: String,
}

impl Shown {
    fn of(playback: &Playback, overlay: &Overlay, now: Duration) -> Shown {
        match overlay.is_goal() {
            true => Shown {
                pieces: playback.goal_placements().collect(),
                open: playback.goal_open_cells(),
                status: playback.goal_status(),
            },
            false => Shown {
                pieces: playback.placements(now).collect(),
                open: playback.open_cells(now),
                status: playback.status(),
            },
        }
    }
}

/// Builds the frame shown at `now`, with what the `overlay` puts over the board.
pub fn build(
    playback: &Playback,
    overlay: &Overlay,
    pointer: &Pointer,
    layout: &ScreenLayout,
    now: Duration,
) -> Scene {
    let puzzle = playback.puzzle();
    let (rows, cols) = (puzzle.board().rows(), puzzle.board().cols());
    let mut scene = Scene {
        board_rects: Vec::with_capacity(rows * cols + puzzle.pieces().len() + 8),
        board_labels: Vec::with_capacity(puzzle.board().cells() + 1),
        clip: layout.board_area,
        rects: Vec::with_capacity(32),
        labels: Vec::with_capacity(32),
    };
    let shown = Shown::of(playback, overlay, now);
    let carried = pointer.held().filter(|&(_, offset)| offset != (0.0, 0.0));
    let hint = playback.hinted().filter(|_| !overlay.is_goal());
    board_beneath(&mut scene, playback, layout, carried, &shown.open, now);
    pieces(&mut scene, playback, layout, carried, hint, &shown.pieces);
    if overlay.is_goal() && playback.marks().master.is_some() {
        goal_ghost(&mut scene, playback, layout);
    }
    if let Some(mv) = hint {
        let at = shown.pieces[mv.piece];
        scene
            .board_labels
            .push(hint_arrow(playback, layout, mv, at));
    }
    buttons(&mut scene, playback, pointer, layout);
    slider_rects(playback, layout, &mut scene.rects);
    status_lines(&mut scene, playback, pointer, layout, shown.status, now);
    match overlay {
        Overlay::Help => help_overlay(layout, &mut scene),
        Overlay::Picker(picker) => picker::draw(&mut scene, picker, layout),
        Overlay::Browser(browser) => browser::draw(&mut scene, browser, layout),
        Overlay::Board | Overlay::Goal => {}
    }
    scene
}

/// What lies beneath the pieces: the frame (gold on a board the person solved), the walls,
/// the slots of the blank cells and of those the `carried` piece left, and the goal cells.
fn board_beneath(
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
fn goal_ghost(scene: &mut Scene, playback: &Playback, layout: &ScreenLayout) {
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
fn pieces(
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
fn numbers_legible(playback: &Playback, layout: &ScreenLayout) -> bool {
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

/// The buttons, each in its look under the `pointer` (pressed ones a pixel lower), with its
/// caption.
fn buttons(scene: &mut Scene, playback: &Playback, pointer: &Pointer, layout: &ScreenLayout) {
    let s = layout.ui;
    // Captions below this size cannot be read: narrow buttons show signs instead.
    let least = 11.0 * layout.scale;
    for action in Action::ALL {
        let look = pointer.look(layout, action, playback.can(action));
        let (fill, border, ink) = button_colors(action, look);
        let mut rect = layout.button(action);
        if look == Look::Pressed {
            rect.y += s;
        }
        (scene.rects).push(RectInstance::new(rect, 9.0 * s, fill, border, 1.5 * s));
        let room = rect.w - 10.0 * s;
        let word = caption(action, playback.autoplay(), false);
        let text = match fitting(word, room, least) < least {
            true => caption(action, playback.autoplay(), true),
            false => word,
        };
        scene.labels.push(Label {
            text: text.to_string(),
            centre: rect.centre(),
            size: fitting(text, room, 16.0 * s),
            bold: true,
            color: ink,
        });
    }
}

/// The two lines of text: the status (red for an error), and above the buttons what the one
/// under the `pointer` does, or else the playback's information at `now`.
fn status_lines(
    scene: &mut Scene,
    playback: &Playback,
    pointer: &Pointer,
    layout: &ScreenLayout,
    status: String,
    now: Duration,
) {
    let s = layout.scale;
    let color = if status.starts_with("error") {
        ERROR_INK
    } else {
        STATUS_INK
    };
    // Long lines (a parser's error, the prompt) take a smaller size to fit narrow windows; the
    // regular face is a little narrower than the bold one `fitting` assumes.
    let width = layout.status.w * 0.96;
    let size = fitting(&status, width, 17.0 * layout.ui).max(9.0 * s);
    scene.labels.push(Label {
        text: status,
        centre: layout.status.centre(),
        size,
        bold: false,
        color,
    });
    // Over a button, the line above the buttons names what it does and its key.
    let (info, info_ink) = match pointer.over(layout) {
        Some(action) => (help::tooltip(action).to_string(), STATUS_INK),
        None if !numbers_legible(playback, layout) => (
            format!("{}   ·   Ctrl+wheel zooms in", playback.info(now)),
            INFO_INK,
        ),
        None => (playback.info(now), INFO_INK),
    };
    let size = fitting(&info, layout.info.w * 0.96, 13.0 * s).max(9.0 * s);
    scene.labels.push(Label {
        text: info,
        centre: layout.info.centre(),
        size,
        bold: false,
        color: info_ink,
    });
}

/// The help panel: a title, then one line per key. It hides whatever labels lay under it
/// (labels are drawn over every rectangle).
fn help_overlay(layout: &ScreenLayout, scene: &mut Scene) {
    let s = layout.scale;
    let area = help::panel(layout);
    cover(layout, scene);
    let labels = &mut scene.labels;
    let lines = help::KEYS.len() as f32 + 2.0;
    let longest = help::KEYS
        .iter()
        .map(|(key, does)| key.chars().count() + does.chars().count() + 5)
        .max()
        .unwrap_or(1) as f32;
    let pitch = (area.h / lines).min(24.0 * s);
    // Small enough that the longest line fits the width (a character is about half as wide
    // as the font is high) and the lines fit the height.
    let size = (pitch * 0.62).min(15.0 * s).min(area.w / (longest * 0.55));
    let top = area.y + (area.h - pitch * lines) / 2.0 + pitch / 2.0;
    let centre_x = area.x + area.w / 2.0;
    labels.push(Label {
        text: "Keys".to_string(),
        centre: (centre_x, top),
        size: size * 1.2,
        bold: true,
        color: CELEBRATION,
    });
    for (i, (key, does)) in help::KEYS.iter().enumerate() {
        labels.push(Label {
            text: format!("{key}  —  {does}"),
            centre: (centre_x, top + pitch * (i as f32 + 1.5)),
            size,
            bold: false,
            color: STATUS_INK,
        });
    }
}

/// The panel the help and the lists draw on, over the board ([`help::panel`]): it hides
/// whatever labels lay under it (labels are drawn over every rectangle).
pub fn cover(layout: &ScreenLayout, scene: &mut Scene) {
    let s = layout.scale;
    let area = help::panel(layout);
    let outside = |label: &Label| !area.contains(label.centre.0, label.centre.1);
    scene.labels.retain(outside);
    scene.board_labels.retain(outside);
    scene.rects.push(RectInstance::new(
        area,
        12.0 * s,
        HELP_PANEL,
        KNOB.1,
        1.5 * s,
    ));
}

/// An arrow on the piece a hint points at, showing which way it goes.
fn hint_arrow(
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

/// The step slider: its track, the part played in green, and the knob at the step shown.
fn slider_rects(playback: &Playback, layout: &ScreenLayout, rects: &mut Vec<RectInstance>) {
    let track = layout.slider;
    let s = layout.ui;
    rects.push(RectInstance::new(track, track.h / 2.0, TRACK, TRACK, 0.0));
    let x = slider::knob_x(track, playback.total(), playback.step());
    let done = Rect {
        w: x - track.x,
        ..track
    };
    rects.push(RectInstance::new(
        done,
        track.h / 2.0,
        TRACK_DONE,
        TRACK_DONE,
        0.0,
    ));
    let r = 8.0 * s;
    let knob = Rect {
        x: x - r,
        y: track.y + track.h / 2.0 - r,
        w: 2.0 * r,
        h: 2.0 * r,
    };
    let (fill, border) = KNOB;
    rects.push(RectInstance::new(knob, r, fill, border, 1.5 * s));
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
