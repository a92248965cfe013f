//! `klotski hrd` end to end: the classic layouts' known step counts in both metrics, every code
//! in order, golden drawings, reports and CSV tables, and the errors bad codes get (the census
//! of `hrd all` has its own file, `hrd_census.rs`).

mod common;

use common::klotski;
use klotski::puzzles::hrd::{Code, HrdSpace, Metric, play};

fn data(name: &str) -> String {
    let path = format!("{}/tests/hrd/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs `klotski hrd ARGS`, expecting success, and returns stdout.
fn hrd(args: &[&str]) -> String {
    let mut all = vec!["hrd"];
    all.extend_from_slice(args);
    let run = klotski(&all, b"");
    assert_eq!(run.code, 0, "hrd {args:?}: {}", run.stderr);
    run.stdout
}

/// A fresh scratch folder under the target directory.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The step count on `cal`'s headline, or `None` for "no solution".
fn steps(cal_output: &str) -> Option<usize> {
    let headline = cal_output.lines().next().expect("a headline");
    if headline.contains("no solution") {
        return None;
    }
    let count = headline
        .rsplit(": ")
        .next()
        .unwrap()
        .trim_end_matches(" steps");
    Some(count.parse().unwrap())
}

/// Checks that `cal`'s listing is a path of legal steps from `start` to a solved layout.
fn check_path(cal_output: &str, start: &str, metric: Metric) {
    let codes: Vec<Code> = (cal_output.lines().skip(1))
        .map(|line| line.split(": ").nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(codes[0], start.parse().unwrap());
    assert_eq!(Some(codes.len() - 1), steps(cal_output));
    assert!(codes.last().unwrap().layout().is_solved());
    for pair in codes.windows(2) {
        let mut next = Vec::new();
        HrdSpace::new(metric).for_each_step(pair[0].layout(), |_, l| next.push(l.code()));
        assert!(
            next.contains(&pair[1]),
            "{} -> {} is not a step",
            pair[0],
            pair[1]
        );
    }
}

#[test]
fn the_two_named_examples_take_their_known_steps() {
    for (code, piece, unit) in [("1A9BF0C00", 81, 116), ("4FEA13400", 138, 179)] {
        let by_piece = hrd(&["cal", code]);
        assert_eq!(steps(&by_piece), Some(piece));
        check_path(&by_piece, code, Metric::Piece);
        let by_unit = hrd(&["cal", "--unit", code]);
        assert_eq!(steps(&by_unit), Some(unit));
        check_path(&by_unit, code, Metric::Unit);
    }
}

#[test]
fn every_classic_layout_gets_its_listed_step_counts() {
    let table = data("classic40_steps.txt");
    let mut checked = 0;
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (code, unit, piece) = (fields[0], fields[2], fields[3]);
        let expect = |n: &str| n.parse::<usize>().ok();
        assert_eq!(steps(&hrd(&["cal", code])), expect(piece), "{line}");
        assert_eq!(
            steps(&hrd(&["cal", code, "--unit"])),
            expect(unit),
            "{line}"
        );
        checked += 1;
    }
    assert_eq!(checked, 40);
    let unsolvable = hrd(&["cal", "1AAEF0C"]);
    assert_eq!(
        unsolvable,
        "1AAEF0C00: no solution (no layout with the 2x2 block at the bottom centre is reachable)\n"
    );
    let apart = hrd(&["cal-target", "1A9BF0C", "00AAAF"]);
    assert_eq!(
        apart,
        "1A9BF0C00 -> 00AAAF000: no path (not in the same group)\n"
    );
}

#[test]
fn all_code_writes_every_layout_once_in_ascending_order() {
    let file = scratch("hrd_all_code").join("All_Case.txt");
    assert_eq!(hrd(&["all-code", file.to_str().unwrap()]), "");
    let text = std::fs::read(&file).unwrap();
    assert_eq!(text.len(), 29_334_498 * 10);
    let mut previous = 0u64;
    for (i, line) in text.chunks(10).enumerate() {
        let code = u64::from_str_radix(std::str::from_utf8(&line[..9]).unwrap(), 16).unwrap();
        assert!(i == 0 || code > previous, "line {} is out of order", i + 1);
        previous = code;
        // Every 997th code is parsed and checked in full (all of them would take a while).
        if i % 997 == 0 {
            assert!(Code::new(code).is_ok());
        }
    }
    // The block at the top left and 16 empty cells: the smallest code.
    assert_eq!(&text[..10], b"000000000\n");
}

#[test]
fn show_draws_the_golden_pictures() {
    assert_eq!(hrd(&["show", "1a9bf0c"]), data("show_1A9BF0C00.txt"));
    assert_eq!(
        hrd(&["show", "4FEA134", "4"]),
        data("show_4FEA13400_w4.txt")
    );
}

#[test]
fn a_small_group_is_analysed_as_the_golden_files_say() {
    assert_eq!(hrd(&["cal", "9AAAF"]), data("cal_9AAAF0000.txt"));
    assert_eq!(hrd(&["analy", "9AAAF"]), data("analy_9AAAF0000.txt"));
    let dir = scratch("hrd_analy_group");
    let (far, sol) = (dir.join("far.csv"), dir.join("sol.csv"));
    let (far_s, sol_s) = (far.to_str().unwrap(), sol.to_str().unwrap());
    assert_eq!(hrd(&["analy-group", "9AAAF", far_s, sol_s]), "");
    assert_eq!(
        std::fs::read_to_string(&far).unwrap(),
        data("farthest_9AAAF0000.csv")
    );
    assert_eq!(
        std::fs::read_to_string(&sol).unwrap(),
        data("solution_9AAAF0000.csv")
    );
    hrd(&["analy-group-integral", "9AAAF", far_s, sol_s]);
    assert_eq!(
        std::fs::read_to_string(&sol).unwrap(),
        data("solution_integral_9AAAF0000.csv")
    );
    // analy-quiet writes the same report and prints nothing.
    let report = dir.join("report.txt");
    assert_eq!(hrd(&["analy-quiet", "9AAAF", report.to_str().unwrap()]), "");
    assert_eq!(
        std::fs::read_to_string(&report).unwrap(),
        data("analy_9AAAF0000.txt")
    );
    // --links adds the links themselves after the layers, the report staying the same above.
    let listed = hrd(&["analy", "9AAAF", "--links"]);
    assert_eq!(listed, data("analy_links_9AAAF0000.txt"));
    assert!(listed.starts_with(&data("analy_9AAAF0000.txt")));
    let quiet = dir.join("quiet_links.txt");
    assert_eq!(
        hrd(&["analy-quiet", "9AAAF", quiet.to_str().unwrap(), "--links"]),
        ""
    );
    assert_eq!(std::fs::read_to_string(&quiet).unwrap(), listed);
}

#[test]
fn layer_links_join_each_layer_to_the_next_one_step_away() {
    let report = hrd(&["analy", "1A9BF0C", "--links"]);
    let mut layers: Vec<Vec<Code>> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    let mut links: Vec<(usize, usize, usize)> = Vec::new();
    let mut in_links = false;
    for line in report
        .lines()
        .skip_while(|l| !l.starts_with("layers:"))
        .skip(1)
    {
        if let Some(rest) = line.strip_prefix("layer ") {
            let (_, tail) = rest.split_once(": ").unwrap();
            let count = tail
                .split(", ")
                .nth(1)
                .map(|c| c.split(' ').next().unwrap());
            counts.extend(count.map(|c| c.parse::<usize>().unwrap()));
            layers.push(Vec::new());
        } else if line.starts_with("links: ") {
            in_links = true;
        } else if in_links {
            let (from, to) = line.trim().split_once(" ->").unwrap();
            let parse = |pair: &str| -> (usize, usize) {
                let (k, i) = pair.trim_matches(['(', ')']).split_once(',').unwrap();
                (k.parse().unwrap(), i.parse().unwrap())
            };
            let (k, a) = parse(from);
            for (k2, b) in to.split_whitespace().map(parse) {
                assert_eq!(k2, k + 1, "{line}");
                links.push((k, a, b));
            }
        } else {
            layers
                .last_mut()
                .unwrap()
                .push(line.trim().parse().unwrap());
        }
    }
    assert_eq!(counts.len(), layers.len() - 1);
    assert_eq!(links.len(), counts.iter().sum::<usize>());
    // A link per step between consecutive layers, and no other.
    let space = HrdSpace::new(Metric::Piece);
    let mut expected = Vec::new();
    for (k, pair) in layers.windows(2).enumerate() {
        for (a, code) in pair[0].iter().enumerate() {
            let mut ahead = Vec::new();
            space.for_each_step(code.layout(), |_, next| {
                if let Ok(b) = pair[1].binary_search(&next.code()) {
                    ahead.push(b);
                }
            });
            ahead.sort_unstable();
            expected.extend(ahead.into_iter().map(|b| (k, a, b)));
        }
        let per_layer = expected.iter().filter(|l| l.0 == k).count();
        assert_eq!(per_layer, counts[k], "layer {k}");
    }
    assert_eq!(links, expected);
}

#[test]
fn analysis_agrees_with_cal_and_group() {
    let group = hrd(&["group", "1A9BF0C"]);
    let report = hrd(&["analy", "1A9BF0C"]);
    let size = group.lines().count();
    assert!(report.contains(&format!("group size: {size}\n")));
    assert!(report.contains("minimum-step solutions: 81 steps"));
    // Every layout in the report's layers is one of the group's, each once.
    let mut listed: Vec<&str> = (report.lines().skip_while(|l| !l.starts_with("layers:")))
        .filter_map(|l| l.strip_prefix("  "))
        .collect();
    listed.sort();
    assert_eq!(listed, group.lines().collect::<Vec<_>>());
    // The target of cal-target is reached in as many steps as its layer says.
    let far = report.lines().nth(3).unwrap().trim();
    let depth: usize = report
        .lines()
        .nth(2)
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(steps(&hrd(&["cal-target", "1A9BF0C", far])), Some(depth));
}

#[test]
fn multi_group_analyses_each_group_once() {
    let dir = scratch("hrd_multi");
    let seeds = dir.join("seeds.txt");
    // 9AAAC3000 lies in 9AAAF's group: skipped. 00AAAF has no solution.
    std::fs::write(&seeds, "9AAAF first\n\n9AAAC3 same group\n00AAAF\n").unwrap();
    let (far, sol) = (dir.join("far.csv"), dir.join("sol.csv"));
    let paths = [
        seeds.to_str().unwrap(),
        far.to_str().unwrap(),
        sol.to_str().unwrap(),
    ];
    hrd(&["analy-multi-group", paths[0], paths[1], paths[2]]);
    let rows = std::fs::read_to_string(&sol).unwrap();
    assert_eq!(rows.lines().count(), 26 + 38);
    assert!(rows.starts_with(&data("solution_9AAAF0000.csv")));
    assert!(rows.contains("\n00AAAF000,-1,0,,0\n"));
}

#[test]
fn bad_codes_and_arguments_get_one_error_line() {
    for (args, message) in [
        (vec!["cal", "1A9BF0C000"], "has 10 digits"),
        (vec!["cal", "1A9G"], "'G' at position 4 is not a hex digit"),
        (vec!["show", "3"], "puts the 2x2 block off the board"),
        (vec!["group", "14"], "overlaps another piece"),
        (vec!["analy", "0FFFFFFFF"], "a layout needs at least 2"),
        (vec!["cal", "00AAAF4"], "later bits are not 0"),
        (vec!["show", "1A9BF0C", "0"], "WIDTH must be 1 to 16"),
        (vec!["cal"], "required arguments were not provided: <CODE>"),
        (vec!["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (
            vec!["cal", "1A9BF0C", "--fast"],
            "unexpected argument '--fast' found",
        ),
    ] {
        let mut all = vec!["hrd"];
        all.extend_from_slice(&args);
        let run = klotski(&all, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
    // A file to write that cannot be made is output that failed: exit 4, as for stdout.
    let run = klotski(
        &["hrd", "group", "1A9BF0C", "/nonexistent/dir/out.txt"],
        b"",
    );
    assert_eq!((run.code, run.stdout.as_str()), (4, ""));
    let told = "error: cannot write /nonexistent/dir/out.txt: ";
    assert!(run.stderr.starts_with(told), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    let dir = scratch("hrd_bad_seeds");
    let seeds = dir.join("seeds.txt");
    std::fs::write(&seeds, "1A9BF0C\n# comment\n").unwrap();
    let path = seeds.to_str().unwrap();
    let run = klotski(
        &["hrd", "analy-multi-group", path, "/dev/null", "/dev/null"],
        b"",
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("line 2:"), "{}", run.stderr);
}

#[test]
fn the_playable_puzzle_replays_a_shortest_unit_solution() {
    for (code, unit) in [("1A9BF0C", 116), ("4FEA134", 179)] {
        let (problem, moves) = play::playable(code.parse().unwrap(), Metric::Unit);
        let moves = moves.unwrap();
        assert_eq!(moves.len(), unit);
        let end = problem.verify(&moves).expect("legal moves onto the goal");
        let block = (problem.puzzle())
            .pieces()
            .iter()
            .position(|p| p.shape.area() == 4)
            .unwrap();
        assert_eq!(end.origins()[block], 13);
    }
}
