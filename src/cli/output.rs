//! Writing to stdout and stderr without ever panicking: stdout failures become a
//! [`WriteFailed`] error that [`super::run`] turns into an exit code (0 for a reader that went
//! away, [`super::OUTPUT`] otherwise), as do failures of the files a mode was asked to write
//! ([`FileWriteFailed`]); stderr failures are ignored, since there is nowhere left to tell
//! them.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU8, Ordering};

/// Standard output could not be written.
///
/// The I/O error is part of the message, not a `source`, so that an error chain prints it once.
#[derive(Debug)]
pub struct WriteFailed(pub io::Error);

impl fmt::Display for WriteFailed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write standard output: {}", self.0)
    }
}

impl std::error::Error for WriteFailed {}

impl WriteFailed {
    /// Whether the reader closed its end of the pipe: it has seen all it wanted (as `head`
    /// has), so the program ends quietly, with success.
    pub fn reader_left(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

/// A file (or folder) the run was asked to write could not be made or written: an output
/// failure, exit [`super::OUTPUT`], like a failing stdout.
#[derive(Debug)]
pub struct FileWriteFailed {
    /// The file, as the user named it.
    pub path: std::path::PathBuf,
    /// The failure; part of the message, not a `source`, so that a chain prints it once.
    pub cause: io::Error,
}

impl fmt::Display for FileWriteFailed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.cause)
    }
}

impl std::error::Error for FileWriteFailed {}

impl FileWriteFailed {
    /// What turns a failure to make or write `path` into this error, for `map_err`.
    pub fn at(path: &std::path::Path) -> impl FnOnce(io::Error) -> FileWriteFailed + '_ {
        move |cause| FileWriteFailed {
            path: path.to_owned(),
            cause,
        }
    }
}

/// Writes `bytes` to the file `path`, as [`std::fs::write`] does.
pub fn file(path: &std::path::Path, bytes: impl AsRef<[u8]>) -> Result<(), FileWriteFailed> {
    std::fs::write(path, bytes).map_err(FileWriteFailed::at(path))
}

/// How much a run tells on stderr besides its errors: 0 only errors (`-q`), 1 notes and
/// progress, 2 also what was proven and each stage (`-v`). Set once, from the command line.
static TALK: AtomicU8 = AtomicU8::new(1);

/// Sets how much the run tells, from `-v` and `-q`.
pub fn set_talk(verbose: bool, quiet: bool) {
    TALK.store(
        match (quiet, verbose) {
            (true, _) => 0,
            (false, false) => 1,
            (false, true) => 2,
        },
        Ordering::Relaxed,
    );
}

/// Whether the run tells what was proven and each stage (`-v`).
pub fn verbose() -> bool {
    TALK.load(Ordering::Relaxed) >= 2
}

/// Whether the run tells nothing but errors (`-q`).
pub fn quiet() -> bool {
    TALK.load(Ordering::Relaxed) == 0
}

/// Writes `text` to stdout and flushes it.
pub fn stdout(text: impl AsRef<[u8]>) -> Result<(), WriteFailed> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_ref())
        .and_then(|()| out.flush())
        .map_err(WriteFailed)
}

/// Writes one line (`format!` arguments) to stderr, ignoring a failure: with stderr gone there
/// is nowhere to tell it, and the exit code still says how the run ended.
macro_rules! tell {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
pub(crate) use tell;

/// Writes one line to stderr as [`tell!`] does, unless the run is quiet (`-q`): for notes, not
/// for errors.
macro_rules! note {
    ($($arg:tt)*) => {{
        if !$crate::cli::output::quiet() {
            $crate::cli::output::tell!($($arg)*);
        }
    }};
}
pub(crate) use note;

/// Writes `text` as it is to stderr, ignoring a failure as [`tell!`] does.
pub fn tell_raw(text: &str) {
    let _ = io::stderr().write_all(text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_broken_pipe_means_the_reader_left() {
        let broken = WriteFailed(io::Error::from(io::ErrorKind::BrokenPipe));
        let full = WriteFailed(io::Error::from_raw_os_error(28));
        assert!(broken.reader_left());
        assert!(!full.reader_left());
        assert!(
            full.to_string()
                .starts_with("cannot write standard output: ")
        );
    }
}
