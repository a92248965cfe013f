//! Exact searches over the whole contents of a small window of a board of 1x1 tiles with one
//! blank: the blank moves that bring a few tiles home together, where a move that takes a tile
//! towards its goal costs less than one that takes it away.
//!
//! On such a board every move changes the sum of the tiles' Manhattan distances by exactly one,
//! so a solution's length is that sum plus twice its moves away from the goals. [`tile_route`]
//! estimates those moves from the position at the start of a route; here every tile of the
//! window is tracked move by move, so the cost is exact, and routes that bring other tiles home
//! on their way (or several stage tiles in one trip of the blank) win.
//!
//! [`tile_route`]: crate::tile_route

use crate::geometry::{Board, Dir, Shape};
use crate::rng::mix;
use fxhash::FxHashMap;
use std::ops::Range;

/// Marks a window cell no move may enter: a wall or a piece that must stay still.
const BLOCKED: u8 = u8::MAX;
/// Marks the blank's cell.
const BLANK: u8 = 0;
/// Most tiles one stage may bring home.
pub const MOST_TILES: usize = 4;

/// One search: the position, the window it may change, the tiles it must bring home, and what
/// moves cost.
pub struct Stage<'a> {
    /// The board the tiles stand on.
    pub board: &'a Board,
    /// Per cell: 0 for the blank, `u32::MAX` for a wall, else the tile's index plus one.
    pub occupant: &'a [u32],
    /// Per tile: the cell it belongs on.
    pub goal: &'a [usize],
    /// Per tile: whether it must stay where it is.
    pub frozen: &'a [bool],
    /// The tiles to move, each with the cell it must reach (at most [`MOST_TILES`]); they and
    /// those cells lie in the window, as does the blank.
    pub tiles: &'a [(usize, usize)],
    /// Where the blank must end, if anywhere.
    pub blank_to: Option<usize>,
    /// The window's rows; nothing outside it moves.
    pub rows: Range<usize>,
    /// The window's columns.
    pub cols: Range<usize>,
    /// Cost of a move that takes its tile one step nearer its goal.
    pub toward: u32,
    /// Cost of a move that takes its tile one step further from its goal.
    pub away: u32,
    /// Cost of a move that takes its tile off its goal.
    pub off: u32,
    /// What the search's estimate charges per move of its bound on the moves left: at
    /// `toward` it is a lower bound; above, the search runs greedier.
    pub per_move: u32,
    /// Most positions the search may expand before it gives up.
    pub budget: usize,
}

/// A reached position: how it was reached, and where the blank and the stage's tiles stand.
/// The window's contents live in the search's arena, at the node's index.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    dir: Dir,
    cost: u32,
    key: u64,
    blank: u8,
    tiles: [u8; MOST_TILES],
}

/// The window in local terms: cells numbered row by row, their neighbours, and each local
/// tile's distance to its goal from every cell.
struct Local {
    width: usize,
    cells: usize,
    neighbour: Vec<[u8; 4]>,
    /// Per local tile (its local number minus one) and cell: the Manhattan distance to its goal.
    distance: Vec<u8>,
    /// The local cells the stage's tiles must reach.
    goals: Vec<u8>,
    /// The local cell the blank must reach, if any.
    blank_to: Option<u8>,
}

impl Local {
    fn distance(&self, tile: u8, cell: u8) -> u32 {
        self.distance[(tile as usize - 1) * self.cells + cell as usize] as u32
    }

    fn manhattan(&self, a: u8, b: u8) -> u32 {
        let (a, b) = (a as usize, b as usize);
        ((a / self.width).abs_diff(b / self.width) + (a % self.width).abs_diff(b % self.width))
            as u32
    }

    /// A bound on the moves left from `node`: each stage tile away from its goal needs its own
    /// steps and, between them, two blank moves at least to come ahead of it again; and the
    /// blank must first reach the nearest such tile, or with all tiles home, its own goal.
    fn bound(&self, node: &Node, count: usize) -> u32 {
        let mut moves = 0;
        let mut nearest = u32::MAX;
        for (&at, &goal) in node.tiles[..count].iter().zip(&self.goals) {
            let d = self.manhattan(at, goal);
            if d > 0 {
                moves += 3 * d - 2;
                nearest = nearest.min(self.manhattan(node.blank, at));
            }
        }
        match (moves, self.blank_to) {
            (0, Some(to)) => self.manhattan(node.blank, to),
            _ => moves + nearest.saturating_sub(1).min(moves),
        }
    }
}

/// The blank's moves, in order, that bring every tile of `stage.tiles` to its cell (and the
/// blank to `stage.blank_to`), moving
/// only loose tiles inside the window, cheapest under the stage's costs when the estimate is
/// a lower bound; `None` when the budget runs out first or the window does not hold what it
/// must.
pub fn solve(stage: &Stage) -> Option<Vec<Dir>> {
    let board = stage.board;
    let (r0, c0) = (stage.rows.start, stage.cols.start);
    let width = stage.cols.len();
    let cells = stage.rows.len() * width;
    let count = stage.tiles.len();
    if count > MOST_TILES || cells >= BLOCKED as usize {
        return None;
    }
    let global = |i: usize| board.cell(r0 + i / width, c0 + i % width);
    let local = |cell: usize| {
        let (r, c) = board.row_col(cell);
        (stage.rows.contains(&r) && stage.cols.contains(&c))
            .then(|| ((r - r0) * width + c - c0) as u8)
    };
    // Local tile numbers start at 1; `pieces` maps them back.
    let mut pieces: Vec<usize> = Vec::new();
    let mut contents = vec![BLOCKED; cells];
    let mut blank = None;
    for (i, slot) in contents.iter_mut().enumerate() {
        match stage.occupant[global(i)] {
            0 => {
                *slot = BLANK;
                blank = Some(i as u8);
            }
            u32::MAX => {}
            o if stage.frozen[o as usize - 1] => {}
            o => {
                pieces.push(o as usize - 1);
                *slot = pieces.len() as u8;
            }
        }
    }
    let mut start = Node {
        parent: u32::MAX,
        dir: Dir::Left,
        cost: 0,
        key: 0,
        blank: blank?,
        tiles: [0; MOST_TILES],
    };
    let mut goals = Vec::with_capacity(count);
    for (k, &(tile, to)) in stage.tiles.iter().enumerate() {
        let goal = local(to)?;
        let number = pieces.iter().position(|&p| p == tile)? + 1;
        start.tiles[k] = contents.iter().position(|&t| t as usize == number)? as u8;
        if contents[goal as usize] == BLOCKED {
            return None;
        }
        goals.push(goal);
    }
    let neighbour = (0..cells)
        .map(|i| {
            Dir::ALL.map(|dir| {
                board
                    .step(Shape::UNIT, global(i), dir)
                    .and_then(local)
                    .filter(|&n| contents[n as usize] != BLOCKED)
                    .unwrap_or(BLOCKED)
            })
        })
        .collect();
    let mut distance = Vec::with_capacity(pieces.len() * cells);
    for &piece in &pieces {
        let (gr, gc) = board.row_col(stage.goal[piece]);
        distance.extend((0..cells).map(|i| {
            let (r, c) = (r0 + i / width, c0 + i % width);
            (r.abs_diff(gr) + c.abs_diff(gc)).min(u8::MAX as usize) as u8
        }));
    }
    let blank_to = match stage.blank_to {
        Some(cell) => Some(local(cell).filter(|&b| contents[b as usize] != BLOCKED)?),
        None => None,
    };
    let window = Local {
        width,
        cells,
        neighbour,
        distance,
        goals,
        blank_to,
    };
    // The stage tiles by local number, to follow them move by move.
    let stage_tiles: Vec<u8> = start.tiles[..count]
        .iter()
        .map(|&at| contents[at as usize])
        .collect();
    let key_of = |contents: &[u8]| {
        (contents.iter().enumerate())
            .filter(|&(_, &t)| t != BLOCKED)
            .fold(0u64, |key, (i, &t)| {
                key.wrapping_add(mix(i as u64, t as u64))
            })
    };
    start.key = key_of(&contents);
    let mut nodes = vec![start];
    // The contents of expanded nodes only, in order of expansion: a node's own contents are
    // its parent's with one swap, made when it is expanded.
    let mut arena = Vec::with_capacity(cells * stage.budget.min(1 << 14));
    let mut slots: Vec<u32> = vec![u32::MAX];
    let mut best: FxHashMap<u64, u32> = FxHashMap::default();
    best.reserve(stage.budget.min(1 << 16));
    best.insert(start.key, 0);
    let mut open = Buckets::default();
    let estimate = |node: &Node| stage.per_move * window.bound(node, count);
    open.push(estimate(&start), 0);
    let mut expanded = 0;
    let mut scratch = vec![0u8; cells];
    while let Some(index) = open.pop() {
        let node = nodes[index as usize];
        let key = node.key;
        if best.get(&key).is_some_and(|&c| c < node.cost) {
            continue;
        }
        if node.parent == u32::MAX {
            scratch.copy_from_slice(&contents);
        } else {
            let parent = &nodes[node.parent as usize];
            let at = slots[node.parent as usize] as usize * cells;
            scratch.copy_from_slice(&arena[at..at + cells]);
            scratch.swap(parent.blank as usize, node.blank as usize);
        }
        slots[index as usize] = (arena.len() / cells) as u32;
        arena.extend_from_slice(&scratch);
        if window.bound(&node, count) == 0 {
            EXP[0].fetch_add(expanded, std::sync::atomic::Ordering::Relaxed);
            return Some(path(&nodes, index));
        }
        expanded += 1;
        if expanded > stage.budget {
            EXP[1].fetch_add(expanded, std::sync::atomic::Ordering::Relaxed);
            return None;
        }
        let b = node.blank;
        for dir in Dir::ALL {
            let n = window.neighbour[b as usize][dir.index()];
            if n == BLOCKED {
                continue;
            }
            let tile = scratch[n as usize];
            let (before, after) = (window.distance(tile, n), window.distance(tile, b));
            let cost = node.cost
                + match (after < before, before) {
                    (true, _) => stage.toward,
                    (false, 0) => stage.off,
                    (false, _) => stage.away,
                };
            let moved = key
                .wrapping_sub(mix(n as u64, tile as u64))
                .wrapping_sub(mix(b as u64, BLANK as u64))
                .wrapping_add(mix(b as u64, tile as u64))
                .wrapping_add(mix(n as u64, BLANK as u64));
            if best.get(&moved).is_some_and(|&c| c <= cost) {
                continue;
            }
            best.insert(moved, cost);
            let mut next = Node {
                parent: index,
                dir,
                cost,
                key: moved,
                blank: n,
                tiles: node.tiles,
            };
            if let Some(k) = stage_tiles.iter().position(|&t| t == tile) {
                next.tiles[k] = b;
            }
            nodes.push(next);
            slots.push(u32::MAX);
            let f = cost + estimate(&next);
            open.push(f, nodes.len() as u32 - 1);
        }
    }
    None
}

/// The open nodes by estimated total cost: costs are small integers, so a list per cost beats
/// a heap; within one cost the newest node, usually the deepest, comes first.
#[derive(Default)]
struct Buckets {
    lists: Vec<Vec<u32>>,
    lowest: usize,
}

impl Buckets {
    fn push(&mut self, cost: u32, node: u32) {
        let cost = cost as usize;
        if cost >= self.lists.len() {
            self.lists.resize_with(cost + 1, Vec::new);
        }
        self.lists[cost].push(node);
        self.lowest = self.lowest.min(cost);
    }

    fn pop(&mut self) -> Option<u32> {
        while let Some(list) = self.lists.get_mut(self.lowest) {
            if let Some(node) = list.pop() {
                return Some(node);
            }
            self.lowest += 1;
        }
        None
    }
}

/// The blank moves that led to node `end`.
fn path(nodes: &[Node], end: u32) -> Vec<Dir> {
    let mut dirs = Vec::new();
    let mut at = end;
    while nodes[at as usize].parent != u32::MAX {
        dirs.push(nodes[at as usize].dir);
        at = nodes[at as usize].parent;
    }
    dirs.reverse();
    dirs
}

/// temp
pub static EXP: [std::sync::atomic::AtomicUsize; 2] = [const { std::sync::atomic::AtomicUsize::new(0) }; 2];
