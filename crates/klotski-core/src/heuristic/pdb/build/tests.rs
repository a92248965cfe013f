//! The builder against the slower general search, on every kind of board and split of work.

use super::reference::{build_blanks, build_one_blank};
use super::*;
use crate::heuristic::pdb::PatternDb;

fn pattern(rows: usize, cols: usize, cells: &[usize], indexing: Indexing) -> Pattern {
    Pattern {
        indexing,
        ..Pattern::new(rows, cols, 1, cells.to_vec())
    }
}

fn always(_: &BuildProgress) -> bool {
    true
}

/// The table of `p` from the value of each cell-fields index.
fn table_of(p: &Pattern, value: impl Fn(usize) -> u8) -> Vec<u8> {
    match p.indexing {
        Indexing::Cells => (0..p.entries()).map(value).collect(),
        Indexing::Ranked => {
            let numbering = Numbering::new(p.rows * p.cols, p.cells.len());
            let bits = p.bits();
            (0..numbering.count)
                .map(|rank| {
                    let at = numbering.unrank(rank);
                    value((0..p.cells.len()).fold(0, |f, i| f | at.cell[i] << (i as u32 * bits)))
                })
                .collect()
        }
    }
}

/// The general builder's table (states of tiles and blank cells, cell layout), laid out
/// as `p` is.
fn reference(p: &Pattern) -> Vec<u8> {
    let by_cells = build_blanks(&Pattern {
        indexing: Indexing::Cells,
        ..p.clone()
    });
    table_of(p, |fields| by_cells[fields])
}

const SMALL: [(usize, usize, &[usize]); 14] = [
    (2, 2, &[0, 1]),
    // No other pieces: only the rotations of the three tiles are reached.
    (2, 2, &[0, 1, 2]),
    // One row, one column.
    (1, 5, &[0, 2, 3]),
    (5, 1, &[3, 1]),
    (3, 3, &[]),
    (3, 3, &[0, 1, 3, 4]),
    (3, 3, &[7, 2]),
    (2, 4, &[6, 0, 5]),
    (3, 4, &[2, 9]),
    (3, 4, &[0, 1, 2, 3]),
    (4, 4, &[12, 13, 14]),
    (4, 4, &[0, 5, 10, 3]),
    (3, 6, &[0, 7, 16]),
    // Sets held in a u128.
    (8, 16, &[5, 100]),
];

/// The first entry where two tables differ, and both values; `None` when they are equal.
fn first_difference(a: &[u8], b: &[u8]) -> Option<(usize, u8, u8)> {
    assert_eq!(a.len(), b.len());
    (0..a.len())
        .find(|&i| a[i] != b[i])
        .map(|i| (i, a[i], b[i]))
}

#[test]
fn tables_match_the_reference_builders() {
    for (rows, cols, cells) in SMALL {
        for layout in [Indexing::Cells, Indexing::Ranked] {
            let p = pattern(rows, cols, cells, layout);
            let expected = reference(&p);
            let db = PatternDb::new(p.clone(), build(&p, 2, &always).unwrap());
            let built = table_of(&p, |fields| db.at(fields));
            assert_eq!(first_difference(&built, &expected), None, "{p:?}");
            for (threads, chunk) in [(1, TUNING.chunk), (1, 1), (2, 1), (3, 2)] {
                let tuning = Tuning {
                    chunk,
                    small_layer: 0,
                    ..TUNING
                };
                let built = build_with(&p, threads, tuning, &always).unwrap();
                assert_eq!(
                    first_difference(&built, &expected),
                    None,
                    "{p:?} {threads} threads, {chunk} words a chunk"
                );
            }
        }
    }
}

#[test]
fn untabled_permutations_give_the_same_tables() {
    for (rows, cols, cells) in [(3, 3, &[0, 1, 3, 4, 2][..]), (4, 4, &[5, 9, 10, 6][..])] {
        for layout in [Indexing::Cells, Indexing::Ranked] {
            let p = pattern(rows, cols, cells, layout);
            let tabled = build_with(&p, 2, TUNING, &always).unwrap();
            let tuning = Tuning {
                tabled: 0,
                small_layer: 0,
                ..TUNING
            };
            let untabled = build_with(&p, 2, tuning, &always).unwrap();
            assert_eq!(first_difference(&untabled, &tabled), None, "{p:?}");
            assert_eq!(first_difference(&tabled, &reference(&p)), None, "{p:?}");
        }
    }
}

#[test]
fn shifting_a_value_renumbers_the_permutation() {
    let k = 6;
    let perms = Numbering::new(k, k);
    for rank in 0..perms.count {
        let at = perms.unrank(rank);
        for p in 0..k {
            for q in 0..k {
                let mut values = at.cell[..k].to_vec();
                let x = values.remove(p);
                values.insert(q, x);
                assert_eq!(perms.shifted(&at, p, q), perms.rank(&values), "{values:?}");
            }
        }
    }
}

#[test]
fn a_build_stops_when_told() {
    // Told at once, and after some chunks of the 7-tile table's setup or search: every thread
    // stops at its next look, so few looks come after the first refusal. (Each look follows a
    // chunk of a few milliseconds of work, which bounds how late the build stops.)
    let seven = crate::heuristic::pdb::fifteen_seven_eight().pop().unwrap();
    for (p, allowed) in [
        (pattern(4, 4, &[0, 1, 4, 5, 8, 9], Indexing::Cells), 0),
        (seven.clone(), 3),
        (seven, 40),
    ] {
        let looks = std::sync::atomic::AtomicUsize::new(0);
        let keep_going =
            |_: &BuildProgress| looks.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < allowed;
        assert_eq!(build(&p, 2, &keep_going), None);
        let after = looks.into_inner() - allowed;
        assert!(
            (1..=4).contains(&after),
            "{after} looks after the first refusal"
        );
    }
}

/// The 15-puzzle's tables against the old builder: the 6-6-3 split's first two groups in
/// both indexings and the 7-8 split's 7-tile group, byte for byte:
/// `cargo test --release --no-default-features --lib old_builder -- --ignored`.
#[test]
#[ignore = "a minute or more"]
fn the_old_builder_agrees_on_the_fifteen_puzzle_tables() {
    let mut patterns = Vec::new();
    for cells in [[0, 1, 4, 5, 8, 9], [2, 3, 6, 7, 10, 11]] {
        for indexing in [Indexing::Cells, Indexing::Ranked] {
            patterns.push(pattern(4, 4, &cells, indexing));
        }
    }
    patterns.extend(
        crate::heuristic::pdb::fifteen_seven_eight()
            .into_iter()
            .filter(|p| p.cells.len() == 7),
    );
    for p in patterns {
        let new = build(&p, 2, &always).unwrap();
        assert_eq!(first_difference(&new, &build_one_blank(&p)), None, "{p:?}");
    }
}

/// The 8-tile table of the 7-8 split against the old builder, which takes most of an hour and
/// 5 GB: `cargo test --release --no-default-features --lib eight_tile -- --ignored`.
#[test]
#[ignore = "an hour and 5 GB"]
fn the_old_builder_agrees_on_the_eight_tile_table() {
    let p = crate::heuristic::pdb::fifteen_seven_eight()
        .into_iter()
        .find(|p| p.cells.len() == 8)
        .expect("an 8-tile group");
    let new = build(&p, 2, &always).unwrap();
    assert_eq!(first_difference(&new, &build_one_blank(&p)), None);
}
