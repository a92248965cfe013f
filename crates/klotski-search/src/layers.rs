//! Breadth-first layers of everything reachable from one start: for whole-component questions
//! (which states are reachable, how far is the farthest) rather than a path to a goal.

use super::{Limits, Meter, Space, Stop, bucket_bytes, vec_growth};
use fxhash::FxHashSet;

/// Every state reachable from `start`, by distance: `layers[k]` holds the states `k` moves
/// away, in the order they were found; `Err` when a limit stopped the enumeration first (its
/// work is states expanded). Not a path search, so its answer is the layers, not a
/// [`Search`](super::Search).
///
/// ```
/// use klotski_search::{Limits, Space, layers};
///
/// /// The numbers 0..=3 on a line: a move is +1 or -1.
/// struct Line;
/// impl Space for Line {
///     type State = u8;
///     type Move = i8;
///     fn successors(&self, n: &u8, out: &mut Vec<(i8, u8)>) {
///         out.extend([(1, n + 1), (-1, n.wrapping_sub(1))].into_iter().filter(|&(_, m)| m <= 3));
///     }
///     fn predecessor(&self, n: &u8, mv: i8) -> u8 {
///         (*n as i8 - mv) as u8
///     }
/// }
///
/// let all = layers(&Line, 1, &Limits::memory(1 << 20)).unwrap();
/// assert_eq!(all, [vec![1], vec![2, 0], vec![3]]);
/// assert!(layers(&Line, 1, &Limits::memory(1 << 20).expanding(2)).is_err());
/// ```
pub fn layers<P: Space>(
    space: &P,
    start: P::State,
    limits: &Limits,
) -> Result<Vec<Vec<P::State>>, Stop> {
    let mut meter = Meter::new(limits);
    let mut seen: FxHashSet<P::State> = FxHashSet::default();
    seen.insert(start);
    let mut layers = vec![vec![start]];
    let mut children = Vec::new();
    loop {
        let mut next = Vec::new();
        for state in layers.last().expect("starts with one layer") {
            meter.expand()?;
            children.clear();
            space.successors(state, &mut children);
            for &(_, child) in &children {
                let table = bucket_bytes::<P::State, ()>(seen.capacity());
                let grown = match seen.len() < seen.capacity() {
                    true => 0,
                    false => bucket_bytes::<P::State, ()>((seen.capacity() * 2).max(4)),
                };
                // The layers hold what the seen set holds, once more.
                meter.grow(2 * table, grown + vec_growth(&next))?;
                if seen.insert(child) {
                    next.push(child);
                }
            }
        }
        if next.is_empty() {
            return Ok(layers);
        }
        layers.push(next);
    }
}
