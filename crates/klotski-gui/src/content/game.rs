//! What the player shows: a puzzle in engine form, the marks its kind adds to the board (goal
//! cells, a master piece), and the solve that streams its moves. Numeric Klotski, brick puzzles
//! and the classic 4x5 Klotski all reach the window and the headless renderer through it.

use crate::model::count::Count;
use crate::model::events::{Headway, Job, SolverEvent, Verdict, answer_events};
use klotski_core::engine::problem::{Goal, Problem};
use klotski_core::engine::puzzle::{Move, Puzzle};
use klotski_core::search::{Cancel, Limits};
use klotski_core::solve::{Options, Progress};
use klotski_puzzles::hrd::code::Code;
use klotski_puzzles::hrd::moves::Metric;
use klotski_puzzles::hrd::play::{playable, solution_from};
use klotski_puzzles::id::PuzzleId;
use klotski_puzzles::numeric::NumericPuzzle;
use klotski_puzzles::sbp::SbpBoard;
use klotski_puzzles::sbp::as_problem::{
    SolutionError, engine_problem, engine_solution, engine_solution_from,
};
use std::cell::RefCell;
use std::sync::Arc;

/// Makes the solve of the puzzle from its pieces standing at the given origins, heeding the
/// given cancellation: what the player runs when a person asks for a hint or a solve.
pub type SolveFrom = Arc<dyn Fn(&[usize], Cancel) -> Job + Send + Sync>;

/// What the board shows besides its walls and pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Cells of the goal region (a brick puzzle's goal cells, the classic Klotski's exit).
    pub goal_cells: Vec<usize>,
    /// The piece the goal is about, drawn in a colour of its own.
    pub master: Option<usize>,
}

impl Marks {
    /// What `problem`'s goal adds to the board: a cover goal's cells and master piece; a goal
    /// placement shows through the numbers' order and adds nothing.
    pub fn of(problem: &Problem) -> Marks {
        match problem.goal() {
            Goal::Cover { master, cells } => Marks {
                goal_cells: cells.clone(),
                master: Some(*master),
            },
            Goal::Placement(_) => Marks::default(),
        }
    }
}

/// A puzzle to play and the solve that finds its moves.
pub struct Game {
    /// What the window's title calls it: the file it came from, or its kind and size.
    pub name: String,
    /// The pieces, the board and the start.
    pub puzzle: Puzzle,
    /// Runs on the solver thread (or, headless, on the caller's) and tells the answer.
    pub job: Job,
    /// The same solve from any position.
    pub solve_from: SolveFrom,
    /// The puzzle with its goal; `None` when there is no goal to check (Numeric Klotski whose
    /// blocks can never stand where the goal needs them).
    pub problem: Option<Problem>,
    /// How its players count moves.
    pub count: Count,
    /// Its ID ([`PuzzleId`]): the whole puzzle as one line of text, to copy and share.
    pub id: String,
}

/// A puzzle as text, and its kind: what a file or a bundled level hands the player. The one
/// place the player tells the kinds apart is [`Game::parse`].
#[derive(Clone, Copy, Debug)]
pub enum Source<'a> {
    /// Numeric Klotski's input format.
    Numeric(&'a str),
    /// A sliding brick puzzle's board file.
    Bricks(&'a str),
    /// A classic 4x5 Klotski layout's code.
    Classic(&'a str),
}

impl Source<'_> {
    /// The kind of a puzzle file's `text`: a brick puzzle's board is comma-separated, and
    /// Numeric Klotski's never is.
    pub fn of_file(text: &str) -> Source<'_> {
        match text.contains(',') {
            true => Source::Bricks(text),
            false => Source::Numeric(text),
        }
    }
}

impl Game {
    /// The game `source` holds, solved under `options` (a brick puzzle within its limits);
    /// where its text does not parse, the `error: ...` line to show, naming the line at fault.
    pub fn parse(source: Source<'_>, options: &Options) -> Result<Game, String> {
        let error = |e: &dyn std::fmt::Display| format!("error: {e}");
        match source {
            Source::Numeric(text) => {
                let numeric: NumericPuzzle = text.parse().map_err(|e| error(&e))?;
                Ok(Game::numeric(numeric, options.clone()))
            }
            Source::Bricks(text) => {
                let board: SbpBoard = text.parse().map_err(|e| error(&e))?;
                Ok(Game::sbp(board, options.limits.clone()))
            }
            Source::Classic(code) => Ok(Game::hrd(code.parse().map_err(|e| error(&e))?)),
        }
    }

    /// The game `id` names, solved under `options` (a brick puzzle within its limits), titled
    /// by its kind and size.
    pub fn of_id(id: PuzzleId, options: &Options) -> Game {
        match id {
            PuzzleId::Numeric(numeric) => Game::numeric(numeric, options.clone()),
            PuzzleId::Bricks(board) => Game::sbp(board, options.limits.clone()),
            PuzzleId::Classic(code) => Game::hrd(code),
        }
    }

    /// The goal cells and master piece to draw: what the problem's goal adds to the board.
    pub fn marks(&self) -> Marks {
        self.problem.as_ref().map_or_else(Marks::default, Marks::of)
    }

    /// The window's title while this show plays.
    pub fn title(&self) -> String {
        format!("klotski: {}", self.name)
    }

    /// The same show called `name` (the file it came from, say).
    pub fn named(mut self, name: impl Into<String>) -> Game {
        self.name = name.into();
        self
    }

    /// `problem`, called `name`, and the solves that find its moves.
    fn with_goal(
        name: String,
        id: PuzzleId,
        problem: Problem,
        job: Job,
        solve_from: SolveFrom,
    ) -> Game {
        Game {
            id: id.to_string(),
            name,
            puzzle: problem.puzzle().clone(),
            job,
            solve_from,
            problem: Some(problem),
            count: Count::Cells,
        }
    }

    /// Numeric Klotski: no marks (the goal is the numbers' order), solved by the portfolio. When
    /// the constructive solver runs (huge boards, or after the exact search ran out of time),
    /// its moves are sent as they are made, so playing starts at once.
    pub fn numeric(numeric: NumericPuzzle, options: Options) -> Game {
        let id = PuzzleId::Numeric(numeric.clone()).to_string();
        let puzzle = numeric.puzzle();
        let name = format!("Numeric Klotski {}x{}", numeric.rows(), numeric.cols());
        let problem = numeric.problem().ok();
        let start = puzzle.start();
        let solve_from: SolveFrom = Arc::new(move |origins: &[usize], cancel: Cancel| {
            let mut options = options.clone();
            options.limits.cancel = cancel;
            numeric_job(numeric.clone(), origins.to_vec(), options)
        });
        Game {
            id,
            name,
            job: solve_from(start, Cancel::default()),
            puzzle,
            solve_from,
            problem,
            count: Count::Cells,
        }
    }

    /// A sliding brick puzzle: walls, goal cells and the master brick drawn apart; solved by
    /// A* (shortest), replayed on the engine before a move is shown.
    pub fn sbp(board: SbpBoard, limits: Limits) -> Game {
        let name = format!("brick puzzle {}x{}", board.height(), board.width());
        let problem = engine_problem(&board);
        let id = PuzzleId::Bricks(board.clone());
        let job: Job = {
            let limits = limits.clone();
            Box::new(move |emit| {
                let events = match engine_solution(&board, limits) {
                    Ok((solved, moves)) => {
                        shortest_checked(&solved, solved.puzzle().start(), moves)
                    }
                    Err(e) => engine_failure(e),
                };
                events.into_iter().for_each(emit);
            })
        };
        let goal = problem.clone();
        let solve_from: SolveFrom = Arc::new(move |origins: &[usize], cancel: Cancel| {
            let limits = Limits {
                cancel,
                ..limits.clone()
            };
            let (problem, origins) = (goal.clone(), origins.to_vec());
            Box::new(move |emit| {
                let events = match engine_solution_from(&problem, &origins, limits) {
                    Ok(moves) => shortest_checked(&problem, &origins, moves),
                    Err(e) => engine_failure(e),
                };
                events.into_iter().for_each(emit);
            })
        });
        Game::with_goal(name, id, problem, job, solve_from)
    }

    /// A classic 4x5 Klotski layout: the 2x2 block is the master, the exit (where the goal puts
    /// it, bottom centre) the goal cells. Its moves count as its players count them (a piece
    /// moved any distance is one move), and its solutions are shortest in that count; one takes
    /// milliseconds, so it is found here; the job only replays it and streams it.
    pub fn hrd(code: Code) -> Game {
        let name = format!("classic Klotski {code}");
        let (problem, moves) = playable(code, Metric::Piece);
        let job: Job = {
            let problem = problem.clone();
            Box::new(move |emit| {
                let events = match moves {
                    Some(moves) => shortest_checked(&problem, problem.puzzle().start(), moves),
                    None => vec![SolverEvent::Verdict(Verdict::NoSolution(
                        "the goal cannot be reached from this layout (every layout it reaches was tried)".into(),
                    ))],
                };
                events.into_iter().for_each(emit);
            })
        };
        // A classic layout solves in milliseconds: there is nothing to cancel.
        let goal = problem.clone();
        let solve_from: SolveFrom = Arc::new(move |origins: &[usize], _cancel: Cancel| {
            let (problem, origins) = (goal.clone(), origins.to_vec());
            Box::new(move |emit| {
                let events = match solution_from(problem.puzzle(), &origins, Metric::Piece) {
                    Some(moves) => shortest_checked(&problem, &origins, moves),
                    None => vec![SolverEvent::Verdict(Verdict::NoSolution(
                        "the goal cannot be reached from this layout (every layout it reaches was tried)".into(),
                    ))],
                };
                events.into_iter().for_each(emit);
            })
        });
        Game {
            count: Count::Pieces,
            ..Game::with_goal(name, PuzzleId::Classic(code), problem, job, solve_from)
        }
    }
}

/// The solve of Numeric Klotski from its pieces standing at `origins`: the rules and the
/// portfolio from the start, the portfolio alone elsewhere (every position reached from the
/// start is as solvable as the start). Constructive moves stream as they are made.
fn numeric_job(numeric: NumericPuzzle, origins: Vec<usize>, options: Options) -> Job {
    Box::new(move |emit| {
        let emit = RefCell::new(emit);
        let mut streamed = false;
        let mut headway = Headway::default();
        let mut on_progress = |progress: Progress<'_>| {
            let after = headway.after(&progress);
            if after != headway {
                headway = after;
                (emit.borrow_mut())(SolverEvent::Progress(headway));
            }
        };
        let mut on_move = |mv| {
            streamed = true;
            (emit.borrow_mut())(SolverEvent::Move(mv));
        };
        let result = if origins == numeric.puzzle().start() {
            klotski_puzzles::numeric::solve_streaming(
                &numeric,
                options,
                &mut on_progress,
                &mut on_move,
            )
        } else {
            let here = match numeric.problem() {
                Ok(problem) => problem.with_start(&origins).expect("the player's position"),
                Err(proof) => {
                    let verdict = Verdict::NoSolution(proof.to_string());
                    return (emit.borrow_mut())(SolverEvent::Verdict(verdict));
                }
            };
            klotski_core::solve::solve_puzzle_streaming(
                &here,
                options,
                &mut on_progress,
                &mut on_move,
            )
        };
        // Streamed moves are the answer's moves: only the verdict is left to send.
        (answer_events(result).into_iter())
            .filter(|event| !(streamed && matches!(event, SolverEvent::Move(_))))
            .for_each(|event| (emit.borrow_mut())(event));
    })
}

/// The verdict of a brick solve that found nothing.
fn engine_failure(error: SolutionError) -> Vec<SolverEvent> {
    match error {
        e @ SolutionError::NoSolution => {
            vec![SolverEvent::Verdict(Verdict::NoSolution(e.to_string()))]
        }
        e => vec![SolverEvent::Verdict(Verdict::NoAnswer(e.to_string()))],
    }
}

/// The events of a shortest solution of `problem` from its pieces at `origins`: each move, then
/// a proven-optimal verdict, once the moves have replayed onto the goal; a solution that fails
/// that check is never shown.
fn shortest_checked(problem: &Problem, origins: &[usize], moves: Vec<Move>) -> Vec<SolverEvent> {
    let checked = (problem.with_start(origins)).is_ok_and(|here| here.verify(&moves).is_ok());
    if checked {
        (moves.into_iter().map(SolverEvent::Move))
            .chain([SolverEvent::Verdict(Verdict::Solved { optimal: true })])
            .collect()
    } else {
        vec![SolverEvent::Verdict(Verdict::NoAnswer(
            "the solution failed its replay check".to_string(),
        ))]
    }
}
