//! The person's clock: it starts with their first move, stops when the board is solved (and
//! runs on if they step away from the goal), and times the celebration of a solved board.

use std::time::Duration;

/// How long a solved board glows.
pub const CELEBRATION: Duration = Duration::from_millis(1600);

/// When the first move was made, and when the board was solved after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock(Option<(Duration, Option<Duration>)>);

impl Clock {
    /// A move was made at `now`: the clock starts if it has not.
    pub fn moved(&mut self, now: Duration) {
        self.0.get_or_insert((now, None));
    }

    /// The board is `solved` (or not) at `now`: the clock stops, or runs again.
    pub fn check(&mut self, solved: bool, now: Duration) {
        if let Some((_, stopped)) = &mut self.0 {
            match (solved, *stopped) {
                (true, None) => *stopped = Some(now),
                (false, Some(_)) => *stopped = None,
                _ => {}
            }
        }
    }

    /// Whether the person solved the board (the clock stopped on the goal).
    pub fn won(&self) -> bool {
        matches!(self.0, Some((_, Some(_))))
    }

    /// How far the celebration has gone (0 to 1), while it runs.
    pub fn celebrating(&self, now: Duration) -> Option<f32> {
        let (_, Some(at)) = self.0? else {
            return None;
        };
        let t = now.saturating_sub(at);
        (t < CELEBRATION).then(|| t.as_secs_f32() / CELEBRATION.as_secs_f32())
    }

    /// The time shown at `now`, `m:ss`.
    pub fn text(&self, now: Duration) -> String {
        let seconds = match self.0 {
            Some((began, stopped)) => stopped.unwrap_or(now).saturating_sub(began).as_secs(),
            None => 0,
        };
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }

    /// When the time shown next changes, while the clock runs.
    pub fn next_tick(&self, now: Duration) -> Option<Duration> {
        let (began, None) = self.0? else {
            return None;
        };
        Some(began + Duration::from_secs(now.saturating_sub(began).as_secs() + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn the_clock_starts_on_the_first_move_and_stops_on_the_goal() {
        let mut clock = Clock::default();
        assert_eq!(
            (clock.text(9 * S), clock.next_tick(9 * S)),
            ("0:00".into(), None)
        );
        clock.moved(10 * S);
        clock.moved(11 * S);
        assert_eq!(clock.text(75 * S), "1:05");
        assert_eq!(clock.next_tick(75 * S + S / 2), Some(76 * S));
        clock.check(true, 80 * S);
        assert!(clock.won() && clock.next_tick(81 * S).is_none());
        assert_eq!(clock.text(500 * S), "1:10");
        assert_eq!(clock.celebrating(80 * S + CELEBRATION / 2), Some(0.5));
        assert_eq!(clock.celebrating(80 * S + CELEBRATION), None);
        clock.check(false, 90 * S);
        assert!(!clock.won());
    }
}
