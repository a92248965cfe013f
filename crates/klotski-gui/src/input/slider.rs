//! The step slider (scrubber): which step a point on its track stands for, and where its knob
//! goes for a step. The track's left end is step 0, its right end the last step.

use crate::render::layout::Rect;

/// The step a press at `x` on `track` asks for, out of `total` steps (clamped to the track).
pub fn step_at(track: Rect, total: usize, x: f32) -> usize {
    if track.w <= 0.0 {
        return 0;
    }
    let t = ((x - track.x) / track.w).clamp(0.0, 1.0);
    (t * total as f32).round() as usize
}

/// The knob's centre on `track` for `step` of `total`.
pub fn knob_x(track: Rect, total: usize, step: usize) -> f32 {
    if total == 0 {
        return track.x;
    }
    track.x + track.w * step.min(total) as f32 / total as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRACK: Rect = Rect {
        x: 100.0,
        y: 0.0,
        w: 400.0,
        h: 10.0,
    };

    #[test]
    fn ends_of_the_track_are_the_first_and_last_steps() {
        assert_eq!(step_at(TRACK, 13_372, 100.0), 0);
        assert_eq!(step_at(TRACK, 13_372, 500.0), 13_372);
        assert_eq!(step_at(TRACK, 13_372, 900.0), 13_372, "past the end");
        assert_eq!(step_at(TRACK, 13_372, -5.0), 0, "before the start");
        assert_eq!(step_at(TRACK, 10, 300.0), 5);
        assert_eq!(step_at(TRACK, 0, 300.0), 0);
    }

    #[test]
    fn the_knob_and_the_step_map_back_and_forth() {
        for total in [1, 7, 116, 13_372] {
            for step in [0, total / 3, total / 2, total] {
                let x = knob_x(TRACK, total, step);
                assert_eq!(step_at(TRACK, total, x), step, "{step} of {total}");
            }
        }
        assert_eq!(knob_x(TRACK, 0, 0), 100.0);
        assert_eq!(knob_x(TRACK, 4, 9), 500.0, "clamped");
    }
}
