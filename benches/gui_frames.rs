//! Renderer benchmark on whatever adapter wgpu picks (Mesa's software one on machines without a
//! GPU): time to the first frame (GPU opened, pipelines built, frame drawn and finished) and
//! the median frame time, for 4x4, 10x10 and 50x50 boards in an 800x600 frame.
//!
//! Then the long autoplay: a 20x20 shuffled board (seed 1) whose constructive solution runs to
//! over 13,000 moves, played at the top speed with a frame every 1/60 s of play time: how long
//! the play takes to reach the end, the median and slowest frame (tick, scene and draw), and
//! how many frames pass the 16 ms of a 60 Hz display.
//!
//! Run: `cargo bench --bench gui_frames`.

use klotski::gui::content::game::Game;
use klotski::gui::input::action::Action;
use klotski::gui::input::controls::Pointer;
use klotski::gui::model::playback::Playback;
use klotski::gui::model::speed::Speed;
use klotski::gui::options::FrameSize;
use klotski::gui::render::headless::Headless;
use klotski::puzzles::numeric::NumericPuzzle;
use klotski::puzzles::numeric::generate::{BlockCounts, Method, Size, Spec, generate};
use klotski::search::Limits;
use klotski::solve::Options;
use std::time::{Duration, Instant};

/// Frames timed per board after the first.
const FRAMES: usize = 60;
/// First frames timed per board (each with a fresh GPU and renderer).
const STARTS: usize = 5;

/// A `side` x `side` board numbered in order with the last cell blank and one 2x2 block.
fn board(side: usize) -> NumericPuzzle {
    let cells = side * side;
    let mut text = format!("{side} {side}\n");
    for r in 0..side {
        let row: Vec<String> = (0..side)
            .map(|c| {
                let v = r * side + c + 1;
                if v == cells {
                    "0".to_string()
                } else {
                    v.to_string()
                }
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text.push_str("1\n1 2*2\n");
    text.parse().expect("a valid board")
}

/// A frame's time at 60 frames a second.
const FRAME_BUDGET: Duration = Duration::from_millis(16);

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let size = FrameSize::default();
    let pointer = Pointer::default();
    for side in [4, 10, 50] {
        let numeric = board(side);
        let playback = Playback::new(numeric.puzzle(), Duration::from_millis(200));
        let mut firsts = Vec::new();
        let mut adapter = String::new();
        for _ in 0..STARTS {
            let began = Instant::now();
            let mut frames = Headless::new(size, side, side).expect("a GPU adapter");
            frames.draw(&playback, &pointer, Duration::ZERO).unwrap();
            firsts.push(began.elapsed());
            adapter = frames.adapter();
        }
        let mut frames = Headless::new(size, side, side).expect("a GPU adapter");
        frames.draw(&playback, &pointer, Duration::ZERO).unwrap();
        let times: Vec<Duration> = (1..=FRAMES)
            .map(|i| {
                let began = Instant::now();
                let now = Duration::from_millis(16 * i as u64);
                frames.draw(&playback, &pointer, now).unwrap();
                began.elapsed()
            })
            .collect();
        println!(
            "{side}x{side} board, {}x{} frame, {adapter}: first frame median {:.1} ms (first in process {:.1} ms, {STARTS} starts); frame time median {:.2} ms ({FRAMES} frames)",
            size.width,
            size.height,
            median(firsts.clone()).as_secs_f64() * 1e3,
            firsts[0].as_secs_f64() * 1e3,
            median(times).as_secs_f64() * 1e3,
        );
    }
    long_autoplay(size, &pointer);
}

/// Plays a long constructive solution at the top speed, one frame per 1/60 s of play time.
fn long_autoplay(size: FrameSize, pointer: &Pointer) {
    let options = Options {
        limits: Limits::memory(1 << 30),
        algo: Default::default(),
        cache: None,
        effort: 1,
    };
    let spec = Spec {
        size: Size { rows: 20, cols: 20 },
        blanks: 1,
        blocks: BlockCounts::default(),
        method: Method::Shuffle,
        unsolvable: false,
    };
    let numeric = generate(&spec, 1, options.clone()).expect("a solvable shuffle");
    let game = Game::numeric(numeric, options);
    let marks = game.marks();
    let mut playback = Playback::new(game.puzzle, Duration::from_millis(200))
        .with_marks(marks)
        .with_goal(game.problem);
    (game.job)(&mut |event| playback.receive(event));
    while playback.speed() != Speed::top() {
        playback.change_speed(true, Duration::ZERO);
    }
    let mut frames = Headless::new(size, 20, 20).expect("a GPU adapter");
    let frame = Duration::from_secs(1) / 60;
    playback.act(Action::PlayPause, Duration::ZERO);
    let mut times = Vec::new();
    let mut now = Duration::ZERO;
    while playback.step() < playback.total() || playback.moving(now) {
        let began = Instant::now();
        playback.tick(now);
        frames.draw(&playback, pointer, now).unwrap();
        times.push(began.elapsed());
        now += frame;
    }
    // The first frame shapes every number once; the ones after it are the steady cost.
    let slowest = *times[1..].iter().max().expect("frames");
    let over = times[1..].iter().filter(|t| **t > FRAME_BUDGET).count();
    let first = times[0];
    println!(
        "long autoplay: 20x20 board, {} moves at {}: end reached after {:.1} s of play ({} frames); first frame {:.1} ms; frame time median {:.2} ms, slowest after the first {:.2} ms; {} of the frames after the first over {} ms",
        playback.total(),
        Speed::top().label(),
        now.as_secs_f64(),
        times.len(),
        first.as_secs_f64() * 1e3,
        median(times).as_secs_f64() * 1e3,
        slowest.as_secs_f64() * 1e3,
        over,
        FRAME_BUDGET.as_millis(),
    );
}
