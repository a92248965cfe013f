//! The playback model's tests: tweens, autoplay, status lines.

use super::*;
use crate::model::events::Headway;
use klotski_core::engine::geometry::Dir;
use klotski_core::solve::{PortfolioStage, Progress};
use klotski_puzzles::numeric::NumericPuzzle;

const MS: Duration = Duration::from_millis(1);

/// Sample 3: 5 and 6 form a 1x2 block that slides up once.
fn sample() -> Playback {
    let numeric: NumericPuzzle = "3 3\n1 2 3\n4 0 0\n7 5 6\n1\n5 1*2\n".parse().unwrap();
    let puzzle = numeric.puzzle();
    let mut p = Playback::new(puzzle, 200 * MS);
    p.receive(SolverEvent::Move(Move {
        piece: 4,
        dir: Dir::Up,
    }));
    p.receive(SolverEvent::Verdict(Verdict::Solved { optimal: true }));
    p
}

fn place(p: &Playback, now: Duration, piece: usize) -> (f32, f32) {
    let pl = p.placements(now).nth(piece).unwrap();
    (pl.row, pl.col)
}

#[test]
fn next_slides_with_an_eased_tween_and_previous_slides_back() {
    let mut p = sample();
    assert_eq!(
        p.status(),
        "step 0 / 1   ·   start   ·   a shortest solution"
    );
    assert!(p.can(Action::Next) && !p.can(Action::Previous));
    assert_eq!(place(&p, Duration::ZERO, 4), (2.0, 1.0));
    p.act(Action::Next, 1000 * MS);
    assert_eq!(place(&p, 1000 * MS, 4), (2.0, 1.0));
    assert_eq!(place(&p, 1050 * MS, 4), (2.0 - 0.0625, 1.0));
    assert_eq!(place(&p, 1100 * MS, 4), (1.5, 1.0));
    assert_eq!(place(&p, 1200 * MS, 4), (1.0, 1.0));
    assert!(p.moving(1199 * MS) && !p.moving(1200 * MS));
    assert_eq!(p.status(), "step 1 / 1   ·   5 U   ·   a shortest solution");
    assert_eq!(
        p.open_cells(1100 * MS),
        vec![4, 5, 7, 8],
        "both ends of the slide"
    );
    assert_eq!(p.open_cells(1200 * MS), vec![7, 8], "at rest: the blanks");
    assert!(!p.can(Action::Next));
    p.act(Action::Next, 1300 * MS);
    assert_eq!(p.step(), 1, "next at the end does nothing");
    p.act(Action::Previous, 2000 * MS);
    assert_eq!(place(&p, 2100 * MS, 4), (1.5, 1.0));
    assert_eq!(place(&p, 2200 * MS, 4), (2.0, 1.0));
    assert_eq!(p.step(), 0);
}

#[test]
fn next_during_a_tween_finishes_it_and_autoplay_runs_to_the_end() {
    let numeric: NumericPuzzle = "1 3\n0 1 2\n0\n".parse().unwrap();
    let mut p = Playback::new(numeric.puzzle(), 200 * MS);
    let left = |piece| Move {
        piece,
        dir: Dir::Left,
    };
    for mv in [left(0), left(1)] {
        p.receive(SolverEvent::Move(mv));
    }
    p.act(Action::Next, Duration::ZERO);
    p.act(Action::Next, 50 * MS);
    assert_eq!(
        place(&p, 50 * MS, 0),
        (0.0, 0.0),
        "first slide jumped to its end"
    );
    assert_eq!(place(&p, 150 * MS, 1), (0.0, 1.5));
    p.act(Action::Restart, 60 * MS);
    assert_eq!(place(&p, 60 * MS, 0), (0.0, 1.0));
    assert!(!p.moving(60 * MS));

    p.act(Action::PlayPause, Duration::ZERO);
    assert!(p.autoplay() && p.moving(Duration::ZERO));
    p.tick(100 * MS);
    assert_eq!(p.step(), 1);
    p.tick(250 * MS);
    assert_eq!(p.step(), 2, "the second slide starts when the first ends");
    assert_eq!(place(&p, 300 * MS, 1), (0.0, 1.5));
    p.tick(500 * MS);
    assert!(p.autoplay(), "still solving: more moves may come");
    p.receive(SolverEvent::Verdict(Verdict::Solved { optimal: true }));
    p.tick(500 * MS);
    assert!(!p.autoplay() && !p.moving(500 * MS));
}

#[test]
fn status_tells_progress_and_verdicts() {
    let numeric: NumericPuzzle = "3 3\n1 2 3\n4 0 0\n7 5 6\n1\n5 1*2\n".parse().unwrap();
    let mut p = Playback::new(numeric.puzzle(), 200 * MS);
    assert_eq!(p.status(), "Solving...");
    let searched = Headway {
        searched: 42,
        ..Headway::default()
    };
    p.receive(SolverEvent::Progress(searched));
    assert_eq!(p.status(), "Solving... 42 positions searched");
    // A stage named, then the constructive solver's moves: the words follow the stage.
    let placing = Headway::default().after(&Progress::Stage(PortfolioStage::ConstructiveSolver));
    p.receive(SolverEvent::Progress(placing));
    assert_eq!(p.status(), "Solving (constructive solver)...");
    p.receive(SolverEvent::Progress(placing.after(&Progress::Moves(1234))));
    assert_eq!(
        p.status(),
        "Solving (constructive solver)... 1234 moves made"
    );
    let exact = placing.after(&Progress::Stage(PortfolioStage::ExactSearch));
    assert_eq!(exact.placed, 0, "a new stage starts from nothing");
    // Moves streamed ahead of the player count as made.
    p.receive(SolverEvent::Move(Move {
        piece: 4,
        dir: Dir::Up,
    }));
    p.receive(SolverEvent::Progress(placing));
    assert_eq!(p.status(), "Solving (constructive solver)... 1 move made");
    p.receive(SolverEvent::Verdict(Verdict::NoSolution("parity".into())));
    assert_eq!(p.status(), "No solution: parity");
}

/// Sample 3 with its goal, its one-move solution known and proven shortest.
fn scored() -> Playback {
    let numeric: NumericPuzzle = "3 3\n1 2 3\n4 0 0\n7 5 6\n1\n5 1*2\n".parse().unwrap();
    let puzzle = numeric.puzzle();
    let mut p = Playback::new(puzzle, 200 * MS).with_goal(numeric.problem().ok());
    p.receive(SolverEvent::Move(BLOCK_UP));
    p.receive(SolverEvent::Verdict(Verdict::Solved { optimal: true }));
    p
}

const BLOCK_UP: Move = Move {
    piece: 4,
    dir: Dir::Up,
};
const S: Duration = Duration::from_secs(1);

#[test]
fn a_solve_by_hand_is_scored_apart_from_the_solvers_moves() {
    let four = |dir| Move { piece: 3, dir };
    // By hand, with a detour and a hint: three moves of the person's, the shortest is one.
    let mut p = scored();
    p.play(four(Dir::Right), 10 * S);
    p.play(four(Dir::Left), 12 * S);
    p.act(Action::Hint, 13 * S);
    p.receive(SolverEvent::Move(BLOCK_UP));
    p.receive(SolverEvent::Verdict(Verdict::Solved { optimal: true }));
    assert_eq!(p.hinted(), Some(BLOCK_UP));
    p.play(BLOCK_UP, 20 * S);
    assert!(p.won());
    let mut again = p.clone().with_best(Some(2));
    assert!(
        again.status().ends_with("! Your best: 2."),
        "{}",
        again.status()
    );
    again = again.with_best(Some(4));
    assert!(again.status().ends_with("! A new best!"));
    assert_eq!(
        p.status(),
        "You solved it in 3 moves (shortest: 1), with 1 hint! A new best!"
    );
    assert_eq!(
        p.info(99 * S),
        "your moves 3   ·   hints 1   ·   time 0:10   ·   speed 5 moves/s"
    );

    // The solver's Next reaches the goal: nothing to celebrate, and no clock ever ran.
    let mut p = scored();
    p.act(Action::Next, 5 * S);
    assert!(p.solved() && !p.won());
    assert_eq!(
        p.status(),
        "The solver finished: 1 move, a shortest solution"
    );
    assert!(
        p.info(9 * S)
            .starts_with("your moves 0   ·   hints 0   ·   time 0:00")
    );

    // A move by hand, then Solve from here: the solver finishes, and the person's clock
    // stopped when the solver began to play.
    let mut p = scored();
    p.play(four(Dir::Right), 10 * S);
    p.act(Action::Solve, 14 * S);
    p.receive(SolverEvent::Move(four(Dir::Left)));
    p.receive(SolverEvent::Move(BLOCK_UP));
    p.receive(SolverEvent::Verdict(Verdict::Solved { optimal: true }));
    for second in 15..30 {
        p.tick(second * S);
    }
    assert!(p.solved() && !p.won(), "{}", p.status());
    // Shortest from where the solve began, after the person's move: not from the start.
    assert_eq!(
        p.status(),
        "The solver finished: 3 moves, shortest from move 1"
    );
    let info = p.info(99 * S);
    assert!(
        info.starts_with("your moves 1   ·   hints 0   ·   time 0:0"),
        "{info}"
    );
    // Back to the person's own move: one of theirs, none of the solver's.
    p.seek(1, 100 * S);
    assert_eq!(p.score().0, 1);
}

#[test]
fn after_each_move_by_hand_a_small_board_tells_the_distance_left_and_its_trend() {
    let four = |dir| Move { piece: 3, dir };
    let mut p = scored();
    assert_eq!(p.distance(), Some(1));
    // Off the solver's line: a quiet solve from here is ordered at once.
    p.play(four(Dir::Right), 10 * S);
    let here = p.position().origins().to_vec();
    assert_eq!(p.take_order(), Some(Order::Start(here)));
    assert_eq!(p.status(), "move 1   ·   4 R   ·   measuring the distance");
    p.receive(SolverEvent::Move(four(Dir::Left)));
    p.receive(SolverEvent::Move(BLOCK_UP));
    p.receive(SolverEvent::Verdict(Verdict::Solved { optimal: true }));
    assert_eq!(p.trend(), Some((2, Trend::Farther)));
    assert_eq!(p.status(), "move 1   ·   4 R   ·   2 moves to go, farther");
    // Along the new line: one nearer, and no new solve.
    p.play(four(Dir::Left), 11 * S);
    assert_eq!(p.take_order(), None);
    assert_eq!(p.status(), "move 2   ·   4 L   ·   1 move to go, closer");
    // Watching the solver's moves shows no trend.
    p.act(Action::Previous, 12 * S);
    assert_eq!(p.trend(), None);
    assert_eq!(p.status(), "move 1   ·   4 R   ·   2 moves to go");
    // Back at the start, the line (the person's move, then the solver's) is shortest only
    // from move 1: no distance, and the status says from where.
    p.act(Action::Previous, 13 * S);
    assert_eq!(p.distance(), None);
    assert_eq!(
        p.status(),
        "step 0 / 3   ·   start   ·   shortest from move 1"
    );
}

#[test]
fn the_speed_buttons_climb_the_ladder_and_grey_out_at_its_ends() {
    let mut p = sample();
    let start = p.speed().per_second();
    assert!(p.can(Action::Slower) && p.can(Action::Faster) && p.can(Action::Levels));
    p.act(Action::Faster, Duration::ZERO);
    assert!(p.speed().per_second() > start);
    for _ in 0..20 {
        p.act(Action::Slower, Duration::ZERO);
    }
    assert_eq!(p.speed().label(), "1 move/s");
    assert!(!p.can(Action::Slower) && p.can(Action::Faster));
    for _ in 0..20 {
        p.act(Action::Faster, Duration::ZERO);
    }
    assert_eq!(p.speed().label(), "1000 moves/s");
    assert!(!p.can(Action::Faster));
    assert_eq!(p.step(), 0, "the speed moves nothing");
}

#[test]
fn classic_klotski_counts_one_pieces_moves_in_a_row_as_one_and_the_other_count_on_request() {
    let options = klotski_core::solve::Options::new(klotski_core::search::Limits::memory(1 << 26));
    let game = crate::content::levels::game(12, &options);
    let mut p = Playback::new(game.puzzle.clone(), Duration::ZERO)
        .with_marks(game.marks())
        .with_goal(game.problem.clone())
        .with_count(game.count);
    // Heng Dao Li Ma: the soldier at row 3, column 1 goes down into a blank, then right.
    let soldier = p
        .position()
        .origins()
        .iter()
        .position(|&o| o == 13)
        .unwrap();
    for dir in [Dir::Down, Dir::Right] {
        let mv = Move {
            piece: soldier,
            dir,
        };
        p.play(mv, Duration::ZERO);
    }
    assert!(p.status().starts_with("move 1   ·"), "{}", p.status());
    let info = p.info(Duration::ZERO);
    assert!(info.starts_with("your moves 1   ·"), "{info}");
    assert_eq!(p.score().0, 1, "the score counts as the game's players do");
    // On request, the other count, named.
    p.toggle_count();
    assert!(
        p.status().starts_with("move 2 (one-cell moves)   ·"),
        "{}",
        p.status()
    );
    let info = p.info(Duration::ZERO);
    assert!(info.starts_with("your moves 2 (one-cell moves)"), "{info}");
    assert_eq!(p.score().0, 1, "the score keeps the game's count");
    // Numeric Klotski counts cells, and piece moves on request.
    let mut numeric = sample();
    numeric.act(Action::Next, Duration::ZERO);
    assert!(
        numeric.status().starts_with("step 1 / 1   ·"),
        "{}",
        numeric.status()
    );
    numeric.toggle_count();
    assert!(
        (numeric.status()).starts_with("step 1 / 1 (piece moves)   ·"),
        "{}",
        numeric.status()
    );
    assert!(
        numeric
            .status()
            .ends_with("a shortest solution in one-cell moves")
    );
}

#[test]
fn a_game_is_in_progress_after_a_move_by_hand_and_resumes_where_it_was() {
    let numeric: NumericPuzzle = "3 3\n1 2 3\n4 0 0\n7 5 6\n1\n5 1*2\n".parse().unwrap();
    let mut p = Playback::new(numeric.puzzle(), Duration::ZERO).with_goal(numeric.problem().ok());
    assert_eq!(p.in_progress(Duration::ZERO), None, "nothing done yet");
    let right = Move {
        piece: 3,
        dir: Dir::Right,
    };
    p.play(right, 2 * MS);
    let kept = p.in_progress(3000 * MS).expect("a move by hand");
    assert_eq!(kept.moves, vec![(right, true)]);
    assert_eq!(kept.spent, 2998 * MS);
    let mut again = Playback::new(numeric.puzzle(), Duration::ZERO);
    again.resume(&kept);
    assert_eq!(again.position(), p.position());
    assert_eq!(again.step(), 1);
    assert!(again.info(Duration::ZERO).contains("time 0:02"));
    assert_eq!(again.score().0, 1, "the move counts as the person's");
}

#[test]
fn the_distance_left_counts_as_the_game_does() {
    let options = klotski_core::solve::Options::new(klotski_core::search::Limits::memory(1 << 26));
    let game = crate::content::levels::game(12, &options);
    let mut p = Playback::new(game.puzzle.clone(), Duration::ZERO)
        .with_goal(game.problem.clone())
        .with_count(game.count);
    (game.job)(&mut |event| p.receive(event));
    assert_eq!(p.distance(), Some(81), "Heng Dao Li Ma in piece moves");
    assert!(p.total() > 81, "more one-cell moves than piece moves");
}
