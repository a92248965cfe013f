//! End to end: `klotski gui` in a real window under Xvfb, driven by xdotool and photographed with
//! ImageMagick's `import`. The tools are required (CI installs them): missing ones fail the test.
#![cfg(feature = "gui")]

use klotski::gui::input::action::Action;
use klotski::gui::input::controls::Pointer;
use klotski::gui::model::events::answer_events;
use klotski::gui::model::playback::Playback;
use klotski::gui::options::FrameSize;
use klotski::gui::render::headless::{self, Headless};
use klotski::gui::render::image::RgbaImage;
use klotski::gui::render::instance::Srgb;
use klotski::gui::render::layout::{Rect, ScreenLayout};
use klotski::puzzles::numeric::NumericPuzzle;
use klotski::search::Limits;
use klotski::solve::Options;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SIZE: FrameSize = FrameSize {
    width: 640,
    height: 480,
};
const TWEEN: Duration = Duration::from_millis(200);
const PATIENCE: Duration = Duration::from_secs(30);

fn case() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases/sample4.in")
}

mod xvfb;
use xvfb::Display;

/// Starts the player on sample 4 and waits for its window.
fn sample_player(display: &Display) -> (xvfb::Reaped, String) {
    let stdin = Stdio::from(std::fs::File::open(case()).unwrap());
    display.player(&["gui", "--size", "640x480", "--speed", "200"], stdin)
}

fn solved() -> Playback {
    let numeric: NumericPuzzle = std::fs::read_to_string(case()).unwrap().parse().unwrap();
    let puzzle = numeric.puzzle();
    let mut playback = Playback::new(puzzle, TWEEN).with_goal(numeric.problem().ok());
    let options = Options {
        limits: Limits::memory(1 << 28),
        algo: Default::default(),
        cache: None,
        effort: 1,
    };
    for event in answer_events(klotski::solve_numeric(&numeric, options, &mut |_| {})) {
        playback.receive(event);
    }
    playback
}

fn region(image: &RgbaImage, r: Rect) -> RgbaImage {
    image.crop(r.x as u32, r.y as u32, r.w.ceil() as u32, r.h.ceil() as u32)
}

/// The board and status line as the headless renderer draws them after `step` moves.
fn expected(frames: &mut Headless, playback: &mut Playback, step: usize) -> (RgbaImage, RgbaImage) {
    headless::seek(playback, step);
    let frame = frames
        .frame(playback, &Pointer::default(), headless::at_rest(TWEEN))
        .unwrap();
    let layout = frames.layout();
    (region(&frame, layout.frame), region(&frame, layout.status))
}

/// Photographs the window until its board and status line match `want` (within antialiasing
/// noise); returns the last photograph either way.
fn wait_for(
    display: &Display,
    window: &str,
    layout: &ScreenLayout,
    want: &(RgbaImage, RgbaImage),
) -> (bool, RgbaImage) {
    let began = Instant::now();
    loop {
        let shot = display.screenshot(window);
        let board = region(&shot, layout.frame);
        let status = region(&shot, layout.status);
        if board.difference(&want.0, 16) < 0.002 && status.difference(&want.1, 16) < 0.002 {
            return (true, shot);
        }
        if began.elapsed() > PATIENCE {
            return (false, shot);
        }
    }
}

fn pixel(image: &RgbaImage, x: f32, y: f32) -> Srgb {
    let i = ((y as u32 * image.width + x as u32) * 4) as usize;
    Srgb(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
}

fn assert_close(got: Srgb, want: Srgb, what: &str) {
    let near = |a: u8, b: u8| a.abs_diff(b) <= 6;
    assert!(
        near(got.0, want.0) && near(got.1, want.1) && near(got.2, want.2),
        "{what}: {got:?} is not {want:?}"
    );
}

#[test]
fn clicking_next_plays_the_first_move() {
    let mut playback = solved();
    let board = playback.puzzle().board().clone();
    let mut frames = Headless::new(SIZE, board.rows(), board.cols()).unwrap();
    let layout = frames.layout().clone();
    let start = expected(&mut frames, &mut playback, 0);
    let first = expected(&mut frames, &mut playback, 1);

    let display = Display::start("click");
    let (_player, window) = sample_player(&display);
    assert!(
        wait_for(&display, &window, &layout, &start).0,
        "the start never showed"
    );

    let (x, y) = layout.button(Action::Next).centre();
    let (x, y) = (format!("{}", x as u32), format!("{}", y as u32));
    display.run(
        "xdotool",
        &["mousemove", "--window", &window, &x, &y, "click", "1"],
    );
    let (shown, shot) = wait_for(&display, &window, &layout, &first);
    assert!(shown, "the board after one click is not the first move's");

    // The first move is 15 D: its old cell now shows the board, its new one the tile.
    headless::seek(&mut playback, 0);
    let before: Vec<_> = playback.placements(Duration::ZERO).collect();
    headless::seek(&mut playback, 1);
    let after: Vec<_> = playback.placements(headless::at_rest(TWEEN)).collect();
    let moved: Vec<_> = before.iter().zip(&after).filter(|(a, b)| a != b).collect();
    assert_eq!(moved.len(), 1);
    let (from, to) = moved[0];
    assert_eq!(playback.puzzle().pieces()[from.piece].label(), 15);
    assert_eq!((to.row - from.row, to.col - from.col), (1.0, 0.0), "15 D");
    let probe = |row: f32, col: f32| {
        let cell = layout.cells(row, col, 1, 1);
        pixel(&shot, cell.x + cell.w * 0.25, cell.y + cell.h * 0.25)
    };
    assert_close(
        probe(from.row, from.col),
        Srgb(0x2a, 0x2f, 0x3c),
        "the emptied cell",
    );
    assert_close(
        probe(to.row, to.col),
        Srgb(0xf3, 0xc9, 0x73),
        "the entered cell",
    );
}

#[test]
fn pressing_space_to_the_end_shows_the_solved_board_f12_saves_it_and_q_quits() {
    let mut playback = solved();
    let total = playback.total();
    let board = playback.puzzle().board().clone();
    let mut frames = Headless::new(SIZE, board.rows(), board.cols()).unwrap();
    let layout = frames.layout().clone();
    let start = expected(&mut frames, &mut playback, 0);
    let end = expected(&mut frames, &mut playback, total);

    let display = Display::start("keys");
    let (mut player, window) = sample_player(&display);
    assert!(
        wait_for(&display, &window, &layout, &start).0,
        "the start never showed"
    );
    display.run("xdotool", &["windowfocus", "--sync", &window]);
    for _ in 0..total {
        display.run("xdotool", &["key", "space"]);
    }
    let (shown, _) = wait_for(&display, &window, &layout, &end);
    assert!(
        shown,
        "the solved board is not on screen after {total} presses of Space"
    );

    // F12 writes the frame on screen to the working folder.
    display.run("xdotool", &["key", "F12"]);
    let shot = display.scratch.join("klotski-shot-1.png");
    let began = Instant::now();
    let saved = loop {
        // The file may be caught half written: retry until it reads whole.
        if let Ok(image) = RgbaImage::read_png(&shot) {
            break image;
        }
        assert!(began.elapsed() < PATIENCE, "F12 wrote no screenshot");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(region(&saved, layout.frame).difference(&end.0, 16) < 0.002);

    display.run("xdotool", &["key", "q"]);
    let began = Instant::now();
    let status = loop {
        if let Some(status) = player.0.try_wait().unwrap() {
            break status;
        }
        assert!(began.elapsed() < PATIENCE, "q did not close the player");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(status.success());
}

#[test]
fn bad_input_exits_2_before_any_window_opens() {
    // No display at all: a mode that got as far as opening a window would fail differently.
    let out = Command::new(env!("CARGO_BIN_EXE_klotski"))
        .arg("gui")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"2 2\n1 2\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: line 3:"), "{stderr}");
}

#[test]
fn a_bad_layout_code_or_brick_file_exits_2_before_any_window_opens() {
    let bad_board = std::env::temp_dir().join(format!("klotski-bad-{}.txt", std::process::id()));
    std::fs::write(&bad_board, "3,2,\n1,2,1,\n1,1,\n").unwrap();
    let bad_board = bad_board.to_str().unwrap().to_string();
    let short_row = format!("error: {bad_board}: line 3:");
    for (args, starts) in [
        (["gui", "--hrd", "1A9BF0X"], "error: layout code '1A9BF0X'"),
        (["gui", "--sbp", bad_board.as_str()], short_row.as_str()),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_klotski"))
            .args(args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with(starts), "{stderr}");
    }
    std::fs::remove_file(&bad_board).unwrap();
}
