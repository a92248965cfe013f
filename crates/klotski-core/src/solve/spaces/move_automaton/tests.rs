//! The automaton's tests: against every sequence of blank moves on small boards, enumerated.

use super::*;

/// The blank's move `dir` from `blank` on a `rows` x `cols` board, if it stays on it.
fn neighbour(rows: usize, cols: usize, blank: usize, dir: u8) -> Option<usize> {
    let (r, c) = (blank / cols, blank % cols);
    match dir {
        0 => (c > 0).then(|| blank - 1),
        1 => (c + 1 < cols).then(|| blank + 1),
        2 => (r > 0).then(|| blank - cols),
        _ => (r + 1 < rows).then(|| blank + cols),
    }
}

#[test]
fn the_first_sequence_to_each_position_is_never_ruled_out() {
    let automaton = MoveAutomaton::shipped();
    for (rows, cols) in [(3, 3), (3, 4), (4, 4), (2, 5)] {
        for start in 0..rows * cols {
            // Breadth-first over every sequence, in shortlex order: the first to reach a
            // position must be kept; a later one, if kept, must not be needed.
            let mut seen = std::collections::HashSet::new();
            let board: Vec<u8> = (0..(rows * cols) as u8).collect();
            seen.insert((board.clone(), start));
            let mut level = vec![(board, start, MoveAutomaton::START, true)];
            for _ in 0..10 {
                let mut next = Vec::new();
                for (board, blank, state, kept) in &level {
                    for dir in 0..4u8 {
                        let Some(to) = neighbour(rows, cols, *blank, dir) else {
                            continue;
                        };
                        let mut board = board.clone();
                        board.swap(*blank, to);
                        let after = if *kept {
                            automaton.after(*state, dir)
                        } else {
                            None
                        };
                        let new = seen.insert((board.clone(), to));
                        assert!(
                            !new || after.is_some(),
                            "{rows}x{cols} from {start}: the first sequence to a position ruled out"
                        );
                        next.push((board, to, after.unwrap_or(0), after.is_some()));
                    }
                }
                level = next;
            }
        }
    }
}

#[test]
fn moves_straight_back_are_ruled_out_and_straight_lines_kept() {
    let automaton = MoveAutomaton::build(8);
    for dir in 0..4 {
        let state = automaton.after(MoveAutomaton::START, dir).unwrap();
        assert_eq!(automaton.after(state, dir ^ 1), None);
        let mut state = MoveAutomaton::START;
        for _ in 0..20 {
            state = automaton.after(state, dir).unwrap();
        }
    }
}

#[test]
fn deeper_automata_rule_out_more() {
    // Sequences ruled out (none holding another) and states, by depth.
    for (depth, sequences, states) in [(0, 4, 5), (6, 8, 21), (8, 40, 161), (10, 340, 1291)] {
        let patterns = ruled_out(depth);
        assert_eq!(patterns.len(), sequences);
        assert_eq!(automaton(&patterns).len(), states);
    }
}

#[test]
#[ignore = "figures for docs/benchmarks.md: the build's time and size by depth"]
#[allow(
    clippy::print_stdout,
    reason = "a figures run, never part of the suite"
)]
fn sizes_by_depth() {
    for depth in [8, 10, 12, 13, 14, 15, 16] {
        let clock = std::time::Instant::now();
        let patterns = ruled_out(depth);
        let states = automaton(&patterns).len();
        let elapsed = clock.elapsed();
        println!(
            "depth {depth}: {} ruled out, {states} states, {elapsed:?}",
            patterns.len()
        );
    }
}

/// Where the shipped automaton is kept, in the source tree.
fn shipped_path() -> std::path::PathBuf {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    here.join("src/solve/spaces/move_automaton/depth12.bin")
}

#[test]
fn the_shipped_automaton_is_the_one_built() {
    let built = MoveAutomaton::build(SHIPPED_DEPTH);
    assert!(
        *MoveAutomaton::shipped() == built,
        "rebuild it: cargo test -p klotski-core --lib -- --ignored write_the_shipped_automaton"
    );
    assert_eq!(built.states(), 9223);
}

#[test]
#[ignore = "writes the shipped automaton into the source tree"]
fn write_the_shipped_automaton() {
    let built = MoveAutomaton::build(SHIPPED_DEPTH);
    std::fs::write(shipped_path(), built.to_bytes()).unwrap();
}
