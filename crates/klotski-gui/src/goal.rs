//! The goal as the player checks and shows it: one placement of every piece (Numeric Klotski),
//! or a master piece covering goal cells (brick puzzles, the classic Klotski).

use crate::show::Marks;
use klotski_core::engine::puzzle::{Position, Puzzle};

/// What solves the puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Goal {
    /// Every piece at this origin.
    Placement(Vec<usize>),
    /// This piece over every one of these cells.
    Cover {
        /// The master piece.
        master: usize,
        /// The goal cells.
        cells: Vec<usize>,
    },
    /// No goal to check (a puzzle proven unsolvable by its blocks' shapes).
    #[default]
    Unknown,
}

impl Goal {
    /// The goal of a puzzle with this `target` placement, or else these marks.
    pub fn new(target: Option<Vec<usize>>, marks: &Marks) -> Goal {
        match (target, marks.master) {
            (Some(target), _) => Goal::Placement(target),
            (None, Some(master)) if !marks.goal_cells.is_empty() => Goal::Cover {
                master,
                cells: marks.goal_cells.clone(),
            },
            _ => Goal::Unknown,
        }
    }

    /// Whether `position` of `puzzle` is solved.
    pub fn reached(&self, puzzle: &Puzzle, position: &Position) -> bool {
        match self {
            Goal::Placement(target) => position.origins() == target.as_slice(),
            Goal::Cover { master, cells } => {
                let shape = puzzle.pieces[*master].shape;
                let origin = position.origins()[*master];
                let covered: Vec<usize> = puzzle.board.footprint(shape, origin).collect();
                cells.iter().all(|c| covered.contains(c))
            }
            Goal::Unknown => false,
        }
    }

    /// The goal layout to show while `G` is held, when the goal is one placement.
    pub fn layout(&self, puzzle: &Puzzle) -> Option<Position> {
        match self {
            Goal::Placement(target) => puzzle.position(target).ok(),
            _ => None,
        }
    }
}
