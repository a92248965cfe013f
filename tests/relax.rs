//! The relaxation (`klotski::solve::relax`, the 1x1 tiles treated as alike) and the rule that pieces too
//! wide together never pass each other (`rules::passing_order`) against exhaustive search: on
//! small boards with blocks each claims `No` only where bidirectional BFS exhausts the real
//! space, and each proves some; on random walks from the goal neither claims `No`; and blocks
//! whose labels are swapped are seen only by the relaxation that keeps blocks apart.

use klotski::engine::geometry::Shape;
use klotski::puzzles::numeric::NumericPuzzle;
use klotski::puzzles::numeric::generate::{self, BlockCounts, Method, Size, Spec};
use klotski::search::Limits;
use klotski::solve::relax::{self, Alike, Reach};
use klotski::solve::{Algo, Answer, Options};

/// A gigabyte and `millions` million expansions: bounds that stop a search in the same place
/// on any machine.
fn limits(millions: u64) -> Limits {
    Limits::memory(1 << 30).expanding(millions * 1_000_000)
}

/// Whether the passing rule proves `numeric` unsolvable.
fn passing_rule_says_no(numeric: &NumericPuzzle) -> bool {
    let puzzle = numeric.puzzle();
    let target = numeric.target(&puzzle).unwrap();
    klotski::solve::portfolio::proof::passing_order(&puzzle, &target).is_some()
}

/// The last (deciding) relaxation's reach on `numeric`, or `None` when none applies.
fn relaxed_reach(numeric: &NumericPuzzle, millions: u64) -> Option<Reach> {
    let puzzle = numeric.puzzle();
    let target = numeric.target(&puzzle).ok()?;
    let runs = relax::disprove(&puzzle, &target, &limits(millions))?;
    Some(runs.last().expect("at least one run").reach)
}

fn blocks(list: &[(usize, usize, usize)]) -> BlockCounts {
    BlockCounts(
        (list.iter())
            .map(|&(rows, cols, count)| (Shape { rows, cols }, count))
            .collect(),
    )
}

#[test]
fn claims_no_only_where_exhaustive_search_finds_no_solution() {
    let boards = [
        (3, 3, 1, &[(2, 2, 1)][..]),
        (3, 3, 2, &[(1, 2, 2)][..]),
        (3, 4, 2, &[(2, 2, 1), (2, 1, 1)][..]),
        (4, 3, 2, &[(2, 2, 1), (1, 2, 1)][..]),
        (2, 5, 2, &[(2, 2, 1), (2, 1, 1)][..]),
        (5, 2, 2, &[(2, 2, 2)][..]),
    ];
    let (mut proven, mut unsolvable, mut decided, mut by_rule) = (0, 0, 0, 0);
    for (rows, cols, blanks, list) in boards {
        for unsolvable_wanted in [false, true] {
            for seed in 0..4 {
                let spec = Spec {
                    size: Size { rows, cols },
                    blanks,
                    blocks: blocks(list),
                    method: Method::Shuffle,
                    unsolvable: unsolvable_wanted,
                };
                let options = Options {
                    limits: limits(20),
                    algo: Algo::Auto,
                    cache: None,
                    effort: 1,
                };
                let Ok(numeric) = generate::generate(&spec, seed, options) else {
                    continue;
                };
                let exact = Options {
                    limits: limits(60),
                    algo: Algo::Bibfs,
                    cache: None,
                    effort: 1,
                };
                let answer = klotski::solve_numeric(&numeric, exact, &mut |_| {})
                    .unwrap()
                    .answer;
                let no = matches!(answer, Answer::Unsolvable(_));
                assert!(no || matches!(answer, Answer::Solved { .. }), "{numeric}");
                let reach = relaxed_reach(&numeric, 20);
                if reach == Some(Reach::Unreachable) {
                    assert!(no, "the relaxation claims No, BFS solves it:\n{numeric}");
                    proven += 1;
                }
                if passing_rule_says_no(&numeric) {
                    assert!(no, "the passing rule claims No, BFS solves it:\n{numeric}");
                    by_rule += 1;
                }
                unsolvable += usize::from(no);
                decided += 1;
            }
        }
    }
    println!(
        "of {unsolvable} unsolvable among {decided} boards, the relaxation proved {proven}, \
         the passing rule {by_rule}"
    );
    assert!(proven > 0, "the relaxation proved none of {unsolvable}");
    assert!(by_rule > 0, "the passing rule proved none of {unsolvable}");
}

#[test]
fn random_walks_from_the_goal_are_never_claimed_unsolvable() {
    let boards = [
        (6, 6, &[(2, 2, 1), (1, 2, 1), (2, 1, 1)][..]),
        (8, 8, &[(2, 2, 2), (1, 2, 2)][..]),
        (12, 12, &[(2, 2, 1), (2, 1, 2)][..]),
        (20, 3, &[(2, 2, 2), (1, 2, 1)][..]),
        (30, 2, &[(2, 2, 2), (2, 1, 1)][..]),
    ];
    for (rows, cols, list) in boards {
        for blanks in 1..=3 {
            for seed in 0..3 {
                let spec = Spec {
                    size: Size { rows, cols },
                    blanks,
                    blocks: blocks(list),
                    method: Method::Walk(20 * rows * cols),
                    unsolvable: false,
                };
                let options = Options {
                    limits: limits(10),
                    algo: Algo::Auto,
                    cache: None,
                    effort: 1,
                };
                let numeric = generate::generate(&spec, seed, options).unwrap();
                assert_ne!(
                    relaxed_reach(&numeric, 1),
                    Some(Reach::Unreachable),
                    "{numeric}"
                );
                assert!(!passing_rule_says_no(&numeric), "{numeric}");
            }
        }
    }
}

/// Two 2x2 blocks on a board two cells wide, each standing on the other's goal, the blanks on
/// theirs: with blocks of one shape alike, the start already is the relaxed goal; with blocks
/// kept apart, they can never pass each other.
#[test]
fn swapped_blocks_are_seen_only_with_blocks_kept_apart() {
    let numeric: NumericPuzzle =
        "8 2\n9 10\n11 12\n5 6\n7 8\n1 2\n3 4\n13 14\n0 0\n2\n9 2*2\n1 2*2\n"
            .parse()
            .unwrap();
    let puzzle = numeric.puzzle();
    let target = numeric.target(&puzzle).unwrap();
    let runs = relax::disprove(&puzzle, &target, &limits(10)).unwrap();
    let reaches: Vec<(Alike, Reach)> = runs.iter().map(|r| (r.alike, r.reach)).collect();
    assert_eq!(
        reaches,
        [
            (Alike::TilesAndBlocks, Reach::Reachable),
            (Alike::Tiles, Reach::Unreachable)
        ]
    );
}
