//! Tries run side by side, the answer the first in their order that succeeds: as fast as the
//! cores allow, and the same on one core as on sixteen.

use super::Limits;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The first of `items`, in their order, for which `run` succeeds, with its index and what it
/// gave; or, when none does, what each one that ran gave instead (`None` for an item that did
/// not run: the limits expired first).
///
/// Up to `threads` items run at once, each with `limits` whose cancel is a child of theirs.
/// Once an item succeeds, the items after it that are still running are cancelled, and those
/// before it run to their end: the answer never depends on how many ran at once, so long as
/// `run` itself is deterministic and stopped only by its limits.
///
/// ```
/// use klotski_search::{Limits, first_success};
///
/// let odd = |&n: &u32, _: &Limits| if n % 2 == 1 { Ok(n * 10) } else { Err(n) };
/// let limits = Limits::memory(1 << 20);
/// for threads in [1, 4] {
///     assert_eq!(first_success(&[4, 6, 7, 9], threads, &limits, odd), Ok((2, 70)));
/// }
/// assert_eq!(first_success(&[2, 4], 4, &limits, odd), Err(vec![Some(2), Some(4)]));
/// ```
pub fn first_success<T: Sync, R: Send, E: Send>(
    items: &[T],
    threads: usize,
    limits: &Limits,
    run: impl Fn(&T, &Limits) -> Result<R, E> + Sync,
) -> Result<(usize, R), Vec<Option<E>>> {
    let own: Vec<Limits> = items
        .iter()
        .map(|_| Limits {
            cancel: limits.cancel.child(),
            ..limits.clone()
        })
        .collect();
    let next = AtomicUsize::new(0);
    // The first success so far: its index and what it gave.
    let best: Mutex<Option<(usize, R)>> = Mutex::new(None);
    let failures: Vec<Mutex<Option<E>>> = items.iter().map(|_| Mutex::new(None)).collect();
    let best_index = || {
        best.lock()
            .expect("no try panics")
            .as_ref()
            .map(|(at, _)| *at)
    };
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    if at >= items.len() || best_index().is_some_and(|b| b < at) {
                        return;
                    }
                    if limits.expired().is_some() {
                        return;
                    }
                    match run(&items[at], &own[at]) {
                        Ok(found) => {
                            let mut best = best.lock().expect("no try panics");
                            if best.as_ref().is_none_or(|(b, _)| at < *b) {
                                *best = Some((at, found));
                                own[at + 1..].iter().for_each(|l| l.cancel.raise());
                            }
                        }
                        Err(failure) => {
                            *failures[at].lock().expect("no try panics") = Some(failure)
                        }
                    }
                }
            });
        }
    });
    match best.into_inner().expect("no try panics") {
        Some(found) => Ok(found),
        None => Err(failures
            .into_iter()
            .map(|f| f.into_inner().expect("no try panics"))
            .collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever the number of threads, the first item in order that succeeds is taken, and the
    /// items after it are told to stop.
    #[test]
    fn the_first_success_in_order_wins_on_any_number_of_threads() {
        let items: Vec<usize> = (0..12).collect();
        for threads in [1, 2, 5, 16] {
            let run = |&i: &usize, limits: &Limits| {
                // Item 9 would succeed, unless the success of item 3 stopped it first.
                if i == 9 && limits.cancel.is_raised() {
                    return Err(());
                }
                if [3, 7, 9].contains(&i) {
                    Ok(i * 10)
                } else {
                    Err(())
                }
            };
            let found = first_success(&items, threads, &Limits::memory(1 << 20), run);
            assert_eq!(found, Ok((3, 30)), "{threads} threads");
        }
    }

    /// When every item fails, each one's failure comes back in order; after a cancellation
    /// from outside, the items not yet started are `None`.
    #[test]
    fn failures_come_back_in_order_and_items_never_run_are_none() {
        let limits = Limits::memory(1 << 20);
        let all = first_success(&[5, 6, 7], 2, &limits, |&n, _| Err::<(), _>(n));
        assert_eq!(all, Err(vec![Some(5), Some(6), Some(7)]));
        limits.cancel.raise();
        let none = first_success(&[5, 6, 7], 2, &limits, |&n, _| Err::<(), _>(n));
        assert_eq!(none, Err(vec![None, None, None]));
    }
}
