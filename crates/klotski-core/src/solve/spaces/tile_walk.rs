//! The classic puzzle of 1x1 tiles and one blank, walked in place for IDA*: a move shifts the
//! blank, and the pattern-database bound is kept up to date with two table lookups per move.
//!
//! On a square board the same tables also bound the position mirrored across the main diagonal,
//! which needs as many moves (Korf & Felner's reflected lookup): the walk keeps both sums and the
//! heuristic is the larger.
//!
//! Sequences of moves that an earlier sequence replaces are never made ([`MoveAutomaton`]): the
//! walk lists only the moves its automaton allows, which changes the nodes an IDA* pass walks
//! and never the length of the path it finds.

use crate::engine::geometry::Dir;
use crate::engine::puzzle::{Move, Puzzle};
use crate::heuristic::{Pattern, PatternDb, Supply, pdb};
use crate::search::idastar::Walk;
use crate::solve::spaces::move_automaton::MoveAutomaton;
use std::sync::Arc;

/// Largest board the walk handles.
pub const MAX_CELLS: usize = 64;

const NONE: u8 = u8::MAX;
const MAX_GROUPS: usize = MAX_CELLS;

/// Where one tile's cell enters a group index.
#[derive(Clone, Copy, Default)]
struct Slot {
    group: u8,
    shift: u8,
}

/// A position: what stands on each cell, and the database indices and sums for it.
#[derive(Clone)]
pub struct Tiles {
    /// Per cell: the goal cell of the tile on it, or `NONE` for the blank.
    at: [u8; MAX_CELLS],
    blank: u8,
    index: [u32; MAX_GROUPS],
    /// Per group: its table's value at `index`, kept so a move reads one entry, not two.
    value: [u8; MAX_GROUPS],
    sum: u32,
    /// Per group: its tiles' Manhattan distance from home, which a table stored in nibbles
    /// reads its entries over.
    distance: [u8; MAX_GROUPS],
    mirrored_index: [u32; MAX_GROUPS],
    mirrored_value: [u8; MAX_GROUPS],
    mirrored_sum: u32,
    mirrored_distance: [u8; MAX_GROUPS],
    /// Per move made and not yet taken back: the direction the blank went, and the values the
    /// moved tile's group and mirrored group had before it, so that taking it back reads no
    /// table (on the 24-puzzle's tables a read costs a ranking and a likely cache miss).
    made: Vec<Made>,
    /// Per depth (moves made): the table entries [`Walk::moves`] worked out for the children
    /// there, when it has been called since that depth was entered.
    ahead: Vec<Ahead>,
    /// The [`MoveAutomaton`]'s state after the moves made.
    sequence: u32,
}

/// The table entries of a position's children, worked out to fetch them ahead and kept so
/// that making the move ranks no placement again (ranking is the walk's largest cost after
/// the fetches themselves).
#[derive(Clone, Copy)]
struct Ahead {
    /// Whether `entries` are those of the position now at this depth.
    current: bool,
    /// Per blank direction: the moved tile's group entry and its mirrored group's, or
    /// [`UNKNOWN`] for the move back and the moves off the board.
    entries: [(u32, u32); 4],
}

/// An entry of [`Ahead`] not worked out.
const UNKNOWN: u32 = u32::MAX;

impl Ahead {
    /// Nothing worked out: what a depth not yet seen holds.
    const NONE: Ahead = Ahead {
        current: false,
        entries: [(UNKNOWN, UNKNOWN); 4],
    };
}

/// One move of the blank: the tile it moves from cell `from` to `to` (the blank's cell), one
/// step `farther` from home (+1) or nearer (-1), in the mirrored position too.
#[derive(Clone, Copy)]
struct Step {
    tile: u8,
    from: u8,
    to: u8,
    farther: i8,
}

/// One set of a position's per-group values (direct or mirrored) a move updates: the indices,
/// the table values, their sum and the distances.
type Sums<'a> = (
    &'a mut [u32; MAX_GROUPS],
    &'a mut [u8; MAX_GROUPS],
    &'a mut u32,
    &'a mut [u8; MAX_GROUPS],
);

/// What [`Tiles::made`] keeps of a move.
#[derive(Clone, Copy)]
struct Made {
    dir: u8,
    value: u8,
    mirrored_value: u8,
    /// The automaton's state before the move.
    sequence: u32,
}

impl Tiles {
    /// A lower bound on the moves left: the larger of the two database sums.
    pub fn bound(&self) -> u32 {
        self.sum.max(self.mirrored_sum)
    }

    /// Whether every tile is home (the databases read 0 exactly there).
    pub fn solved(&self) -> bool {
        self.sum == 0
    }
}

/// The walk: board moves, the databases and where each tile enters them.
pub struct TileWalk {
    /// Per cell and blank direction (as in [`Dir::ALL`]): the cell the blank moves to.
    neighbours: Vec<[u8; 4]>,
    databases: Vec<Arc<PatternDb>>,
    /// Per tile (by goal cell).
    slots: [Slot; MAX_CELLS],
    /// Per cell: its mirror image across the main diagonal, when the bound uses it.
    mirror: Option<[u8; MAX_CELLS]>,
    /// Per tile: where its mirror image enters the databases.
    mirrored_slots: [Slot; MAX_CELLS],
    /// Per tile (by goal cell): its piece in the puzzle.
    piece_of: [u8; MAX_CELLS],
    /// Per cell: its row and column.
    place: [(u8, u8); MAX_CELLS],
    /// The sequences of moves never made, since an earlier one does what they do.
    automaton: &'static MoveAutomaton,
}

impl TileWalk {
    /// The walk for `puzzle` (1x1 tiles, one blank, goal origins `target`) with the strongest
    /// databases `supply` can provide: the [prebuilt](pdb::prebuilt) tables (the 15-puzzle's
    /// 7-8, the 24-puzzle's 6-6-6-6) when they are cached and `prebuilt` allows them, else
    /// the strongest split of [`pdb::partitions`] that can be had in time, else one table per
    /// tile (its Manhattan distance). `None` when the puzzle is not of that kind, or its goal
    /// does not leave the blank on the last cell.
    ///
    /// Which tables bound the walk changes how long IDA* runs and which of the shortest paths
    /// it finds (its last pass takes its subtrees in an order the tables' estimates set),
    /// never the length: IDA* on any admissible estimate proves it. A walk that a work budget
    /// may stop passes `prebuilt` false, so that whether it ends, and its path, do not depend
    /// on what `klotski pdb` has cached.
    pub fn new(
        puzzle: &Puzzle,
        target: &[usize],
        supply: &mut Supply,
        prebuilt: bool,
    ) -> Option<TileWalk> {
        let (rows, cols, goals) = TileWalk::goals(puzzle, target)?;
        let stored = (pdb::prebuilt(rows, cols))
            .filter(|_| prebuilt)
            .and_then(|prebuilt| supply.at_hand(&prebuilt).map(|tables| (prebuilt, tables)));
        let (patterns, tables) = match stored {
            Some(found) => found,
            None => pdb::partitions(rows, cols, 1, &goals)
                .into_iter()
                .find_map(|patterns| supply.obtain(&patterns).map(|tables| (patterns, tables)))
                .unwrap_or_else(|| {
                    let singles: Vec<Pattern> = goals
                        .iter()
                        .map(|&g| Pattern::new(rows, cols, 1, vec![g]))
                        .collect();
                    let tables = singles.iter().map(single_tile_table).collect();
                    (singles, tables)
                }),
        };
        Some(TileWalk::with_tables(puzzle, target, &patterns, tables))
    }

    /// The walk for `puzzle` bounded by the second-strongest split of [`pdb::partitions`]
    /// (6-6-3 on 4x4), whatever else is at hand: its tables build in a fraction of the time,
    /// and a search that needs few nodes ends on them before the strongest could have been
    /// built. Tried first within a small budget even where stronger tables are cached, so that
    /// a board it answers gets the same moves whatever the cache holds (the order of IDA*'s
    /// last pass depends on the tables). `None` when the puzzle is not of [`TileWalk::new`]'s
    /// kind, or the board has one split.
    pub fn light(puzzle: &Puzzle, target: &[usize], supply: &mut Supply) -> Option<TileWalk> {
        let (rows, cols, goals) = TileWalk::goals(puzzle, target)?;
        let splits = pdb::partitions(rows, cols, 1, &goals);
        let lighter = splits.get(1)?;
        let tables = supply.obtain(lighter)?;
        Some(TileWalk::with_tables(puzzle, target, lighter, tables))
    }

    /// The board's rows and columns and its tiles' goal cells (all but the last), when the walk
    /// [`applies`](TileWalk::applies) to `puzzle`.
    fn goals(puzzle: &Puzzle, target: &[usize]) -> Option<(usize, usize, Vec<usize>)> {
        let board = &puzzle.board;
        TileWalk::applies(puzzle, target)
            .then(|| (board.rows(), board.cols(), (0..board.cells() - 1).collect()))
    }

    /// Whether the walk takes `puzzle` towards `target`: 1x1 tiles and one blank on at most
    /// [`MAX_CELLS`] cells, the blank's goal on the last cell (tables are built so).
    pub fn applies(puzzle: &Puzzle, target: &[usize]) -> bool {
        let cells = puzzle.board.cells();
        let mut sorted = target.to_vec();
        sorted.sort_unstable();
        (2..=MAX_CELLS).contains(&cells)
            && puzzle.pieces.len() + 1 == cells
            && puzzle.pieces.iter().all(|p| p.shape.area() == 1)
            && sorted.iter().copied().eq(0..cells - 1)
    }

    /// The walk for `puzzle` (as for [`TileWalk::new`]) bounded by `tables`, the databases of
    /// `patterns`, which split its tiles' goal cells.
    pub fn with_tables(
        puzzle: &Puzzle,
        target: &[usize],
        patterns: &[Pattern],
        databases: Vec<Arc<PatternDb>>,
    ) -> TileWalk {
        let board = &puzzle.board;
        let (rows, cols, cells) = (board.rows(), board.cols(), board.cells());
        let goals: Vec<usize> = patterns.iter().flat_map(|p| p.cells.clone()).collect();
        let bits = pdb::cell_bits(cells);
        let mut slots = [Slot::default(); MAX_CELLS];
        for (group, pattern) in patterns.iter().enumerate() {
            for (i, &cell) in pattern.cells.iter().enumerate() {
                slots[cell] = Slot {
                    group: group as u8,
                    shift: (i as u32 * bits) as u8,
                };
            }
        }
        let transpose = |cell: usize| (cell % cols) * cols + cell / cols;
        // The transposed position needs as many moves, and its tiles' goals are the mirror
        // images of theirs: on a square board the tables serve it as they are.
        let symmetric = rows == cols && goals.iter().all(|&g| goals.contains(&transpose(g)));
        let mut mirrored_slots = [Slot::default(); MAX_CELLS];
        let mirror = symmetric.then(|| {
            for &goal in &goals {
                mirrored_slots[goal] = slots[transpose(goal)];
            }
            std::array::from_fn(|cell| {
                if cell < cells {
                    transpose(cell) as u8
                } else {
                    0
                }
            })
        });
        let mut piece_of = [NONE; MAX_CELLS];
        for (piece, &goal) in target.iter().enumerate() {
            piece_of[goal] = piece as u8;
        }
        let neighbours = pdb::neighbours(rows, cols)
            .into_iter()
            .map(|n| n.map(|to| to.map_or(NONE, |c| c as u8)))
            .collect();
        TileWalk {
            neighbours,
            databases,
            slots,
            mirror,
            mirrored_slots,
            piece_of,
            place: std::array::from_fn(|cell| ((cell / cols) as u8, (cell % cols) as u8)),
            automaton: MoveAutomaton::shipped(),
        }
    }

    /// The same walk making every sequence of moves but those that move straight back. A
    /// weighted walk uses it: the first path under its weighted bound is not the shortest, so
    /// pruning would change which path it finds, for better or worse by chance.
    pub fn every_sequence(mut self) -> TileWalk {
        self.automaton = MoveAutomaton::straight_back();
        self
    }

    /// Bytes its database tables hold.
    pub fn table_bytes(&self) -> usize {
        self.databases
            .iter()
            .map(|db| db.pattern().table_bytes())
            .sum()
    }

    /// The position with the pieces at `origins`.
    pub fn position(&self, origins: &[usize]) -> Tiles {
        let cells = self.neighbours.len();
        let mut at = [NONE; MAX_CELLS];
        let mut goal_of_piece = [0u8; MAX_CELLS];
        for (goal, &piece) in self.piece_of[..cells].iter().enumerate() {
            if piece != NONE {
                goal_of_piece[piece as usize] = goal as u8;
            }
        }
        for (piece, &origin) in origins.iter().enumerate() {
            at[origin] = goal_of_piece[piece];
        }
        let blank = at[..cells]
            .iter()
            .position(|&t| t == NONE)
            .expect("one blank") as u8;
        let mut tiles = Tiles {
            at,
            blank,
            index: [0; MAX_GROUPS],
            value: [0; MAX_GROUPS],
            sum: 0,
            distance: [0; MAX_GROUPS],
            mirrored_index: [0; MAX_GROUPS],
            mirrored_value: [0; MAX_GROUPS],
            mirrored_sum: 0,
            mirrored_distance: [0; MAX_GROUPS],
            made: Vec::new(),
            ahead: Vec::new(),
            sequence: MoveAutomaton::START,
        };
        for (cell, &tile) in at[..cells].iter().enumerate() {
            if tile == NONE {
                continue;
            }
            let slot = self.slots[tile as usize];
            let distance = self.distance(tile, cell as u8);
            tiles.index[slot.group as usize] += (cell as u32) << slot.shift;
            tiles.distance[slot.group as usize] += distance;
            if let Some(mirror) = &self.mirror {
                let slot = self.mirrored_slots[tile as usize];
                tiles.mirrored_index[slot.group as usize] += (mirror[cell] as u32) << slot.shift;
                // Mirroring keeps distances.
                tiles.mirrored_distance[slot.group as usize] += distance;
            }
        }
        for (group, db) in self.databases.iter().enumerate() {
            tiles.value[group] = db.at(tiles.index[group] as usize);
            tiles.sum += tiles.value[group] as u32;
            if self.mirror.is_some() {
                tiles.mirrored_value[group] = db.at(tiles.mirrored_index[group] as usize);
                tiles.mirrored_sum += tiles.mirrored_value[group] as u32;
            }
        }
        tiles
    }

    /// The engine moves for a path of blank moves from `start`.
    pub fn engine_moves(&self, start: &Tiles, path: &[u8]) -> Vec<Move> {
        let mut tiles = start.clone();
        path.iter()
            .map(|&dir| {
                let tile = self.step(&tiles, dir).tile;
                self.apply(&mut tiles, dir);
                Move {
                    piece: self.piece_of[tile as usize] as usize,
                    dir: Dir::ALL[dir as usize].opposite(),
                }
            })
            .collect()
    }

    /// The Manhattan distance of `tile` (by goal cell) on `cell` from home.
    fn distance(&self, tile: u8, cell: u8) -> u8 {
        let ((row, col), (home_row, home_col)) =
            (self.place[cell as usize], self.place[tile as usize]);
        row.abs_diff(home_row) + col.abs_diff(home_col)
    }

    /// Moves a tile (entering its group at `slot`) from cell `from` to `to` in one set of
    /// indices, values, their sum and distances, the tile's own distance changing by `farther`
    /// (+1, or -1 when it moves nearer home) and the group's value becoming `found`. Returns
    /// the group's value before the move.
    #[inline(always)]
    fn shift(
        slot: Slot,
        (index, value, sum, distance): Sums<'_>,
        (from, to): (u32, u32),
        farther: i8,
        found: u8,
    ) -> u8 {
        let group = slot.group as usize;
        index[group] = moved(index[group], slot, from, to);
        distance[group] = distance[group].wrapping_add_signed(farther);
        let before = value[group];
        *sum = *sum + found as u32 - before as u32;
        value[group] = found;
        before
    }

    /// The blank's move `dir` from the position `tiles` holds.
    #[inline(always)]
    fn step(&self, tiles: &Tiles, dir: u8) -> Step {
        let from = self.neighbours[tiles.blank as usize][dir as usize];
        let to = tiles.blank;
        let tile = tiles.at[from as usize];
        Step {
            tile,
            from,
            to,
            farther: self.distance(tile, to) as i8 - self.distance(tile, from) as i8,
        }
    }

    /// Makes `step`, the groups' new values being `found` (direct, mirrored); returns their
    /// values before.
    fn slide(&self, tiles: &mut Tiles, step: Step, found: (u8, u8)) -> (u8, u8) {
        let Step {
            tile,
            from,
            to,
            farther,
        } = step;
        tiles.at[to as usize] = tile;
        tiles.at[from as usize] = NONE;
        tiles.blank = from;
        let value = Self::shift(
            self.slots[tile as usize],
            (
                &mut tiles.index,
                &mut tiles.value,
                &mut tiles.sum,
                &mut tiles.distance,
            ),
            (from as u32, to as u32),
            farther,
            found.0,
        );
        let mirrored_value = match &self.mirror {
            Some(mirror) => Self::shift(
                self.mirrored_slots[tile as usize],
                (
                    &mut tiles.mirrored_index,
                    &mut tiles.mirrored_value,
                    &mut tiles.mirrored_sum,
                    &mut tiles.mirrored_distance,
                ),
                (mirror[from as usize] as u32, mirror[to as usize] as u32),
                farther,
                found.1,
            ),
            None => 0,
        };
        (value, mirrored_value)
    }

    /// The table entries [`Walk::moves`] worked out for the blank's move `dir` from the
    /// position `tiles` holds, or [`UNKNOWN`] ones.
    fn entries_ahead(&self, tiles: &Tiles, dir: u8) -> (u32, u32) {
        match tiles.ahead.get(tiles.made.len()) {
            Some(ahead) if ahead.current => ahead.entries[dir as usize],
            _ => (UNKNOWN, UNKNOWN),
        }
    }

    /// What the moved tile's group reads once `step` is made (its mirrored group when
    /// `mirrored`), at `entry` when known, and the sum of its set of groups then.
    #[inline(always)]
    fn read_after(&self, tiles: &Tiles, step: Step, mirrored: bool, entry: u32) -> (u8, u32) {
        let (slot, index, value, sum, distance, (from, to)) = match (&self.mirror, mirrored) {
            (Some(mirror), true) => (
                self.mirrored_slots[step.tile as usize],
                &tiles.mirrored_index,
                &tiles.mirrored_value,
                tiles.mirrored_sum,
                &tiles.mirrored_distance,
                (mirror[step.from as usize], mirror[step.to as usize]),
            ),
            _ => (
                self.slots[step.tile as usize],
                &tiles.index,
                &tiles.value,
                tiles.sum,
                &tiles.distance,
                (step.from, step.to),
            ),
        };
        let group = slot.group as usize;
        let db = &self.databases[group];
        let entry = match entry {
            UNKNOWN => db.entry(moved(index[group], slot, from as u32, to as u32) as usize),
            known => known as usize,
        };
        let found = db.at_entry(entry, distance[group].wrapping_add_signed(step.farther));
        (found, sum + found as u32 - value[group] as u32)
    }

    /// Makes the blank's move `dir`, which is `step`, the groups' new values being `found`
    /// (direct, mirrored).
    fn make(&self, tiles: &mut Tiles, dir: u8, step: Step, found: (u8, u8)) {
        let (value, mirrored_value) = self.slide(tiles, step, found);
        let depth = tiles.made.len();
        tiles.made.push(Made {
            dir,
            value,
            mirrored_value,
            sequence: tiles.sequence,
        });
        // A move the automaton rules out is made only outside a search (a path replayed):
        // the automaton starts afresh after it, which rules out no more than it would.
        tiles.sequence = (self.automaton)
            .after(tiles.sequence, dir)
            .unwrap_or(MoveAutomaton::START);
        // The position one deeper is new: what was worked out there was for another.
        if let Some(deeper) = tiles.ahead.get_mut(depth + 1) {
            deeper.current = false;
        }
    }
}

/// A group's index once a tile entering it at `slot` moves from cell `from` to `to`.
#[inline(always)]
fn moved(index: u32, slot: Slot, from: u32, to: u32) -> u32 {
    index
        .wrapping_sub(from << slot.shift)
        .wrapping_add(to << slot.shift)
}

/// The table of one tile: its Manhattan distance, built at once and never cached.
fn single_tile_table(pattern: &Pattern) -> Arc<PatternDb> {
    let table = pdb::build::build(pattern, 1, &|_| true).expect("never stopped");
    Arc::new(PatternDb::new(pattern.clone(), table))
}

impl Walk for TileWalk {
    type State = Tiles;
    /// The direction the blank moves, as an index into [`Dir::ALL`].
    type Move = u8;

    fn moves(&self, tiles: &mut Tiles, out: &mut Vec<u8>) {
        let to = tiles.blank as u32;
        let mut ahead = Ahead {
            current: true,
            entries: [(UNKNOWN, UNKNOWN); 4],
        };
        for (dir, &from) in self.neighbours[tiles.blank as usize].iter().enumerate() {
            // The move back to the parent is one the automaton rules out.
            if from == NONE || self.automaton.after(tiles.sequence, dir as u8).is_none() {
                continue;
            }
            out.push(dir as u8);
            // Start the child's table reads now, all of them side by side.
            let tile = tiles.at[from as usize] as usize;
            let fetch = |slot: Slot, index: &[u32; MAX_GROUPS], from: u32, to: u32| {
                let group = slot.group as usize;
                let db = &self.databases[group];
                let entry = db.entry(moved(index[group], slot, from, to) as usize);
                db.prefetch(entry);
                entry as u32
            };
            let direct = fetch(self.slots[tile], &tiles.index, from as u32, to);
            let mirrored = match &self.mirror {
                Some(mirror) => fetch(
                    self.mirrored_slots[tile],
                    &tiles.mirrored_index,
                    mirror[from as usize] as u32,
                    mirror[to as usize] as u32,
                ),
                None => UNKNOWN,
            };
            ahead.entries[dir] = (direct, mirrored);
        }
        let depth = tiles.made.len();
        if tiles.ahead.len() <= depth {
            tiles.ahead.resize(depth + 1, Ahead::NONE);
        }
        tiles.ahead[depth] = ahead;
    }

    fn apply(&self, tiles: &mut Tiles, dir: u8) {
        let step = self.step(tiles, dir);
        let (direct, mirrored) = self.entries_ahead(tiles, dir);
        let (value, _) = self.read_after(tiles, step, false, direct);
        let mirrored_value = match self.mirror {
            Some(_) => self.read_after(tiles, step, true, mirrored).0,
            None => 0,
        };
        self.make(tiles, dir, step, (value, mirrored_value));
    }

    fn apply_within(&self, tiles: &mut Tiles, dir: u8, most: u32) -> Result<(), u32> {
        // The mirrored table is read only when the direct one does not rule the move out
        // (about a third of all moves made on the 24-puzzle's tables are).
        let step = self.step(tiles, dir);
        let (direct, mirrored) = self.entries_ahead(tiles, dir);
        let (value, sum) = self.read_after(tiles, step, false, direct);
        if sum > most {
            return Err(sum);
        }
        let mirrored_value = match self.mirror {
            Some(_) => {
                let (mirrored_value, mirrored_sum) = self.read_after(tiles, step, true, mirrored);
                if mirrored_sum > most {
                    return Err(mirrored_sum);
                }
                mirrored_value
            }
            None => 0,
        };
        self.make(tiles, dir, step, (value, mirrored_value));
        Ok(())
    }

    fn undo(&self, tiles: &mut Tiles, dir: u8) {
        let made = tiles.made.pop().expect("a move to take back");
        debug_assert_eq!(made.dir, dir, "the last move made");
        let step = self.step(tiles, dir ^ 1);
        self.slide(tiles, step, (made.value, made.mirrored_value));
        tiles.sequence = made.sequence;
    }

    fn reverse(&self, dir: u8) -> u8 {
        // Dir::ALL is Left, Right, Up, Down: opposites differ in the lowest bit.
        dir ^ 1
    }
}

#[cfg(test)]
mod split_tests;
#[cfg(test)]
mod tests;
