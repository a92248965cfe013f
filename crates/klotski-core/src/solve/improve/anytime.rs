//! Anytime improvement: once a first solution is in hand, weighted A* with a falling weight
//! looks for shorter ones while time remains, each run keeping the best replay-checked path.
//!
//! A larger weight finds a path sooner, a smaller one a shorter path as a rule: the weights
//! fall so that an early answer comes fast and later ones shorten it. Each weighted round keeps
//! the first path it finds to every state ([`crate::search::weighted_astar`]), so it claims no
//! bound on its answer's length. The last weight is 1, plain A*, whose answer is a proven
//! optimum when it finishes in time.

use crate::engine::puzzle::Move;
use crate::search::{Outcome, Weights};
use std::fmt;

/// The weights tried in turn: 5, 3, 2, 1.5, 1.2, then plain A* (`estimate / depth`).
pub const FALLING: [Weights; 6] = [
    Weights {
        depth: 1,
        estimate: 5,
    },
    Weights {
        depth: 1,
        estimate: 3,
    },
    Weights {
        depth: 1,
        estimate: 2,
    },
    Weights {
        depth: 2,
        estimate: 3,
    },
    Weights {
        depth: 5,
        estimate: 6,
    },
    Weights::ASTAR,
];

/// A weight printed as the factor it puts on the estimate (the depth's weight is never 0 here).
pub(in crate::solve) struct Factor(pub(in crate::solve) Weights);

impl fmt::Display for Factor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Weights { depth, estimate } = self.0;
        if estimate % depth == 0 {
            write!(f, "{}", estimate / depth)
        } else {
            write!(f, "{}", f64::from(estimate) / f64::from(depth))
        }
    }
}

/// What the improvement runs achieved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Improved {
    /// The length of the shortest valid solution found, the first one's if none was shorter.
    pub length: usize,
    /// The weight of the run that found the shortest, `None` when it is the first solution.
    pub by: Option<Weights>,
    /// Whether the last round, plain A*, finished: the best is then proven shortest.
    pub proven: bool,
}

impl Improved {
    /// Whether the best solution is proven shortest.
    pub fn optimal(&self) -> bool {
        self.proven
    }
}

impl fmt::Display for Improved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.by {
            Some(weights) => write!(
                f,
                "weighted A* at weight {} shortened it to {} moves",
                Factor(weights),
                self.length
            )?,
            None => f.write_str("weighted A* found nothing shorter")?,
        }
        match self.proven {
            true => f.write_str(", proven shortest"),
            false => Ok(()),
        }
    }
}

/// Runs `search` at each of [`FALLING`]'s weights in turn and keeps the shortest solution that
/// `valid` accepts, starting from `first`. `search` returns `None` when it cannot run on this
/// puzzle. A run that finds nothing shorter does not end the improvement: a smaller weight often
/// pays where a larger one did not (its path follows the estimate less blindly). A run that stops
/// at a limit ends it, since smaller weights only take longer, and so does a shorter path that
/// `valid` rejects. Returns the best moves and what the runs achieved.
pub fn improve(
    first: Vec<Move>,
    mut search: impl FnMut(Weights) -> Option<Outcome<Move>>,
    mut valid: impl FnMut(&[Move]) -> bool,
) -> (Vec<Move>, Improved) {
    let mut best = first;
    let mut improved = Improved {
        length: best.len(),
        by: None,
        proven: false,
    };
    for weights in FALLING {
        match search(weights) {
            Some(Outcome::Found(moves)) => {
                if moves.len() < best.len() {
                    if !valid(&moves) {
                        break;
                    }
                    best = moves;
                    improved.by = Some(weights);
                    improved.length = best.len();
                }
                improved.proven = weights == Weights::ASTAR;
            }
            // Exhausted cannot happen with a solution in hand; either way nothing more to try.
            Some(Outcome::Exhausted | Outcome::Stopped(_)) | None => break,
        }
    }
    (best, improved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Dir;
    use crate::search::Stop;

    fn moves(n: usize) -> Vec<Move> {
        vec![
            Move {
                piece: 0,
                dir: Dir::Left
            };
            n
        ]
    }

    #[test]
    fn keeps_the_shortest_valid_path_through_rounds_that_do_not_pay() {
        // Weight 5 finds 11 moves, 3 finds 8, 2 finds 8 again, 1.5 stops at its limit: the
        // rounds that found nothing shorter did not end it, the limit did.
        let mut found = [
            Outcome::Found(moves(11)),
            Outcome::Found(moves(8)),
            Outcome::Found(moves(8)),
            Outcome::Stopped(Stop::Work),
            Outcome::Found(moves(1)),
        ]
        .into_iter();
        let (kept, best) = improve(moves(10), |_| found.next(), |_| true);
        assert_eq!((kept.len(), best.length), (8, 8));
        assert_eq!(best.by, Some(FALLING[1]));
        assert!(!best.optimal());
        assert_eq!(
            found.next().map(|o| matches!(o, Outcome::Found(_))),
            Some(true)
        );
        assert_eq!(
            best.to_string(),
            "weighted A* at weight 3 shortened it to 8 moves"
        );
        // A round that stops at a limit ends it; a solution that fails its check too.
        let mut found = [Outcome::Found(moves(9)), Outcome::Stopped(Stop::Work)].into_iter();
        let (_, limited) = improve(moves(10), |_| found.next(), |_| true);
        assert_eq!((limited.length, limited.by), (9, Some(FALLING[0])));
        let (_, rejected) = improve(moves(10), |_| Some(Outcome::Found(moves(7))), |_| false);
        assert_eq!((rejected.length, rejected.by), (10, None));
        let halves = [FALLING[3], FALLING[4]];
        assert_eq!(
            halves.map(|w| Factor(w).to_string()),
            ["1.5".to_string(), "1.2".to_string()]
        );
        // Every round shorter down to weight 1: a proven shortest solution.
        let mut shrinking = (4..10).rev().map(|n| Outcome::Found(moves(n)));
        let (_, all) = improve(moves(10), |_| shrinking.next(), |_| true);
        assert!(all.optimal());
        assert_eq!(
            all.to_string(),
            "weighted A* at weight 1 shortened it to 4 moves, proven shortest"
        );
        assert!(!improve(moves(3), |_| None, |_| true).1.optimal());
    }
}
