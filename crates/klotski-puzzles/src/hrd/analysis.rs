//! What one layout's group looks like from it: the layers by distance, the links between
//! consecutive layers, the farthest layouts, the solutions and the minimum-step solutions, and
//! the assignment's two CSV rows.
//!
//! A link (the assignment's 层间链接) joins a layout of layer k to a layout of layer k + 1 one step
//! away; links inside a layer or back to an earlier one are not links.
//!
//! A solution (the assignment's definition) is a solved layout S such that no shortest path from the
//! start to S passes through another solved layout first; the minimum-step solutions are the
//! nearest solved layouts.

use super::code::Code;
use super::group::Group;
use std::fmt;

/// The analysis of one start layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The start.
    pub start: Code,
    /// `layers[k]`: the layouts `k` steps away, codes ascending.
    pub layers: Vec<Vec<Code>>,
    /// The solutions with their distances, nearest first, codes ascending within a distance.
    pub solutions: Vec<(Code, u32)>,
    /// `link_counts[k]`: the links from layer `k` to layer `k + 1` (one fewer than the layers).
    pub link_counts: Vec<u64>,
}

/// The links from one layer to the next: (index in layer k, index in layer k + 1) pairs, where
/// an index is a layout's place in [`Analysis::layers`], ascending by the first index, then
/// the second.
pub type LayerLinks = Vec<(u32, u32)>;

/// Reusable per-layout arrays, so analysing every layout of a group allocates once.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    distance: Vec<u32>,
    behind_solved: Vec<bool>,
    queue: Vec<u32>,
}

const UNSEEN: u32 = u32::MAX;

impl Analysis {
    /// Analyses the layout with index `start` in `group`.
    pub fn of(group: &Group, start: usize, scratch: &mut Scratch) -> Analysis {
        let n = group.len();
        scratch.distance.clear();
        scratch.distance.resize(n, UNSEEN);
        scratch.behind_solved.clear();
        scratch.behind_solved.resize(n, false);
        scratch.queue.clear();
        let Scratch {
            distance,
            behind_solved,
            queue,
        } = scratch;
        distance[start] = 0;
        queue.push(start as u32);
        let mut solutions = Vec::new();
        let mut link_counts: Vec<u64> = Vec::new();
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            // The whole layer before this one is done, so `behind_solved` is final here.
            if group.layout(i).is_solved() && !behind_solved[i] {
                solutions.push((group.codes()[i], distance[i]));
                behind_solved[i] = true;
            }
            for &j in group.neighbours(i) {
                let j = j as usize;
                if distance[j] == UNSEEN {
                    distance[j] = distance[i] + 1;
                    queue.push(j as u32);
                }
                // Every neighbour of a layout at distance d is at most d + 1 away and has its
                // distance by now, so each link is counted once, from its nearer end.
                if distance[j] == distance[i] + 1 {
                    let layer = distance[i] as usize;
                    if link_counts.len() <= layer {
                        link_counts.resize(layer + 1, 0);
                    }
                    link_counts[layer] += 1;
                    if behind_solved[i] {
                        behind_solved[j] = true;
                    }
                }
            }
        }
        let mut layers: Vec<Vec<Code>> = Vec::new();
        for &i in queue.iter() {
            let d = distance[i as usize] as usize;
            if layers.len() <= d {
                layers.push(Vec::new());
            }
            layers[d].push(group.codes()[i as usize]);
        }
        layers.iter_mut().for_each(|layer| layer.sort_unstable());
        solutions.sort_unstable_by_key(|&(code, d)| (d, code));
        Analysis {
            start: group.codes()[start],
            layers,
            solutions,
            link_counts,
        }
    }

    /// The links themselves: per layer but the last, those to the next layer. `group` must be
    /// the group the analysis was made in.
    pub fn links(&self, group: &Group) -> Vec<LayerLinks> {
        (self.layers.windows(2))
            .map(|pair| {
                let (here, next) = (&pair[0], &pair[1]);
                let mut links = Vec::new();
                for (a, &code) in here.iter().enumerate() {
                    let i = group
                        .index_of(code)
                        .expect("a layer's layout is in the group");
                    let mut ahead: Vec<u32> = (group.neighbours(i).iter())
                        .filter_map(|&j| next.binary_search(&group.codes()[j as usize]).ok())
                        .map(|b| b as u32)
                        .collect();
                    ahead.sort_unstable();
                    links.extend(ahead.into_iter().map(|b| (a as u32, b)));
                }
                links
            })
            .collect()
    }

    /// The `analy` report, listing `links` (from [`Analysis::links`]) when given.
    pub fn report<'a>(&'a self, links: Option<&'a [LayerLinks]>) -> Report<'a> {
        Report {
            analysis: self,
            links,
        }
    }

    /// The farthest distance.
    pub fn farthest_step(&self) -> usize {
        self.layers.len() - 1
    }

    /// The farthest layouts, codes ascending.
    pub fn farthest(&self) -> &[Code] {
        self.layers.last().expect("the start's layer")
    }

    /// The minimum-step solutions, codes ascending (empty when the group has no solved layout).
    pub fn min_solutions(&self) -> &[(Code, u32)] {
        let nearest = self.solutions.first().map(|&(_, d)| d);
        let count = (self.solutions.iter())
            .take_while(|&&(_, d)| Some(d) == nearest)
            .count();
        &self.solutions[..count]
    }

    /// The minimum solution step, or -1 when there is none (as the assignment's tables write it).
    pub fn min_solution_step(&self) -> i64 {
        self.solutions.first().map_or(-1, |&(_, d)| i64::from(d))
    }

    /// The farthest-layout CSV row: `code,farthest_step,farthest_count,code-code-...`.
    pub fn farthest_row(&self) -> FarthestRow<'_> {
        FarthestRow(self)
    }

    /// The solution CSV row: `code,min_step,min_count,codes,solution_count`, and with
    /// `integral` a last column of every solution as `code(step)`, joined by `-`.
    pub fn solution_row(&self, integral: bool) -> SolutionRow<'_> {
        SolutionRow {
            analysis: self,
            integral,
        }
    }
}

/// Writes codes joined by `-`.
fn joined(f: &mut fmt::Formatter<'_>, codes: impl Iterator<Item = Code>) -> fmt::Result {
    for (k, code) in codes.enumerate() {
        if k > 0 {
            f.write_str("-")?;
        }
        write!(f, "{code}")?;
    }
    Ok(())
}

/// One line of the farthest table ([`Analysis::farthest_row`]).
pub struct FarthestRow<'a>(&'a Analysis);

impl fmt::Display for FarthestRow<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.0;
        write!(
            f,
            "{},{},{},",
            a.start,
            a.farthest_step(),
            a.farthest().len()
        )?;
        joined(f, a.farthest().iter().copied())
    }
}

/// One line of the solution table ([`Analysis::solution_row`]).
pub struct SolutionRow<'a> {
    analysis: &'a Analysis,
    integral: bool,
}

impl fmt::Display for SolutionRow<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.analysis;
        let min = a.min_solutions();
        write!(f, "{},{},{},", a.start, a.min_solution_step(), min.len())?;
        joined(f, min.iter().map(|&(code, _)| code))?;
        write!(f, ",{}", a.solutions.len())?;
        if self.integral {
            f.write_str(",")?;
            for (k, (code, d)) in a.solutions.iter().enumerate() {
                if k > 0 {
                    f.write_str("-")?;
                }
                write!(f, "{code}({d})")?;
            }
        }
        Ok(())
    }
}

/// The `analy` report without the list of links.
impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.report(None).fmt(f)
    }
}

/// The `analy` report ([`Analysis::report`]): summary, farthest layouts, solutions, every
/// layer with its count of links to the next, then (when listed) the links in the assignment's
/// `(layer,index) -> (layer+1,index) ...` form.
pub struct Report<'a> {
    analysis: &'a Analysis,
    links: Option<&'a [LayerLinks]>,
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let this = self.analysis;
        let links = self.links;
        let size: usize = this.layers.iter().map(Vec::len).sum();
        writeln!(f, "start: {}", this.start)?;
        writeln!(f, "group size: {size}")?;
        writeln!(
            f,
            "farthest: {} steps, {} layouts",
            this.farthest_step(),
            this.farthest().len()
        )?;
        for code in this.farthest() {
            writeln!(f, "  {code}")?;
        }
        let min = this.min_solutions();
        match min.first() {
            Some(&(_, d)) => writeln!(
                f,
                "minimum-step solutions: {d} steps, {} layouts",
                min.len()
            )?,
            None => writeln!(f, "minimum-step solutions: none")?,
        }
        for (code, _) in min {
            writeln!(f, "  {code}")?;
        }
        writeln!(f, "solutions: {}", this.solutions.len())?;
        for (code, d) in &this.solutions {
            writeln!(f, "  {code} ({d} steps)")?;
        }
        writeln!(f, "layers: {}", this.layers.len())?;
        for (k, layer) in this.layers.iter().enumerate() {
            write!(f, "layer {k}: {} layouts", layer.len())?;
            match this.link_counts.get(k) {
                Some(n) => writeln!(f, ", {n} links to layer {}", k + 1)?,
                None => writeln!(f)?,
            }
            for code in layer {
                writeln!(f, "  {code}")?;
            }
        }
        if let Some(links) = links {
            writeln!(f, "links: {}", this.link_counts.iter().sum::<u64>())?;
            for (k, layer_links) in links.iter().enumerate() {
                let mut rest = layer_links.iter().peekable();
                for a in 0..this.layers[k].len() as u32 {
                    write!(f, "  ({k},{a}) ->")?;
                    while let Some((_, b)) = rest.next_if(|&&(from, _)| from == a) {
                        write!(f, " ({},{b})", k + 1)?;
                    }
                    writeln!(f)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hrd::moves::Metric;

    #[test]
    fn the_nearest_solution_of_the_opening_is_81_steps_away() {
        let seed: Code = "1A9BF0C".parse().unwrap();
        let group = Group::of(seed, Metric::Piece);
        let start = group.index_of(seed).unwrap();
        let a = Analysis::of(&group, start, &mut Scratch::default());
        assert_eq!(a.min_solution_step(), 81);
        assert_eq!(a.layers.iter().map(Vec::len).sum::<usize>(), group.len());
        assert_eq!(a.layers[0], vec![seed]);
        // Farthest layouts are no nearer to the start from any neighbour.
        assert!(a.farthest_step() > 81);
        let links = a.links(&group);
        assert_eq!(links.len(), a.layers.len() - 1);
        for (k, layer_links) in links.iter().enumerate() {
            assert_eq!(layer_links.len() as u64, a.link_counts[k]);
            // Every layout past the start is reached by a link from the layer before.
            let mut reached: Vec<u32> = layer_links.iter().map(|&(_, b)| b).collect();
            reached.dedup();
            reached.sort_unstable();
            reached.dedup();
            assert_eq!(reached.len(), a.layers[k + 1].len());
        }
    }
}
