//! Tipover's rules as a search [`Space`]: the tipper's walkable group (a flood fill over
//! adjacent crates), the tips it can reach, and undoing a tip.
//!
//! A state is every stack's fate and the tipper's group ([`Packed`]), so boards that differ
//! only by walking are one state, and each state costs one O(k) flood fill per tip out of it
//! (k: the largest connected group of crates), as the assignment asks, plus one pass over its fallen
//! stacks to lay out its crates. The board's own tables ([`Rules`]) are built once and hold a
//! few words per cell; [`Rules::bytes`] tells how many before they are built.

use super::cells::CellSet;
use super::packed::{Fate, Packed, STANDING};
use super::{Tip, Tipover};
use klotski_core::engine::geometry::Dir;
use klotski_core::search::Space;
use std::cell::RefCell;

/// Marks a step off the board in the neighbour table, and a cell without a stack.
const NONE: u32 = u32::MAX;

/// Where a stack lands when tipped one way.
#[derive(Clone, Copy, Debug)]
struct Fall {
    /// Its cells: `fall_cells[first..first + height]`.
    first: u32,
    /// Where its top crate, and so the tipper, lands.
    top: u32,
}

/// A stack of two or more crates in the input (never the target).
#[derive(Clone, Debug)]
struct Stack {
    cell: u32,
    height: u8,
    /// Per direction of [`Dir::ALL`], the fall when it stays on the board.
    falls: [Option<Fall>; 4],
}

/// The board's fixed tables: where the stacks stand and fall, and each cell's neighbours.
#[derive(Clone, Debug)]
pub struct Rules {
    cols: usize,
    goal: usize,
    start: usize,
    stacks: Vec<Stack>,
    /// The cells of every fall, `height` of them per fall.
    fall_cells: Vec<u32>,
    /// Per cell, the index of the stack standing there in the input, or [`NONE`].
    stack_at: Vec<u32>,
    /// Per cell, its neighbours in the order of [`Dir::ALL`], or [`NONE`] off the board.
    neighbours: Vec<[u32; 4]>,
    /// The crates of the input.
    crates: CellSet,
}

/// Bytes per cell of [`Rules`] and of a search's scratch space: stack index, neighbours, the
/// flood fill's marks, stack of pending cells and group list, and two crate bitsets.
const BYTES_PER_CELL: usize = 4 + 16 + 4 + 4 + 4 + 1;

impl Rules {
    /// The stacks of `puzzle`: cells holding two or more crates, the target excepted (it is
    /// reached, never tipped).
    pub fn stack_count(puzzle: &Tipover) -> usize {
        (puzzle.heights.iter().enumerate())
            .filter(|&(cell, &h)| h >= 2 && cell != puzzle.goal)
            .count()
    }

    /// Bytes the tables and a search's scratch space take for `puzzle`, at most.
    pub fn bytes(puzzle: &Tipover) -> usize {
        let cells = puzzle.heights.len();
        let falls: usize = (puzzle.heights.iter().enumerate())
            .filter(|&(cell, &h)| h >= 2 && cell != puzzle.goal)
            .map(|(_, &h)| 4 * usize::from(h) * 4)
            .sum();
        let stacks = Rules::stack_count(puzzle) * std::mem::size_of::<Stack>();
        cells.saturating_mul(BYTES_PER_CELL) + falls + stacks
    }

    /// The tables of `puzzle`.
    pub fn new(puzzle: &Tipover) -> Rules {
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let neighbours: Vec<[u32; 4]> = (0..rows * cols)
            .map(|cell| {
                Dir::ALL.map(|dir| {
                    let (dr, dc) = dir.delta();
                    let r = (cell / cols) as isize + dr;
                    let c = (cell % cols) as isize + dc;
                    if (0..rows as isize).contains(&r) && (0..cols as isize).contains(&c) {
                        (r as usize * cols + c as usize) as u32
                    } else {
                        NONE
                    }
                })
            })
            .collect();
        let mut crates = CellSet::with_capacity(rows * cols);
        let mut stacks = Vec::new();
        let mut fall_cells = Vec::new();
        let mut stack_at = vec![NONE; rows * cols];
        for (cell, &height) in puzzle.heights.iter().enumerate() {
            if height == 0 {
                continue;
            }
            crates.insert(cell);
            if height < 2 || cell == puzzle.goal {
                continue;
            }
            let falls = Dir::ALL.map(|dir| {
                let mut cells = Vec::with_capacity(usize::from(height));
                let mut at = cell as u32;
                for _ in 0..height {
                    at = neighbours[at as usize][dir.index()];
                    if at == NONE {
                        return None;
                    }
                    cells.push(at);
                }
                let first = fall_cells.len() as u32;
                fall_cells.extend(cells);
                Some(Fall { first, top: at })
            });
            stack_at[cell] = stacks.len() as u32;
            stacks.push(Stack {
                cell: cell as u32,
                height,
                falls,
            });
        }
        Rules {
            cols,
            goal: puzzle.goal,
            start: puzzle.start,
            stacks,
            fall_cells,
            stack_at,
            neighbours,
            crates,
        }
    }

    /// Number of stacks.
    pub fn stacks(&self) -> usize {
        self.stacks.len()
    }

    fn fall_cells(&self, stack: &Stack, fall: Fall) -> &[u32] {
        let first = fall.first as usize;
        &self.fall_cells[first..first + usize::from(stack.height)]
    }

    fn tip(&self, stack: &Stack, dir: Dir) -> Tip {
        let cell = stack.cell as usize;
        Tip {
            row: (cell / self.cols) as u32,
            col: (cell % self.cols) as u32,
            dir,
            height: stack.height,
        }
    }
}

/// A search's working space: the crates of the state at hand and the flood fill's marks.
#[derive(Clone, Debug)]
struct Scratch {
    crates: CellSet,
    /// `seen[cell] == epoch`: the current fill has reached `cell`.
    seen: Vec<u32>,
    epoch: u32,
    pending: Vec<u32>,
    group: Vec<u32>,
}

/// The tips of one puzzle as a search space over states of `W` words, which must hold the
/// puzzle's stacks ([`super::packed::words_for`]); states come from [`TipSpace::start`].
#[derive(Debug)]
pub struct TipSpace<'a, const W: usize> {
    rules: &'a Rules,
    start: Packed<W>,
    scratch: RefCell<Scratch>,
}

impl<'a, const W: usize> TipSpace<'a, W> {
    /// The space of the board of `rules`.
    pub fn new(rules: &'a Rules) -> TipSpace<'a, W> {
        let cells = rules.stack_at.len();
        let mut space = TipSpace {
            rules,
            start: Packed::default(),
            scratch: RefCell::new(Scratch {
                crates: rules.crates.clone(),
                seen: vec![0; cells],
                epoch: 0,
                pending: Vec::new(),
                group: Vec::new(),
            }),
        };
        let mut scratch = space.scratch.borrow_mut();
        let tipper = space.fill(&mut scratch, rules.start, false);
        drop(scratch);
        space.start.set_tipper(tipper);
        space
    }

    /// The input's layout with the tipper on its start cell.
    pub fn start(&self) -> Packed<W> {
        self.start
    }

    /// Whether the tipper can walk to the target.
    pub fn is_goal(&self, state: &Packed<W>) -> bool {
        state.tipper() == self.rules.goal
    }

    /// Lays out the crates of `state` in the scratch bitset: the fallen stacks' cells emptied
    /// first, then their crates laid down, since a later fall may cover an earlier one's cell.
    fn lay_out(&self, scratch: &mut Scratch, state: &Packed<W>) {
        scratch.crates.copy_from(&self.rules.crates);
        let stacks = self.rules.stacks.iter().enumerate();
        let fallen = stacks.filter_map(|(i, stack)| match state.fate(i) {
            STANDING => None,
            fate => Some((
                stack,
                stack.falls[usize::from(fate) - 1].expect("a fate's fall"),
            )),
        });
        for (stack, _) in fallen.clone() {
            scratch.crates.remove(stack.cell as usize);
        }
        for (stack, fall) in fallen {
            for &cell in self.rules.fall_cells(stack, fall) {
                scratch.crates.insert(cell as usize);
            }
        }
    }

    /// Flood-fills the crates the tipper on `from` can walk to, listing them in
    /// `scratch.group` when `list` is set; returns the cell naming the group: the target when
    /// the group holds it (so the goal test is one comparison), else its smallest cell.
    fn fill(&self, scratch: &mut Scratch, from: usize, list: bool) -> usize {
        let Scratch {
            crates,
            seen,
            epoch,
            pending,
            group,
        } = scratch;
        *epoch = epoch.wrapping_add(1);
        if *epoch == 0 {
            seen.fill(0);
            *epoch = 1;
        }
        let goal = self.rules.goal;
        group.clear();
        pending.clear();
        pending.push(from as u32);
        seen[from] = *epoch;
        let (mut smallest, mut has_goal) = (from, from == goal);
        while let Some(cell) = pending.pop() {
            if list {
                group.push(cell);
            }
            for &next in &self.rules.neighbours[cell as usize] {
                let n = next as usize;
                if next != NONE && seen[n] != *epoch && crates.contains(n) {
                    seen[n] = *epoch;
                    pending.push(next);
                    smallest = smallest.min(n);
                    has_goal |= n == goal;
                }
            }
        }
        if has_goal { goal } else { smallest }
    }
}

impl<const W: usize> Space for TipSpace<'_, W> {
    type State = Packed<W>;
    type Move = Tip;

    fn successors(&self, state: &Packed<W>, out: &mut Vec<(Tip, Packed<W>)>) {
        let rules = self.rules;
        let scratch = &mut *self.scratch.borrow_mut();
        self.lay_out(scratch, state);
        self.fill(scratch, state.tipper(), true);
        // Cells in ascending order, as the tips of one state have always been listed.
        let mut group = std::mem::take(&mut scratch.group);
        group.sort_unstable();
        for &cell in &group {
            let index = rules.stack_at[cell as usize];
            if index == NONE || state.fate(index as usize) != STANDING {
                continue;
            }
            let stack = &rules.stacks[index as usize];
            for (d, (dir, fall)) in Dir::ALL.iter().zip(&stack.falls).enumerate() {
                let Some(fall) = *fall else { continue };
                let cells = rules.fall_cells(stack, fall);
                if cells.iter().any(|&c| scratch.crates.contains(c as usize)) {
                    continue;
                }
                // Tip it in the scratch layout, find the tipper's group, and stand it up again.
                scratch.crates.remove(stack.cell as usize);
                cells
                    .iter()
                    .for_each(|&c| scratch.crates.insert(c as usize));
                let tipper = self.fill(scratch, fall.top as usize, false);
                cells
                    .iter()
                    .for_each(|&c| scratch.crates.remove(c as usize));
                scratch.crates.insert(stack.cell as usize);
                let mut child = *state;
                child.set_fate(index as usize, d as Fate + 1);
                child.set_tipper(tipper);
                out.push((rules.tip(stack, *dir), child));
            }
        }
        scratch.group = group;
    }

    fn predecessor(&self, state: &Packed<W>, tip: Tip) -> Packed<W> {
        let rules = self.rules;
        let cell = tip.row as usize * rules.cols + tip.col as usize;
        let index = rules.stack_at[cell];
        assert_ne!(index, NONE, "a tip names a stack of the input");
        let mut parent = *state;
        parent.set_fate(index as usize, STANDING);
        let scratch = &mut *self.scratch.borrow_mut();
        self.lay_out(scratch, &parent);
        // The tipper stood in the stack's group to tip it.
        let tipper = self.fill(scratch, cell, false);
        parent.set_tipper(tipper);
        parent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED_EXAMPLE: &str = "6 6\n3 1\n.3...4\n......\n......\n.2....\n......\n.....*\n";

    #[test]
    fn predecessor_undoes_every_tip() {
        let puzzle: Tipover = SEED_EXAMPLE.parse().unwrap();
        let rules = Rules::new(&puzzle);
        let space = TipSpace::<1>::new(&rules);
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
    fn a_fall_onto_an_earlier_stacks_cell_keeps_its_crate() {
        // Stack 1 (column 2) fell right first; then stack 0 (column 0) fell right onto
        // columns 1 and 2, where stack 1 stood.
        let puzzle: Tipover = "1 7\n0 0\n2.2...*\n".parse().unwrap();
        let rules = Rules::new(&puzzle);
        let space = TipSpace::<1>::new(&rules);
        let right = Dir::Right.index() as Fate + 1;
        let mut state = space.start();
        state.set_fate(0, right);
        state.set_fate(1, right);
        let scratch = &mut *space.scratch.borrow_mut();
        space.lay_out(scratch, &state);
        let crates: Vec<usize> = (0..7).filter(|&c| scratch.crates.contains(c)).collect();
        assert_eq!(crates, [1, 2, 3, 4, 6]);
    }

    #[test]
    fn states_that_differ_only_by_walking_are_one_state() {
        let (a, b) = (
            "1 4\n0 0\n21.*\n".parse().unwrap(),
            "1 4\n0 1\n21.*\n".parse().unwrap(),
        );
        let (a, b) = (Rules::new(&a), Rules::new(&b));
        assert_eq!(
            TipSpace::<1>::new(&a).start(),
            TipSpace::<1>::new(&b).start()
        );
    }

    #[test]
    fn a_tip_that_bridges_to_the_target_reaches_it() {
        // The 3 falls right onto columns 1-3, and its top crate touches the target.
        let puzzle: Tipover = "1 5\n0 0\n3...*\n".parse().unwrap();
        let rules = Rules::new(&puzzle);
        let space = TipSpace::<1>::new(&rules);
        let mut children = Vec::new();
        space.successors(&space.start(), &mut children);
        let [(tip, child)] = children[..] else {
            panic!("one tip expected, got {children:?}")
        };
        assert_eq!(tip.to_string(), "0 0 0 1");
        assert!(space.is_goal(&child));
    }
}
