//! Renderer benchmark on whatever adapter wgpu picks (Mesa's software one on machines without a
//! GPU): time to the first frame (GPU opened, pipelines built, frame drawn and finished) and
//! the median frame time, for 4x4, 10x10 and 50x50 boards in an 800x600 frame.
//!
//! Run: `cargo bench --bench gui_frames`.

use klotski::gui::controls::Pointer;
use klotski::gui::headless::Headless;
use klotski::gui::options::FrameSize;
use klotski::gui::playback::Playback;
use klotski::puzzles::numeric::NumericPuzzle;
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

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let size = FrameSize::default();
    let pointer = Pointer::default();
    for side in [4, 10, 50] {
        let numeric = board(side);
        let playback = Playback::new(numeric.engine(), Duration::from_millis(200));
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
}
