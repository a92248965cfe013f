//! The seeded generator of large Tipover boards (`tests/common/tipover_boards.rs`): the same
//! board for a seed, what it was asked for, and planted chains that solve. The figures of these
//! boards come from `cargo bench --bench tipover`.

#[path = "common/tipover_boards.rs"]
mod tipover_boards;

use klotski::puzzles::tipover::{self, Tipover};
use klotski::search::{Limits, Outcome};
use tipover_boards::{Spec, generate, specs};

#[test]
fn the_generator_gives_the_same_board_for_a_seed_and_what_it_was_asked() {
    for spec in specs() {
        let text = generate(spec);
        assert_eq!(text, generate(spec), "{}", spec.name());
        let puzzle: Tipover = text.parse().expect("a legal board");
        assert_eq!((puzzle.rows(), puzzle.cols()), (spec.rows, spec.cols));
        let stacks = (0..spec.rows)
            .flat_map(|r| (0..spec.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| puzzle.height(r, c) >= 2)
            .count();
        assert_eq!(stacks, spec.stacks, "{}", spec.name());
        let (sr, sc) = puzzle.start();
        assert!(puzzle.height(sr, sc) >= 2, "the tipper starts on a stack");
    }
    let a = generate(specs()[0]);
    let b = generate(Spec {
        seed: 99,
        ..specs()[0]
    });
    assert_ne!(a, b, "another seed, another board");
}

#[test]
fn the_planted_chain_alone_is_solved_in_at_most_its_length() {
    for spec in specs().into_iter().filter(|s| s.chain > 0) {
        let alone = Spec {
            stacks: spec.chain,
            singles_percent: 0,
            ..spec
        };
        let puzzle: Tipover = generate(alone).parse().unwrap();
        match tipover::solve(&puzzle, Limits::memory(1 << 30)).outcome {
            Outcome::Found(tips) => assert!(tips.len() <= spec.chain, "{}", alone.name()),
            other => panic!("{}: {other:?}", alone.name()),
        }
    }
}
