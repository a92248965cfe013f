//! Placing the pieces in stages by the relaxation: the blocks home one at a time, the largest
//! first, then the 1x1 tiles, each stage a search of the relaxed space in which only the pieces placed so far and
//! the next one keep their identity (the other blocks alike by shape, the other tiles filler).
//!
//! Unlike the constructive solver, a stage may move the pieces already home and bring them
//! back, and it sees the blocks not yet placed only by shape and the tiles as filler that gives
//! way anywhere, so the room a block needs is never taken by tiles placed before it. A stage
//! fails only where its search runs out of work; the piece then waits, and one of the few after
//! it in order goes first (a block hemmed in by pieces not yet home often goes easily once they
//! are).

use crate::engine::geometry::Shape;
use crate::engine::puzzle::{Move, Position, Puzzle};
use crate::search::{Limits, Weights};
use crate::solve::constructive;
use crate::solve::relax::{self, Goal};
use crate::solve::rescue::regions;

/// How many of the next pieces in order a stage tries, each in turn, before it gives up.
const CHOICES: usize = 4;

/// How many pieces are the last ones: where the stages hold blocks back, each stage of these
/// may spend all the work left. The pieces home stand all round them by then, and the work
/// left has no other use.
const LAST: usize = 3;

/// How a stage's search is led.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guide {
    /// By the named pieces' distances home, weighed five times the moves made: greedier than
    /// the whole plan of [`relax::blocks_home`], since a stage is short and its searches many.
    Home,
    /// By those distances and the blanks' distance to the cells the piece steps into next
    /// ([`relax::Goal::lead_blanks`]), weighed twice the moves made: for boards with two
    /// blanks and blocks on most cells, where a 2x2 block waits for both blanks beside it and
    /// the distances alone show no way there.
    HomeAndBlanks,
}

impl Guide {
    /// Whether the blanks lead the stage's search too ([`relax::Goal::lead_blanks`]).
    fn leads_blanks(self) -> bool {
        self == Guide::HomeAndBlanks
    }

    fn weights(self) -> Weights {
        let estimate = match self {
            Guide::Home => 5,
            Guide::HomeAndBlanks => 2,
        };
        Weights { depth: 1, estimate }
    }
}

/// Which pieces wait while others go home first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoldBack {
    /// None: each stage takes the first of the next pieces in order that it brings home.
    Nothing,
    /// A block whose place home would shut other pieces in (a piece walled off from its
    /// target by the pieces home, a region of them with pieces to move and no blank, a small
    /// region that cannot be finished) waits till last, when there is nothing left to shut in. Only
    /// blocks: the tiles' stages move the pieces home about as they need, and on a dense
    /// board nearly every tile home walls off some small region. Each of the last few stages
    /// may spend all the work left.
    BlocksThatShutIn,
}

/// How the tiles came home once every block was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tiles {
    /// By the constructive solver, from where the blocks' stages left the board.
    Constructive,
    /// In stages too, one at a time, every block keeping its identity (where the constructive
    /// solver got stuck).
    Staged,
}

/// What [`place_in_stages`] may spend, in states expanded.
#[derive(Clone, Copy, Debug)]
pub struct Work {
    /// Each stage's search.
    pub stage: u64,
    /// All the stages together.
    pub total: u64,
}

/// Moves from the start of `puzzle` that bring every piece to `target`, and how the tiles came
/// home: the blocks in stages, in `order` (with the few after a stuck one tried in its
/// place: near the last blocks, those may be the first tiles), then the tiles by the
/// constructive solver, or where it gets stuck, in stages too from where the blocks' stages
/// left the board; the pieces that `hold_back` names waiting till last; every search within
/// `work` and `limits`. `None` when no piece of the next few can be placed, the work is spent,
/// or the pieces are too many to encode.
pub fn place_in_stages(
    puzzle: &Puzzle,
    target: &[usize],
    work: Work,
    guide: Guide,
    hold_back: HoldBack,
    limits: &Limits,
) -> Option<(Vec<Move>, Tiles)> {
    let mut named = vec![false; puzzle.pieces.len()];
    let mut origins = puzzle.start.clone();
    let mut moves = Vec::new();
    let mut left = work.total;
    let mut waiting = order(puzzle, target);
    let mut constructive_tried = false;
    let holding = hold_back == HoldBack::BlocksThatShutIn;
    let mut trapping = Vec::new();
    // Stages in a row that placed nothing but sent pieces to the back: once every piece has
    // been sent back, none can go home without shutting others in.
    let mut deferred = 0;
    while let Some(&next) = waiting.first() {
        if !constructive_tried && puzzle.pieces[next].shape == Shape::UNIT {
            constructive_tried = true;
            if let Ok(moved) = puzzle.with_start(&origins)
                && let Ok(rest) = constructive::solve(&moved, target, limits)
            {
                moves.extend(rest);
                return Some((moves, Tiles::Constructive));
            }
        }
        // Each stage's search is capped by the work left too, so the last ones may take it all.
        let most = match holding && waiting.len() <= LAST {
            true => u64::MAX,
            false => work.stage,
        };
        let placed = waiting.iter().take(CHOICES).find_map(|&piece| {
            named[piece] = true;
            let stage = Stage {
                puzzle,
                target,
                named: &named,
                guide,
            };
            let placed = stage.run(&origins, most, &mut left, limits);
            let block = puzzle.pieces[piece].shape != Shape::UNIT;
            let placed = placed.filter(|(_, position)| {
                let shuts = holding && block && regions::shuts_in(puzzle, position, target, &named);
                if shuts {
                    trapping.push(piece);
                }
                !shuts
            });
            named[piece] = placed.is_some();
            placed.map(|placed| (piece, placed))
        });
        let sent_back = !trapping.is_empty();
        for piece in trapping.drain(..) {
            waiting.retain(|&p| p != piece);
            waiting.push(piece);
        }
        let Some((piece, (plan, position))) = placed else {
            deferred += 1;
            match sent_back && deferred <= waiting.len() {
                true => continue,
                false => return None,
            }
        };
        deferred = 0;
        waiting.retain(|&p| p != piece);
        origins = position.origins().to_vec();
        moves.extend(plan);
    }
    Some((moves, Tiles::Staged))
}

/// One stage: the pieces `named` brought home (the last one named is the stage's own).
struct Stage<'a> {
    puzzle: &'a Puzzle,
    target: &'a [usize],
    named: &'a [bool],
    guide: Guide,
}

impl Stage<'_> {
    /// The moves from `origins` that bring every named piece home and the position they reach,
    /// found within `most` states expanded and what is `left` of the stages' work (which it
    /// spends); `None` where the search finds none.
    fn run(
        &self,
        origins: &[usize],
        most: u64,
        left: &mut u64,
        limits: &Limits,
    ) -> Option<(Vec<Move>, Position)> {
        let (puzzle, target, named) = (self.puzzle, self.target, self.named);
        let home = (0..named.len()).all(|p| !named[p] || origins[p] == target[p]);
        let plan = match home {
            true => Vec::new(),
            false if *left == 0 || limits.expired().is_some() => return None,
            false => {
                let limits = limits.expanding(most.min(*left));
                let goal = Goal {
                    named,
                    blanks_home: false,
                    lead_blanks: self.guide.leads_blanks(),
                };
                let weights = self.guide.weights();
                let (plan, stats) =
                    relax::plan_home(puzzle, origins, target, goal, weights, &limits);
                *left = left.saturating_sub(stats.expanded);
                plan?
            }
        };
        let mut position = puzzle.position(origins).ok()?;
        plan.iter().for_each(|&mv| puzzle.apply(&mut position, mv));
        Some((plan, position))
    }
}

/// The order of the stages: the largest blocks first (a 2x2 needs the most room, and finds it
/// most easily while every other block is alike and may stand anywhere), then the smaller
/// ones, then the 1x1 tiles, each in reading order of their targets.
fn order(puzzle: &Puzzle, target: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..puzzle.pieces.len()).collect();
    order.sort_by_key(|&p| {
        let shape = puzzle.pieces[p].shape;
        (std::cmp::Reverse(shape.rows * shape.cols), target[p])
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 5x5 board with two 2x2 blocks and two blanks on which every way of placing of the
    /// constructive solver gets stuck (`klotski generate --size 5x5 --blanks 2 --blocks
    /// 2x2:2,2x1:1,1x2:1 --moves 3000 --seed 5036`): the stages bring every piece home, and
    /// their moves replay to the goal.
    #[test]
    fn stages_solve_a_board_the_constructive_solver_gets_stuck_on() {
        let (puzzle, target) = crate::engine::sample(
            "5 5\n15 16 3 1 10\n6 7 8 4 0\n11 12 9 2 20\n13 14 21 22 23\n18 19 5 17 0\n\
             4\n3 2*1\n6 2*2\n13 2*2\n21 1*2\n",
        );
        let limits = Limits::memory(1 << 30);
        let work = Work {
            stage: 200_000,
            total: 2_000_000,
        };
        let (moves, _) = place_in_stages(
            &puzzle,
            &target,
            work,
            Guide::Home,
            HoldBack::Nothing,
            &limits,
        )
        .expect("moves");
        let reached = puzzle.replay(&moves).expect("legal moves");
        assert_eq!(reached.origins(), &target[..]);
    }

    /// With no work to spend, a board whose block is away from home gets no moves (the
    /// constructive solver is not asked before the blocks are home); one at its goal needs
    /// none.
    #[test]
    fn no_work_no_moves() {
        let text = "3 3\n4 1 2\n3 5 6\n7 0 8\n1\n1 1*2\n";
        let (puzzle, target) = crate::engine::sample(text);
        let limits = Limits::memory(1 << 20);
        let none = Work { stage: 0, total: 0 };
        assert_eq!(
            place_in_stages(
                &puzzle,
                &target,
                none,
                Guide::Home,
                HoldBack::Nothing,
                &limits
            ),
            None
        );
        let home = Puzzle {
            start: target.clone(),
            ..puzzle.clone()
        };
        let moves = place_in_stages(
            &home,
            &target,
            none,
            Guide::Home,
            HoldBack::Nothing,
            &limits,
        )
        .map(|(moves, _)| moves);
        assert_eq!(moves, Some(Vec::new()));
    }
}
