//! Runs the built `klotski` binary for the integration tests, with a cache of this test run's
//! own: never the user's `~/.cache`, and empty at the start of every run.

#![allow(dead_code)] // Each test binary uses its own part of these helpers.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// What one run of the binary printed, and its exit code.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// This test binary's scratch home and cache folder, emptied when the binary first asks for it,
/// so that every `cargo test` starts as a new machine does: with no cached tables.
pub fn scratch_home() -> &'static Path {
    static HOME: OnceLock<PathBuf> = OnceLock::new();
    HOME.get_or_init(|| {
        let binary = std::env::current_exe().expect("the test binary's path");
        let name = binary.file_stem().expect("a file name").to_string_lossy();
        let home = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("home-{name}"));
        let _ = std::fs::remove_dir_all(&home);
        std::fs::create_dir_all(&home).expect("a scratch home");
        home
    })
}

/// `klotski ARGS` as a command, with the scratch home as its `HOME` and cache.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_klotski"));
    command
        .args(args)
        .env("HOME", scratch_home())
        .env("XDG_CACHE_HOME", scratch_home().join("cache"))
        .env("XDG_DATA_HOME", scratch_home().join("data"))
        // Mesa's shader cache stays off even when the test binary runs outside cargo (which
        // sets this for every test, see .cargo/config.toml).
        .env("MESA_SHADER_CACHE_DISABLE", "true");
    command
}

/// Runs `klotski ARGS` with `input` on standard input.
pub fn klotski(args: &[&str], input: &[u8]) -> Run {
    run_in(None, args, input)
}

/// Runs `klotski ARGS` in the folder `dir`, for commands that write into the current folder.
pub fn klotski_in(dir: &Path, args: &[&str], input: &[u8]) -> Run {
    run_in(Some(dir), args, input)
}

fn run_in(dir: Option<&Path>, args: &[&str], input: &[u8]) -> Run {
    let mut command = command(args);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A usage error exits before reading, closing the pipe: that write may fail, harmlessly.
    let _ = child.stdin.take().expect("piped stdin").write_all(input);
    let output = child.wait_with_output().expect("the binary finishes");
    Run {
        code: output.status.code().expect("an exit code"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    }
}

/// An empty cache folder named `name` of this test run's own.
pub fn empty_cache(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cache-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Korf's 15-puzzle instance `name` (as `k001`): its text and its published optimum.
pub fn korf(name: &str) -> (Vec<u8>, usize) {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/korf100");
    let input = std::fs::read(base.join(format!("{name}.in"))).unwrap();
    let answer = std::fs::read_to_string(base.join(format!("{name}.ans"))).unwrap();
    let optimum = answer.trim().strip_prefix("Yes ").unwrap().parse().unwrap();
    (input, optimum)
}

/// A new pseudo-terminal: the side a person types into, and the side a program gets as its
/// standard input, which it sees as a terminal.
pub fn pseudo_terminal() -> (std::fs::File, Stdio) {
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut person, mut program) = (0, 0);
    // A terminal of 80 columns, as a person's would be at least.
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 80,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty only writes the two descriptors it opens and reads `size`; no name or
    // settings are asked for.
    let opened = unsafe {
        libc::openpty(
            &mut person,
            &mut program,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(opened, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were opened just now and belong to nothing else.
    unsafe {
        (
            std::fs::File::from_raw_fd(person),
            Stdio::from(OwnedFd::from_raw_fd(program)),
        )
    }
}
