//! Shortest solutions: to any solved layout (`cal`) or to one given layout (`cal-target`),
//! through the generic breadth-first search over [`FoldedSpace`]: folded by the mirror when the
//! goal is its own mirror image (every `cal`, and `cal-target` to a symmetric layout).

use super::code::Code;
use super::layout::Layout;
use super::mirror::{FoldedSlide, FoldedSpace, mirror};
use super::moves::{HrdSpace, Metric, Slide};
use klotski_core::search::{self, Limits, Outcome, Search};

/// A shortest path from a start layout, as steps and the layouts they pass through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Slide>,
    /// The start and the layout after each step.
    pub layouts: Vec<Layout>,
}

/// Finds a shortest path from `start` to a layout `is_goal` accepts; `None` when no reachable
/// layout is a goal. With `folded`, `is_goal` sees one of each mirror pair and must accept
/// both or neither.
pub fn shortest(
    start: Code,
    metric: Metric,
    folded: bool,
    is_goal: impl FnMut(&Layout) -> bool,
) -> Option<Path> {
    let space = FoldedSpace::new(metric, folded);
    let search: Search<FoldedSlide> = search::bfs(
        &space,
        space.store(start.layout()),
        is_goal,
        &// A group holds at most a few hundred thousand layouts: no limit is needed.
        Limits::memory(usize::MAX),
        |_| {},
    );
    match search.outcome {
        Outcome::Found(folded_steps) => {
            let steps = space.unfold(start.layout(), &folded_steps);
            let mut layouts = vec![start.layout()];
            for &slide in &steps {
                let last = *layouts.last().expect("starts with the start");
                layouts.push(HrdSpace::apply(last, slide));
            }
            Some(Path { steps, layouts })
        }
        Outcome::Exhausted => None,
        Outcome::Stopped(_) => unreachable!("the search ran without limits"),
    }
}

/// A shortest solution of `start`: the 2x2 block at the bottom centre.
pub fn solve(start: Code, metric: Metric) -> Option<Path> {
    shortest(start, metric, true, |layout| layout.is_solved())
}

/// A shortest path from `start` to `target`.
pub fn to_target(start: Code, target: Code, metric: Metric) -> Option<Path> {
    let goal = target.layout();
    shortest(start, metric, mirror(goal) == goal, |layout| {
        *layout == goal
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_takes_81_steps_or_116_moves() {
        let opening: Code = "1A9BF0C00".parse().unwrap();
        let path = solve(opening, Metric::Piece).unwrap();
        assert_eq!(path.steps.len(), 81);
        assert!(path.layouts.last().unwrap().is_solved());
        assert_eq!(solve(opening, Metric::Unit).unwrap().steps.len(), 116);
    }

    #[test]
    fn folding_mirror_images_keeps_the_shortest_length_of_an_asymmetric_start() {
        let start: Code = "4FEA13400".parse().unwrap();
        let folded = solve(start, Metric::Piece).unwrap();
        let unfolded = shortest(start, Metric::Piece, false, |l| l.is_solved()).unwrap();
        assert_eq!(folded.steps.len(), 138);
        assert_eq!(unfolded.steps.len(), 138);
        // The unfolded steps replay from the real start, which is not its own mirror image.
        assert_eq!(folded.layouts[0], start.layout());
        assert!(folded.layouts.last().unwrap().is_solved());
    }
}
