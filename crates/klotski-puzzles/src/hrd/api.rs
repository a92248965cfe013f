//! The 4x5 engine as the assignment's library calls (HRD_cal, HRD_analy, HRD_group, HRD_statistic):
//! code to text and back, checking a code, the shortest solution, the shortest path to a
//! target, the whole group, the analysis of a layout and of a group, and the census.
//!
//! Every call counts steps as the assignment does (one piece moving any distance, turns included);
//! the modules behind them ([`super::solve`], [`super::group`], [`super::analysis`],
//! [`super::census`]) also take the single-cell metric.
//!
//! ```
//! use klotski_puzzles::hrd::api;
//!
//! let opening = api::from_text("1A9BF0C")?;
//! let solution = api::solve(opening).expect("the opening is solvable");
//! assert_eq!(solution.len() - 1, 81);
//! assert_eq!(api::to_text(*solution.last().unwrap()), "DAAF4CC00");
//! # Ok::<(), klotski_puzzles::hrd::CodeError>(())
//! ```

use super::analysis::{Analysis, LayerLinks, Scratch};
use super::census::{GroupCensus, Progress};
use super::code::{Code, CodeError};
use super::enumerate;
use super::group::Group;
use super::mix::Mix;
use super::moves::Metric;
use super::show::Drawing;
use super::solve::{self, Path};
use std::fmt::Write as _;

/// A code as the assignment writes it: nine upper-case hex digits (`Change_str`).
///
/// ```
/// use klotski_puzzles::hrd::{Code, api};
/// assert_eq!(api::to_text(Code::new(0x4FEA13400)?), "4FEA13400");
/// # Ok::<(), klotski_puzzles::hrd::CodeError>(())
/// ```
pub fn to_text(code: Code) -> String {
    code.to_string()
}

/// The code a text names (`Change_int`): 1 to 9 hex digits, either case, trailing zeros
/// optional; checked like [`check`].
///
/// ```
/// use klotski_puzzles::hrd::api;
/// assert_eq!(api::from_text("1a9bf0c")?.value(), 0x1A9BF0C00);
/// assert!(api::from_text("1A9G").is_err());
/// # Ok::<(), klotski_puzzles::hrd::CodeError>(())
/// ```
pub fn from_text(text: &str) -> Result<Code, CodeError> {
    text.parse()
}

/// Checks a 36-bit number as a layout code (`Check_Code`), saying what is wrong when it is not
/// one: the piece that sticks out or overlaps, too few empty cells, bits left over.
///
/// ```
/// use klotski_puzzles::hrd::{CodeError, api};
/// assert!(api::check(0x1A9BF0C00).is_ok());
/// // The assignment's example of a wrong code: its last vertical piece sticks out at the bottom.
/// assert!(matches!(api::check(0x123456789), Err(CodeError::BadPiece { row: 4, .. })));
/// ```
pub fn check(value: u64) -> Result<Code, CodeError> {
    Code::new(value)
}

/// A shortest solution of `start` (`Calculate(code)`): the codes from `start` to a layout with
/// the 2x2 block at the bottom centre, or `None` when none can be reached.
///
/// ```
/// use klotski_puzzles::hrd::api;
/// let path = api::solve(api::from_text("1A9BF0C00")?).unwrap();
/// assert_eq!(path.len(), 82); // 81 steps
/// assert!(path.last().unwrap().layout().is_solved());
/// // The block can never reach the exit here: two horizontal pieces lie across its way.
/// assert_eq!(api::solve(api::from_text("1AAEF0C")?), None);
/// # Ok::<(), klotski_puzzles::hrd::CodeError>(())
/// ```
pub fn solve(start: Code) -> Option<Vec<Code>> {
    solve::solve(start, Metric::Piece).map(codes)
}

/// A shortest path from `start` to `target` (`Calculate(code, target)`), both ends included, or
/// `None` when they lie in different groups.
///
/// ```
/// use klotski_puzzles::hrd::api;
/// let (start, target) = (api::from_text("1A9BF0C00")?, api::from_text("1ABE70C00")?);
/// let path = api::path(start, target).unwrap();
/// assert_eq!((path.len() - 1, path[0], path[29]), (29, start, target));
/// # Ok::<(), klotski_puzzles::hrd::CodeError>(())
/// ```
pub fn path(start: Code, target: Code) -> Option<Vec<Code>> {
    solve::to_target(start, target, Metric::Piece).map(codes)
}

fn codes(path: Path) -> Vec<Code> {
    path.layouts.iter().map(|layout| layout.code()).collect()
}

/// Every layout of `code`'s group, codes ascending (`Calculate_All`).
///
/// ```
/// use klotski_puzzles::hrd::api;
/// let group = api::group(api::from_text("1A9BF0C00")?);
/// assert_eq!(group.len(), 25_955);
/// assert!(group.windows(2).all(|w| w[0] < w[1]));
/// # Ok::<(), klotski_puzzles::hrd::CodeError>(())
/// ```
pub fn group(code: Code) -> Vec<Code> {
    Group::of(code, Metric::Piece).codes().to_vec()
}

/// The analysis of `code` (`Analyse_Case`): its group in layers by distance with the count of
/// links between consecutive layers, the farthest layouts, the minimum-step solutions and
/// every solution.
///
/// ```
/// use klotski_puzzles::hrd::api;
/// let a = api::analyse(api::from_text("1A9BF0C00")?);
/// assert_eq!(a.layers.iter().map(Vec::len).sum::<usize>(), 25_955);
/// assert_eq!((a.farthest_step(), a.farthest().len()), (124, 8));
/// assert_eq!((a.min_solution_step(), a.min_solutions().len()), (81, 2));
/// assert_eq!(a.solutions.len(), 6);
/// assert_eq!(a.link_counts.len(), a.layers.len() - 1);
/// # Ok::<(), klotski_puzzles::hrd::CodeError>(())
/// ```
pub fn analyse(code: Code) -> Analysis {
    analyse_with_links(code).0
}

/// [`analyse`] and the links between layers themselves: per layer but the last, the pairs
/// (index in layer k, index in layer k + 1) of layouts one step apart (the assignment's `next_case`).
///
/// ```
/// use klotski_puzzles::hrd::api;
/// let (a, links) = api::analyse_with_links(api::from_text("9AAAF")?);
/// assert_eq!(a.link_counts, [3, 7, 9, 9, 4, 2]);
/// // The start leads to all three layouts of layer 1.
/// assert_eq!(links[0], [(0, 0), (0, 1), (0, 2)]);
/// # Ok::<(), klotski_puzzles::hrd::CodeError>(())
/// ```
pub fn analyse_with_links(code: Code) -> (Analysis, Vec<LayerLinks>) {
    let group = Group::of(code, Metric::Piece);
    let start = group.index_of(code).expect("a layout is in its own group");
    let analysis = Analysis::of(&group, start, &mut Scratch::default());
    let links = analysis.links(&group);
    (analysis, links)
}

/// The assignment's two tables for every layout of `code`'s group (`Batch_Analyse`), one CSV row per
/// layout, codes ascending: `farthest` (`code,farthest_step,count,codes`) and `solution`
/// (`code,min_step,count,codes,solution_count`, and with `integral` every solution as
/// `code(step)`).
///
/// ```
/// use klotski_puzzles::hrd::api;
/// let tables = api::group_tables(api::from_text("9AAAF")?, false);
/// assert_eq!(tables.farthest.lines().count(), 26);
/// assert!(tables.solution.starts_with("928AAF000,7,1,DAA82F000,1\n"));
/// # Ok::<(), klotski_puzzles::hrd::CodeError>(())
/// ```
pub fn group_tables(code: Code, integral: bool) -> GroupTables {
    let group = Group::of(code, Metric::Piece);
    let mut tables = GroupTables::default();
    let mut scratch = Scratch::default();
    for i in 0..group.len() {
        let a = Analysis::of(&group, i, &mut scratch);
        let _ = writeln!(tables.farthest, "{}", a.farthest_row());
        let _ = writeln!(tables.solution, "{}", a.solution_row(integral));
    }
    tables
}

/// The two tables of [`group_tables`], as CSV text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupTables {
    /// One `farthest` row per layout.
    pub farthest: String,
    /// One `solution` row per layout.
    pub solution: String,
}

/// The layout drawn in text, cells `width` characters wide, 1 to [`super::show::MAX_WIDTH`]
/// (`Output_Graph`).
///
/// ```
/// use klotski_puzzles::hrd::api;
/// let picture = api::draw(api::from_text("4FEA134")?, 1);
/// assert!(picture.starts_with("+-+-+-+-+\n| | | | |\n"));
/// assert_eq!(picture.lines().count(), 11);
/// # Ok::<(), klotski_puzzles::hrd::CodeError>(())
/// ```
pub fn draw(code: Code, width: usize) -> String {
    Drawing {
        layout: code.layout(),
        width,
    }
    .to_string()
}

/// Calls `visit` with every legal code, ascending (`Find_All_Case`): 29,334,498 of them.
///
/// ```
/// use klotski_puzzles::hrd::api;
/// let mut count = 0u64;
/// api::all_codes(|_| count += 1);
/// assert_eq!(count, 29_334_498);
/// ```
pub fn all_codes(mut visit: impl FnMut(Code)) {
    enumerate::for_each(|code, _| visit(code));
}

/// The census of every legal layout (`All_Statistic`): each layout's mix, group number and
/// index in its group, numbered as the assignment numbers them. Takes seconds and about 180 MB;
/// `progress` hears how far it is. [`census_of_mix`] does one mix.
pub fn census(progress: &mut dyn FnMut(Progress)) -> GroupCensus {
    GroupCensus::all(progress)
}

/// The census of the layouts of `mix` alone, numbered as in the whole [`census`].
///
/// ```
/// use klotski_puzzles::hrd::{api, mix::Mix};
/// let mix = Mix { jiang: 5, bing: 4, style: 1 };
/// let census = api::census_of_mix(mix, &mut |_| {});
/// let opening = census.classify(api::from_text("1A9BF0C00")?).unwrap();
/// // The assignment's number 5-4-1-1-7472: mix 5-4-1, group 1, index 7472 in it.
/// assert_eq!((opening.mix, opening.group_num, opening.group_index), (mix, 1, 7472));
/// assert_eq!(census.groups_of_mix(mix).count(), 898);
/// # Ok::<(), klotski_puzzles::hrd::CodeError>(())
/// ```
pub fn census_of_mix(mix: Mix, progress: &mut dyn FnMut(Progress)) -> GroupCensus {
    GroupCensus::of_mix(mix, progress)
}
