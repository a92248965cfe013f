//! The window (`klotski gui`): `App` routes winit events to the playback model, the pointer,
//! the solver thread and the screen, and asks for frames only while something moves.

use crate::action::Action;
use crate::controls::Pointer;
use crate::error::GuiError;
use crate::events::SolverEvent;
use crate::layout::ScreenLayout;
use crate::levels;
use crate::open;
use crate::options::FrameSize;
use crate::playback::{Order, Playback};
use crate::prompt::{self, Prompt, Typed};
use crate::scene;
use crate::scores::{self, Scores};
use crate::screen::Screen;
use crate::show::{Show, SolveFrom};
use crate::slider;
use crate::solver_thread::Solver;
use crate::touch::{self, CLICK_SLACK};
use klotski_core::engine::geometry::Dir;
use klotski_core::engine::puzzle::Move;
use klotski_core::solve::Options;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, KeyEvent, MouseButton, StartCause, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{Key, ModifiersState, NamedKey};
use winit::window::{Window, WindowId};

/// The smallest inner size the window takes, logical pixels.
const MIN_SIZE: (u32, u32) = (520, 400);

/// How the window plays.
#[derive(Clone, Copy, Debug)]
pub struct WindowOptions {
    /// Length of one slide.
    pub tween: Duration,
    /// Inner size of the window at start, logical pixels.
    pub size: FrameSize,
}

/// Opens the window on `show`, starts its solve on the solver thread and plays until the
/// window is closed; puzzles opened later are solved under `options`. A puzzle solved by hand
/// has its best score kept in `scores`.
pub fn run(
    show: Show,
    options: WindowOptions,
    solve: Options,
    scores: Scores,
) -> Result<(), GuiError> {
    let event_loop = EventLoop::new().map_err(GuiError::window)?;
    event_loop.set_control_flow(ControlFlow::Wait);
    let proxy = event_loop.create_proxy();
    let solver = Solver::new(move || {
        // The loop may already be gone when the window was closed early.
        let _ = proxy.send_event(());
    });
    let mut app = App {
        playback: Playback::new(show.puzzle.clone(), options.tween),
        pointer: Pointer::default(),
        grab: None,
        solver,
        events: mpsc::channel().1,
        solve_from: show.solve_from.clone(),
        solve,
        prompt: None,
        modifiers: ModifiersState::empty(),
        screen: None,
        layout: None,
        epoch: Instant::now(),
        options,
        failure: None,
        scores,
        scored: false,
        title: String::new(),
        level: None,
    };
    app.load(show);
    event_loop.run_app(&mut app).map_err(GuiError::window)?;
    app.solver.stop();
    app.failure.map_or(Ok(()), Err)
}

/// What the pointer holds down on the board or the slider.
#[derive(Clone, Copy, Debug)]
enum Grab {
    /// A piece, pressed at `anchor` when the line stood at `step`; it can slide `reach` cells
    /// each way ([`touch::reach`]); `dragged` once the pointer went past a click's slack.
    Piece {
        piece: usize,
        anchor: (f32, f32),
        step: usize,
        reach: [usize; 4],
        dragged: bool,
    },
    /// The slider's knob.
    Slider,
}

/// The application: owns the model, the pointer, the solver and the screen, and routes events
/// between them.
struct App {
    playback: Playback,
    pointer: Pointer,
    grab: Option<Grab>,
    solver: Solver,
    events: Receiver<SolverEvent>,
    solve_from: SolveFrom,
    solve: Options,
    prompt: Option<Prompt>,
    modifiers: ModifiersState,
    screen: Option<Screen>,
    layout: Option<ScreenLayout>,
    epoch: Instant,
    options: WindowOptions,
    failure: Option<GuiError>,
    /// The person's best scores, kept between runs.
    scores: Scores,
    /// Whether this game's solve by hand has been kept.
    scored: bool,
    /// The window's title: the program and the puzzle's name.
    title: String,
    /// The level played, if the puzzle is one ([`levels::LEVELS`]).
    level: Option<usize>,
}

impl App {
    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    fn redraw(&self) {
        if let Some(screen) = &self.screen {
            screen.window.request_redraw();
        }
    }

    /// Plays `show` from its start, cancelling the solve of the puzzle before.
    fn load(&mut self, show: Show) {
        self.level = None;
        self.title = show.title();
        if let Some(screen) = &self.screen {
            screen.window.set_title(&self.title);
        }
        self.events = self.solver.restart(&show.solve_from, show.puzzle.start());
        let marks = show.marks();
        self.solve_from = show.solve_from;
        let speed = self.playback.speed();
        let best = self.scores.best(&scores::key(&show.puzzle));
        self.scored = false;
        self.playback = Playback::new(show.puzzle, self.options.tween)
            .with_marks(marks)
            .with_goal(show.problem)
            .with_best(best);
        while self.playback.speed() != speed {
            let faster = self.playback.speed().per_second() < speed.per_second();
            self.playback.change_speed(faster, Duration::ZERO);
        }
        self.grab = None;
        self.relayout();
        self.redraw();
    }

    /// Opens the puzzle file at `path`; a bad one leaves the board and tells why.
    fn open(&mut self, path: &Path) {
        match open::open(path, &self.solve) {
            Ok(show) => self.load(show),
            Err(message) => {
                self.playback.tell(message);
                self.redraw();
            }
        }
    }

    /// Hands the solver thread what the model asked of it.
    fn follow_orders(&mut self) {
        match self.playback.take_order() {
            Some(Order::Start(origins)) => {
                self.events = self.solver.restart(&self.solve_from, &origins);
            }
            Some(Order::Stop) => {
                self.solver.stop();
                self.events = mpsc::channel().1;
            }
            None => {}
        }
    }

    fn relayout(&mut self) {
        if let Some(screen) = &self.screen {
            let (width, height) = screen.size();
            let board = self.playback.puzzle().board();
            self.layout = Some(ScreenLayout::new(
                width,
                height,
                screen.window.scale_factor(),
                board.rows(),
                board.cols(),
            ));
        }
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, error: GuiError) {
        self.failure = Some(error);
        event_loop.exit();
    }

    fn act(&mut self, action: Action) {
        if self.playback.can(action) {
            self.playback.act(action, self.now());
            self.follow_orders();
            // Redoing one's own last move can solve the board by hand too.
            self.keep_score();
        }
        self.redraw();
    }

    fn seek(&mut self, step: usize) {
        self.playback.seek(step, self.now());
        self.redraw();
    }

    fn play(&mut self, mv: Move) {
        self.playback.play(mv, self.now());
        self.follow_orders();
        self.keep_score();
        self.redraw();
    }

    /// Keeps the person's score once they solved the board by hand (the first time a game).
    fn keep_score(&mut self) {
        if !self.playback.won() || self.scored {
            return;
        }
        self.scored = true;
        let (hand, _, _) = self.playback.score();
        let key = scores::key(self.playback.puzzle());
        if let Err(e) = self.scores.record(&key, hand) {
            let _ = writeln!(
                std::io::stderr(),
                "klotski: the best score was not kept: {e}"
            );
        }
    }

    fn key(&mut self, event_loop: &ActiveEventLoop, event: &KeyEvent) {
        if let Some(prompt) = &mut self.prompt {
            if event.state == ElementState::Pressed {
                let key = match event.logical_key.as_ref() {
                    Key::Named(NamedKey::Enter) => prompt::Key::Enter,
                    Key::Named(NamedKey::Escape) => prompt::Key::Escape,
                    Key::Named(NamedKey::Backspace) => prompt::Key::Backspace,
                    _ => prompt::Key::Text(event.text.as_deref().unwrap_or("")),
                };
                match prompt.key(key) {
                    Typed::Editing => self.playback.tell(prompt.line()),
                    Typed::Done(path) => {
                        self.prompt = None;
                        self.playback.tell(String::new());
                        self.open(Path::new(path.trim()));
                    }
                    Typed::Cancelled => {
                        self.prompt = None;
                        self.playback.act(Action::Restart, self.now());
                        self.playback.tell(String::new());
                    }
                }
                self.redraw();
            }
            return;
        }
        let pressed = event.state == ElementState::Pressed;
        let ctrl = self.modifiers.control_key();
        if let Key::Character(c) = event.logical_key.as_ref()
            && c.eq_ignore_ascii_case("g")
        {
            self.playback.show_goal(pressed);
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
        if self.playback.help_shown()
            && matches!(event.logical_key.as_ref(), Key::Named(NamedKey::Escape))
        {
            self.playback.toggle_help();
            self.redraw();
            return;
        }
        match event.logical_key.as_ref() {
            Key::Named(NamedKey::F1) | Key::Character("?") => {
                self.playback.toggle_help();
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
            Key::Named(NamedKey::Escape) => event_loop.exit(),
            Key::Named(NamedKey::F12) => self.take_screenshot(),
            Key::Character("+" | "=") => {
                self.playback.change_speed(true, self.now());
                self.redraw();
            }
            Key::Character("-" | "_") => {
                self.playback.change_speed(false, self.now());
                self.redraw();
            }
            _ if letter("s") && ctrl => self.take_screenshot(),
            _ if letter("z") && ctrl || letter("u") => self.act(Action::Previous),
            _ if letter("y") && ctrl || letter("r") => self.act(Action::Next),
            _ if letter("p") => self.act(Action::PlayPause),
            _ if letter("h") => self.act(Action::Hint),
            _ if letter("q") => event_loop.exit(),
            _ if letter("o") => {
                let prompt = Prompt::default();
                self.playback.tell(prompt.line());
                self.prompt = Some(prompt);
                self.redraw();
            }
            _ if letter("n") => self.new_puzzle(),
            Key::Character("]") => self.next_level(true),
            Key::Character("[") => self.next_level(false),
            _ if letter("w") => self.slide_into_blank(Dir::Up),
            _ if letter("a") => self.slide_into_blank(Dir::Left),
            _ if letter("s") => self.slide_into_blank(Dir::Down),
            _ if letter("d") => self.slide_into_blank(Dir::Right),
            _ => {}
        }
    }

    /// Writes a screenshot and says where on the status line (or why it failed).
    fn take_screenshot(&mut self) {
        let said = match self.screenshot() {
            Ok(Some(path)) => format!("Screenshot saved to {}", path.display()),
            Ok(None) => return,
            Err(e) => format!("error: screenshot failed: {e}"),
        };
        // stderr may be gone: the status line still says it.
        let _ = writeln!(std::io::stderr(), "klotski: {said}");
        self.playback.tell(said);
        self.redraw();
    }

    /// A new random puzzle of this size from the generator (Numeric Klotski only).
    /// Opens the level after (or, `forward` false, before) the one played, or the first (last)
    /// when the puzzle played is no level.
    fn next_level(&mut self, forward: bool) {
        let index = levels::step(self.level, forward);
        self.load(levels::show(index, &self.solve));
        self.level = Some(index);
    }

    fn new_puzzle(&mut self) {
        if self.playback.marks().master.is_some() {
            self.playback
                .tell("N makes Numeric Klotski puzzles; open a brick puzzle with O".into());
            self.redraw();
            return;
        }
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        match open::random_like(self.playback.puzzle(), seed, &self.solve) {
            Ok(show) => self.load(show),
            Err(message) => {
                self.playback.tell(message);
                self.redraw();
            }
        }
    }

    fn press(&mut self) {
        let Some(layout) = &self.layout else { return };
        self.pointer.press(layout);
        let Some((x, y)) = self.pointer.at() else {
            return;
        };
        if self.pointer.over(layout).is_some() {
            return;
        }
        if layout.on_slider(x, y) {
            self.grab = Some(Grab::Slider);
            let step = slider::step_at(layout.slider, self.playback.total(), x);
            self.seek(step);
            return;
        }
        let playback = &self.playback;
        let (puzzle, position) = (playback.puzzle(), playback.position());
        self.grab = touch::piece_at(layout, puzzle, position, x, y).map(|piece| Grab::Piece {
            piece,
            anchor: (x, y),
            step: playback.step(),
            reach: touch::reach(puzzle, position, piece),
            dragged: false,
        });
    }

    fn drag(&mut self, x: f32, y: f32) {
        let Some(layout) = &self.layout else { return };
        match self.grab {
            Some(Grab::Slider) => {
                let step = slider::step_at(layout.slider, self.playback.total(), x);
                if step != self.playback.step() {
                    self.seek(step);
                }
            }
            Some(Grab::Piece {
                piece,
                anchor,
                step,
                reach,
                dragged,
            }) => {
                // The piece follows the pointer within the cells it can reach; nothing is
                // played until it is let go, so a drag records only the cells it ends on.
                let moved = ((y - anchor.1) / layout.cell, (x - anchor.0) / layout.cell);
                let dragged = dragged || moved.0.abs().max(moved.1.abs()) > CLICK_SLACK;
                self.grab = Some(Grab::Piece {
                    piece,
                    anchor,
                    step,
                    reach,
                    dragged,
                });
                if dragged {
                    self.pointer.hold(piece, touch::held_offset(moved, reach));
                    self.redraw();
                }
            }
            None => {}
        }
    }

    fn release(&mut self) {
        let Some(layout) = self.layout.clone() else {
            return;
        };
        if let Some(action) = self.pointer.release(&layout) {
            self.act(action);
        }
        let held = self.pointer.held();
        self.pointer.let_go();
        if let (
            Some(Grab::Piece {
                piece,
                step,
                dragged,
                ..
            }),
            Some(at),
        ) = (self.grab.take(), self.pointer.at())
            && step == self.playback.step()
        {
            let now = self.now();
            if dragged {
                let offset = held.map_or((0.0, 0.0), |(_, offset)| offset);
                for mv in touch::settle(piece, offset) {
                    self.playback.play_dropped(mv, now);
                }
                self.follow_orders();
                self.keep_score();
            } else {
                let playback = &self.playback;
                let (puzzle, position) = (playback.puzzle(), playback.position());
                let slides = match touch::click_move(&layout, puzzle, position, piece, at) {
                    Some(mv) => vec![mv],
                    None => touch::line_slide(puzzle, position, piece),
                };
                if slides.is_empty() {
                    self.playback.refuse(piece, now);
                }
                for mv in slides {
                    self.play(mv);
                }
            }
        }
        self.grab = None;
        self.redraw();
    }

    /// An arrow key: the piece beside a blank slides into it that way, if one can.
    fn slide_into_blank(&mut self, dir: Dir) {
        let playback = &self.playback;
        if let Some(mv) = touch::key_move(playback.puzzle(), playback.position(), dir) {
            self.play(mv);
        }
    }

    /// Writes the frame shown now to the first free `klotski-shot-N.png` in the working folder;
    /// where it went, or `None` before the window has a screen.
    fn screenshot(&mut self) -> Result<Option<PathBuf>, GuiError> {
        let now = self.now();
        let (Some(screen), Some(layout)) = (&mut self.screen, &self.layout) else {
            return Ok(None);
        };
        let scene = scene::build(&self.playback, &self.pointer, layout, now);
        let image = screen.capture(&scene)?;
        let path = (1..)
            .map(|n| PathBuf::from(format!("klotski-shot-{n}.png")))
            .find(|p| !p.exists())
            .expect("some file name is free");
        image.write_png(&path)?;
        Ok(Some(path))
    }

    fn draw(&mut self, event_loop: &ActiveEventLoop) {
        let now = self.now();
        self.playback.tick(now);
        let (Some(screen), Some(layout)) = (&mut self.screen, &self.layout) else {
            return;
        };
        let size = screen.window.inner_size();
        if size.width == 0 || size.height == 0 {
            return; // minimised: nothing to see
        }
        let scene = scene::build(&self.playback, &self.pointer, layout, now);
        match screen.draw(&scene) {
            Ok(shown) => {
                if !shown || self.playback.moving(now) {
                    screen.window.request_redraw();
                }
            }
            Err(e) => self.fail(event_loop, e),
        }
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.screen.is_some() {
            return;
        }
        let attributes = Window::default_attributes()
            .with_title(&self.title)
            .with_inner_size(LogicalSize::new(
                self.options.size.width,
                self.options.size.height,
            ))
            // Below this the buttons' captions and the header no longer fit.
            .with_min_inner_size(LogicalSize::new(MIN_SIZE.0, MIN_SIZE.1));
        let window = match event_loop.create_window(attributes) {
            Ok(window) => Arc::new(window),
            Err(e) => return self.fail(event_loop, GuiError::window(e)),
        };
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_with_display_handle_from_env(
                Box::new(event_loop.owned_display_handle()),
            ));
        match Screen::new(instance, window) {
            Ok(screen) => {
                self.screen = Some(screen);
                self.relayout();
                self.redraw();
            }
            Err(e) => self.fail(event_loop, e),
        }
    }

    fn new_events(&mut self, _event_loop: &ActiveEventLoop, cause: StartCause) {
        // The running clock: one frame a second, and none while it is stopped.
        if let StartCause::ResumeTimeReached { .. } = cause {
            self.redraw();
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        let flow = match self.playback.next_tick(self.now()) {
            Some(at) => ControlFlow::WaitUntil(self.epoch + at),
            None => ControlFlow::Wait,
        };
        event_loop.set_control_flow(flow);
    }

    fn user_event(&mut self, _event_loop: &ActiveEventLoop, (): ()) {
        for event in self.events.try_iter() {
            self.playback.receive(event);
        }
        self.redraw();
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => {
                if let Some(screen) = &mut self.screen {
                    screen.resize(size.width, size.height);
                }
                self.relayout();
                self.redraw();
            }
            WindowEvent::ScaleFactorChanged { .. } => {
                self.relayout();
                self.redraw();
            }
            WindowEvent::DroppedFile(path) => self.open(&path),
            WindowEvent::ModifiersChanged(modifiers) => self.modifiers = modifiers.state(),
            WindowEvent::CursorMoved { position, .. } => {
                let Some(layout) = &self.layout else { return };
                let before = self.pointer.over(layout);
                let (x, y) = (position.x as f32, position.y as f32);
                self.pointer.moved(x, y);
                if self.pointer.over(layout) != before {
                    self.redraw();
                }
                self.drag(x, y);
            }
            WindowEvent::CursorLeft { .. } => {
                // A carried piece goes back to its place.
                self.pointer.left();
                self.grab = None;
                self.redraw();
            }
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Left,
                ..
            } => match state {
                ElementState::Pressed => {
                    self.press();
                    self.redraw();
                }
                ElementState::Released => self.release(),
            },
            WindowEvent::KeyboardInput { event, .. } => self.key(event_loop, &event),
            WindowEvent::RedrawRequested => self.draw(event_loop),
            _ => {}
        }
    }
}
