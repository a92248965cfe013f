//! The command line's arguments: any bytes, split at NUL into arguments (so not UTF-8 as
//! often as not), parsed by the one definition of the command line. It must never panic:
//! every argument list is a `Cli` or a clap error, whose message can be written.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

#[allow(dead_code, unused_imports)]
#[path = "../../src/cli/args/mod.rs"]
mod args;
#[allow(dead_code)]
#[path = "../../src/cli/folders.rs"]
mod folders;

fuzz_target!(|data: &[u8]| {
    let words = data
        .split(|&b| b == 0)
        .map(|w| OsString::from_vec(w.to_vec()));
    let line = std::iter::once(OsString::from("klotski")).chain(words);
    match args::parse(line) {
        Ok(cli) => drop(format!("{cli:?}")),
        Err(e) => drop(e.render().to_string()),
    }
});
