//! A group (every layout reachable from one) as an explicit graph, for questions about all of
//! its layouts: `group`, `analy` and the per-layout tables of `analy-group`.
//!
//! The layouts are found by the generic [`search::layers()`]; the graph then numbers them in code
//! order and stores each one's neighbours as indices, because `analy-group` runs one
//! breadth-first search per layout of the group and hashing layouts there would cost most of
//! its time.

use super::code::Code;
use super::layout::Layout;
use super::moves::{HrdSpace, Metric};
use fxhash::FxHashMap;
use klotski_core::search::{self, Limits};

/// The layouts of one group and the steps between them.
#[derive(Clone, Debug)]
pub struct Group {
    /// The layouts, in ascending code order.
    layouts: Vec<Layout>,
    /// The codes, parallel to `layouts`.
    codes: Vec<Code>,
    /// Neighbours of layout `i`: `edges[first[i]..first[i + 1]]`.
    first: Vec<u32>,
    edges: Vec<u32>,
}

impl Group {
    /// The group of `seed` under `metric`.
    pub fn of(seed: Code, metric: Metric) -> Group {
        let space = HrdSpace::new(metric);
        // A group of the 4x5 board holds at most some tens of thousands of layouts (a few
        // MiB): the limits are a formality.
        let limits = Limits::memory(1 << 30);
        let all = search::layers(&space, seed.layout(), &limits).expect("a group fits in 1 GiB");
        let mut found: Vec<(Code, Layout)> = (all.into_iter())
            .flatten()
            .map(|layout| (layout.code(), layout))
            .collect();
        found.sort_unstable_by_key(|&(code, _)| code);
        let (codes, layouts): (Vec<Code>, Vec<Layout>) = found.into_iter().unzip();
        let index: FxHashMap<Layout, u32> = (layouts.iter())
            .enumerate()
            .map(|(i, &l)| (l, i as u32))
            .collect();
        let mut first = Vec::with_capacity(layouts.len() + 1);
        let mut edges = Vec::new();
        first.push(0);
        for &layout in &layouts {
            space.for_each_step(layout, |_, next| edges.push(index[&next]));
            first.push(edges.len() as u32);
        }
        Group {
            layouts,
            codes,
            first,
            edges,
        }
    }

    /// Number of layouts.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// Whether the group is empty (never: it holds its seed).
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The codes, ascending.
    pub fn codes(&self) -> &[Code] {
        &self.codes
    }

    /// The index of `code`, if it belongs to the group.
    pub fn index_of(&self, code: Code) -> Option<usize> {
        self.codes.binary_search(&code).ok()
    }

    /// The layout with index `i`.
    pub fn layout(&self, i: usize) -> Layout {
        self.layouts[i]
    }

    /// The neighbours of layout `i`, as indices.
    pub fn neighbours(&self, i: usize) -> &[u32] {
        &self.edges[self.first[i] as usize..self.first[i + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_has_its_way_back() {
        let group = Group::of("1A9BF0C".parse().unwrap(), Metric::Piece);
        assert!(group.len() > 20_000);
        for i in 0..group.len() {
            for &j in group.neighbours(i) {
                assert!(group.neighbours(j as usize).contains(&(i as u32)));
            }
        }
        let unit = Group::of("1A9BF0C".parse().unwrap(), Metric::Unit);
        assert_eq!(
            unit.codes(),
            group.codes(),
            "both metrics connect the same layouts"
        );
    }
}
