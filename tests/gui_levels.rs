//! The level picker, the speed buttons and classic Klotski's goal in the window, end to end
//! under Xvfb, against the headless renderer's frames of the same models.
#![cfg(feature = "gui")]

mod common;
mod xvfb;

use klotski::gui::content::levels::{self, LEVELS};
use klotski::gui::input::action::Action;
use klotski::gui::input::controls::Pointer;
use klotski::gui::input::overlay::Overlay;
use klotski::gui::input::picker::{Picker, Sheet};
use klotski::gui::model::events::SolverEvent;
use klotski::gui::model::playback::Playback;
use klotski::gui::options::FrameSize;
use klotski::gui::render::headless::{self, Headless};
use klotski::gui::render::layout::ScreenLayout;
use klotski::search::Limits;
use klotski::solve::Options;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;
use xvfb::{Display, Reaped, region};

const SIZE: FrameSize = FrameSize {
    width: 640,
    height: 480,
};
const TWEEN: Duration = Duration::from_millis(200);
/// Heng Dao Li Ma, the best known classic layout, in [`LEVELS`].
const HENG_DAO_LI_MA: usize = 12;

fn options() -> Options {
    Options::new(Limits::memory(1 << 28))
}

/// Starts the player on sample 4 at 640x480, five moves a second, and focuses it.
fn start(display: &Display) -> (Reaped, String) {
    let case = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases/sample4.in");
    let stdin = Stdio::from(std::fs::File::open(case).unwrap());
    let (player, window) = display.player(&["gui", "--size", "640x480", "--speed", "200"], stdin);
    display.run("xdotool", &["windowfocus", "--sync", &window]);
    (player, window)
}

/// Level `index` as the window plays it, its solve received.
fn level(index: usize) -> Playback {
    let game = levels::game(index, &options());
    let mut playback = Playback::new(game.puzzle.clone(), TWEEN)
        .with_marks(game.marks())
        .with_goal(game.problem.clone())
        .with_count(game.count);
    let mut events: Vec<SolverEvent> = Vec::new();
    (game.job)(&mut |event| events.push(event));
    events.into_iter().for_each(|event| playback.receive(event));
    playback
}

/// The frame of `playback` at rest, with the pointer at `pointer`.
fn frame(playback: &Playback, pointer: &Pointer) -> klotski::gui::render::image::RgbaImage {
    frame_under(&Overlay::Board, playback, pointer)
}

/// [`frame`] with `overlay` over the board.
fn frame_under(
    overlay: &Overlay,
    playback: &Playback,
    pointer: &Pointer,
) -> klotski::gui::render::image::RgbaImage {
    let board = playback.puzzle().board();
    let mut frames = Headless::new(SIZE, board.rows(), board.cols()).unwrap();
    frames
        .frame_under(overlay, playback, pointer, headless::at_rest(TWEEN))
        .unwrap()
}

fn layout_of(playback: &Playback) -> ScreenLayout {
    let board = playback.puzzle().board();
    ScreenLayout::new(SIZE.width, SIZE.height, 1.0, board.rows(), board.cols())
}

/// `klotski gui` typed at a terminal, with no puzzle piped in, opens the window on the first
/// level with the picker over it: a click on the picker's second row opens the second level.
#[test]
fn the_window_opens_on_the_level_picker_when_standard_input_is_a_terminal() {
    let layout = layout_of(&level(0));
    let sheet = Sheet::new(&layout);
    let picker = Picker::new(vec![None; LEVELS.len()], Some(0), sheet.shown);
    let second_row = sheet.centre_of(&picker, 1).expect("the second row shows");

    let display = Display::start("tty-picker");
    let (_typed, stdin) = common::pseudo_terminal();
    let (_player, window) = display.player(&["gui", "--size", "640x480"], stdin);
    let first = format!("klotski: level 1 of 25: {}", LEVELS[0].name);
    assert_eq!(display.wait_for_title(&window, &first), first);
    display.click(&window, second_row);
    let second = format!("klotski: level 2 of 25: {}", LEVELS[1].name);
    assert_eq!(display.wait_for_title(&window, &second), second);
}

#[test]
fn the_picker_opens_a_classic_layout_by_keys_and_by_the_pointer_and_g_shows_its_goal() {
    let classic = level(HENG_DAO_LI_MA);
    let layout = layout_of(&classic);
    let cells = layout.cells(0.0, 0.0, 5, 4);
    let start_frame = frame(&classic, &Pointer::default());
    assert!(classic.has_goal_view());
    let goal_frame = frame_under(&Overlay::Goal, &classic, &Pointer::default());

    let display = Display::start("picker");
    let (_player, window) = start(&display);
    assert_eq!(
        display.wait_for_title(&window, "klotski: Numeric Klotski 5x4"),
        "klotski: Numeric Klotski 5x4"
    );
    // L opens the picker on the first row; twelve rows down is Heng Dao Li Ma.
    display.run("xdotool", &["key", "l"]);
    for _ in 0..HENG_DAO_LI_MA {
        display.run("xdotool", &["key", "Down"]);
    }
    display.run("xdotool", &["key", "Return"]);
    let want = format!("klotski: level 13 of 25: {}", LEVELS[HENG_DAO_LI_MA].name);
    assert_eq!(display.wait_for_title(&window, &want), want);
    let (shown, _) = display.wait_for(&window, cells, &region(&start_frame, cells));
    assert!(shown, "the classic layout is not on the board");
    // Its moves counted as its players count them: "step 0 / 81", a shortest solution; C
    // shows the one-cell moves, named, and C again the players' count.
    assert!(classic.status().starts_with("step 0 / 81   ·"));
    let status = layout.status;
    let (shown, _) = display.wait_for(&window, status, &region(&start_frame, status));
    assert!(shown, "the status does not count piece moves");
    let mut cells_counted = level(HENG_DAO_LI_MA);
    cells_counted.toggle_count();
    let cells_frame = frame(&cells_counted, &Pointer::default());
    display.run("xdotool", &["key", "c"]);
    let (shown, _) = display.wait_for(&window, status, &region(&cells_frame, status));
    assert!(shown, "C does not count one-cell moves");
    display.run("xdotool", &["key", "c"]);
    let (shown, _) = display.wait_for(&window, status, &region(&start_frame, status));
    assert!(shown, "C again does not count piece moves");

    // Held G covers the exit with the block's place; let go, the board comes back.
    display.run("xdotool", &["keydown", "g"]);
    let (shown, _) = display.wait_for(&window, cells, &region(&goal_frame, cells));
    display.run("xdotool", &["keyup", "g"]);
    assert!(shown, "G did not show the goal");
    let (shown, _) = display.wait_for(&window, cells, &region(&start_frame, cells));
    assert!(shown, "the board did not come back after G");

    // The Levels button opens the picker on the level played; a click on the next row opens
    // that level.
    display.click(&window, layout.button(Action::Levels).centre());
    let sheet = Sheet::new(&layout);
    let picker = Picker::new(vec![None; LEVELS.len()], Some(HENG_DAO_LI_MA), sheet.shown);
    let next = HENG_DAO_LI_MA + 1;
    let row = sheet.centre_of(&picker, next).expect("the next row shows");
    display.click(&window, row);
    let want = format!("klotski: level 14 of 25: {}", LEVELS[next].name);
    assert_eq!(display.wait_for_title(&window, &want), want);
}

#[test]
fn the_speed_buttons_step_the_speed_and_name_their_keys() {
    // The assignment's sample, the first level, is the puzzle `start` plays.
    let mut playback = level(0);
    let layout = layout_of(&playback);
    let faster = layout.button(Action::Faster).centre();
    let mut over = Pointer::default();
    over.moved(faster.0, faster.1);
    let tooltip = frame(&playback, &over);
    playback.act(Action::Slower, Duration::ZERO);
    playback.act(Action::Slower, Duration::ZERO);
    playback.act(Action::Slower, Duration::ZERO);
    assert_eq!(playback.speed().label(), "1 move/s");
    let slowest = frame(&playback, &Pointer::default());

    let display = Display::start("speed");
    let (_player, window) = start(&display);
    // Over Faster the line above the buttons names its key.
    let [x, y] = xvfb::at(faster.0, faster.1);
    display.run("xdotool", &["mousemove", "--window", &window, &x, &y]);
    let (shown, _) = display.wait_for(&window, layout.info, &region(&tooltip, layout.info));
    assert!(shown, "no tooltip over Faster");
    // Three clicks on Slower: 5, 3, 2, then 1 move a second.
    for _ in 0..3 {
        display.click(&window, layout.button(Action::Slower).centre());
    }
    display.run("xdotool", &["mousemove", "--window", &window, "1", "1"]);
    let (shown, _) = display.wait_for(&window, layout.info, &region(&slowest, layout.info));
    assert!(shown, "the info line does not say 1 move/s");
}

/// A Numeric Klotski, brick or classic game played from its ID: `gui --id` opens it, I shows
/// its ID, Ctrl+C copies it, Ctrl+V opens the ID on the clipboard, and a malformed one there is
/// one line on the status line with the game left as it was.
#[test]
fn ids_open_show_copy_and_paste_puzzles() {
    use klotski::gui::content::game::Game;
    let classic = Game::of_id("K1A9BF0C00".parse().unwrap(), &options());
    let mut playback = Playback::new(classic.puzzle.clone(), TWEEN)
        .with_marks(classic.marks())
        .with_goal(classic.problem.clone())
        .with_count(classic.count);
    let layout = layout_of(&playback);
    let mut status_of = |message: &str| {
        playback.tell(message.to_string());
        region(&frame(&playback, &Pointer::default()), layout.status)
    };
    let shown = status_of("ID: K1A9BF0C00   (Ctrl+C copies it)");
    let copied = status_of("Copied the ID: K1A9BF0C00");
    let not_an_id = "error: \"hello\" is not a puzzle ID: an ID starts with N (Numeric Klotski), B (a brick puzzle) or K (classic Klotski)";
    let refused = status_of(not_an_id);

    let display = Display::start("ids");
    let (_player, window) = display.player(
        &["gui", "--size", "640x480", "--id", "k1a9bf0c00"],
        Stdio::null(),
    );
    let title = "klotski: classic Klotski 1A9BF0C00";
    assert_eq!(display.wait_for_title(&window, title), title);
    display.run("xdotool", &["windowfocus", "--sync", &window]);
    display.run("xdotool", &["key", "i"]);
    assert!(
        display.wait_for(&window, layout.status, &shown).0,
        "I shows no ID"
    );
    display.run("xdotool", &["key", "ctrl+c"]);
    assert!(
        display.wait_for(&window, layout.status, &copied).0,
        "no copy told"
    );
    let pasted = display.run("xclip", &["-selection", "clipboard", "-o"]);
    assert_eq!(pasted, "K1A9BF0C00");
    // Another ID on the clipboard, then Ctrl+V: that puzzle opens.
    let clip = |text: &str| {
        let file = display.scratch.join("clip.txt");
        std::fs::write(&file, text).unwrap();
        let put = format!(
            "xclip -selection clipboard -i '{}' >/dev/null 2>&1",
            file.display()
        );
        display.run("sh", &["-c", &put]);
    };
    clip("hello");
    display.run("xdotool", &["key", "ctrl+v"]);
    assert!(
        display.wait_for(&window, layout.status, &refused).0,
        "no refusal"
    );
    assert_eq!(display.title(&window), title, "the game stays");
    clip("N5x4:3748120b56fa9e0cdh0g:c21122\n");
    display.run("xdotool", &["key", "ctrl+v"]);
    let title = "klotski: Numeric Klotski 5x4";
    assert_eq!(display.wait_for_title(&window, title), title);
}
