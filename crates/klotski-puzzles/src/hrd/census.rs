//! The census of groups: every legal layout (or every layout of one mix) sorted into its group,
//! the groups numbered as the assignment numbers them, and each layout's classification
//! `jiang_num-bing_num-style_num-group_num-group_index`.
//!
//! The assignment's numbering: within a mix, groups by size descending, equal sizes by their smallest
//! code ascending (`group_num`); within a group, layouts by code ascending (`group_index`).
//!
//! Groups are the connected components of the step graph, found by union-find over code ranks
//! ([`CodeIndex`]). The single-cell steps connect exactly the layouts the assignment's any-distance
//! steps connect (a long step is a chain of single-cell ones through legal layouts), and each
//! single-cell step is looked at from one end only (the piece moving right or down), so each
//! layout costs about two rank look-ups. Union by smaller rank keeps every parent at or below
//! its child, so one ascending pass turns the forest into group numbers in order of smallest
//! code, the assignment's tie order.
//!
//! Linking runs on every core, one place of the 2x2 block at a time, over a lock-free
//! union-find: a root is linked under another by compare-and-swap, and path halving only ever
//! points a layout at one of its ancestors, so any interleaving leaves the same partition (and
//! the numbering, made afterwards on one thread, does not depend on the run).

use super::code::Code;
use super::enumerate;
use super::layout::CELLS;
use super::mix::Mix;
use super::moves::{HrdSpace, Metric};
use super::rank::CodeIndex;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Every legal layout: the assignment's count.
pub const ALL_LAYOUTS: u64 = 29_334_498;

/// Most single-cell steps right or down out of one layout: each empty cell (at most 16) has
/// one piece to its left and one above it.
const MAX_FORWARD_STEPS: usize = 32;

/// Layouts between two progress reports.
const REPORT_EVERY: u32 = 1 << 18;

/// Which step the census is on; the steps run in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CensusStep {
    /// Listing the legal layouts (`done` out of all 29,334,498, also when one mix is wanted).
    Listing,
    /// Joining each layout with its neighbours.
    Linking,
    /// Numbering the groups and counting their layouts.
    Numbering,
    /// Writing the assignment's files ([`super::database`]).
    Writing,
}

impl CensusStep {
    /// A word for a progress display.
    pub fn name(self) -> &'static str {
        match self {
            CensusStep::Listing => "listing",
            CensusStep::Linking => "linking",
            CensusStep::Numbering => "numbering",
            CensusStep::Writing => "writing",
        }
    }
}

/// How far the census is: `done` of `total` units of `step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The step.
    pub step: CensusStep,
    /// Units done.
    pub done: u64,
    /// Units in the step.
    pub total: u64,
}

/// One group of the census.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CensusGroup {
    /// Its smallest code: the assignment's "first layout" of the group, `group_index` 0.
    pub seed: Code,
    /// Its layouts.
    pub size: u32,
    /// The mix of all its layouts.
    pub mix: Mix,
    /// The assignment's `group_num` within the mix.
    pub number: u32,
}

/// A layout's full classification, the assignment's `jiang_num-bing_num-style_num-group_num-group_index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Classification {
    /// The layout.
    pub code: Code,
    /// Its mix.
    pub mix: Mix,
    /// Its group's number within the mix.
    pub group_num: u32,
    /// Its place in its group, codes ascending, from 0.
    pub group_index: u32,
}

/// Layout and group counts of one mix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MixCount {
    /// The mix.
    pub mix: Mix,
    /// Its layouts.
    pub layouts: u64,
    /// Its groups.
    pub groups: u32,
}

/// Every layout of the census with its group.
#[derive(Clone, Debug)]
pub struct GroupCensus {
    index: CodeIndex,
    /// Per rank, the group's position in `groups`.
    group_of: Vec<u32>,
    /// Groups in ascending order of their smallest code.
    groups: Vec<CensusGroup>,
    /// Per mix, positions in `groups` in `group_num` order.
    by_mix: BTreeMap<Mix, Vec<u32>>,
}

impl GroupCensus {
    /// The census of all 29,334,498 legal layouts.
    pub fn all(progress: &mut dyn FnMut(Progress)) -> GroupCensus {
        GroupCensus::of(|_| true, progress)
    }

    /// The census of the layouts of one mix (its groups numbered as in the whole census).
    pub fn of_mix(mix: Mix, progress: &mut dyn FnMut(Progress)) -> GroupCensus {
        GroupCensus::of(|m| m == mix, progress)
    }

    /// The census of the layouts whose mix `wanted` accepts; it must accept all or none of
    /// each mix, which steps never leave.
    fn of(wanted: impl Fn(Mix) -> bool + Sync, progress: &mut dyn FnMut(Progress)) -> GroupCensus {
        report(progress, CensusStep::Listing, 0u32, ALL_LAYOUTS);
        let mut seen = 0u32;
        let index = CodeIndex::build(|add| {
            enumerate::for_each(|code, mix| {
                seen += 1;
                if seen.is_multiple_of(REPORT_EVERY) {
                    report(progress, CensusStep::Listing, seen, ALL_LAYOUTS);
                }
                if wanted(mix) {
                    add(code);
                }
            });
        });
        report(progress, CensusStep::Listing, seen, ALL_LAYOUTS);
        let mut parent = link(&index, &wanted, progress);
        let (groups, by_mix) = number(&index, &mut parent, progress);
        GroupCensus {
            index,
            group_of: parent,
            groups,
            by_mix,
        }
    }

    /// Number of layouts.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Whether it holds no layout.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The groups, in ascending order of their smallest code.
    pub fn groups(&self) -> &[CensusGroup] {
        &self.groups
    }

    /// The groups of `mix` in `group_num` order.
    pub fn groups_of_mix(&self, mix: Mix) -> impl Iterator<Item = &CensusGroup> + '_ {
        (self.by_mix.get(&mix).into_iter().flatten()).map(|&g| &self.groups[g as usize])
    }

    /// Layouts and groups per mix, in the assignment's order of mixes.
    pub fn mix_counts(&self) -> Vec<MixCount> {
        (self.by_mix.iter())
            .map(|(&mix, ids)| MixCount {
                mix,
                layouts: (ids.iter())
                    .map(|&g| u64::from(self.groups[g as usize].size))
                    .sum(),
                groups: ids.len() as u32,
            })
            .collect()
    }

    /// The group of `code`, when the census holds it.
    pub fn group_of(&self, code: Code) -> Option<&CensusGroup> {
        let rank = self.index.rank(code.value())?;
        Some(&self.groups[self.group_of[rank as usize] as usize])
    }

    /// The layouts of `code`'s group, ascending; empty when the census does not hold `code`.
    pub fn members(&self, code: Code) -> Vec<Code> {
        let Some(rank) = self.index.rank(code.value()) else {
            return Vec::new();
        };
        let id = self.group_of[rank as usize];
        (self.index.iter())
            .filter(|&(r, _)| self.group_of[r as usize] == id)
            .map(|(_, c)| c)
            .collect()
    }

    /// The classification of `code`, when the census holds it (a scan of the smaller codes, for
    /// `group_index`; [`GroupCensus::classifications`] gives all of them in one pass).
    pub fn classify(&self, code: Code) -> Option<Classification> {
        let rank = self.index.rank(code.value())?;
        let id = self.group_of[rank as usize];
        let group = &self.groups[id as usize];
        let before = self.group_of[..rank as usize]
            .iter()
            .filter(|&&g| g == id)
            .count();
        Some(Classification {
            code,
            mix: group.mix,
            group_num: group.number,
            group_index: before as u32,
        })
    }

    /// Every layout's classification, codes ascending.
    pub fn classifications(&self) -> impl Iterator<Item = Classification> + '_ {
        let mut next_index = vec![0u32; self.groups.len()];
        self.index.iter().map(move |(rank, code)| {
            let id = self.group_of[rank as usize] as usize;
            let group = &self.groups[id];
            let group_index = next_index[id];
            next_index[id] += 1;
            Classification {
                code,
                mix: group.mix,
                group_num: group.number,
                group_index,
            }
        })
    }
}

fn report(progress: &mut dyn FnMut(Progress), step: CensusStep, done: impl Into<u64>, total: u64) {
    progress(Progress {
        step,
        done: done.into(),
        total,
    });
}

/// The union-find forest of the step graph over the ranks of the layouts `wanted` accepts:
/// every parent at or below its child.
fn link(
    index: &CodeIndex,
    wanted: &(impl Fn(Mix) -> bool + Sync),
    progress: &mut dyn FnMut(Progress),
) -> Vec<u32> {
    let total = index.len() as u64;
    let parent: Vec<AtomicU32> = (0..index.len() as u32).map(AtomicU32::new).collect();
    let next_head = AtomicUsize::new(0);
    let done = AtomicU64::new(0);
    // Each worker takes the next place of the block until none is left.
    let work = |report: &mut dyn FnMut(u64)| {
        let space = HrdSpace::new(Metric::Unit);
        loop {
            let head = next_head.fetch_add(1, Relaxed);
            if head >= CELLS {
                break;
            }
            let mut rank = index.count_below((head as u64) << 32);
            enumerate::for_each_at(head, |_, layout, mix| {
                if !wanted(mix) {
                    return;
                }
                // The ends first, then their ranks, then the unions: the look-ups do not wait
                // on each other, so their cache misses overlap.
                let (mut ends, mut count) = ([0u64; MAX_FORWARD_STEPS], 0);
                space.for_each_step(layout, |slide, next| {
                    // The step with the piece moving left or up is this one seen from `next`.
                    if slide.to > slide.from {
                        ends[count] = next.code().value();
                        count += 1;
                    }
                });
                let mut ranks = [0u32; MAX_FORWARD_STEPS];
                for (to, &end) in ranks.iter_mut().zip(&ends[..count]) {
                    *to = (index.rank(end))
                        .expect("a step keeps the mix, so the census holds its end");
                }
                for &other in &ranks[..count] {
                    union(&parent, rank, other);
                }
                rank += 1;
                if rank.is_multiple_of(REPORT_EVERY) {
                    report(done.fetch_add(u64::from(REPORT_EVERY), Relaxed));
                }
            });
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 1..threads.min(CELLS) {
            scope.spawn(|| work(&mut |_| {}));
        }
        work(&mut |done| report(progress, CensusStep::Linking, done, total));
    });
    report(progress, CensusStep::Linking, total, total);
    parent.into_iter().map(AtomicU32::into_inner).collect()
}

/// The root of `x`'s tree, halving the path on the way. A stored grandparent stays an
/// ancestor whatever other threads do, since trees only ever merge.
fn find(parent: &[AtomicU32], mut x: u32) -> u32 {
    loop {
        let up = parent[x as usize].load(Relaxed);
        if up == x {
            return x;
        }
        let grandparent = parent[up as usize].load(Relaxed);
        if grandparent != up {
            parent[x as usize].store(grandparent, Relaxed);
        }
        x = grandparent;
    }
}

/// Joins the trees of `a` and `b` under the smaller root; retries when another thread linked
/// the larger root first.
fn union(parent: &[AtomicU32], a: u32, b: u32) {
    let (mut a, mut b) = (a, b);
    loop {
        let (ra, rb) = (find(parent, a), find(parent, b));
        if ra == rb {
            return;
        }
        let (low, high) = (ra.min(rb), ra.max(rb));
        if parent[high as usize]
            .compare_exchange(high, low, Relaxed, Relaxed)
            .is_ok()
        {
            return;
        }
        (a, b) = (ra, rb);
    }
}

/// Turns the forest into group positions in place (in order of smallest code), and numbers the
/// groups within each mix.
fn number(
    index: &CodeIndex,
    parent: &mut [u32],
    progress: &mut dyn FnMut(Progress),
) -> (Vec<CensusGroup>, BTreeMap<Mix, Vec<u32>>) {
    let total = index.len() as u64;
    let mut groups: Vec<CensusGroup> = Vec::new();
    for (rank, code) in index.iter() {
        if rank % REPORT_EVERY == 0 {
            report(progress, CensusStep::Numbering, rank, total);
        }
        let r = rank as usize;
        let up = parent[r];
        // A smaller rank already holds its group's position, and a parent is never larger.
        let id = if up == rank {
            groups.push(CensusGroup {
                seed: code,
                size: 0,
                mix: Mix::of(code.layout()),
                number: 0,
            });
            groups.len() as u32 - 1
        } else {
            parent[up as usize]
        };
        parent[r] = id;
        groups[id as usize].size += 1;
    }
    report(progress, CensusStep::Numbering, total, total);
    let mut by_mix: BTreeMap<Mix, Vec<u32>> = BTreeMap::new();
    for (id, group) in groups.iter().enumerate() {
        by_mix.entry(group.mix).or_default().push(id as u32);
    }
    for ids in by_mix.values_mut() {
        // Stable: equal sizes keep the order of their smallest codes.
        ids.sort_by_key(|&g| std::cmp::Reverse(groups[g as usize].size));
        for (number, &g) in ids.iter().enumerate() {
            groups[g as usize].number = number as u32;
        }
    }
    (groups, by_mix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mix_with_thirteen_groups_is_numbered_as_the_seed_lists_them() {
        let mix = Mix {
            jiang: 1,
            bing: 12,
            style: 1,
        };
        let census = GroupCensus::of_mix(mix, &mut |_| {});
        assert_eq!(census.len(), 11_284);
        let sizes: Vec<u32> = census.groups_of_mix(mix).map(|g| g.size).collect();
        // The assignment's table of group sizes: 10836, then 4 x 48, 4 x 40, 4 x 24.
        let mut expected = vec![10_836];
        for size in [48, 40, 24] {
            expected.extend([size; 4]);
        }
        assert_eq!(sizes, expected);
        let seeds: Vec<Code> = census.groups_of_mix(mix).map(|g| g.seed).collect();
        for pair in seeds[1..].windows(2) {
            let size = |c: Code| census.group_of(c).unwrap().size;
            assert!(size(pair[0]) > size(pair[1]) || pair[0] < pair[1]);
        }
        let rows: Vec<Classification> = census.classifications().collect();
        assert_eq!(rows.len(), 11_284);
        for row in rows.iter().step_by(101) {
            assert_eq!(census.classify(row.code), Some(*row));
        }
        let first = census.groups_of_mix(mix).next().unwrap().seed;
        assert_eq!(census.classify(first).unwrap().group_index, 0);
        assert_eq!(census.members(first).len(), 10_836);
    }
}
