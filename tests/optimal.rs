//! Optimal search end to end: the 100 random 15-puzzles at their known optimal lengths, and
//! A*, IDA* and bidirectional BFS agreeing on small cases with blocks and several blanks.

use klotski::compare::thread_cpu;
use klotski::heuristic::{PatternDb, pdb};
use klotski::numeric::NumericPuzzle;
use klotski::search::{self, Limits, Outcome, Stats};
use klotski::solver::{self, Algo, Answer, Options, Report};
use klotski::tiles::TileWalk;
use std::path::Path;
use std::time::{Duration, Instant};

/// A case: the puzzle and the known answer (`Some(n)`: optimum `n`; `None`: unsolvable).
fn case(path: &Path) -> (NumericPuzzle, Option<usize>) {
    let text = std::fs::read_to_string(path).unwrap();
    let answer = std::fs::read_to_string(path.with_extension("ans")).unwrap();
    let known = match answer.split_whitespace().collect::<Vec<_>>()[..] {
        ["Yes", n] => Some(n.parse().unwrap()),
        ["No"] => None,
        _ => panic!("{}: no known optimum", path.display()),
    };
    (text.parse().unwrap(), known)
}

fn solve(puzzle: &NumericPuzzle, algo: Algo) -> Report {
    let options = Options {
        limits: Limits::memory(2 << 30),
        algo,
    };
    solver::solve(puzzle, options, &mut |_: &Stats| {}).unwrap()
}

/// The solution's length after replaying it to the goal, or `None` for a proven `No`.
fn length(puzzle: &NumericPuzzle, report: &Report) -> Option<usize> {
    match &report.answer {
        Answer::Solved { moves, optimal } => {
            assert!(optimal, "{} did not prove its answer", report.method);
            let engine = puzzle.engine();
            let end = engine.replay(moves).unwrap();
            assert_eq!(end.origins(), puzzle.target(&engine).unwrap());
            Some(moves.len())
        }
        Answer::Unsolvable(_) => None,
        Answer::GaveUp(limit) => panic!("{} gave up: {limit}", report.method),
    }
}

fn fifteen() -> Vec<(String, NumericPuzzle, usize)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/fifteen");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| {
            let (puzzle, known) = case(p);
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (
                name,
                puzzle,
                known.expect("every 15-puzzle here is solvable"),
            )
        })
        .collect()
}

#[test]
fn the_hundred_fifteen_puzzles_get_their_optimal_lengths() {
    let cases = fifteen();
    assert_eq!(cases.len(), 100);
    for (name, puzzle, optimum) in &cases {
        assert_eq!(Algo::pick(&puzzle.engine()), Algo::Idastar, "{name}");
        let report = solve(puzzle, Algo::Idastar);
        assert!(
            report.stats.peak_bytes >= 32 << 20,
            "{name}: the 6-6-3 databases"
        );
        assert_eq!(length(puzzle, &report), Some(*optimum), "{name}");
    }
}

/// Small cases every method finishes quickly (IDA* has no closed table, so the deep
/// several-blank cases and the unsolvable ones it would walk forever are left to the others).
const AGREED: &[&str] = &[
    "small/s00_2x2_b1",
    "small/s01_2x3_b1",
    "small/s02_3x3_b1",
    "small/s03_3x3_b2",
    "small/s04_2x4_b2",
    "small/s05_3x4_b2",
    "small/s11_4x5_b2",
    "small/s12_5x4_b2",
    "small/s13_3x5_b3",
    "small/s14_1x5_b2",
    "small/s15_5x1_b1",
    "small/s16_2x5_b2",
    "small/s17_4x4_b1",
    "small/s19_5x5_b3",
    "small/s20_5x6_b3",
    "small/s21_6x6_b4",
    "small/s99_solved",
    "decided/d01_3x3_b1",
    "decided/d02_3x3_b1",
    "decided/d03_2x4_b1",
    "decided/d04_3x4_b1",
    "decided/d05_2x4_b2",
    "decided/d17_2x3_b1",
    "peers/LunaQu4kez_Numeric_Klotski_extra_data_04",
    "peers/PhalarAluve_Numeric_Klotski_Game_Java_src_data_13data",
    "peers/PhalarAluve_Numeric_Klotski_Game_Java_src_data_14data",
    "peers/PhalarAluve_Numeric_Klotski_Game_Java_src_data_20data",
];

/// Deeper or unsolvable cases with blocks or several blanks, for the methods with tables.
const TABLED: &[&str] = &[
    "small/s06_3x4_b1",
    "small/s07_4x4_b2",
    "small/s08_4x4_b2",
    "small/s10_4x5_b2",
    "small/s18_5x5_b1",
    "decided/d06_2x5_b2",
    "decided/d08_3x3_b2",
    "decided/d10_4x4_b2",
    "decided/d13_4x4_b1",
    "decided/d19_4x4_b2",
    "peers/LunaQu4kez_Numeric_Klotski_extra_data_05",
    "peers/LunaQu4kez_Numeric_Klotski_extra_data_06",
];

fn check(names: &[&str], algos: &[Algo]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    for name in names {
        let (puzzle, known) = case(&dir.join(format!("{name}.in")));
        for &algo in algos {
            let report = solve(&puzzle, algo);
            assert_eq!(length(&puzzle, &report), known, "{name} with {algo}");
        }
    }
}

#[test]
fn astar_idastar_and_bidirectional_bfs_agree_on_small_cases() {
    check(
        AGREED,
        &[Algo::Bibfs, Algo::Astar, Algo::Idastar, Algo::Auto],
    );
}

#[test]
fn astar_and_bidirectional_bfs_agree_on_deeper_cases() {
    check(TABLED, &[Algo::Bibfs, Algo::Astar, Algo::Auto]);
}

/// Benchmark, run by hand: `cargo test --release --no-default-features --test optimal --
/// --ignored --nocapture bench_fifteen`. Solves the 100 15-puzzles with IDA* twice each, on the
/// 6-6-3 databases searches build on their own and on the 7-8 ones `klotski pdb` builds,
/// alternating so both see the same machine load, and prints total and median time and nodes
/// of each. Loading (or building) the databases is timed apart.
#[test]
#[ignore]
fn bench_fifteen() {
    let cache = pdb::default_cache_dir();
    let goals: Vec<usize> = (0..15).collect();
    let variants = [
        ("6-6-3", pdb::partition(4, 4, 1, &goals)),
        ("7-8", pdb::fifteen_seven_eight()),
    ];
    for (name, patterns) in &variants {
        let began = Instant::now();
        for pattern in patterns {
            PatternDb::load_or_build(pattern, cache.as_deref());
        }
        println!(
            "{name} databases loaded or built in {:.1} s",
            began.elapsed().as_secs_f64()
        );
    }
    // Through the solver, which picks the 7-8 tables now that they are cached.
    let cases = fifteen();
    let report = solve(&cases[0].1, Algo::Idastar);
    assert_eq!(length(&cases[0].1, &report), Some(cases[0].2));
    let mut runs = vec![(Vec::new(), Vec::new(), Vec::new()); variants.len()];
    for (name, puzzle, optimum) in &cases {
        let engine = puzzle.engine();
        let target = puzzle.target(&engine).unwrap();
        for ((_, patterns), (times, cpu, nodes)) in variants.iter().zip(&mut runs) {
            let walk = TileWalk::with_patterns(&engine, &target, patterns, cache.as_deref());
            let start = walk.position(&engine.start);
            let began = Instant::now();
            let cpu_began = thread_cpu().unwrap_or_default();
            let found = search::idastar(
                &walk,
                start.clone(),
                |t| t.solved(),
                |t| t.bound(),
                Limits::memory(1 << 30),
                |_, _| {},
            );
            times.push(began.elapsed());
            cpu.push(thread_cpu().unwrap_or_default() - cpu_began);
            nodes.push(found.stats.expanded);
            let Outcome::Found(path) = found.outcome else {
                panic!("{name}: {:?}", found.outcome);
            };
            let moves = walk.engine_moves(&start, &path);
            assert_eq!(engine.replay(&moves).unwrap().origins(), target, "{name}");
            assert_eq!(moves.len(), *optimum, "{name}");
        }
    }
    for ((variant, _), (times, cpu, nodes)) in variants.iter().zip(&mut runs) {
        let total: Duration = times.iter().sum();
        let total_cpu: Duration = cpu.iter().sum();
        let all_nodes: u64 = nodes.iter().sum();
        times.sort();
        cpu.sort();
        nodes.sort();
        println!(
            "{variant}: 100 puzzles, wall total {:.3} s, median {:.2} ms, max {:.1} ms; \
             CPU total {:.3} s, median {:.2} ms; nodes total {all_nodes}, median {}, max {}",
            total.as_secs_f64(),
            times[49].as_secs_f64() * 1000.0,
            times[99].as_secs_f64() * 1000.0,
            total_cpu.as_secs_f64(),
            cpu[49].as_secs_f64() * 1000.0,
            nodes[49],
            nodes[99]
        );
    }
}

/// 5x5 random walks from the goal (tests/cases/walks5x5), with the optima IDA* proves; those of
/// the 40-move walks were confirmed by bidirectional BFS (40, 36, 34 moves).
#[test]
fn five_by_five_random_walks_are_solved_optimally() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/walks5x5");
    for (name, optimum) in [
        ("w40_0", 40),
        ("w40_1", 36),
        ("w40_2", 34),
        ("w60_0", 58),
        ("w60_2", 48),
        ("w80_1", 58),
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.in"))).unwrap();
        let puzzle: NumericPuzzle = text.parse().unwrap();
        assert_eq!(Algo::pick(&puzzle.engine()), Algo::Idastar, "{name}");
        let report = solve(&puzzle, Algo::Idastar);
        assert_eq!(length(&puzzle, &report), Some(optimum), "{name}");
    }
}

#[test]
fn a_search_out_of_reach_stops_at_the_time_limit() {
    // A random 24-puzzle (a peer's test data): hours for an optimal search, far beyond a tenth
    // of a second.
    let text = "5 5\n5 16 9 20 0\n1 8 11 13 10\n19 14 21 18 6\n22 12 4 23 2\n24 17 3 15 7\n0\n";
    let puzzle: NumericPuzzle = text.parse().unwrap();
    let options = Options {
        limits: Limits {
            max_memory: 2 << 30,
            deadline: Some(std::time::Instant::now() + Duration::from_millis(100)),
        },
        algo: Algo::Idastar,
    };
    let report = solver::solve(&puzzle, options, &mut |_: &Stats| {}).unwrap();
    assert_eq!(report.answer, Answer::GaveUp(solver::Limit::Time));
}
