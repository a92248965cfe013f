//! Where the program keeps its files in the user's folders, by one rule for all of them: the
//! XDG base directories as the `dirs` crate reads them (an empty or relative `XDG_*` variable is
//! ignored, an empty `HOME` falls back to the user's entry in the system), so that a default
//! path is never under the working folder.

use std::path::PathBuf;

/// The folder of cached pattern databases when `--cache-dir` names none: `$KLOTSKI_CACHE_DIR`
/// (unless empty), else `$XDG_CACHE_HOME/klotski`, else `~/.cache/klotski`; none when the user
/// has no home.
pub fn cache_dir() -> Option<PathBuf> {
    let own = std::env::var_os("KLOTSKI_CACHE_DIR").filter(|dir| !dir.is_empty());
    own.map(PathBuf::from)
        .or_else(|| dirs::cache_dir().map(|dir| dir.join("klotski")))
}

/// The player's best scores: `$XDG_DATA_HOME/klotski/scores.txt`, else
/// `~/.local/share/klotski/scores.txt`; none when the user has no home.
#[cfg(feature = "gui")]
pub fn scores_file() -> Option<PathBuf> {
    dirs::data_dir().map(|dir| dir.join("klotski").join("scores.txt"))
}

/// The player's games left in progress, one file per puzzle: `$XDG_DATA_HOME/klotski/saved`,
/// else `~/.local/share/klotski/saved`; none when the user has no home.
#[cfg(feature = "gui")]
pub fn saved_games() -> Option<PathBuf> {
    dirs::data_dir().map(|dir| dir.join("klotski").join("saved"))
}

/// The user's home folder, which `~` names in a path typed into the player's file browser.
#[cfg(feature = "gui")]
pub fn home() -> Option<PathBuf> {
    dirs::home_dir()
}
