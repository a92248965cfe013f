//! Bidirectional A* taking a batch of one side's lowest states at a time: while this thread
//! looks up and queues the children of one batch, a helper thread works out the next batch's
//! children (their moves, hashes and both bounds). The batches are the same on any number of
//! threads, so the answer does not depend on which thread works out what.

use super::{
    Entry, Meeting, REPORT_EVERY, SideIndex, SideOf, TableOf, at_least, beaten, ended_on, expand,
    offer, set_out, sixteen_bits, weigh,
};
use crate::closed::hash_of;
use crate::{Estimate, Limits, Meter, Outcome, Reversible, Search, Stats, Stop};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// States a batch takes at most, all of one side and of its lowest priority: a batch is what
/// one thread hands the other at a time, so a larger one waits less per state, and a smaller
/// one strays less from the order of one state at a time (whose children of the same priority
/// come next).
const BATCH: usize = 64;

/// How many children ahead of the one being looked up the table is asked for the states
/// their index entries name; twice as many ahead, for those index entries.
const LOOKAHEAD: usize = 8;

/// A state of a batch: its entry as queued and what its children are worked out from.
#[derive(Clone, Copy)]
struct Job<S, M> {
    entry: Entry,
    state: S,
    /// The move that reached it from its side's root, `None` at the root.
    reached_by: Option<M>,
}

/// A child worked out ahead of its lookup: the move to it, its state and hash, and its bounds
/// toward its side's end and back to the side's root.
#[derive(Clone, Copy)]
struct Child<S, M> {
    mv: M,
    state: S,
    hash: u64,
    ahead: u32,
    behind: u32,
}

/// The states of one side and one priority taken from its queue together: what every thread
/// that works out their children reads, each claiming the next state no other has.
struct Jobs<S, M> {
    at: SideIndex,
    priority: usize,
    /// The best meeting's length when the batch was taken, and the parity of every path's
    /// length where known: a child whose bound ahead puts it at or past that length is left
    /// out as it is worked out, since [`offer`] would drop it without a trace (the best
    /// meeting only shortens, so it is dropped at its lookup all the more).
    beaten_at: (Option<u32>, Option<bool>),
    entries: Vec<Entry>,
    list: Vec<Job<S, M>>,
    claimed: AtomicUsize,
}

/// The children one thread worked out, of the states it claimed: per state, its index among
/// the jobs and where its children begin and end.
struct Worked<S, M> {
    children: Vec<Child<S, M>>,
    spans: Vec<(usize, usize, usize)>,
    successors: Vec<(M, S)>,
}

impl<S, M> Worked<S, M> {
    fn new() -> Self {
        Worked {
            children: Vec::new(),
            spans: Vec::with_capacity(BATCH),
            successors: Vec::new(),
        }
    }
}

/// A batch: its states, the children this thread and the helper worked out, and per state
/// whose they are (`true`: the helper's) and where. Its vectors are kept from batch to batch,
/// so that a batch allocates nothing.
struct Batch<S, M> {
    jobs: Arc<Jobs<S, M>>,
    mine: Worked<S, M>,
    theirs: Worked<S, M>,
    found_in: Vec<(bool, usize, usize)>,
}

impl<S, M> Batch<S, M> {
    fn new() -> Self {
        let jobs = Jobs {
            at: 0,
            priority: 0,
            beaten_at: (None, None),
            entries: Vec::with_capacity(BATCH),
            list: Vec::with_capacity(BATCH),
            claimed: AtomicUsize::new(0),
        };
        Batch {
            jobs: Arc::new(jobs),
            mine: Worked::new(),
            theirs: Worked::new(),
            found_in: Vec::with_capacity(BATCH),
        }
    }

    /// The children worked out for its `job`th state.
    fn children(&self, job: usize) -> &[Child<S, M>] {
        let (theirs, start, end) = self.found_in[job];
        let worked = if theirs { &self.theirs } else { &self.mine };
        &worked.children[start..end]
    }

    /// Notes where each state's children are, once every state has been worked out.
    fn gather(&mut self) {
        self.found_in.clear();
        self.found_in.resize(self.jobs.list.len(), (false, 0, 0));
        for (theirs, worked) in [(false, &self.mine), (true, &self.theirs)] {
            for &(job, start, end) in &worked.spans {
                self.found_in[job] = (theirs, start, end);
            }
        }
    }
}

/// The jobs of a search over the space `P`, and its batches and their worked-out children.
type JobsOf<P> = Jobs<<P as crate::Space>::State, <P as crate::Space>::Move>;
type BatchOf<P> = Batch<<P as crate::Space>::State, <P as crate::Space>::Move>;
type WorkedOf<P> = Worked<<P as crate::Space>::State, <P as crate::Space>::Move>;

/// [`bidirectional_astar`](super::bidirectional_astar), from `batches_from` units of work on
/// (as [`Limits::max_units`] counts them; none counted without it) expanding up to 64
/// states of one side's lowest priority at a time, each batch taken from its queue before the
/// one before it has queued its children. Before, it expands one state at a time on this
/// thread alone, exactly as [`bidirectional_astar`](super::bidirectional_astar) does.
/// `estimates` makes a fresh pair of bounds (toward the goal, toward the start) for each
/// thread that works children out. The batches' children are worked out on this thread and,
/// where [`Limits::threads`] is more than one (once [`Limits::cores_free`] is raised, if set),
/// one helper thread, with the same answer, counters and reports either way.
///
/// `known` is asked once, as the batches begin: the length of a path the caller has found
/// elsewhere, if any. From then on the search keeps only the states a shorter path may pass
/// through, which is all a proof that none is shorter needs: where it finds none, its bound
/// rises to that length (reported to `on_bound`) and it ends `Exhausted`. Asked at a fixed
/// point of the work, it leaves the search the same on every machine.
///
/// ```
/// use klotski_core::engine::{Board, Puzzle};
/// use klotski_search::{Limits, Outcome, bidirectional_astar_in_batches};
/// use std::ops::ControlFlow;
/// use klotski_core::solve::spaces::packed::PackedSpace;
///
/// // 1 2 / _ 3 on a 2x2 board: one move (3 left) from the goal 1 2 / 3 _.
/// let puzzle = Puzzle::numbered(Board::new(2, 2), &[1, 2, 0, 3], &[]).unwrap();
/// let space = PackedSpace::<1>::new(&puzzle).unwrap();
/// let (start, goal) = (space.encode(puzzle.start()), space.encode(&[0, 1, 2]));
/// let limits = Limits { threads: 2, ..Limits::memory(1 << 20) };
/// let zero = |_: &_| 0;
/// let pair = || (zero, zero);
/// let go_on = |_, _: &_| ControlFlow::Continue(());
/// let from = (&limits, 0);
/// let none_known = || None;
/// let search = bidirectional_astar_in_batches(&space, start, goal, pair, from, none_known, go_on);
/// assert!(matches!(search.outcome, Outcome::Found(path) if path.len() == 1));
///
/// // Told of a path of one move, it finds none shorter.
/// let search = bidirectional_astar_in_batches(&space, start, goal, pair, from, || Some(1), go_on);
/// assert_eq!(search.outcome, Outcome::Exhausted);
/// assert_eq!(search.stats.lower_bound, 1);
/// ```
pub fn bidirectional_astar_in_batches<P, E>(
    space: &P,
    start: P::State,
    goal: P::State,
    estimates: impl Fn() -> (E, E) + Sync,
    (limits, batches_from): (&Limits, u64),
    known: impl FnOnce() -> Option<u32>,
    mut on_bound: impl FnMut(u32, &Stats) -> ControlFlow<()>,
) -> Search<P::Move>
where
    P: Reversible<Move: Default + Send + Sync, State: Send + Sync> + Sync,
    E: Estimate<P::State, P::Move>,
{
    let mut meter = Meter::new(limits);
    let mut pair = estimates();
    let (table, forward, backward, parity) =
        match set_out(space, (start, goal), (&mut pair.0, &mut pair.1), &mut meter) {
            Ok(begun) => begun,
            Err(outcome) => return Search::ended(outcome, meter.stats),
        };
    let mut run = Sides {
        table,
        sides: [forward, backward],
        parity,
        best: None,
        meter,
    };
    let (mut bound, mut reported) = (0, 0);
    let mut known = Some(known);
    // The batch taken from its queue and worked out, to look up next; a spare one's vectors.
    let mut pending: Option<BatchOf<P>> = None;
    let mut spare: Option<BatchOf<P>> = None;
    let estimates = &estimates;
    let outcome = std::thread::scope(|scope| {
        let mut helper: Option<Arc<Helper<P>>> = None;
        let outcome = loop {
            let Some(lows) = run.lows(pending.as_ref()) else {
                // No path is shorter than one known elsewhere: the bound rises to it, and is
                // reported once more even where it was there already.
                if let Some(length) = run.known_best()
                    && weigh((&mut bound, length), true, &mut run.meter, &mut on_bound).is_break()
                {
                    break Outcome::Stopped(Stop::Asked);
                }
                break run.end(space);
            };
            let lower = at_least((lows[0] + lows[1]).div_ceil(2) as u32, run.parity);
            let one_at_a_time = pending.is_none() && run.meter.stats.units < batches_from;
            if let Some(known) = known.take_if(|_| !one_at_a_time) {
                run.know(known());
            }
            let expanded = run.meter.stats.expanded;
            let due = match one_at_a_time {
                true => expanded % REPORT_EVERY == REPORT_EVERY - 1,
                false => expanded / REPORT_EVERY != reported / REPORT_EVERY,
            };
            reported = expanded;
            // The bound at a path known elsewhere ends the search too: reported, as above.
            let settled = run.known_best().is_some_and(|length| length <= lower);
            if weigh(
                (&mut bound, lower),
                due || settled,
                &mut run.meter,
                &mut on_bound,
            )
            .is_break()
            {
                break Outcome::Stopped(Stop::Asked);
            }
            if run.best.as_ref().is_some_and(|m| m.length <= lower) {
                break run.end(space);
            }
            if one_at_a_time {
                match run.expand_one(space, &mut pair, lows) {
                    Ok(()) => continue,
                    Err(stop) => break Outcome::Stopped(stop),
                }
            }
            // Started only once batches begin: it waits for them by spinning.
            if helper.is_none() && limits.threads_now() > 1 {
                helper = Some(spawn_helper(scope, space, estimates));
            }
            let mut next = run.take(spare.take());
            // The helper starts on the next batch's children while this thread looks up the
            // pending batch's, then takes whatever states it has not claimed yet.
            let handed = match (&helper, &mut next) {
                (Some(helper), Some(batch)) => {
                    let worked = std::mem::replace(&mut batch.theirs, Worked::new());
                    helper.to_work.put(Some((Arc::clone(&batch.jobs), worked)));
                    true
                }
                _ => false,
            };
            if let Some(batch) = pending.take() {
                let looked_up = run.look_up(&batch, lows);
                spare = Some(batch);
                if let Err(stop) = looked_up {
                    break Outcome::Stopped(stop);
                }
            }
            if let Some(batch) = &mut next {
                work_out::<P, E>(space, &batch.jobs, &mut batch.mine, &mut pair);
                if let (true, Some(helper)) = (handed, &helper) {
                    batch.theirs = helper.worked.take().expect("the helper hands back");
                }
                batch.gather();
            }
            pending = next;
        };
        if let Some(helper) = helper {
            helper.to_work.put(None);
        }
        outcome
    });
    run.meter.stats.stored = run.sides.iter().map(|side| side.reached as u64).sum();
    Search::ended(outcome, run.meter.stats)
}

/// A search's table, its two sides (forward first), the parity of every path's length where
/// known, the best meeting so far and the counters.
struct Sides<P: Reversible> {
    table: TableOf<P>,
    sides: [SideOf<P>; 2],
    parity: Option<bool>,
    best: Option<Meeting<P::State>>,
    meter: Meter,
}

impl<P: Reversible> Sides<P> {
    /// Each side's lowest priority of a state still to expand, queued or in the `pending`
    /// batch; `None` once either side has none.
    fn lows(&mut self, pending: Option<&BatchOf<P>>) -> Option<[usize; 2]> {
        let mut lows = [0; 2];
        for (at, side) in self.sides.iter_mut().enumerate() {
            let in_flight = (pending.filter(|b| b.jobs.at == at)).map(|b| b.jobs.priority);
            lows[at] = match (side.lowest(&self.table), in_flight) {
                (Some(queued), Some(taken)) => queued.min(taken),
                (queued, taken) => queued.or(taken)?,
            };
        }
        Some(lows)
    }

    /// The outcome of a search ended on its best meeting, if any.
    fn end(&self, space: &P) -> Outcome<P::Move> {
        ended_on(space, &self.table, &self.best)
    }

    /// The length of the best path where it is one known elsewhere, not a meeting found.
    fn known_best(&self) -> Option<u32> {
        (self.best.as_ref())
            .filter(|m| m.state.is_none())
            .map(|m| m.length)
    }

    /// Takes a path of `length` moves known elsewhere, if any, as the best meeting where it
    /// is shorter than the best found.
    fn know(&mut self, length: Option<u32>) {
        if let Some(length) = length
            && self.best.as_ref().is_none_or(|m| length < m.length)
        {
            self.best = Some(Meeting {
                length,
                state: None,
            });
        }
    }

    /// Which side goes next: the one with fewer states at its lowest priority, as one state
    /// at a time; `None` where neither has any queued.
    fn next_side(&self) -> Option<SideIndex> {
        match self.sides.each_ref().map(|side| side.open.lowest_len()) {
            [0, 0] => None,
            [_, 0] => Some(0),
            [0, _] => Some(1),
            [f, b] => Some(usize::from(f > b)),
        }
    }

    /// Expands one state as [`bidirectional_astar`](super::bidirectional_astar) does, rating
    /// its children by `to_goal` and `to_start`; `lows` as [`Sides::lows`] gave them.
    fn expand_one<E: Estimate<P::State, P::Move>>(
        &mut self,
        space: &P,
        (to_goal, to_start): &mut (E, E),
        lows: [usize; 2],
    ) -> Result<(), Stop> {
        let at = self.next_side().expect("a side with a state to expand");
        let [forward, backward] = &mut self.sides;
        let (side, other, estimates) = match at {
            0 => (forward, backward, (to_goal, to_start)),
            _ => (backward, forward, (to_start, to_goal)),
        };
        expand(
            space,
            (side, &mut self.table, other.open.bytes()),
            estimates,
            (&mut self.best, self.parity),
            lows[1 - at],
            &mut self.meter,
        )
    }

    /// The next batch, taken from the queue of the side [`Sides::next_side`] names into
    /// `spare`'s vectors, or new ones; `None` where neither side has a state queued.
    fn take(&mut self, spare: Option<BatchOf<P>>) -> Option<BatchOf<P>> {
        let at = self.next_side()?;
        let mut batch = spare.unwrap_or_else(Batch::new);
        if Arc::get_mut(&mut batch.jobs).is_none() {
            batch.jobs = Batch::new().jobs;
        }
        let jobs = Arc::get_mut(&mut batch.jobs).expect("held here alone");
        take_batch::<P>(&mut self.sides[at], &self.table, jobs);
        jobs.beaten_at = (self.best.as_ref().map(|m| m.length), self.parity);
        Some(batch)
    }

    /// Looks up `batch`'s children ([`look_up`]); `lows` as [`Sides::lows`] gave them.
    fn look_up(&mut self, batch: &BatchOf<P>, lows: [usize; 2]) -> Result<(), Stop> {
        let at = batch.jobs.at;
        let [forward, backward] = &mut self.sides;
        let (side, other) = match at {
            0 => (forward, backward),
            _ => (backward, forward),
        };
        look_up::<P>(
            batch,
            (side, &mut self.table, other.open.bytes()),
            (&mut self.best, self.parity),
            lows[1 - at],
            &mut self.meter,
        )
    }
}

/// One value handed from one thread to another, the taker waiting by spinning: a batch's
/// work is about a tenth of a millisecond, less than a thread put to sleep takes to wake.
struct Handoff<T> {
    ready: AtomicBool,
    value: Mutex<Option<T>>,
}

impl<T> Handoff<T> {
    fn new() -> Self {
        Handoff {
            ready: AtomicBool::new(false),
            value: Mutex::new(None),
        }
    }

    /// Hands `value` over (`None`: there will be no more).
    fn put(&self, value: Option<T>) {
        *self.value.lock().expect("no panic while held") = value;
        self.ready.store(true, Ordering::Release);
    }

    /// Waits for the value handed over.
    fn take(&self) -> Option<T> {
        let mut spins = 0u32;
        while !self.ready.load(Ordering::Acquire) {
            spins += 1;
            if spins.is_multiple_of(1 << 12) {
                // Lets another thread of this machine's have the core now and then.
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
        self.ready.store(false, Ordering::Relaxed);
        self.value.lock().expect("no panic while held").take()
    }
}

/// A helper thread's two hand-overs: a batch's states with the vectors to work their children
/// out into, and those vectors filled.
struct Helper<P: crate::Space> {
    to_work: Handoff<(Arc<JobsOf<P>>, WorkedOf<P>)>,
    worked: Handoff<WorkedOf<P>>,
}

/// Starts a thread that works out the children of the states it claims of every batch handed
/// to it, with bounds of its own, and hands them back; it ends when handed `None`.
fn spawn_helper<'scope, P, E>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    space: &'scope P,
    estimates: &'scope (impl Fn() -> (E, E) + Sync),
) -> Arc<Helper<P>>
where
    P: Reversible<Move: Send + Sync, State: Send + Sync> + Sync,
    E: Estimate<P::State, P::Move>,
{
    let helper = Arc::new(Helper {
        to_work: Handoff::new(),
        worked: Handoff::new(),
    });
    let ends = Arc::clone(&helper);
    scope.spawn(move || {
        let ends = Unwinding(ends);
        let mut pair = estimates();
        while let Some((jobs, mut worked)) = ends.0.to_work.take() {
            work_out::<P, E>(space, &jobs, &mut worked, &mut pair);
            // Dropped first, so that the batch's owner holds its states alone again.
            drop(jobs);
            ends.0.worked.put(Some(worked));
        }
    });
    helper
}

/// A helper's end of its hand-overs, which hands back `None` if the helper panics, so that the
/// search waiting on it panics too instead of waiting for ever.
struct Unwinding<P: crate::Space>(Arc<Helper<P>>);

impl<P: crate::Space> Drop for Unwinding<P> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.worked.put(None);
        }
    }
}

/// Fills `jobs` with up to [`BATCH`] states of `side`'s lowest priority (its queue's first
/// entry live, as [`Side::lowest`](super::Side::lowest) leaves it), taken from the queue;
/// entries made stale by a shorter path since are dropped.
fn take_batch<P: Reversible>(side: &mut SideOf<P>, table: &TableOf<P>, jobs: &mut JobsOf<P>) {
    let at = side.at;
    jobs.at = at;
    jobs.entries.clear();
    jobs.list.clear();
    *jobs.claimed.get_mut() = 0;
    while jobs.entries.len() < BATCH {
        match side.open.peek() {
            Some((priority, _)) if jobs.entries.is_empty() => jobs.priority = priority,
            Some((priority, _)) if priority == jobs.priority => {}
            _ => break,
        }
        let (_, _, entry) = side.open.pop().expect("a peeked entry");
        table.prefetch_entry(entry.0);
        jobs.entries.push(entry);
    }
    for &entry in &jobs.entries {
        let (id, _, _, depth) = entry;
        let (state, nodes) = *table.entry(id);
        if nodes[at].depth == depth {
            let reached_by = (depth > 0).then_some(nodes[at].mv);
            jobs.list.push(Job {
                entry,
                state,
                reached_by,
            });
        }
    }
}

/// Works out into `worked` the children of each state of `jobs` that no other thread has
/// claimed: the moves out of it but the one back to the state it was reached from (its side
/// holds that one at a smaller depth), the states they reach, their hashes and their bounds by
/// `to_goal` and `to_start`; but not the children the best meeting already beats
/// ([`Jobs::beaten_at`]).
fn work_out<P: Reversible, E: Estimate<P::State, P::Move>>(
    space: &P,
    jobs: &JobsOf<P>,
    worked: &mut WorkedOf<P>,
    (to_goal, to_start): &mut (E, E),
) {
    let (toward, back) = match jobs.at {
        0 => (to_goal, to_start),
        _ => (to_start, to_goal),
    };
    worked.children.clear();
    worked.spans.clear();
    loop {
        let at = jobs.claimed.fetch_add(1, Ordering::Relaxed);
        let Some(job) = jobs.list.get(at) else {
            break;
        };
        let (_, ahead_parent, behind_parent, depth) = job.entry;
        let parent = job.reached_by.map(|mv| space.predecessor(&job.state, mv));
        worked.successors.clear();
        space.successors(&job.state, &mut worked.successors);
        toward.prepare(&job.state);
        let start = worked.children.len();
        for &(mv, state) in &worked.successors {
            if Some(state) == parent {
                continue;
            }
            let ahead = toward.after(&job.state, ahead_parent.into(), mv, &state);
            if beaten(ahead, u32::from(depth) + 1, jobs.beaten_at) {
                continue;
            }
            worked.children.push(Child {
                mv,
                state,
                hash: hash_of(&state),
                ahead,
                behind: back.after(&job.state, behind_parent.into(), mv, &state),
            });
        }
        worked.spans.push((at, start, worked.children.len()));
    }
}

/// Expands `batch`'s states on its side in order, offering each worked-out child
/// ([`offer`]); a state made stale since the batch was taken is left (its newer entry is
/// queued). `other_lowest` is the lowest priority the other side has still to expand.
fn look_up<P: Reversible>(
    batch: &BatchOf<P>,
    (side, table, other_bytes): (&mut SideOf<P>, &mut TableOf<P>, usize),
    (best, parity): (&mut Option<Meeting<P::State>>, Option<bool>),
    other_lowest: usize,
    meter: &mut Meter,
) -> Result<(), Stop> {
    let at = side.at;
    let memory = meter.limits.max_memory;
    // The children in order, the index entries asked for well ahead and the states they
    // name nearer.
    let children = (0..batch.jobs.list.len()).flat_map(|job| batch.children(job));
    let mut ahead = children.clone().skip(LOOKAHEAD);
    let mut further = children.clone().skip(2 * LOOKAHEAD);
    children
        .clone()
        .take(2 * LOOKAHEAD)
        .for_each(|c| table.prefetch(c.hash));
    children
        .take(LOOKAHEAD)
        .for_each(|c| table.prefetch_candidate(c.hash));
    for (job_at, job) in batch.jobs.list.iter().enumerate() {
        let children = batch.children(job_at);
        let (id, _, behind_parent, depth) = job.entry;
        let live = table.entry(id).1[at].depth == depth;
        if live {
            meter.expand()?;
        }
        let child_depth = sixteen_bits(u32::from(depth) + 1, memory)?;
        for child in children {
            if let Some(child) = further.next() {
                table.prefetch(child.hash);
            }
            if let Some(child) = ahead.next() {
                table.prefetch_candidate(child.hash);
            }
            if !live {
                continue;
            }
            offer(
                (side, table, other_bytes),
                (child.mv, child.state, child.hash),
                (|| child.ahead, || child.behind),
                (child_depth, u32::from(behind_parent)),
                (best, parity),
                other_lowest,
                meter,
            )?;
        }
    }
    Ok(())
}
