//! Tween math: how far a sliding block has gone, as a pure function of the time since it left.

use std::time::Duration;

/// Cubic ease-in-out on `[0, 1]`: starts and stops gently, so a slide reads as one motion.
pub fn ease_in_out(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (2.0 - 2.0 * t).powi(3) / 2.0
    }
}

/// The eased fraction done of a tween lasting `duration` that began `elapsed` ago.
pub fn progress(elapsed: Duration, duration: Duration) -> f32 {
    if duration.is_zero() {
        return 1.0;
    }
    ease_in_out((elapsed.as_secs_f64() / duration.as_secs_f64()) as f32)
}

/// The point a fraction `t` of the way from `from` to `to`.
pub fn lerp(from: f32, to: f32, t: f32) -> f32 {
    from + (to - from) * t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easing_is_monotone_symmetric_and_pinned_at_the_ends() {
        assert_eq!(ease_in_out(0.0), 0.0);
        assert_eq!(ease_in_out(1.0), 1.0);
        assert_eq!(ease_in_out(0.5), 0.5);
        assert_eq!(ease_in_out(-3.0), 0.0);
        assert_eq!(ease_in_out(7.0), 1.0);
        let mut last = 0.0;
        for i in 1..=100 {
            let t = i as f32 / 100.0;
            let e = ease_in_out(t);
            assert!(e >= last, "not monotone at {t}");
            assert!(
                (e + ease_in_out(1.0 - t) - 1.0).abs() < 1e-6,
                "not symmetric at {t}"
            );
            last = e;
        }
        assert!((ease_in_out(0.25) - 0.0625).abs() < 1e-6);
    }

    #[test]
    fn progress_follows_the_clock() {
        let d = Duration::from_millis(200);
        assert_eq!(progress(Duration::ZERO, d), 0.0);
        assert_eq!(progress(Duration::from_millis(100), d), 0.5);
        assert_eq!(progress(Duration::from_millis(200), d), 1.0);
        assert_eq!(progress(Duration::from_secs(9), d), 1.0);
        assert_eq!(progress(Duration::ZERO, Duration::ZERO), 1.0);
        assert_eq!(lerp(2.0, 3.0, 0.25), 2.25);
        assert_eq!(lerp(3.0, 2.0, 1.0), 2.0);
    }
}
