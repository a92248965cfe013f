//! Large generated Tipover boards for the figures of `docs/benchmarks.md`: a seeded generator
//! (the same seed gives the same board on every machine) and an ignored test that solves each
//! board with the binary and prints its verdict, states, time and peak memory.
//!
//! `cargo test --release --no-default-features --test tipover_bench -- --ignored --nocapture`
//! writes the boards to `target/tmp/tipover_bench/` and prints the table; peak memory comes
//! from `/usr/bin/time` when it is there.

use klotski::puzzles::tipover::{self, Tipover};
use klotski::search::{Limits, Outcome};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// SplitMix64: a small generator whose output depends on the seed alone.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What a generated board holds.
#[derive(Clone, Copy, Debug)]
struct Spec {
    rows: usize,
    cols: usize,
    /// Stacks of 2 to 4 crates, those of the planted chain included.
    stacks: usize,
    /// Stacks of the planted chain: tipped one after the other they reach the target.
    chain: usize,
    /// Single crates per 100 cells.
    singles_percent: usize,
    seed: u64,
}

impl Spec {
    fn name(&self) -> String {
        format!(
            "{}x{}-{}stacks-chain{}-singles{}-s{}",
            self.rows, self.cols, self.stacks, self.chain, self.singles_percent, self.seed
        )
    }
}

const EMPTY: u8 = b'.';
/// A cell a fall of the chain needs empty: nothing else is put there.
const RESERVED: u8 = b'_';

/// A board in the seed format. With a `chain`, a solution is planted in it: a chain of stacks,
/// each tipped one way landing its top crate beside the next (the last beside the target);
/// other tips may make a shorter solution, and none can block the planted one, since nothing
/// is put where its crates fall. Without, the tipper starts on a random stack and the target
/// is the empty cell farthest from it. Then the other stacks and the single crates go on
/// random empty cells.
fn generate(spec: Spec) -> String {
    let Spec {
        rows,
        cols,
        stacks,
        chain,
        singles_percent,
        seed,
    } = spec;
    let cells = rows * cols;
    let mut rng = Rng(seed);
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
fn specs() -> Vec<Spec> {
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

/// Solves every board of [`specs`], and a corridor as deep as the seed allows, with `klotski tipover -v --max-memory 2G` and prints one
/// line per board: size, stacks, seed, exit code, tips printed, the search's own summary,
/// wall time and (with `/usr/bin/time`) peak resident memory.
#[test]
#[ignore]
fn measure_the_generated_boards() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tipover_bench");
    std::fs::create_dir_all(&dir).unwrap();
    let timer = Path::new("/usr/bin/time");
    // And the deepest tree the seed allows: 2,499 forced tips along a 1 x 7,498 corridor.
    let corridor = format!("1 7498\n0 0\n{}*\n", "2..".repeat(2_499));
    let boards = (specs().into_iter())
        .map(|spec| (spec.name(), generate(spec)))
        .chain([("corridor-1x7498-2499stacks".to_string(), corridor)]);
    for (name, text) in boards {
        let path = dir.join(format!("{name}.txt"));
        std::fs::write(&path, text).unwrap();
        let binary = env!("CARGO_BIN_EXE_klotski");
        let args = ["tipover", "-v", "--max-memory", "2G"];
        let mut command = if timer.exists() {
            let mut c = Command::new(timer);
            c.args(["-f", "rss_kb=%M"]).arg(binary);
            c
        } else {
            Command::new(binary)
        };
        let started = Instant::now();
        let out = command
            .args(args)
            .stdin(std::fs::File::open(&path).unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .expect("the binary runs");
        let wall = started.elapsed();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let summary: Vec<&str> = stderr.lines().map(str::trim).collect();
        let tips = out.stdout.iter().filter(|&&b| b == b'\n').count();
        println!(
            "{name} exit={} tips={tips} wall={:.2}s {}",
            out.status.code().unwrap_or(-1),
            wall.as_secs_f64(),
            summary.join(" | ")
        );
        assert!(matches!(out.status.code(), Some(0 | 3)), "{name}: {stderr}");
    }
}
