//! A puzzle and its goal as one value: what every solver, the replay check and the player take.

use crate::engine::puzzle::{IllegalMove, Move, PlacementError, Position, Puzzle};

/// What solves a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every piece at this origin, indexed like [`Puzzle::pieces`]: Numeric Klotski and the
    /// N-puzzle, whose goal is one arrangement of everything.
    Placement(Vec<usize>),
    /// One piece over every one of some cells, the others anywhere: the brick puzzle and the
    /// classic Klotski, whose goal is the master block at the exit. With no cells, every
    /// position is solved.
    Cover {
        /// The master piece's index in [`Puzzle::pieces`].
        master: usize,
        /// The cells it must cover, each a board cell.
        cells: Vec<usize>,
    },
}

/// A puzzle with a goal that names its pieces and cells.
///
/// Built only through [`Problem::new`], which checks the goal against the puzzle (whose start
/// [`Puzzle::new`] checked).
///
/// ```
/// use klotski_core::engine::{Board, Goal, Problem, Puzzle};
///
/// // 1 and 2 swapped on a 1x3 board with a blank on the right: no move can swap them.
/// let puzzle = Puzzle::numbered(Board::new(1, 3), &[2, 1, 0], &[]).unwrap();
/// let problem = Problem::new(puzzle, Goal::Placement(vec![0, 1]))?;
/// assert!(!problem.is_solved(&problem.start_position()));
/// // A goal that overlaps two pieces is refused.
/// let puzzle = problem.puzzle().clone();
/// assert!(Problem::new(puzzle, Goal::Placement(vec![0, 0])).is_err());
/// # Ok::<(), klotski_core::engine::ProblemError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    puzzle: Puzzle,
    goal: Goal,
}

/// Why a puzzle and a goal do not make a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    /// The start is not a position (from [`Problem::with_start`]).
    #[error("the start is not a position: {0}")]
    Start(PlacementError),
    /// The goal placement is not a position.
    #[error("the goal is not a position: {0}")]
    Goal(PlacementError),
    /// The master piece is not one of the puzzle's.
    #[error("the goal's master piece {0} is not one of the puzzle's pieces")]
    NoMaster(usize),
    /// A goal cell is off the board.
    #[error("a goal cell is off the board")]
    GoalCells,
}

/// A solution that does not solve its problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsolved {
    /// A move cannot be made where it is played.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The moves replay but end off the goal.
    #[error("the {moves} moves do not end on the goal")]
    OffGoal {
        /// How many moves were played.
        moves: usize,
    },
}

impl Problem {
    /// `puzzle` with `goal`, checked: a goal placement places every piece on the board without
    /// overlap (as the puzzle's start does); a cover goal's master is a piece and its cells are
    /// on the board.
    pub fn new(puzzle: Puzzle, goal: Goal) -> Result<Problem, ProblemError> {
        let pieces = puzzle.pieces.len();
        match &goal {
            Goal::Placement(target) => {
                puzzle.position(target).map_err(ProblemError::Goal)?;
            }
            Goal::Cover { master, .. } if *master >= pieces => {
                return Err(ProblemError::NoMaster(*master));
            }
            Goal::Cover { cells, .. } => {
                if cells.iter().any(|&c| c >= puzzle.board.cells()) {
                    return Err(ProblemError::GoalCells);
                }
            }
        }
        Ok(Problem { puzzle, goal })
    }

    /// The board, the pieces and where they start.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// What solves it.
    pub fn goal(&self) -> &Goal {
        &self.goal
    }

    /// The goal origin of every piece, when the goal is one placement.
    pub fn placement(&self) -> Option<&[usize]> {
        match &self.goal {
            Goal::Placement(target) => Some(target),
            Goal::Cover { .. } => None,
        }
    }

    /// The start position.
    pub fn start_position(&self) -> Position {
        self.puzzle.start_position()
    }

    /// This problem from the pieces at `origins` instead, with the same goal.
    pub fn with_start(&self, origins: &[usize]) -> Result<Problem, ProblemError> {
        let puzzle = self
            .puzzle
            .with_start(origins)
            .map_err(ProblemError::Start)?;
        Ok(Problem {
            puzzle,
            goal: self.goal.clone(),
        })
    }

    /// Whether `origins` (one per piece) solve the problem.
    pub fn is_solved_at(&self, origins: &[usize]) -> bool {
        match &self.goal {
            Goal::Placement(target) => origins == target.as_slice(),
            Goal::Cover { master, cells } => self.covers(*master, origins[*master], cells),
        }
    }

    /// Whether piece `master` standing at `origin` covers every one of `cells`.
    pub(crate) fn covers(&self, master: usize, origin: usize, cells: &[usize]) -> bool {
        let (board, shape) = (&self.puzzle.board, self.puzzle.pieces[master].shape);
        board.fits(shape, origin)
            && (cells.iter()).all(|&c| board.footprint(shape, origin).any(|f| f == c))
    }

    /// Whether `position` solves the problem.
    pub fn is_solved(&self, position: &Position) -> bool {
        self.is_solved_at(position.origins())
    }

    /// Replays `moves` from the start, checking each, and that they end on the goal: the
    /// check every answer passes before anyone sees it.
    pub fn verify(&self, moves: &[Move]) -> Result<Position, Unsolved> {
        let end = self.puzzle.replay(moves)?;
        if self.is_solved(&end) {
            Ok(end)
        } else {
            Err(Unsolved::OffGoal { moves: moves.len() })
        }
    }

    /// The puzzle and the goal, apart.
    pub fn into_parts(self) -> (Puzzle, Goal) {
        (self.puzzle, self.goal)
    }
}
