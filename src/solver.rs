//! Solving a Numeric Klotski puzzle end to end: rules that prove `No` at once, an exact search,
//! the fallbacks where it cannot finish (relaxation, constructive solver, anytime improvement),
//! and a replay of every solution on the engine before it is handed out.

use crate::anytime;
use crate::constructive::{self, Failure};
use crate::geometry::Shape;
use crate::heuristic::Bound;
use crate::heuristic::pdb::{Cache, Supply, TableEvent};
use crate::numeric::{NumericPuzzle, Unsolvable, rules};
use crate::packed::{self, PackedSpace};
use crate::puzzle::{Move, Puzzle};
use crate::relax::{self, Verdict};
use crate::search::idastar::Stepwise;
use crate::search::{self, Limits, Outcome, Stats, Stop, Weights};
use crate::shorten;
use crate::tiles::TileWalk;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// A solving method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algo {
    /// The portfolio (the default): the exact search [`Algo::pick`] chooses, for a proven
    /// optimum while it fits in half the time and the memory; then, with blocks, the
    /// relaxation ([`relax`]) that may prove `No`; then the constructive solver for a valid
    /// solution, which weighted A* with a falling weight ([`anytime`]) shortens while time
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
    /// IDA* with pattern databases (one blank, 1x1 tiles) or as A*'s bound.
    Idastar,
    /// Weighted A* (the estimate counted [`WASTAR_WEIGHT`] times) with A*'s heuristic: valid
    /// solutions at most that many times the shortest, not proven optimal.
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
    pub const ALL: [Algo; 8] = [
        Algo::Auto,
        Algo::Bfs,
        Algo::Bibfs,
        Algo::Astar,
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
            Algo::Idastar => "idastar",
            Algo::Wastar => "wastar",
            Algo::Greedy => "greedy",
            Algo::Constructive => "constructive",
        }
    }

    /// Whether a path this method finds is proven shortest.
    pub fn is_optimal(self) -> bool {
        matches!(self, Algo::Bfs | Algo::Bibfs | Algo::Astar | Algo::Idastar)
    }

    /// How the A* family orders its open states under this method.
    fn weights(self) -> Weights {
        match self {
            Algo::Wastar => Weights::weighted(WASTAR_WEIGHT),
            Algo::Greedy => Weights::GREEDY,
            _ => Weights::ASTAR,
        }
    }

    /// The portfolio's exact search for `puzzle`: IDA* for 1x1 tiles with one blank (the
    /// parity rule has already decided solvability, and the space is too large to store),
    /// bidirectional BFS for small spaces, A* for the rest (blocks or several blanks: many
    /// transpositions, which a closed table catches and IDA* would walk again and again).
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
            Algo::Wastar => "weighted A*",
            Algo::Greedy => "greedy best-first",
            Algo::Constructive => "constructive solver",
        })
    }
}

/// An `--algo` value that names no method.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown algorithm '{0}' (expected auto, bfs, bibfs, astar, idastar, wastar, greedy or constructive)"
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

/// The relaxations' first share of the time left after the exact search: a tenth, so that the
/// constructive solver keeps nearly all of it on the (common) boards the relaxations cannot
/// decide; they get the rest only if it gets stuck.
const RELAX_SHARE: u32 = 10;

/// With no time limit set, the least time the relaxations get after the constructive solver got
/// stuck (they would otherwise leave the puzzle undecided).
const RELAX_AFTER_STUCK: Duration = Duration::from_millis(2500);

/// Boards of more cells than this give the exact search only a [`LARGE_BOARD_EXACT_SHARE`]th of
/// the time, not half: it almost never finishes on them, the constructive solver needs seconds
/// (4 s on the 10x10 case with five blanks and blocks), and the improvement that follows ends
/// in the same A* anyway (at weight 1) if time remains.
const LARGE_BOARD_CELLS: usize = 64;

/// See [`LARGE_BOARD_CELLS`].
const LARGE_BOARD_EXACT_SHARE: u32 = 5;

/// The time the portfolio plans with when the caller set no deadline: the exact search gets
/// half of it, the constructive solver takes what it needs.
const DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// What the solver may spend and how it searches.
#[derive(Clone, Debug)]
pub struct Options {
    /// Memory and time limits.
    pub limits: Limits,
    /// The exact method.
    pub algo: Algo,
    /// Where pattern databases are kept between runs; `None`: built in memory each run.
    pub cache: Option<Cache>,
}

impl Options {
    /// The portfolio within `limits`, with no cache.
    pub fn new(limits: Limits) -> Options {
        Options {
            limits,
            algo: Algo::Auto,
            cache: None,
        }
    }
}

/// What a solve reports while it works.
#[derive(Debug)]
pub enum Progress<'a> {
    /// A search's counters so far.
    Search(&'a Stats),
    /// A pattern database on its way to a search.
    Table(TableEvent<'a>),
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
    /// The constructive solver could not place this piece (label) within its search budget.
    Stuck(u32),
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
            Limit::Stuck(label) => {
                write!(f, "the constructive solver could not place piece {label}")
            }
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
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Report, Unverified> {
    solve_watched(numeric, options, on_progress, None)
}

/// As [`solve`], and when the constructive solver runs, hands `on_move` each of its moves as it
/// is made, so a player can start showing a huge board's solution at once. The answer is then
/// exactly the moves handed over (loops are not cut afterwards: they have been shown), still
/// replayed and checked against the goal before it is returned.
pub fn solve_streaming(
    numeric: &NumericPuzzle,
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
    on_move: &mut dyn FnMut(Move),
) -> Result<Report, Unverified> {
    solve_watched(numeric, options, on_progress, Some(on_move))
}

fn solve_watched(
    numeric: &NumericPuzzle,
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
    on_move: Option<&mut dyn FnMut(Move)>,
) -> Result<Report, Unverified> {
    let began = Instant::now();
    if let Some(proof) = rules::disproof(numeric) {
        return Ok(Report {
            answer: Answer::Unsolvable(proof),
            method: "rules".into(),
            stats: Stats::default(),
            elapsed: began.elapsed(),
        });
    }
    let puzzle = numeric.engine();
    let target = numeric.target(&puzzle).expect("the block rule passed");
    solve_puzzle_watched(&puzzle, &target, options, on_progress, on_move)
}

/// Solves any puzzle whose goal is one placement of its pieces (`target`): the portfolio of
/// [`Algo::Auto`], or the method `options` forces. No rules are tried first.
pub fn solve_puzzle(
    puzzle: &Puzzle,
    target: &[usize],
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Report, Unverified> {
    solve_puzzle_watched(puzzle, target, options, on_progress, None)
}

fn solve_puzzle_watched(
    puzzle: &Puzzle,
    target: &[usize],
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
    on_move: Option<&mut dyn FnMut(Move)>,
) -> Result<Report, Unverified> {
    let began = Instant::now();
    let report = |answer, method: String, stats| Report {
        answer,
        method,
        stats,
        elapsed: began.elapsed(),
    };
    let checked = |moves: &[Move], method: &str| {
        verify(puzzle, target, moves).map_err(|reason| Unverified {
            method: method.to_string(),
            reason,
        })
    };

    let exact_algo = match options.algo {
        Algo::Auto => Some(Algo::pick(puzzle)),
        exact @ (Algo::Bfs
        | Algo::Bibfs
        | Algo::Astar
        | Algo::Idastar
        | Algo::Wastar
        | Algo::Greedy) => Some(exact),
        Algo::Constructive => None,
    };
    let mut stats = Stats::default();
    let mut method = String::new();
    let auto = options.algo == Algo::Auto;
    let budget_end = options.limits.deadline.unwrap_or(began + DEFAULT_BUDGET);
    if let Some(algo) = exact_algo {
        let mut limits = options.limits;
        if auto {
            // Leave the rest of the time to the constructive solver and its improvement.
            let share = if puzzle.board.cells() > LARGE_BOARD_CELLS {
                LARGE_BOARD_EXACT_SHARE
            } else {
                2
            };
            limits.deadline = Some(began + budget_end.saturating_duration_since(began) / share);
        }
        let cache = options.cache.as_ref();
        let stopped = match exact(
            puzzle,
            target,
            algo,
            algo.weights(),
            limits,
            cache,
            on_progress,
        ) {
            None => Limit::BoardSize(puzzle.board.cells()),
            Some(search) => {
                stats = search.stats;
                match search.outcome {
                    Outcome::Found(moves) => {
                        checked(&moves, &algo.to_string())?;
                        let answer = Answer::Solved {
                            moves,
                            optimal: algo.is_optimal(),
                        };
                        return Ok(report(answer, algo.to_string(), stats));
                    }
                    Outcome::Exhausted => {
                        let proof = Unsolvable::Exhausted {
                            states: stats.stored,
                        };
                        return Ok(report(Answer::Unsolvable(proof), algo.to_string(), stats));
                    }
                    Outcome::Stopped(Stop::Memory(bytes)) => Limit::Memory(bytes),
                    Outcome::Stopped(Stop::Time) => Limit::Time,
                }
            }
        };
        if options.algo != Algo::Auto {
            return Ok(report(Answer::GaveUp(stopped), algo.to_string(), stats));
        }
        method = format!(" after {algo} stopped: {stopped}");
    }
    // The relaxations get a short turn before the constructive solver (locked blocks show
    // within milliseconds), and the rest of the time if it gets stuck.
    let mut relax_again = false;
    if auto {
        let now = Instant::now();
        let until = now + budget_end.saturating_duration_since(now) / RELAX_SHARE;
        match relaxed(puzzle, target, options.limits, until) {
            Relaxed::Proof(proof, stats) => {
                return Ok(report(
                    Answer::Unsolvable(proof),
                    "relaxation".into(),
                    stats,
                ));
            }
            Relaxed::NoProof(note, stopped) => {
                method = format!("{method}; {note}");
                relax_again = stopped;
            }
            Relaxed::NotApplicable => {}
        }
    }
    let mut method = format!("{}{method}", Algo::Constructive);
    let deadline = options.limits.deadline;
    let streamed = on_move.is_some();
    let constructing = Instant::now();
    let constructed = match on_move {
        None => constructive::solve(puzzle, target, deadline),
        Some(on_move) => {
            let mut moves = Vec::new();
            constructive::solve_streaming(puzzle, target, deadline, &mut |mv| {
                moves.push(mv);
                on_move(mv);
            })
            .map(|()| moves)
        }
    };
    let answer = match constructed {
        Ok(moves) => {
            let moves = if streamed {
                moves
            } else {
                // Local searches get half as long as the solve took, never past the deadline.
                let mut until = Instant::now() + constructing.elapsed() / 2;
                if let Some(deadline) = deadline {
                    until = until.min(deadline);
                }
                let shorter = shorten::locally(puzzle, &moves, until);
                if verify(puzzle, target, &shorter).is_ok() {
                    shorter
                } else {
                    moves
                }
            };
            checked(&moves, &method)?;
            if auto && !streamed {
                // The improvement stops a fifth of the budget early: graders stop the process
                // at the limit, and replaying, printing and freeing the tables take time too.
                let improve_end = began + budget_end.saturating_duration_since(began) * 4 / 5;
                let improved = anytime::improve(
                    moves,
                    |weights| {
                        let limits = Limits {
                            deadline: Some(improve_end),
                            ..options.limits
                        };
                        let run = || {
                            let cache = options.cache.as_ref();
                            exact(
                                puzzle,
                                target,
                                Algo::Wastar,
                                weights,
                                limits,
                                cache,
                                &mut |_| {},
                            )
                        };
                        (Instant::now() < improve_end)
                            .then(run)
                            .flatten()
                            .map(|s| s.outcome)
                    },
                    |moves| verify(puzzle, target, moves).is_ok(),
                );
                method = format!("{method}; {improved}");
                Answer::Solved {
                    optimal: improved.optimal(),
                    moves: improved.moves,
                }
            } else {
                Answer::Solved {
                    moves,
                    optimal: false,
                }
            }
        }
        Err(Failure::Time) => Answer::GaveUp(Limit::Time),
        Err(Failure::Stuck { label }) => {
            // With no time limit set the budget is only a plan, which a stuck solver may have
            // overrun: a proof is then worth a little more time than giving up.
            let until = (options.limits.deadline)
                .unwrap_or_else(|| budget_end.max(Instant::now() + RELAX_AFTER_STUCK));
            if relax_again
                && let Relaxed::Proof(proof, stats) = relaxed(puzzle, target, options.limits, until)
            {
                let method = format!("relaxation, after the {} got stuck", Algo::Constructive);
                return Ok(report(Answer::Unsolvable(proof), method, stats));
            }
            Answer::GaveUp(Limit::Stuck(label))
        }
    };
    Ok(report(answer, method, stats))
}

/// What the relaxations showed.
enum Relaxed {
    /// The puzzle is unsolvable; the deciding search's counters.
    Proof(Unsolvable, Stats),
    /// No proof: a note for the method line, and whether the time cut the search short.
    NoProof(String, bool),
    /// The puzzle has no blocks, or too many blanks and blocks to encode.
    NotApplicable,
}

/// Runs the relaxations of [`relax::disprove`] until `until` within `limits`' memory.
fn relaxed(puzzle: &Puzzle, target: &[usize], limits: Limits, until: Instant) -> Relaxed {
    let limits = Limits {
        deadline: Some(until),
        ..limits
    };
    let Some(runs) = relax::disprove(puzzle, target, limits) else {
        return Relaxed::NotApplicable;
    };
    let last = runs.last().expect("at least one relaxation");
    match last.verdict {
        Verdict::Unreachable => Relaxed::Proof(
            Unsolvable::Relaxed {
                alike: last.alike,
                states: last.stats.stored,
            },
            last.stats,
        ),
        verdict => Relaxed::NoProof(
            format!("relaxation with {}: {verdict}", last.alike),
            verdict == Verdict::Stopped(Stop::Time),
        ),
    }
}

/// Runs an exact search: IDA* on 1x1 tiles with one blank walks them in place with pattern
/// databases; everything else runs on the packed space, or gets `None` when the board is too
/// large for it. Tables come from `cache` or are built within `limits`.
fn exact(
    puzzle: &Puzzle,
    target: &[usize],
    algo: Algo,
    weights: Weights,
    limits: Limits,
    cache: Option<&Cache>,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Option<search::Search<Move>> {
    if algo == Algo::Idastar {
        let walk = {
            let mut on_table = |event: TableEvent<'_>| on_progress(Progress::Table(event));
            let mut supply = tables(limits, cache, &mut on_table);
            TileWalk::new(puzzle, target, &mut supply)
        };
        if let Some(walk) = walk {
            return Some(walk_search(&walk, puzzle, limits, on_progress));
        }
    }
    let run = match packed::words_needed(puzzle)? {
        1 => exact_packed::<1>,
        2 => exact_packed::<2>,
        3 => exact_packed::<3>,
        4 => exact_packed::<4>,
        5..=6 => exact_packed::<6>,
        7..=8 => exact_packed::<8>,
        9..=12 => exact_packed::<12>,
        _ => exact_packed::<16>,
    };
    Some(run(
        puzzle,
        target,
        algo,
        weights,
        limits,
        cache,
        on_progress,
    ))
}

/// The pattern databases a search within `limits` may get from `cache` or build.
fn tables<'a>(
    limits: Limits,
    cache: Option<&'a Cache>,
    on_table: &'a mut dyn FnMut(TableEvent<'_>),
) -> Supply<'a> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    Supply::new(cache, limits.deadline, limits.max_memory, threads, on_table)
}

/// IDA* on `walk` from `puzzle`'s start, its path turned into engine moves.
fn walk_search(
    walk: &TileWalk,
    puzzle: &Puzzle,
    limits: Limits,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> search::Search<Move> {
    let start = walk.position(&puzzle.start);
    let found = search::idastar(
        walk,
        start.clone(),
        |t| t.solved(),
        |t| t.bound(),
        limits,
        |_, stats| on_progress(Progress::Search(stats)),
    );
    search::Search {
        outcome: match found.outcome {
            Outcome::Found(path) => Outcome::Found(walk.engine_moves(&start, &path)),
            Outcome::Exhausted => Outcome::Exhausted,
            Outcome::Stopped(stop) => Outcome::Stopped(stop),
        },
        stats: Stats {
            peak_bytes: walk.table_bytes(),
            ..found.stats
        },
    }
}

/// Runs an exact `algo` on the packed space with `W` words per state; the A* family orders its
/// open states by `weights`.
fn exact_packed<const W: usize>(
    puzzle: &Puzzle,
    target: &[usize],
    algo: Algo,
    weights: Weights,
    limits: Limits,
    cache: Option<&Cache>,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> search::Search<Move> {
    let space = PackedSpace::<W>::new(puzzle).expect("dispatched on words_needed");
    let start = space.encode(&puzzle.start);
    let goal = space.encode(target);
    let mut bound = || {
        let mut on_table = |event: TableEvent<'_>| on_progress(Progress::Table(event));
        let mut supply = tables(limits, cache, &mut on_table);
        Bound::manhattan(puzzle, target).with_databases(puzzle, target, &mut supply)
    };
    let found = match algo {
        Algo::Bfs => search::bfs(
            &space,
            start,
            |s| *s == goal,
            limits,
            &mut |stats: &Stats| on_progress(Progress::Search(stats)),
        ),
        Algo::Astar | Algo::Wastar | Algo::Greedy => {
            let bound = bound();
            search::weighted_astar(
                &space,
                start,
                |s| *s == goal,
                |s| bound.estimate(|p| space.origin(s, p)),
                weights,
                limits,
                |_, stats| on_progress(Progress::Search(stats)),
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
                |_, stats| on_progress(Progress::Search(stats)),
            )
        }
        Algo::Auto | Algo::Bibfs | Algo::Constructive => {
            search::bidirectional_bfs(&space, start, goal, limits, &mut |stats: &Stats| {
                on_progress(Progress::Search(stats))
            })
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
