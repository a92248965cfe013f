//! The editor in the window: E opens it on the Numeric Klotski puzzle played and closes it
//! again, its keys and drags edit the board, every edit is solved at once (the status line says
//! what the solve finds), and S saves the board as a puzzle file.

use super::App;
use crate::content::editor::Editor;
use crate::content::game::Game;
use crate::input::overlay::Overlay;
use crate::input::touch;
use klotski_core::engine::geometry::Shape;
use klotski_puzzles::id::PuzzleId;
use klotski_puzzles::numeric::NumericPuzzle;
use std::io::Write as _;
use std::path::PathBuf;
use winit::event::KeyEvent;
use winit::keyboard::{Key, NamedKey};

impl App {
    /// E: the editor on the puzzle played (Numeric Klotski only), or back to playing it.
    pub(super) fn toggle_editor(&mut self) {
        if matches!(self.overlay, Overlay::Editor(_)) {
            self.overlay = Overlay::Board;
        } else {
            match self.id.parse::<PuzzleId>() {
                Ok(PuzzleId::Numeric(numeric)) => {
                    // The editor edits the start: the game begins again there (a game in
                    // progress is kept for resume, as when any other puzzle opens).
                    let name = self
                        .title
                        .strip_prefix("klotski: ")
                        .unwrap_or("")
                        .to_string();
                    let game = Game::numeric(numeric.clone(), self.solve.clone());
                    self.load_under(game.named(name), Overlay::Editor(Editor::of(&numeric)));
                }
                _ => self
                    .playback
                    .tell("E edits Numeric Klotski puzzles; open or pick one first".into()),
            }
        }
        self.redraw();
    }

    /// A key while the editor is open: H, V and Q tie the tiles under the pointer into a 1x2,
    /// 2x1 or 2x2 block, U unties, B turns a tile into a blank or back, Shift and the arrows
    /// change the size, S saves, E or Esc go back to playing.
    pub(super) fn editor_key(&mut self, event: &KeyEvent) {
        let shift = self.modifiers.shift_key();
        let letter = |key: &str| match event.logical_key.as_ref() {
            Key::Character(c) => c.eq_ignore_ascii_case(key),
            _ => false,
        };
        let shape = |rows, cols| Shape { rows, cols };
        let Overlay::Editor(editor) = &self.overlay else {
            return;
        };
        let (rows, cols) = editor.size();
        let resize = |by: (isize, isize)| {
            let (r, c) = (
                rows.saturating_add_signed(by.0),
                cols.saturating_add_signed(by.1),
            );
            move |editor: &mut Editor, _: usize| editor.resize(r, c)
        };
        match event.logical_key.as_ref() {
            Key::Named(NamedKey::Escape) => self.toggle_editor(),
            Key::Named(NamedKey::ArrowRight) if shift => self.edit(resize((0, 1)), false),
            Key::Named(NamedKey::ArrowLeft) if shift => self.edit(resize((0, -1)), false),
            Key::Named(NamedKey::ArrowDown) if shift => self.edit(resize((1, 0)), false),
            Key::Named(NamedKey::ArrowUp) if shift => self.edit(resize((-1, 0)), false),
            _ if letter("e") => self.toggle_editor(),
            _ if letter("s") => self.save_edited(),
            _ if letter("h") => self.edit(|e, cell| e.tie(cell, shape(1, 2)), true),
            _ if letter("v") => self.edit(|e, cell| e.tie(cell, shape(2, 1)), true),
            _ if letter("q") => self.edit(|e, cell| e.tie(cell, shape(2, 2)), true),
            _ if letter("u") => self.edit(Editor::untie, true),
            _ if letter("b") => self.edit(Editor::toggle_blank, true),
            _ => {}
        }
    }

    /// The pointer pressed on the board while editing: the cell a swap begins on.
    pub(super) fn editor_press(&mut self) {
        let cell = self.cell_under_pointer();
        if let Overlay::Editor(editor) = &mut self.overlay {
            editor.pressed = cell;
        }
    }

    /// The pointer let go while editing: a drag from one cell to another swaps them.
    pub(super) fn editor_release(&mut self) {
        let to = self.cell_under_pointer();
        let Overlay::Editor(editor) = &mut self.overlay else {
            return;
        };
        if let (Some(from), Some(to)) = (editor.pressed.take(), to)
            && from != to
        {
            self.edit(move |editor, _| editor.swap(from, to), false);
        }
    }

    /// The cell under the pointer, if it is on the board.
    fn cell_under_pointer(&self) -> Option<usize> {
        let (layout, (x, y)) = (self.layout.as_ref()?, self.pointer.at()?);
        touch::cell_at(layout, self.playback.puzzle(), x, y)
    }

    /// Makes `change` to the board (at the cell under the pointer, which `at_pointer` edits
    /// need) and plays the board it makes, solved from its start; a refused edit is told and
    /// changes nothing.
    fn edit(
        &mut self,
        change: impl FnOnce(&mut Editor, usize) -> Result<NumericPuzzle, String>,
        at_pointer: bool,
    ) {
        let cell = self.cell_under_pointer();
        let Overlay::Editor(mut editor) = std::mem::take(&mut self.overlay) else {
            return;
        };
        let changed = match (cell, at_pointer) {
            (None, true) => Err("point at a tile of the board first".to_string()),
            (cell, _) => change(&mut editor, cell.unwrap_or(0)),
        };
        match changed {
            Ok(numeric) => {
                let (rows, cols) = editor.size();
                let game = Game::numeric(numeric, self.solve.clone());
                let name = format!("puzzle made in the editor, {rows}x{cols}");
                self.load_under(game.named(name), Overlay::Editor(editor));
            }
            Err(why) => {
                self.playback.tell(format!("error: {why}"));
                self.overlay = Overlay::Editor(editor);
                self.redraw();
            }
        }
    }

    /// S in the editor: the board as a puzzle file the terminal reads, `klotski-puzzle-N.txt`
    /// in the browser's folder (the first N free); the status line gives its whole path.
    fn save_edited(&mut self) {
        let Overlay::Editor(editor) = &self.overlay else {
            return;
        };
        let said = match editor.puzzle() {
            Ok(numeric) => match write_new(&self.browse_from, &numeric.to_string()) {
                Ok(path) => format!("Saved to {}", path.display()),
                Err(e) => format!("error: the puzzle was not saved: {e}"),
            },
            Err(why) => format!("error: {why}"),
        };
        self.playback.tell(said);
        self.redraw();
    }
}

/// Writes `text` to the first `klotski-puzzle-N.txt` that does not exist yet in `folder`;
/// returns its whole path.
fn write_new(folder: &std::path::Path, text: &str) -> std::io::Result<PathBuf> {
    for n in 1.. {
        let path = std::path::absolute(folder.join(format!("klotski-puzzle-{n}.txt")))?;
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => return file.write_all(text.as_bytes()).map(|()| path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    unreachable!("some N is free")
}
