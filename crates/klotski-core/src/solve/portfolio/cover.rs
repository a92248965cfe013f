//! Solving a problem whose goal is one piece over some cells (the brick puzzle's and the
//! classic Klotski's): breadth-first search over the packed space, the goal a test on the
//! master piece's origin. No estimate or fallback serves such a goal, so this is the whole
//! portfolio for it. (The brick puzzle closes its goal cells to every brick but the master, a
//! rule of moves the engine does not have: its mode keeps a search of its own.)

use crate::engine::problem::{Goal, Problem};
use crate::engine::puzzle::Move;
use crate::search::{self, Limits, Outcome, Stats};
use crate::solve::portfolio::algo::Algo;
use crate::solve::portfolio::budget;
use crate::solve::portfolio::proof::Unsolvable;
use crate::solve::portfolio::report::{Answer, Decision, Limit, Report, StageOutcome};
use crate::solve::spaces::packed::{self, PackedSpace};
use crate::solve::{Options, PortfolioStage, Progress, Unverified};
use std::time::Instant;

/// The shortest solution of `problem`, whose goal is a cover, or the proof that there is none,
/// by breadth-first search within `options`' limits (and [`budget::EXACT_BFS`] states times
/// the effort, unless another method was asked for).
pub(in crate::solve) fn solve_cover(
    problem: &Problem,
    options: &Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Report, Unverified> {
    let began = Instant::now();
    let mut limits = options.limits.clone();
    if options.algo == Algo::Auto {
        let work = budget::EXACT_BFS.saturating_mul(u64::from(options.effort.max(1)));
        limits = limits.expanding(work);
    }
    on_progress(Progress::Stage(PortfolioStage::ExactSearch));
    let cells = problem.puzzle().board.cells();
    let search = match packed::words_needed(problem.puzzle()) {
        Some(1) => bfs::<1>(problem, limits, on_progress),
        Some(2) => bfs::<2>(problem, limits, on_progress),
        Some(3..=4) => bfs::<4>(problem, limits, on_progress),
        Some(5..=8) => bfs::<8>(problem, limits, on_progress),
        Some(9..=16) => bfs::<16>(problem, limits, on_progress),
        _ => None,
    };
    let (ended, answer, stats) = match search {
        None => (Err(Limit::BoardSize(cells)), None, Stats::default()),
        Some(search) => match search.outcome {
            Outcome::Found(moves) => (Ok(Decision::Solved(moves.len())), Some(moves), search.stats),
            Outcome::Exhausted => (Ok(Decision::Unsolvable), None, search.stats),
            Outcome::Stopped(stop) => (Err(stop.into()), None, search.stats),
        },
    };
    let answer = match (&ended, answer) {
        (_, Some(moves)) => {
            problem.verify(&moves).map_err(|reason| Unverified {
                method: "BFS".to_string(),
                reason,
            })?;
            Answer::Solved {
                moves,
                optimal: true,
            }
        }
        (Ok(_), None) => Answer::Unsolvable(Unsolvable::Exhausted {
            states: stats.stored,
        }),
        (Err(limit), None) => Answer::GaveUp(*limit),
    };
    let cut_short = matches!(ended, Err(Limit::Time | Limit::Cancelled));
    Ok(Report {
        answer,
        stages: vec![StageOutcome::Exact {
            algo: Algo::Bfs,
            ended,
        }],
        stats,
        elapsed: began.elapsed(),
        cut_short,
    })
}

/// Breadth-first search on the packed space with `W` words per state, or `None` when the
/// board does not pack into `W` words (or the goal is not a cover).
fn bfs<const W: usize>(
    problem: &Problem,
    limits: Limits,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Option<search::Search<Move>> {
    let puzzle = problem.puzzle();
    let space = PackedSpace::<W>::new(puzzle)?;
    let Goal::Cover { master, cells } = problem.goal() else {
        return None;
    };
    // Per origin of the master: whether standing there covers every goal cell, worked out
    // once rather than at every state the search tests.
    let home: Vec<bool> = (0..puzzle.board.cells())
        .map(|origin| problem.covers(*master, origin, cells))
        .collect();
    let found = search::bfs(
        &space,
        space.encode(&puzzle.start),
        |s| home[space.origin(s, *master)],
        &limits,
        |stats: &Stats| on_progress(Progress::Search(stats)),
    );
    let unpack = |path: Vec<_>| path.into_iter().map(PackedSpace::<W>::unpack).collect();
    Some(search::Search::ended(
        found.outcome.map_path(unpack),
        found.stats,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::{Board, Dir, Shape};
    use crate::engine::puzzle::{Piece, Puzzle};

    /// A 2x3 board: the master 1x1 piece at the top left, a tile beside it, the goal the top
    /// right cell. The tile must step aside first: three moves, proven shortest; with the
    /// goal cell walled off, no solution, proven.
    #[test]
    fn a_cover_goal_gets_a_shortest_solution_or_a_proof() {
        let tile = |n| Piece {
            shape: Shape::UNIT,
            numbers: vec![n],
        };
        let puzzle = Puzzle {
            board: Board::new(2, 3),
            pieces: vec![tile(1), tile(2)],
            start: vec![0, 1],
        };
        let goal = Goal::Cover {
            master: 0,
            cells: vec![2],
        };
        let problem = Problem::new(puzzle.clone(), goal.clone()).unwrap();
        let options = Options::new(Limits::memory(1 << 20));
        let report = solve_cover(&problem, &options, &mut |_| {}).unwrap();
        let Answer::Solved { moves, optimal } = report.answer else {
            panic!("{:?}", report.answer);
        };
        assert!(optimal && problem.verify(&moves).is_ok());
        assert_eq!(moves.len(), 3);
        assert_eq!(
            moves[1..],
            [Move {
                piece: 0,
                dir: Dir::Right
            }; 2]
        );
        let walled = Puzzle {
            board: Board::with_walls(2, 3, [2]),
            ..puzzle
        };
        let problem = Problem::new(walled, goal).unwrap();
        let report = solve_cover(&problem, &options, &mut |_| {}).unwrap();
        assert!(
            matches!(report.answer, Answer::Unsolvable(_)),
            "{:?}",
            report.answer
        );
    }
}
