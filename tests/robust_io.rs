//! The command line under hostile conditions (issue 37): stdout that fails or whose reader
//! leaves, usage mistakes, and errors that must be said once.

mod common;

use common::{command, klotski};
use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

const BOARD: &str = "tests/sbp/boards/LRParser/SBP-bricks-level1.txt";
const SAMPLE: &[u8] = b"2 2\n1 2\n0 3\n0\n";
const TIPOVER: &[u8] = include_bytes!("tipover/seed-example.txt");

/// Runs `klotski ARGS` with stdout on `/dev/full`, where every write fails with ENOSPC.
fn to_full_disk(args: &[&str], input: &[u8]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    feed(spawn(args, full.into()), input)
}

/// Runs `klotski ARGS` with a stdout pipe whose reader has gone before anything is written
/// (the input is written only after the read end is closed, and commands that read no input
/// write more than a pipe holds).
fn reader_gone(args: &[&str], input: &[u8]) -> Output {
    let mut child = spawn(args, Stdio::piped());
    drop(child.stdout.take());
    feed(child, input)
}

/// Starts `klotski ARGS` with its stdin and stderr piped and its stdout on `stdout`.
fn spawn(args: &[&str], stdout: Stdio) -> Child {
    spawn_command(command(args), stdout)
}

/// Starts `command` with its stdin and stderr piped and its stdout on `stdout`.
fn spawn_command(mut command: Command, stdout: Stdio) -> Child {
    command
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Writes `input` to the child's stdin (a child that exits first may refuse it), closes it
/// and waits for the child.
fn feed(mut child: Child, input: &[u8]) -> Output {
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child.wait_with_output().expect("the binary finishes")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_full_disk_is_one_error_line_and_exit_4_in_every_mode() {
    let home = common::scratch_home().join("cache-full");
    let cache = home.to_str().expect("a UTF-8 path");
    let cases: Vec<(Vec<&str>, &[u8])> = vec![
        (vec!["--help"], b""),
        (vec!["--version"], b""),
        (vec!["terminal"], SAMPLE),
        (vec!["generate", "--size", "3x3", "--seed", "1"], b""),
        (vec!["sbp", "print", BOARD], b""),
        (vec!["sbp", "availableMoves", BOARD], b""),
        (vec!["sbp", "random", BOARD, "3", "--seed", "1"], b""),
        (vec!["sbp", "bfs", BOARD], b""),
        (vec!["hrd", "show", "1A9BF0C00"], b""),
        (vec!["cache", "--cache-dir", cache, "list"], b""),
        (vec!["cache", "--cache-dir", cache, "verify"], b""),
        (vec!["tipover"], TIPOVER),
        (vec!["solvable"], b"1 2 3 b\n1 2 3 b\n"),
    ];
    for (args, input) in cases {
        let output = to_full_disk(&args, input);
        let told = stderr(&output);
        assert_eq!(output.status.code(), Some(4), "{args:?}: {told}");
        assert_eq!(told.lines().count(), 1, "{args:?}: {told}");
        assert!(
            told.starts_with("error: cannot write standard output: "),
            "{args:?}: {told}"
        );
    }
}

/// A file a mode was asked to write is output like stdout: a full disk there is exit 4 and one
/// line naming the file, and `analy-group`, whose work takes long, fails before it when an
/// output cannot be made (a folder that does not exist).
#[test]
fn a_file_that_cannot_be_written_is_one_error_line_and_exit_4() {
    let missing = common::scratch_home().join("no-such-folder/farthest.csv");
    let missing = missing.to_str().expect("a UTF-8 path");
    let cases: Vec<Vec<&str>> = vec![
        vec!["hrd", "group", "1A9BF0C00", "/dev/full"],
        vec!["hrd", "cal", "1A9BF0C00", "/dev/full"],
        vec!["hrd", "analy-group", "1A9BF0C00", missing, "/dev/null"],
    ];
    for args in cases {
        let run = klotski(&args, b"");
        assert_eq!(run.code, 4, "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        let file = (args.iter().rev()).find(|a| a.starts_with('/') && **a != "/dev/null");
        let told = format!("error: cannot write {}: ", file.expect("a file"));
        assert!(run.stderr.starts_with(&told), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
    }
}

#[test]
fn a_reader_that_leaves_ends_the_run_quietly_with_success() {
    let cases: Vec<(Vec<&str>, &[u8])> = vec![
        (vec!["terminal"], SAMPLE),
        (vec!["sbp", "random", BOARD, "5000", "--seed", "1"], b""),
        (vec!["hrd", "group", "1A9BF0C00"], b""),
        (vec!["--help"], b""),
    ];
    for (args, input) in cases {
        let output = reader_gone(&args, input);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(stderr(&output), "", "{args:?}");
    }
}

#[test]
fn subcommand_usage_errors_keep_clap_suggestions_in_one_line() {
    let run = klotski(&["sbp", "availablemoves", BOARD], b"");
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("'availableMoves'"), "{}", run.stderr);
    assert!(run.stderr.contains("klotski sbp --help"), "{}", run.stderr);
    let run = klotski(&["sbp"], b"");
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(
        run.stderr
            .starts_with("error: klotski sbp needs a command\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn negative_numbers_are_values_refused_as_such_in_every_mode() {
    for (args, message) in [
        (
            vec!["generate", "--size", "3x3", "--moves", "-1"],
            "invalid value '-1' for '--moves <N>'",
        ),
        (
            vec!["hrd", "show", "1A9BF0C", "-1"],
            "WIDTH must be 1 to 16, got '-1'",
        ),
        (
            vec!["terminal", "--effort", "-1"],
            "invalid value '-1' for '--effort <N>'",
        ),
    ] {
        let run = klotski(&args, b"");
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn a_negative_walk_length_is_a_value_refused_as_such() {
    let run = klotski(&["sbp", "random", BOARD, "-1"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("random takes a number of moves, got '-1'"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_walk_without_a_seed_tells_the_seed_that_repeats_it() {
    let drawn = klotski(&["sbp", "random", BOARD, "20"], b"");
    assert_eq!(drawn.code, 0, "{}", drawn.stderr);
    let seed = drawn
        .stderr
        .split_whitespace()
        .skip_while(|w| *w != "seed")
        .nth(1)
        .expect("the seed on stderr");
    let again = klotski(&["sbp", "random", BOARD, "20", "--seed", seed], b"");
    assert_eq!(again.code, 0);
    assert_eq!(again.stdout, drawn.stdout);
    assert_eq!(again.stderr, "");
}

#[test]
fn a_bad_board_file_is_told_once() {
    let path = common::scratch_home().join("short-row.txt");
    std::fs::write(&path, "3,2,\n2,2,0,\n0,0,\n").expect("a scratch file");
    let run = klotski(&["sbp", "print", path.to_str().expect("UTF-8")], b"");
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert_eq!(run.stderr.matches("line 3").count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.ends_with("line 3: expected 3 values, found 2\n"),
        "{}",
        run.stderr
    );
}

/// Runs `klotski ARGS` on `head` followed by `tail` repeated without end, until the program
/// stops reading; returns its output and whether it stopped reading before 64 MiB had been
/// written (a program that reads its input whole never does).
fn endless(args: &[&str], head: &[u8], tail: &[u8]) -> (Output, bool) {
    let mut child = spawn(args, Stdio::piped());
    let mut stdin = child.stdin.take().expect("stdin");
    let head = head.to_vec();
    let chunk: Vec<u8> = tail.iter().copied().cycle().take(1 << 16).collect();
    let writer = std::thread::spawn(move || {
        if stdin.write_all(&head).is_err() {
            return true;
        }
        (0..1024).any(|_| stdin.write_all(&chunk).is_err())
    });
    let output = child.wait_with_output().expect("the binary finishes");
    (output, writer.join().expect("the writer"))
}

fn from_dev_zero(args: &[&str]) -> Output {
    let zero = std::fs::File::open("/dev/zero").expect("/dev/zero");
    command(args)
        .stdin(zero)
        .output()
        .expect("the binary finishes")
}

fn assert_refused(output: &Output, code: i32, message: &str) {
    let told = stderr(output);
    assert_eq!(output.status.code(), Some(code), "{told}");
    assert!(output.stdout.is_empty(), "{told}");
    assert_eq!(told.lines().count(), 1, "{told}");
    assert!(told.contains(message), "{told}");
}

#[test]
fn an_endless_input_is_refused_at_its_first_bad_line() {
    let (output, stopped) = endless(&["terminal"], b"1 1\n0\n", b"9\n");
    assert!(stopped, "the whole input was read");
    assert_refused(&output, 2, "error: line 3: 9 blocks declared");
    let (output, stopped) = endless(&["terminal"], b"1001 1000\n", b"1 ");
    assert!(stopped, "the whole input was read");
    assert_refused(
        &output,
        2,
        "error: line 1: a board of 1001 x 1000 cells is larger",
    );
    let (output, stopped) = endless(&["terminal"], SAMPLE, b"\n");
    assert!(stopped, "the whole input was read");
    assert_refused(
        &output,
        2,
        "error: line 1000005: more than 1000000 blank lines",
    );
    // `yes 1A9BF0C` as a seeds file (1A9BF0C00 with its trailing zeros left out, eight bytes a
    // line so that lines never straddle the writer's chunks): refused after a million codes.
    let seeds = [
        "hrd",
        "analy-multi-group",
        "/dev/stdin",
        "/dev/null",
        "/dev/null",
    ];
    let (output, stopped) = endless(&seeds, b"", b"1A9BF0C\n");
    assert!(stopped, "the whole input was read");
    assert_refused(
        &output,
        2,
        "error: /dev/stdin line 1000001: more than 1000000 seeds",
    );
    let (output, stopped) = endless(&["tipover"], b"2 2\n0 0\n*.\n", b"*.\n");
    assert!(stopped, "the whole input was read");
    assert_refused(&output, 2, "error: line 4: a second target");
    let (output, stopped) = endless(&["solvable"], b"1 2 3 b\n1 2 b 3\n", b"1\n");
    assert!(stopped, "the whole input was read");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "error: line 3: unexpected text after the goal line\n"
    );
}

#[test]
fn a_board_too_large_for_the_memory_limit_is_a_limit_told_before_it_is_read() {
    let (output, stopped) = endless(&["terminal", "--max-memory", "20M"], b"1000 1000\n", b"1 ");
    assert!(stopped, "the whole input was read");
    assert_refused(
        &output,
        3,
        "more than the 20971520 bytes the memory limit allows",
    );
}

#[test]
fn a_line_without_end_is_refused_in_every_mode() {
    assert_refused(
        &from_dev_zero(&["terminal"]),
        2,
        "error: line 1: the line is longer than the 4096 bytes",
    );
    assert_refused(
        &from_dev_zero(&["tipover"]),
        2,
        "error: line 1: the line is longer than the 4096 bytes",
    );
    let solvable = from_dev_zero(&["solvable"]);
    assert_eq!(solvable.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&solvable.stdout)
            .starts_with("error: line 1: the line is longer than"),
    );
    // A case file of bench (and of its comparison) is read as the terminal reads its input.
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-zero");
    let compare = ["bench", "--out", out.to_str().unwrap(), "/dev/zero"];
    for args in [&["bench", "/dev/zero"][..], &compare] {
        let bench = klotski(args, b"");
        assert_eq!((bench.code, bench.stdout.as_str()), (2, ""), "{args:?}");
        assert!(
            bench
                .stderr
                .contains("/dev/zero: line 1: the line is longer than the 4096 bytes"),
            "{args:?}: {}",
            bench.stderr
        );
    }
    let sbp = klotski(&["sbp", "print", "/dev/zero"], b"");
    assert_eq!((sbp.code, sbp.stdout.as_str()), (2, ""));
    assert!(
        sbp.stderr
            .contains("line 1: the line is longer than the 4096 bytes")
    );
    let hrd = klotski(
        &[
            "hrd",
            "analy-multi-group",
            "/dev/zero",
            "/dev/null",
            "/dev/null",
        ],
        b"",
    );
    assert_eq!((hrd.code, hrd.stdout.as_str()), (2, ""));
    assert!(
        hrd.stderr
            .contains("line 1: the line is longer than the 4096 bytes")
    );
}

#[test]
fn error_lines_quote_little_and_escape_control_characters() {
    let run = klotski(&["terminal"], b"2 2\n1 \x1b]0;title\x07\n0 3\n");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: line 2: expected a number, found '\\u{1b}]0;title\\u{7}'\n"
    );
    let mut huge = b"1 100000\n".to_vec();
    huge.extend(std::iter::repeat_n(b'9', 1_000_000));
    huge.extend(b" 0".repeat(99_999));
    let run = klotski(&["terminal"], &huge);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        format!("error: line 2: '{}...' is too large\n", "9".repeat(40))
    );
    // Arguments as the input: a refused value quoted to 40 characters, control characters
    // escaped, in clap's messages and ours alike.
    let long = "1".repeat(100_000);
    let run = klotski(&["hrd", "show", &long], b"");
    let forty = format!("'{}...'", "1".repeat(40));
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.len() < 300 && run.stderr.contains(&forty),
        "{}",
        run.stderr
    );
    let run = klotski(&["hrd", "cal", "1,\r}"], b"");
    assert_eq!(
        run.stderr,
        "error: invalid value '1,\\r}' for '<CODE>': layout code '1,\\r}': ',' at position 2 \
         is not a hex digit (see klotski --help)\n"
    );
    let run = klotski(&["sbp", "print", "/nowhere/\x1b[31m"], b"");
    assert_eq!(
        run.stderr,
        "error: /nowhere/\\u{1b}[31m: No such file or directory (os error 2)\n"
    );
}

#[cfg(feature = "gui")]
#[test]
fn the_player_without_a_display_is_one_plain_line_and_exit_2() {
    let mut gui = command(&["gui"]);
    for name in [
        "DISPLAY",
        "WAYLAND_DISPLAY",
        "WAYLAND_SOCKET",
        "XDG_RUNTIME_DIR",
    ] {
        gui.env_remove(name);
    }
    let output = feed(spawn_command(gui, Stdio::piped()), SAMPLE);
    assert_refused(&output, 2, "error: cannot open a window: ");
    let told = stderr(&output);
    assert!(!told.contains(".rs:"), "a source location: {told}");
}

#[cfg(feature = "gui")]
#[test]
fn a_render_without_a_runtime_folder_is_quiet() {
    let out = common::scratch_home().join("frames");
    let mut render = command(&["render", "--out", out.to_str().expect("UTF-8")]);
    render.env_remove("XDG_RUNTIME_DIR");
    let output = feed(spawn_command(render, Stdio::piped()), SAMPLE);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2);
}

/// `render --time-limit` covers the frames, not only the solve: an animation of a 6x6 board's
/// answer (hundreds of moves, thousands of frames, minutes of drawing) stops at the limit with
/// exit 3, says so, lists nothing and leaves no half-written animation.
#[cfg(feature = "gui")]
#[test]
fn a_render_stops_drawing_frames_at_its_time_limit() {
    let input = std::fs::read("tests/cases/large/l00_6x6_b1.in").expect("the case");
    let path = common::scratch_home().join("cut-short.png");
    let args = ["render", "--time-limit", "2", "--size", "320x240"];
    let mut render = command(&args);
    render.arg("--animate").arg(&path);
    let output = feed(spawn_command(render, Stdio::piped()), &input);
    let told = stderr(&output);
    assert_eq!(output.status.code(), Some(3), "{told}");
    assert!(
        told.contains("the time limit stopped the frames after "),
        "{told}"
    );
    assert!(output.stdout.is_empty());
    assert!(!path.exists(), "a half-written animation was left");
}

/// An argument that is not UTF-8 never panics: as a file name it is a path like any other (a
/// file that is not there is one error line, exit 2), as any other value bad usage (exit 2).
#[test]
fn arguments_that_are_not_utf8_are_paths_or_bad_usage_never_a_panic() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let odd = OsStr::from_bytes(b"/nowhere/\xff.txt");
    let run = |words: &[&str], last: &OsStr| {
        let mut command = command(words);
        command.arg(last).stdin(Stdio::null());
        let output = command.output().unwrap();
        (
            output.status.code(),
            stderr(&output),
            output.stdout.is_empty(),
        )
    };
    let (code, told, quiet) = run(&["sbp", "print"], odd);
    assert_eq!((code, quiet), (Some(2), true), "{told}");
    assert_eq!(told.lines().count(), 1, "{told}");
    assert!(
        told.starts_with("error: ") && told.contains("/nowhere/"),
        "{told}"
    );
    // hrd's seeds file too: a path, told as one line.
    let group = ["hrd", "analy-multi-group", "/dev/null", "/dev/null"];
    let mut command = command(&group[..2]);
    command.arg(odd).args(&group[2..]).stdin(Stdio::null());
    let output = command.output().unwrap();
    let told = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{told}");
    assert!(
        told.starts_with("error: /nowhere/") && told.contains("No such file"),
        "{told}"
    );
    let (code, told, quiet) = run(&["hrd", "show"], OsStr::from_bytes(b"\xff"));
    assert_eq!((code, quiet), (Some(2), true), "{told}");
    assert_eq!(told.lines().count(), 1, "{told}");
    assert!(told.starts_with("error: "), "{told}");
}
