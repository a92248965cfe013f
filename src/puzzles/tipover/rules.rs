//! Tipover's rules as a search [`Space`]: the tipper's walkable group (a flood fill over
//! adjacent crates), the tips it can reach, and undoing a tip.
//!
//! A state is the crate layout plus the tipper's group, so boards that differ only by walking
//! are one state and each state costs one O(k) flood fill per tip out of it (k: the largest
//! connected group of crates), as the seed asks.

use super::cells::CellSet;
use super::{Tip, Tipover};
use crate::engine::geometry::Dir;
use crate::search::Space;

/// Most stacks of two or more crates a board may hold (one bit each in a state).
pub const MAX_STACKS: usize = 64;

/// Largest board, in cells, a state can describe.
pub const MAX_CELLS: usize = CellSet::CAPACITY;

/// Marks a step off the board in the neighbour table.
const OFF_BOARD: u16 = u16::MAX;

/// A board between tips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Every cell holding at least one crate.
    crates: CellSet,
    /// Bit `i`: stack `i` of [`TipSpace`] still stands.
    standing: u64,
    /// The cell that names the tipper's group: the target when the group holds it (so the goal
    /// test is one comparison), else the group's smallest cell.
    tipper: u8,
}

/// Where a stack lands when tipped one way.
#[derive(Clone, Copy, Debug)]
struct Fall {
    /// The cells its crates cover.
    cells: CellSet,
    /// Where its top crate, and so the tipper, lands.
    top: usize,
}

/// A stack of two or more crates in the input.
#[derive(Clone, Debug)]
struct Stack {
    cell: usize,
    height: u8,
    /// Per direction of [`Dir::ALL`], the fall when it stays on the board.
    falls: [Option<Fall>; 4],
}

/// The tips of one puzzle as a search space; states come from [`TipSpace::start`].
#[derive(Clone, Debug)]
pub struct TipSpace {
    cols: usize,
    goal: usize,
    start: State,
    stacks: Vec<Stack>,
    /// Per cell, the index of the stack standing there in the input.
    stack_at: Vec<Option<u8>>,
    /// Per cell, its neighbours: a flood fill step is then a few word operations.
    adjacent: Vec<CellSet>,
}

impl TipSpace {
    /// The space of `puzzle`, whose parser has kept it within [`MAX_CELLS`] and [`MAX_STACKS`].
    pub fn new(puzzle: &Tipover) -> TipSpace {
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let neighbours: Vec<[u16; 4]> = (0..rows * cols)
            .map(|cell| {
                Dir::ALL.map(|dir| {
                    let (dr, dc) = dir.delta();
                    let r = (cell / cols) as isize + dr;
                    let c = (cell % cols) as isize + dc;
                    if (0..rows as isize).contains(&r) && (0..cols as isize).contains(&c) {
                        (r as usize * cols + c as usize) as u16
                    } else {
                        OFF_BOARD
                    }
                })
            })
            .collect();
        let mut crates = CellSet::default();
        let mut stacks = Vec::new();
        let mut stack_at = vec![None; rows * cols];
        for (cell, &height) in puzzle.heights.iter().enumerate() {
            if height == 0 {
                continue;
            }
            crates.insert(cell);
            // The target is reached, never tipped: being on it ends the game.
            if height >= 2 && cell != puzzle.goal {
                let falls = Dir::ALL.map(|dir| {
                    let mut cells = CellSet::default();
                    let mut at = cell;
                    for _ in 0..height {
                        at = usize::from(neighbours[at][dir.index()]);
                        if at == usize::from(OFF_BOARD) {
                            return None;
                        }
                        cells.insert(at);
                    }
                    Some(Fall { cells, top: at })
                });
                stack_at[cell] = Some(stacks.len() as u8);
                stacks.push(Stack {
                    cell,
                    height,
                    falls,
                });
            }
        }
        let standing = u64::MAX
            .checked_shr((64 - stacks.len()) as u32)
            .unwrap_or(0);
        let mut space = TipSpace {
            cols,
            goal: puzzle.goal,
            start: State {
                crates,
                standing,
                tipper: 0,
            },
            stacks,
            stack_at,
            adjacent: neighbours
                .iter()
                .map(|steps| {
                    let mut cells = CellSet::default();
                    for &next in steps.iter().filter(|&&next| next != OFF_BOARD) {
                        cells.insert(usize::from(next));
                    }
                    cells
                })
                .collect(),
        };
        space.start.tipper = space.anchor(&crates, puzzle.start);
        space
    }

    /// The input's layout with the tipper on its start cell.
    pub fn start(&self) -> State {
        self.start
    }

    /// Whether the tipper can walk to the target.
    pub fn is_goal(&self, state: &State) -> bool {
        usize::from(state.tipper) == self.goal
    }

    /// The crates the tipper on `from` can walk to.
    fn group(&self, crates: &CellSet, from: usize) -> CellSet {
        let mut group = CellSet::default();
        group.insert(from);
        // Cells found but whose neighbours are not yet looked at; a set, so no stack to clear.
        let mut pending = group;
        while let Some(cell) = pending.pop_first() {
            let found = self.adjacent[cell].intersection(*crates).minus(group);
            group = group.union(found);
            pending = pending.union(found);
        }
        group
    }

    /// The cell naming the group of `from` (see [`State`]).
    fn anchor(&self, crates: &CellSet, from: usize) -> u8 {
        let group = self.group(crates, from);
        let cell = if group.contains(self.goal) {
            self.goal
        } else {
            group.first().unwrap_or(from)
        };
        cell as u8
    }

    fn tip(&self, stack: &Stack, dir: Dir) -> Tip {
        Tip {
            row: (stack.cell / self.cols) as u8,
            col: (stack.cell % self.cols) as u8,
            dir,
            height: stack.height,
        }
    }
}

impl Space for TipSpace {
    type State = State;
    type Move = Tip;

    fn successors(&self, state: &State, out: &mut Vec<(Tip, State)>) {
        let group = self.group(&state.crates, usize::from(state.tipper));
        for cell in group.iter() {
            let Some(index) = self.stack_at[cell].map(usize::from) else {
                continue;
            };
            if state.standing >> index & 1 == 0 {
                continue;
            }
            let stack = &self.stacks[index];
            for (dir, fall) in Dir::ALL.iter().zip(&stack.falls) {
                let Some(fall) = fall else { continue };
                if !fall.cells.is_disjoint(&state.crates) {
                    continue;
                }
                let mut crates = state.crates.union(fall.cells);
                crates.remove(stack.cell);
                let child = State {
                    crates,
                    standing: state.standing & !(1 << index),
                    tipper: self.anchor(&crates, fall.top),
                };
                out.push((self.tip(stack, *dir), child));
            }
        }
    }

    fn predecessor(&self, state: &State, tip: Tip) -> State {
        let cell = usize::from(tip.row) * self.cols + usize::from(tip.col);
        let index = usize::from(self.stack_at[cell].expect("a tip names a stack of the input"));
        let fall = self.stacks[index].falls[tip.dir.index()].expect("a tip stays on the board");
        let mut crates = state.crates.minus(fall.cells);
        crates.insert(cell);
        State {
            crates,
            standing: state.standing | 1 << index,
            // The tipper stood in the stack's group to tip it.
            tipper: self.anchor(&crates, cell),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED_EXAMPLE: &str = "6 6\n3 1\n.3...4\n......\n......\n.2....\n......\n.....*\n";

    #[test]
    fn predecessor_undoes_every_tip() {
        let puzzle: Tipover = SEED_EXAMPLE.parse().unwrap();
        let space = TipSpace::new(&puzzle);
        let mut layer = vec![space.start()];
        let mut tips = 0;
        for _ in 0..3 {
            let mut next = Vec::new();
            for state in &layer {
                let mut children = Vec::new();
                space.successors(state, &mut children);
                for (tip, child) in children {
                    assert_eq!(space.predecessor(&child, tip), *state, "undoing {tip}");
                    tips += 1;
                    next.push(child);
                }
            }
            layer = next;
        }
        assert!(tips > 3, "the example has more than one tip to undo");
    }

    #[test]
    fn states_that_differ_only_by_walking_are_one_state() {
        let on_the_two = TipSpace::new(&"1 4\n0 0\n21.*\n".parse().unwrap()).start();
        let on_the_one = TipSpace::new(&"1 4\n0 1\n21.*\n".parse().unwrap()).start();
        assert_eq!(on_the_two, on_the_one);
    }

    #[test]
    fn a_tip_that_bridges_to_the_target_reaches_it() {
        // The 3 falls right onto columns 1-3, and its top crate touches the target.
        let puzzle: Tipover = "1 5\n0 0\n3...*\n".parse().unwrap();
        let space = TipSpace::new(&puzzle);
        let mut children = Vec::new();
        space.successors(&space.start(), &mut children);
        let [(tip, child)] = children[..] else {
            panic!("one tip expected, got {children:?}")
        };
        assert_eq!(tip.to_string(), "0 0 0 1");
        assert!(space.is_goal(&child));
    }
}
