//! The command line: parses the arguments ([`args`]), runs the chosen mode and maps its result
//! to an exit code. Everything that prints, reads files or the environment lives here, on top
//! of the library.

pub mod args;
mod bench;
mod charts;
mod compare;
mod corpus;
mod cpu_time;
mod folders;
mod generate;
mod hrd;
mod id;
mod output;
#[cfg(feature = "gui")]
mod player;
mod progress;
mod runs;
mod sbp;
mod solvable;
mod table_events;
mod tables;
mod terminal;
mod tipover;
mod watchdog;

use args::Mode;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use klotski::puzzles::text::quote;
use output::{FileWriteFailed, WriteFailed, tell, tell_raw};
use std::process::ExitCode;

/// Exit code for an answer that is right.
pub const OK: u8 = 0;
/// Exit code for an internal error.
pub const INTERNAL: u8 = 1;
/// Exit code for bad input or bad usage.
pub const BAD_INPUT: u8 = 2;
/// Exit code when a limit stopped the work before an answer was proven.
pub const LIMIT: u8 = 3;
/// Exit code when standard output could not be written (a full disk, say); a reader that
/// closed the pipe early is not a failure (exit 0).
pub const OUTPUT: u8 = 4;
/// Exit code when `cache verify` found a damaged table (the run itself went well).
pub const DAMAGED: u8 = 5;

/// Runs the command line `args` (the program name first) and returns the exit code.
pub fn run(args: impl IntoIterator<Item = std::ffi::OsString>) -> ExitCode {
    let cli = match args::parse(args) {
        Ok(cli) => cli,
        Err(e) => return ExitCode::from(usage(&e)),
    };
    output::set_talk(cli.verbose, cli.quiet);
    let result = match cli.mode {
        Mode::Terminal(args) => terminal::run(&args),
        Mode::Solvable(args) => solvable::run(&args),
        Mode::Bench(args) => bench::run(&args),
        Mode::Generate(args) => generate::run(&args),
        Mode::Id => id::run(),
        Mode::Pdb(args) => tables::build(&args),
        Mode::Cache(args) => tables::cache(&args),
        Mode::Tipover(args) => tipover::run(&args),
        Mode::Sbp(args) => sbp::run(&args),
        Mode::Hrd(args) => hrd::run(&args),
        #[cfg(feature = "gui")]
        Mode::Gui(args) => player::gui(&args),
        #[cfg(feature = "gui")]
        Mode::Render(args) => player::render(&args),
        Mode::Completions(args) => completions(args.shell),
        Mode::Man => manual(),
    };
    ExitCode::from(match result {
        Ok(code) => code,
        Err(e) => failure(&e),
    })
}

/// Prints `shell`'s completion script for the whole command line.
fn completions(shell: clap_complete::Shell) -> anyhow::Result<u8> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut args::command(), "klotski", &mut script);
    output::stdout(script)?;
    Ok(OK)
}

/// Prints the manual page: every mode and option, and the exit codes.
fn manual() -> anyhow::Result<u8> {
    let mut page = Vec::new();
    clap_mangen::Man::new(args::command()).render(&mut page)?;
    output::stdout(page)?;
    Ok(OK)
}

/// The exit code of a run that ended in `error`, told on stderr in one line (nothing when the
/// reader of stdout left early: it saw what it wanted).
fn failure(error: &anyhow::Error) -> u8 {
    match error.chain().find_map(|e| e.downcast_ref::<WriteFailed>()) {
        Some(write) if write.reader_left() => OK,
        Some(write) => {
            tell!("error: {write}");
            OUTPUT
        }
        None if error.chain().any(|e| e.is::<FileWriteFailed>()) => {
            tell!("error: {}", printable(&one_line(error)));
            OUTPUT
        }
        None => {
            tell!("error: {}", printable(&one_line(error)));
            BAD_INPUT
        }
    }
}

/// The error and its causes in one line, each said once: a cause whose text its wrapper
/// already quotes (as `thiserror` messages that print their source do) is not repeated.
fn one_line(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let said = cause.to_string();
        if !text.contains(&said) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&said);
        }
    }
    text
}

/// Reports a command line clap refused: help and the version go to stdout (exit 0); anything
/// else is one `error:` line on stderr (exit 2), like every other bad input.
fn usage(error: &clap::Error) -> u8 {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            match output::stdout(error.to_string()) {
                Ok(()) => OK,
                Err(write) => failure(&write.into()),
            }
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let text = error.to_string();
            let command = usage_command(&text).unwrap_or_else(|| "klotski".to_string());
            if command == "klotski" {
                tell_raw(&format!("error: no mode given\n\n{text}"));
            } else {
                tell_raw(&format!("error: {command} needs a command\n\n{text}"));
            }
            BAD_INPUT
        }
        _ => {
            let mut text = error.to_string();
            // Clap quotes a refused value whole: a 100 KB argument made a 100 KB line.
            if let Some(ContextValue::String(value)) = error.get(ContextKind::InvalidValue) {
                text = text.replace(&format!("'{value}'"), &format!("'{}'", quote(value)));
            }
            tell!("{}", printable(&usage_line(&text)));
            BAD_INPUT
        }
    }
}

/// `line` with its control characters escaped, so that no argument or file name can write an
/// escape sequence to the terminal through an error line.
fn printable(line: &str) -> String {
    let mut shown = String::with_capacity(line.len());
    for c in line.chars() {
        match c.is_control() {
            true => shown.extend(c.escape_debug()),
            false => shown.push(c),
        }
    }
    shown
}

/// Clap's error text in one line: its first line with what it says is missing, its tips
/// (such as a similar subcommand's name), and the help of the (sub)command its usage names.
fn usage_line(text: &str) -> String {
    let mut lines = text.lines();
    let mut first = lines
        .next()
        .unwrap_or("error: bad usage")
        .trim_end()
        .to_string();
    let mut notes: Vec<String> = Vec::new();
    let mut command = "klotski".to_string();
    for line in lines {
        let trimmed = line.trim();
        if let Some(named) = usage_command(trimmed) {
            command = named;
        } else if let Some(tip) = trimmed.strip_prefix("tip: ") {
            notes.push(tip.to_string());
        } else if line.starts_with("  ") {
            // Clap lists what is missing on indented lines after "not provided:".
            first.push(' ');
            first.push_str(trimmed);
        }
    }
    notes.push(format!("see {command} --help"));
    format!("{first} ({})", notes.join("; "))
}

/// The (sub)command a clap `Usage:` line in `text` names: `Usage: klotski hrd {cal|--cal}
/// <CODE>` names `klotski hrd cal`.
fn usage_command(text: &str) -> Option<String> {
    let usage = text
        .lines()
        .find_map(|line| line.trim().strip_prefix("Usage: "))?;
    let words = usage.split_whitespace();
    let words = words.take_while(|w| !w.starts_with(['<', '[', '-']));
    let words: Vec<&str> = words
        .map(|w| w.trim_start_matches('{').split('|').next().unwrap_or(w))
        .collect();
    Some(words.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wrapper that quotes its source in its own message, as `thiserror` types with a
    /// `source` field and `{source}` in the message do.
    #[derive(Debug, thiserror::Error)]
    #[error("bad.txt: {0}")]
    struct Quoting(#[source] std::io::Error);

    #[test]
    fn an_error_chain_says_each_cause_once() {
        let cause = std::io::Error::other("line 4: expected 5 values, found 4");
        let error = anyhow::Error::new(Quoting(cause)).context("cannot load");
        assert_eq!(
            one_line(&error),
            "cannot load: bad.txt: line 4: expected 5 values, found 4"
        );
    }

    #[test]
    fn usage_errors_keep_what_is_missing_the_tips_and_the_subcommand() {
        let clap = "error: unrecognized subcommand 'availablemoves'\n\n  tip: a similar subcommand \
                    exists: 'availableMoves'\n\nUsage: klotski sbp <COMMAND>\n\nFor more \
                    information, try '--help'.\n";
        assert_eq!(
            usage_line(clap),
            "error: unrecognized subcommand 'availablemoves' (a similar subcommand exists: \
             'availableMoves'; see klotski sbp --help)"
        );
        let missing = "error: the following required arguments were not provided:\n  <CODE>\n\n\
                       Usage: klotski hrd {cal|--cal} <CODE> [FILE]\n";
        assert_eq!(
            usage_line(missing),
            "error: the following required arguments were not provided: <CODE> (see klotski \
             hrd cal --help)"
        );
    }
}
