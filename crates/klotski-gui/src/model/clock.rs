//! The person's clock: it starts with their first move, stops while the solver plays and when
//! they solve the board by hand (and runs on with their next move), and times the celebration
//! of a board they solved.

use std::time::Duration;

/// How long a solved board glows.
pub const CELEBRATION: Duration = Duration::from_millis(1600);

/// The person's time: what they spent before, since when it runs (while it does), and when
/// they solved the board by hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    spent: Duration,
    running_since: Option<Duration>,
    won_at: Option<Duration>,
}

impl Clock {
    /// The person made a move at `now`: the clock starts, or runs again after the solver
    /// played.
    pub fn moved(&mut self, now: Duration) {
        self.running_since.get_or_insert(now);
    }

    /// The solver plays from `now` on (Next, autoplay, a jump along its solution): the
    /// person's clock stops until their next move.
    pub fn solver_plays(&mut self, now: Duration) {
        if let Some(since) = self.running_since.take() {
            self.spent += now.saturating_sub(since);
        }
    }

    /// The board is `solved` (or not) at `now`, reached `by_hand` (or by the solver): a
    /// person's solve stops the clock and is celebrated; stepping off the goal forgets it.
    pub fn check(&mut self, solved: bool, by_hand: bool, now: Duration) {
        match (solved, self.won_at) {
            (true, None) if by_hand && self.running_since.is_some() => {
                self.solver_plays(now);
                self.won_at = Some(now);
            }
            (false, Some(_)) => self.won_at = None,
            _ => {}
        }
    }

    /// Whether the person solved the board by hand.
    pub fn won(&self) -> bool {
        self.won_at.is_some()
    }

    /// How far the celebration has gone (0 to 1), while it runs.
    pub fn celebrating(&self, now: Duration) -> Option<f32> {
        let t = now.saturating_sub(self.won_at?);
        (t < CELEBRATION).then(|| t.as_secs_f32() / CELEBRATION.as_secs_f32())
    }

    /// A clock stopped at `spent`, as a game resumed finds it: it runs on with the next move.
    pub fn resumed(spent: Duration) -> Clock {
        Clock {
            spent,
            ..Clock::default()
        }
    }

    /// The person's time at `now`.
    pub fn spent(&self, now: Duration) -> Duration {
        let running = self
            .running_since
            .map_or(Duration::ZERO, |since| now.saturating_sub(since));
        self.spent + running
    }

    /// The time shown at `now`, `m:ss`.
    pub fn text(&self, now: Duration) -> String {
        let seconds = self.spent(now).as_secs();
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }

    /// When the time shown next changes, while the clock runs.
    pub fn next_tick(&self, now: Duration) -> Option<Duration> {
        let since = self.running_since?;
        let shown = self.spent + now.saturating_sub(since);
        Some(now + (Duration::from_secs(shown.as_secs() + 1) - shown))
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
        clock.check(true, true, 80 * S);
        assert!(clock.won() && clock.next_tick(81 * S).is_none());
        assert_eq!(clock.text(500 * S), "1:10");
        assert_eq!(clock.celebrating(80 * S + CELEBRATION / 2), Some(0.5));
        assert_eq!(clock.celebrating(80 * S + CELEBRATION), None);
        clock.check(false, true, 90 * S);
        assert!(!clock.won());
    }

    #[test]
    fn the_clock_stops_while_the_solver_plays_and_the_solver_wins_nothing() {
        let mut clock = Clock::default();
        clock.moved(10 * S);
        clock.solver_plays(20 * S);
        assert_eq!(clock.text(100 * S), "0:10");
        assert_eq!(clock.next_tick(100 * S), None);
        clock.check(true, false, 100 * S);
        assert!(!clock.won(), "the solver reached the goal");
        clock.check(false, false, 101 * S);
        clock.moved(110 * S);
        assert_eq!(clock.text(115 * S), "0:15");
        clock.check(true, true, 120 * S);
        assert!(clock.won());
        assert_eq!(clock.text(200 * S), "0:20");
    }
}
