//! The command line: parses the arguments ([`args`]), runs the chosen mode and maps its result
//! to an exit code. Everything that prints, reads files or the environment lives here, on top
//! of the library.

pub mod args;
mod bench;
mod charts;
mod clock;
mod compare;
mod generate;
pub mod hrd;
#[cfg(feature = "gui")]
mod player;
mod progress;
pub mod sbp;
mod solvable;
mod tables;
mod terminal;
mod tipover;
mod watchdog;

use args::{Cli, Mode};
use clap::Parser;
use clap::error::ErrorKind;
use std::process::ExitCode;

/// Exit code for an answer that is right.
pub const OK: u8 = 0;
/// Exit code for an internal error.
pub const INTERNAL: u8 = 1;
/// Exit code for bad input or bad usage.
pub const BAD_INPUT: u8 = 2;
/// Exit code when a limit stopped the work before an answer was proven.
pub const LIMIT: u8 = 3;

/// Runs the command line `args` (the program name first) and returns the exit code.
pub fn run(args: impl IntoIterator<Item = String>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return ExitCode::from(usage(&e)),
    };
    let result = match cli.mode {
        Mode::Terminal(args) => terminal::run(&args),
        Mode::Solvable(args) => solvable::run(&args),
        Mode::Bench(args) => bench::run(&args),
        Mode::Generate(args) => generate::run(&args),
        Mode::Pdb(args) => tables::build(&args),
        Mode::Cache(args) => tables::cache(&args),
        Mode::Tipover(args) => tipover::run(&args),
        Mode::Sbp(args) => sbp::run(&args),
        Mode::Hrd(args) => hrd::run(&args),
        #[cfg(feature = "gui")]
        Mode::Gui(args) => player::gui(&args),
        #[cfg(feature = "gui")]
        Mode::Render(args) => player::render(&args),
    };
    ExitCode::from(match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            BAD_INPUT
        }
    })
}

/// Reports a command line clap refused: help and the version go to stdout (exit 0); anything
/// else is one `error:` line on stderr (exit 2), like every other bad input.
fn usage(error: &clap::Error) -> u8 {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            print!("{error}");
            OK
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprint!("error: no mode given\n\n{error}");
            BAD_INPUT
        }
        _ => {
            let text = error.to_string();
            let first = text.lines().next().unwrap_or("error: bad usage");
            // Clap puts what is missing on the lines after "not provided:".
            let missing: Vec<&str> = text
                .lines()
                .skip(1)
                .take_while(|l| l.starts_with("  "))
                .map(str::trim)
                .collect();
            if missing.is_empty() {
                eprintln!("{first} (see klotski --help)");
            } else {
                eprintln!("{first} {} (see klotski --help)", missing.join(", "));
            }
            BAD_INPUT
        }
    }
}
