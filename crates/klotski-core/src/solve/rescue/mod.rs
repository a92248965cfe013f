//! Rescuing a stuck constructive solver: fresh tries of it from other positions, the other
//! way round (the columns placed first) and backwards, the blocks brought home first, or the
//! rows it did not complete cut out as a board of their own and finished there.
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
//! and those attempts run among the tries, before the costly random walks.
//!
//! Invariant of the cuts: the rows above a cut hold only pieces at their targets and no blank,
//! so the rows below hold every piece not at its target and all their targets; a piece at home
//! that reaches across the cut stays where it is, as walls below it.

mod regions;
pub mod staged;

use crate::engine::geometry::Board;
use crate::engine::puzzle::{Move, Puzzle};
use crate::heuristic::pdb::Cache;
use crate::rng::Rng;
use crate::search::{Limits, Outcome, Stop, first_success};
use crate::solve::constructive;
use crate::solve::improve::anytime::FALLING;
use crate::solve::portfolio::algo::Algo;
use crate::solve::portfolio::searches::search_by;
use crate::solve::relax;
use staged::{Guide, HoldBack, Tiles};
use std::fmt;

/// Steps of each random walk, per cell of the board: enough to carry every piece away from
/// where it stood, so the walk's end is a new draw for the constructive solver.
const WALK_STEPS_PER_CELL: usize = 4;

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
    /// From where the stuck solver got furthest, the last `rows` rows cut out as a board of
    /// their own and finished there.
    Rows {
        /// How many rows the cut had.
        rows: usize,
        /// How the cut was rescued.
        how: CutRescue,
    },
}

/// One fresh try of the constructive solver on a board it got stuck on: one way of placing,
/// from one position, in one orientation, in one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Try {
    /// Whether it runs backwards: from the goal, placing every piece where the puzzle starts,
    /// its moves then undone in reverse order. The goal packs the blocks into its last rows
    /// and its blanks into the last cells, where the forward solver's last pieces find no
    /// room; the start scatters them, so the backward solver's last pieces meet another trap
    /// or none.
    pub backwards: bool,
    /// Where it starts: on a backward try, [`TryStart::Start`] is the goal and a walk runs
    /// from the goal ([`TryStart::Furthest`] is for forward tries only).
    pub from: TryStart,
    /// Whether it runs on the puzzle mirrored about its main diagonal ([`Puzzle::transposed`]),
    /// placing the columns first.
    pub mirrored: bool,
    /// Which of the constructive solver's ways of placing ([`constructive::ways`]): 0 or 1,
    /// the first two, of which one empties targets ahead of the pieces and one does not
    /// (the others mostly fail where these fail).
    pub way: usize,
}

/// Where a [`Try`] starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TryStart {
    /// The puzzle's start.
    Start,
    /// Where the stuck solver got furthest.
    Furthest,
    /// The end of a random walk from the start, the walk's seed given.
    Walk(u64),
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
                let end = if *backwards { "goal" } else { "start" };
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
}

/// Moves from the start that bring every piece of `puzzle` to `target`, where the constructive
/// solver got stuck after `reached` (the moves of its way of placing that got furthest). The
/// ways are tried in turn, those that rescue most boards at the least cost first:
///
/// 1. [`attempts`], side by side: fresh tries ([`tries`]), the columns first from the start
///    and from `reached`, and backwards from the goal; from the start, the blocks brought
///    home one at a time ([`staged::place_in_stages`], the tiles then by the constructive
///    solver or in stages too), and the blocks brought home by one plan ([`blocks_first`]);
///    the rows first and the columns first from each random walk's
///    end, forwards and backwards; the stages down the columns with the blocks that would
///    shut others in held back ([`held_back`]);
/// 2. from `reached`, the rows below the first unfinished one cut out as a board of their own,
///    a row more at a time up to the whole board; on each cut the blocks first, then (on the
///    first cuts) weighted A*, each within [`Effort`].
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
    };
    if let Ok((_, rescued)) = first_success(&attempts, threads, limits, run) {
        return Some(rescued);
    }
    let (rest, rows, how) = rescue_rows(puzzle, target, &origins, limits, effort, cache)?;
    Some(([reached, &rest].concat(), Rescue::Rows { rows, how }))
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
}

/// The attempts of the rescue's first way, in the order they are taken: the fresh tries from
/// the start, from where the solver got furthest and backwards from the goal ([`tries`]);
/// then the blocks brought home first, in stages and then by one plan (on the densest boards
/// the room the blocks need is what the constructive solver lacks, and the tiles, as filler,
/// never take it); then
/// the fresh tries from each of `walks` random walks' ends, the costliest in all; last, the
/// stages that hold blocks back ([`held_back`]), led by the blanks too and then by the
/// distances home alone, which answer fewer boards than the walks.
fn attempts(walks: u64) -> Vec<Attempt> {
    let tries = tries(walks);
    let (placed, walked) = tries.split_at(FIXED_TRIES);
    let blocks_first = [
        Attempt::Staged(Guide::Home),
        Attempt::BlocksFirst,
        Attempt::Staged(Guide::HomeAndBlanks),
    ];
    (placed.iter().map(|&one| Attempt::Retry(one)))
        .chain(blocks_first)
        .chain(walked.iter().map(|&one| Attempt::Retry(one)))
        .chain([
            Attempt::HeldBack(Guide::HomeAndBlanks),
            Attempt::HeldBack(Guide::Home),
        ])
        .collect()
}

/// How many of [`tries`] start from fixed positions (the start, the furthest and the goal),
/// before the random walks'.
const FIXED_TRIES: usize = 8;

/// The fresh tries, in the order they are taken: the columns first from the start and from
/// where the solver got furthest, by each of the first two ways of placing (on most stuck
/// boards the trap lies across the order of placement, and the columns' order misses it);
/// backwards from the goal, the columns and then the rows first, by each way; then from
/// the end of each of `walks` random walks, forwards from the start and then backwards from
/// the goal, the rows first by the first way and the columns first by the second.
pub(in crate::solve) fn tries(walks: u64) -> Vec<Try> {
    let one = |backwards: bool, from: TryStart, mirrored: bool, way: usize| Try {
        backwards,
        from,
        mirrored,
        way,
    };
    let walked = (1..=walks).flat_map(|seed| {
        let from = TryStart::Walk(seed);
        [false, true].map(|backwards| {
            [
                one(backwards, from, false, 0),
                one(backwards, from, true, 1),
            ]
        })
    });
    let fixed = [
        one(false, TryStart::Start, true, 0),
        one(false, TryStart::Start, true, 1),
        one(false, TryStart::Furthest, true, 0),
        one(false, TryStart::Furthest, true, 1),
        one(true, TryStart::Start, true, 0),
        one(true, TryStart::Start, true, 1),
        one(true, TryStart::Start, false, 0),
        one(true, TryStart::Start, false, 1),
    ];
    fixed.into_iter().chain(walked.flatten()).collect()
}

/// Moves from the start that bring every piece of `puzzle` to `target` by the try `one`: its
/// way to where it starts (none, `reached`, which ends on `origins`, or its random walk),
/// then the constructive solver's way of placing that `one` names from there, on the mirrored
/// puzzle when `one` says so; backwards, the same from the goal to the start, undone in
/// reverse order. `None` when that gets stuck too.
fn retry(
    puzzle: &Puzzle,
    target: &[usize],
    reached: &[Move],
    origins: &[usize],
    one: Try,
    limits: &Limits,
) -> Option<Vec<Move>> {
    if one.backwards {
        debug_assert_ne!(one.from, TryStart::Furthest, "where the forward solver got");
        let back = Puzzle {
            start: target.to_vec(),
            ..puzzle.clone()
        };
        let forward = Try {
            backwards: false,
            ..one
        };
        let moves = retry(&back, &puzzle.start, &[], target, forward, limits)?;
        return Some(moves.into_iter().rev().map(Move::reversed).collect());
    }
    let (lead, from) = match one.from {
        TryStart::Start => (Vec::new(), puzzle.start.clone()),
        TryStart::Furthest => (reached.to_vec(), origins.to_vec()),
        TryStart::Walk(seed) => puzzle.random_walk(
            WALK_STEPS_PER_CELL * puzzle.board.cells(),
            &mut Rng::new(seed),
        ),
    };
    let moved = Puzzle {
        start: from,
        ..puzzle.clone()
    };
    let (moved, goal) = if one.mirrored {
        (moved.transposed(), puzzle.transposed_origins(target))
    } else {
        (moved, target.to_vec())
    };
    let way = *constructive::ways(&moved).get(one.way)?;
    let rest = constructive::solve_one_way(&moved, &goal, way, limits).ok()?;
    let back = |mv: Move| if one.mirrored { mv.transposed() } else { mv };
    Some(lead.into_iter().chain(rest.into_iter().map(back)).collect())
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

    /// The columns first from the start and from the furthest position come first, each by
    /// the first two ways, then backwards from the goal the columns and the rows first by
    /// each way; then each walk's end, forwards and then backwards, the rows first by the
    /// first way and the columns first by the second; `walks` counts the walks.
    #[test]
    fn tries_start_with_the_columns_then_backwards_then_walk() {
        let tries: Vec<(bool, TryStart, bool, usize)> = tries(2)
            .iter()
            .map(|t| (t.backwards, t.from, t.mirrored, t.way))
            .collect();
        let (start, furthest) = (TryStart::Start, TryStart::Furthest);
        let (walk1, walk2) = (TryStart::Walk(1), TryStart::Walk(2));
        assert_eq!(
            tries,
            vec![
                (false, start, true, 0),
                (false, start, true, 1),
                (false, furthest, true, 0),
                (false, furthest, true, 1),
                (true, start, true, 0),
                (true, start, true, 1),
                (true, start, false, 0),
                (true, start, false, 1),
                (false, walk1, false, 0),
                (false, walk1, true, 1),
                (true, walk1, false, 0),
                (true, walk1, true, 1),
                (false, walk2, false, 0),
                (false, walk2, true, 1),
                (true, walk2, false, 0),
                (true, walk2, true, 1),
            ]
        );
    }
}
