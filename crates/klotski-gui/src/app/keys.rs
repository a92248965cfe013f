//! The window's keys: what each key does, routed to the playback model, the file browser, the
//! level picker and the window.

use super::App;
use crate::input::action::Action;
use crate::input::browser;
use crate::input::overlay::Overlay;
use crate::input::picker::{ROWS, Sheet};
use crate::render::zoom::Zoom;
use klotski_core::engine::geometry::Dir;
use winit::event::{ElementState, KeyEvent};
use winit::event_loop::ActiveEventLoop;
use winit::keyboard::{Key, NamedKey};

impl App {
    /// A key pressed or let go: the browser and the picker, while open, take every key.
    pub(super) fn key(&mut self, event_loop: &ActiveEventLoop, event: &KeyEvent) {
        if self.overlay.takes_keys() {
            if event.state == ElementState::Pressed {
                match self.overlay {
                    Overlay::Browser(_) => self.browser_key(event),
                    Overlay::Resume(_) => self.resume_key(event),
                    Overlay::Editor(_) => self.editor_key(event),
                    _ => self.picker_key(event),
                }
            }
            return;
        }
        let pressed = event.state == ElementState::Pressed;
        let ctrl = self.modifiers.control_key();
        if let Key::Character(c) = event.logical_key.as_ref()
            && c.eq_ignore_ascii_case("g")
        {
            // G shows the goal while held, from the board or over the help.
            if pressed && self.playback.has_goal_view() {
                self.overlay = Overlay::Goal;
            } else if !pressed && self.overlay.is_goal() {
                self.overlay = Overlay::Board;
            }
            self.redraw();
            return;
        }
        if !pressed {
            return;
        }
        let letter = |key: &str| match event.logical_key.as_ref() {
            Key::Character(c) => c.eq_ignore_ascii_case(key),
            _ => false,
        };
        if self.overlay.is_help()
            && matches!(event.logical_key.as_ref(), Key::Named(NamedKey::Escape))
        {
            self.overlay = Overlay::Board;
            self.redraw();
            return;
        }
        match event.logical_key.as_ref() {
            Key::Named(NamedKey::F1) | Key::Character("?") => {
                self.overlay = match self.overlay.is_help() {
                    true => Overlay::Board,
                    false => Overlay::Help,
                };
                self.redraw();
            }
            Key::Named(NamedKey::ArrowLeft) => self.slide_into_blank(Dir::Left),
            Key::Named(NamedKey::ArrowRight) => self.slide_into_blank(Dir::Right),
            Key::Named(NamedKey::ArrowUp) => self.slide_into_blank(Dir::Up),
            Key::Named(NamedKey::ArrowDown) => self.slide_into_blank(Dir::Down),
            Key::Named(NamedKey::Space | NamedKey::PageDown) | Key::Character(".") => {
                self.act(Action::Next);
            }
            Key::Named(NamedKey::PageUp) | Key::Character(",") => self.act(Action::Previous),
            Key::Named(NamedKey::Home) => self.act(Action::Restart),
            Key::Named(NamedKey::End) => self.seek(self.playback.total()),
            Key::Named(NamedKey::Enter) => self.act(Action::Solve),
            // Esc closes what covers the board, never the game: Q or the window's close does.
            Key::Named(NamedKey::Escape) => {}
            Key::Named(NamedKey::F12) => self.take_screenshot(),
            Key::Character("+" | "=") if ctrl => self.zoom_middle(Zoom::STEP),
            Key::Character("-" | "_") if ctrl => self.zoom_middle(1.0 / Zoom::STEP),
            Key::Character("0") => self.fit_board(),
            Key::Character("+" | "=") => {
                self.playback.change_speed(true, self.now());
                self.redraw();
            }
            Key::Character("-" | "_") => {
                self.playback.change_speed(false, self.now());
                self.redraw();
            }
            _ if letter("s") && ctrl => self.take_screenshot(),
            _ if letter("c") && ctrl => self.copy_id(),
            _ if letter("v") && ctrl => self.paste_id(),
            _ if letter("i") => self.show_id(),
            _ if letter("e") => self.toggle_editor(),
            _ if letter("z") && ctrl || letter("u") => self.act(Action::Previous),
            _ if letter("y") && ctrl || letter("r") => self.act(Action::Next),
            _ if letter("p") => self.act(Action::PlayPause),
            _ if letter("h") => self.act(Action::Hint),
            _ if letter("c") && !ctrl => {
                self.playback.toggle_count();
                self.redraw();
            }
            _ if letter("q") => {
                self.keep_game();
                event_loop.exit();
            }
            _ if letter("o") => self.open_browser(),
            _ if letter("n") => self.new_puzzle(),
            _ if letter("l") => self.toggle_picker(),
            Key::Character("]") => self.next_level(true),
            Key::Character("[") => self.next_level(false),
            _ if letter("w") => self.slide_into_blank(Dir::Up),
            _ if letter("a") => self.slide_into_blank(Dir::Left),
            _ if letter("s") => self.slide_into_blank(Dir::Down),
            _ if letter("d") => self.slide_into_blank(Dir::Right),
            _ => {}
        }
    }

    /// A key while the level picker is open: arrows, W and S, Page Up and Down, Home and End
    /// move through it, Enter opens the row chosen, Esc and L close it.
    fn picker_key(&mut self, event: &KeyEvent) {
        let (Some(layout), Overlay::Picker(picker)) = (&self.layout, &mut self.overlay) else {
            return;
        };
        let shown = Sheet::new(layout).shown;
        let page = shown as isize;
        let letter = |key: &str| match event.logical_key.as_ref() {
            Key::Character(c) => c.eq_ignore_ascii_case(key),
            _ => false,
        };
        match event.logical_key.as_ref() {
            Key::Named(NamedKey::ArrowUp) => picker.step(-1, shown),
            Key::Named(NamedKey::ArrowDown) => picker.step(1, shown),
            Key::Named(NamedKey::PageUp) => picker.step(-page, shown),
            Key::Named(NamedKey::PageDown) => picker.step(page, shown),
            Key::Named(NamedKey::Home) => picker.select(0, shown),
            Key::Named(NamedKey::End) => picker.select(ROWS - 1, shown),
            Key::Named(NamedKey::Enter) => return self.choose(),
            Key::Named(NamedKey::Escape) => return self.toggle_picker(),
            _ if letter("w") => picker.step(-1, shown),
            _ if letter("s") => picker.step(1, shown),
            _ if letter("l") => return self.toggle_picker(),
            _ => return,
        }
        self.redraw();
    }

    /// A key pressed while a kept game is offered: Enter or R takes it up, Esc or N starts
    /// again (and forgets it); other keys wait for the answer.
    fn resume_key(&mut self, event: &KeyEvent) {
        let letter = |key: &str| match event.logical_key.as_ref() {
            Key::Character(c) => c.eq_ignore_ascii_case(key),
            _ => false,
        };
        match event.logical_key.as_ref() {
            Key::Named(NamedKey::Enter) => self.answer_resume(true),
            Key::Named(NamedKey::Escape) => self.answer_resume(false),
            _ if letter("r") => self.answer_resume(true),
            _ if letter("n") => self.answer_resume(false),
            _ => {}
        }
    }

    /// A key pressed while the browser is open: the arrows and Page Up and Down move through
    /// it, typing filters or types a path, Backspace edits it or goes up a folder, Enter opens,
    /// Esc closes.
    fn browser_key(&mut self, event: &KeyEvent) {
        let page = self.layout.as_ref().map_or(1, |l| Sheet::new(l).shown) as isize;
        let key = match event.logical_key.as_ref() {
            Key::Named(NamedKey::Enter) => browser::Key::Enter,
            Key::Named(NamedKey::Escape) => browser::Key::Escape,
            Key::Named(NamedKey::Backspace) => browser::Key::Backspace,
            Key::Named(NamedKey::ArrowUp) => browser::Key::Step(-1),
            Key::Named(NamedKey::ArrowDown) => browser::Key::Step(1),
            Key::Named(NamedKey::PageUp) => browser::Key::Step(-page),
            Key::Named(NamedKey::PageDown) => browser::Key::Step(page),
            _ => browser::Key::Text(event.text.as_deref().unwrap_or("")),
        };
        let Overlay::Browser(browser) = &mut self.overlay else {
            return;
        };
        let browsed = browser.key(key);
        self.browsed(browsed);
    }
}
