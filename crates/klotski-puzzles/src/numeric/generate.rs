//! Random puzzles in the terminal input format: a random walk back from the goal, or a random
//! placement kept only once the solver has proven it solvable (or unsolvable, on request).

use super::{NumericPuzzle, rules};
use klotski_core::engine::geometry::{Board, Shape};
use klotski_core::engine::puzzle::{Piece, Puzzle};
use klotski_core::rng::Rng;
use klotski_core::solve::{Algo, Answer, Options, Progress};
use std::fmt;
use std::str::FromStr;

/// A board size written `NxM` (rows x columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
}

/// How many blocks of each shape, written `2x2:1,1x2:2,2x1:1` (rows x columns, then a count;
/// a missing count is 1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockCounts(pub Vec<(Shape, usize)>);

/// How the start position is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// This many random moves from the goal (never straight back, unless nothing else moves).
    Walk(usize),
    /// Every piece placed uniformly at random, kept once the solver has decided it.
    Shuffle,
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Board size.
    pub size: Size,
    /// Blank cells.
    pub blanks: usize,
    /// The blocks besides the 1x1 tiles.
    pub blocks: BlockCounts,
    /// Walk or shuffle.
    pub method: Method,
    /// With [`Method::Shuffle`]: keep only placements proven unsolvable instead.
    pub unsolvable: bool,
}

/// Placements tried before a shuffle gives up looking for one with the wanted verdict.
const SHUFFLE_TRIES: usize = 200;
/// Tries at fitting the blocks onto the board before they are declared not to fit.
const PLACEMENT_TRIES: usize = 100;
/// The longest walk: the default walk (10 moves a cell) on the largest board. A walk keeps its
/// moves, so this also bounds its memory; longer walks mix a board no better.
pub const MAX_WALK: usize = 10 * super::parse::MAX_CELLS;

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// `--size` is not `NxM` with positive numbers.
    #[error("--size takes rows x columns such as 4x4, got '{0}'")]
    BadSize(String),
    /// The board is larger than the input format reads.
    #[error("a board of {0} x {1} cells is larger than the {max} cells supported", max = super::parse::MAX_CELLS)]
    TooLarge(usize, usize),
    /// `--blocks` is not a list of `RxC:count`.
    #[error("--blocks takes shapes and counts such as 2x2:1,1x2:2, got '{0}'")]
    BadBlocks(String),
    /// A shape that is not a block of the format.
    #[error("block shape {0} is not one of 1x2, 2x1, 2x2")]
    BadShape(Shape),
    /// Not at least one blank and one number.
    #[error("{blanks} blanks on {cells} cells: need at least one blank and one number")]
    BadBlanks {
        /// Requested blanks.
        blanks: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// A walk longer than [`MAX_WALK`].
    #[error("--moves {0} is more than the {MAX_WALK} moves a walk may take")]
    WalkTooLong(usize),
    /// The blocks need more cells than the goal numbers.
    #[error(
        "the blocks do not fit: they cover {area} cells, more than the {numbers} numbered cells of the goal"
    )]
    TooManyBlocks {
        /// Cells the blocks cover (saturated at `usize::MAX`).
        area: usize,
        /// Numbered cells.
        numbers: usize,
    },
    /// The blocks cannot stand together where the goal puts numbers.
    #[error("the blocks do not fit on the numbered cells of the goal ({tries} placements tried)")]
    BlocksDoNotFit {
        /// Placements tried.
        tries: usize,
    },
    /// `--unsolvable` asks for a proof that only a shuffle looks for.
    #[error("--unsolvable needs --shuffle (a walk from the goal is always solvable)")]
    UnsolvableWalk,
    /// The solver could not decide a shuffled placement within its limits.
    #[error(
        "a shuffled placement could be proven neither solvable nor unsolvable within the time and memory limits ({0}); try a smaller board, --moves, or a larger --time-limit"
    )]
    Undecided(String),
    /// No shuffled placement had the wanted verdict.
    #[error("none of {tries} shuffled placements was proven {wanted}")]
    NotFound {
        /// Placements tried.
        tries: usize,
        /// `solvable` or `unsolvable`.
        wanted: &'static str,
    },
}

impl FromStr for Size {
    type Err = GenerateError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || GenerateError::BadSize(s.to_string());
        let (rows, cols) = s.split_once(['x', 'X', '*']).ok_or_else(bad)?;
        let rows: usize = rows.trim().parse().map_err(|_| bad())?;
        let cols: usize = cols.trim().parse().map_err(|_| bad())?;
        if rows == 0 || cols == 0 {
            return Err(bad());
        }
        if rows.saturating_mul(cols) > super::parse::MAX_CELLS {
            return Err(GenerateError::TooLarge(rows, cols));
        }
        Ok(Size { rows, cols })
    }
}

impl FromStr for BlockCounts {
    type Err = GenerateError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || GenerateError::BadBlocks(s.to_string());
        let mut counts = Vec::new();
        for item in s.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (shape, count) = item.split_once(':').unwrap_or((item, "1"));
            let size: Size = shape.parse().map_err(|_| bad())?;
            let count: usize = count.trim().parse().map_err(|_| bad())?;
            let shape = Shape {
                rows: size.rows,
                cols: size.cols,
            };
            if !matches!((shape.rows, shape.cols), (1, 2) | (2, 1) | (2, 2)) {
                return Err(GenerateError::BadShape(shape));
            }
            counts.push((shape, count));
        }
        Ok(BlockCounts(counts))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// Generates a puzzle for `spec` from `seed`; a shuffle is decided by the solver under
/// `options` (the portfolio: a replayed solution proves it solvable).
pub fn generate(spec: &Spec, seed: u64, options: Options) -> Result<NumericPuzzle, GenerateError> {
    generate_told(spec, seed, options, &mut |_| {})
}

/// [`generate`], telling `on_progress` how the solver deciding each shuffle is doing.
pub fn generate_told(
    spec: &Spec,
    seed: u64,
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Result<NumericPuzzle, GenerateError> {
    let Size { rows, cols } = spec.size;
    let cells = rows * cols;
    if spec.blanks == 0 || spec.blanks >= cells {
        return Err(GenerateError::BadBlanks {
            blanks: spec.blanks,
            cells,
        });
    }
    if spec.unsolvable && spec.method != Method::Shuffle {
        return Err(GenerateError::UnsolvableWalk);
    }
    if let Method::Walk(moves) = spec.method
        && moves > MAX_WALK
    {
        return Err(GenerateError::WalkTooLong(moves));
    }
    let mut rng = Rng::new(seed);
    let goal = goal(spec, &mut rng)?;
    match spec.method {
        Method::Walk(moves) => Ok(numeric(&goal, &goal.random_walk(moves, &mut rng).1)),
        Method::Shuffle => {
            let options = Options {
                algo: Algo::Auto,
                ..options
            };
            for _ in 0..SHUFFLE_TRIES {
                let origins = scatter(goal.board(), goal.pieces(), &mut rng).ok_or(
                    GenerateError::BlocksDoNotFit {
                        tries: PLACEMENT_TRIES,
                    },
                )?;
                let puzzle = numeric(&goal, &origins);
                if decide(&puzzle, options.clone(), on_progress)? != spec.unsolvable {
                    return Ok(puzzle);
                }
            }
            Err(GenerateError::NotFound {
                tries: SHUFFLE_TRIES,
                wanted: if spec.unsolvable {
                    "unsolvable"
                } else {
                    "solvable"
                },
            })
        }
    }
}

/// The goal: number `v` on cell `v - 1`, blanks on the last cells, and each block on numbered
/// cells at a random place (its numbers are the ones the goal puts there).
fn goal(spec: &Spec, rng: &mut Rng) -> Result<Puzzle, GenerateError> {
    let Size { rows, cols } = spec.size;
    let numbers = rows * cols - spec.blanks;
    let board = Board::new(rows, cols);
    // Checked before the shapes are listed: a count may be any number the user typed.
    let area = (spec.blocks.0.iter())
        .map(|&(shape, count)| shape.area().saturating_mul(count))
        .fold(0, usize::saturating_add);
    if area > numbers {
        return Err(GenerateError::TooManyBlocks { area, numbers });
    }
    let mut shapes: Vec<Shape> = (spec.blocks.0.iter())
        .flat_map(|&(shape, count)| std::iter::repeat_n(shape, count))
        .collect();
    // Largest first: they have the fewest places left once others stand.
    shapes.sort_by_key(|s| std::cmp::Reverse(s.area()));
    let numbered = |cell: usize| cell < numbers;
    let (origins, _) = (0..PLACEMENT_TRIES)
        .find_map(|_| place(&board, &shapes, &numbered, rng))
        .ok_or(GenerateError::BlocksDoNotFit {
            tries: PLACEMENT_TRIES,
        })?;
    let mut covered = vec![false; numbers];
    let mut pieces: Vec<(usize, Piece)> = Vec::new();
    for (&shape, &origin) in shapes.iter().zip(&origins) {
        let footprint: Vec<usize> = board.footprint(shape, origin).collect();
        for &c in &footprint {
            covered[c] = true;
        }
        let numbers = footprint.iter().map(|&c| c as u32 + 1).collect();
        pieces.push((origin, Piece { shape, numbers }));
    }
    for cell in (0..numbers).filter(|&c| !covered[c]) {
        let tile = Piece {
            shape: Shape::UNIT,
            numbers: vec![cell as u32 + 1],
        };
        pieces.push((cell, tile));
    }
    let (start, pieces) = pieces.into_iter().unzip();
    // The blocks were placed on free cells and the tiles fill the rest.
    Ok(Puzzle::new(board, pieces, start).expect("placed without overlap"))
}

/// Places `shapes` one by one, each at a uniformly chosen free place whose cells `allowed`
/// accepts; returns their origins and the cells they cover, or `None` when one finds no place
/// (the caller tries again).
fn place(
    board: &Board,
    shapes: &[Shape],
    allowed: &dyn Fn(usize) -> bool,
    rng: &mut Rng,
) -> Option<(Vec<usize>, Vec<bool>)> {
    let mut taken = vec![false; board.cells()];
    let mut origins = Vec::with_capacity(shapes.len());
    for &shape in shapes {
        let free: Vec<usize> = (0..board.cells())
            .filter(|&o| {
                board.fits(shape, o) && board.footprint(shape, o).all(|c| allowed(c) && !taken[c])
            })
            .collect();
        if free.is_empty() {
            return None;
        }
        let origin = free[rng.below(free.len())];
        for c in board.footprint(shape, origin) {
            taken[c] = true;
        }
        origins.push(origin);
    }
    Some((origins, taken))
}

/// Every piece at a uniformly chosen place: blocks one by one among the free places, then the
/// 1x1 tiles and blanks shuffled over the cells left.
fn scatter(board: &Board, pieces: &[Piece], rng: &mut Rng) -> Option<Vec<usize>> {
    let blocks: Vec<usize> = (0..pieces.len())
        .filter(|&p| pieces[p].shape != Shape::UNIT)
        .collect();
    let shapes: Vec<Shape> = blocks.iter().map(|&p| pieces[p].shape).collect();
    let (placed, taken) =
        (0..PLACEMENT_TRIES).find_map(|_| place(board, &shapes, &|_| true, rng))?;
    let mut origins = vec![0; pieces.len()];
    for (&p, &o) in blocks.iter().zip(&placed) {
        origins[p] = o;
    }
    let mut free: Vec<usize> = (0..board.cells()).filter(|&c| !taken[c]).collect();
    rng.shuffle(&mut free);
    let tiles = (0..pieces.len()).filter(|&p| pieces[p].shape == Shape::UNIT);
    for (p, cell) in tiles.zip(free) {
        origins[p] = cell;
    }
    Some(origins)
}

/// The puzzle with `goal`'s pieces at `origins`, built through the input format so that it is
/// validated exactly as a file would be.
fn numeric(goal: &Puzzle, origins: &[usize]) -> NumericPuzzle {
    let board = goal.board();
    let mut grid = vec![0u32; board.cells()];
    for (piece, &origin) in goal.pieces().iter().zip(origins) {
        for (cell, &number) in board.footprint(piece.shape, origin).zip(&piece.numbers) {
            grid[cell] = number;
        }
    }
    let mut text = format!("{} {}\n", board.rows(), board.cols());
    for row in grid.chunks(board.cols()) {
        let row: Vec<String> = row.iter().map(u32::to_string).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    let mut blocks: Vec<&Piece> = (goal.pieces().iter())
        .filter(|p| p.shape != Shape::UNIT)
        .collect();
    blocks.sort_by_key(|p| p.label());
    text.push_str(&format!("{}\n", blocks.len()));
    for block in blocks {
        text.push_str(&format!("{} {}\n", block.label(), block.shape));
    }
    text.parse()
        .expect("a placement of the goal's pieces is a valid puzzle")
}

/// Whether `puzzle` is solvable, as proven by a rule or by the solver; an error when neither
/// could decide within `options`' limits.
fn decide(
    puzzle: &NumericPuzzle,
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Result<bool, GenerateError> {
    if rules::disproof(puzzle).is_some() {
        return Ok(false);
    }
    let line = puzzle.rows() == 1 || puzzle.cols() == 1;
    let tiles_one_blank = puzzle.blocks().is_empty() && puzzle.numbers() + 1 == puzzle.grid().len();
    if line || tiles_one_blank {
        // The rules are complete there: pieces on a line in goal order slide home, and the
        // parity rule is exact for one blank and 1x1 tiles (Johnson and Story, 1879).
        return Ok(true);
    }
    let report = super::solve(puzzle, options, on_progress)
        .map_err(|e| GenerateError::Undecided(e.to_string()))?;
    match report.answer {
        Answer::Solved { .. } => Ok(true),
        Answer::Unsolvable(_) => Ok(false),
        Answer::GaveUp(limit) => Err(GenerateError::Undecided(limit.to_string())),
    }
}
