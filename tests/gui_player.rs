//! The window as a player, end to end under Xvfb: a tile dragged into the blank, undo, Solve
//! from a position made by hand, the step slider and `End`, and a bad file opened at the `O`
//! prompt. (A file dropped on the window takes the same path in the player, but xdotool cannot
//! be a drag source, so the prompt stands in for the drop here.)
#![cfg(feature = "gui")]

mod xvfb;

use klotski::gui::content::help;
use klotski::gui::content::saved::SavedGame;
use klotski::gui::input::action::Action;
use klotski::gui::input::browser::{Browser, Key as BrowserKey};
use klotski::gui::input::controls::Pointer;
use klotski::gui::input::list::{Listed, Sheet};
use klotski::gui::input::overlay::Overlay;
use klotski::gui::model::count::Count;
use klotski::gui::model::events::answer_events;
use klotski::gui::model::playback::{Playback, Trend};
use klotski::gui::model::solver_link::Order;
use klotski::gui::options::FrameSize;
use klotski::gui::render::headless::{self, Headless};
use klotski::gui::render::image::RgbaImage;
use klotski::gui::render::instance::Srgb;
use klotski::gui::render::layout::{Rect, ScreenLayout};
use klotski::puzzles::numeric::NumericPuzzle;
use klotski::search::Limits;
use klotski::solve::Options;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};
use xvfb::{Display, PATIENCE, Reaped, at, region};

const SIZE: FrameSize = FrameSize {
    width: 640,
    height: 480,
};
const TWEEN: Duration = Duration::from_millis(200);
const SLOT: Srgb = Srgb(0x2a, 0x2f, 0x3c);
const TILE: Srgb = Srgb(0xf3, 0xc9, 0x73);
/// The board's frame when nobody solved it.
const FRAME: Srgb = Srgb(0x3a, 0x40, 0x52);

fn case() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases/sample4.in")
}

fn options() -> Options {
    Options {
        limits: Limits::memory(1 << 28),
        algo: Default::default(),
        cache: None,
        effort: 1,
    }
}

/// Sample 4 with its solution, as the window plays it.
fn solved() -> Playback {
    let numeric: NumericPuzzle = std::fs::read_to_string(case()).unwrap().parse().unwrap();
    let puzzle = numeric.puzzle();
    let mut playback = Playback::new(puzzle, TWEEN).with_goal(numeric.problem().ok());
    for event in answer_events(klotski::solve_numeric(&numeric, options(), &mut |_| {})) {
        playback.receive(event);
    }
    playback
}

fn start(display: &Display) -> (Reaped, String) {
    let stdin = Stdio::from(std::fs::File::open(case()).unwrap());
    let (player, window) = display.player(&["gui", "--size", "640x480", "--speed", "200"], stdin);
    display.run("xdotool", &["windowfocus", "--sync", &window]);
    (player, window)
}

/// The cells of the board, without its frame (which glows once a person solved it).
fn cells(layout: &ScreenLayout, rows: usize, cols: usize) -> Rect {
    layout.cells(0.0, 0.0, rows, cols)
}

fn pixel(image: &RgbaImage, (x, y): (f32, f32)) -> Srgb {
    let i = ((y as u32 * image.width + x as u32) * 4) as usize;
    Srgb(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
}

fn near(got: Srgb, want: Srgb) -> bool {
    let close = |a: u8, b: u8| a.abs_diff(b) <= 6;
    close(got.0, want.0) && close(got.1, want.1) && close(got.2, want.2)
}

/// A point a quarter into cell (`row`, `col`), clear of the numbers.
fn probe(layout: &ScreenLayout, row: usize, col: usize) -> (f32, f32) {
    let cell = layout.cells(row as f32, col as f32, 1, 1);
    (cell.x + cell.w * 0.25, cell.y + cell.h * 0.25)
}

/// Frames of the headless renderer: the whole frame at `step` of `playback`.
fn frame_at(frames: &mut Headless, playback: &mut Playback, step: usize) -> RgbaImage {
    headless::seek(playback, step);
    frames
        .frame(playback, &Pointer::default(), headless::at_rest(TWEEN))
        .unwrap()
}

#[test]
fn dragging_a_tile_into_the_blank_moves_it_and_undo_takes_it_back() {
    let (playback, _, layout, area, first) = sample_frames();
    let board = playback.puzzle().board().clone();

    let display = Display::start("drag");
    let (_player, window) = start_on(&display, area, &first);
    // Sample 4 has 15 at row 2, column 2 and a blank below it: drag it down by most of a cell.
    let label = |row: usize, col: usize| {
        let cell = board.cell(row, col);
        let position = playback.position();
        match position.at(cell) {
            klotski::engine::puzzle::Cell::Piece(p) => Some(playback.puzzle().pieces()[p].label()),
            _ => None,
        }
    };
    assert_eq!((label(2, 2), label(3, 2)), (Some(15), None));
    let (x, y) = layout.cells(2.0, 2.0, 1, 1).centre();
    let [x0, y0] = at(x, y);
    let [x1, y1] = at(x, y + layout.cell * 0.8);
    display.run("xdotool", &["mousemove", "--window", &window, &x0, &y0]);
    display.run("xdotool", &["mousedown", "1"]);
    for k in 1..=4 {
        let [xk, yk] = at(x, y + layout.cell * 0.2 * k as f32);
        display.run("xdotool", &["mousemove", "--window", &window, &xk, &yk]);
    }
    display.run("xdotool", &["mousemove", "--window", &window, &x1, &y1]);
    display.run("xdotool", &["mouseup", "1"]);

    let began = Instant::now();
    loop {
        let shot = display.screenshot(&window);
        let (emptied, entered) = (
            pixel(&shot, probe(&layout, 2, 2)),
            pixel(&shot, probe(&layout, 3, 2)),
        );
        if near(emptied, SLOT) && near(entered, TILE) {
            break;
        }
        assert!(
            began.elapsed() < PATIENCE,
            "15 did not slide down: {emptied:?} {entered:?}"
        );
    }

    // Ctrl+Z takes it back: the board is the start again.
    display.run("xdotool", &["key", "ctrl+z"]);
    assert!(
        display.wait_for(&window, area, &first).0,
        "undo did not restore the start"
    );
    // R redoes it.
    display.run("xdotool", &["key", "r"]);
    let began = Instant::now();
    loop {
        let shot = display.screenshot(&window);
        if near(pixel(&shot, probe(&layout, 3, 2)), TILE) {
            break;
        }
        assert!(
            began.elapsed() < PATIENCE,
            "redo did not slide 15 down again"
        );
    }
}

#[test]
fn solve_from_a_position_made_by_hand_ends_on_the_goal() {
    let (mut playback, mut frames, layout, area, first) = sample_frames();
    let total = playback.total();
    let goal = region(&frame_at(&mut frames, &mut playback, total), area);

    let display = Display::start("solve");
    let (_player, window) = start_on(&display, area, &first);
    // Off the solution's line: 14 (row 3, column 1) can only go right, into the blank.
    let (x, y) = layout.cells(3.0, 1.0, 1, 1).centre();
    display.click(&window, (x, y));
    let began = Instant::now();
    while !near(
        pixel(&display.screenshot(&window), probe(&layout, 3, 2)),
        TILE,
    ) {
        assert!(began.elapsed() < PATIENCE, "14 did not move right");
    }
    // Faster, then Solve (Enter): the solver starts again from here and plays to the goal.
    for _ in 0..6 {
        display.run("xdotool", &["key", "plus"]);
    }
    let (sx, sy) = layout.button(Action::Solve).centre();
    display.click(&window, (sx, sy));
    let (shown, shot) = display.wait_for(&window, area, &goal);
    assert!(
        shown,
        "Solve from the hand-made position did not end on the goal"
    );
    // The solver finished it, not the person: no glow (the frame keeps its colour).
    let frame = pixel(&shot, (layout.frame.x + 3.0, layout.frame.centre().1));
    assert!(
        near(frame, FRAME),
        "a celebration of the solver's moves: {frame:?}"
    );
}

#[test]
fn a_solve_by_hand_glows_and_scores_the_persons_moves_against_the_shortest() {
    let (mut playback, mut frames, layout, area, first) = sample_frames();
    let solution = playback.moves().to_vec();
    let at_start = frame_at(&mut frames, &mut playback, 0);
    // The same moves by hand, as the window should count them.
    let mut by_hand = solved();
    for (i, &mv) in solution.iter().enumerate() {
        by_hand.play(mv, Duration::from_secs(i as u64 + 1));
    }
    assert!(by_hand.won());
    let rest = headless::at_rest(TWEEN);
    let scored = frames.frame(&by_hand, &Pointer::default(), rest).unwrap();

    let display = Display::start("hand-solve");
    let (_player, window) = start_on(&display, area, &first);
    // Once the solve from the start is in (the shortest is known), click each move in turn:
    // on the piece, towards where it goes.
    wait_for_the_first_solve(&display, &window, &layout, &at_start);
    click_each_move(&display, &window, &layout, &playback);
    let (shown, shot) = display.wait_for(&window, layout.status, &region(&scored, layout.status));
    assert!(shown, "the status does not say: {}", by_hand.status());
    // The score is kept in the user's data folder, for the next game of this puzzle.
    let kept = std::fs::read_to_string(display.scratch.join("data/klotski/scores.txt")).unwrap();
    let key = klotski::gui::content::scores::key(playback.puzzle(), Count::Cells);
    assert_eq!(kept.trim(), format!("{key} {}", solution.len()));
    let frame = pixel(&shot, (layout.frame.x + 3.0, layout.frame.centre().1));
    assert!(!near(frame, FRAME), "no celebration: {frame:?}");

    // Restart (Home) after the win is a new game: no glow, and the status and the info line
    // (the clock, the hints) as at the start.
    display.run("xdotool", &["key", "Home"]);
    let (shown, shot) = display.wait_for(&window, layout.status, &region(&at_start, layout.status));
    assert!(shown, "Restart kept the win on the status line");
    let (shown, _) = display.wait_for(&window, layout.info, &region(&at_start, layout.info));
    assert!(shown, "Restart kept the clock or the hints");
    let frame = pixel(&shot, (layout.frame.x + 3.0, layout.frame.centre().1));
    assert!(near(frame, FRAME), "Restart kept the glow: {frame:?}");
}

#[test]
fn a_damaged_scores_file_is_told_once_and_loses_no_line_when_a_score_is_kept() {
    let (playback, _, layout, area, first) = sample_frames();
    let solution = playback.moves().to_vec();
    let display = Display::start("damaged-scores");
    // A line that is not UTF-8 among scores: every line must outlive the next score kept.
    let file = display.scratch.join("data/klotski/scores.txt");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let old: &[u8] = b"aaaaaaaaaaaaaaaa 5\nbbbbbbbbbbbbbbbb 7\xff\ncccccccccccccccc\t9\n";
    std::fs::write(&file, old).unwrap();
    let mut told = solved();
    headless::seek(&mut told, 0);
    told.tell("Best scores: line 2 is not a score; kept as it is".to_string());
    let mut frames = Headless::new(SIZE, 4, 5).unwrap();
    let want = frames
        .frame(&told, &Pointer::default(), headless::at_rest(TWEEN))
        .unwrap();

    let (_player, window) = start_on(&display, area, &first);
    let (shown, _) = display.wait_for(&window, layout.status, &region(&want, layout.status));
    assert!(shown, "the status line does not tell of the damaged line");
    click_each_move(&display, &window, &layout, &playback);
    let key = klotski::gui::content::scores::key(playback.puzzle(), Count::Cells);
    // Every line kept, the scores among them written the one way (a space between the words).
    let mut want = b"aaaaaaaaaaaaaaaa 5\nbbbbbbbbbbbbbbbb 7\xff\ncccccccccccccccc 9\n".to_vec();
    want.extend(format!("{key} {}\n", solution.len()).bytes());
    let began = Instant::now();
    while std::fs::read(&file).unwrap() != want {
        assert!(
            began.elapsed() < PATIENCE,
            "the scores file is not the old lines and the new one: {:?}",
            String::from_utf8_lossy(&std::fs::read(&file).unwrap())
        );
    }
}

/// Clicks each move of `playback`'s solution in turn: on the piece, towards where it goes.
fn click_each_move(display: &Display, window: &str, layout: &ScreenLayout, playback: &Playback) {
    let mut position = playback.puzzle().start_position();
    for &mv in playback.moves() {
        let puzzle = playback.puzzle();
        let shape = puzzle.pieces()[mv.piece].shape;
        let (row, col) = puzzle.board().row_col(position.origins()[mv.piece]);
        let (x, y) = layout
            .cells(row as f32, col as f32, shape.rows, shape.cols)
            .centre();
        let (dr, dc) = mv.dir.delta();
        let nudge = layout.cell * 0.3;
        display.click(window, (x + dc as f32 * nudge, y + dr as f32 * nudge));
        puzzle.apply(&mut position, mv);
    }
}

#[test]
fn the_slider_jumps_to_the_last_step_and_home_and_end_jump_too() {
    let mut playback = solved();
    let total = playback.total();
    let board = playback.puzzle().board().clone();
    let (rows, cols) = (board.rows(), board.cols());
    let mut frames = Headless::new(SIZE, rows, cols).unwrap();
    let layout = frames.layout().clone();
    let first = frame_at(&mut frames, &mut playback, 0);
    let last = frame_at(&mut frames, &mut playback, total);
    let want = |image: &RgbaImage| (region(image, layout.frame), region(image, layout.status));

    let display = Display::start("slider");
    let (_player, window) = start(&display);
    let both = |want: &(RgbaImage, RgbaImage)| {
        let began = Instant::now();
        loop {
            let shot = display.screenshot(&window);
            let ok = region(&shot, layout.frame).difference(&want.0, 16) < 0.002
                && region(&shot, layout.status).difference(&want.1, 16) < 0.002;
            if ok || began.elapsed() > PATIENCE {
                return ok;
            }
        }
    };
    assert!(both(&want(&first)), "the start never showed");
    let track = layout.slider;
    let [x, y] = at(track.x + track.w - 1.0, track.y + track.h / 2.0);
    display.run(
        "xdotool",
        &["mousemove", "--window", &window, &x, &y, "click", "1"],
    );
    assert!(
        both(&want(&last)),
        "the slider's right end is not the last step"
    );
    display.run("xdotool", &["key", "Home"]);
    assert!(both(&want(&first)), "Home is not the start");
    display.run("xdotool", &["key", "End"]);
    assert!(both(&want(&last)), "End is not the last step");
}

#[test]
fn a_bad_file_at_the_o_prompt_keeps_the_board_a_good_one_and_the_levels_name_the_window() {
    let mut playback = solved();
    let board = playback.puzzle().board().clone();
    let (rows, cols) = (board.rows(), board.cols());
    let mut frames = Headless::new(SIZE, rows, cols).unwrap();
    let layout = frames.layout().clone();
    let first = frame_at(&mut frames, &mut playback, 0);
    let one_step = frame_at(&mut frames, &mut playback, 1);
    headless::seek(&mut playback, 0);

    let display = Display::start("open");
    let bad = display.scratch.join("bad.txt");
    std::fs::write(&bad, "2 2\n1 2\n").unwrap();
    let message = klotski::gui::content::open::open(&bad, &options())
        .err()
        .unwrap();
    assert!(message.starts_with("error: line 3:"), "{message}");
    playback.tell(message);
    let told = frames
        .frame(&playback, &Pointer::default(), headless::at_rest(TWEEN))
        .unwrap();

    let (_player, window) = start(&display);
    assert!(
        display
            .wait_for(&window, layout.frame, &region(&first, layout.frame))
            .0,
        "the start never showed"
    );
    // Esc at the prompt gives up the prompt alone: the game stays one step in, its status
    // line back.
    wait_for_the_first_solve(&display, &window, &layout, &first);
    display.run("xdotool", &["key", "space"]);
    let one = region(&one_step, layout.status);
    assert!(
        display.wait_for(&window, layout.status, &one).0,
        "Next did not step"
    );
    display.run("xdotool", &["key", "o", "x", "Escape"]);
    let (shown, _) = display.wait_for(&window, layout.status, &one);
    assert!(
        shown,
        "Esc at the prompt did not bring the status line back"
    );
    let board = region(&one_step, layout.frame);
    let (shown, _) = display.wait_for(&window, layout.frame, &board);
    assert!(shown, "Esc at the prompt moved the board");
    display.run("xdotool", &["key", "Home"]);
    display.run("xdotool", &["key", "o"]);
    display.run("xdotool", &["type", "--delay", "20", bad.to_str().unwrap()]);
    display.run("xdotool", &["key", "Return"]);
    let (shown, shot) = display.wait_for(&window, layout.status, &region(&told, layout.status));
    assert!(shown, "the status line does not show the file's error");
    assert!(
        region(&shot, layout.frame).difference(&region(&first, layout.frame), 16) < 0.002,
        "the old board did not stay"
    );
    assert_eq!(display.title(&window), "klotski: Numeric Klotski 5x4");
    // A good file opened at the prompt names the window after it.
    let good = display.scratch.join("three.txt");
    std::fs::copy("tests/cases/sample3.in", &good).unwrap();
    display.run("xdotool", &["key", "o"]);
    display.run(
        "xdotool",
        &["type", "--delay", "20", good.to_str().unwrap()],
    );
    display.run("xdotool", &["key", "Return"]);
    let title = display.wait_for_title(&window, "klotski: three.txt");
    assert_eq!(title, "klotski: three.txt");
    // ] opens the first level, [ from there the last.
    for (key, want) in [
        (
            "bracketright",
            "klotski: level 1 of 25: the assignment's sample",
        ),
        ("bracketleft", "klotski: level 25 of 25: bricks II, level 7"),
    ] {
        display.run("xdotool", &["key", key]);
        assert_eq!(display.wait_for_title(&window, want), want, "after {key}");
    }
}

/// Sample 4 solved, its frames, their layout, the board's cells and how they look at the start.
fn sample_frames() -> (Playback, Headless, ScreenLayout, Rect, RgbaImage) {
    let mut playback = solved();
    let board = playback.puzzle().board();
    let (rows, cols) = (board.rows(), board.cols());
    let mut frames = Headless::new(SIZE, rows, cols).unwrap();
    let layout = frames.layout().clone();
    let area = cells(&layout, rows, cols);
    let first = region(&frame_at(&mut frames, &mut playback, 0), area);
    (playback, frames, layout, area, first)
}

/// Starts the player on sample 4 and waits until `area` shows `first`.
fn start_on(display: &Display, area: Rect, first: &RgbaImage) -> (Reaped, String) {
    let (player, window) = start(display);
    assert!(
        display.wait_for(&window, area, first).0,
        "the start never showed"
    );
    (player, window)
}

/// Waits until the status line shows the solve from the start as `at_start` does: the
/// shortest is known from then on.
fn wait_for_the_first_solve(
    display: &Display,
    window: &str,
    layout: &ScreenLayout,
    at_start: &RgbaImage,
) {
    let (shown, _) = display.wait_for(window, layout.status, &region(at_start, layout.status));
    assert!(shown, "the solve from the start never came");
}

/// Waits until each probed cell of `layout` shows `want` (a tile or a slot).
fn wait_for_cells(
    display: &Display,
    window: &str,
    layout: &ScreenLayout,
    want: &[((usize, usize), Srgb)],
    what: &str,
) {
    let began = Instant::now();
    loop {
        let shot = display.screenshot(window);
        let seen: Vec<Srgb> = want
            .iter()
            .map(|&((row, col), _)| pixel(&shot, probe(layout, row, col)))
            .collect();
        if want.iter().zip(&seen).all(|(&(_, w), &got)| near(got, w)) {
            return;
        }
        assert!(began.elapsed() < PATIENCE, "{what}: {seen:?}");
    }
}

#[test]
fn a_slow_one_cell_drag_is_one_move_and_a_drag_over_two_free_cells_is_two() {
    let (_, _, layout, area, first) = sample_frames();
    let display = Display::start("slow-drag");
    let (_player, window) = start_on(&display, area, &first);

    // Sample 4: 15 at row 2, column 2, two blanks below it. A pixel at a time, one cell down:
    // the piece follows the pointer and settles one cell down.
    let steps = layout.cell as usize;
    drag_along(&display, &window, &layout, (2, 2), &[(1.0, 0.0)], steps);
    wait_for_cells(
        &display,
        &window,
        &layout,
        &[((2, 2), SLOT), ((3, 2), TILE)],
        "one cell down",
    );
    // One move recorded: a second undo has nothing left to take back. (Moves recorded back and
    // forth would leave 15 down after two undos.)
    display.run("xdotool", &["key", "ctrl+z"]);
    display.run("xdotool", &["key", "ctrl+z"]);
    assert!(display.wait_for(&window, area, &first).0, "not one move");

    // Most of two cells down, in a few moves: two moves, undone one at a time.
    drag_along(&display, &window, &layout, (2, 2), &[(1.8, 0.0)], 6);
    wait_for_cells(
        &display,
        &window,
        &layout,
        &[((2, 2), SLOT), ((3, 2), SLOT), ((4, 2), TILE)],
        "two cells down",
    );
    display.run("xdotool", &["key", "ctrl+z"]);
    wait_for_cells(
        &display,
        &window,
        &layout,
        &[((3, 2), TILE), ((4, 2), SLOT)],
        "one undone",
    );
    display.run("xdotool", &["key", "ctrl+z"]);
    assert!(display.wait_for(&window, area, &first).0, "not two moves");

    // Let go short of half a cell: it goes back, and nothing is recorded.
    drag_along(&display, &window, &layout, (2, 2), &[(0.35, 0.0)], 3);
    assert!(
        display.wait_for(&window, area, &first).0,
        "a short drag moved the piece"
    );
}

#[test]
fn o_browses_a_folder_typed_from_home_filters_it_and_opens_a_file() {
    let (mut playback, mut frames, layout, area, first) = sample_frames();
    let display = Display::start("browse");
    // The player's home is the scratch folder: ~/puzzles holds two puzzles and a folder.
    let puzzles = display.scratch.join("puzzles");
    std::fs::create_dir_all(puzzles.join("more")).unwrap();
    std::fs::copy("tests/cases/sample3.in", puzzles.join("three.txt")).unwrap();
    std::fs::copy("tests/cases/sample4.in", puzzles.join("four.in")).unwrap();
    std::fs::write(puzzles.join("notes.md"), "not a puzzle").unwrap();
    let shown = Sheet::new(&layout).shown;
    let home = Some(display.scratch.clone());
    let mut browser = Browser::at(&puzzles, home, shown);
    assert_eq!(
        browser.text(3),
        "three.txt",
        "../, more/, four.in, three.txt"
    );
    headless::seek(&mut playback, 0);
    let panel = help::panel(&layout);
    let mut under = |browser: &Browser| {
        let overlay = Overlay::Browser(browser.clone());
        let at_rest = headless::at_rest(TWEEN);
        let frame = frames.frame_under(&overlay, &playback, &Pointer::default(), at_rest);
        region(&frame.unwrap(), panel)
    };
    let listed = under(&browser);
    browser.key(BrowserKey::Text("thr"));
    let filtered = under(&browser);

    let (_player, window) = start_on(&display, area, &first);
    display.run("xdotool", &["key", "o"]);
    display.run("xdotool", &["type", "--delay", "20", "~/puzzles"]);
    display.run("xdotool", &["key", "Return"]);
    let (shown, _) = display.wait_for(&window, panel, &listed);
    assert!(shown, "~/puzzles is not listed");
    display.run("xdotool", &["type", "--delay", "20", "thr"]);
    let (shown, _) = display.wait_for(&window, panel, &filtered);
    assert!(shown, "typing does not filter the list");
    display.run("xdotool", &["key", "Return"]);
    assert_eq!(
        display.wait_for_title(&window, "klotski: three.txt"),
        "klotski: three.txt"
    );
    // O again opens on the same folder; Esc closes it and the board is back.
    display.run("xdotool", &["key", "o"]);
    let (shown, _) = display.wait_for(&window, panel, &listed);
    assert!(shown, "the browser did not come back to ~/puzzles");
    display.run("xdotool", &["key", "Escape"]);
    let three = klotski::gui::content::open::open(&puzzles.join("three.txt"), &options()).unwrap();
    let rows = three.puzzle.board().rows();
    let cols = three.puzzle.board().cols();
    let mut frames = Headless::new(SIZE, rows, cols).unwrap();
    let start = Playback::new(three.puzzle, TWEEN);
    let cells = frames.layout().cells(0.0, 0.0, rows, cols);
    let board = frames
        .frame(&start, &Pointer::default(), headless::at_rest(TWEEN))
        .unwrap();
    let (shown, _) = display.wait_for(&window, cells, &region(&board, cells));
    assert!(shown, "Esc did not bring back the board of three.txt");
}

#[test]
fn a_big_board_offers_zoom_and_ctrl_wheel_keys_and_a_right_drag_zoom_and_pan_it() {
    use klotski::gui::render::zoom::Zoom;
    use klotski::puzzles::numeric::generate::{BlockCounts, Method, Size, Spec, generate};
    let spec = Spec {
        size: Size { rows: 20, cols: 20 },
        blanks: 1,
        blocks: BlockCounts::default(),
        method: Method::Walk(4000),
        unsolvable: false,
    };
    let numeric = generate(&spec, 4, options()).unwrap();
    let puzzle = numeric.puzzle();
    let dims = (20, 20);
    let playback = Playback::new(puzzle, TWEEN);
    let mut frames = Headless::new(SIZE, 20, 20).unwrap();
    let fit = frames.layout().clone();
    let area = fit.board_area;
    let frame = |zoom: Zoom, frames: &mut Headless| {
        frames.zoom_to(&fit, zoom, 20, 20);
        let at_rest = headless::at_rest(TWEEN);
        frames
            .frame(&playback, &Pointer::default(), at_rest)
            .unwrap()
    };
    let fitting = frame(Zoom::default(), &mut frames);
    // Three-digit numbers in 16-pixel cells: the line under the slider offers the zoom.
    let offer = region(&fitting, fit.info);
    // Ctrl and + zooms about the middle; the wheel with Ctrl about the pointer (xdotool's
    // wheel button is two notches to winit: its press and its release); a right-drag pans.
    let mut zoom = Zoom::default();
    zoom.about(&fit, dims, area.centre(), Zoom::STEP);
    let keyed = frame(zoom, &mut frames);
    let point = (200.0, 150.0);
    zoom.about(&fit, dims, point, Zoom::STEP);
    zoom.about(&fit, dims, point, Zoom::STEP);
    let wheeled = frame(zoom, &mut frames);
    zoom.pan(&fit, dims, (-60.0, -40.0));
    let panned = frame(zoom, &mut frames);
    assert_ne!(region(&wheeled, fit.info), offer, "zoomed in, no offer");

    let display = Display::start("zoom");
    let file = display.scratch.join("twenty.txt");
    std::fs::write(&file, numeric.to_string()).unwrap();
    let stdin = Stdio::from(std::fs::File::open(&file).unwrap());
    let (_player, window) = display.player(&["gui", "--size", "640x480", "--speed", "200"], stdin);
    display.run("xdotool", &["windowfocus", "--sync", &window]);
    let shows = |want: &RgbaImage, what: &str| {
        assert!(
            display.wait_for(&window, area, &region(want, area)).0,
            "{what}"
        );
    };
    shows(&fitting, "the board never showed");
    assert!(
        display.wait_for(&window, fit.info, &offer).0,
        "no offer of zoom"
    );
    display.run("xdotool", &["key", "ctrl+plus"]);
    shows(&keyed, "Ctrl and + did not zoom about the middle");
    let [x, y] = at(point.0, point.1);
    display.run("xdotool", &["mousemove", "--window", &window, &x, &y]);
    display.run(
        "xdotool",
        &["keydown", "ctrl", "click", "4", "keyup", "ctrl"],
    );
    shows(
        &wheeled,
        "Ctrl and the wheel did not zoom about the pointer",
    );
    let [x2, y2] = at(point.0 - 60.0, point.1 - 40.0);
    display.run("xdotool", &["mousedown", "3"]);
    display.run("xdotool", &["mousemove", "--window", &window, &x2, &y2]);
    display.run("xdotool", &["mouseup", "3"]);
    shows(&panned, "a right-drag did not pan");
    display.run("xdotool", &["key", "0"]);
    shows(&fitting, "0 did not fit the board again");
}

/// Waits for the player to end (after Q), at most [`PATIENCE`].
fn wait_for_exit(player: &mut Reaped) {
    let began = Instant::now();
    while player.0.try_wait().unwrap().is_none() {
        assert!(began.elapsed() < PATIENCE, "the player did not quit");
        std::thread::yield_now();
    }
}

#[test]
fn a_game_left_in_progress_is_offered_back_and_a_damaged_one_is_ignored() {
    let (mut playback, mut frames, layout, area, first) = sample_frames();
    let display = Display::start("resume");
    let key = klotski::gui::content::scores::key(playback.puzzle(), Count::Cells);
    let file = display
        .scratch
        .join(format!("data/klotski/saved/{key}.txt"));
    // Up slides 15 into the blank above it: one move by hand.
    let up = move_of(&playback, 15, klotski::Dir::Up);
    let mut moved = Playback::new(playback.puzzle().clone(), TWEEN);
    moved.play(up, Duration::ZERO);
    let moved_board = region(
        &frames
            .frame(&moved, &Pointer::default(), headless::at_rest(TWEEN))
            .unwrap(),
        area,
    );
    let saved = SavedGame {
        moves: vec![(up, true)],
        hints: 0,
        spent: Duration::ZERO,
    };
    headless::seek(&mut playback, 0);
    let status_of = |frames: &mut Headless, playback: &mut Playback, message: String| {
        playback.tell(message);
        let at_rest = headless::at_rest(TWEEN);
        let frame = frames
            .frame(playback, &Pointer::default(), at_rest)
            .unwrap();
        region(&frame, layout.status)
    };
    let offered = playback.resume_offer(&saved);
    let offer = status_of(&mut frames, &mut playback, offered);

    // A move, then Q: the game is kept.
    let (mut player, window) = start_on(&display, area, &first);
    display.run("xdotool", &["key", "Up"]);
    assert!(
        display.wait_for(&window, area, &moved_board).0,
        "Up did not move"
    );
    display.run("xdotool", &["key", "q"]);
    wait_for_exit(&mut player);
    assert!(file.is_file(), "no game kept at {}", file.display());

    // Opened again: the offer; Enter takes the game up where it was left; Q keeps it again.
    let (mut player, window) = start_on(&display, area, &first);
    assert!(
        display.wait_for(&window, layout.status, &offer).0,
        "no offer"
    );
    display.run("xdotool", &["key", "Return"]);
    assert!(
        display.wait_for(&window, area, &moved_board).0,
        "not resumed"
    );
    display.run("xdotool", &["key", "q"]);
    wait_for_exit(&mut player);

    // Esc starts again: the board stays at the start and the kept game is forgotten.
    let (_player, window) = start_on(&display, area, &first);
    assert!(
        display.wait_for(&window, layout.status, &offer).0,
        "no offer"
    );
    display.run("xdotool", &["key", "Escape"]);
    let back = region(&frame_at(&mut frames, &mut playback, 0), layout.status);
    assert!(
        display.wait_for(&window, layout.status, &back).0,
        "the offer stayed"
    );
    assert!(!file.exists(), "the kept game was not forgotten");
    assert!(display.wait_for(&window, area, &first).0, "the board moved");
    drop(_player);

    // A damaged file is told on the status line and the game starts from the start.
    std::fs::write(
        &file,
        "klotski saved game 1\nhints 0\ntime-ms 0\nmoves 5X\n",
    )
    .unwrap();
    let damaged = klotski::gui::content::saved::Saves::at(file.parent().map(Into::into))
        .load(&key, playback.puzzle())
        .unwrap_err();
    let told = status_of(
        &mut frames,
        &mut playback,
        format!("The kept game is ignored: {damaged}"),
    );
    let (_player, window) = start_on(&display, area, &first);
    assert!(
        display.wait_for(&window, layout.status, &told).0,
        "not told"
    );
    assert!(
        display.wait_for(&window, area, &first).0,
        "not at the start"
    );
}

#[test]
fn e_edits_the_board_with_the_solve_s_verdict_live_and_s_saves_it() {
    use klotski::gui::content::editor::Editor;
    let three = || -> NumericPuzzle {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases/sample3.in");
        std::fs::read_to_string(path).unwrap().parse().unwrap()
    };
    // What the window should show: the puzzle solved, with the editor over it.
    let shown = |editor: &Editor, frames: &mut Headless| {
        let numeric = editor.puzzle().unwrap();
        let mut playback = Playback::new(numeric.puzzle(), TWEEN).with_goal(numeric.problem().ok());
        for event in answer_events(klotski::solve_numeric(&numeric, options(), &mut |_| {})) {
            playback.receive(event);
        }
        let overlay = Overlay::Editor(editor.clone());
        let at_rest = headless::at_rest(TWEEN);
        (frames.frame_under(&overlay, &playback, &Pointer::default(), at_rest)).unwrap()
    };
    let mut frames = Headless::new(SIZE, 3, 3).unwrap();
    let layout = frames.layout().clone();
    let mut editor = Editor::of(&three());
    let opened = shown(&editor, &mut frames);
    editor.untie(7).unwrap();
    let untied = shown(&editor, &mut frames);
    editor.swap(3, 4).unwrap();
    let swapped = shown(&editor, &mut frames);
    let made = editor.puzzle().unwrap().to_string();
    assert_eq!(made, "3 3\n1 2 3\n0 4 0\n7 5 6\n0\n");
    let (status, board) = (layout.status, layout.cells(0.0, 0.0, 3, 3));

    let display = Display::start("editor");
    let stdin = Stdio::from(std::fs::File::open("tests/cases/sample3.in").unwrap());
    let (_player, window) = display.player(&["gui", "--size", "640x480", "--speed", "200"], stdin);
    display.run("xdotool", &["windowfocus", "--sync", &window]);
    // A move by hand first: E starts the puzzle again in the editor (the game is kept for
    // resume) and offers nothing back.
    display.run("xdotool", &["key", "Right", "e"]);
    assert!(
        display
            .wait_for(&window, status, &region(&opened, status))
            .0,
        "E: no verdict"
    );
    // U over the block unties it; a drag from 4 to the blank beside it swaps them.
    let centre = |row: usize, col: usize| layout.cells(row as f32, col as f32, 1, 1).centre();
    let [x, y] = at(centre(2, 1).0, centre(2, 1).1);
    display.run("xdotool", &["mousemove", "--window", &window, &x, &y]);
    // Each edit shows its board and the verdict of its solve on the status line.
    let shows = |frame: &RgbaImage, what: &str| {
        for area in [status, board] {
            assert!(
                display.wait_for(&window, area, &region(frame, area)).0,
                "{what}"
            );
        }
    };
    display.run("xdotool", &["key", "u"]);
    shows(&untied, "U did not untie the block");
    drag_along(&display, &window, &layout, (1, 0), &[(0.0, 1.0)], 4);
    shows(&swapped, "a drag did not swap");
    // S saves the board as a file the terminal reads.
    display.run("xdotool", &["key", "s"]);
    let saved = display.scratch.join("klotski-puzzle-1.txt");
    let began = Instant::now();
    while std::fs::read_to_string(&saved).ok().as_deref() != Some(made.as_str()) {
        assert!(began.elapsed() < PATIENCE, "S did not save the board");
        std::thread::yield_now();
    }
}

/// Presses the piece at the centre of (`row`, `col`), moves the pointer through `legs` (each a
/// step in cells, down and right, taken in `steps` pointer moves) without letting go, then
/// lets go.
fn drag_along(
    display: &Display,
    window: &str,
    layout: &ScreenLayout,
    at_cell: (usize, usize),
    legs: &[(f32, f32)],
    steps: usize,
) {
    let (mut x, mut y) = layout
        .cells(at_cell.0 as f32, at_cell.1 as f32, 1, 1)
        .centre();
    let [x0, y0] = at(x, y);
    display.run("xdotool", &["mousemove", "--window", window, &x0, &y0]);
    display.run("xdotool", &["mousedown", "1"]);
    for &(rows, cols) in legs {
        for _ in 0..steps {
            x += layout.cell * cols / steps as f32;
            y += layout.cell * rows / steps as f32;
            let [xk, yk] = at(x, y);
            display.run("xdotool", &["mousemove", "--window", window, &xk, &yk]);
        }
    }
    display.run("xdotool", &["mouseup", "1"]);
}

#[test]
fn one_drag_round_a_corner_is_two_moves_and_both_undo() {
    let (_, _, layout, area, first) = sample_frames();
    let display = Display::start("corner-drag");
    let (_player, window) = start_on(&display, area, &first);

    // Sample 4: 14 at row 3, column 1, a blank right of it and another below that. One drag
    // right one cell, then down one cell: 14 goes round the corner.
    drag_along(
        &display,
        &window,
        &layout,
        (3, 1),
        &[(0.0, 1.0), (1.0, 0.0)],
        8,
    );
    wait_for_cells(
        &display,
        &window,
        &layout,
        &[((3, 1), SLOT), ((3, 2), SLOT), ((4, 2), TILE)],
        "round the corner",
    );
    // Two moves: the first undo takes 14 back up the corner, the second home.
    display.run("xdotool", &["key", "ctrl+z"]);
    wait_for_cells(
        &display,
        &window,
        &layout,
        &[((3, 1), SLOT), ((3, 2), TILE), ((4, 2), SLOT)],
        "one undone",
    );
    display.run("xdotool", &["key", "ctrl+z"]);
    assert!(display.wait_for(&window, area, &first).0, "not two moves");
}

#[test]
fn arrows_and_line_clicks_slide_tiles_and_f1_shows_the_help() {
    let (playback, mut frames, layout, area, first) = sample_frames();
    let help = frames
        .frame_under(
            &Overlay::Help,
            &playback,
            &Pointer::default(),
            headless::at_rest(TWEEN),
        )
        .unwrap();
    let display = Display::start("keys");
    let (_player, window) = start_on(&display, area, &first);

    // A click on 9 (row 3, column 0): 14 and 9 slide right towards the blank at column 2.
    let (x, y) = layout.cells(3.0, 0.0, 1, 1).centre();
    display.click(&window, (x, y));
    wait_for_cells(
        &display,
        &window,
        &layout,
        &[((3, 0), SLOT), ((3, 1), TILE), ((3, 2), TILE)],
        "the line slid",
    );
    display.run("xdotool", &["key", "ctrl+z"]);
    display.run("xdotool", &["key", "ctrl+z"]);
    assert!(
        display.wait_for(&window, area, &first).0,
        "two moves undone"
    );

    // Up: the tile under the first blank (15, under row 1, column 2) slides up into it.
    display.run("xdotool", &["key", "Up"]);
    wait_for_cells(
        &display,
        &window,
        &layout,
        &[((1, 2), TILE), ((2, 2), SLOT)],
        "Up moved 15",
    );

    // F1 covers the board with the help; Escape closes it and leaves the window open.
    display.run("xdotool", &["key", "F1"]);
    let panel = help::panel(&layout);
    let (shown, _) = display.wait_for(&window, panel, &region(&help, panel));
    assert!(shown, "F1 did not show the help");
    display.run("xdotool", &["key", "Escape"]);
    wait_for_cells(
        &display,
        &window,
        &layout,
        &[((1, 2), TILE), ((2, 2), SLOT)],
        "the help closed",
    );
    display.run("xdotool", &["key", "question"]);
    let (shown, _) = display.wait_for(&window, panel, &region(&help, panel));
    assert!(shown, "? did not show the help");

    // Esc closes the help and, pressed again on the bare board, quits nothing: the game goes
    // on (Z undoes the move).
    display.run("xdotool", &["key", "Escape", "Escape"]);
    display.run("xdotool", &["key", "ctrl+z"]);
    assert!(
        display.wait_for(&window, area, &first).0,
        "Esc on the board ended the game"
    );

    // F12 says where the screenshot went, the whole path.
    let shot = display.scratch.join("klotski-shot-1.png");
    let mut told = playback.clone();
    told.tell(format!("Screenshot saved to {}", shot.display()));
    let told = frames
        .frame(&told, &Pointer::default(), headless::at_rest(TWEEN))
        .unwrap();
    display.run("xdotool", &["key", "F12"]);
    let (shown, _) = display.wait_for(&window, layout.status, &region(&told, layout.status));
    assert!(shown, "F12 did not give the screenshot's folder");
    assert!(shot.is_file(), "no screenshot at {}", shot.display());
}

#[test]
fn the_distance_to_the_goal_shows_after_a_move_by_hand() {
    let (mut playback, mut frames, layout, area, first) = sample_frames();
    let at_start = frame_at(&mut frames, &mut playback, 0);
    // 14 (row 3, column 1) right, off the solution's line; the headless model measures the
    // distance from there as the window's solver thread would.
    let playback = measured_after(&[move_of(&playback, 14, klotski::Dir::Right)]);
    let (left, trend) = playback.trend().expect("a distance");
    assert_eq!(trend, Trend::Farther, "{left} moves left");
    let want = frames
        .frame(&playback, &Pointer::default(), headless::at_rest(TWEEN))
        .unwrap();

    let display = Display::start("distance");
    let (_player, window) = start_on(&display, area, &first);
    wait_for_the_first_solve(&display, &window, &layout, &at_start);
    display.click(&window, layout.cells(3.0, 1.0, 1, 1).centre());
    let (shown, _) = display.wait_for(&window, layout.status, &region(&want, layout.status));
    assert!(shown, "the status does not say: {}", playback.status());
}

/// Autoplay at the top speed (a move a millisecond, several a frame) ends on the last step
/// with the play button back to Play, with no other event to redraw the window.
#[test]
fn autoplay_at_the_top_speed_ends_with_the_play_button_back() {
    let mut playback = solved();
    let total = playback.total();
    let board = playback.puzzle().board();
    let mut frames = Headless::new(SIZE, board.rows(), board.cols()).unwrap();
    let layout = frames.layout().clone();
    let first = frame_at(&mut frames, &mut playback, 0);
    let last = frame_at(&mut frames, &mut playback, total);
    let button = layout.button(Action::PlayPause);

    let display = Display::start("autoplay-end");
    let stdin = Stdio::from(std::fs::File::open(case()).unwrap());
    let args = ["gui", "--size", "640x480", "--speed", "1"];
    let (_player, window) = display.player(&args, stdin);
    display.run("xdotool", &["windowfocus", "--sync", &window]);
    wait_for_the_first_solve(&display, &window, &layout, &first);
    display.run("xdotool", &["key", "p"]);
    let (shown, _) = display.wait_for(&window, layout.frame, &region(&last, layout.frame));
    assert!(shown, "autoplay did not reach the last step");
    let (shown, _) = display.wait_for(&window, button, &region(&last, button));
    assert!(
        shown,
        "the play button still reads Pause after autoplay ended"
    );
}

/// Sample 4 in the headless model after `moves` by hand from the start (each played as the
/// window plays it), with the quiet solve that follows them answered: what the window should
/// show once its own solve is in.
fn measured_after(moves: &[klotski::Move]) -> Playback {
    let (mut playback, ..) = sample_frames();
    headless::seek(&mut playback, 0);
    let mut ordered = None;
    for (i, &mv) in moves.iter().enumerate() {
        playback.play(mv, Duration::from_secs(i as u64 + 1));
        ordered = playback.take_order().or(ordered);
    }
    let Some(Order::Start(origins)) = ordered else {
        panic!("no solve ordered after a move by hand on a small board");
    };
    let numeric: NumericPuzzle = std::fs::read_to_string(case()).unwrap().parse().unwrap();
    let from_here = numeric.problem().unwrap().with_start(&origins).unwrap();
    let report = klotski::solve::solve_puzzle(&from_here, options(), &mut |_| {});
    for event in answer_events(report) {
        playback.receive(event);
    }
    playback
}

/// The move of the piece labelled `label` one cell towards `dir`.
fn move_of(playback: &Playback, label: u32, dir: klotski::Dir) -> klotski::Move {
    let pieces = playback.puzzle().pieces();
    let piece = pieces.iter().position(|p| p.label() == label).unwrap();
    klotski::Move { piece, dir }
}

/// A line click slides two tiles at once: the status line still gives the distance left
/// (it used to fall back to "a shortest solution"); undone, the line from the start is no
/// longer a shortest one, and the status says from which move it is.
#[test]
fn a_line_click_tells_the_distance_and_an_undo_says_where_shortest_begins() {
    let (mut playback, mut frames, layout, area, first) = sample_frames();
    let at_start = frame_at(&mut frames, &mut playback, 0);
    // A click on 9 (row 3, column 0) slides 14, then 9, right towards the blank.
    let right = klotski::Dir::Right;
    let slid = [move_of(&playback, 14, right), move_of(&playback, 9, right)];
    let after_click = measured_after(&slid);
    assert!(
        after_click.status().contains("to go"),
        "{}",
        after_click.status()
    );
    let mut undone = after_click.clone();
    undone.act(Action::Previous, Duration::from_secs(10));
    undone.act(Action::Previous, Duration::from_secs(11));
    assert!(
        undone.status().ends_with("shortest from move 2"),
        "{}",
        undone.status()
    );
    let rest = headless::at_rest(TWEEN);
    let want_click = frames
        .frame(&after_click, &Pointer::default(), rest)
        .unwrap();
    let want_undone = frames.frame(&undone, &Pointer::default(), rest).unwrap();

    let display = Display::start("line-distance");
    let (_player, window) = start_on(&display, area, &first);
    wait_for_the_first_solve(&display, &window, &layout, &at_start);
    display.click(&window, layout.cells(3.0, 0.0, 1, 1).centre());
    let (shown, _) = display.wait_for(&window, layout.status, &region(&want_click, layout.status));
    assert!(shown, "the status does not say: {}", after_click.status());
    display.run("xdotool", &["key", "ctrl+z", "ctrl+z"]);
    let (shown, _) = display.wait_for(&window, layout.status, &region(&want_undone, layout.status));
    assert!(shown, "the status does not say: {}", undone.status());
}
