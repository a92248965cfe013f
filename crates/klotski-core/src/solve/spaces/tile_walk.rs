//! The classic puzzle of 1x1 tiles and one blank, walked in place for IDA*: a move shifts the
//! blank, and the pattern-database bound is kept up to date with one table lookup per move and
//! view.
//!
//! A view is one additive bound: a split of the tiles into groups, each with its table. On a
//! square board the same tables also bound the position mirrored across the main diagonal,
//! which needs as many moves (Korf & Felner's reflected lookup), a second view. A walk may read
//! more than one split (the 24-puzzle's two); the heuristic is the largest of its views' sums.
//!
//! Sequences of moves that an earlier sequence replaces are never made ([`MoveAutomaton`]): the
//! walk lists only the moves its automaton allows, which changes the nodes an IDA* pass walks
//! and never the length of the path it finds.

use crate::engine::geometry::Dir;
use crate::engine::puzzle::{Move, Puzzle};
use crate::heuristic::pdb::SplitTables;
use crate::heuristic::{Pattern, PatternDb, Supply, pdb};
use crate::search::idastar::Walk;
use crate::solve::spaces::move_automaton::MoveAutomaton;
use std::sync::Arc;
use view::{Sums, View, moved};

/// Largest board the walk handles.
pub const MAX_CELLS: usize = 64;

const NONE: u8 = u8::MAX;
const MAX_GROUPS: usize = MAX_CELLS;

/// Most splits of the tiles a walk reads.
pub const MAX_SPLITS: usize = 2;

/// Most bounds a walk keeps: each split read on the position and on its mirror image.
const MAX_VIEWS: usize = 2 * MAX_SPLITS;

/// A position: what stands on each cell, and the database indices and sums for it.
#[derive(Clone)]
pub struct Tiles {
    /// Per cell: the goal cell of the tile on it, or `NONE` for the blank.
    at: [u8; MAX_CELLS],
    blank: u8,
    /// Per view of the walk, in its order; the views it does not have stay at zero.
    sums: [Sums; MAX_VIEWS],
    /// Per move made and not yet taken back: the direction the blank went, and the values the
    /// moved tile's group had in every view before it, so that taking it back reads no table
    /// (on the 24-puzzle's tables a read costs a ranking and a likely cache miss).
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
    /// Per blank direction and view: the moved tile's group entry, or [`UNKNOWN`] for the
    /// move back and the moves off the board.
    entries: [[u32; MAX_VIEWS]; 4],
}

/// An entry of [`Ahead`] not worked out.
const UNKNOWN: u32 = u32::MAX;

impl Ahead {
    /// Nothing worked out: what a depth not yet seen holds.
    const NONE: Ahead = Ahead {
        current: false,
        entries: [[UNKNOWN; MAX_VIEWS]; 4],
    };
}

/// One move of the blank: the tile it moves from cell `from` to `to` (the blank's cell), one
/// step `farther` from home (+1) or nearer (-1), in every view.
#[derive(Clone, Copy)]
struct Step {
    tile: u8,
    from: u8,
    to: u8,
    farther: i8,
}

/// What [`Tiles::made`] keeps of a move.
#[derive(Clone, Copy)]
struct Made {
    dir: u8,
    /// Per view: the moved tile's group's value before the move.
    values: [u8; MAX_VIEWS],
    /// The automaton's state before the move.
    sequence: u32,
}

impl Tiles {
    /// A lower bound on the moves left: the largest of the views' sums (those the walk does
    /// not have are zero).
    pub fn bound(&self) -> u32 {
        self.sums.iter().map(|s| s.sum).max().unwrap_or(0)
    }

    /// Whether every tile is home (the databases read 0 exactly there).
    pub fn solved(&self) -> bool {
        self.sums[0].sum == 0
    }
}

/// The walk: board moves, the databases and where each tile enters them.
pub struct TileWalk {
    /// Per cell and blank direction (as in [`Dir::ALL`]): the cell the blank moves to.
    neighbours: Vec<[u8; 4]>,
    /// The bounds, read in this order until one rules a move out: per split, on the position
    /// and (on a square board) on its mirror image.
    views: Vec<View>,
    /// Per tile (by goal cell): its piece in the puzzle.
    piece_of: [u8; MAX_CELLS],
    /// Per cell: its row and column.
    place: [(u8, u8); MAX_CELLS],
    /// The sequences of moves never made, since an earlier one does what they do.
    automaton: &'static MoveAutomaton,
}

impl TileWalk {
    /// The walk for `puzzle` (1x1 tiles, one blank, goal origins `target`) with the strongest
    /// databases `supply` can provide: as many of the [prebuilt](pdb::prebuilt) splits (the
    /// 15-puzzle's 7-8, the 24-puzzle's two 6-6-6-6 splits), first to last, as are cached
    /// and fit in memory, when `prebuilt` allows them; else the strongest split of
    /// [`pdb::partitions`] that can be had in time, else one table per tile (its Manhattan
    /// distance). `None` when the puzzle is not of that kind, or its goal does not leave the
    /// blank on the last cell.
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
            .and_then(|splits| supply.at_hand(&splits));
        let splits = match stored {
            Some(found) => found,
            None => vec![
                pdb::partitions(rows, cols, 1, &goals)
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
            ],
        };
        Some(TileWalk::with_splits(puzzle, target, splits))
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
        TileWalk::with_splits(puzzle, target, vec![(patterns.to_vec(), databases)])
    }

    /// The walk for `puzzle` (as for [`TileWalk::new`]) bounded by the largest of several
    /// additive bounds: per split, its patterns (which split the tiles' goal cells) and their
    /// databases. At most [`MAX_SPLITS`] splits, the first read first.
    pub fn with_splits(puzzle: &Puzzle, target: &[usize], splits: Vec<SplitTables>) -> TileWalk {
        assert!(
            (1..=MAX_SPLITS).contains(&splits.len()),
            "one to {MAX_SPLITS} splits"
        );
        let board = &puzzle.board;
        let (rows, cols) = (board.rows(), board.cols());
        let views = (splits.into_iter())
            .flat_map(|(patterns, databases)| View::of_split(&patterns, databases, rows, cols))
            .collect();
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
            views,
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

    /// Bytes its database tables hold (a table two splits share counted once).
    pub fn table_bytes(&self) -> usize {
        let mut tables: Vec<&Arc<PatternDb>> =
            self.views.iter().flat_map(|v| &v.databases).collect();
        tables.sort_by_key(|db| Arc::as_ptr(db));
        tables.dedup_by_key(|db| Arc::as_ptr(db));
        tables.iter().map(|db| db.pattern().table_bytes()).sum()
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
            sums: [Sums::ZERO; MAX_VIEWS],
            made: Vec::new(),
            ahead: Vec::new(),
            sequence: MoveAutomaton::START,
        };
        for (view, sums) in self.views.iter().zip(&mut tiles.sums) {
            for (cell, &tile) in at[..cells].iter().enumerate() {
                if tile == NONE {
                    continue;
                }
                let slot = view.slots[tile as usize];
                sums.index[slot.group as usize] += (view.cell[cell] as u32) << slot.shift;
                // Mirroring keeps distances.
                sums.distance[slot.group as usize] += self.distance(tile, cell as u8);
            }
            for (group, db) in view.databases.iter().enumerate() {
                sums.value[group] = db.at(sums.index[group] as usize);
                sums.sum += sums.value[group] as u32;
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

    /// The walk's views, `N` of them.
    #[inline(always)]
    fn views<const N: usize>(&self) -> &[View; N] {
        self.views.as_slice().try_into().expect("N views")
    }

    /// Makes `step` in a walk of `N` views, the moved tile's group's new value in each view
    /// being `found`; returns their values before.
    #[inline(always)]
    fn slide<const N: usize>(
        &self,
        tiles: &mut Tiles,
        step: Step,
        found: &[u8; MAX_VIEWS],
    ) -> [u8; MAX_VIEWS] {
        let Step {
            tile,
            from,
            to,
            farther,
        } = step;
        tiles.at[to as usize] = tile;
        tiles.at[from as usize] = NONE;
        tiles.blank = from;
        let mut before = [0; MAX_VIEWS];
        for (v, view) in self.views::<N>().iter().enumerate() {
            let slot = view.slots[tile as usize];
            let sums = &mut tiles.sums[v];
            let group = slot.group as usize;
            let (from, to) = (view.cell[from as usize], view.cell[to as usize]);
            sums.index[group] = moved(sums.index[group], slot, from as u32, to as u32);
            sums.distance[group] = sums.distance[group].wrapping_add_signed(farther);
            before[v] = sums.value[group];
            sums.sum = sums.sum + found[v] as u32 - before[v] as u32;
            sums.value[group] = found[v];
        }
        before
    }

    /// The table entries [`Walk::moves`] worked out for the blank's move `dir` from the
    /// position `tiles` holds, or [`UNKNOWN`] ones.
    fn entries_ahead(&self, tiles: &Tiles, dir: u8) -> [u32; MAX_VIEWS] {
        match tiles.ahead.get(tiles.made.len()) {
            Some(ahead) if ahead.current => ahead.entries[dir as usize],
            _ => [UNKNOWN; MAX_VIEWS],
        }
    }

    /// What the moved tile's group reads in `view`, whose kept values are `sums`, once `step`
    /// is made, at `entry` when known, and the view's sum then.
    #[inline(always)]
    fn read_after(view: &View, sums: &Sums, step: Step, entry: u32) -> (u8, u32) {
        let slot = view.slots[step.tile as usize];
        let group = slot.group as usize;
        let db = &view.databases[group];
        let entry = match entry {
            UNKNOWN => {
                let (from, to) = (view.cell[step.from as usize], view.cell[step.to as usize]);
                db.entry(moved(sums.index[group], slot, from as u32, to as u32) as usize)
            }
            known => known as usize,
        };
        let found = db.at_entry(
            entry,
            sums.distance[group].wrapping_add_signed(step.farther),
        );
        (found, sums.sum + found as u32 - sums.value[group] as u32)
    }

    /// Makes the blank's move `dir`, which is `step`, in a walk of `N` views, the moved tile's
    /// group's new value in each view being `found`.
    #[inline(always)]
    fn make<const N: usize>(
        &self,
        tiles: &mut Tiles,
        dir: u8,
        step: Step,
        found: &[u8; MAX_VIEWS],
    ) {
        let values = self.slide::<N>(tiles, step, found);
        let depth = tiles.made.len();
        tiles.made.push(Made {
            dir,
            values,
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

/// The table of one tile: its Manhattan distance, built at once and never cached.
fn single_tile_table(pattern: &Pattern) -> Arc<PatternDb> {
    let table = pdb::build::build(pattern, 1, &|_| true).expect("never stopped");
    Arc::new(PatternDb::new(pattern.clone(), table))
}

/// Calls `$walk.$method::<N>(...)` with `N` the walk's number of views, so that the loops over
/// the views, the walk's innermost, unroll.
macro_rules! by_views {
    ($walk:expr, $method:ident($($arg:expr),*)) => {
        match $walk.views.len() {
            1 => $walk.$method::<1>($($arg),*),
            2 => $walk.$method::<2>($($arg),*),
            3 => $walk.$method::<3>($($arg),*),
            _ => $walk.$method::<MAX_VIEWS>($($arg),*),
        }
    };
}

impl TileWalk {
    /// [`Walk::moves`] in a walk of `N` views.
    fn moves_of<const N: usize>(&self, tiles: &mut Tiles, out: &mut Vec<u8>) {
        let to = tiles.blank;
        let mut ahead = Ahead {
            current: true,
            ..Ahead::NONE
        };
        for (dir, &from) in self.neighbours[tiles.blank as usize].iter().enumerate() {
            // The move back to the parent is one the automaton rules out.
            if from == NONE || self.automaton.after(tiles.sequence, dir as u8).is_none() {
                continue;
            }
            out.push(dir as u8);
            // Start the child's table reads now, all of them side by side.
            let tile = tiles.at[from as usize] as usize;
            for (v, view) in self.views::<N>().iter().enumerate() {
                let slot = view.slots[tile];
                let group = slot.group as usize;
                let db = &view.databases[group];
                let (from, to) = (view.cell[from as usize], view.cell[to as usize]);
                let index = moved(tiles.sums[v].index[group], slot, from as u32, to as u32);
                let entry = db.entry(index as usize);
                db.prefetch(entry);
                ahead.entries[dir][v] = entry as u32;
            }
        }
        let depth = tiles.made.len();
        if tiles.ahead.len() <= depth {
            tiles.ahead.resize(depth + 1, Ahead::NONE);
        }
        tiles.ahead[depth] = ahead;
    }

    /// [`Walk::apply`] in a walk of `N` views.
    fn apply_of<const N: usize>(&self, tiles: &mut Tiles, dir: u8) {
        let step = self.step(tiles, dir);
        let entries = self.entries_ahead(tiles, dir);
        let mut found = [0; MAX_VIEWS];
        for (v, view) in self.views::<N>().iter().enumerate() {
            found[v] = Self::read_after(view, &tiles.sums[v], step, entries[v]).0;
        }
        self.make::<N>(tiles, dir, step, &found);
    }

    /// [`Walk::apply_within`] in a walk of `N` views.
    fn apply_within_of<const N: usize>(
        &self,
        tiles: &mut Tiles,
        dir: u8,
        most: u32,
    ) -> Result<(), u32> {
        // The views are read in order and the rest left unread once one rules the move out
        // (on the 24-puzzle's tables the first rules out about a third of all moves made).
        let step = self.step(tiles, dir);
        let entries = self.entries_ahead(tiles, dir);
        let mut found = [0; MAX_VIEWS];
        for (v, view) in self.views::<N>().iter().enumerate() {
            let (value, sum) = Self::read_after(view, &tiles.sums[v], step, entries[v]);
            if sum > most {
                return Err(sum);
            }
            found[v] = value;
        }
        self.make::<N>(tiles, dir, step, &found);
        Ok(())
    }

    /// [`Walk::undo`] in a walk of `N` views.
    fn undo_of<const N: usize>(&self, tiles: &mut Tiles, dir: u8) {
        let made = tiles.made.pop().expect("a move to take back");
        debug_assert_eq!(made.dir, dir, "the last move made");
        let step = self.step(tiles, dir ^ 1);
        self.slide::<N>(tiles, step, &made.values);
        tiles.sequence = made.sequence;
    }
}

impl Walk for TileWalk {
    type State = Tiles;
    /// The direction the blank moves, as an index into [`Dir::ALL`].
    type Move = u8;

    fn moves(&self, tiles: &mut Tiles, out: &mut Vec<u8>) {
        by_views!(self, moves_of(tiles, out))
    }

    fn apply(&self, tiles: &mut Tiles, dir: u8) {
        by_views!(self, apply_of(tiles, dir))
    }

    fn apply_within(&self, tiles: &mut Tiles, dir: u8, most: u32) -> Result<(), u32> {
        by_views!(self, apply_within_of(tiles, dir, most))
    }

    fn undo(&self, tiles: &mut Tiles, dir: u8) {
        by_views!(self, undo_of(tiles, dir))
    }

    fn reverse(&self, dir: u8) -> u8 {
        // Dir::ALL is Left, Right, Up, Down: opposites differ in the lowest bit.
        dir ^ 1
    }
}

mod view;

#[cfg(test)]
mod split_tests;
#[cfg(test)]
mod tests;
