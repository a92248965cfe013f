//! The tile walk's tests: its kept sums against fresh ones over every table layout, moves ruled
//! out within a bound, and the light tables' path.

use super::*;
use crate::heuristic::pdb::TableEvent;
use crate::rng::Rng;
use crate::search::{Limits, Outcome, idastar};

/// Each view's sum in `tiles`.
fn sums(tiles: &Tiles) -> [u32; MAX_VIEWS] {
    tiles.sums.map(|s| s.sum)
}

/// Where each piece stands in `tiles`.
fn origins(walk: &TileWalk, tiles: &Tiles) -> Vec<usize> {
    let cells = walk.neighbours.len();
    let mut origins = vec![0; cells - 1];
    for (cell, &tile) in tiles.at[..cells].iter().enumerate() {
        if tile != NONE {
            origins[walk.piece_of[tile as usize] as usize] = cell;
        }
    }
    origins
}

#[test]
fn ranked_and_packed_tables_bound_every_position_as_cell_indexed_ones_do() {
    let (engine, target) = crate::engine::sample("3 3\n1 2 3\n4 5 6\n7 8 0\n0\n");
    let groups = [vec![0, 1, 3, 4], vec![2, 5, 6, 7]];
    let walk = |layout: fn(Pattern) -> Pattern| {
        let patterns: Vec<Pattern> = groups
            .iter()
            .map(|cells| layout(Pattern::new(3, 3, 1, cells.clone())))
            .collect();
        let tables = patterns
            .iter()
            .map(|p| {
                let table = pdb::build::build(p, 1, &|_| true).unwrap();
                Arc::new(PatternDb::new(p.clone(), table))
            })
            .collect();
        // Every sequence: a random walk never meets a position with every move ruled out.
        TileWalk::with_tables(&engine, &target, &patterns, tables).every_sequence()
    };
    let by_cells = walk(|p| p);
    let others = [walk(Pattern::ranked), walk(|p| p.ranked().in_nibbles())];
    let mut a = by_cells.position(&target);
    let mut b: Vec<Tiles> = others.iter().map(|w| w.position(&target)).collect();
    let mut rng = Rng::new(7);
    let mut moves = Vec::new();
    for _ in 0..2000 {
        moves.clear();
        by_cells.moves(&mut a, &mut moves);
        let dir = moves[rng.below(moves.len())];
        by_cells.apply(&mut a, dir);
        for (walk, b) in others.iter().zip(&mut b) {
            walk.apply(b, dir);
            assert_eq!(sums(&a), sums(b));
        }
        // Taken back half the time: the values restored match too.
        if rng.below(2) == 0 {
            by_cells.undo(&mut a, dir);
            for (walk, b) in others.iter().zip(&mut b) {
                walk.undo(b, dir);
                assert_eq!(sums(&a), sums(b));
            }
            by_cells.apply(&mut a, dir);
            others.iter().zip(&mut b).for_each(|(w, b)| w.apply(b, dir));
        }
    }
    // The walk wandered off: the bounds were not all zero.
    assert!(a.bound() > 0);
    // And a fresh position there reads what the walk kept.
    let fresh = others[1].position(&origins(&others[1], &b[1]));
    assert_eq!(sums(&fresh), sums(&b[1]));
}

#[test]
fn a_move_ruled_out_within_a_bound_leaves_the_position_as_it_was() {
    let (engine, target) = crate::engine::sample("3 3\n1 2 3\n4 5 6\n7 8 0\n0\n");
    let patterns: Vec<Pattern> = [vec![0, 1, 3, 4], vec![2, 5, 6, 7]]
        .into_iter()
        .map(|cells| Pattern::new(3, 3, 1, cells).ranked().in_nibbles())
        .collect();
    let tables = patterns
        .iter()
        .map(|p| {
            Arc::new(PatternDb::new(
                p.clone(),
                pdb::build::build(p, 1, &|_| true).unwrap(),
            ))
        })
        .collect();
    // Every sequence: a random walk never meets a position with every move ruled out.
    let walk = TileWalk::with_tables(&engine, &target, &patterns, tables).every_sequence();
    assert!(
        walk.views.len() == 2,
        "the groups are their own mirror images"
    );
    let mut tiles = walk.position(&target);
    let mut rng = Rng::new(11);
    let (mut moves, mut ruled_out, mut made) = (Vec::new(), 0, 0);
    for _ in 0..3000 {
        moves.clear();
        walk.moves(&mut tiles, &mut moves);
        let dir = moves[rng.below(moves.len())];
        let mut applied = tiles.clone();
        walk.apply(&mut applied, dir);
        let mut within = tiles.clone();
        let most = rng.below(24) as u32;
        match walk.apply_within(&mut within, dir, most) {
            Err(bound) => {
                ruled_out += 1;
                assert!(most < bound && bound <= applied.bound());
                assert_eq!(within.at, tiles.at);
                assert_eq!(sums(&within), sums(&tiles));
                assert_eq!(within.made.len(), tiles.made.len());
            }
            Ok(()) => {
                made += 1;
                assert!(applied.bound() <= most);
                assert_eq!(within.at, applied.at);
                let kept = |t: &Tiles| t.sums.map(|s| (s.sum, s.index));
                assert_eq!(kept(&within), kept(&applied));
            }
        }
        tiles = applied;
    }
    assert!(
        ruled_out > 100 && made > 100,
        "{ruled_out} ruled out, {made} made"
    );
}

/// The position 200 random moves of `walk` from the pieces at `origins`, each move taken back
/// one time in `taken_back` when given (`walk` must make every sequence: a random walk then
/// never meets a position with every move ruled out).
fn wander(walk: &TileWalk, origins: &[usize], rng: &mut Rng, taken_back: Option<usize>) -> Tiles {
    let mut tiles = walk.position(origins);
    let (mut moves, mut made) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        moves.clear();
        walk.moves(&mut tiles, &mut moves);
        let dir = moves[rng.below(moves.len())];
        walk.apply(&mut tiles, dir);
        made.push(dir);
        if taken_back.is_some_and(|one_in| rng.below(one_in) == 0) {
            walk.undo(&mut tiles, made.pop().expect("the move just made"));
        }
    }
    tiles
}

/// IDA*'s path on `walk` from the pieces at `origins`, as engine moves, and its nodes expanded.
fn shortest(walk: &TileWalk, origins: &[usize]) -> (Vec<Move>, u64) {
    let start = walk.position(origins);
    let found = idastar(
        walk,
        start.clone(),
        |t| t.solved(),
        |t: &Tiles| t.bound(),
        &Limits::memory(1 << 30),
        |_, _| {},
    );
    let Outcome::Found(path) = found.outcome else {
        panic!("a solvable puzzle")
    };
    (walk.engine_moves(&start, &path), found.stats.expanded)
}

/// The solved 15-puzzle.
const SOLVED_FIFTEEN: &str = "4 4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n0\n";

/// The 15-puzzle's split `which` of [`pdb::partitions`] (1: 6-6-3, 2: the lightest, 5-5-5)
/// and its tables, built in memory.
fn fifteen_split(which: usize) -> SplitTables {
    let split = pdb::partitions(4, 4, 1, &(0..15).collect::<Vec<_>>()).swap_remove(which);
    let mut quiet = |_: TableEvent<'_>| {};
    let mut supply = Supply::new(None, &Limits::memory(1 << 30), 2, &mut quiet);
    let tables = supply.obtain(&split).expect("the split fits in memory");
    (split, tables)
}

#[test]
fn the_light_tables_find_the_path_any_tables_find() {
    let (engine, target) =
        crate::engine::sample("4 4\n0 10 2 15\n5 4 3 7\n1 6 12 9\n14 11 13 8\n0\n");
    let mut quiet = |_: TableEvent<'_>| {};
    let mut supply = Supply::new(None, &Limits::memory(1 << 30), 2, &mut quiet);
    let light = TileWalk::light(&engine, &target, &mut supply).expect("4x4 has a lighter split");
    let (split, lightest) = fifteen_split(2);
    let five_five_five = TileWalk::with_tables(&engine, &target, &split, lightest);
    let ((by_light, light_nodes), (by_lightest, lightest_nodes)) = (
        shortest(&light, &engine.start),
        shortest(&five_five_five, &engine.start),
    );
    assert_eq!(
        by_light.len(),
        48,
        "the case's optimum (tests/golden/terminal/l09)"
    );
    assert_eq!(by_light, by_lightest);
    assert!(
        light_nodes < lightest_nodes,
        "6-6-3 bounds tighter than 5-5-5"
    );
    // The 8-puzzle has one split: nothing lighter to try first.
    let (engine, target) = crate::engine::sample("3 3\n1 2 3\n4 5 6\n0 7 8\n0\n");
    assert!(TileWalk::light(&engine, &target, &mut supply).is_none());
}

#[test]
fn pruning_duplicate_sequences_keeps_the_path_and_walks_fewer_nodes() {
    let (engine, target) = crate::engine::sample(SOLVED_FIFTEEN);
    let (split, tables) = fifteen_split(2);
    let pruned = TileWalk::with_tables(&engine, &target, &split, tables.clone());
    // Only moves straight back ruled out: the walk as it was before the automaton.
    let unpruned = TileWalk::with_tables(&engine, &target, &split, tables).every_sequence();
    let mut rng = Rng::new(5);
    let (mut pruned_nodes, mut unpruned_nodes) = (0, 0);
    for _ in 0..12 {
        // A position some 30 to 45 moves from home.
        let tiles = wander(&unpruned, &target, &mut rng, None);
        let origins = origins(&unpruned, &tiles);
        let (path, nodes) = shortest(&pruned, &origins);
        let (unpruned_path, more_nodes) = shortest(&unpruned, &origins);
        assert_eq!(path, unpruned_path, "the first shortest path either way");
        assert!(nodes <= more_nodes);
        (pruned_nodes, unpruned_nodes) = (pruned_nodes + nodes, unpruned_nodes + more_nodes);
    }
    assert!(
        pruned_nodes * 4 < unpruned_nodes * 3,
        "{pruned_nodes} nodes pruned against {unpruned_nodes}"
    );
}

#[test]
fn two_splits_bound_by_the_larger_and_find_the_same_path_in_fewer_nodes() {
    let (engine, target) = crate::engine::sample(SOLVED_FIFTEEN);
    let ((light, light_tables), (six, six_tables)) = (fifteen_split(2), fifteen_split(1));
    let singles = [
        TileWalk::with_tables(&engine, &target, &light, light_tables.clone()),
        TileWalk::with_tables(&engine, &target, &six, six_tables.clone()),
    ];
    let splits = vec![(light, light_tables), (six, six_tables)];
    let both = TileWalk::with_splits(&engine, &target, splits.clone());
    assert_eq!(both.views.len(), 4, "each split and its mirror image");
    // Every sequence: a random walk never meets a position with every move ruled out.
    let every = TileWalk::with_splits(&engine, &target, splits).every_sequence();
    let mut rng = Rng::new(3);
    for _ in 0..8 {
        // A position some 30 to 45 moves from home, reached and partly taken back on the
        // two-split walk: its kept sums are those a fresh position reads.
        let tiles = wander(&every, &target, &mut rng, Some(4));
        let origins = origins(&every, &tiles);
        let fresh = every.position(&origins);
        assert_eq!(sums(&fresh), sums(&tiles));
        let alone: Vec<u32> = singles
            .iter()
            .map(|w| w.position(&origins).bound())
            .collect();
        assert_eq!(fresh.bound(), alone[0].max(alone[1]));
        // Every shortest path stays within any admissible bound, so IDA* meets the same first
        // one; the larger bound walks no node either walk alone would not.
        let (path, nodes) = shortest(&both, &origins);
        for single in &singles {
            let (alone_path, alone_nodes) = shortest(single, &origins);
            assert_eq!(path, alone_path);
            assert!(nodes <= alone_nodes, "{nodes} nodes against {alone_nodes}");
        }
    }
}
