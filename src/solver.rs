//! Solving a Numeric Klotski puzzle end to end: rules that prove `No` at once, an exact search
//! (picked from the board unless forced), and a replay of every solution on the engine before it
//! is handed out.

use crate::geometry::Shape;
use crate::heuristic::{Bound, pdb};
use crate::numeric::{NumericPuzzle, Unsolvable, rules};
use crate::packed::{self, PackedSpace};
use crate::puzzle::{Move, Puzzle};
use crate::search::idastar::Stepwise;
use crate::search::{self, Limits, Outcome, Stats, Stop};
use crate::tiles::TileWalk;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// An exact search method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algo {
    /// Picks one of the others from the board: see [`Algo::pick`].
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
    /// IDA* with pattern databases (one blank, 1x1 tiles) or Manhattan distance.
    Idastar,
}

/// Spaces with at most this many estimated states go to bidirectional BFS: a heuristic does not
/// pay for itself there, and exhausting them (to prove `No`) is quick.
const SMALL_SPACE: f64 = 1e6;

impl Algo {
    /// The portfolio's choice for `puzzle`: IDA* for 1x1 tiles with one blank (the parity rule
    /// has already decided solvability, and the space is too large to store), bidirectional
    /// BFS for small spaces, A* for the rest (blocks or several blanks: many transpositions,
    /// which a closed table catches and IDA* would walk again and again).
    pub fn pick(puzzle: &Puzzle) -> Algo {
        let cells = puzzle.board.cells();
        let covered: usize = puzzle.pieces.iter().map(|p| p.shape.area()).sum();
        let blanks = cells - covered;
        let tiles_only = puzzle.pieces.iter().all(|p| p.shape == Shape::UNIT);
        if tiles_only
            && blanks == 1
            && cells >= 9
            && puzzle.board.rows().min(puzzle.board.cols()) >= 2
        {
            return Algo::Idastar;
        }
        // Placements of the pieces and blanks as if each took one cell: a rough size.
        let units = puzzle.pieces.len() + blanks;
        let log_states: f64 = (blanks + 1..=units).map(|i| (i as f64).ln()).sum();
        if log_states <= SMALL_SPACE.ln() {
            Algo::Bibfs
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
            Algo::Idastar => "IDA*",
        })
    }
}

/// An `--algo` value that names no method.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm '{0}' (expected auto, bfs, bibfs, astar or idastar)")]
pub struct UnknownAlgo(String);

impl FromStr for Algo {
    type Err = UnknownAlgo;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(Algo::Auto),
            "bfs" => Ok(Algo::Bfs),
            "bibfs" => Ok(Algo::Bibfs),
            "astar" => Ok(Algo::Astar),
            "idastar" => Ok(Algo::Idastar),
            _ => Err(UnknownAlgo(s.to_string())),
        }
    }
}

/// What the solver may spend and how it searches.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Memory and time limits.
    pub limits: Limits,
    /// The exact method.
    pub algo: Algo,
}

/// Why the solver stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The search would have needed more than this many bytes.
    Memory(usize),
    /// The time limit passed.
    Time,
    /// The board has more cells than the exact searches handle.
    BoardSize(usize),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Memory(bytes) => write!(f, "the memory limit of {} was reached", Bytes(*bytes)),
            Limit::Time => write!(f, "the time limit was reached"),
            Limit::BoardSize(cells) => write!(
                f,
                "a board of {cells} cells is beyond the exact search (at most {} cells)",
                packed::MAX_CELLS
            ),
        }
    }
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A replay-checked solution; `optimal` when no shorter one exists (proven by the search).
    Solved {
        /// The moves, first to last.
        moves: Vec<Move>,
        /// Whether the length is a proven optimum.
        optimal: bool,
    },
    /// Proven unsolvable.
    Unsolvable(Unsolvable),
    /// A limit stopped the work before anything was proven.
    GaveUp(Limit),
}

/// An answer with what it cost.
#[derive(Clone, Debug)]
pub struct Report {
    /// The answer.
    pub answer: Answer,
    /// How it was found: a search method or "rules".
    pub method: String,
    /// The search's counters (zero when a rule decided).
    pub stats: Stats,
    /// Wall time from start to answer.
    pub elapsed: Duration,
}

/// A solution that failed its replay: a bug in a solver, never shown to the user as an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("internal error: the {method} solution failed its replay check: {reason}")]
pub struct Unverified {
    /// The method that produced it.
    pub method: String,
    /// What the replay found.
    pub reason: String,
}

/// Solves `numeric`, calling `on_progress` now and then with the search's counters.
pub fn solve(
    numeric: &NumericPuzzle,
    options: Options,
    on_progress: &mut dyn FnMut(&Stats),
) -> Result<Report, Unverified> {
    let began = Instant::now();
    let report = |answer, method: String, stats| Report {
        answer,
        method,
        stats,
        elapsed: began.elapsed(),
    };
    if let Some(proof) = rules::disproof(numeric) {
        return Ok(report(
            Answer::Unsolvable(proof),
            "rules".into(),
            Stats::default(),
        ));
    }
    let puzzle = numeric.engine();
    let target = numeric.target(&puzzle).expect("the block rule passed");
    let options = Options {
        algo: match options.algo {
            Algo::Auto => Algo::pick(&puzzle),
            forced => forced,
        },
        ..options
    };
    let mut method = options.algo.to_string();
    if options.algo == Algo::Idastar
        && let Some(walk) = TileWalk::new(
            &puzzle,
            &target,
            pdb::default_cache_dir().as_deref(),
            options.limits.max_memory,
        )
    {
        method = "IDA* with pattern databases".into();
        let start = walk.position(&puzzle.start);
        let found = search::idastar(
            &walk,
            start.clone(),
            |t| t.solved(),
            |t| t.bound(),
            options.limits,
            |_, stats| on_progress(stats),
        );
        let search = search::Search {
            outcome: match found.outcome {
                Outcome::Found(path) => Outcome::Found(walk.engine_moves(&start, &path)),
                Outcome::Exhausted => Outcome::Exhausted,
                Outcome::Stopped(stop) => Outcome::Stopped(stop),
            },
            stats: Stats {
                peak_bytes: walk.table_bytes(),
                ..found.stats
            },
        };
        return finish(&puzzle, &target, search, method).map(|(a, m, s)| report(a, m, s));
    }
    let Some(words) = packed::words_needed(&puzzle) else {
        let limit = Limit::BoardSize(puzzle.board.cells());
        return Ok(report(Answer::GaveUp(limit), method, Stats::default()));
    };
    let search = match words {
        1 => exact::<1>(&puzzle, &target, options, on_progress),
        2 => exact::<2>(&puzzle, &target, options, on_progress),
        3 => exact::<3>(&puzzle, &target, options, on_progress),
        4 => exact::<4>(&puzzle, &target, options, on_progress),
        5..=6 => exact::<6>(&puzzle, &target, options, on_progress),
        7..=8 => exact::<8>(&puzzle, &target, options, on_progress),
        9..=12 => exact::<12>(&puzzle, &target, options, on_progress),
        _ => exact::<16>(&puzzle, &target, options, on_progress),
    };
    finish(&puzzle, &target, search, method).map(|(a, m, s)| report(a, m, s))
}

/// Turns a search's outcome into an answer, replaying a solution first.
fn finish(
    puzzle: &Puzzle,
    target: &[usize],
    search: search::Search<Move>,
    method: String,
) -> Result<(Answer, String, Stats), Unverified> {
    let answer = match search.outcome {
        Outcome::Found(moves) => {
            verify(puzzle, target, &moves).map_err(|reason| Unverified {
                method: method.clone(),
                reason,
            })?;
            Answer::Solved {
                moves,
                optimal: true,
            }
        }
        Outcome::Exhausted => Answer::Unsolvable(Unsolvable::Exhausted {
            states: search.stats.stored,
        }),
        Outcome::Stopped(Stop::Memory(bytes)) => Answer::GaveUp(Limit::Memory(bytes)),
        Outcome::Stopped(Stop::Time) => Answer::GaveUp(Limit::Time),
    };
    Ok((answer, method, search.stats))
}

/// Runs the chosen exact search on the packed space with `W` words per state.
fn exact<const W: usize>(
    puzzle: &Puzzle,
    target: &[usize],
    options: Options,
    on_progress: &mut dyn FnMut(&Stats),
) -> search::Search<Move> {
    let space = PackedSpace::<W>::new(puzzle).expect("dispatched on words_needed");
    let start = space.encode(&puzzle.start);
    let goal = space.encode(target);
    let limits = options.limits;
    let bound = || {
        let cache = pdb::default_cache_dir();
        Bound::manhattan(puzzle, target).with_databases(
            puzzle,
            target,
            cache.as_deref(),
            limits.max_memory,
        )
    };
    let found = match options.algo {
        Algo::Bibfs | Algo::Auto => {
            search::bidirectional_bfs(&space, start, goal, limits, on_progress)
        }
        Algo::Bfs => search::bfs(&space, start, |s| *s == goal, limits, on_progress),
        Algo::Astar => {
            let bound = bound();
            search::astar(
                &space,
                start,
                |s| *s == goal,
                |s| bound.estimate(|p| space.origin(s, p)),
                limits,
                |_, stats| on_progress(stats),
            )
        }
        Algo::Idastar => {
            let bound = bound();
            search::idastar(
                &Stepwise::new(&space),
                start,
                |s| *s == goal,
                |s| bound.estimate(|p| space.origin(s, p)),
                limits,
                |_, stats| on_progress(stats),
            )
        }
    };
    search::Search {
        outcome: match found.outcome {
            Outcome::Found(path) => {
                Outcome::Found(path.into_iter().map(PackedSpace::<W>::unpack).collect())
            }
            Outcome::Exhausted => Outcome::Exhausted,
            Outcome::Stopped(stop) => Outcome::Stopped(stop),
        },
        stats: found.stats,
    }
}

/// Replays `moves` on the engine and checks that they end on `target`.
pub fn verify(puzzle: &Puzzle, target: &[usize], moves: &[Move]) -> Result<(), String> {
    let end = puzzle.replay(moves).map_err(|e| e.to_string())?;
    if end.origins() == target {
        Ok(())
    } else {
        Err(format!("the {} moves do not end on the goal", moves.len()))
    }
}

/// A byte count printed with a binary unit.
#[derive(Clone, Copy, Debug)]
pub struct Bytes(pub usize);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
        let mut value = self.0 as f64;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        if unit == 0 {
            write!(f, "{} B", self.0)
        } else {
            write!(f, "{value:.1} {}", UNITS[unit])
        }
    }
}
