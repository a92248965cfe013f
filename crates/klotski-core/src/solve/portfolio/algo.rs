//! The solving methods `--algo` names, and which exact search the portfolio picks for a board.

use crate::engine::geometry::Shape;
use crate::engine::puzzle::Puzzle;
use crate::search::Weights;
use std::fmt;
use std::str::FromStr;

/// A solving method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algo {
    /// The portfolio (the default): the exact search [`Algo::pick`] chooses, for a proven
    /// optimum while it fits in half the time and the memory; then, with blocks, the
    /// relaxation ([`relax`](crate::solve::relax)) that may prove `No`; then the constructive solver for a valid
    /// solution, which weighted A* with a falling weight ([`anytime`](crate::solve::improve::anytime)) shortens while time
    /// remains.
    #[default]
    Auto,
    /// Breadth-first search from the start.
    Bfs,
    /// Breadth-first search from both the start and the goal (the goal is one state and moves
    /// are reversible, so each side only goes half as deep).
    Bibfs,
    /// A* with Manhattan distance and linear conflicts, and pattern databases for the 1x1 tiles
    /// when the board has one blank.
    Astar,
    /// A* from the start and from the goal at once, each side ordered by a lower bound on the
    /// paths through its states ([`bidirectional_astar`](crate::search::bidirectional_astar)),
    /// with Manhattan distance and linear conflicts toward the goal and back to the start.
    Biastar,
    /// IDA* with pattern databases (one blank, 1x1 tiles) or as A*'s bound.
    Idastar,
    /// Weighted A* (the estimate counted [`WASTAR_WEIGHT`] times) with A*'s heuristic: valid
    /// solutions, sooner than A*'s and longer, not proven optimal.
    Wastar,
    /// Greedy best-first search on A*'s heuristic alone: fast, not optimal.
    Greedy,
    /// The large-board solver alone: fast, valid, not optimal.
    Constructive,
}

/// How many times weighted A* counts the estimate.
pub const WASTAR_WEIGHT: u32 = 2;

/// Spaces with at most this many estimated states go to bidirectional BFS: a heuristic does not
/// pay for itself there, and exhausting them (to prove `No`) is quick.
const SMALL_SPACE: f64 = 1e6;

impl Algo {
    /// Every method, the portfolio first.
    pub const ALL: [Algo; 9] = [
        Algo::Auto,
        Algo::Bfs,
        Algo::Bibfs,
        Algo::Astar,
        Algo::Biastar,
        Algo::Idastar,
        Algo::Wastar,
        Algo::Greedy,
        Algo::Constructive,
    ];

    /// The name `--algo` takes for this method.
    pub fn key(self) -> &'static str {
        match self {
            Algo::Auto => "auto",
            Algo::Bfs => "bfs",
            Algo::Bibfs => "bibfs",
            Algo::Astar => "astar",
            Algo::Biastar => "biastar",
            Algo::Idastar => "idastar",
            Algo::Wastar => "wastar",
            Algo::Greedy => "greedy",
            Algo::Constructive => "constructive",
        }
    }

    /// Whether a path this method finds is proven shortest.
    pub fn is_optimal(self) -> bool {
        matches!(
            self,
            Algo::Bfs | Algo::Bibfs | Algo::Astar | Algo::Biastar | Algo::Idastar
        )
    }

    /// How the A* family orders its open states under this method.
    pub(in crate::solve) fn weights(self) -> Weights {
        match self {
            Algo::Wastar => Weights::weighted(WASTAR_WEIGHT),
            Algo::Greedy => Weights::GREEDY,
            _ => Weights::ASTAR,
        }
    }

    /// The portfolio's exact search for `puzzle`: IDA* for 1x1 tiles with one blank (the
    /// parity rule has already decided solvability, and the space is too large to store),
    /// bidirectional BFS for small spaces, bidirectional A* for several blanks (Manhattan
    /// distance is weak there, and the two sides prune each other), A* for the rest (blocks
    /// with one blank, where pattern databases may count the tiles). All but IDA* keep a closed
    /// table: blocks and blanks make many transpositions, which IDA* would walk again and again.
    pub fn pick(puzzle: &Puzzle) -> Algo {
        let cells = puzzle.board.cells();
        let covered: usize = puzzle.pieces.iter().map(|p| p.shape.area()).sum();
        let blanks = cells - covered;
        let tiles_only = puzzle.pieces.iter().all(|p| p.shape == Shape::UNIT);
        let (rows, cols) = (puzzle.board.rows(), puzzle.board.cols());
        if tiles_only && blanks == 1 && cells >= 9 && rows.min(cols) >= 2 {
            return Algo::Idastar;
        }
        // Placements of the pieces and blanks as if each took one cell: a rough size.
        let units = puzzle.pieces.len() + blanks;
        let log_states: f64 = (blanks + 1..=units).map(|i| (i as f64).ln()).sum();
        if log_states <= SMALL_SPACE.ln() {
            Algo::Bibfs
        } else if blanks >= 2 {
            Algo::Biastar
        } else {
            Algo::Astar
        }
    }
}

impl fmt::Display for Algo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Algo::Auto => "portfolio",
            Algo::Bfs => "BFS",
            Algo::Bibfs => "bidirectional BFS",
            Algo::Astar => "A*",
            Algo::Biastar => "bidirectional A*",
            Algo::Idastar => "IDA*",
            Algo::Wastar => "weighted A*",
            Algo::Greedy => "greedy best-first",
            Algo::Constructive => "constructive solver",
        })
    }
}

/// An `--algo` value that names no method.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown algorithm '{0}' (expected auto, bfs, bibfs, astar, biastar, idastar, wastar, greedy or constructive)"
)]
pub struct UnknownAlgo(String);

impl FromStr for Algo {
    type Err = UnknownAlgo;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        (Algo::ALL.into_iter())
            .find(|a| a.key() == s)
            .ok_or_else(|| UnknownAlgo(s.to_string()))
    }
}
