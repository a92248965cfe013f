//! The order of a pass's subtrees: where the pass before came nearest the goal first.

use super::*;

/// A top with 7 nodes above the subtrees `(path, estimate)`, listed in the walk's order at the
/// depth of their paths.
fn top(parts: &[(Vec<u8>, u32)]) -> Top<u8> {
    let parts: Vec<_> = (parts.iter().enumerate())
        .map(|(walk_at, (path, h))| Subtree {
            path: path.clone(),
            h: *h,
            goal: false,
            above: walk_at as u64,
            walk_at,
        })
        .collect();
    Top {
        depth: parts[0].path.len() as u32,
        parts,
        beyond: u32::MAX,
        expanded: 7,
    }
}

fn paths(top: &Top<u8>) -> Vec<Vec<u8>> {
    top.parts.iter().map(|part| part.path.clone()).collect()
}

/// The pass before, listed at depth 2: [1, 0] was beyond its bound, [2, 0] too.
fn pass_before() -> Reach<u8> {
    Reach {
        depth: 2,
        nearest: [(vec![0, 0], 4), (vec![0, 1], 1), (vec![1, 1], 2)]
            .into_iter()
            .collect(),
    }
}

#[test]
fn subtrees_go_in_order_of_how_near_the_pass_before_came() {
    let listed = [
        (vec![0, 0], 5),
        (vec![0, 1], 5),
        (vec![1, 0], 9),
        (vec![1, 1], 5),
        (vec![2, 0], 3),
    ];
    let mut ordered = top(&listed);
    ordered.order(Some(&pass_before()));
    // Those the pass before did not search by their own estimates.
    let order = [[0, 1], [1, 1], [2, 0], [0, 0], [1, 0]];
    assert_eq!(paths(&ordered), order.map(|path| path.to_vec()));
    // The whole top is walked before the first subtree.
    assert!(ordered.parts.iter().all(|part| part.above == 7));
}

#[test]
fn a_deeper_list_takes_the_order_of_the_subtrees_that_hold_it() {
    let listed = [
        (vec![0, 0, 1], 5),
        (vec![0, 0, 2], 3),
        (vec![0, 1, 0], 4),
        (vec![2, 0, 0], 2),
    ];
    let mut ordered = top(&listed);
    ordered.order(Some(&pass_before()));
    // [0, 0, 2] by its own estimate, below the 4 its holder came to; [2, 0, 0] by its own, as
    // its holder was not searched.
    let order = [[0, 1, 0], [2, 0, 0], [0, 0, 2], [0, 0, 1]];
    assert_eq!(paths(&ordered), order.map(|path| path.to_vec()));
}

#[test]
fn without_a_pass_before_at_its_depth_or_above_the_walks_order_stays() {
    let listed = [(vec![0], 5), (vec![1], 2)];
    let mut first = top(&listed);
    first.order(None);
    assert_eq!(paths(&first), [vec![0], vec![1]]);
    let mut shallower = top(&listed);
    shallower.order(Some(&pass_before()));
    assert_eq!(paths(&shallower), [vec![0], vec![1]]);
    assert_eq!(shallower.parts[1].above, 1);
}

#[test]
fn a_list_that_ends_at_a_goal_keeps_the_walks_order() {
    let mut ended = top(&[(vec![0, 0], 5), (vec![0, 1], 0)]);
    ended.parts[1].goal = true;
    ended.order(Some(&pass_before()));
    assert_eq!(paths(&ended), [vec![0, 0], vec![0, 1]]);
    assert_eq!(ended.parts[1].above, 1);
}

#[test]
fn the_reach_of_a_pass_tells_each_subtree_by_its_path() {
    let mut ordered = top(&[(vec![0, 0], 5), (vec![0, 1], 2)]);
    ordered.order(Some(&Reach {
        depth: 2,
        nearest: [(vec![0, 0], 5), (vec![0, 1], 2)].into_iter().collect(),
    }));
    assert_eq!(paths(&ordered), [vec![0, 1], vec![0, 0]]);
    let beyond = |nearest| Searched::Beyond {
        next: 10,
        expanded: 1,
        nearest,
    };
    let reach = ordered.reach(&[beyond(1), beyond(3)]);
    assert_eq!(reach.depth, 2);
    let told = [(vec![0, 0], 3), (vec![0, 1], 1)].into_iter().collect();
    assert_eq!(reach.nearest, told);
}
