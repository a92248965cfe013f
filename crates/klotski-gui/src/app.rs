//! The window (`klotski gui`): `App` routes winit events to the playback model, the pointer,
//! the solver thread and the screen, and asks for frames only while something moves.

use crate::content::game::{Game, SolveFrom};
use crate::content::levels;
use crate::content::open;
use crate::content::saved::Saves;
use crate::content::scores::{self, ScoreBook, Scores};
use crate::error::GuiError;
use crate::input::action::Action;
use crate::input::browser::{Browsed, Browser};
use crate::input::controls::Pointer;
use crate::input::overlay::Overlay;
use crate::input::picker::{Choice, Picker, Sheet};
use crate::model::events::SolverEvent;
use crate::model::playback::Playback;
use crate::model::solver_link::Order;
use crate::model::solver_thread::Solver;
use crate::options::FrameSize;
use crate::render::layout::ScreenLayout;
use crate::render::scene::{self, Scene};
use crate::render::screen::Screen;
use crate::render::zoom::Zoom;
use klotski_core::engine::puzzle::Move;
use klotski_core::solve::Options;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, MouseButton, StartCause, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::ModifiersState;
use winit::window::{Window, WindowId};

mod edit;
mod ids;
mod kept;
mod keys;
mod pointer;
mod view;

use pointer::Grab;

/// The smallest inner size the window takes, logical pixels.
const MIN_SIZE: (u32, u32) = (420, 320);

/// How the window plays.
#[derive(Clone, Debug)]
pub struct WindowOptions {
    /// Length of one slide.
    pub tween: Duration,
    /// Inner size of the window at start, logical pixels.
    pub size: FrameSize,
    /// Where the file browser (`O`) first opens: the working folder.
    pub folder: PathBuf,
    /// The folder `~` names in a path typed into the browser, if the user has one.
    pub home: Option<PathBuf>,
}

/// What the player keeps between runs: the best scores and the games in progress.
#[derive(Clone, Debug)]
pub struct Kept {
    /// The person's best scores.
    pub scores: Scores,
    /// Games left in progress, offered back when their puzzle opens again.
    pub saves: Saves,
}

/// Opens the window on `game` (none: the first level, the level picker open over it), starts
/// its solve on the solver thread and plays until the window is closed; puzzles opened later
/// are solved under `options`. A puzzle solved by hand has its best score kept, and a game
/// left in progress is kept for resume, as `keep` says.
pub fn run(
    game: Option<Game>,
    options: WindowOptions,
    solve: Options,
    keep: Kept,
) -> Result<(), GuiError> {
    let event_loop = EventLoop::new().map_err(GuiError::window)?;
    event_loop.set_control_flow(ControlFlow::Wait);
    let proxy = event_loop.create_proxy();
    let pick_a_level = game.is_none();
    let game = game.unwrap_or_else(|| levels::game(0, &solve));
    let solver = Solver::new(move || {
        // The loop may already be gone when the window was closed early.
        let _ = proxy.send_event(());
    });
    let mut app = App {
        playback: Playback::new(game.puzzle.clone(), options.tween),
        pointer: Pointer::default(),
        grab: None,
        solver,
        events: mpsc::channel().1,
        solve_from: game.solve_from.clone(),
        solve,
        modifiers: ModifiersState::empty(),
        screen: None,
        layout: None,
        epoch: Instant::now(),
        failure: None,
        book: ScoreBook::default(),
        scores: keep.scores,
        saves: keep.saves,
        resumed: false,
        id: String::new(),
        clipboard: None,
        scored: false,
        title: String::new(),
        level: None,
        overlay: Overlay::Board,
        level_keys: Vec::new(),
        browse_from: options.folder.clone(),
        options,
        zoom: Zoom::default(),
        panning: None,
    };
    let damage = app.read_scores();
    app.load(game);
    if pick_a_level {
        app.level = Some(0);
        app.toggle_picker();
    }
    if let Some(damage) = damage {
        app.tell_both(damage);
    }
    event_loop.run_app(&mut app).map_err(GuiError::window)?;
    app.solver.stop();
    app.failure.map_or(Ok(()), Err)
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
    modifiers: ModifiersState,
    screen: Option<Screen>,
    layout: Option<ScreenLayout>,
    epoch: Instant,
    options: WindowOptions,
    failure: Option<GuiError>,
    /// The person's best scores, kept between runs.
    scores: Scores,
    /// Games left in progress, kept between runs.
    saves: Saves,
    /// Whether the game played was taken up from one kept.
    resumed: bool,
    /// The ID of the puzzle played.
    id: String,
    /// The system clipboard, opened on first use; it stays open so that what was copied can
    /// still be pasted elsewhere (on X11 the copying window serves it).
    clipboard: Option<arboard::Clipboard>,
    /// The scores as last read or written.
    book: ScoreBook,
    /// Whether this game's solve by hand has been kept.
    scored: bool,
    /// The window's title: the program and the puzzle's name.
    title: String,
    /// The level played, if the puzzle is one ([`levels::LEVELS`]).
    level: Option<usize>,
    /// What covers the board, if anything: the help, the goal, the level picker or the file
    /// browser.
    overlay: Overlay,
    /// Each level's key in the scores file, worked out when the picker first opens.
    level_keys: Vec<String>,
    /// Where the browser opens next: the folder of the last file opened from it.
    browse_from: PathBuf,
    /// How much larger than fitting the board is drawn, and about which point.
    zoom: Zoom,
    /// While the right button drags the board: where the pointer was last.
    panning: Option<(f32, f32)>,
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

    /// Plays `game` from its start, cancelling the solve of the puzzle before; a game of it
    /// kept from before is offered.
    fn load(&mut self, game: Game) {
        self.load_under(game, Overlay::Board);
    }

    /// [`App::load`] with `overlay` over the board; only on the board itself is a kept game
    /// offered (the editor, say, makes the puzzle anew and wants no offer).
    fn load_under(&mut self, game: Game, overlay: Overlay) {
        self.keep_game();
        self.level = None;
        self.id = game.id.clone();
        self.title = game.title();
        if let Some(screen) = &self.screen {
            screen.window.set_title(&self.title);
        }
        self.events = self.solver.restart(&game.solve_from, game.puzzle.start());
        let marks = game.marks();
        self.solve_from = game.solve_from;
        let speed = self.playback.speed();
        let best = self.book.best(&scores::key(&game.puzzle, game.count));
        self.scored = false;
        self.playback = Playback::new(game.puzzle, self.options.tween)
            .with_marks(marks)
            .with_goal(game.problem)
            .with_count(game.count)
            .with_best(best);
        while self.playback.speed() != speed {
            let faster = self.playback.speed().per_second() < speed.per_second();
            self.playback.change_speed(faster, Duration::ZERO);
        }
        self.grab = None;
        self.zoom = Zoom::default();
        // The picker that chose it closed already.
        self.resumed = false;
        self.overlay = overlay;
        if matches!(self.overlay, Overlay::Board) {
            self.offer_kept_game();
        }
        self.relayout();
        self.redraw();
    }

    /// Opens the puzzle file at `path`; a bad one leaves the board and tells why.
    fn open(&mut self, path: &Path) {
        match open::open(path, &self.solve) {
            Ok(game) => self.load(game),
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

    fn fail(&mut self, event_loop: &ActiveEventLoop, error: GuiError) {
        self.failure = Some(error);
        event_loop.exit();
    }

    fn act(&mut self, action: Action) {
        if action == Action::Levels {
            return self.toggle_picker();
        }
        if self.playback.can(action) {
            self.playback.act(action, self.now());
            if action == Action::Restart {
                // A new game: a solve by hand is kept again.
                self.scored = false;
            }
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

    /// Says `message` on the status line and on stderr (which may be gone: the status line
    /// still says it).
    fn tell_both(&mut self, message: String) {
        let _ = writeln!(std::io::stderr(), "klotski: {message}");
        self.playback.tell(message);
        self.redraw();
    }

    /// Writes a screenshot and says where on the status line (or why it failed).
    fn take_screenshot(&mut self) {
        let said = match self.screenshot() {
            Ok(Some(path)) => format!("Screenshot saved to {}", path.display()),
            Ok(None) => return,
            Err(e) => format!("error: screenshot failed: {e}"),
        };
        self.tell_both(said);
    }

    /// Opens the level after (or, `forward` false, before) the one played, or the first (last)
    /// when the puzzle played is no level.
    fn next_level(&mut self, forward: bool) {
        self.open_level(levels::step(self.level, forward));
    }

    fn open_level(&mut self, index: usize) {
        self.load(levels::game(index, &self.solve));
        self.level = Some(index);
    }

    /// Opens the level picker on the level played, with the best scores kept now; or closes it.
    fn toggle_picker(&mut self) {
        if matches!(self.overlay, Overlay::Picker(_)) {
            self.overlay = Overlay::Board;
        } else {
            if self.level_keys.is_empty() {
                self.level_keys = (0..levels::LEVELS.len())
                    .map(|i| {
                        let game = levels::game(i, &self.solve);
                        scores::key(&game.puzzle, game.count)
                    })
                    .collect();
            }
            let bests = self.level_keys.iter().map(|key| self.book.best(key));
            let shown = self
                .layout
                .as_ref()
                .map_or(1, |layout| Sheet::new(layout).shown);
            self.overlay = Overlay::Picker(Picker::new(bests.collect(), self.level, shown));
        }
        self.redraw();
    }

    /// Opens the file browser on the folder it last opened a file from.
    fn open_browser(&mut self) {
        let shown = self.layout.as_ref().map_or(1, |l| Sheet::new(l).shown);
        let browser = Browser::at(&self.browse_from, self.options.home.clone(), shown);
        self.overlay = Overlay::Browser(browser);
        self.redraw();
    }

    /// What the browser made of a key or a click: a file to open closes it.
    fn browsed(&mut self, browsed: Browsed) {
        match browsed {
            Browsed::Browsing => {}
            Browsed::Open(path) => {
                self.overlay = Overlay::Board;
                if let Some(folder) = path.parent() {
                    self.browse_from = folder.to_path_buf();
                }
                self.open(&path);
            }
            Browsed::Cancelled => self.overlay = Overlay::Board,
        }
        self.redraw();
    }

    /// Opens what the picker's chosen row holds, and closes the picker.
    fn choose(&mut self) {
        let Overlay::Picker(picker) = std::mem::take(&mut self.overlay) else {
            return;
        };
        match picker.choice() {
            Choice::Level(index) => self.open_level(index),
            Choice::Random(kind, difficulty) => match kind.game(difficulty, seed(), &self.solve) {
                Ok(game) => self.load(game),
                Err(message) => self.playback.tell(message),
            },
        }
        self.redraw();
    }

    /// A new random puzzle of this size from the generator (Numeric Klotski only).
    fn new_puzzle(&mut self) {
        if self.playback.marks().master.is_some() {
            self.playback
                .tell("N makes Numeric Klotski puzzles; open a brick puzzle with O".into());
            self.redraw();
            return;
        }
        match open::random_like(self.playback.puzzle(), seed(), &self.solve) {
            Ok(game) => self.load(game),
            Err(message) => {
                self.playback.tell(message);
                self.redraw();
            }
        }
    }

    /// The frame shown at `now`: the board and its controls, and what covers them; `None`
    /// before the window has a layout.
    fn scene(&self, now: Duration) -> Option<Scene> {
        let layout = self.layout.as_ref()?;
        Some(scene::build(
            &self.playback,
            &self.overlay,
            &self.pointer,
            layout,
            now,
        ))
    }

    /// Writes the frame shown now to the first free `klotski-shot-N.png` in the working folder;
    /// where it went (the whole path, so the person can find it), or `None` before the window
    /// has a screen.
    fn screenshot(&mut self) -> Result<Option<PathBuf>, GuiError> {
        let (Some(scene), Some(screen)) = (self.scene(self.now()), &mut self.screen) else {
            return Ok(None);
        };
        let image = screen.capture(&scene)?;
        let path = (1..)
            .map(|n| PathBuf::from(format!("klotski-shot-{n}.png")))
            .find(|p| !p.exists())
            .expect("some file name is free");
        image.write_png(&path)?;
        Ok(Some(std::path::absolute(&path).unwrap_or(path)))
    }

    fn draw(&mut self, event_loop: &ActiveEventLoop) {
        let now = self.now();
        self.playback.tick(now);
        let (Some(scene), Some(screen)) = (self.scene(now), &mut self.screen) else {
            return;
        };
        let size = screen.window.inner_size();
        if size.width == 0 || size.height == 0 {
            return; // minimised: nothing to see
        }
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

/// A seed for a new random puzzle: the clock's nanoseconds.
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
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
            WindowEvent::CloseRequested => {
                self.keep_game();
                event_loop.exit();
            }
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
                self.hover_list(x, y);
                self.drag(x, y);
                self.pan_to(x, y);
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
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Right,
                ..
            } => {
                // A right-drag pans a zoomed board.
                self.panning = (state == ElementState::Pressed)
                    .then(|| self.pointer.at())
                    .flatten();
            }
            WindowEvent::MouseWheel { delta, .. } => self.wheel(delta),
            WindowEvent::KeyboardInput { event, .. } => self.key(event_loop, &event),
            WindowEvent::RedrawRequested => self.draw(event_loop),
            _ => {}
        }
    }
}
