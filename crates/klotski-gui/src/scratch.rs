//! A folder of a test's own under the system's temporary folder, removed when dropped: the
//! scores file's and the file browser's tests read and write real files there.

use std::fs;
use std::path::PathBuf;

/// A fresh, empty folder, named for the test and the process; its path is canonical.
pub struct Folder(pub PathBuf);

impl Folder {
    /// The folder for the test called `name`.
    pub fn new(name: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!("klotski-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Folder(fs::canonicalize(&dir).unwrap())
    }

    /// The names in the folder, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(&self.0)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}
