//! The fallback's answer weighed by the exact search beside it, handed over at a fixed point
//! of the search's work: it proves that answer shortest where the search's bound reaches it,
//! ends the search where a proof is out of its budget's reach, and from there on the search
//! looks only for shorter answers.
//!
//! Both sides work within budgets, so the fallback's answer and the search's reports are the
//! same on every machine. The search waits for the answer at the handover point where it has
//! not come yet, so what it does from there on does not depend on when it came.

use crate::search::{Signal, Stats};
use crate::solve::portfolio::budget;
use crate::solve::portfolio::report::Limit;
use std::ops::ControlFlow;
use std::sync::mpsc::Receiver;

/// The fallback's answer as the exact search beside it weighs it: `Some(moves)` where the
/// fallback solved the puzzle; `None` where it did not.
pub(super) type Length = Option<usize>;

/// What the fallback's answer decided for the exact search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The search's bound reached the fallback's answer of this many moves: no answer is
    /// shorter.
    Proven(u32),
    /// A proof was out of the budget's reach; the search had proven this bound.
    OutOfReach(u32),
}

impl Verdict {
    /// The bound on the shortest answer the search proved.
    pub(super) fn bound(self) -> u32 {
        match self {
            Verdict::Proven(length) => length,
            Verdict::OutOfReach(bound) => bound,
        }
    }

    /// What ended the search, as its report names it.
    pub(super) fn limit(self) -> Limit {
        match self {
            Verdict::Proven(_) => Limit::Ceiling,
            Verdict::OutOfReach(_) => Limit::OutOfReach,
        }
    }
}

/// The exact search's side of the handover, weighing each of its reports.
pub(super) struct Handover {
    /// Where the fallback's thread sends its answer's length once it has one.
    fallback: Receiver<Length>,
    /// Raised while the search waits for that answer: the fallback may take up its core.
    waiting: Signal,
    /// Units of the search's work from which on its reports are weighed.
    at: u64,
    /// The search's whole work budget.
    budget: u64,
    /// The fallback's answer, once the search asked for it.
    answer: Option<Length>,
    /// The units spent when each bound, by its value, was first reached (0: not yet, or at
    /// once, which says nothing of a rise's cost). Its last entry is the present bound's.
    reached: Vec<u64>,
    /// The verdict, once one is due.
    verdict: Option<Verdict>,
}

impl Handover {
    /// The handover to a search of `budget` units whose reports from `at` units on are weighed
    /// against the answer sent to `fallback`; `waiting` is raised once the search waits for it.
    pub(super) fn new(
        (fallback, waiting): (Receiver<Length>, Signal),
        at: u64,
        budget: u64,
    ) -> Handover {
        Handover {
            fallback,
            waiting,
            at,
            budget,
            answer: None,
            reached: Vec::new(),
            verdict: None,
        }
    }

    /// Units of the search's work from which on its reports are weighed.
    pub(super) fn weighed_from(&self) -> u64 {
        self.at
    }

    /// The length of the fallback's answer, waiting for it where it has not come yet; `None`
    /// where the fallback found none. Asked for from the handover point on only.
    pub(super) fn answer_now(&mut self) -> Option<u32> {
        if self.answer.is_none() {
            self.waiting.raise();
            // The fallback's thread drops its sender without sending only where it failed.
            self.answer = Some(self.fallback.recv().ok().flatten());
        }
        let length = self.answer.flatten()?;
        Some(u32::try_from(length).unwrap_or(u32::MAX))
    }

    /// Takes the search's report of its bound on the shortest answer, `bound`, its counters
    /// `stats`; from the handover point on, weighs it against the fallback's answer and
    /// breaks once a verdict is due.
    pub(super) fn report(&mut self, bound: u32, stats: &Stats) -> ControlFlow<()> {
        if bound > self.bound() {
            self.reached.resize(bound as usize, 0);
            self.reached.push(stats.units);
        }
        if stats.units < self.at {
            return ControlFlow::Continue(());
        }
        let Some(length) = self.answer_now() else {
            return ControlFlow::Continue(());
        };
        self.verdict = if self.bound() >= length {
            Some(Verdict::Proven(length))
        } else if out_of_reach(length, self.reached_at(), self.last_rise(), self.budget) {
            Some(Verdict::OutOfReach(self.bound()))
        } else {
            None
        };
        match self.verdict {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    }

    /// The search's bound on the shortest answer (0 before its first report).
    fn bound(&self) -> u32 {
        self.reached.len().saturating_sub(1) as u32
    }

    /// The search's bound, and the units it had spent when it first reached it.
    fn reached_at(&self) -> (u32, u64) {
        (self.bound(), self.reached.last().copied().unwrap_or(0))
    }

    /// The units the bound two below the present one was first reached at, where the search
    /// reached it on its way: the cost of the last rise of two.
    fn last_rise(&self) -> Option<u64> {
        let before = self.bound().checked_sub(2)? as usize;
        self.reached.get(before).copied().filter(|&units| units > 0)
    }

    /// The verdict that ended the search, if one did.
    pub(super) fn verdict(self) -> Option<Verdict> {
        self.verdict
    }
}

/// Whether a search that knows of an answer of `ceiling` moves (the fallback's), reached its
/// bound `bound.0` at `bound.1` units and may spend `budget` units, cannot prove an optimum
/// within the budget.
///
/// The fallback's answer is taken to be at most [`FALLBACK_EXCESS`] of the shortest, and the
/// shortest has the parity of that answer: every move shifts one piece by one cell, which flips
/// the parity of the cells the pieces stand on, so every path between two positions has the
/// same parity. A proof needs the search's bound to reach that least answer, and each rise of
/// the bound by two is taken to cost at least [`BOUND_GROWTH`] times what the bound had cost
/// until then, and at least as many times as its last rise did where the search's bound two
/// below was first reached at `last_rise` units (the layers of a search grow about
/// geometrically). Where the least answer so taken is at or below the bound already reached,
/// a proof may come at any time: never out of reach. An answer as long as the bound may come
/// anywhere in the bound's layer, so the time spent in a layer says nothing of whether one
/// is there.
pub(super) fn out_of_reach(
    ceiling: u32,
    (bound, units): (u32, u64),
    last_rise: Option<u64>,
    budget: u64,
) -> bool {
    let (excess_num, excess_den) = FALLBACK_EXCESS;
    let least = (u64::from(ceiling) * excess_den).div_ceil(excess_num);
    let least = u32::try_from(least).unwrap_or(u32::MAX);
    let least = least.saturating_add((ceiling ^ least) & 1);
    if least <= bound {
        return false;
    }
    let least_units = budget::LEAST_BOUND_UNITS;
    let units = units.max(least_units);
    let (least_num, least_den) = BOUND_GROWTH;
    // The larger of the least growth and the last rise's, `units / before`.
    let (growth_num, growth_den) = match last_rise.map(|before| before.max(least_units)) {
        Some(before)
            if u128::from(units) * u128::from(least_den)
                > u128::from(before) * u128::from(least_num) =>
        {
            (units, before)
        }
        _ => BOUND_GROWTH,
    };
    let mut needs = u128::from(units);
    for _ in 0..(least - bound) / 2 {
        needs = needs * u128::from(growth_num) / u128::from(growth_den);
        if needs > u128::from(budget) {
            return true;
        }
    }
    false
}

/// How much longer than the shortest the fallback's answer is taken to be at most, as a
/// fraction (6/5): about twice the most seen on boards with blocks. Boards of 1x1 tiles with
/// several blanks have shown more, but their exact search proves them before the handover.
const FALLBACK_EXCESS: (u64, u64) = (6, 5);

/// The least factor by which the units the bound has cost grow when it rises by two, as a
/// fraction (5/2; 2.9 the least seen on the corpora's boards that take over 100M units).
const BOUND_GROWTH: (u64, u64) = (5, 2);

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    const BUDGET: u64 = 380_000_000;

    /// The reports of a search (its bound and the units spent) weighed by a handover at 100M
    /// units against the fallback's answer of `length` moves; the verdict and the report at
    /// which the search was ended.
    fn weighed(reports: &[(u32, u64)], length: usize) -> (Option<Verdict>, usize) {
        let (sender, receiver) = mpsc::channel();
        sender.send(Some(length)).unwrap();
        let mut handover = Handover::new((receiver, Signal::default()), 100_000_000, BUDGET);
        let mut ended_at = reports.len();
        for (at, &(bound, units)) in reports.iter().enumerate() {
            let stats = Stats {
                units,
                ..Stats::default()
            };
            if handover.report(bound, &stats).is_break() {
                ended_at = at;
                break;
            }
        }
        (handover.verdict(), ended_at)
    }

    #[test]
    fn the_verdict_is_the_one_due_from_the_handover_on() {
        let reports = [
            (60, 1_000_000),
            (62, 90_000_000),
            (62, 120_000_000),
            (64, 150_000_000),
            (64, 200_000_000),
        ];
        // Bound 62 first reached at 90M: 62 is the answer's length from the handover on.
        assert_eq!(weighed(&reports, 62), (Some(Verdict::Proven(62)), 2));
        // An answer of 64: proven at the report that reaches it.
        assert_eq!(weighed(&reports, 64), (Some(Verdict::Proven(64)), 3));
        // An answer of 90 moves is taken to be at least 75: six rises of the bound from 62
        // at 90M units (at least 90M * 2.5^6) are beyond the budget.
        assert_eq!(weighed(&reports, 90), (Some(Verdict::OutOfReach(62)), 2));
        // Before the handover point, no answer is asked for: a search that ends there ends
        // with no verdict, whatever the fallback's answer.
        assert_eq!(weighed(&reports[..2], 90), (None, 2));
    }

    #[test]
    fn a_fallback_without_an_answer_decides_nothing() {
        let (sender, receiver) = mpsc::channel::<Length>();
        drop(sender);
        let mut handover = Handover::new((receiver, Signal::default()), 0, BUDGET);
        let stats = Stats::default();
        assert!(handover.report(60, &stats).is_continue());
        assert_eq!(handover.answer_now(), None);
        assert_eq!(handover.verdict(), None);
    }

    #[test]
    fn a_far_ceiling_is_out_of_reach_and_a_near_one_is_not() {
        // The 5x6 example: the fallback's 122 moves, the bound 86 at 246M units.
        assert!(out_of_reach(122, (86, 246_000_000), None, BUDGET));
        // Its least answer so taken is 102: eleven rises of two from 80 even at 6M units.
        assert!(out_of_reach(122, (80, 6_000_000), None, BUDGET));
        // Mid p11: the fallback's 100 moves, taken to be at least 84, three rises of two from
        // its bound of 78, reached at 41.8M units (at least 653M).
        assert!(out_of_reach(100, (78, 41_800_000), None, BUDGET));
        // One rise away at 100M units: 250M is within the budget.
        assert!(!out_of_reach(96, (78, 100_000_000), None, BUDGET));
        assert!(out_of_reach(96, (78, 160_000_000), None, BUDGET));
    }

    #[test]
    fn a_bound_at_the_least_answer_may_prove_at_any_time() {
        // A fallback 20% longer than the bound reached: the optimum may be the bound itself.
        assert!(!out_of_reach(72, (60, 379_000_000), None, BUDGET));
        assert!(!out_of_reach(64, (60, 379_000_000), None, BUDGET));
        // An answer of 73 is taken to be at least 61: beyond 60, but not by a rise of two.
        assert!(!out_of_reach(73, (60, 379_000_000), None, BUDGET));
        assert!(out_of_reach(74, (60, 160_000_000), None, BUDGET));
    }

    #[test]
    fn the_least_answer_has_the_parity_of_the_fallbacks() {
        // Mid p11: the fallback's 94 moves, taken to be at least 79, so at least 80 (even, as
        // 94): one rise of two from its bound of 78, beyond the budget from 160M units on.
        assert!(out_of_reach(94, (78, 160_000_000), None, BUDGET));
        assert!(!out_of_reach(94, (78, 150_000_000), None, BUDGET));
        // An odd answer of 95 is taken to be at least 80, so 81: at the bound 81, no rise.
        assert!(!out_of_reach(95, (81, 379_000_000), None, BUDGET));
    }

    #[test]
    fn the_next_rise_costs_at_least_what_the_last_one_did() {
        // Mid p11: bound 76 at 1.62M units, 78 at 41.8M: a rise of 25.8 times. One more rise
        // to 80 so taken needs 1.08G units, beyond the budget; at 2.5 times, 104M would not.
        assert!(out_of_reach(94, (78, 41_800_000), Some(1_620_000), BUDGET));
        assert!(!out_of_reach(94, (78, 41_800_000), None, BUDGET));
        // A last rise of less than 2.5 times counts as 2.5: 100M -> 250M stays within.
        assert!(!out_of_reach(
            94,
            (78, 100_000_000),
            Some(90_000_000),
            BUDGET
        ));
        // A bound reached at once (0 units) is taken to have cost the least units.
        assert!(!out_of_reach(94, (78, 300_000), Some(0), BUDGET));
    }

    #[test]
    fn the_handover_weighs_the_last_rise() {
        let reports = [(74, 1_000_000), (76, 1_620_000), (78, 41_800_000)];
        let at_handover = (78, 150_000_000);
        let reports: Vec<_> = reports.into_iter().chain([at_handover]).collect();
        // 94 moves: least 80, one rise of 25.8 times from 41.8M: out of reach at once.
        assert_eq!(weighed(&reports, 94), (Some(Verdict::OutOfReach(78)), 3));
    }
}
