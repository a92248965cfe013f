//! Proofs of `No` by relaxation: the puzzle with its 1x1 tiles treated as alike (and, more
//! loosely still, its blocks of one shape too), searched exhaustively where the real puzzle is far
//! too large.
//!
//! With the tiles alike, a position is only where the blanks and the blocks stand: the tiles
//! fill the rest. Every real move is a move of the relaxed puzzle (a tile sliding into a blank
//! swaps the two cells; a block moves into blanks), so a real solution maps move for move onto a
//! relaxed path from the start to the relaxed goal (the blocks on their goal cells, the blanks
//! on the goal's blank cells). When the relaxed search exhausts the component of the start or
//! of the goal without meeting the other, no real solution exists. A relaxed path proves
//! nothing, and nothing is claimed then.

mod space;

use crate::engine::geometry::Shape;
use crate::engine::puzzle::{Cell, Move, Puzzle};
use crate::search::{self, Limits, Outcome, Stats, Stop};
use space::{Landing, RelaxedPosition, RelaxedSpace, STEP_HOME};

/// Which pieces the relaxation treats as interchangeable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alike {
    /// The 1x1 tiles; every block keeps its identity.
    Tiles,
    /// The 1x1 tiles, and the blocks of each shape among themselves: a smaller space, and a
    /// weaker relaxation (it cannot see blocks that are out of order).
    TilesAndBlocks,
}

impl std::fmt::Display for Alike {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Alike::Tiles => "the 1x1 tiles alike",
            Alike::TilesAndBlocks => "the 1x1 tiles alike and the blocks of each shape alike",
        })
    }
}

/// What a relaxed search showed: whether the relaxed goal can be reached from the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// The relaxed goal is unreachable, so the puzzle is unsolvable.
    Unreachable,
    /// The relaxed goal is reachable: no proof either way.
    Reachable,
    /// A limit stopped the search first.
    Stopped(Stop),
}

impl std::fmt::Display for Reach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reach::Unreachable => f.write_str("goal unreachable"),
            Reach::Reachable => f.write_str("goal reachable, no proof"),
            Reach::Stopped(Stop::Work) => f.write_str("stopped by its work budget"),
            Reach::Stopped(Stop::Time) => f.write_str("stopped by the time limit"),
            Reach::Stopped(Stop::Memory(_)) => f.write_str("stopped by the memory limit"),
            Reach::Stopped(Stop::Cancelled) => f.write_str("cancelled"),
            Reach::Stopped(Stop::Asked) => f.write_str("ended as its caller asked"),
        }
    }
}

/// One relaxed search: which relaxation, what it showed and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relaxation {
    /// What was treated as alike.
    pub alike: Alike,
    /// Whether the relaxed goal was reached.
    pub reach: Reach,
    /// The search's counters.
    pub stats: Stats,
}

/// How [`blocks_home`] weighs the blocks' distances home against the moves made: the plan
/// comes fast and is seldom much longer than the shortest.
const PLAN_WEIGHTS: search::Weights = search::Weights {
    depth: 1,
    estimate: 3,
};

/// Most blanks plus blocks a relaxed state holds.
const MAX_SLOTS: usize = 64;

/// `$search::<N>($args)` for the fewest slots `N` that hold `$slots` (a state's size, so its
/// memory, follows what it names): the one ladder of sizes every relaxed search is
/// instantiated at. The caller has checked that `$slots` is at most [`MAX_SLOTS`].
macro_rules! sized {
    ($slots:expr, $search:ident($($arg:expr),*)) => {
        match $slots {
            0..=4 => $search::<4>($($arg),*),
            5..=8 => $search::<8>($($arg),*),
            9..=16 => $search::<16>($($arg),*),
            17..=20 => $search::<20>($($arg),*),
            21..=24 => $search::<24>($($arg),*),
            25..=32 => $search::<32>($($arg),*),
            33..=40 => $search::<40>($($arg),*),
            41..=48 => $search::<48>($($arg),*),
            _ => $search::<MAX_SLOTS>($($arg),*),
        }
    };
}

/// Tries to prove `puzzle` unsolvable (towards `target`, the goal origin of each piece) by the
/// relaxations in turn, the looser and smaller one first when some blocks share a shape, each
/// within `limits` (each its own work budget; the deadline is shared). Returns the searches run, the last one deciding:
/// `None` when the puzzle has no blocks (the relaxed space is then only the blanks, and always
/// connected on an open board), or is too large to encode.
pub fn disprove(puzzle: &Puzzle, target: &[usize], limits: &Limits) -> Option<Vec<Relaxation>> {
    let blocks = puzzle.pieces.iter().filter(|p| p.shape != Shape::UNIT);
    let shapes: Vec<Shape> = blocks.map(|p| p.shape).collect();
    let slots = puzzle.blank_count() + shapes.len();
    if shapes.is_empty() || puzzle.board.cells() > usize::from(u16::MAX) || slots > MAX_SLOTS {
        return None;
    }
    let shared_shapes = (1..shapes.len()).any(|i| shapes[..i].contains(&shapes[i]));
    let order: &[Alike] = if shared_shapes {
        &[Alike::TilesAndBlocks, Alike::Tiles]
    } else {
        &[Alike::Tiles]
    };
    let mut runs = Vec::new();
    for &alike in order {
        let relaxation = sized!(slots, search_relaxed(puzzle, target, alike, limits.clone()));
        runs.push(relaxation);
        // Only a reachable looser goal leaves the stricter relaxation anything to prove.
        if relaxation.reach != Reach::Reachable {
            break;
        }
    }
    Some(runs)
}

/// A way to bring every block of `puzzle` home and the blanks onto the goal's blank cells,
/// the 1x1 tiles left anywhere: a path of the relaxation with the tiles alike, played
/// as real moves (every relaxed move is one: a tile slides into a blank, a block into blanks).
/// `None` when the search stops within `limits` or the puzzle has no blocks.
pub fn blocks_home(puzzle: &Puzzle, target: &[usize], limits: &Limits) -> Option<Vec<Move>> {
    let named: Vec<bool> = (puzzle.pieces.iter())
        .map(|piece| piece.shape != Shape::UNIT)
        .collect();
    if !named.contains(&true) {
        return None;
    }
    let goal = Goal {
        named: &named,
        blanks_home: true,
        lead_blanks: false,
    };
    plan_home(puzzle, &puzzle.start, target, goal, PLAN_WEIGHTS, limits).0
}

/// What [`plan_home`] brings home.
#[derive(Clone, Copy, Debug)]
pub struct Goal<'a> {
    /// Per piece, whether it must reach its target (and keeps its identity on the way).
    pub named: &'a [bool],
    /// Whether the blanks must reach the goal's blank cells too.
    pub blanks_home: bool,
    /// Whether the search is also led by how far the blanks are from the cells a named piece
    /// away from home would step into next (a step home weighing ten of theirs): a piece moves
    /// only into blanks, and without this the search sees no progress until they are there.
    pub lead_blanks: bool,
}

/// Moves from `origins` that bring the pieces `goal` names to their targets (and the blanks
/// home when it says so), the other pieces left anywhere: a path of the relaxation in which
/// only the named pieces keep their identity, the other blocks alike by shape and the other
/// 1x1 tiles filler, found by weighted A* (`weights`) guided by the named pieces' distances
/// home and played as real moves; also the search's counters. `None` when the search stops
/// within `limits`, or the board or the blanks, blocks and named tiles are too many to encode
/// (then with no work counted).
pub fn plan_home(
    puzzle: &Puzzle,
    origins: &[usize],
    target: &[usize],
    goal: Goal<'_>,
    weights: search::Weights,
    limits: &Limits,
) -> (Option<Vec<Move>>, Stats) {
    let pieces = (puzzle.pieces.iter().zip(goal.named))
        .filter(|&(piece, &named)| named || piece.shape != Shape::UNIT)
        .count();
    let slots = puzzle.blank_count() + pieces;
    if puzzle.board.cells() > usize::from(u16::MAX) || slots > MAX_SLOTS {
        return (None, Stats::default());
    }
    sized!(
        slots,
        plan_relaxed(puzzle, origins, target, goal, weights, limits)
    )
}

/// [`plan_home`] with `N` slots per state.
fn plan_relaxed<const N: usize>(
    puzzle: &Puzzle,
    origins: &[usize],
    target: &[usize],
    Goal {
        named,
        blanks_home,
        lead_blanks,
    }: Goal<'_>,
    weights: search::Weights,
    limits: &Limits,
) -> (Option<Vec<Move>>, Stats) {
    let space = RelaxedSpace::<N>::naming(puzzle, named);
    let start = space.encode(puzzle, origins);
    let goal = space.encode(puzzle, target);
    let slots: Vec<usize> = (0..space.pieces.len())
        .filter(|&i| named[space.pieces[i]])
        .map(|i| space.blanks + i)
        .collect();
    // The named pieces' distances home guide it: a plan, not a proof, so it need not be
    // shortest.
    let estimate = |key: &RelaxedPosition<N>| {
        let far: usize = slots
            .iter()
            .map(|&i| space.steps(key.0[i], goal.0[i]))
            .sum();
        if !lead_blanks {
            return far as u32;
        }
        let blanks = &key.0[..space.blanks];
        let to_front = (slots.iter())
            .filter(|&&i| key.0[i] != goal.0[i])
            .filter_map(|&i| space.blanks_to_front(blanks, i, key.0[i], goal.0[i]))
            .min()
            .unwrap_or(0);
        (STEP_HOME * far + to_front) as u32
    };
    let is_goal = |key: &RelaxedPosition<N>| match blanks_home {
        true => *key == goal,
        false => slots.iter().all(|&i| key.0[i] == goal.0[i]),
    };
    let found =
        search::weighted_astar(&space, start, is_goal, estimate, weights, limits, |_, _| {});
    let moves = match found.outcome {
        Outcome::Found(shifts) => played(puzzle, origins, named, &space, shifts),
        _ => None,
    };
    (moves, found.stats)
}

/// `shifts`, a path of `space` from `origins`, as real moves; `None` if one is not legal.
fn played<const N: usize>(
    puzzle: &Puzzle,
    origins: &[usize],
    named: &[bool],
    space: &RelaxedSpace<N>,
    shifts: Vec<Landing>,
) -> Option<Vec<Move>> {
    let mut position = puzzle.position(origins).ok()?;
    let mut moves = Vec::with_capacity(shifts.len());
    for shift in shifts {
        let to = usize::from(shift.to);
        // A filler tile's shift names the cell it leaves (the blank's new cell) and the way
        // the blank went; a block's or a named tile's names its new origin and its own way.
        let mv = match position.at(to) {
            Cell::Piece(p) if puzzle.pieces[p].shape == Shape::UNIT && !named[p] => Move {
                piece: p,
                dir: shift.dir.opposite(),
            },
            _ => {
                let piece = space.pieces.iter().copied().find(|&p| {
                    let shape = puzzle.pieces[p].shape;
                    puzzle.board.step(shape, position.origins()[p], shift.dir) == Some(to)
                })?;
                Move {
                    piece,
                    dir: shift.dir,
                }
            }
        };
        if !puzzle.can_move(&position, mv) {
            return None;
        }
        puzzle.apply(&mut position, mv);
        moves.push(mv);
    }
    Some(moves)
}

/// Runs one relaxation with `N` slots per state.
fn search_relaxed<const N: usize>(
    puzzle: &Puzzle,
    target: &[usize],
    alike: Alike,
    limits: Limits,
) -> Relaxation {
    let space = RelaxedSpace::<N>::new(puzzle, alike);
    let start = space.encode(puzzle, &puzzle.start);
    let goal = space.encode(puzzle, target);
    let found = search::bidirectional_bfs(&space, start, goal, &limits, |_| {});
    let reach = match found.outcome {
        Outcome::Found(_) => Reach::Reachable,
        Outcome::Exhausted => Reach::Unreachable,
        Outcome::Stopped(stop) => Reach::Stopped(stop),
    };
    Relaxation {
        alike,
        reach,
        stats: found.stats,
    }
}
