//! `klotski id`: the ID of the puzzle file on standard input, one line that names the whole
//! puzzle (Numeric Klotski, a brick puzzle or a classic layout code).

use super::OK;
use super::output;
use anyhow::{Context, Result, bail};
use klotski::puzzles::id::PuzzleId;
use klotski::puzzles::numeric::NumericPuzzle;
use std::io::Read;

/// The largest puzzle file read: a 1000x1000 board's numbers and more.
const MAX_BYTES: u64 = 64 << 20;

/// Reads a puzzle file on standard input and prints its ID.
pub fn run() -> Result<u8> {
    let mut text = String::new();
    (std::io::stdin().lock().take(MAX_BYTES))
        .read_to_string(&mut text)
        .context("standard input is not UTF-8 text")?;
    let Some(id) = PuzzleId::of_file(&text) else {
        // Most files meant as puzzles are Numeric Klotski: its parser names the line at fault.
        let why = text.parse::<NumericPuzzle>().err().map(|e| e.to_string());
        bail!(
            "not a puzzle file (Numeric Klotski, a brick puzzle or a classic layout code); as Numeric Klotski: {}",
            why.unwrap_or_default()
        );
    };
    output::stdout(format!("{id}\n"))?;
    Ok(OK)
}
