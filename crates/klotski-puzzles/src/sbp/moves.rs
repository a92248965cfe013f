//! Moves as the assignment names them, `(piece, direction)`: which ones a board allows, in the assignment's
//! order, and making one.

use super::board::{Cell, MASTER, SbpBoard};
use klotski_core::engine::geometry::Dir;
use std::fmt;
use std::str::FromStr;

/// The assignment's direction order: up, down, left, right.
pub const DIRS: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

/// The assignment's word for a direction.
pub fn dir_name(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "up",
        Dir::Down => "down",
        Dir::Left => "left",
        Dir::Right => "right",
    }
}

/// One brick sliding one cell.
///
/// Prints as the assignment's move lists do, `(3, down)`; the alternate form `{:#}` prints the
/// solvers' `(3,down)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BrickMove {
    /// The brick's number.
    pub label: i32,
    /// Where it slides.
    pub dir: Dir,
}

impl fmt::Display for BrickMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let gap = if f.alternate() { "" } else { " " };
        write!(f, "({},{gap}{})", self.label, dir_name(self.dir))
    }
}

/// Why a move could not be read or made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not of the form `(piece,direction)`.
    #[error("'{0}' is not a move: expected (piece,direction), e.g. (3,down)")]
    Syntax(String),
    /// No brick has this number.
    #[error("there is no brick {0} on the board")]
    NoBrick(i32),
    /// Something stands in the way.
    #[error("brick {} cannot move {}: the cells it would enter are not free", .0.label, dir_name(.0.dir))]
    Blocked(BrickMove),
}

impl FromStr for BrickMove {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<BrickMove, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        let inner = text.trim();
        let inner = (inner.strip_prefix('('))
            .and_then(|s| s.strip_suffix(')'))
            .ok_or_else(syntax)?;
        let (label, dir) = inner.split_once(',').ok_or_else(syntax)?;
        let label = label.trim().parse().map_err(|_| syntax())?;
        let dir = DIRS
            .into_iter()
            .find(|&d| dir_name(d) == dir.trim().to_ascii_lowercase())
            .ok_or_else(syntax)?;
        Ok(BrickMove { label, dir })
    }
}

/// Every move in `text`: one or more `(piece,direction)` groups, with nothing but spaces or
/// commas between them, as in `(3,down) (4,left)` or `(3,down),(4,left)`.
pub fn parse_moves(text: &str) -> Result<Vec<BrickMove>, MoveError> {
    let syntax = || MoveError::Syntax(text.to_string());
    let mut moves = Vec::new();
    let mut rest = text.trim_start_matches([' ', '\t', ',']);
    while !rest.is_empty() {
        let end = rest.find(')').ok_or_else(syntax)?;
        moves.push(rest[..=end].parse()?);
        rest = rest[end + 1..].trim_start_matches([' ', '\t', ',']);
    }
    if moves.is_empty() {
        return Err(syntax());
    }
    Ok(moves)
}

impl SbpBoard {
    /// Whether the brick at `origin` of `shape`, numbered `label`, can slide towards `dir`:
    /// the cells it enters are free, or goal cells and it is the master brick.
    fn can_slide(
        &self,
        label: i32,
        origin: usize,
        shape: klotski_core::engine::geometry::Shape,
        dir: Dir,
    ) -> bool {
        let grid = self.grid();
        grid.step(shape, origin, dir).is_some()
            && grid
                .entering(shape, origin, dir)
                .all(|c| match self.cells()[c] {
                    Cell::Empty => true,
                    Cell::Goal => label == MASTER,
                    _ => false,
                })
    }

    /// Every legal move: bricks by increasing number, each in the order up, down, left, right.
    pub fn available_moves(&self) -> Vec<BrickMove> {
        let mut bricks = self.bricks();
        bricks.sort_by_key(|b| b.label);
        (bricks.iter())
            .flat_map(|b| DIRS.map(|dir| (b, dir)))
            .filter(|(b, dir)| self.can_slide(b.label, b.origin, b.shape, *dir))
            .map(|(b, dir)| BrickMove {
                label: b.label,
                dir,
            })
            .collect()
    }

    /// Makes `mv`, or says why it cannot be made.
    pub fn apply(&mut self, mv: BrickMove) -> Result<(), MoveError> {
        let brick = (self.bricks().into_iter())
            .find(|b| b.label == mv.label)
            .ok_or(MoveError::NoBrick(mv.label))?;
        if !self.can_slide(brick.label, brick.origin, brick.shape, mv.dir) {
            return Err(MoveError::Blocked(mv));
        }
        self.shift(brick.origin, brick.shape, mv.dir);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_print_and_parse_in_both_spellings() {
        let mv = BrickMove {
            label: 3,
            dir: Dir::Down,
        };
        assert_eq!(mv.to_string(), "(3, down)");
        assert_eq!(format!("{mv:#}"), "(3,down)");
        assert_eq!("(3,down)".parse(), Ok(mv));
        assert_eq!(" ( 3 , Down ) ".parse(), Ok(mv));
        let left = BrickMove {
            label: 4,
            dir: Dir::Left,
        };
        assert_eq!(parse_moves("(3,down) (4, left)"), Ok(vec![mv, left]));
        assert_eq!(parse_moves("(3,down),(4,left),"), Ok(vec![mv, left]));
        assert_eq!(parse_moves("(3,down)"), Ok(vec![mv]));
        for bad in ["", " , ", "(3,down) 4", "(3,down)x(4,left)", "(3,down"] {
            assert!(parse_moves(bad).is_err(), "{bad:?}");
        }
        assert!("3,down".parse::<BrickMove>().is_err());
        assert!("(3,sideways)".parse::<BrickMove>().is_err());
    }

    #[test]
    fn only_the_master_enters_goal_cells() {
        let mut board: SbpBoard = "4,1,\n3,-1,2,0,\n".parse().unwrap();
        let moves: Vec<String> = (board.available_moves().iter())
            .map(|m| m.to_string())
            .collect();
        assert_eq!(moves, ["(2, left)", "(2, right)"]);
        let blocked = "(3,right)".parse().unwrap();
        assert_eq!(board.apply(blocked), Err(MoveError::Blocked(blocked)));
        assert_eq!(
            board.apply("(9,up)".parse().unwrap()),
            Err(MoveError::NoBrick(9))
        );
        board.apply("(2,left)".parse().unwrap()).unwrap();
        assert!(board.is_done());
    }
}
