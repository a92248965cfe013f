//! Property tests: the parser never panics, and whatever it accepts is a valid board.

use klotski::puzzles::numeric::NumericPuzzle;
use proptest::prelude::*;

/// Checks, independently of the parser, everything a valid puzzle must satisfy.
fn assert_valid(p: &NumericPuzzle) {
    let (rows, cols, grid) = (p.rows(), p.cols(), p.grid());
    assert!(rows > 0 && cols > 0);
    assert_eq!(grid.len(), rows * cols);
    let mut values: Vec<u32> = grid.iter().copied().filter(|&v| v != 0).collect();
    values.sort_unstable();
    assert!(values.len() < grid.len(), "at least one blank");
    assert!(
        values.iter().enumerate().all(|(i, &v)| v as usize == i + 1),
        "numbers are 1..K"
    );
    let mut covered = vec![false; grid.len()];
    for block in p.blocks() {
        assert!([(1, 1), (1, 2), (2, 1), (2, 2)].contains(&(block.shape.rows, block.shape.cols)));
        let at = grid
            .iter()
            .position(|&v| v == block.label)
            .expect("label on the board");
        let (r, c) = (at / cols, at % cols);
        assert!(r + block.shape.rows <= rows && c + block.shape.cols <= cols);
        for i in 0..block.shape.rows {
            for j in 0..block.shape.cols {
                let cell = (r + i) * cols + c + j;
                assert_ne!(grid[cell], 0, "block covers a blank");
                assert!(!covered[cell], "blocks overlap");
                covered[cell] = true;
            }
        }
    }
    let again: NumericPuzzle = p.to_string().parse().expect("printed form parses");
    assert_eq!(&again, p);
}

/// A valid puzzle text: a random arrangement of 1..K and blanks, with a few blocks where they fit.
fn valid_text() -> impl Strategy<Value = String> {
    (
        1usize..6,
        1usize..6,
        1usize..4,
        any::<u64>(),
        proptest::collection::vec((0usize..36, 0usize..4), 0..3),
    )
        .prop_map(|(rows, cols, blanks, seed, blocks)| {
            let n = rows * cols;
            let blanks = blanks.min(n);
            let mut cells: Vec<u32> = (1..=(n - blanks) as u32)
                .chain(std::iter::repeat_n(0, blanks))
                .collect();
            // Fisher-Yates with a splitmix64 stream: reproducible from the assignment.
            let mut s = seed;
            for i in (1..n).rev() {
                s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = s;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                cells.swap(i, ((z ^ (z >> 31)) % (i as u64 + 1)) as usize);
            }
            let shapes = [(1, 1), (1, 2), (2, 1), (2, 2)];
            let mut covered = vec![false; n];
            let mut lines = Vec::new();
            for (at, shape) in blocks {
                let (h, w) = shapes[shape];
                let at = at % n;
                let (r, c) = (at / cols, at % cols);
                if r + h > rows || c + w > cols {
                    continue;
                }
                let footprint: Vec<usize> = (0..h)
                    .flat_map(|i| (0..w).map(move |j| (r + i) * cols + c + j))
                    .collect();
                if footprint.iter().any(|&x| covered[x] || cells[x] == 0) {
                    continue;
                }
                footprint.iter().for_each(|&x| covered[x] = true);
                lines.push(format!("{} {h}*{w}", cells[at]));
            }
            let grid: Vec<String> = cells
                .chunks(cols)
                .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
                .collect();
            format!(
                "{rows} {cols}\n{}\n{}\n{}\n",
                grid.join("\n"),
                lines.len(),
                lines.join("\n")
            )
        })
}

/// One small edit to a text: delete, insert or replace a character, or drop or repeat a line.
fn mutate(text: &str, kind: u8, at: usize, with: char) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = at % (chars.len() + 1);
    match kind % 5 {
        0 if at < chars.len() => chars
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != at)
            .map(|(_, c)| c)
            .collect(),
        1 => chars[..at]
            .iter()
            .chain([with].iter())
            .chain(&chars[at..])
            .collect(),
        2 if at < chars.len() => chars
            .iter()
            .enumerate()
            .map(|(i, &c)| if i == at { with } else { c })
            .collect(),
        3 => {
            let lines: Vec<&str> = text.lines().collect();
            let drop = at % lines.len().max(1);
            lines
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != drop)
                .map(|(_, l)| format!("{l}\n"))
                .collect()
        }
        _ => {
            let lines: Vec<&str> = text.lines().collect();
            let twice = at % lines.len().max(1);
            lines
                .iter()
                .enumerate()
                .flat_map(|(i, l)| if i == twice { vec![*l, *l] } else { vec![*l] })
                .collect::<Vec<_>>()
                .join("\n")
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn valid_boards_are_accepted_and_round_trip(text in valid_text()) {
        let puzzle: NumericPuzzle = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        assert_valid(&puzzle);
    }

    #[test]
    fn mutated_boards_never_panic_and_are_valid_when_accepted(
        text in valid_text(), kind in any::<u8>(), at in any::<usize>(),
        with in prop::sample::select(vec!['0', '1', '2', '7', '9', ' ', '\n', '*', '-', 'x', '\t', '\r']),
    ) {
        if let Ok(puzzle) = mutate(&text, kind, at, with).parse::<NumericPuzzle>() {
            assert_valid(&puzzle);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "[0-9 *\\-\\n\\tabx+]{0,80}") {
        if let Ok(puzzle) = text.parse::<NumericPuzzle>() {
            assert_valid(&puzzle);
        }
    }
}
