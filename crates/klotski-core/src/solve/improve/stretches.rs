//! Exact shortening over the whole board: each stretch of a solution (a few dozen
//! moves) replaced by a shortest path between its two ends, found by bidirectional A* with every
//! piece free to move, the stretches growing pass by pass. Each search keeps only the states
//! a path shorter than its stretch may pass through: on most stretches there is none, and
//! showing that needs none of the others.
//!
//! Local shortening ([`crate::solve::improve::shorten`]) moves only the pieces a stretch moved, inside the
//! rectangle they swept; a weighted search's detours often need another piece to step aside,
//! which only the whole board allows. A stretch's ends are two positions of the solution, so the
//! path found between them is a valid replacement whatever it moves: the result is a solution
//! that is never longer, and every search is bounded by work, so it is the same on every
//! machine.

use crate::engine::puzzle::{Move, Position, Puzzle};
use crate::search::{Limits, Outcome, Search, Stats, Stop, Weights};
use crate::solve::portfolio::algo::Algo;
use crate::solve::portfolio::searches::{Searches, search_advised_by};
use std::ops::ControlFlow;

/// The stretch lengths, one pass each in this order: short stretches first, where a search is
/// cheap and a detour is often local, then longer ones over what they left.
const LENGTHS: [usize; 6] = [24, 32, 40, 48, 56, 64];

/// What [`shorten`] may spend, in states expanded.
#[derive(Clone, Copy, Debug)]
pub(in crate::solve) struct Work {
    /// Each stretch's search: past it a stretch is left as it is.
    pub each: u64,
    /// All the stretches together.
    pub total: u64,
}

/// `moves` (a solution of `puzzle`) with each stretch, at every length of [`LENGTHS`] in turn,
/// replaced by a shortest path between its ends when one is shorter, every search within
/// `work` and `limits`. A stretch that a search could not finish within its share stays as it
/// was. The stretches of a pass start every half length, and after a replacement the stretch at
/// the same start is searched again (the moves after it moved up).
///
/// Where [`Limits::threads_now`] allows two threads, the next stretch is searched beside this
/// one, as if this one were left as it is (most are); its search is used only where it is the
/// one the next step would run, so the result is the same on any number of threads.
pub(in crate::solve) fn shorten(
    puzzle: &Puzzle,
    moves: &[Move],
    work: Work,
    limits: &Limits,
) -> Vec<Move> {
    let mut moves = moves.to_vec();
    let mut spent = 0;
    // Two searches may run at once: each gets half the memory, however many run.
    let limits = &Limits {
        max_memory: limits.max_memory / 2,
        ..limits.clone()
    };
    for length in LENGTHS {
        // A pass whose one stretch held the whole solution left nothing for longer stretches.
        let whole = moves.len() <= length;
        let Ok(mut position) = puzzle.position(&puzzle.start) else {
            break;
        };
        let mut at = 0;
        let mut ahead: Option<Ahead> = None;
        while at < moves.len() {
            let end = (at + length).min(moves.len());
            let left = work.total.saturating_sub(spent);
            if left == 0 || limits.expired().is_some() {
                return moves;
            }
            let here = Stretch {
                at,
                end,
                most: work.each.min(left),
            };
            let step = (length / 2).min(moves.len() - at);
            let found = match ahead.take().and_then(|ahead| ahead.into_turn_of(here)) {
                Some(found) => Some(found),
                None if limits.threads_now() > 1 && at + step < moves.len() => {
                    let next = Stretch {
                        at: at + step,
                        end: (at + step + length).min(moves.len()),
                        most: here.most,
                    };
                    let (found, beside) =
                        search_beside(puzzle, (&position, &moves), [here, next], limits);
                    ahead = beside;
                    found
                }
                None => search(puzzle, &position, &moves, here, limits),
            };
            let Some(found) = found else {
                return moves;
            };
            spent += found.stats.expanded;
            match found.outcome {
                // The search keeps only states of shorter paths: any path it finds is one.
                Outcome::Found(path) => {
                    debug_assert!(path.len() < end - at, "a path no shorter than its stretch");
                    moves.splice(at..end, path);
                    // The stretch searched ahead took these moves as they were.
                    ahead = None;
                }
                _ => {
                    (moves[at..at + step].iter()).for_each(|&mv| puzzle.apply(&mut position, mv));
                    at += step;
                }
            }
        }
        if whole {
            break;
        }
    }
    moves
}

/// A stretch of the answer, `at..end`, and the most states its search may expand.
#[derive(Clone, Copy)]
struct Stretch {
    at: usize,
    end: usize,
    most: u64,
}

/// A stretch searched ahead of its turn, with what was then left of the work.
struct Ahead {
    stretch: Stretch,
    search: Search<Move>,
}

impl Ahead {
    /// This search as the one `stretch` would run in its turn, where it is: the same stretch
    /// of the same moves, searched within the same work or ended within what is left of it
    /// now (a search with more work to spend goes the same way up to where less would
    /// stop it).
    fn into_turn_of(self, stretch: Stretch) -> Option<Search<Move>> {
        let Ahead {
            stretch: ran,
            search,
        } = self;
        if search.outcome == Outcome::Stopped(Stop::Cancelled) {
            return None;
        }
        let ended = !matches!(search.outcome, Outcome::Stopped(_));
        let same = (ran.at, ran.end) == (stretch.at, stretch.end);
        let within = ran.most == stretch.most || (ended && search.stats.expanded <= stretch.most);
        (same && within).then_some(search)
    }
}

/// The searches of `here` (a stretch of `moves` that begins at `position`) and, on another
/// thread, of `next`, the stretch after it as the next step takes it if `here` stays as it is.
fn search_beside(
    puzzle: &Puzzle,
    (position, moves): (&Position, &[Move]),
    [here, next]: [Stretch; 2],
    limits: &Limits,
) -> (Option<Search<Move>>, Option<Ahead>) {
    let mut next_from = position.clone();
    (moves[here.at..next.at].iter()).for_each(|&mv| puzzle.apply(&mut next_from, mv));
    let beside_limits = Limits {
        cancel: limits.cancel.child(),
        ..limits.clone()
    };
    std::thread::scope(|scope| {
        let beside = scope.spawn(|| search(puzzle, &next_from, moves, next, &beside_limits));
        let found = search(puzzle, position, moves, here, limits);
        // A shorter path here moves the next stretch: its search is of no use.
        if found
            .as_ref()
            .is_some_and(|found| matches!(found.outcome, Outcome::Found(_)))
        {
            beside_limits.cancel.raise();
        }
        let beside = beside.join().expect("a stretch's search does not panic");
        let ahead = beside.map(|search| Ahead {
            stretch: next,
            search,
        });
        (found, ahead)
    })
}

/// The search for a path shorter than `stretch` of `moves`, from `position` (where the
/// stretch begins), within `limits` and the stretch's work; `None` where the board is beyond
/// the search.
fn search(
    puzzle: &Puzzle,
    position: &Position,
    moves: &[Move],
    stretch: Stretch,
    limits: &Limits,
) -> Option<Search<Move>> {
    let mut there = position.clone();
    (moves[stretch.at..stretch.end].iter()).for_each(|&mv| puzzle.apply(&mut there, mv));
    let from = puzzle.with_start(position.origins()).ok()?;
    let mut go_on = |_, _: &Stats| ControlFlow::Continue(());
    let searches = Searches {
        cache: None,
        advise: &mut go_on,
        on_progress: &mut |_| {},
        in_batches: None,
        // Only the states of a path shorter than the stretch are kept.
        shorter_than: u32::try_from(stretch.end - stretch.at).ok(),
    };
    let limits = limits.expanding(stretch.most);
    search_advised_by(
        &from,
        there.origins(),
        Algo::Biastar,
        Weights::ASTAR,
        limits,
        searches,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A detour around the board that a shortest path skips: the stretch finds the shortcut,
    /// and the result still solves the puzzle.
    /// One thread or two, whatever the work: the same shortened answer, which solves the
    /// puzzle.
    #[test]
    fn the_answer_does_not_depend_on_the_threads() {
        let board = "4 4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 0 0 0\n0\n";
        let (at_goal, target) = crate::engine::sample(board);
        let mut rng = crate::rng::Rng::new(5);
        let (walk, origins) = at_goal.random_walk(400, &mut rng);
        let puzzle = at_goal.with_start(&origins).expect("a placement");
        let moves: Vec<Move> = walk.iter().rev().map(|mv| mv.reversed()).collect();
        let one = Limits::memory(1 << 26);
        let two = Limits {
            threads: 2,
            ..one.clone()
        };
        let mut most_cut = 0;
        // Totals that end the work at every point of the passes (the search ahead then had
        // more work than its turn leaves), and one that does not end it.
        for total in (0..12_000).step_by(250).chain([1_000_000]) {
            let work = Work { each: 2_000, total };
            let alone = shorten(&puzzle, &moves, work, &one);
            assert_eq!(shorten(&puzzle, &moves, work, &two), alone, "total {total}");
            let end = puzzle.replay(&alone).expect("legal moves");
            assert_eq!(end.origins(), &target[..], "total {total}");
            most_cut = most_cut.max(moves.len() - alone.len());
        }
        assert!(most_cut > 0);
    }

    #[test]
    fn a_detour_is_cut_out_and_the_result_solves_the_puzzle() {
        let (puzzle, target) = crate::engine::sample("2 3\n1 2 3\n4 0 5\n0\n");
        // The shortest: 5 left. Before it, the blank goes round the 2x2 block of 1 2 / 4 _ .
        let piece = |label: u32| {
            (puzzle.pieces.iter())
                .position(|p| p.label() == label)
                .expect("a piece")
        };
        let mv = |label: u32, dir| Move {
            piece: piece(label),
            dir,
        };
        use crate::engine::geometry::Dir::*;
        let detour = vec![
            mv(4, Right),
            mv(1, Down),
            mv(2, Left),
            mv(4, Up),
            mv(4, Down),
            mv(2, Right),
            mv(1, Up),
            mv(4, Left),
            mv(5, Left),
        ];
        let end = puzzle.replay(&detour).expect("legal moves");
        assert_eq!(end.origins(), &target[..]);
        let work = Work {
            each: 10_000,
            total: 100_000,
        };
        let short = shorten(&puzzle, &detour, work, &Limits::memory(1 << 24));
        assert_eq!(short, vec![mv(5, Left)]);
        // With no work to spend, nothing changes.
        let none = Work {
            each: 10_000,
            total: 0,
        };
        let same = shorten(&puzzle, &detour, none, &Limits::memory(1 << 24));
        assert_eq!(same, detour);
    }
}
