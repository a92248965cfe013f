//! What the player shows: a puzzle in engine form, the marks its kind adds to the board (goal
//! cells, a master piece), and the solve that streams its moves. Numeric Klotski, brick puzzles
//! and the classic 4x5 Klotski all reach the window and the headless renderer through it.

use crate::engine::geometry::Shape;
use crate::engine::puzzle::{Move, Puzzle};
use crate::gui::events::{Job, SolverEvent, Verdict, answer_events};
use crate::puzzles::hrd::code::Code;
use crate::puzzles::hrd::layout::GOAL_HEAD;
use crate::puzzles::hrd::play::playable;
use crate::puzzles::numeric::NumericPuzzle;
use crate::puzzles::sbp::SbpBoard;
use crate::puzzles::sbp::engine::{EngineError, EnginePuzzle, engine_puzzle, engine_solution};
use crate::search::Limits;
use crate::solve::{Options, Progress};
use std::cell::RefCell;

/// What the board shows besides its walls and pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Cells of the goal region (a brick puzzle's goal cells, the classic Klotski's exit).
    pub goal_cells: Vec<usize>,
    /// The piece the goal is about, drawn in a colour of its own.
    pub master: Option<usize>,
}

/// A puzzle to play and the solve that finds its moves.
pub struct Show {
    /// The pieces, the board and the start.
    pub puzzle: Puzzle,
    /// Goal cells and master piece to draw.
    pub marks: Marks,
    /// Runs on the solver thread (or, headless, on the caller's) and tells the answer.
    pub job: Job,
}

impl Show {
    /// Numeric Klotski: no marks (the goal is the numbers' order), solved by the portfolio. When
    /// the constructive solver runs (huge boards, or after the exact search ran out of time),
    /// its moves are sent as they are made, so playing starts at once.
    pub fn numeric(numeric: NumericPuzzle, options: Options) -> Show {
        Show {
            puzzle: numeric.engine(),
            marks: Marks::default(),
            job: Box::new(move |emit| {
                let emit = RefCell::new(emit);
                let mut streamed = false;
                let result = crate::puzzles::numeric::solve_streaming(
                    &numeric,
                    options,
                    &mut |progress| {
                        if let Progress::Search(stats) = progress {
                            (emit.borrow_mut())(SolverEvent::Progress(stats.stored));
                        }
                    },
                    &mut |mv| {
                        streamed = true;
                        (emit.borrow_mut())(SolverEvent::Move(mv));
                    },
                );
                // Streamed moves are the answer's moves: only the verdict is left to send.
                (answer_events(result).into_iter())
                    .filter(|event| !(streamed && matches!(event, SolverEvent::Move(_))))
                    .for_each(|event| (emit.borrow_mut())(event));
            }),
        }
    }

    /// A sliding brick puzzle: walls, goal cells and the master brick drawn apart; solved by
    /// A* (shortest), replayed on the engine before a move is shown.
    pub fn sbp(board: SbpBoard, limits: Limits) -> Show {
        let engine = engine_puzzle(&board);
        let marks = Marks {
            goal_cells: engine.goals.clone(),
            master: Some(engine.master),
        };
        let job: Job = Box::new(move |emit| {
            let events = match engine_solution(&board, limits) {
                Ok((solved, moves)) => shortest_checked(&solved, moves),
                Err(EngineError::NoSolution) => vec![SolverEvent::Verdict(Verdict::NoSolution)],
                Err(e) => vec![SolverEvent::Verdict(Verdict::NoAnswer(e.to_string()))],
            };
            events.into_iter().for_each(emit);
        });
        Show {
            puzzle: engine.puzzle,
            marks,
            job,
        }
    }

    /// A classic 4x5 Klotski layout: the 2x2 block is the master, the exit (where the goal puts
    /// it, bottom centre) the goal cells. The shortest single-cell solution takes milliseconds,
    /// so it is found here; the job only replays it and streams it.
    pub fn hrd(code: Code) -> Show {
        let (puzzle, moves) = playable(code);
        let master = (puzzle.pieces.iter()).position(|p| p.shape == Shape { rows: 2, cols: 2 });
        let engine = EnginePuzzle {
            goals: (puzzle.board)
                .footprint(Shape { rows: 2, cols: 2 }, GOAL_HEAD)
                .collect(),
            master: master.expect("a legal layout has the 2x2 block"),
            puzzle,
        };
        let marks = Marks {
            goal_cells: engine.goals.clone(),
            master: Some(engine.master),
        };
        let puzzle = engine.puzzle.clone();
        let job: Job = Box::new(move |emit| {
            let events = match moves {
                Some(moves) => shortest_checked(&engine, moves),
                None => vec![SolverEvent::Verdict(Verdict::NoSolution)],
            };
            events.into_iter().for_each(emit);
        });
        Show { puzzle, marks, job }
    }
}

/// The events of a shortest solution of `engine`: each move, then a proven-optimal verdict, once
/// the moves have replayed onto the goal; a solution that fails that check is never shown.
fn shortest_checked(engine: &EnginePuzzle, moves: Vec<Move>) -> Vec<SolverEvent> {
    if master_on_goals(engine, &moves) {
        (moves.into_iter().map(SolverEvent::Move))
            .chain([SolverEvent::Verdict(Verdict::Solved { optimal: true })])
            .collect()
    } else {
        vec![SolverEvent::Verdict(Verdict::NoAnswer(
            "the solution failed its replay check".to_string(),
        ))]
    }
}

/// Whether `moves` replay on `engine` and leave the master brick over every goal cell.
fn master_on_goals(engine: &EnginePuzzle, moves: &[Move]) -> bool {
    let puzzle = &engine.puzzle;
    puzzle.replay(moves).is_ok_and(|end| {
        let shape = puzzle.pieces[engine.master].shape;
        let covered: Vec<usize> = (puzzle.board)
            .footprint(shape, end.origins()[engine.master])
            .collect();
        engine.goals.iter().all(|g| covered.contains(g))
    })
}
