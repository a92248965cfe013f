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
use crate::render::board;
use crate::render::instance::{RectInstance, Srgb};
use crate::render::layout::{Rect, ScreenLayout};
use std::time::Duration;

/// The line under the slider while the editor is open: its keys.
const EDITOR_KEYS: &str = "drag swaps · H V Q tie 1x2, 2x1, 2x2 · U unties · B blank · Shift+arrows size · S saves · E plays";

/// The window's background.
pub const BACKGROUND: Srgb = Srgb(0x1d, 0x21, 0x2c);
/// A wall cell of the board.
pub const WALL: Srgb = Srgb(0x4f, 0x56, 0x6b);
/// Fill and border of an open goal cell.
pub const GOAL_SLOT: (Srgb, Srgb) = (Srgb(0x4a, 0x2a, 0x33), Srgb(0xe0, 0x5a, 0x6a));
/// Fill and border of the master piece (the one a goal region asks for): a colour no shape
/// family uses.
pub const MASTER: (Srgb, Srgb) = (Srgb(0xe8, 0x4a, 0x5f), Srgb(0xa8, 0x25, 0x38));
/// Text on the bars and panels.
pub const STATUS_INK: Srgb = Srgb(0xe6, 0xe8, 0xef);
const ERROR_INK: Srgb = Srgb(0xff, 0x8a, 0x80);
/// Quieter text: the info line, the picker's notes.
pub const INFO_INK: Srgb = Srgb(0xa8, 0xae, 0xbf);
/// The frame of a board the person solved, and the border of the piece a hint points at.
pub const CELEBRATION: Srgb = Srgb(0xf5, 0xc8, 0x42);
/// The help's and the picker's panel.
const HELP_PANEL: Srgb = Srgb(0x16, 0x19, 0x22);
/// The slider's track, and the row the picker has chosen.
pub const TRACK: Srgb = Srgb(0x3a, 0x40, 0x52);
const TRACK_DONE: Srgb = Srgb(0x2f, 0x9e, 0x6e);
const KNOB: (Srgb, Srgb) = (Srgb(0xf4, 0xf5, 0xf8), Srgb(0x8c, 0x96, 0xb6));
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

/// What the board shows in one frame: the position played, its pieces where they are at the
/// frame's time, or the goal view in its place.
struct Shown {
    pieces: Vec<DrawnPiece>,
    /// The cells to draw beneath the pieces.
    open: Vec<usize>,
    status: String,
    /// The line under the slider in place of the playback's, if the overlay has one.
    info: Option<String>,
}

impl Shown {
    fn of(playback: &Playback, overlay: &Overlay, now: Duration) -> Shown {
        let (status, info) = match overlay {
            Overlay::Goal => (playback.goal_status(), None),
            Overlay::Editor(editor) => {
                let (rows, cols) = editor.size();
                let verdict = playback.verdict_words();
                let status = (playback.told().map(str::to_string))
                    .unwrap_or_else(|| format!("Editing {rows}x{cols}: {verdict}"));
                (status, Some(EDITOR_KEYS.to_string()))
            }
            _ => (playback.status(), None),
        };
        match overlay.is_goal() {
            true => Shown {
                pieces: playback.goal_placements().collect(),
                open: playback.goal_open_cells(),
                status,
                info,
            },
            false => Shown {
                pieces: playback.placements(now).collect(),
                open: playback.open_cells(now),
                status,
                info,
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
    board::board_beneath(&mut scene, playback, layout, carried, &shown.open, now);
    board::pieces(&mut scene, playback, layout, carried, hint, &shown.pieces);
    if overlay.is_goal() && playback.marks().master.is_some() {
        board::goal_ghost(&mut scene, playback, layout);
    }
    if let Some(mv) = hint {
        let at = shown.pieces[mv.piece];
        scene
            .board_labels
            .push(board::hint_arrow(playback, layout, mv, at));
    }
    buttons(&mut scene, playback, pointer, layout);
    slider_rects(playback, layout, &mut scene.rects);
    let lines = (shown.status, shown.info);
    status_lines(&mut scene, playback, pointer, layout, lines, now);
    match overlay {
        Overlay::Help => help_overlay(layout, &mut scene),
        Overlay::Picker(picker) => picker::draw(&mut scene, picker, layout),
        Overlay::Browser(browser) => browser::draw(&mut scene, browser, layout),
        Overlay::Board | Overlay::Goal | Overlay::Resume(_) | Overlay::Editor(_) => {}
    }
    scene
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
    (status, info): (String, Option<String>),
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
    let (info, info_ink) = match (pointer.over(layout), info) {
        (Some(action), _) => (help::tooltip(action).to_string(), STATUS_INK),
        (None, Some(info)) => (info, INFO_INK),
        (None, None) if !board::numbers_legible(playback, layout) => (
            format!("{}   ·   Ctrl+wheel zooms in", playback.info(now)),
            INFO_INK,
        ),
        (None, None) => (playback.info(now), INFO_INK),
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
