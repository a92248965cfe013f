//! A deterministic mutation fuzzer for every input parser (terminal, solvable, tipover, sbp,
//! hrd codes and seeds files), on stable Rust: inputs from the bundled cases, mutated by a
//! seeded generator, fed to the library's streaming readers in process (many) and to the
//! built binary (a few per parser).
//!
//! What must hold: no panic; a refused input is one line that quotes at most a few dozen
//! characters of the input, with no control character; through the binary, a refused input is
//! one `error:` line on stderr with exit 2 and nothing on stdout, and an accepted one gets an
//! answer in the mode's format (or exit 3 when the short time limit stops the solver).
//!
//! The tests below run a short round; `cargo test --release --test fuzz_parsers -- --ignored`
//! runs a hundred times as many in-process mutations and 25 times as many runs of the binary
//! (well under a minute), with seeds of its own.

mod common;

use common::klotski;
use klotski::puzzles::hrd::code::Code;
use klotski::puzzles::numeric::NumericPuzzle;
use klotski::puzzles::sbp::SbpBoard;
use klotski::puzzles::solvable::Instance;
use klotski::puzzles::tipover::parse::Format;
use klotski::rng::Rng;
use std::path::Path;

/// Memory the in-process readers may use: small, so that a mutated header that promises a
/// huge board is refused as a limit rather than read.
const MEMORY: usize = 64 << 20;

/// The longest error message a mutated input may produce: its own words and at most the
/// quoted 40 characters (and their escapes) of the input.
const MAX_MESSAGE: usize = 400;

/// Bytes that matter to the formats, and some that must never matter.
const INTERESTING: &[&[u8]] = &[
    b"0",
    b"1",
    b"9",
    b" ",
    b"\t",
    b"\n",
    b"\r\n",
    b"-",
    b"+",
    b"*",
    b",",
    b".",
    b"b",
    b"2*2",
    b"1*2",
    b"-1",
    b"4294967296",
    b"99999999999999999999",
    b"1000 1000",
    b"\0",
    b"\xff",
    b"\x1b]0;title\x07",
    b"\xe2\x80\xae",
];

/// `seed` with one to four random edits: a byte changed, a token inserted, a range deleted
/// or repeated, or the tail cut.
fn mutate(seed: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 if at < bytes.len() => bytes[at] = rng.next_u64() as u8,
            1 | 2 => {
                let token = INTERESTING[rng.below(INTERESTING.len())];
                bytes.splice(at..at, token.iter().copied());
            }
            3 => {
                let end = (at + 1 + rng.below(16)).min(bytes.len());
                bytes.drain(at.min(end)..end);
            }
            4 => {
                let end = (at + 1 + rng.below(64)).min(bytes.len());
                let piece = bytes[at.min(end)..end].to_vec();
                for _ in 0..1 + rng.below(3) {
                    bytes.splice(at..at, piece.iter().copied());
                }
            }
            _ => bytes.truncate(at),
        }
    }
    bytes
}

/// The files of `dir` whose names end in `suffix`, sorted, each at most 4 KiB.
fn corpus(dir: &str, suffix: &str) -> Vec<Vec<u8>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    paths.sort();
    (paths.iter())
        .map(|p| std::fs::read(p).expect("a corpus file"))
        .filter(|bytes| bytes.len() <= 4096)
        .collect()
}

fn terminal_corpus() -> Vec<Vec<u8>> {
    let mut seeds = corpus("tests/cases/official", ".in");
    seeds.extend(corpus("tests/cases/small", ".in"));
    seeds.extend(corpus("tests/cases/malformed", ".in"));
    seeds
}

fn solvable_corpus() -> Vec<Vec<u8>> {
    [
        "1 2 3 b\n1 2 b 3\n",
        "1 2 3 4 5 6 7 8 b\n1 2 3 4 5 6 7 b 8\n",
        "5 1 2 3\t9 6 7 4\n13 10 11 8 b 14 15 12\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 b\n",
    ]
    .map(|s| s.as_bytes().to_vec())
    .to_vec()
}

fn tipover_corpus() -> Vec<Vec<u8>> {
    corpus("tests/tipover", ".txt")
}

fn sbp_corpus() -> Vec<Vec<u8>> {
    let mut seeds = corpus("tests/sbp/boards/LRParser", ".txt");
    seeds.extend(corpus("tests/sbp/boards/preston-g-bied", ".txt"));
    seeds
}

fn hrd_corpus() -> Vec<Vec<u8>> {
    vec![
        b"1A9BF0C00\n4FEA134\n".to_vec(),
        std::fs::read("tests/hrd/classic40_steps.txt").expect("the classic layouts"),
    ]
}

/// A refused input's message: one short line, no control character.
fn assert_tame(message: &str, input: &[u8]) {
    let shown = String::from_utf8_lossy(&input[..input.len().min(200)]).into_owned();
    assert!(!message.contains('\n'), "{message:?} for {shown:?}");
    assert!(message.len() <= MAX_MESSAGE, "{message:?} for {shown:?}");
    assert!(
        !message.chars().any(char::is_control),
        "{message:?} for {shown:?}"
    );
}

/// Every in-process reader on `rounds` mutations of each of its seeds; an accepted input must
/// print back to a text that reads as the same puzzle.
fn fuzz_in_process(rounds: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let each = |seeds: Vec<Vec<u8>>, rng: &mut Rng, check: &dyn Fn(&[u8])| {
        for input in &seeds {
            check(input);
            for _ in 0..rounds {
                check(&mutate(input, rng));
            }
        }
    };
    each(
        terminal_corpus(),
        &mut rng,
        &|input| match NumericPuzzle::read(input, MEMORY) {
            Ok(puzzle) => {
                let again: NumericPuzzle = puzzle.to_string().parse().expect("printed form");
                assert_eq!(again, puzzle);
            }
            Err(e) => assert_tame(&e.to_string(), input),
        },
    );
    each(
        solvable_corpus(),
        &mut rng,
        &|input| match Instance::read(input) {
            Ok(instance) => {
                let text = format!("{}\n{}\n", instance.start(), instance.goal());
                let again: Instance = text.parse().expect("printed form");
                assert_eq!(again.start().cells(), instance.start().cells());
                assert_eq!(again.goal().cells(), instance.goal().cells());
            }
            Err(e) => assert_tame(&e.to_string(), input),
        },
    );
    each(tipover_corpus(), &mut rng, &|input| {
        for format in [Format::Assignment, Format::Grid] {
            if let Err(e) = format.read(input, MEMORY) {
                assert_tame(&e.to_string(), input);
            }
        }
    });
    each(
        sbp_corpus(),
        &mut rng,
        &|input| match SbpBoard::read(input, MEMORY) {
            Ok(board) => {
                let again: SbpBoard = board.to_string().parse().expect("printed form");
                assert!(again.same_cells(&board));
            }
            Err(e) => assert_tame(&e.to_string(), input),
        },
    );
    each(hrd_corpus(), &mut rng, &|input| {
        for word in String::from_utf8_lossy(input).split_whitespace() {
            match word.parse::<Code>() {
                Ok(code) => assert_eq!(code.to_string().parse::<Code>(), Ok(code)),
                Err(e) => assert_tame(&e.to_string(), input),
            }
        }
    });
}

/// What one run of the binary on `input` must look like: refused (one `error:` line, exit 2,
/// empty stdout) or answered, its stdout checked by `answered`.
fn assert_run(args: &[&str], input: &[u8], answered: &dyn Fn(&str) -> bool) {
    let run = klotski(args, input);
    let shown = String::from_utf8_lossy(&input[..input.len().min(200)]).into_owned();
    match run.code {
        2 => {
            assert_eq!(run.stdout, "", "{args:?} {shown:?}");
            assert_eq!(run.stderr.lines().count(), 1, "{args:?} {shown:?}");
            assert!(run.stderr.starts_with("error: "), "{args:?} {shown:?}");
            assert_tame(run.stderr.trim_end(), input);
        }
        0 => assert!(answered(&run.stdout), "{args:?} {shown:?}: {}", run.stdout),
        3 => assert_eq!(run.stdout, "", "{args:?} {shown:?}"),
        code => panic!("{args:?} {shown:?}: exit {code}: {}", run.stderr),
    }
}

/// `per_parser` mutated inputs through the binary for each parser.
fn fuzz_binary(per_parser: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut pick = |seeds: &[Vec<u8>]| mutate(&seeds[rng.below(seeds.len())], &mut rng);
    let (terminal, tipover, sbp, hrd) = (
        terminal_corpus(),
        tipover_corpus(),
        sbp_corpus(),
        hrd_corpus(),
    );
    let scratch = common::scratch_home().join("fuzz-board.txt");
    let board = scratch.to_str().expect("a UTF-8 path");
    for _ in 0..per_parser {
        assert_run(
            &["terminal", "--time-limit", "1"],
            &pick(&terminal),
            &|out| out == "No\n" || out.starts_with("Yes\n"),
        );
        assert_run(&["tipover"], &pick(&tipover), &|out| {
            out.lines().all(|l| l.split(' ').count() == 4)
        });
        std::fs::write(&scratch, pick(&sbp)).expect("a scratch board");
        assert_run(&["sbp", "norm", board], b"", &|out| out.contains(','));
        std::fs::write(&scratch, pick(&hrd)).expect("a scratch seeds file");
        let seeds = std::fs::read_to_string(&scratch).unwrap_or_default();
        // An argument cannot hold a NUL byte.
        if let Some(word) = seeds.split_whitespace().find(|w| !w.contains('\0')) {
            assert_run(&["hrd", "show", word], b"", &|out| !out.is_empty());
        }
    }
    // `solvable` has its own convention: a refused input is one `error:` line on stdout,
    // exit 1.
    for _ in 0..per_parser {
        let input = pick(&solvable_corpus());
        let run = klotski(&["solvable"], &input);
        assert!(run.code == 0 || run.code == 1, "{input:?}: {}", run.stderr);
        assert_eq!(
            run.stdout.lines().count(),
            1 + 2 * usize::from(run.code == 0)
        );
        if run.code == 1 {
            assert!(run.stdout.starts_with("error: "), "{}", run.stdout);
            assert_tame(run.stdout.trim_end(), &input);
        }
    }
}

#[test]
fn mutated_inputs_never_panic_and_are_refused_in_one_tame_line() {
    fuzz_in_process(300, 37);
}

#[test]
fn mutated_inputs_through_the_binary_keep_the_exit_code_contract() {
    fuzz_binary(12, 3737);
}

#[test]
#[ignore = "the long round"]
fn long_round() {
    fuzz_in_process(30_000, 0x37_37_37);
    fuzz_binary(300, 0x3737_3737);
}

#[test]
fn the_corpus_is_there() {
    assert!(Path::new("tests/cases/official").is_dir());
    for (name, seeds) in [
        ("terminal", terminal_corpus()),
        ("solvable", solvable_corpus()),
        ("tipover", tipover_corpus()),
        ("sbp", sbp_corpus()),
        ("hrd", hrd_corpus()),
    ] {
        assert!(seeds.len() >= 2, "{name}: {} seeds", seeds.len());
    }
}
