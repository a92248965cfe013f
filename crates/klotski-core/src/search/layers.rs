//! Breadth-first layers of everything reachable from one start: for whole-component questions
//! (which states are reachable, how far is the farthest) rather than a path to a goal.

use super::Space;
use fxhash::FxHashSet;

/// Every state reachable from `start`, by distance: `layers[k]` holds the states `k` moves
/// away, in the order they were found. Unbounded: meant for spaces known to be small.
pub fn layers<P: Space>(space: &P, start: P::State) -> Vec<Vec<P::State>> {
    let mut seen: FxHashSet<P::State> = FxHashSet::default();
    seen.insert(start);
    let mut layers = vec![vec![start]];
    let mut children = Vec::new();
    loop {
        let mut next = Vec::new();
        for state in layers.last().expect("starts with one layer") {
            children.clear();
            space.successors(state, &mut children);
            for &(_, child) in &children {
                if seen.insert(child) {
                    next.push(child);
                }
            }
        }
        if next.is_empty() {
            return layers;
        }
        layers.push(next);
    }
}
