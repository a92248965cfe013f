//! Same input, same output: the default run prints byte-identical answers whether the machine
//! is quiet or busy, and the large cases print their reviewed golden answers
//! (`tests/golden/terminal/`). `KLOTSKI_BLESS=1 cargo test --test determinism` rewrites the
//! goldens, so a change of answer shows up as a diff to review.

mod common;

use common::klotski;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

fn cases(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(dir);
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    cases.sort();
    cases
}

/// Threads that keep every core busy until dropped, so the runs made meanwhile see a loaded
/// machine: fewer cycles per second for the solver, as a grader's parallel runs give it.
struct Load {
    stop: Arc<AtomicBool>,
    hogs: Vec<JoinHandle<()>>,
}

impl Load {
    fn start() -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let hogs = (0..cores)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    let mut x = 1u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(
                            x.wrapping_mul(6364136223846793005).wrapping_add(1),
                        );
                    }
                })
            })
            .collect();
        Load { stop, hogs }
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for hog in self.hogs.drain(..) {
            hog.join().unwrap();
        }
    }
}

/// The default run's stdout for `case`, checking it exits normally.
fn answer(case: &Path) -> String {
    let input = std::fs::read(case).unwrap();
    let run = klotski(&["terminal", "--no-time-limit"], &input);
    assert_eq!(run.code, 0, "{}: {}", case.display(), run.stderr);
    run.stdout
}

/// Runs every case quiet and then under load, requiring the same bytes both times; returns
/// the quiet answers.
fn same_quiet_and_loaded(cases: &[PathBuf]) -> Vec<String> {
    let quiet: Vec<String> = cases.iter().map(|case| answer(case)).collect();
    let load = Load::start();
    for (case, quiet) in cases.iter().zip(&quiet) {
        assert!(
            answer(case) == *quiet,
            "{}: a different answer under load",
            case.display()
        );
    }
    drop(load);
    quiet
}

#[test]
fn the_large_cases_print_their_golden_answers_quiet_and_under_load() {
    let cases = cases("large");
    let answers = same_quiet_and_loaded(&cases);
    let goldens = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/terminal");
    let bless = std::env::var_os("KLOTSKI_BLESS").is_some();
    for (case, answer) in cases.iter().zip(&answers) {
        let golden = goldens.join(case.with_extension("out").file_name().unwrap());
        if bless {
            std::fs::create_dir_all(&goldens).unwrap();
            std::fs::write(&golden, answer).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&golden)
            .unwrap_or_else(|e| panic!("{}: {e} (bless with KLOTSKI_BLESS=1)", golden.display()));
        assert!(
            *answer == want,
            "{}: the answer differs from {}",
            case.display(),
            golden.display()
        );
    }
}

#[test]
fn the_other_bundled_cases_print_the_same_quiet_and_under_load() {
    let mut all = Vec::new();
    for dir in ["official", "small", "decided", "peers", "walks5x5"] {
        all.extend(cases(dir));
    }
    assert!(all.len() > 50, "the bundled cases are there");
    same_quiet_and_loaded(&all);
}
