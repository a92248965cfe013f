//! Golden-image tests of the renderer, run headless on whatever adapter wgpu finds (Mesa's
//! software one on CI). `KLOTSKI_BLESS=1 cargo test --test gui_render` rewrites the goldens.
#![cfg(feature = "gui")]

use klotski::engine::geometry::{Board, Shape};
use klotski::engine::puzzle::{Cell, Piece, Puzzle};
use klotski::gui::content::game::{Game, Marks};
use klotski::gui::input::action::Action;
use klotski::gui::input::controls::Pointer;
use klotski::gui::model::events::answer_events;
use klotski::gui::model::playback::Playback;
use klotski::gui::options::FrameSize;
use klotski::gui::render::headless::{self, Headless};
use klotski::gui::render::image::RgbaImage;
use klotski::gui::render::instance::Srgb;
use klotski::gui::render::scene;
use klotski::puzzles::numeric::NumericPuzzle;
use klotski::puzzles::sbp::SbpBoard;
use klotski::search::Limits;
use klotski::solve::Options;
use std::path::PathBuf;
use std::time::Duration;

const TWEEN: Duration = Duration::from_millis(200);
const SIZE: FrameSize = FrameSize {
    width: 480,
    height: 400,
};
/// Channel difference allowed per pixel, and the share of pixels that may exceed it.
const TOLERANCE: (u8, f64) = (16, 0.002);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests")
}

fn solved(case: &str) -> Playback {
    let text = std::fs::read_to_string(root().join("cases").join(case)).unwrap();
    let numeric: NumericPuzzle = text.parse().unwrap();
    let options = Options {
        limits: Limits::memory(1 << 28),
        algo: Default::default(),
        cache: None,
        effort: 1,
    };
    let mut playback = Playback::new(numeric.puzzle(), TWEEN);
    for event in answer_events(klotski::solve_numeric(&numeric, options, &mut |_| {})) {
        playback.receive(event);
    }
    playback
}

fn renderer(playback: &Playback) -> Headless {
    let board = playback.puzzle().board();
    Headless::new(SIZE, board.rows(), board.cols())
        .expect("a GPU adapter (Mesa's software one on CI)")
}

/// Compares `frame` with `tests/golden/NAME.png`, or rewrites the golden under `KLOTSKI_BLESS`.
/// A mismatch leaves the frame beside the golden as `NAME.actual.png` for a look.
fn check(name: &str, frame: &RgbaImage) {
    let golden = root().join("golden").join(format!("{name}.png"));
    if std::env::var_os("KLOTSKI_BLESS").is_some() {
        frame.write_png(&golden).unwrap();
        return;
    }
    let want = RgbaImage::read_png(&golden)
        .unwrap_or_else(|e| panic!("{e} (run with KLOTSKI_BLESS=1 to create it)"));
    let differs = want.difference(frame, TOLERANCE.0);
    if differs > TOLERANCE.1 {
        let actual = golden.with_extension("actual.png");
        frame.write_png(&actual).unwrap();
        panic!(
            "{name}: {:.2}% of pixels differ from {}; this frame is in {}",
            differs * 100.0,
            golden.display(),
            actual.display()
        );
    }
}

fn crop(frame: &RgbaImage, rect: klotski::gui::render::layout::Rect) -> RgbaImage {
    // A pressed button sits a pixel lower: keep a margin so every look fits.
    let m = 4.0;
    frame.crop(
        (rect.x - m) as u32,
        (rect.y - m) as u32,
        (rect.w + 2.0 * m) as u32,
        (rect.h + 2.0 * m) as u32,
    )
}

fn rest() -> Duration {
    headless::at_rest(TWEEN)
}

#[test]
fn initial_mid_tween_and_solved_frames_match_their_goldens() {
    let mut playback = solved("sample4.in");
    assert_eq!(playback.total(), 16);
    let mut frames = renderer(&playback);
    let idle = Pointer::default();
    let start = frames.frame(&playback, &idle, rest()).unwrap();
    check("sample4_start", &start);

    // Halfway through the first slide (eased: exactly half way at half the time).
    let t0 = Duration::from_secs(10);
    playback.act(Action::Next, t0);
    let mid = frames.frame(&playback, &idle, t0 + TWEEN / 2).unwrap();
    check("sample4_mid_tween", &mid);
    let after = frames.frame(&playback, &idle, t0 + TWEEN).unwrap();
    assert!(start.difference(&mid, TOLERANCE.0) > 0.001);
    assert!(mid.difference(&after, TOLERANCE.0) > 0.001);

    headless::seek(&mut playback, 16);
    check(
        "sample4_solved",
        &frames.frame(&playback, &idle, rest()).unwrap(),
    );
}

#[test]
fn an_unsolvable_board_shows_no_solution_with_next_disabled() {
    let playback = solved("unsolvable_3x4.in");
    assert_eq!(
        playback.status(),
        "No solution: exhaustive search: the 11 states reachable from the start do not include \
         the goal"
    );
    assert!(!playback.can(Action::Next));
    let mut frames = renderer(&playback);
    check(
        "unsolvable",
        &frames
            .frame(&playback, &Pointer::default(), rest())
            .unwrap(),
    );
}

#[test]
fn the_next_button_has_distinct_normal_hover_pressed_and_disabled_looks() {
    let mut playback = solved("sample4.in");
    let mut frames = renderer(&playback);
    let next = frames.layout().button(Action::Next);
    let (x, y) = next.centre();
    let mut pointer = Pointer::default();
    let mut looks = Vec::new();
    let mut shoot = |name: &str, playback: &Playback, pointer: &Pointer| {
        let frame = frames.frame(playback, pointer, rest()).unwrap();
        let button = crop(&frame, next);
        check(name, &button);
        looks.push(button);
    };
    shoot("next_normal", &playback, &pointer);
    pointer.moved(x, y);
    shoot("next_hover", &playback, &pointer);
    let layout =
        klotski::gui::render::layout::ScreenLayout::new(SIZE.width, SIZE.height, 1.0, 5, 4);
    pointer.press(&layout);
    shoot("next_pressed", &playback, &pointer);
    pointer.release(&layout);
    headless::seek(&mut playback, 16);
    shoot("next_disabled", &playback, &pointer);
    for i in 0..looks.len() {
        for j in i + 1..looks.len() {
            assert!(
                looks[i].difference(&looks[j], TOLERANCE.0) > 0.05,
                "looks {i} and {j} are too alike"
            );
        }
    }
}

#[test]
fn the_animation_holds_the_start_every_tween_frame_and_the_end() {
    let mut playback = solved("sample3.in");
    assert_eq!(playback.total(), 1);
    let mut frames = renderer(&playback);
    let path = std::env::temp_dir().join(format!("klotski-anim-{}.png", std::process::id()));
    headless::write_animation(&mut frames, &mut playback, TWEEN, &path, None).unwrap();

    let mut reader =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()))
            .read_info()
            .unwrap();
    let control = reader.info().animation_control().copied().expect("an APNG");
    // 200 ms at 30 frames per second: 6 tween frames after the start.
    assert_eq!(control.num_frames, 7);
    let mut decoded = Vec::new();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    for _ in 0..control.num_frames {
        reader.next_frame(&mut buf).unwrap();
        let delay = reader
            .info()
            .frame_control()
            .map(|f| (f.delay_num, f.delay_den));
        decoded.push((
            RgbaImage {
                width: SIZE.width,
                height: SIZE.height,
                pixels: buf.clone(),
            },
            delay,
        ));
    }
    std::fs::remove_file(&path).unwrap();
    let idle = Pointer::default();
    headless::seek(&mut playback, 0);
    let start = frames.frame(&playback, &idle, rest()).unwrap();
    headless::seek(&mut playback, 1);
    let end = frames.frame(&playback, &idle, rest()).unwrap();
    assert_eq!(decoded[0].0.difference(&start, 0), 0.0);
    assert_eq!(decoded[6].0.difference(&end, 0), 0.0);
    assert_eq!(decoded[6].1, Some((2000, 1000)), "the end is held");
    assert_eq!(decoded[3].1, Some((33, 1000)));
    for pair in decoded.windows(2) {
        assert!(
            pair[0].0.difference(&pair[1].0, 0) > 0.0,
            "every frame moves"
        );
    }
}

/// The colour a quarter of the way into a cell from its top-left corner: inside any fill, clear
/// of the number at the centre.
fn pixel_at(frame: &RgbaImage, frames: &Headless, row: usize, col: usize) -> [u8; 3] {
    let cell = frames.layout().cells(row as f32, col as f32, 1, 1);
    let (x, y) = (cell.x + cell.w / 4.0, cell.y + cell.h / 4.0);
    let i = ((y as u32 * frame.width + x as u32) * 4) as usize;
    [frame.pixels[i], frame.pixels[i + 1], frame.pixels[i + 2]]
}

fn near(got: [u8; 3], want: Srgb) -> bool {
    [want.0, want.1, want.2]
        .iter()
        .zip(got)
        .all(|(&w, g)| w.abs_diff(g) <= TOLERANCE.0)
}

#[test]
fn walls_goal_cells_and_the_master_piece_are_drawn_in_their_own_colours() {
    // A brick-puzzle-like board: a wall ring round a 2x3 room, the goal on the right column.
    let (rows, cols) = (4, 5);
    let board = Board::with_walls(
        rows,
        cols,
        (0..rows * cols).filter(|&c| {
            let (r, k) = (c / cols, c % cols);
            r == 0 || r == rows - 1 || k == 0 || k == cols - 1
        }),
    );
    let cell = |r: usize, c: usize| r * cols + c;
    let pieces = vec![
        Piece {
            shape: Shape::UNIT,
            numbers: vec![2],
        },
        Piece {
            shape: Shape { rows: 1, cols: 2 },
            numbers: vec![3, 3],
        },
    ];
    let puzzle = Puzzle::new(board, pieces, vec![cell(1, 1), cell(2, 1)]).unwrap();
    let marks = Marks {
        goal_cells: vec![cell(1, 3), cell(2, 3)],
        master: Some(0),
    };
    let playback = Playback::new(puzzle, TWEEN).with_marks(marks);
    let mut frames = renderer(&playback);
    let frame = frames
        .frame(&playback, &Pointer::default(), rest())
        .unwrap();
    check("walls_goal_master", &frame);
    let at = |r, c| pixel_at(&frame, &frames, r, c);
    assert!(near(at(0, 0), scene::WALL), "wall: {:?}", at(0, 0));
    assert!(near(at(3, 4), scene::WALL), "wall: {:?}", at(3, 4));
    assert!(near(at(1, 3), scene::GOAL_SLOT.0), "goal: {:?}", at(1, 3));
    assert!(near(at(2, 3), scene::GOAL_SLOT.0), "goal: {:?}", at(2, 3));
    assert!(near(at(1, 1), scene::MASTER.0), "master: {:?}", at(1, 1));
    // The other piece keeps its shape's colour; the open cell shows a plain slot.
    assert!(!near(at(2, 1), scene::MASTER.0));
    assert!(!near(at(1, 2), scene::GOAL_SLOT.0) && !near(at(1, 2), scene::WALL));
}

/// Runs `game`'s solve and returns its playback, at rest after the last move.
fn played_to_the_end(game: Game) -> Playback {
    let marks = game.marks();
    let mut playback = Playback::new(game.puzzle, TWEEN)
        .with_marks(marks)
        .with_goal(game.problem)
        .with_count(game.count);
    (game.job)(&mut |event| playback.receive(event));
    let total = playback.total();
    headless::seek(&mut playback, total);
    playback
}

/// The master piece stands on every goal cell in the last frame after a solution of `moves`
/// moves as the game counts them, and the first frame shows the goal cells that start empty in
/// the goal colour.
fn master_ends_on_the_goal(game: Game, moves: usize) {
    let goals = game.marks().goal_cells;
    let start = Playback::new(game.puzzle.clone(), TWEEN).with_marks(game.marks());
    let playback = played_to_the_end(game);
    let status = playback.status();
    let finished = format!("The solver finished: {moves} moves, a shortest solution");
    assert_eq!(status, finished);
    let mut frames = renderer(&playback);
    let idle = Pointer::default();
    let first = frames.frame(&start, &idle, rest()).unwrap();
    let last = frames.frame(&playback, &idle, rest()).unwrap();
    let cols = playback.puzzle().board().cols();
    for goal in goals {
        let (r, c) = (goal / cols, goal % cols);
        let before = pixel_at(&first, &frames, r, c);
        let open = start.puzzle().start_position().at(goal) == Cell::Empty;
        assert_eq!(
            near(before, scene::GOAL_SLOT.0),
            open,
            "goal {goal} at the start: {before:?}"
        );
        let after = pixel_at(&last, &frames, r, c);
        assert!(
            near(after, scene::MASTER.0),
            "goal {goal} at the end: {after:?}"
        );
    }
}

#[test]
fn a_brick_puzzle_plays_its_master_onto_the_goal_cells() {
    let text = std::fs::read_to_string(root().join("sbp/boards/LRParser/SBP-level1.txt")).unwrap();
    let board: SbpBoard = text.parse().unwrap();
    master_ends_on_the_goal(Game::sbp(board, Limits::memory(1 << 28)), 16);
}

#[test]
fn a_classic_klotski_layout_plays_its_block_out_at_the_bottom_centre() {
    // Heng Dao Li Ma: 81 moves as its players count them (116 of one cell at the fewest).
    master_ends_on_the_goal(Game::hrd("1A9BF0C00".parse().unwrap()), 81);
}
