//! The player's levels: the puzzles `[` and `]` step through, from the assignment's samples
//! through the N-puzzles and classic Klotski to the brick puzzles, bundled in the program.

use crate::show::Show;
use klotski_core::solve::Options;
use klotski_puzzles::hrd::code::Code;
use klotski_puzzles::numeric::NumericPuzzle;
use klotski_puzzles::sbp::SbpBoard;

/// What a level holds, as its format reads it.
#[derive(Clone, Copy, Debug)]
enum Source {
    /// A Numeric Klotski file.
    Numeric(&'static str),
    /// A classic 4x5 Klotski layout code.
    Classic(&'static str),
    /// A sliding brick puzzle file.
    Bricks(&'static str),
}

/// One level: its name and its puzzle.
#[derive(Clone, Copy, Debug)]
pub struct Level {
    /// What the window's title calls it.
    pub name: &'static str,
    source: Source,
}

/// The levels in the order `]` steps through them.
pub const LEVELS: [Level; 17] = [
    numeric(
        "the assignment's sample",
        include_str!("../../../assets/samples/sample4.txt"),
    ),
    numeric(
        "the assignment's 5x6 example",
        include_str!("../../../assets/samples/spec_example_5x6.txt"),
    ),
    numeric(
        "8-puzzle, the hardest (31 moves)",
        include_str!("../../../assets/levels/eight-hardest.txt"),
    ),
    numeric(
        "15-puzzle, Korf's first (57 moves)",
        include_str!("../../../assets/levels/fifteen-korf-1.txt"),
    ),
    classic("classic Klotski, Heng Dao Li Ma", "1A9BF0C"),
    classic("classic Klotski, layout 4FEA134", "4FEA134"),
    bricks(
        "bricks, level 0",
        include_str!("../../../assets/levels/SBP-level0.txt"),
    ),
    bricks(
        "bricks, level 1",
        include_str!("../../../assets/levels/SBP-level1.txt"),
    ),
    bricks(
        "bricks, level 2",
        include_str!("../../../assets/levels/SBP-level2.txt"),
    ),
    bricks(
        "bricks, level 3",
        include_str!("../../../assets/levels/SBP-level3.txt"),
    ),
    bricks(
        "bricks II, level 1",
        include_str!("../../../assets/levels/SBP-bricks-level1.txt"),
    ),
    bricks(
        "bricks II, level 2",
        include_str!("../../../assets/levels/SBP-bricks-level2.txt"),
    ),
    bricks(
        "bricks II, level 3",
        include_str!("../../../assets/levels/SBP-bricks-level3.txt"),
    ),
    bricks(
        "bricks II, level 4",
        include_str!("../../../assets/levels/SBP-bricks-level4.txt"),
    ),
    bricks(
        "bricks II, level 5",
        include_str!("../../../assets/levels/SBP-bricks-level5.txt"),
    ),
    bricks(
        "bricks II, level 6",
        include_str!("../../../assets/levels/SBP-bricks-level6.txt"),
    ),
    bricks(
        "bricks II, level 7",
        include_str!("../../../assets/levels/SBP-bricks-level7.txt"),
    ),
];

const fn numeric(name: &'static str, text: &'static str) -> Level {
    Level {
        name,
        source: Source::Numeric(text),
    }
}

const fn classic(name: &'static str, code: &'static str) -> Level {
    Level {
        name,
        source: Source::Classic(code),
    }
}

const fn bricks(name: &'static str, text: &'static str) -> Level {
    Level {
        name,
        source: Source::Bricks(text),
    }
}

/// Level `index` of [`LEVELS`] to play, solved under `options`, its title "level N of M:
/// name" (N from 1).
pub fn show(index: usize, options: &Options) -> Show {
    let level = &LEVELS[index];
    // Every level is bundled and checked by this module's tests: none fails to parse.
    let show = match level.source {
        Source::Numeric(text) => {
            let numeric: NumericPuzzle = text.parse().expect("a bundled level");
            Show::numeric(numeric, options.clone())
        }
        Source::Classic(code) => Show::hrd(code.parse::<Code>().expect("a bundled level")),
        Source::Bricks(text) => {
            let board: SbpBoard = text.parse().expect("a bundled level");
            Show::sbp(board, options.limits.clone())
        }
    };
    let count = LEVELS.len();
    show.named(format!("level {} of {count}: {}", index + 1, level.name))
}

/// The level after `current` (the first when there is none), or before it when `forward` is
/// false, wrapping round at either end.
pub fn step(current: Option<usize>, forward: bool) -> usize {
    let count = LEVELS.len();
    match (current, forward) {
        (None, true) => 0,
        (None, false) => count - 1,
        (Some(i), true) => (i + 1) % count,
        (Some(i), false) => (i + count - 1) % count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::{SolverEvent, Verdict};
    use klotski_core::search::Limits;

    /// Every level parses, is named in the title by its place, and has a solution that its
    /// show proves shortest; the assignment's 5x6 example, whose optimum is unknown and whose
    /// solve takes the default run's seconds, is only opened.
    #[test]
    fn every_level_opens_and_its_solve_proves_a_shortest_solution() {
        let options = Options::new(Limits::memory(1 << 30));
        for (i, level) in LEVELS.iter().enumerate() {
            let show = show(i, &options);
            assert_eq!(show.name, format!("level {} of 17: {}", i + 1, level.name));
            if i == 1 {
                continue;
            }
            let mut last = None;
            (show.job)(&mut |event| last = Some(event));
            let Some(SolverEvent::Verdict(Verdict::Solved { optimal })) = last else {
                panic!("{}: {last:?}", level.name);
            };
            assert!(optimal, "{}: not proven", level.name);
        }
    }

    #[test]
    fn the_levels_wrap_round_both_ways() {
        assert_eq!(step(None, true), 0);
        assert_eq!(step(None, false), LEVELS.len() - 1);
        assert_eq!(step(Some(LEVELS.len() - 1), true), 0);
        assert_eq!(step(Some(0), false), LEVELS.len() - 1);
        assert_eq!(step(Some(3), true), 4);
    }
}
