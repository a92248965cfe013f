//! The searches the methods name, as the portfolio and `--algo` run them: IDA* walking 1x1
//! tiles in place with pattern databases (its estimate weighted or not), and BFS,
//! bidirectional BFS, A*, bidirectional A*, weighted A*, greedy search and IDA* over the
//! packed space.

use crate::engine::puzzle::{Move, Puzzle};
use crate::heuristic::incremental::IncrementalManhattan;
use crate::heuristic::pdb::{Cache, Supply, TableEvent};
use crate::heuristic::{Bound, Manhattan};
use crate::search::idastar::Stepwise;
use crate::search::{self, Limits, Outcome, Stats, Weights};
use crate::solve::Progress;
use crate::solve::portfolio::algo::Algo;
use crate::solve::portfolio::budget;
use crate::solve::spaces::packed::{self, PackedPosition, PackedSpace};
use crate::solve::spaces::tile_walk::{TileWalk, Tiles};
use std::ops::ControlFlow;

/// Runs the search `algo` names (any method but the constructive solver), the A* family
/// ordering its open states by `weights`: IDA* on 1x1 tiles with one blank walks them in place
/// with pattern databases; everything else runs on the packed space, or gets `None` when the
/// board is too large for it. Tables come from `cache` or are built within `limits`.
pub(in crate::solve) fn search_by(
    puzzle: &Puzzle,
    target: &[usize],
    algo: Algo,
    weights: Weights,
    limits: Limits,
    cache: Option<&Cache>,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Option<search::Search<Move>> {
    let mut go_on = |_, _: &Stats| ControlFlow::Continue(());
    let searches = Searches {
        cache,
        advise: &mut go_on,
        on_progress,
        in_batches: None,
        shorter_than: None,
    };
    search_advised_by(puzzle, target, algo, weights, limits, searches)
}

/// What a search [`search_advised_by`] runs may use besides its limits: the tables in
/// `cache`, `advise` (bidirectional A* ends where it breaks, asked at each report of its
/// bound; the other searches ignore it) and the callback that hears of progress.
/// `in_batches`: the units of work from which on bidirectional A* expands a batch of states
/// at a time ([`search::bidirectional_astar_in_batches`]), their children worked out on
/// another thread where [`Limits::threads`] allows, and what the batches are told as they
/// begin: the length of an answer found elsewhere, if any, which they look only for shorter
/// paths than. `None`: one state at a time throughout, on one thread. `shorter_than`: the
/// length of a path known from the start, which bidirectional A* one state at a time looks
/// only for shorter paths than (the other searches ignore it).
pub(in crate::solve) struct Searches<'a, 'b> {
    pub cache: Option<&'a Cache>,
    pub advise: &'b mut dyn FnMut(u32, &Stats) -> ControlFlow<()>,
    pub on_progress: &'b mut dyn FnMut(Progress<'_>),
    pub in_batches: Option<(u64, &'b mut dyn FnMut() -> Option<u32>)>,
    pub shorter_than: Option<u32>,
}

/// [`search_by`], bidirectional A* taking the advice of [`Searches::advise`].
pub(in crate::solve) fn search_advised_by(
    puzzle: &Puzzle,
    target: &[usize],
    algo: Algo,
    weights: Weights,
    limits: Limits,
    searches: Searches<'_, '_>,
) -> Option<search::Search<Move>> {
    let (cache, on_progress) = (searches.cache, &mut *searches.on_progress);
    // A walk without a work budget always ends on a shortest path, whatever its tables: lighter
    // ones that are quick to build may find it sooner than the strongest could be built. They
    // are tried first whatever the cache holds, so that the boards they answer get the same
    // moves everywhere.
    if algo == Algo::Idastar && limits.max_expanded.is_none() {
        let mut on_table = |event: TableEvent<'_>| on_progress(Progress::Table(event));
        let light = TileWalk::light(puzzle, target, &mut tables(&limits, cache, &mut on_table));
        if let Some(walk) = light {
            let first = limits.expanding(budget::LIGHT_TILE_WALK);
            let run = walk_search(&walk, puzzle, Weights::ASTAR, first, on_progress);
            if !matches!(run.outcome, Outcome::Stopped(_)) {
                return Some(run);
            }
        }
    }
    if algo == Algo::Idastar
        && let Some(walk) = tile_walk(puzzle, target, &limits, cache, on_progress)
    {
        return Some(walk_search(
            &walk,
            puzzle,
            Weights::ASTAR,
            limits,
            on_progress,
        ));
    }
    let run = match packed::words_needed(puzzle)? {
        1 => packed_search::<1>,
        2 => packed_search::<2>,
        3 => packed_search::<3>,
        4 => packed_search::<4>,
        5..=6 => packed_search::<6>,
        7..=8 => packed_search::<8>,
        9..=12 => packed_search::<12>,
        _ => packed_search::<16>,
    };
    Some(run(puzzle, target, algo, weights, limits, searches))
}

/// IDA* walking 1x1 tiles with one blank, its estimate weighted by `weights`: a path at most
/// `weights.estimate / weights.depth` times the shortest, found with far fewer nodes than the
/// shortest. `None` when the puzzle is not such a board.
pub(in crate::solve) fn weighted_walk(
    puzzle: &Puzzle,
    target: &[usize],
    weights: Weights,
    limits: Limits,
    cache: Option<&Cache>,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Option<search::Search<Move>> {
    let walk = tile_walk(puzzle, target, &limits, cache, on_progress)?.every_sequence();
    Some(walk_search(&walk, puzzle, weights, limits, on_progress))
}

/// The 1x1-tile walk of `puzzle` with the pattern databases a search within `limits` may get
/// from `cache` or build (the prebuilt ones only without a work budget), telling their
/// events; `None` when the puzzle is not such a board.
fn tile_walk(
    puzzle: &Puzzle,
    target: &[usize],
    limits: &Limits,
    cache: Option<&Cache>,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Option<TileWalk> {
    let mut on_table = |event: TableEvent<'_>| on_progress(Progress::Table(event));
    let mut supply = tables(limits, cache, &mut on_table);
    // A walk a work budget may stop gets the same tables whatever the cache holds.
    TileWalk::new(puzzle, target, &mut supply, !limits.budgeted())
}

/// The pattern databases a search within `limits` may get from `cache` or build.
fn tables<'a>(
    limits: &Limits,
    cache: Option<&'a Cache>,
    on_table: &'a mut dyn FnMut(TableEvent<'_>),
) -> Supply<'a> {
    Supply::new(cache, limits, limits.threads, on_table)
}

/// IDA* on `walk` from `puzzle`'s start on [`Limits::threads`] threads (whose count never
/// changes the answer, nor where a budget stops it), its path turned into engine moves. The estimate is
/// scaled by `weights` (rounded up, so [`Weights::ASTAR`] keeps it exact): `g + w * h`, whose
/// first path is at most `w` times the shortest.
fn walk_search(
    walk: &TileWalk,
    puzzle: &Puzzle,
    weights: Weights,
    limits: Limits,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> search::Search<Move> {
    // The walk rules moves out by its own bound, which a weighted estimate must not fall below.
    debug_assert!(weights.estimate >= weights.depth, "a weight of at least 1");
    let start = walk.position(&puzzle.start);
    let found = search::split_idastar(
        walk,
        start.clone(),
        |t| t.solved(),
        |t: &Tiles| match t.bound() {
            u32::MAX => u32::MAX,
            h => (h * weights.estimate).div_ceil(weights.depth),
        },
        &limits,
        |_, stats| on_progress(Progress::Search(stats)),
    );
    let stats = Stats {
        peak_bytes: walk.table_bytes(),
        ..found.stats
    };
    let outcome = (found.outcome).map_path(|path| walk.engine_moves(&start, &path));
    search::Search::ended(outcome, stats)
}

/// Runs the search `algo` names on the packed space with `W` words per state; the A* family
/// orders its open states by `weights`.
fn packed_search<const W: usize>(
    puzzle: &Puzzle,
    target: &[usize],
    algo: Algo,
    weights: Weights,
    limits: Limits,
    searches: Searches<'_, '_>,
) -> search::Search<Move> {
    let Searches {
        cache,
        advise,
        on_progress,
        in_batches,
        shorter_than,
    } = searches;
    let space = PackedSpace::<W>::new(puzzle).expect("dispatched on words_needed");
    let start = space.encode(&puzzle.start);
    let goal = space.encode(target);
    let mut bound = || {
        let mut on_table = |event: TableEvent<'_>| on_progress(Progress::Table(event));
        let mut supply = tables(&limits, cache, &mut on_table);
        Bound::manhattan(puzzle, target).with_databases(puzzle, target, &mut supply)
    };
    let found = match algo {
        Algo::Bfs => search::bfs(
            &space,
            start,
            |s| *s == goal,
            &limits,
            &mut |stats: &Stats| on_progress(Progress::Search(stats)),
        ),
        Algo::Astar | Algo::Wastar | Algo::Greedy => {
            let bound = bound();
            let on_bound = |_, stats: &Stats| on_progress(Progress::Search(stats));
            let is_goal = |s: &PackedPosition<W>| *s == goal;
            if let Some(manhattan) = bound.without_databases() {
                // A child rated from its parent.
                let estimate = IncrementalManhattan::new(&space, manhattan.clone());
                search::weighted_astar(&space, start, is_goal, estimate, weights, &limits, on_bound)
            } else {
                let estimate = |s: &PackedPosition<W>| bound.estimate(|p| space.origin(s, p));
                search::weighted_astar(&space, start, is_goal, estimate, weights, &limits, on_bound)
            }
        }
        Algo::Biastar => {
            let (to_goal, to_start) = (
                Manhattan::new(puzzle, target, true),
                Manhattan::new(puzzle, &puzzle.start, true),
            );
            let pair = || IncrementalManhattan::pair(&space, to_goal.clone(), to_start.clone());
            let on_bound = |b, s: &Stats| {
                on_progress(Progress::Search(s));
                advise(b, s)
            };
            match in_batches {
                Some((from, known)) => search::bidirectional_astar_in_batches(
                    &space,
                    start,
                    goal,
                    pair,
                    (&limits, from),
                    known,
                    on_bound,
                ),
                None => search::bidirectional_astar(
                    &space,
                    start,
                    goal,
                    pair(),
                    &limits,
                    shorter_than,
                    on_bound,
                ),
            }
        }
        Algo::Idastar => {
            let bound = bound();
            search::idastar(
                &Stepwise::new(&space),
                start,
                |s| *s == goal,
                |s: &PackedPosition<W>| bound.estimate(|p| space.origin(s, p)),
                &limits,
                |_, stats| on_progress(Progress::Search(stats)),
            )
        }
        Algo::Auto | Algo::Bibfs | Algo::Constructive => {
            search::bidirectional_bfs(&space, start, goal, &limits, &mut |stats: &Stats| {
                on_progress(Progress::Search(stats))
            })
        }
    };
    let unpack = |path: Vec<_>| path.into_iter().map(PackedSpace::<W>::unpack).collect();
    search::Search::ended(found.outcome.map_path(unpack), found.stats)
}
