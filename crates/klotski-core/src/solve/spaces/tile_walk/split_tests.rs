//! The split IDA* walk on the tile walk: a shortest path, and the path, the nodes counted and
//! where a work budget stops it are the same on any number of threads. (These tests need the
//! core's tables and walk, so they live here rather than in the search crate.)

use crate::heuristic::pdb::{self, Supply, TableEvent};
use crate::search::idastar::Walk;
use crate::search::idastar::idastar;
use crate::search::{Limits, Outcome, Search, Stop, Units, split_idastar};
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

/// Whether `path` leads `walk` from `start` to the goal.
fn solves(walk: &TileWalk, start: &Tiles, path: &[u8]) -> bool {
    let mut tiles = start.clone();
    for &mv in path {
        walk.apply(&mut tiles, mv);
    }
    tiles.solved()
}

#[test]
fn every_thread_count_finds_the_same_shortest_path() {
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
        let Outcome::Found(shortest) = &alone.outcome else {
            panic!("{board}: solvable")
        };
        let one = search(&walk, &start, Limits::memory(1 << 20));
        let Outcome::Found(path) = &one.outcome else {
            panic!("{board}: found on one thread")
        };
        assert_eq!(path.len(), shortest.len(), "{board}: a shortest path");
        assert!(solves(&walk, &start, path), "{board}: the path solves it");
        for threads in [2, 3, 8] {
            let split = search(&walk, &start, on_threads(threads));
            assert_eq!(split, one, "{board}: {threads} threads, node for node");
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

#[test]
fn a_budget_in_units_stops_where_the_equal_one_in_expansions_does() {
    let (walk, start) = walk_of("4 4\n15 14 8 12\n10 11 9 13\n2 6 5 1\n3 7 4 0\n0\n");
    for expansions in [0, 999, 37_777] {
        let units = Units {
            most: expansions * 3 + 2,
            per_expanded: 3,
            per_stored: 5,
        };
        let in_units = search(&walk, &start, on_threads(2).in_units(units));
        let expanding = alone(&walk, &start, &on_threads(1).expanding(expansions));
        assert_eq!(in_units.outcome, Outcome::Stopped(Stop::Work));
        assert_eq!(in_units.outcome, expanding.outcome);
        assert_eq!(in_units.stats.expanded, expanding.stats.expanded);
        assert_eq!(in_units.stats.units, in_units.stats.expanded * 3);
    }
}

/// The subtrees of the last pass in order of how near the goal the pass before came in each:
/// on the two of Korf's 100 whose plain walk on these tables expands the most (#82 and #60),
/// fewer nodes than plain IDA*'s walk order, board by board, and as short a path.
#[test]
fn the_last_pass_searches_first_where_the_pass_before_came_nearest() {
    let boards = [
        "4 4\n0 12 11 1\n4 10 13 9\n5 8 7 3\n15 14 6 2\n0\n",
        "4 4\n0 8 10 6\n11 7 9 1\n12 4 13 14\n15 3 2 5\n0\n",
    ];
    for board in boards {
        let (walk, start) = walk_of(board);
        let limits = Limits::memory(1 << 20);
        let plain = idastar(
            &walk,
            start.clone(),
            |t| t.solved(),
            |t: &Tiles| t.bound(),
            &limits,
            |_, _| {},
        );
        let ordered = search(&walk, &start, limits);
        let (Outcome::Found(shortest), Outcome::Found(path)) = (&plain.outcome, &ordered.outcome)
        else {
            panic!("{board}: solvable");
        };
        assert_eq!(path.len(), shortest.len(), "{board}");
        assert!(
            ordered.stats.expanded < plain.stats.expanded,
            "{board}: {} against {}",
            ordered.stats.expanded,
            plain.stats.expanded
        );
    }
}
