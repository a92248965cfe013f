//! The split IDA* walk on the tile walk: the path, the nodes counted and where a work budget
//! stops it are the one-thread walk's on any number of threads. (These tests need the core's
//! tables and walk, so they live here rather than in the search crate.)

use crate::heuristic::pdb::{self, Supply, TableEvent};
use crate::search::idastar::idastar;
use crate::search::{Limits, Outcome, Search, Stop, split_idastar};
use crate::solve::spaces::tile_walk::{TileWalk, Tiles};
use std::time::Instant;

/// The walk of `text` (a numbered board) on the 5-5-5 tables on 4x4, per-tile ones else.
fn walk_of(text: &str) -> (TileWalk, Tiles) {
    let (engine, target) = crate::engine::sample(text);
    let cells = engine.board.cells();
    let mut quiet = |_: TableEvent<'_>| {};
    let mut supply = Supply::new(None, &Limits::memory(1 << 30), 2, &mut quiet);
    let walk = if cells == 16 {
        let splits = pdb::partitions(4, 4, 1, &(0..15).collect::<Vec<_>>());
        let tables = supply.obtain(&splits[2]).expect("5-5-5 builds");
        TileWalk::with_tables(&engine, &target, &splits[2], tables)
    } else {
        TileWalk::new(&engine, &target, &mut supply, false).expect("a board of tiles")
    };
    let start = walk.position(&engine.start);
    (walk, start)
}

fn search(walk: &TileWalk, start: &Tiles, limits: Limits) -> Search<u8> {
    split_idastar(
        walk,
        start.clone(),
        |t| t.solved(),
        |t: &Tiles| t.bound(),
        &limits,
        |_, _| {},
    )
}

/// A megabyte and `threads` threads.
fn on_threads(threads: usize) -> Limits {
    Limits {
        threads,
        ..Limits::memory(1 << 20)
    }
}

#[test]
fn every_thread_count_finds_the_one_thread_path() {
    let boards = [
        "3 3\n8 6 7\n2 5 4\n3 0 1\n0\n",
        "3 3\n1 2 3\n4 5 6\n7 0 8\n0\n",
        "3 3\n1 2 3\n4 5 6\n7 8 0\n0\n",
        "4 4\n0 10 2 15\n5 4 3 7\n1 6 12 9\n14 11 13 8\n0\n",
        "4 4\n10 5 1 0\n15 9 13 14\n2 8 4 7\n6 12 11 3\n0\n",
    ];
    for board in boards {
        let (walk, start) = walk_of(board);
        let alone = idastar(
            &walk,
            start.clone(),
            |t| t.solved(),
            |t: &Tiles| t.bound(),
            &Limits::memory(1 << 20),
            |_, _| {},
        );
        let Outcome::Found(path) = &alone.outcome else {
            panic!("{board}: solvable")
        };
        let one = search(&walk, &start, Limits::memory(1 << 20));
        assert_eq!(
            one, alone,
            "{board}: one thread walks as before, node for node"
        );
        for threads in [2, 3, 8] {
            let split = search(&walk, &start, on_threads(threads));
            assert_eq!(
                split.outcome,
                Outcome::Found(path.clone()),
                "{board}: {threads}"
            );
        }
    }
}

#[test]
fn a_split_search_stops_at_its_deadline_and_when_cancelled() {
    // 62 moves from the goal: far beyond what 5-5-5 tables prove at once.
    let (walk, start) = walk_of("4 4\n15 14 8 12\n10 11 9 13\n2 6 5 1\n3 7 4 0\n0\n");
    let limits = on_threads(2);
    let late = search(&walk, &start, limits.until(Instant::now()));
    assert_eq!(late.outcome, Outcome::Stopped(Stop::Time));
    limits.cancel.raise();
    let cancelled = search(&walk, &start, limits);
    assert_eq!(cancelled.outcome, Outcome::Stopped(Stop::Cancelled));
}

/// The one-thread walk within `limits`.
fn alone(walk: &TileWalk, start: &Tiles, limits: &Limits) -> Search<u8> {
    let limits = Limits {
        threads: 1,
        ..limits.clone()
    };
    // On one thread, the split search is `idastar` itself.
    search(walk, start, limits)
}

#[test]
fn a_work_budget_stops_every_thread_count_where_it_stops_one_thread() {
    let far = "4 4\n15 14 8 12\n10 11 9 13\n2 6 5 1\n3 7 4 0\n0\n";
    let near = "4 4\n0 10 2 15\n5 4 3 7\n1 6 12 9\n14 11 13 8\n0\n";
    for board in [far, near] {
        let (walk, start) = walk_of(board);
        let mut budgets = vec![0, 1, 999, 37_777, 100_000, 654_321];
        if board == near {
            // The exact count that finds the path, and one short of it.
            let needed = alone(&walk, &start, &on_threads(1)).stats.expanded;
            budgets.extend([needed - 1, needed, needed + 1]);
        }
        for budget in budgets {
            let limits = on_threads(1).expanding(budget);
            let one = alone(&walk, &start, &limits);
            for threads in [2, 3, 8] {
                let limits = Limits {
                    threads,
                    ..limits.clone()
                };
                let split = search(&walk, &start, limits);
                assert_eq!(split, one, "{board}: budget {budget}, {threads} threads");
            }
        }
    }
}

#[test]
fn without_a_budget_the_nodes_counted_are_the_one_thread_walks() {
    let (walk, start) = walk_of("4 4\n0 10 2 15\n5 4 3 7\n1 6 12 9\n14 11 13 8\n0\n");
    let one = alone(&walk, &start, &on_threads(1));
    assert_eq!(search(&walk, &start, on_threads(2)), one);
}
