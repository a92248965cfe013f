//! Runs the built `klotski` binary for the integration tests.

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of the binary printed, and its exit code.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `klotski ARGS` with `input` on standard input.
// Each test crate that shares this module uses one of the two runners or both.
#[allow(dead_code)]
pub fn klotski(args: &[&str], input: &[u8]) -> Run {
    run_in(None, args, input)
}

/// Runs `klotski ARGS` in the folder `dir`, for commands that write into the current folder.
#[allow(dead_code)]
pub fn klotski_in(dir: &std::path::Path, args: &[&str], input: &[u8]) -> Run {
    run_in(Some(dir), args, input)
}

fn run_in(dir: Option<&std::path::Path>, args: &[&str], input: &[u8]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_klotski"));
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .args(args)
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
