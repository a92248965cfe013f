//! The animation: the slide running, a refused piece's shake, and autoplay at a speed. Time is
//! passed in, so what they show is a function of it.

use crate::model::speed::Speed;
use std::time::Duration;

/// How long a piece that cannot move shakes.
pub const SHAKE: Duration = Duration::from_millis(320);

/// A block sliding from one origin cell to the next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motion {
    /// The piece sliding.
    pub piece: usize,
    /// Its origin cell before the move.
    pub from: usize,
    /// Its origin cell after it.
    pub to: usize,
    /// When the slide began.
    pub started: Duration,
    /// How long it takes.
    pub duration: Duration,
}

/// What moves on the board by itself.
#[derive(Clone, Debug)]
pub struct Animation {
    /// The slide of the last move, running or done.
    pub slide: Option<Motion>,
    /// The piece last refused, and when.
    pub shake: Option<(usize, Duration)>,
    /// When autoplay began and at which step, while it is on.
    pub autoplay: Option<(Duration, usize)>,
    /// The autoplay speed.
    pub speed: Speed,
    /// How long one slide takes when nothing hurries it.
    pub duration: Duration,
}

impl Animation {
    /// Nothing moving; each slide takes `duration`, and autoplay starts at the speed nearest
    /// one move per `duration`.
    pub fn new(duration: Duration) -> Animation {
        Animation {
            slide: None,
            shake: None,
            autoplay: None,
            speed: Speed::near(duration),
            duration,
        }
    }

    /// Whether a slide is still running at `now`.
    pub fn sliding(&self, now: Duration) -> bool {
        self.slide
            .is_some_and(|s| now.saturating_sub(s.started) < s.duration)
    }

    /// Whether a refused piece still shakes at `now`.
    pub fn shaking(&self, now: Duration) -> bool {
        self.shake
            .is_some_and(|(_, at)| now.saturating_sub(at) < SHAKE)
    }

    /// Autoplay, when on, goes on from `step` at `now` (after a jump, or at a new speed).
    pub fn resume_from(&mut self, step: usize, now: Duration) {
        if self.autoplay.is_some() {
            self.autoplay = Some((now, step));
        }
    }

    /// One rung faster (`faster`) or slower; autoplay keeps `step` and takes the new pace.
    pub fn change_speed(&mut self, faster: bool, step: usize, now: Duration) {
        self.speed = if faster {
            self.speed.faster()
        } else {
            self.speed.slower()
        };
        self.resume_from(step, now);
    }
}
