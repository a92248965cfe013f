//! Large Tipover boards made by a seeded generator (the same seed gives the same board on every
//! machine), for the tests of `tests/tipover_bench.rs` and the figures of `benches/tipover.rs`.

#![allow(dead_code)] // The tests and the bench each use their own part.

use klotski::rng::Rng;

/// What a generated board holds.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub rows: usize,
    pub cols: usize,
    /// Stacks of 2 to 4 crates, those of the planted chain included.
    pub stacks: usize,
    /// Stacks of the planted chain: tipped one after the other they reach the target.
    pub chain: usize,
    /// Single crates per 100 cells.
    pub singles_percent: usize,
    pub seed: u64,
}

impl Spec {
    /// The board's file name: its size, stacks, chain, single crates and seed.
    pub fn name(&self) -> String {
        format!(
            "{}x{}-{}stacks-chain{}-singles{}-s{}",
            self.rows, self.cols, self.stacks, self.chain, self.singles_percent, self.seed
        )
    }
}

const EMPTY: u8 = b'.';
/// A cell a fall of the chain needs empty: nothing else is put there.
const RESERVED: u8 = b'_';

/// A board in the assignment format. With a `chain`, a solution is planted in it: a chain of stacks,
/// each tipped one way landing its top crate beside the next (the last beside the target);
/// other tips may make a shorter solution, and none can block the planted one, since nothing
/// is put where its crates fall. Without, the tipper starts on a random stack and the target
/// is the empty cell farthest from it. Then the other stacks and the single crates go on
/// random empty cells.
pub fn generate(spec: Spec) -> String {
    let Spec {
        rows,
        cols,
        stacks,
        chain,
        singles_percent,
        seed,
    } = spec;
    let cells = rows * cols;
    let mut rng = Rng::new(seed);
    let (mut grid, start) = if chain > 0 {
        loop {
            if let Some(planted) = plant_chain(rows, cols, chain, &mut rng) {
                break planted;
            }
        }
    } else {
        let mut grid = vec![EMPTY; cells];
        let start = rng.below(cells);
        grid[start] = b'2' + rng.below(3) as u8;
        (grid, start)
    };
    let placed = chain.max(1);
    let mut place = |symbol: u8, rng: &mut Rng| loop {
        let cell = rng.below(cells);
        if grid[cell] == EMPTY {
            grid[cell] = symbol;
            return;
        }
    };
    for _ in placed..stacks {
        let height = b'2' + rng.below(3) as u8;
        place(height, &mut rng);
    }
    for _ in 0..cells * singles_percent / 100 {
        place(b'1', &mut rng);
    }
    if chain == 0 {
        let distance =
            |c: usize| (c / cols).abs_diff(start / cols) + (c % cols).abs_diff(start % cols);
        let goal = (0..cells)
            .filter(|&c| grid[c] == EMPTY)
            .max_by_key(|&c| (distance(c), std::cmp::Reverse(c)))
            .expect("an empty cell");
        grid[goal] = b'*';
    }
    let mut text = format!("{rows} {cols}\n{} {}\n", start / cols, start % cols);
    for row in grid.chunks(cols) {
        let row: String = row
            .iter()
            .map(|&b| if b == RESERVED { '.' } else { b as char })
            .collect();
        text += &row;
        text.push('\n');
    }
    text
}

/// The chain of stacks on an empty board, with its falls reserved, and the start cell; `None`
/// when the walk ran into the edge or itself (the caller draws again).
fn plant_chain(rows: usize, cols: usize, chain: usize, rng: &mut Rng) -> Option<(Vec<u8>, usize)> {
    let mut grid = vec![EMPTY; rows * cols];
    let step = |cell: usize, d: usize| -> Option<usize> {
        let (r, c) = (cell / cols, cell % cols);
        match d {
            0 if c > 0 => Some(cell - 1),
            1 if c + 1 < cols => Some(cell + 1),
            2 if r > 0 => Some(cell - cols),
            3 if r + 1 < rows => Some(cell + cols),
            _ => None,
        }
    };
    let start = rng.below(rows * cols);
    let mut at = start;
    for link in 0..chain {
        let height = 2 + rng.below(3);
        grid[at] = b'0' + height as u8;
        // A direction whose fall stays on the board on empty cells.
        let first = rng.below(4);
        let fall = (0..4).map(|k| (first + k) % 4).find_map(|d| {
            let mut cells = Vec::new();
            let mut cell = at;
            for _ in 0..height {
                cell = step(cell, d).filter(|&c| grid[c] == EMPTY)?;
                cells.push(cell);
            }
            Some(cells)
        })?;
        fall.iter().for_each(|&c| grid[c] = RESERVED);
        let top = *fall.last().expect("a stack has crates");
        // The next stack, or the target, on an empty cell beside the top crate.
        let first = rng.below(4);
        let next = (0..4)
            .map(|k| (first + k) % 4)
            .find_map(|d| step(top, d).filter(|&c| grid[c] == EMPTY))?;
        if link + 1 == chain {
            grid[next] = b'*';
        }
        at = next;
    }
    Some((grid, start))
}

/// The boards measured: four sizes, three seeds each, with a planted chain and few single
/// crates (solutions of several tips), and without (the target far away: mostly no solution,
/// which the search must prove by visiting every state).
pub fn specs() -> Vec<Spec> {
    let mut specs = Vec::new();
    for (rows, cols, stacks, chain) in [
        (20, 20, 60, 6),
        (30, 30, 150, 8),
        (50, 50, 400, 10),
        (100, 100, 1_500, 12),
    ] {
        for (chain, singles_percent) in [(chain, 5), (0, 15)] {
            for seed in 1..=3 {
                specs.push(Spec {
                    rows,
                    cols,
                    stacks,
                    chain,
                    singles_percent,
                    seed,
                });
            }
        }
    }
    specs
}
