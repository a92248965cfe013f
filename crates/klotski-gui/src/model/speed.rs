//! Autoplay speed: a ladder of moves per second that `+` and `-` climb, and which step autoplay
//! has reached at a given time. At the top several moves pass per frame; only the last slides.

use std::time::Duration;

/// Moves per second at each rung: the top rung plays a solution of thousands of moves in
/// seconds, as the 20x20 boards' are.
const RUNGS: [u32; 13] = [1, 2, 3, 5, 8, 12, 20, 40, 80, 160, 320, 640, 1000];

/// A rung of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Speed(usize);

impl Speed {
    /// The rung whose time per move is nearest `per_move` (the `--speed` option).
    pub fn near(per_move: Duration) -> Speed {
        let want = 1.0 / per_move.as_secs_f64().max(1e-3);
        let index = (0..RUNGS.len())
            .min_by(|&a, &b| {
                let off = |i: usize| (f64::from(RUNGS[i]) / want).ln().abs();
                off(a).total_cmp(&off(b))
            })
            .expect("the ladder has rungs");
        Speed(index)
    }

    /// The fastest rung.
    pub fn top() -> Speed {
        Speed(RUNGS.len() - 1)
    }

    /// One rung up, staying at the top.
    pub fn faster(self) -> Speed {
        Speed((self.0 + 1).min(RUNGS.len() - 1))
    }

    /// One rung down, staying at the bottom.
    pub fn slower(self) -> Speed {
        Speed(self.0.saturating_sub(1))
    }

    /// Moves per second.
    pub fn per_second(self) -> u32 {
        RUNGS[self.0]
    }

    /// Time between two moves.
    pub fn per_move(self) -> Duration {
        Duration::from_secs(1) / self.per_second()
    }

    /// How many moves autoplay has made `elapsed` after it began (the first at once).
    pub fn moves_after(self, elapsed: Duration) -> usize {
        (elapsed.as_micros() * u128::from(self.per_second()) / 1_000_000) as usize + 1
    }

    /// The speed as shown on screen.
    pub fn label(self) -> String {
        match self.per_second() {
            1 => "1 move/s".to_string(),
            n => format!("{n} moves/s"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_climbs_stops_at_its_ends_and_counts_moves() {
        let s = Speed::near(Duration::from_millis(200));
        assert_eq!(s.per_second(), 5);
        assert_eq!(s.per_move(), Duration::from_millis(200));
        assert_eq!(s.faster().per_second(), 8);
        assert_eq!(s.slower().slower().slower().slower().per_second(), 1);
        assert_eq!(Speed::top().faster(), Speed::top());
        assert_eq!(Speed::near(Duration::ZERO), Speed::top());
        assert_eq!(s.moves_after(Duration::ZERO), 1);
        assert_eq!(s.moves_after(Duration::from_millis(399)), 2);
        assert_eq!(s.moves_after(Duration::from_millis(400)), 3);
        let top = Speed::top();
        assert!(top.moves_after(Duration::from_secs(30)) > 13_372);
        assert_eq!(top.label(), "1000 moves/s");
    }
}
