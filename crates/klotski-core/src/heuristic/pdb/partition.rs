//! Which groups of 1x1 tiles get databases: the splits of a board's tiles into disjoint groups,
//! strongest first, and the boards on which databases pay at all.

use super::pattern::{Indexing, MAX_STATE_BITS, Pattern, cell_bits};

/// Largest board whose tiles get multi-tile databases. Beyond it an exact search of a one-blank
/// board cannot finish whatever its tables (the 7x7 puzzle's optimum is out of reach), so their
/// builds would only take time from the solvers that can answer.
pub const MAX_GROUPED_CELLS: usize = 36;

/// The 4x4 one-blank groups 7-7-1 (goal cells): the top-left and the right-bottom corners of
/// seven tiles each, and the last tile of the bottom row. Ranked, the two 7-tile tables take
/// 55 MiB each and build in seconds; they cut IDA*'s nodes on random instances about eightfold
/// from 6-6-3's.
const FOUR_BY_FOUR: [&[usize]; 3] = [&[0, 1, 2, 4, 5, 8, 9], &[3, 6, 7, 10, 11, 13, 14], &[12]];

/// The 4x4 one-blank groups 6-6-3: the top three rows in a left and a right half, and the
/// bottom row, for a search whose time limit cannot wait for the 7-tile builds.
const FOUR_BY_FOUR_SIX: [&[usize]; 3] = [&[0, 1, 4, 5, 8, 9], &[2, 3, 6, 7, 10, 11], &[12, 13, 14]];

/// The 4x4 one-blank groups 5-5-5: weaker than 6-6-3, but built in a fraction of the time, for
/// a search that cannot wait for the 6-tile builds either.
const FOUR_BY_FOUR_LIGHT: [&[usize]; 3] =
    [&[0, 1, 2, 4, 5], &[3, 6, 7, 10, 11], &[8, 9, 12, 13, 14]];

/// The 4x4 one-blank groups 7-8 (goal cells): the top two rows, and the rest. Korf and Felner
/// count many times fewer nodes with them than with 6-6-3, but their tables take 576 MB on disk
/// and in memory, and their build half a gigabyte more, so searches use them only once
/// `klotski pdb` has put them in the cache.
const FOUR_BY_FOUR_SEVEN_EIGHT: [&[usize]; 2] =
    [&[0, 1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14]];

/// The 5x5 one-blank groups 6-6-6-6 (goal cells): Korf and Felner's split of the 24-puzzle,
/// turned 180 degrees so the blank's goal is the last cell. Not symmetric about the main
/// diagonal, so the reflected lookup reads other tiles together and bounds anew. Ranked and in
/// [`Encoding::Nibbles`](super::Encoding::Nibbles), each table takes 63.8 MB (25!/19! entries of 4 bits); like the 7-8
/// pair they are used only once `klotski pdb` has cached them.
const FIVE_BY_FIVE_SIX: [&[usize]; 4] = [
    &[0, 1, 2, 5, 6, 7],
    &[3, 4, 8, 9, 13, 14],
    &[10, 11, 15, 16, 20, 21],
    &[12, 17, 18, 19, 22, 23],
];

/// A second split of the 24-puzzle's tiles into 6-6-6-6 (goal cells, the blank's goal last):
/// "S5" of Clausecker's catalogue of 24-puzzle splits, the first column, the top rows' right
/// half and the bottom-right corner. A walk reads it beside Korf and Felner's: it is strong
/// where theirs and its mirror image are weak.
const FIVE_BY_FIVE_SIX_OTHER: [&[usize]; 4] = [
    &[2, 3, 4, 7, 8, 9],
    &[0, 5, 10, 15, 20, 21],
    &[1, 6, 11, 12, 16, 17],
    &[13, 14, 18, 19, 22, 23],
];

/// The 7-8 groups of the 15-puzzle (4x4, 15 tiles, one blank), ranked.
pub fn fifteen_seven_eight() -> Vec<Pattern> {
    ranked(4, &FOUR_BY_FOUR_SEVEN_EIGHT)
}

/// The 6-6-6-6 groups of the 24-puzzle (5x5, 24 tiles, one blank), ranked, 4 bits an entry.
pub fn twenty_four_six() -> Vec<Pattern> {
    in_nibbles(ranked(5, &FIVE_BY_FIVE_SIX))
}

/// The splits `klotski pdb` builds for a `rows` x `cols` one-blank board, too large to build
/// within a search, the first read first: the 7-8 pair on 4x4; on 5x5 Korf and Felner's
/// 6-6-6-6, then a second 6-6-6-6 split that is strong where theirs is weak ("S5" of
/// Clausecker's catalogue of 24-puzzle splits); none elsewhere.
pub fn prebuilt(rows: usize, cols: usize) -> Option<Vec<Vec<Pattern>>> {
    match (rows, cols) {
        (4, 4) => Some(vec![fifteen_seven_eight()]),
        (5, 5) => Some(vec![
            twenty_four_six(),
            in_nibbles(ranked(5, &FIVE_BY_FIVE_SIX_OTHER)),
        ]),
        _ => None,
    }
}

/// The tables of [`prebuilt`]'s splits, each once, in the order they first appear.
pub fn prebuilt_tables(rows: usize, cols: usize) -> Vec<Pattern> {
    let mut tables: Vec<Pattern> = Vec::new();
    for pattern in prebuilt(rows, cols).into_iter().flatten().flatten() {
        if !tables.contains(&pattern) {
            tables.push(pattern);
        }
    }
    tables
}

/// `patterns` stored 4 bits an entry.
fn in_nibbles(patterns: Vec<Pattern>) -> Vec<Pattern> {
    patterns.into_iter().map(Pattern::in_nibbles).collect()
}

/// The one-blank `side` x `side` patterns of `groups`, ranked.
fn ranked(side: usize, groups: &[&[usize]]) -> Vec<Pattern> {
    groups
        .iter()
        .map(|group| Pattern::new(side, side, 1, group.to_vec()).ranked())
        .collect()
}

/// Splits of the 1x1 tiles with goal cells `unit_goals` (increasing) into database groups for a
/// `rows` x `cols` board with `blanks` blanks, strongest first: on 4x4 with one blank 7-7-1, 6-6-3
/// then 5-5-5, elsewhere row-major runs as long as a build of at most [`MAX_STATE_BITS`] index bits
/// allows. Empty on boards past [`MAX_GROUPED_CELLS`].
pub fn partitions(
    rows: usize,
    cols: usize,
    blanks: usize,
    unit_goals: &[usize],
) -> Vec<Vec<Pattern>> {
    if rows * cols > MAX_GROUPED_CELLS {
        return Vec::new();
    }
    let pattern = |cells: Vec<usize>| compact(Pattern::new(rows, cols, blanks, cells));
    if (rows, cols, blanks) == (4, 4, 1) {
        return [FOUR_BY_FOUR, FOUR_BY_FOUR_SIX, FOUR_BY_FOUR_LIGHT]
            .iter()
            .map(|split| {
                split
                    .iter()
                    .map(|group| {
                        group
                            .iter()
                            .copied()
                            .filter(|c| unit_goals.contains(c))
                            .collect::<Vec<_>>()
                    })
                    .filter(|cells| !cells.is_empty())
                    .map(pattern)
                    .collect()
            })
            .collect();
    }
    let per_group = (MAX_STATE_BITS / cell_bits(rows * cols)) as usize;
    if per_group <= blanks + 1 || unit_goals.is_empty() {
        return Vec::new();
    }
    vec![
        unit_goals
            .chunks(per_group - blanks)
            .map(|cells| pattern(cells.to_vec()))
            .collect(),
    ]
}

/// `pattern` laid out by cells when that table is small or not much larger than a ranked one
/// (cell indices need no ranking per lookup), else by rank.
fn compact(pattern: Pattern) -> Pattern {
    let by_cells = pattern.entries();
    if pattern.blanks == 1 && by_cells > (1 << 22).max(4 * pattern.placements()) {
        pattern.ranked()
    } else {
        Pattern {
            indexing: Indexing::Cells,
            ..pattern
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_cover_every_tile_once() {
        for (rows, cols) in [(2, 2), (3, 3), (2, 5), (4, 4), (5, 5), (6, 6), (3, 12)] {
            let goals: Vec<usize> = (0..rows * cols - 1).collect();
            let splits = partitions(rows, cols, 1, &goals);
            assert!(!splits.is_empty(), "{rows}x{cols}");
            for split in splits {
                let mut covered: Vec<usize> = split.iter().flat_map(|p| p.cells.clone()).collect();
                covered.sort_unstable();
                assert_eq!(covered, goals, "{rows}x{cols}");
            }
        }
        assert!(partitions(7, 7, 1, &(0..48).collect::<Vec<_>>()).is_empty());
    }

    #[test]
    fn prebuilt_splits_cover_every_tile_once() {
        for side in [4, 5] {
            for split in prebuilt(side, side).expect("a prebuilt split") {
                let mut covered: Vec<usize> = split.iter().flat_map(|p| p.cells.clone()).collect();
                covered.sort_unstable();
                assert_eq!(covered, (0..side * side - 1).collect::<Vec<_>>());
                assert!(split.iter().all(|p| p.indexing == Indexing::Ranked));
            }
        }
        // Two 5x5 splits that share no group: eight tables.
        assert_eq!(prebuilt(5, 5).unwrap().len(), 2);
        assert_eq!(prebuilt_tables(5, 5).len(), 8);
        assert_eq!(prebuilt_tables(4, 4), fifteen_seven_eight());
        assert_eq!(twenty_four_six()[0].entries(), 127_512_000);
        assert_eq!(twenty_four_six()[0].table_bytes(), 63_756_000);
        // The reflection about the main diagonal is another split: the reflected bound differs.
        let transpose = |c: usize| (c % 5) * 5 + c / 5;
        let first: Vec<usize> = twenty_four_six()[0]
            .cells
            .iter()
            .map(|&c| transpose(c))
            .collect();
        assert!(twenty_four_six().iter().all(|p| {
            let mut cells = p.cells.clone();
            cells.sort_unstable();
            let mut mirrored = first.clone();
            mirrored.sort_unstable();
            cells != mirrored
        }));
        assert!(prebuilt(3, 3).is_none());
    }

    #[test]
    fn sparse_tables_are_ranked() {
        // Six tiles of the 3x3 board: 2^24 cell-indexed entries for 60,480 placements.
        let split = &partitions(3, 3, 1, &(0..8).collect::<Vec<_>>())[0];
        assert_eq!(split[0].indexing, Indexing::Ranked);
        let splits = partitions(4, 4, 1, &(0..15).collect::<Vec<_>>());
        // The 15-puzzle's 7-tile groups are ranked (2^28 entries, 57.7 million placements)...
        assert_eq!(splits[0][0].indexing, Indexing::Ranked);
        assert_eq!(splits[0][0].entries(), 57_657_600);
        // ...its 6-tile groups stay cell-indexed (2^24 entries, 5.8 million placements).
        assert_eq!(splits[1][0].cells.len(), 6);
        assert_eq!(splits[1][0].indexing, Indexing::Cells);
    }
}
