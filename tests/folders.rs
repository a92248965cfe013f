//! Where the program keeps its files: the cache folder by `--cache-dir`, `KLOTSKI_CACHE_DIR`,
//! then the XDG rules (an empty or relative `XDG_CACHE_HOME` ignored), never under the working
//! folder. `klotski cache list` names the folder it reads and creates nothing.

mod common;

use common::{command, scratch_home};
use std::path::{Path, PathBuf};

/// The folder `klotski cache list ARGS` names, run in `work` with the variables `vars` set
/// (an empty value sets the variable empty).
fn listed(work: &Path, vars: &[(&str, &str)], args: &[&str]) -> PathBuf {
    let mut command = command(&[&["cache"], args, &["list"]].concat());
    command.current_dir(work).env_remove("KLOTSKI_CACHE_DIR");
    for (name, value) in vars {
        command.env(name, value);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{vars:?}: {stdout}");
    let last = stdout.lines().last().unwrap();
    PathBuf::from(last.rsplit_once(" in ").unwrap().1)
}

#[test]
fn the_cache_folder_follows_the_xdg_rules_and_is_never_under_the_working_folder() {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("folders-work");
    std::fs::create_dir_all(&work).unwrap();
    let home_cache = scratch_home().join(".cache/klotski");
    assert_eq!(listed(&work, &[("XDG_CACHE_HOME", "")], &[]), home_cache);
    assert_eq!(listed(&work, &[("XDG_CACHE_HOME", "rel")], &[]), home_cache);
    let absolute = work.join("xdg");
    let xdg = absolute.to_str().unwrap();
    assert_eq!(
        listed(&work, &[("XDG_CACHE_HOME", xdg)], &[]),
        absolute.join("klotski")
    );
    // The variable of our own, and the option above it.
    let own = [("KLOTSKI_CACHE_DIR", "/nowhere/own")];
    assert_eq!(listed(&work, &own, &[]), Path::new("/nowhere/own"));
    let empty = [("KLOTSKI_CACHE_DIR", ""), ("XDG_CACHE_HOME", "")];
    assert_eq!(listed(&work, &empty, &[]), home_cache);
    let option = ["--cache-dir", "/nowhere/option"];
    assert_eq!(listed(&work, &own, &option), Path::new("/nowhere/option"));
    // With an empty home and no cache variable: the user's home from the system, never a
    // folder relative to where the program runs.
    let bare = listed(&work, &[("HOME", ""), ("XDG_CACHE_HOME", "")], &[]);
    assert!(
        bare.is_absolute() && !bare.starts_with(&work),
        "{}",
        bare.display()
    );
    // Listing created nothing.
    assert_eq!(std::fs::read_dir(&work).unwrap().count(), 0);
}
