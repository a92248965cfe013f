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

use crate::engine::puzzle::{Move, Puzzle};
use crate::search::{Limits, Outcome, Stats, Weights};
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
pub(in crate::solve) fn shorten(
    puzzle: &Puzzle,
    moves: &[Move],
    work: Work,
    limits: &Limits,
) -> Vec<Move> {
    let mut moves = moves.to_vec();
    let mut spent = 0;
    for length in LENGTHS {
        // A pass whose one stretch held the whole solution left nothing for longer stretches.
        let whole = moves.len() <= length;
        let Ok(mut position) = puzzle.position(&puzzle.start) else {
            break;
        };
        let mut at = 0;
        while at < moves.len() {
            let end = (at + length).min(moves.len());
            let left = work.total.saturating_sub(spent);
            if left == 0 || limits.expired().is_some() {
                return moves;
            }
            let mut there = position.clone();
            (moves[at..end].iter()).for_each(|&mv| puzzle.apply(&mut there, mv));
            let from = puzzle.with_start(position.origins());
            let limits = limits.expanding(work.each.min(left));
            let shorter_than = u32::try_from(end - at).ok();
            let found = from.ok().and_then(|from| {
                let mut go_on = |_, _: &Stats| ControlFlow::Continue(());
                let searches = Searches {
                    cache: None,
                    advise: &mut go_on,
                    on_progress: &mut |_| {},
                    in_batches: None,
                    shorter_than,
                };
                search_advised_by(
                    &from,
                    there.origins(),
                    Algo::Biastar,
                    Weights::ASTAR,
                    limits,
                    searches,
                )
            });
            let Some(found) = found else {
                return moves;
            };
            spent += found.stats.expanded;
            match found.outcome {
                Outcome::Found(path) if path.len() < end - at => {
                    moves.splice(at..end, path);
                }
                _ => {
                    let step = (length / 2).min(moves.len() - at);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A detour around the board that a shortest path skips: the stretch finds the shortcut,
    /// and the result still solves the puzzle.
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
