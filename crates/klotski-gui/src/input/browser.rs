//! The file browser `O` opens over the board: the folders and puzzle files (`.txt`, `.in`) of a
//! folder, chosen with the arrows and Enter or a click. Backspace goes up a folder; typing
//! filters the names; typed text with a `/` or a leading `~` is a path (`~` the home folder),
//! which Enter opens or, for a folder, browses. No native dialog: that needs a desktop portal
//! a bare X session lacks.

use crate::input::list::{self, ListView, Listed};
use crate::render::layout::ScreenLayout;
use crate::render::scene::Scene;
use std::path::{Path, PathBuf};

/// The file names the browser lists, by their extension (any case).
const PUZZLE_EXTENSIONS: [&str; 2] = ["txt", "in"];

/// One row of a folder's listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The folder above, first when there is one.
    Parent,
    /// A folder in it, by name.
    Folder(String),
    /// A puzzle file in it, by name.
    File(String),
}

/// A key as the browser sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key<'a> {
    /// Printable text: the filter, or a path.
    Text(&'a str),
    /// Removes the last character typed, or with nothing typed goes up a folder.
    Backspace,
    /// Opens the chosen row, or the path typed.
    Enter,
    /// Closes the browser.
    Escape,
    /// Chooses the row this many rows down (up when negative).
    Step(isize),
}

/// What a key did to the browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Browsed {
    /// Still browsing.
    Browsing,
    /// Open this file.
    Open(PathBuf),
    /// Closed with nothing opened.
    Cancelled,
}

/// The open browser.
#[derive(Clone, Debug)]
pub struct Browser {
    folder: PathBuf,
    home: Option<PathBuf>,
    /// The folder's listing: the parent, the folders, then the files, each by name.
    entries: Vec<Entry>,
    /// The entries the filter keeps, by index.
    kept: Vec<usize>,
    typed: String,
    view: ListView,
    /// Why the folder could not be read, if it could not.
    trouble: Option<String>,
    /// Rows that show at once, for scrolling.
    shown: usize,
}

impl Browser {
    /// The browser on `folder`, `~` standing for `home`, `shown` rows showing at once.
    pub fn at(folder: &Path, home: Option<PathBuf>, shown: usize) -> Browser {
        let mut browser = Browser {
            folder: PathBuf::new(),
            home,
            entries: Vec::new(),
            kept: Vec::new(),
            typed: String::new(),
            view: ListView::default(),
            trouble: None,
            shown,
        };
        browser.enter(folder.to_path_buf());
        browser
    }

    /// The folder listed.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The entry on `row` of the rows the filter keeps.
    pub fn entry(&self, row: usize) -> Option<&Entry> {
        self.kept.get(row).map(|&i| &self.entries[i])
    }

    /// Applies `key`.
    pub fn key(&mut self, key: Key<'_>) -> Browsed {
        match key {
            Key::Text(text) => {
                self.typed.extend(text.chars().filter(|c| !c.is_control()));
                self.refilter();
            }
            Key::Backspace if self.typed.is_empty() => self.up(),
            Key::Backspace => {
                self.typed.pop();
                self.refilter();
            }
            Key::Enter if self.typed_path() => {
                let typed = std::mem::take(&mut self.typed);
                let path = self.expand(&typed);
                if !path.is_dir() {
                    self.refilter();
                    return Browsed::Open(path);
                }
                self.enter(path);
            }
            Key::Enter => return self.choose(self.view.selected()),
            Key::Escape => return Browsed::Cancelled,
            Key::Step(by) => self.view.step(by, self.rows(), self.shown),
        }
        Browsed::Browsing
    }

    /// Opens `row`: a file is opened, a folder listed.
    pub fn choose(&mut self, row: usize) -> Browsed {
        match self.entry(row).cloned() {
            Some(Entry::File(name)) => return Browsed::Open(self.folder.join(name)),
            Some(Entry::Folder(name)) => self.enter(self.folder.join(name)),
            Some(Entry::Parent) => self.up(),
            None => {}
        }
        Browsed::Browsing
    }

    /// Whether the text typed is a path rather than a filter.
    fn typed_path(&self) -> bool {
        self.typed.contains('/') || self.typed.starts_with('~')
    }

    /// `text` as a path: `~` the home folder, relative to the folder listed.
    fn expand(&self, text: &str) -> PathBuf {
        let text = text.trim();
        let home = self.home.as_deref();
        let path = match (text.strip_prefix('~'), home) {
            (Some(""), Some(home)) => home.to_path_buf(),
            (Some(rest), Some(home)) if rest.starts_with('/') => home.join(&rest[1..]),
            _ => PathBuf::from(text),
        };
        self.folder.join(path)
    }

    fn up(&mut self) {
        if let Some(parent) = self.folder.parent() {
            self.enter(parent.to_path_buf());
        }
    }

    /// Lists `folder`, nothing typed, on its first row.
    fn enter(&mut self, folder: PathBuf) {
        self.folder = std::fs::canonicalize(&folder).unwrap_or(folder);
        self.typed.clear();
        self.entries = self
            .folder
            .parent()
            .map(|_| Entry::Parent)
            .into_iter()
            .collect();
        self.trouble = None;
        match std::fs::read_dir(&self.folder) {
            Ok(read) => {
                let mut folders = Vec::new();
                let mut files = Vec::new();
                for entry in read.flatten() {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    if name.starts_with('.') {
                        continue;
                    }
                    let path = entry.path();
                    if path.is_dir() {
                        folders.push(name);
                    } else if is_puzzle_file(&path) {
                        files.push(name);
                    }
                }
                let by_name = |a: &String, b: &String| a.to_lowercase().cmp(&b.to_lowercase());
                folders.sort_by(by_name);
                files.sort_by(by_name);
                self.entries.extend(folders.into_iter().map(Entry::Folder));
                self.entries.extend(files.into_iter().map(Entry::File));
            }
            Err(e) => self.trouble = Some(e.to_string()),
        }
        self.refilter();
    }

    /// Keeps the entries whose names hold the filter (any case); a path typed keeps them all.
    fn refilter(&mut self) {
        let filter = self.typed.to_lowercase();
        let keeps = |entry: &Entry| match entry {
            _ if filter.is_empty() || self.typed_path() => true,
            Entry::Parent => false,
            Entry::Folder(name) | Entry::File(name) => name.to_lowercase().contains(&filter),
        };
        self.kept = (0..self.entries.len())
            .filter(|&i| keeps(&self.entries[i]))
            .collect();
        self.view = ListView::new(self.kept.len(), 0, self.shown);
    }

    /// The title over the list: the folder.
    fn title(&self) -> String {
        format!("Open a puzzle: {}", self.folder.display())
    }

    /// The line under the title: what typing does, or what was typed.
    fn note(&self) -> String {
        if let Some(trouble) = &self.trouble {
            return format!("Cannot read this folder: {trouble}   ·   Backspace: up");
        }
        match (self.typed.is_empty(), self.typed_path()) {
            (true, _) => "↑ ↓ Enter or click   ·   Backspace: up   ·   type to filter, or a path   ·   Esc closes".to_string(),
            (false, true) => format!("Path: {}▏   (Enter opens)", self.typed),
            (false, false) => format!("Filter: {}▏   ({} of {})", self.typed, self.kept.len(), self.entries.len()),
        }
    }
}

/// Whether `path` names a file of a kind the player opens.
fn is_puzzle_file(path: &Path) -> bool {
    (path.extension().and_then(|e| e.to_str()))
        .is_some_and(|e| PUZZLE_EXTENSIONS.iter().any(|p| e.eq_ignore_ascii_case(p)))
        && path.is_file()
}

impl Listed for Browser {
    fn view(&self) -> ListView {
        self.view
    }

    fn view_mut(&mut self) -> &mut ListView {
        &mut self.view
    }

    fn rows(&self) -> usize {
        self.kept.len()
    }

    fn text(&self, row: usize) -> String {
        match self.entry(row) {
            Some(Entry::Parent) => "../".to_string(),
            Some(Entry::Folder(name)) => format!("{name}/"),
            Some(Entry::File(name)) => name.clone(),
            None => String::new(),
        }
    }
}

/// Draws the browser over the frame in `scene`.
pub fn draw(scene: &mut Scene, browser: &Browser, layout: &ScreenLayout) {
    list::draw(scene, browser, layout, &browser.title(), &browser.note());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Folder;

    /// A folder of the test's own holding `puzzles/` with two puzzle files, a note, a hidden
    /// file and a subfolder.
    fn folder(name: &str) -> Folder {
        let dir = Folder::new(&format!("browser-{name}"));
        std::fs::create_dir_all(dir.0.join("puzzles/more")).unwrap();
        for file in ["b.txt", "A.in", "notes.md", ".hidden.txt"] {
            std::fs::write(dir.0.join("puzzles").join(file), "2 2\n1 2\n3 0\n0\n").unwrap();
        }
        dir
    }

    fn texts(browser: &Browser) -> Vec<String> {
        (0..browser.rows()).map(|row| browser.text(row)).collect()
    }

    #[test]
    fn a_folder_lists_its_parent_folders_then_puzzle_files_and_typing_filters_them() {
        let dir = folder("list");
        let mut browser = Browser::at(&dir.0.join("puzzles"), None, 10);
        assert_eq!(texts(&browser), ["../", "more/", "A.in", "b.txt"]);
        browser.key(Key::Text("B"));
        assert_eq!(texts(&browser), ["b.txt"], "any case, and no parent row");
        assert_eq!(
            browser.key(Key::Enter),
            Browsed::Open(dir.0.join("puzzles/b.txt"))
        );
        browser.key(Key::Backspace);
        assert_eq!(texts(&browser).len(), 4, "the filter undone");
        // Down to the folder, Enter lists it; Backspace with nothing typed goes back up.
        browser.key(Key::Step(1));
        assert_eq!(browser.key(Key::Enter), Browsed::Browsing);
        assert_eq!(browser.folder(), dir.0.join("puzzles/more"));
        assert_eq!(texts(&browser), ["../"]);
        browser.key(Key::Backspace);
        assert_eq!(browser.folder(), dir.0.join("puzzles"));
        assert_eq!(browser.key(Key::Escape), Browsed::Cancelled);
    }

    #[test]
    fn a_typed_path_opens_with_the_home_folder_for_a_tilde_and_a_folder_is_browsed() {
        let dir = folder("path");
        let mut browser = Browser::at(&dir.0, Some(dir.0.join("puzzles")), 10);
        browser.key(Key::Text("~/b.txt"));
        assert_eq!(
            browser.key(Key::Enter),
            Browsed::Open(dir.0.join("puzzles/b.txt"))
        );
        browser.key(Key::Text("puzzles/more/"));
        assert_eq!(browser.key(Key::Enter), Browsed::Browsing);
        assert_eq!(browser.folder(), dir.0.join("puzzles/more"));
        browser.key(Key::Text("~"));
        browser.key(Key::Enter);
        assert_eq!(browser.folder(), dir.0.join("puzzles"), "~ alone is home");
        // A folder that cannot be read says why and lists only the way up.
        let mut gone = Browser::at(&dir.0.join("nothing here"), None, 10);
        assert_eq!(texts(&gone), ["../"]);
        assert!(
            gone.note().starts_with("Cannot read this folder"),
            "{}",
            gone.note()
        );
        gone.key(Key::Backspace);
        assert_eq!(gone.folder(), dir.0);
    }
}
