//! The player's levels: the puzzles the level picker lists and `[` and `]` step through, from
//! the assignment's samples through the N-puzzles and classic Klotski to the brick puzzles,
//! bundled in the program, each with the length of its shortest solution; and the random
//! puzzles the picker makes by size and difficulty.

use crate::content::game::{Game, Source};
use klotski_core::engine::geometry::Shape;
use klotski_core::solve::Options;
use klotski_puzzles::numeric::generate::{BlockCounts, Method, Size, Spec, generate};

/// One level: its name, its puzzle and the length of its shortest solution, counted as its
/// players count moves.
#[derive(Clone, Copy, Debug)]
pub struct Level {
    /// What the window's title calls it.
    pub name: &'static str,
    source: Source<'static>,
    /// Moves in a shortest solution, where one is known (this module's tests prove each):
    /// moves of one cell, or for classic Klotski moves as its players count them (a piece
    /// moved any distance, round corners too, is one move).
    pub shortest: Option<usize>,
}

impl Level {
    /// The shortest solution in words.
    pub fn shortest_text(&self) -> String {
        match self.shortest {
            Some(moves) => format!("{moves} moves"),
            None => "not known".to_string(),
        }
    }
}

/// The levels in the order `]` steps through them.
pub const LEVELS: [Level; 25] = [
    numeric(
        "the assignment's sample",
        include_str!("../../../../assets/samples/sample4.txt"),
        Some(16),
    ),
    numeric(
        "the assignment's 5x6 example",
        include_str!("../../../../assets/samples/spec_example_5x6.txt"),
        None,
    ),
    numeric(
        "8-puzzle, the hardest",
        include_str!("../../../../assets/levels/eight-hardest.txt"),
        Some(31),
    ),
    numeric(
        "15-puzzle, Korf's first",
        include_str!("../../../../assets/levels/fifteen-korf-1.txt"),
        Some(57),
    ),
    classic("classic Klotski, Qian Hu Hou Yong", "2F5543C", 22),
    classic("classic Klotski, Yi Lu Shun Feng", "1BE6E30", 39),
    classic("classic Klotski, Yu Sheng Xi Li", "1BE68CC", 47),
    classic("classic Klotski, Zuo You Bu Bing", "1FFAA10", 54),
    classic("classic Klotski, Qi Tou Bing Jin", "1AFF980", 60),
    classic("classic Klotski, Zhi Hui Ruo Ding", "1ADEF80", 70),
    classic("classic Klotski, Jiang Yong Cao Ying", "10AAF7C", 72),
    classic("classic Klotski, Bing Fen San Lu", "1FA6F80", 72),
    classic("classic Klotski, Heng Dao Li Ma", "1A9BF0C", 81),
    classic("classic Klotski, Feng Hui Lu Zhuan", "4FEA134", 138),
    bricks(
        "bricks, level 0",
        include_str!("../../../../assets/levels/SBP-level0.txt"),
        5,
    ),
    bricks(
        "bricks, level 1",
        include_str!("../../../../assets/levels/SBP-level1.txt"),
        16,
    ),
    bricks(
        "bricks, level 2",
        include_str!("../../../../assets/levels/SBP-level2.txt"),
        33,
    ),
    bricks(
        "bricks, level 3",
        include_str!("../../../../assets/levels/SBP-level3.txt"),
        50,
    ),
    bricks(
        "bricks II, level 1",
        include_str!("../../../../assets/levels/SBP-bricks-level1.txt"),
        28,
    ),
    bricks(
        "bricks II, level 2",
        include_str!("../../../../assets/levels/SBP-bricks-level2.txt"),
        47,
    ),
    bricks(
        "bricks II, level 3",
        include_str!("../../../../assets/levels/SBP-bricks-level3.txt"),
        46,
    ),
    bricks(
        "bricks II, level 4",
        include_str!("../../../../assets/levels/SBP-bricks-level4.txt"),
        57,
    ),
    bricks(
        "bricks II, level 5",
        include_str!("../../../../assets/levels/SBP-bricks-level5.txt"),
        47,
    ),
    bricks(
        "bricks II, level 6",
        include_str!("../../../../assets/levels/SBP-bricks-level6.txt"),
        65,
    ),
    bricks(
        "bricks II, level 7",
        include_str!("../../../../assets/levels/SBP-bricks-level7.txt"),
        117,
    ),
];

const fn numeric(name: &'static str, text: &'static str, shortest: Option<usize>) -> Level {
    Level {
        name,
        source: Source::Numeric(text),
        shortest,
    }
}

const fn classic(name: &'static str, code: &'static str, shortest: usize) -> Level {
    Level {
        name,
        source: Source::Classic(code),
        shortest: Some(shortest),
    }
}

const fn bricks(name: &'static str, text: &'static str, shortest: usize) -> Level {
    Level {
        name,
        source: Source::Bricks(text),
        shortest: Some(shortest),
    }
}

/// Level `index` of [`LEVELS`] to play, solved under `options`, its title "level N of M:
/// name" (N from 1).
pub fn game(index: usize, options: &Options) -> Game {
    let level = &LEVELS[index];
    // Every level is bundled and checked by this module's tests: none fails to parse.
    let game = Game::parse(level.source, options).expect("a bundled level");
    let count = LEVELS.len();
    game.named(format!("level {} of {count}: {}", index + 1, level.name))
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

/// How far the random walk back from the goal goes, in moves per cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// One move per cell.
    Easy,
    /// Four moves per cell.
    Medium,
    /// Ten moves per cell (the `N` key's walk).
    Hard,
}

impl Difficulty {
    /// Its name in the picker.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    fn moves_per_cell(self) -> usize {
        match self {
            Difficulty::Easy => 1,
            Difficulty::Medium => 4,
            Difficulty::Hard => 10,
        }
    }
}

/// A kind of random Numeric Klotski puzzle the picker offers: a board size, its blanks and
/// blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomKind {
    /// Rows and columns.
    pub size: (usize, usize),
    blanks: usize,
    blocks: &'static [(Shape, usize)],
}

/// The random puzzles, each offered easy, medium and hard: the 8-, 15- and 24-puzzles and a
/// classic-sized board with blocks.
pub const RANDOM: [RandomKind; 4] = [
    RandomKind {
        size: (3, 3),
        blanks: 1,
        blocks: &[],
    },
    RandomKind {
        size: (4, 4),
        blanks: 1,
        blocks: &[],
    },
    RandomKind {
        size: (5, 5),
        blanks: 1,
        blocks: &[],
    },
    RandomKind {
        size: (5, 4),
        blanks: 2,
        blocks: &[
            (Shape { rows: 2, cols: 2 }, 1),
            (Shape { rows: 2, cols: 1 }, 2),
        ],
    },
];

impl RandomKind {
    /// Its name in the picker and the title: "random 4x4, hard".
    pub fn name(&self, difficulty: Difficulty) -> String {
        let (rows, cols) = self.size;
        let blocks = if self.blocks.is_empty() {
            ""
        } else {
            " with blocks"
        };
        format!("random {rows}x{cols}{blocks}, {}", difficulty.name())
    }

    /// A new puzzle of this kind, walked back from the goal as far as `difficulty` says, from
    /// `seed`, solved under `options`.
    pub fn game(
        &self,
        difficulty: Difficulty,
        seed: u64,
        options: &Options,
    ) -> Result<Game, String> {
        let (rows, cols) = self.size;
        let spec = Spec {
            size: Size { rows, cols },
            blanks: self.blanks,
            blocks: BlockCounts(self.blocks.to_vec()),
            method: Method::Walk(difficulty.moves_per_cell() * rows * cols),
            unsolvable: false,
        };
        let numeric = generate(&spec, seed, options.clone()).map_err(|e| format!("error: {e}"))?;
        let name = format!("{}, seed {seed}", self.name(difficulty));
        Ok(Game::numeric(numeric, options.clone()).named(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::events::{SolverEvent, Verdict};
    use crate::model::timeline::Timeline;
    use klotski_core::search::Limits;

    /// Every level parses, is named in the title by its place, and has a solution that its
    /// show proves shortest, as long as the level says in the game's count; a classic
    /// layout's is the classic solver's. The assignment's 5x6 example, whose optimum is
    /// unknown and whose solve takes the default run's seconds, is only opened.
    #[test]
    fn every_level_opens_and_its_solve_proves_its_shortest_solution() {
        let options = Options::new(Limits::memory(1 << 30));
        for (i, level) in LEVELS.iter().enumerate() {
            let game = game(i, &options);
            assert_eq!(game.name, format!("level {} of 25: {}", i + 1, level.name));
            let Some(shortest) = level.shortest else {
                continue;
            };
            if let Source::Classic(code) = level.source {
                let path = klotski_puzzles::hrd::api::solve(code.parse().unwrap()).unwrap();
                assert_eq!(path.len() - 1, shortest, "{}", level.name);
            }
            let mut last = None;
            let mut line = Timeline::new(&game.puzzle);
            (game.job)(&mut |event| {
                if let SolverEvent::Move(mv) = event {
                    line.push(mv);
                }
                last = Some(event);
            });
            let moves = line.counted(game.count, 0..line.len(), false);
            let Some(SolverEvent::Verdict(Verdict::Solved { optimal })) = last else {
                panic!("{}: {last:?}", level.name);
            };
            assert!(optimal, "{}: not proven", level.name);
            assert_eq!(moves, shortest, "{}", level.name);
        }
        assert_eq!(LEVELS[12].shortest_text(), "81 moves");
        assert_eq!(LEVELS[1].shortest_text(), "not known");
    }

    #[test]
    fn random_puzzles_have_their_size_blocks_and_a_walk_as_long_as_their_difficulty() {
        let options = Options::new(Limits::memory(1 << 28));
        for kind in RANDOM {
            for difficulty in [Difficulty::Easy, Difficulty::Hard] {
                let game = kind.game(difficulty, 7, &options).unwrap();
                let board = game.puzzle.board();
                assert_eq!((board.rows(), board.cols()), kind.size);
                assert_eq!(game.puzzle.blank_count(), kind.blanks);
                let blocks = game.puzzle.pieces().iter();
                let blocks = blocks.filter(|p| p.shape != Shape::UNIT).count();
                assert_eq!(blocks, kind.blocks.iter().map(|b| b.1).sum::<usize>());
                assert!(
                    game.name.starts_with(&kind.name(difficulty)),
                    "{}",
                    game.name
                );
            }
        }
        assert_eq!(
            RANDOM[3].name(Difficulty::Medium),
            "random 5x4 with blocks, medium"
        );
    }

    #[test]
    fn every_level_and_random_puzzle_reopens_from_its_id_as_the_same_puzzle() {
        let options = Options::new(Limits::memory(1 << 28));
        let mut games: Vec<Game> = (0..LEVELS.len()).map(|i| game(i, &options)).collect();
        for kind in RANDOM {
            games.push(kind.game(Difficulty::Medium, 11, &options).unwrap());
        }
        for game in games {
            let again = Game::of_id(game.id.parse().expect("an ID reads back"), &options);
            assert_eq!(again.id, game.id);
            assert_eq!(again.puzzle.board(), game.puzzle.board(), "{}", game.name);
            assert_eq!(again.puzzle.pieces(), game.puzzle.pieces(), "{}", game.name);
            assert_eq!(again.puzzle.start(), game.puzzle.start(), "{}", game.name);
            assert_eq!(again.count, game.count);
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
