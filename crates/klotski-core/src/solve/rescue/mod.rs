//! Rescuing a stuck constructive solver: fresh tries of it from other positions, the other
//! way round (the columns placed first) and backwards, greedy best-first search from the same
//! positions, the blocks brought home first, or the rows it did not complete cut out as a
//! board of their own and finished there.
//!
//! The constructive solver places pieces one by one and keeps them; with few blanks and many
//! blocks the last pieces can need room that the placed ones took (a 2x2 block needs two
//! blanks beside it), and a block whose target lies in the last rows can trap the pieces that
//! belong on its other side (nothing passes a 2x2 block in a strip of two rows). Whether it
//! gets trapped depends on where every piece stands when it reaches the last rows, and on the
//! order of placement, far more than on its way of placing (its ways fall into two kinds,
//! targets emptied ahead of the pieces or not, that mostly fail together): on the puzzle
//! mirrored about its main diagonal the order runs down the columns and the last strip is the
//! last columns, and after a random walk every piece stands elsewhere. Backwards, from the
//! goal to the start, the last pieces are those that end in the start's last rows, among its
//! scattered blanks, not the goal's blocks packed against its blanks. So the
//! rescue draws fresh tries, each one way of placing from one position, the likeliest first,
//! several at once on a machine with several cores; the answer is the first try in their fixed
//! order that succeeds, however many ran beside it. On the densest boards (blocks on most of
//! the board, two or three blanks) every order of placement takes room the blocks need; there
//! the blocks come home first, the tiles as filler that gives way anywhere (`solve::staged`),
//! and those attempts run among the tries, before the costly random walks. Greedy best-first
//! search, which places nothing for good and so cannot be trapped that way, runs from the
//! start and from each walk's end within a small budget, before the tries from there; and,
//! once every other way failed, once more from the start within a budget many times larger.
//!
//! Invariant of the cuts: the rows above a cut hold only pieces at their targets and no blank,
//! so the rows below hold every piece not at its target and all their targets; a piece at home
//! that reaches across the cut stays where it is, as walls below it.

mod regions;
mod restarts;
pub mod staged;

use crate::engine::geometry::Board;
use crate::engine::puzzle::{Move, Puzzle};
use crate::heuristic::pdb::Cache;
use crate::search::{Limits, Outcome, Stop, first_success};
use crate::solve::constructive;
use crate::solve::improve::anytime::FALLING;
use crate::solve::portfolio::algo::Algo;
use crate::solve::portfolio::searches::search_by;
use crate::solve::relax;
use restarts::{FIXED_TRIES, TRIES_PER_WALK, greedy, retry, tries};
pub use restarts::{Try, TryStart};
use staged::{Guide, HoldBack, Tiles};
use std::fmt;

/// How `rescue` rescued a stuck constructive solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rescue {
    /// A fresh try of the constructive solver succeeded.
    Retried(Try),
    /// From the start, the blocks brought home one at a time by the relaxation, led as
    /// `guide` says, then the tiles as `tiles` says ([`staged::place_in_stages`]).
    Staged {
        /// How the tiles came home.
        tiles: Tiles,
        /// How the stages were led.
        guide: Guide,
    },
    /// From the start on the mirrored puzzle ([`Puzzle::transposed`]: down the columns), the
    /// blocks brought home one at a time, led as `guide` says, and a block whose place home
    /// would shut others in held back till last ([`staged::HoldBack::BlocksThatShutIn`]);
    /// then the tiles as `tiles` says.
    HeldBack {
        /// How the tiles came home.
        tiles: Tiles,
        /// How the stages were led.
        guide: Guide,
    },
    /// From the start, the blocks brought home by the relaxation's plan and the constructive
    /// solver around them (`blocks_first`).
    BlocksFirst,
    /// Greedy best-first search, on the estimate alone, from the start (or backwards from the
    /// goal to the start), after the random walk `from` names.
    Greedy {
        /// Whether it ran from the goal to the start, its moves then undone in reverse order.
        backwards: bool,
        /// Where it started: [`TryStart::Start`] or a random walk's end (from the goal where
        /// it ran backwards).
        from: TryStart,
    },
    /// Greedy best-first search from the start, once every other way failed, within a budget
    /// many times that of each search among the attempts.
    LongGreedy,
    /// From where the stuck solver got furthest, the last `rows` rows cut out as a board of
    /// their own and finished there.
    Rows {
        /// How many rows the cut had.
        rows: usize,
        /// How the cut was rescued.
        how: CutRescue,
    },
}

/// How `rescue` rescued a cut of the rows the constructive solver left unfinished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutRescue {
    /// The relaxation's plan brought the cut's blocks home, and the constructive solver placed
    /// the rest around them.
    BlocksFirst,
    /// Weighted A* searched the cut.
    WeightedAstar,
}

/// How a rescue reads in a run's report, after the stuck solver's stage.
impl fmt::Display for Rescue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rescue::Retried(Try {
                backwards,
                from,
                mirrored,
                way,
            }) => {
                let order = if *mirrored { "columns" } else { "rows" };
                let nth = ["first", "second"].get(*way).unwrap_or(&"another");
                write!(f, "rescued by placing the {order} first ({nth} way) ")?;
                write_start(f, *backwards, *from)
            }
            Rescue::Staged { tiles, guide } => {
                f.write_str("rescued by bringing the blocks home one at a time")?;
                if *guide == Guide::HomeAndBlanks {
                    f.write_str(", the blanks led to each")?;
                }
                write_tiles(f, *tiles)
            }
            Rescue::HeldBack { tiles, guide } => {
                f.write_str("rescued by bringing the blocks home one at a time down the columns")?;
                if *guide == Guide::HomeAndBlanks {
                    f.write_str(", the blanks led to each")?;
                }
                f.write_str(" and any that would shut others in held back till last")?;
                write_tiles(f, *tiles)
            }
            Rescue::BlocksFirst => {
                f.write_str("rescued after the relaxation brought the blocks home")
            }
            Rescue::Greedy { backwards, from } => {
                f.write_str("rescued by greedy best-first search ")?;
                write_start(f, *backwards, *from)
            }
            Rescue::LongGreedy => {
                f.write_str("rescued by a long greedy best-first search from the start")
            }
            Rescue::Rows { rows, how } => {
                write!(f, "its last {rows} rows finished ")?;
                f.write_str(match how {
                    CutRescue::BlocksFirst => "after the relaxation brought their blocks home",
                    CutRescue::WeightedAstar => "by weighted A*",
                })
            }
        }
    }
}

/// Where a fresh start began, as a rescue's report ends: from the start, the furthest
/// position or a walk's end, or from the goal back to the start.
fn write_start(f: &mut fmt::Formatter<'_>, backwards: bool, from: TryStart) -> fmt::Result {
    let end = if backwards { "goal" } else { "start" };
    match from {
        TryStart::Start => write!(f, "from the {end}")?,
        TryStart::Furthest => f.write_str("from where it got furthest")?,
        TryStart::Walk(seed) => write!(f, "after random walk {seed} from the {end}")?,
    }
    match backwards {
        true => f.write_str(", back to the start"),
        false => Ok(()),
    }
}

/// How the tiles came home after stages, as a rescue's report ends.
fn write_tiles(f: &mut fmt::Formatter<'_>, tiles: Tiles) -> fmt::Result {
    f.write_str(", then the tiles ")?;
    f.write_str(match tiles {
        Tiles::Staged => "one at a time",
        Tiles::Constructive => "by the constructive solver",
    })
}

/// What [`rescue`] may spend.
#[derive(Clone, Copy, Debug)]
pub(in crate::solve) struct Effort {
    /// Random walks, each end tried the rows first and the columns first.
    pub walks: u64,
    /// The stages that bring the pieces home one at a time.
    pub stages: staged::Work,
    /// States the relaxation may expand for each plan of the blocks' way home on a cut.
    pub plan: u64,
    /// States it may expand for the plan on the whole board, an attempt before the random
    /// walks, which wait for it: fewer than on a cut, since a plan that answers mostly ends
    /// early and one that fails spends it all.
    pub first_plan: u64,
    /// Weighted A* runs on the first this many cuts only: past them, a cut's search space
    /// has grown too large for it.
    pub astar_tries: usize,
    /// Nor on cuts of more cells than this.
    pub astar_cells: usize,
    /// States each weighted A* run may expand.
    pub astar: u64,
    /// States each greedy best-first search among the attempts may expand.
    pub greedy: u64,
    /// States the greedy best-first search of the last way may expand.
    pub last_greedy: u64,
}

/// Moves from the start that bring every piece of `puzzle` to `target`, where the constructive
/// solver got stuck after `reached` (the moves of its way of placing that got furthest). The
/// ways are tried in turn, those that rescue most boards at the least cost first:
///
/// 1. [`attempts`], side by side: fresh tries ([`tries`]), the columns first from the start
///    and from `reached`, and backwards from the goal; from the start, the blocks brought
///    home one at a time ([`staged::place_in_stages`], the tiles then by the constructive
///    solver or in stages too), and the blocks brought home by one plan ([`blocks_first`]);
///    greedy best-first search ([`greedy`]) from the start and backwards from the goal;
///    from each random walk's end, forwards and backwards, greedy best-first search and then
///    the rows first and the columns first; the stages down the columns with the blocks that
///    would shut others in held back ([`held_back`]);
/// 2. from `reached`, the rows below the first unfinished one cut out as a board of their own,
///    a row more at a time up to the whole board; on each cut the blocks first, then (on the
///    first cuts) weighted A*, each within [`Effort`];
/// 3. greedy best-first search from the start within [`Effort::last_greedy`] states, many
///    times those of each search among the attempts: it answers boards where everything else
///    failed, long after the others would have.
///
/// `None` when every way failed. The same in every run: the attempts run side by side on
/// `threads` threads, but the one taken is the first in their order that succeeds.
pub(in crate::solve) fn rescue(
    puzzle: &Puzzle,
    target: &[usize],
    reached: &[Move],
    limits: &Limits,
    effort: Effort,
    threads: usize,
    cache: Option<&Cache>,
) -> Option<(Vec<Move>, Rescue)> {
    let origins = puzzle.replay(reached).ok()?.origins().to_vec();
    let attempts = attempts(effort.walks);
    let run = |attempt: &Attempt, limits: &Limits| match *attempt {
        Attempt::Retry(one) => retry(puzzle, target, reached, &origins, one, limits)
            .map(|moves| (moves, Rescue::Retried(one)))
            .ok_or(()),
        Attempt::Staged(guide) => {
            let nothing = HoldBack::Nothing;
            staged::place_in_stages(puzzle, target, effort.stages, guide, nothing, limits)
                .map(|(moves, tiles)| (moves, Rescue::Staged { tiles, guide }))
                .ok_or(())
        }
        Attempt::HeldBack(guide) => held_back(puzzle, target, effort.stages, guide, limits)
            .map(|(moves, tiles)| (moves, Rescue::HeldBack { tiles, guide }))
            .ok_or(()),
        Attempt::BlocksFirst => {
            let plan_limits = limits.expanding(effort.first_plan);
            blocks_first(puzzle, target, &plan_limits, limits)
                .map(|moves| (moves, Rescue::BlocksFirst))
                .ok_or(())
        }
        Attempt::Greedy { backwards, from } => {
            let search_limits = limits.expanding(effort.greedy);
            greedy(puzzle, target, backwards, from, search_limits, cache)
                .map(|moves| (moves, Rescue::Greedy { backwards, from }))
                .ok_or(())
        }
    };
    if let Ok((_, rescued)) = first_success(&attempts, threads, limits, run) {
        return Some(rescued);
    }
    if let Some((rest, rows, how)) = rescue_rows(puzzle, target, &origins, limits, effort, cache) {
        return Some(([reached, &rest].concat(), Rescue::Rows { rows, how }));
    }
    let search_limits = limits.expanding(effort.last_greedy);
    let moves = greedy(puzzle, target, false, TryStart::Start, search_limits, cache)?;
    Some((moves, Rescue::LongGreedy))
}

/// One attempt of the rescue's first way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Attempt {
    /// A fresh try of the constructive solver.
    Retry(Try),
    /// The pieces brought home in stages, led as it says.
    Staged(Guide),
    /// The blocks brought home by one plan, then the constructive solver ([`blocks_first`]).
    BlocksFirst,
    /// The stages down the columns, led as it says, holding back the blocks that would shut
    /// others in ([`held_back`]).
    HeldBack(Guide),
    /// Greedy best-first search ([`greedy`]).
    Greedy {
        /// From the goal to the start.
        backwards: bool,
        /// From the start or a random walk's end.
        from: TryStart,
    },
}

/// The attempts of the rescue's first way, in the order they are taken: the fresh tries from
/// the start, from where the solver got furthest and backwards from the goal ([`tries`]);
/// then the blocks brought home first, in stages and then by one plan (on the densest boards
/// the room the blocks need is what the constructive solver lacks, and the tiles, as filler,
/// never take it); greedy best-first search from the start and backwards from the goal
/// ([`greedy`]); then, from each of `walks` random walks' ends, greedy best-first search
/// forwards and backwards and the fresh tries, the costliest in all; last, the stages that
/// hold blocks back ([`held_back`]), led by the blanks too and then by the distances home
/// alone, which answer fewer boards than the walks.
fn attempts(walks: u64) -> Vec<Attempt> {
    let tries = tries(walks);
    let (placed, walked) = tries.split_at(FIXED_TRIES);
    let greedy = |from| [false, true].map(|backwards| Attempt::Greedy { backwards, from });
    let blocks_first = [
        Attempt::Staged(Guide::Home),
        Attempt::BlocksFirst,
        Attempt::Staged(Guide::HomeAndBlanks),
    ];
    let from_walks = (walked.chunks(TRIES_PER_WALK).zip(1..)).flat_map(|(retries, seed)| {
        let retries = retries.iter().map(|&one| Attempt::Retry(one));
        greedy(TryStart::Walk(seed)).into_iter().chain(retries)
    });
    (placed.iter().map(|&one| Attempt::Retry(one)))
        .chain(blocks_first)
        .chain(greedy(TryStart::Start))
        .chain(from_walks)
        .chain([
            Attempt::HeldBack(Guide::HomeAndBlanks),
            Attempt::HeldBack(Guide::Home),
        ])
        .collect()
}

/// Moves from the start that bring every piece of `puzzle` to `target`, and how the tiles came
/// home: the stages on the puzzle mirrored about its main diagonal, led as `guide` says, a
/// block whose place home would shut others in waiting till last, within `work` and `limits`.
/// The last attempts of all: they answer a few boards whose blocks the stages in reading order
/// leave behind one another, but come after the random walks, which answer more boards sooner.
fn held_back(
    puzzle: &Puzzle,
    target: &[usize],
    work: staged::Work,
    guide: Guide,
    limits: &Limits,
) -> Option<(Vec<Move>, Tiles)> {
    let (moved, goal) = (puzzle.transposed(), puzzle.transposed_origins(target));
    let hold = HoldBack::BlocksThatShutIn;
    let (moves, tiles) = staged::place_in_stages(&moved, &goal, work, guide, hold, limits)?;
    Some((moves.into_iter().map(Move::transposed).collect(), tiles))
}

/// The rows from `top` down, as their own puzzle: the pieces that stand there (the `map` from
/// their index in the cut to their index in the whole), their starts and their targets.
struct Cut {
    puzzle: Puzzle,
    target: Vec<usize>,
    map: Vec<usize>,
}

/// Moves from `origins` that bring every piece of `puzzle` to `target`, found in the rows
/// below the first unfinished one, a row more at a time up to the whole board (see
/// [`rescue`]); also how many rows the successful cut had, and how it was finished.
fn rescue_rows(
    puzzle: &Puzzle,
    target: &[usize],
    origins: &[usize],
    limits: &Limits,
    effort: Effort,
    cache: Option<&Cache>,
) -> Option<(Vec<Move>, usize, CutRescue)> {
    let board = &puzzle.board;
    let mut top = first_unfinished_row(puzzle, target, origins)?;
    for tried in 0..board.rows() {
        if limits.expired().is_some() {
            return None;
        }
        let rows = board.rows() - top;
        let cut = cut(puzzle, target, origins, top);
        let plan_limits = limits.expanding(effort.plan);
        if let Some(path) = blocks_first(&cut.puzzle, &cut.target, &plan_limits, limits) {
            return Some((cut.lift(path), rows, CutRescue::BlocksFirst));
        }
        if tried < effort.astar_tries && rows * board.cols() <= effort.astar_cells {
            let run = search_by(
                &cut.puzzle,
                &cut.target,
                Algo::Wastar,
                FALLING[0],
                limits.expanding(effort.astar),
                cache,
                &mut |_| {},
            )?;
            if let Outcome::Found(path) = run.outcome {
                return Some((cut.lift(path), rows, CutRescue::WeightedAstar));
            }
            if matches!(run.outcome, Outcome::Stopped(Stop::Time | Stop::Cancelled)) {
                return None;
            }
        }
        if top == 0 {
            return None;
        }
        top -= 1;
    }
    None
}

/// Moves that bring the blocks of `puzzle` home by the relaxation's plan
/// ([`relax::blocks_home`], within `plan_limits`) and then every piece by the constructive
/// solver (within `limits`); `None` when either fails, or there are no blocks.
pub(in crate::solve) fn blocks_first(
    puzzle: &Puzzle,
    target: &[usize],
    plan_limits: &Limits,
    limits: &Limits,
) -> Option<Vec<Move>> {
    let plan = relax::blocks_home(puzzle, target, plan_limits)?;
    let moved = Puzzle {
        start: puzzle.replay(&plan).ok()?.origins().to_vec(),
        ..puzzle.clone()
    };
    let rest = constructive::solve(&moved, target, limits).ok()?;
    Some([plan, rest].concat())
}

impl Cut {
    /// `path`, moves of the cut's pieces, as moves of the whole puzzle's.
    fn lift(&self, path: Vec<Move>) -> Vec<Move> {
        path.into_iter()
            .map(|mv| Move {
                piece: self.map[mv.piece],
                dir: mv.dir,
            })
            .collect()
    }
}

/// The first row with a cell that is blank or covered by a piece away from its target; `None`
/// when there is none (every piece is home).
fn first_unfinished_row(puzzle: &Puzzle, target: &[usize], origins: &[usize]) -> Option<usize> {
    let board = &puzzle.board;
    let mut home = vec![false; board.cells()];
    for (p, piece) in puzzle.pieces.iter().enumerate() {
        if origins[p] == target[p] {
            for cell in board.footprint(piece.shape, origins[p]) {
                home[cell] = true;
            }
        }
    }
    (0..board.cells())
        .find(|&cell| !home[cell] && !board.is_wall(cell))
        .map(|cell| board.row_col(cell).0)
}

/// The rows from `top` down as a puzzle of their own; the lower cells of pieces that reach
/// into them from above (pieces at home) are walls there.
fn cut(puzzle: &Puzzle, target: &[usize], origins: &[usize], top: usize) -> Cut {
    let board = &puzzle.board;
    let offset = top * board.cols();
    let reaching_in = puzzle
        .pieces
        .iter()
        .zip(origins)
        .filter(|&(_, &origin)| origin < offset)
        .flat_map(|(piece, &origin)| board.footprint(piece.shape, origin))
        .filter(|&cell| cell >= offset);
    let walls = (offset..board.cells())
        .filter(|&cell| board.is_wall(cell))
        .chain(reaching_in)
        .map(|cell| cell - offset);
    let rows = Board::with_walls(board.rows() - top, board.cols(), walls);
    let map: Vec<usize> = (0..puzzle.pieces.len())
        .filter(|&p| origins[p] >= offset)
        .collect();
    Cut {
        puzzle: Puzzle {
            board: rows,
            pieces: map.iter().map(|&p| puzzle.pieces[p].clone()).collect(),
            start: map.iter().map(|&p| origins[p] - offset).collect(),
        },
        target: map.iter().map(|&p| target[p] - offset).collect(),
        map,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Greedy search comes after the fixed tries and the blocks brought home first, from the
    /// start and from the goal, and before the tries from each walk's end, from that end
    /// forwards and backwards.
    #[test]
    fn greedy_search_runs_before_the_tries_of_each_start() {
        let attempts = attempts(2);
        let greedy = |backwards, from| Attempt::Greedy { backwards, from };
        let at = |i: usize| attempts[i];
        let retry = |i: usize| matches!(at(i), Attempt::Retry(_));
        assert!((0..FIXED_TRIES).all(retry));
        assert_eq!(at(8), Attempt::Staged(Guide::Home));
        assert_eq!(at(11), greedy(false, TryStart::Start));
        assert_eq!(at(12), greedy(true, TryStart::Start));
        assert_eq!(at(13), greedy(false, TryStart::Walk(1)));
        assert_eq!(at(14), greedy(true, TryStart::Walk(1)));
        assert!((15..19).all(retry));
        assert_eq!(at(19), greedy(false, TryStart::Walk(2)));
        assert_eq!(at(20), greedy(true, TryStart::Walk(2)));
        let Attempt::Retry(first_of_walk_2) = at(21) else {
            panic!("a try after walk 2's searches");
        };
        assert_eq!(first_of_walk_2.from, TryStart::Walk(2));
        assert_eq!(
            attempts.len(),
            FIXED_TRIES + 2 + 3 + 2 * (2 + TRIES_PER_WALK) + 2
        );
    }

    /// `tests/cases/dense/r17_7x7_b2`, every other way starved of its work: the long greedy
    /// search from the start answers it, and only within its own budget.
    #[test]
    fn the_long_greedy_search_answers_where_every_other_way_failed() {
        let (puzzle, target) = crate::engine::sample(
            "7 7\n3 4 33 25 32 11 12\n5 6 40 13 39 18 19\n22 0 26 27 10 37 14\n\
             29 28 16 17 8 0 21\n36 1 23 24 34 35 2\n15 7 38 20 41 42 9\n\
             46 47 45 30 31 43 44\n15\n2 2*1\n3 1*2\n5 1*2\n11 2*2\n14 2*1\n16 2*2\n\
             26 1*2\n29 2*1\n30 1*2\n32 2*1\n33 2*1\n34 2*2\n38 2*1\n43 1*2\n46 1*2\n",
        );
        let limits = Limits::memory(1 << 30);
        let starved = |last_greedy| Effort {
            walks: 0,
            stages: staged::Work { stage: 1, total: 1 },
            plan: 1,
            first_plan: 1,
            astar_tries: 0,
            astar_cells: 0,
            astar: 1,
            greedy: 1,
            last_greedy,
        };
        let rescued = rescue(&puzzle, &target, &[], &limits, starved(2_000_000), 2, None);
        let (moves, how) = rescued.expect("the long search answers");
        assert_eq!(how, Rescue::LongGreedy);
        let reached = puzzle.replay(&moves).expect("legal moves");
        assert_eq!(reached.origins(), &target[..]);
        let starved_too = rescue(&puzzle, &target, &[], &limits, starved(1), 2, None);
        assert!(starved_too.is_none(), "nothing else answers");
    }

    /// The stages down the columns that hold back the blocks that would shut others in answer
    /// `tests/cases/dense/r15_7x7_b2`, on which every stage in reading order gets stuck
    /// (greedy search now answers it first, after a walk).
    #[test]
    fn blocks_held_back_answer_a_board_the_stages_in_reading_order_do_not() {
        let (puzzle, target) = crate::engine::sample(
            "7 7\n12 18 16 1 2 22 6\n24 0 23 8 9 4 13\n31 3 0 15 17 11 14\n\
             5 10 25 26 19 20 21\n29 30 32 33 7 34 35\n36 37 38 39 40 41 42\n\
             43 44 45 46 47 27 28\n16\n1 2*2\n3 2*1\n4 2*1\n6 2*1\n14 2*1\n16 2*1\n\
             19 1*2\n24 2*1\n25 2*2\n27 1*2\n29 2*2\n34 2*2\n38 2*1\n39 1*2\n43 1*2\n\
             46 1*2\n",
        );
        let limits = Limits::memory(1 << 30);
        let work = staged::Work {
            stage: 200_000,
            total: 2_000_000,
        };
        let guide = Guide::HomeAndBlanks;
        let (moves, _) = held_back(&puzzle, &target, work, guide, &limits).expect("moves");
        let reached = puzzle.replay(&moves).expect("legal moves");
        assert_eq!(reached.origins(), &target[..]);
        let nothing = HoldBack::Nothing;
        let staged = staged::place_in_stages(&puzzle, &target, work, guide, nothing, &limits);
        assert!(staged.is_none(), "the stages in reading order get stuck");
    }
}
