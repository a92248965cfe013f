//! The 24-puzzle proven optimal: `klotski pdb --size 5x5` builds the tables of two 6-6-6-6
//! splits (Korf and Felner's and a second) into an empty cache, `klotski cache list` keeps them
//! under the default cap, and IDA* on them proves Korf and Felner's instance #40 (optimum 82),
//! while a default run's budgeted walk leaves them alone. Ignored by default: the build writes
//! 510 MB (4 bits an entry) and takes 25 s or more (`cargo test --release --test korf24 --
//! --ignored`).

mod common;

use common::{empty_cache, klotski};
use klotski::heuristic::pdb::{Cache, cache::DEFAULT_MAX_BYTES, prebuilt_tables};
use klotski::puzzles::numeric::NumericPuzzle;
use klotski::search::Limits;
use klotski::solve::{Algo, Answer, Options};
use std::path::Path;

#[test]
#[ignore = "builds 510 MB of tables, 25 s or more"]
fn the_six_six_six_six_tables_prove_korf_and_felners_instance_forty() {
    let cache = empty_cache("korf24");
    let dir = cache.to_str().unwrap();
    let built = klotski(&["pdb", "--size", "5x5", "--cache-dir", dir], b"");
    assert_eq!(built.code, 0, "{}", built.stderr);
    assert!(
        built
            .stderr
            .contains("the tables of 5x5 (two 6-6-6-6 splits) are in")
    );
    let listed = klotski(&["cache", "--cache-dir", dir, "list"], b"");
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    for pattern in prebuilt_tables(5, 5) {
        assert!(listed.stdout.contains(&pattern.key()), "{}", listed.stdout);
    }
    assert!(listed.stdout.contains("8 tables, 486.4 MiB of 2.0 GiB"));

    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/korf24/k040.in");
    let puzzle: NumericPuzzle = std::fs::read_to_string(case).unwrap().parse().unwrap();
    let options = Options {
        limits: Limits::memory(2 << 30),
        algo: Algo::Idastar,
        cache: Some(Cache::new(&cache, DEFAULT_MAX_BYTES)),
        effort: 1,
    };
    let report = klotski::solve_numeric(&puzzle, options, &mut |_| {}).unwrap();
    // The walk held the eight tables, not the six 4-tile ones a 5x5 board gets without them.
    assert_eq!(report.stats.peak_bytes, 8 * 63_756_000);
    let Answer::Solved { moves, optimal } = &report.answer else {
        panic!("#40 is solvable: {:?}", report.answer)
    };
    assert!(optimal);
    assert_eq!(moves.len(), 82, "the published optimum");
    let engine = puzzle.puzzle();
    let end = engine.replay(moves).unwrap();
    assert_eq!(end.origins(), puzzle.target(&engine).unwrap());

    // A default run bounds its exact walk by work, so it does not use them: the same bytes as
    // on an empty cache (a 5x5 board whose exact walk passes the budget).
    let walk = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/walks5x5/g80_3.in");
    let input = std::fs::read(walk).unwrap();
    let empty = empty_cache("korf24-empty");
    let with = klotski(&["terminal", "--no-time-limit", "--cache-dir", dir], &input);
    let without = klotski(
        &[
            "terminal",
            "--no-time-limit",
            "--cache-dir",
            empty.to_str().unwrap(),
        ],
        &input,
    );
    assert_eq!((with.code, &with.stdout), (0, &without.stdout));
    let _ = std::fs::remove_dir_all(&cache);
    let _ = std::fs::remove_dir_all(&empty);
}
