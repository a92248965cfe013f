//! Work budgets of a default run, in states expanded, before `--effort` multiplies them.
//! Each says why it is what it is; the figures they were set from, time on the benchmark
//! machine included, are in `docs/benchmarks.md` ("The default run's budgets").

use crate::search::Weights;

/// IDA* walking 1x1 tiles with pattern databases (boards of up to 64 cells).
pub const EXACT_TILE_WALK: u64 = 6_000_000;
/// The exact search on boards of 1x1 tiles with one blank of at most this many cells: no
/// work budget, it always finishes.
pub const UNBOUNDED_TILE_CELLS: usize = 16;
/// That search on at most [`UNBOUNDED_TILE_CELLS`] cells with lighter tables first (6-6-3 on
/// 4x4, quick to build), when the strongest are not at hand (several times slower to build):
/// a short probe that answers the easier boards. Harder ones need many times
/// more nodes on the lighter tables than on the strongest, so the probe stays short.
pub const LIGHT_TILE_WALK: u64 = 2_000_000;
/// That walk on boards of [`UNBOUNDED_TILE_CELLS`] to [`WEIGHTED_WALK_CELLS`] cells (5x5, 5x6),
/// where it has the first and largest share of a default run and the weighted walk runs
/// beside it. It counts nodes as one thread would, whatever the threads it runs on; it proves
/// most random 5x5 boards.
pub const EXACT_FIRST_TILE_WALK: u64 = 150_000_000;
/// IDA* walking 1x1 tiles with its estimate weighted by [`WEIGHTED_WALK`], once the exact
/// walk has spent its budget, or beside it.
pub const WEIGHTED_TILE_WALK: u64 = 6_000_000;
/// Boards of at most this many cells get that walk: on 6x6 it spends its budget without a
/// path.
pub const WEIGHTED_WALK_CELLS: usize = 30;
/// The weight of that walk's estimate: 1.5.
pub const WEIGHTED_WALK: Weights = Weights {
    depth: 2,
    estimate: 3,
};
/// A* on the packed space, in states expanded times the board's cells times one more than its
/// blanks: an expansion costs about that (each blank lets pieces in, each child is rated over
/// the whole board, and the tables grow), so every board gets about the same time.
pub const EXACT_ASTAR_UNITS: u64 = 16_000_000;
/// A* on boards of at most [`EXACT_FIRST_CELLS`] cells, in the units of
/// [`EXACT_ASTAR_UNITS`]: the first and largest share of a default run, while the fallback is
/// prepared on another core. A
/// grader waits that long gladly for the shortest answer; boards beyond the exact search's
/// reach still get the fallback's within the same time.
pub const EXACT_FIRST_UNITS: u64 = 450_000_000;
/// Boards of at most this many cells (6x6) get [`EXACT_FIRST_UNITS`]: on larger boards with
/// blocks or several blanks A* almost never proves within it, and the fallback alone is quick.
pub const EXACT_FIRST_CELLS: usize = 36;
/// Memory A* may hold under [`EXACT_FIRST_UNITS`]: about what it fills within that budget.
pub const EXACT_FIRST_MEMORY: usize = 2 << 30;
/// Bidirectional A* (boards with several blanks) in place of A* under [`EXACT_FIRST_UNITS`],
/// in units of its own: a state expanded costs the board's cells (its blanks add little to
/// an expansion's cost here) and a state stored [`STORED_UNITS`], since its time goes with the
/// states it keeps as much as with those it expands (most children wait unexpanded). About
/// the time of [`EXACT_FIRST_UNITS`].
pub const EXACT_FIRST_BIDIRECTIONAL_UNITS: u64 = 380_000_000;
/// Units of [`EXACT_FIRST_BIDIRECTIONAL_UNITS`] from which on bidirectional A* weighs the
/// fallback's answer beside it and looks only for shorter ones (`portfolio/ceiling.rs`):
/// past most proofs, since a search that reaches it before the fallback has ended waits
/// there for that answer.
pub const CEILING_HANDOVER_UNITS: u64 = 150_000_000;
/// The least units a bound is taken to have cost when judging whether a proof is out of
/// reach: a bound reached at once says nothing of the cost of the next.
pub const LEAST_BOUND_UNITS: u64 = 100_000;
/// What a state stored costs in the units of [`EXACT_FIRST_BIDIRECTIONAL_UNITS`]: about as
/// long as expanding a state on 11 cells.
pub const STORED_UNITS: u64 = 11;
/// Memory bidirectional A* may hold under [`EXACT_FIRST_BIDIRECTIONAL_UNITS`]: about what
/// its hardest boards fill within that budget.
pub const EXACT_FIRST_BIDIRECTIONAL_MEMORY: usize = 3 << 30;
/// The least A* gets on boards of at most [`EXACT_SMALL_CELLS`] cells: their searches are the
/// ones that end, and their optima are the answers worth waiting for (the hardest 4x4 of our
/// corpora needs 819K states).
pub const EXACT_ASTAR_SMALL: u64 = 1_000_000;
/// See [`EXACT_ASTAR_SMALL`].
pub const EXACT_SMALL_CELLS: usize = 16;
/// IDA* on the packed space (one blank on more than 64 cells), which recomputes its bound
/// at every node.
pub const EXACT_PACKED_IDASTAR: u64 = 300_000;
/// Breadth-first searches.
pub const EXACT_BFS: u64 = 4_000_000;
/// The breadth-first search that may prove `No` before an IDA* asked for by name: short, but
/// enough to exhaust the small spaces of boards with blocks.
pub const IDASTAR_PROBE: u64 = 100_000;
/// The relaxation's plan for the blocks, once every attempt of the rescue failed: on each cut
/// of the rows the stuck constructive solver left unfinished, a row more at a time up to the
/// whole board.
pub const RESCUE_PLAN: u64 = 1_000_000;
/// The relaxation's plan for the blocks on the whole board, as an attempt of the rescue before
/// its random walks: plans that answer mostly end within a tenth of [`RESCUE_PLAN`], and the
/// walks wait while one that fails spends it all.
pub const RESCUE_FIRST_PLAN: u64 = 250_000;
/// Each try of weighted A* on those rows.
pub const RESCUE_TRY: u64 = 500_000;
/// Weighted A* runs on this many cuts at most, each a row more than the one before.
pub const RESCUE_TRIES: usize = 3;
/// Most cells of those rows for weighted A*: larger cuts are not tried.
pub const RESCUE_CELLS: usize = 128;
/// Each greedy best-first search among the rescue's attempts on boards of at most
/// [`RESCUE_STAGE_CELLS`] cells (fewer on larger boards, by the ratio of cells): the runs that
/// answer the densest boards mostly end within half of it, and the attempts after one that
/// fails wait for it.
pub const RESCUE_GREEDY: u64 = 150_000;
/// The greedy best-first search that is the rescue's last way, once every other failed, on
/// boards of at most [`RESCUE_STAGE_CELLS`] cells (fewer on larger boards, by the ratio of
/// cells): 80 times each search among the attempts. The densest 7x7 board known to need it
/// takes 6.5 million states (and 380 MiB); the run's memory limit bounds it too.
pub const RESCUE_LAST_GREEDY: u64 = 12_000_000;
/// Random walks from the start whose ends the constructive solver tries again from, once stuck.
pub const RESCUE_WALKS: u64 = 12;
/// Each stage of the rescue that brings the pieces home one at a time by the relaxation
/// (`solve::staged`): most stages of the densest boards take a few thousand states, the
/// hardest a few hundred thousand; a stage past this lets another piece go first.
pub const RESCUE_STAGE: u64 = 200_000;
/// All those stages together: a small share of a default run on a 7x7 board.
pub const RESCUE_STAGES: u64 = 2_000_000;
/// [`RESCUE_STAGE`] and [`RESCUE_STAGES`] are for boards of at most this many cells (7x7);
/// larger boards get fewer states, by the square of the ratio of cells, since a state of the
/// relaxed space costs about that much more there (more cells to search and more blocks in
/// every state), so that stages that fail keep the random walks' tries behind them waiting
/// about as long on any board.
pub const RESCUE_STAGE_CELLS: usize = 49;
/// The relaxations, before the constructive solver.
pub const RELAX: u64 = 200_000;
/// The relaxations again, once the constructive solver got stuck.
pub const RELAX_AFTER_STUCK: u64 = 4_000_000;
/// The improvement's rounds of weighted A*, all of them together, in states expanded times the
/// board's cells times one more than its blanks (as for [`EXACT_ASTAR_UNITS`]): one pool they
/// draw on in turn, a small share of a default run, so a board whose first answer came at once
/// is not kept waiting.
pub const IMPROVE_UNITS: u64 = 48_000_000;
/// The improvement's pool when it runs beside the exact search of [`EXACT_FIRST_UNITS`], on
/// a core of its own: the time that search takes is there for it.
pub const IMPROVE_BESIDE_EXACT_UNITS: u64 = 4 * IMPROVE_UNITS;
/// Each stretch's search when the answer's stretches are shortened over the whole board
/// (`solve/improve/stretches.rs`), in states expanded: past it the stretch stays as it was.
pub const STRETCH: u64 = 200_000;
/// All those stretches together, beside the exact search: within the time the exact search's
/// share leaves the fallback's core.
pub const STRETCHES: u64 = 2_500_000;
/// All those stretches together where the run had no exact search beside it and no rescue, in
/// states expanded times the board's cells times one more than its blanks (as for
/// [`IMPROVE_UNITS`]): about what the fallback's core has beside the exact search, on boards
/// whose answer came quickly.
pub const STRETCHES_UNITS: u64 = 240_000_000;
/// Memory any one stage's search may hold, whatever more the machine has: a search that
/// stops at a memory limit stops in the same place on every machine that has this much.
pub const STAGE_MEMORY: usize = 1 << 30;
/// Memory the exact search may hold: less than the other stages, since a search that
/// fills more has, on the boards where it does, almost never been about to prove.
pub const EXACT_MEMORY: usize = 384 << 20;
