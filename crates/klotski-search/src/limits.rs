//! What a search may spend ([`Limits`]: memory, work, a deadline and its [`Grace`], a
//! [`Cancel`] from another thread) and which of them stopped it ([`Stop`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a search may spend: memory, work, and time or a word from another thread.
///
/// Memory and work bound a search the same way on every machine, so a search stopped by them
/// stops in the same place everywhere; a deadline or a cancellation stops it wherever it has
/// got to.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Bytes the search's tables and frontiers may hold at their peak.
    pub max_memory: usize,
    /// Most states the search may expand, if bounded.
    pub max_expanded: Option<u64>,
    /// A budget in units of work, if bounded, for a search whose time goes with the states
    /// it keeps as well as with those it expands (bidirectional A*, whose children mostly
    /// wait unexpanded). Searches that do not count the states they store count only their
    /// expansions against it.
    pub max_units: Option<Units>,
    /// When to give up, if ever.
    pub deadline: Option<Instant>,
    /// A later deadline that replaces [`Limits::deadline`] once granted, if any.
    pub grace: Option<Grace>,
    /// Raised by another thread to stop the search.
    pub cancel: Cancel,
    /// Threads the search may run on; searches that run on one ignore it.
    pub threads: usize,
    /// Raised by whoever holds the cores beyond the search's first once it needs them no
    /// more: until then the search runs on one thread. `None`: they are free from the start.
    pub cores_free: Option<Signal>,
}

impl Limits {
    /// `max_memory` bytes, and no other limit.
    pub fn memory(max_memory: usize) -> Limits {
        Limits {
            max_memory,
            max_expanded: None,
            max_units: None,
            deadline: None,
            grace: None,
            cancel: Cancel::default(),
            threads: 1,
            cores_free: None,
        }
    }

    /// These limits with the deadline moved to `deadline` if that is earlier, the grace's too.
    pub fn until(&self, deadline: Instant) -> Limits {
        let grace = self.grace.as_ref().map(|grace| Grace {
            until: grace.until.min(deadline),
            granted: grace.granted.clone(),
        });
        Limits {
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
            grace,
            ..self.clone()
        }
    }

    /// These limits with at most `expanded` expansions.
    pub fn expanding(&self, expanded: u64) -> Limits {
        Limits {
            max_expanded: Some(expanded),
            ..self.clone()
        }
    }

    /// Whether a work budget bounds the search ([`Limits::max_expanded`] or
    /// [`Limits::max_units`]): where it stops must then not depend on timing or tables at hand.
    pub fn budgeted(&self) -> bool {
        self.max_expanded.is_some() || self.max_units.is_some()
    }

    /// These limits with the budget `units` ([`Limits::max_units`]).
    pub fn in_units(&self, units: Units) -> Limits {
        Limits {
            max_units: Some(units),
            ..self.clone()
        }
    }

    /// The threads the search may run on now: [`Limits::threads`] once the cores are free.
    pub fn threads_now(&self) -> usize {
        match &self.cores_free {
            Some(free) if !free.is_raised() => 1,
            _ => self.threads,
        }
    }

    /// Whether the deadline has passed or the search was cancelled: the checks a search makes
    /// now and then, not on every step.
    pub fn expired(&self) -> Option<Stop> {
        if self.cancel.is_raised() {
            Some(Stop::Cancelled)
        } else if self.deadline_now().is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Time)
        } else {
            None
        }
    }

    /// The deadline in force now: [`Limits::deadline`], or the [`Grace`]'s once granted.
    pub fn deadline_now(&self) -> Option<Instant> {
        match (self.deadline, &self.grace) {
            (Some(deadline), Some(grace)) if grace.granted.is_raised() => {
                Some(deadline.max(grace.until))
            }
            (deadline, _) => deadline,
        }
    }
}

/// A later deadline a search keeps instead of [`Limits::deadline`] once another thread grants
/// it: a search whose caller already holds an answer may go on looking for a better one up to
/// nearly the whole time limit, but must stop at the earlier deadline while the time left is
/// all the caller has to find one at all.
#[derive(Clone, Debug)]
pub struct Grace {
    /// The later deadline.
    pub until: Instant,
    /// Raised once the later deadline holds; a search that stopped before that stays stopped.
    pub granted: Signal,
}

/// A flag another thread raises to stop a search (the window's solver thread, when the user
/// asks for a new solve). Clones share the flag; a [`Cancel::child`] has a flag of its own and
/// is raised with its parent too.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    /// The flags of the cancels this one was made from, nearest last.
    parents: Vec<Arc<AtomicBool>>,
}

impl Cancel {
    /// Asks every search holding this flag (or a child of it) to stop.
    pub fn raise(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether this flag or one of its parents' has been raised.
    pub fn is_raised(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
            || self.parents.iter().any(|flag| flag.load(Ordering::Relaxed))
    }

    /// A flag that is raised when this one is, and that can also be raised alone: for one of
    /// several searches run side by side, the others then go on.
    pub fn child(&self) -> Cancel {
        let mut parents = self.parents.clone();
        parents.push(self.flag.clone());
        Cancel {
            flag: Arc::default(),
            parents,
        }
    }
}

/// A flag one thread raises for others to read: that something they wait on has happened.
#[derive(Clone, Debug, Default)]
pub struct Signal(Arc<AtomicBool>);

impl Signal {
    /// Tells every holder of this signal.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Release);
    }

    /// Whether it has been raised.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The next table growth would have passed the memory limit (bytes).
    Memory(usize),
    /// The search expanded or stored as many states as it was allowed.
    Work,
    /// The deadline passed.
    Time,
    /// Another thread cancelled the search.
    Cancelled,
    /// The callback that hears of its progress asked it to end.
    Asked,
}

/// A work budget of [`Limits::max_units`]: at most `most` units, a state expanded costing
/// `per_expanded` of them and a state stored `per_stored`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Units {
    /// Units the search may spend.
    pub most: u64,
    /// Units a state expanded costs.
    pub per_expanded: u64,
    /// Units a state stored costs.
    pub per_stored: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A child is raised with its parent (and the parent's parent), and alone; raising a child
    /// leaves its parent and siblings alone.
    #[test]
    fn a_child_cancel_follows_its_parents_and_stops_alone() {
        let root = Cancel::default();
        let (child, sibling) = (root.child(), root.child());
        let grandchild = child.child();
        grandchild.raise();
        assert!(grandchild.is_raised());
        assert!(!child.is_raised() && !root.is_raised());
        child.raise();
        assert!(!sibling.is_raised() && !root.is_raised());
        root.raise();
        assert!(sibling.is_raised() && root.child().is_raised());
    }

    /// A passed deadline stops a search until its grace is granted, then the grace's own
    /// deadline does; moving the deadline earlier moves the grace's with it.
    #[test]
    fn a_granted_grace_replaces_the_deadline() {
        let now = Instant::now();
        let (past, hour) = (now - Duration::from_secs(1), Duration::from_secs(3600));
        let granted = Signal::default();
        let grace = |until| Grace {
            until,
            granted: granted.clone(),
        };
        let mut limits = Limits::memory(1 << 20).until(past);
        limits.grace = Some(grace(now + hour));
        assert_eq!(
            (limits.expired(), limits.deadline_now()),
            (Some(Stop::Time), Some(past))
        );
        granted.raise();
        assert_eq!(
            (limits.expired(), limits.deadline_now()),
            (None, Some(now + hour))
        );
        let sooner = limits.until(now + Duration::from_secs(60));
        assert_eq!(sooner.deadline_now(), Some(now + Duration::from_secs(60)));
        limits.grace = Some(grace(past));
        assert_eq!(limits.expired(), Some(Stop::Time));
    }
}
