//! The window (`klotski gui`): [`App`] routes winit events to the playback model, the pointer
//! and the screen, and asks for frames only while something moves.

use crate::gui::action::Action;
use crate::gui::controls::Pointer;
use crate::gui::error::GuiError;
use crate::gui::events::SolverEvent;
use crate::gui::layout::Layout;
use crate::gui::options::FrameSize;
use crate::gui::playback::Playback;
use crate::gui::scene;
use crate::gui::screen::Screen;
use crate::gui::show::Show;
use crate::gui::solver_thread;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, KeyEvent, MouseButton, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{Key, NamedKey};
use winit::window::{Window, WindowId};

/// How the window plays.
#[derive(Clone, Copy, Debug)]
pub struct WindowOptions {
    /// Length of one slide.
    pub tween: Duration,
    /// Inner size of the window at start, logical pixels.
    pub size: FrameSize,
}

/// Starts the solver thread on `show`'s job, opens the window and plays until it is closed.
pub fn run(show: Show, options: WindowOptions) -> Result<(), GuiError> {
    let event_loop = EventLoop::new().map_err(|e| GuiError::Window(e.to_string()))?;
    event_loop.set_control_flow(ControlFlow::Wait);
    let (sender, events) = mpsc::channel();
    let proxy = event_loop.create_proxy();
    solver_thread::spawn(show.job, sender, move || {
        // The loop may already be gone when the window was closed early.
        let _ = proxy.send_event(());
    });
    let mut app = App {
        playback: Playback::new(show.puzzle, options.tween).with_marks(show.marks),
        pointer: Pointer::default(),
        events,
        screen: None,
        layout: None,
        epoch: Instant::now(),
        options,
        failure: None,
    };
    event_loop
        .run_app(&mut app)
        .map_err(|e| GuiError::Window(e.to_string()))?;
    app.failure.map_or(Ok(()), Err)
}

/// The application: owns the model, the pointer and the screen, and routes events between them.
struct App {
    playback: Playback,
    pointer: Pointer,
    events: Receiver<SolverEvent>,
    screen: Option<Screen>,
    layout: Option<Layout>,
    epoch: Instant,
    options: WindowOptions,
    failure: Option<GuiError>,
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

    fn relayout(&mut self) {
        if let Some(screen) = &self.screen {
            let (width, height) = screen.size();
            let board = &self.playback.puzzle().board;
            self.layout = Some(Layout::new(
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
            self.redraw();
        }
    }

    fn key(&mut self, event_loop: &ActiveEventLoop, key: &Key) {
        match key.as_ref() {
            Key::Named(NamedKey::ArrowRight | NamedKey::Space) => self.act(Action::Next),
            Key::Named(NamedKey::ArrowLeft) => self.act(Action::Previous),
            Key::Named(NamedKey::Home) => self.act(Action::Restart),
            Key::Named(NamedKey::Escape) => event_loop.exit(),
            Key::Character(c) if c.eq_ignore_ascii_case("p") => self.act(Action::PlayPause),
            Key::Character(c) if c.eq_ignore_ascii_case("q") => event_loop.exit(),
            Key::Character(c) if c.eq_ignore_ascii_case("s") => {
                if let Err(e) = self.screenshot() {
                    eprintln!("klotski: screenshot failed: {e}");
                }
            }
            _ => {}
        }
    }

    /// Writes the frame shown now to the first free `klotski-shot-N.png` in the working folder.
    fn screenshot(&mut self) -> Result<(), GuiError> {
        let now = self.now();
        let (Some(screen), Some(layout)) = (&mut self.screen, &self.layout) else {
            return Ok(());
        };
        let scene = scene::build(&self.playback, &self.pointer, layout, now);
        let image = screen.capture(&scene)?;
        let path = (1..)
            .map(|n| PathBuf::from(format!("klotski-shot-{n}.png")))
            .find(|p| !p.exists())
            .expect("some file name is free");
        image.write_png(&path)?;
        eprintln!("klotski: screenshot written to {}", path.display());
        Ok(())
    }

    fn draw(&mut self, event_loop: &ActiveEventLoop) {
        let now = self.now();
        self.playback.tick(now);
        let (Some(screen), Some(layout)) = (&mut self.screen, &self.layout) else {
            return;
        };
        let size = screen.window.inner_size();
        let (width, height) = (size.width, size.height);
        if width == 0 || height == 0 {
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
            .with_title("klotski")
            .with_inner_size(LogicalSize::new(
                self.options.size.width,
                self.options.size.height,
            ));
        let window = match event_loop.create_window(attributes) {
            Ok(window) => Arc::new(window),
            Err(e) => return self.fail(event_loop, GuiError::Window(e.to_string())),
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
            WindowEvent::CursorMoved { position, .. } => {
                let Some(layout) = &self.layout else { return };
                let before = self.pointer.over(layout);
                self.pointer.moved(position.x as f32, position.y as f32);
                if self.pointer.over(layout) != before {
                    self.redraw();
                }
            }
            WindowEvent::CursorLeft { .. } => {
                self.pointer.left();
                self.redraw();
            }
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Left,
                ..
            } => {
                let Some(layout) = &self.layout else { return };
                match state {
                    ElementState::Pressed => self.pointer.press(layout),
                    ElementState::Released => {
                        if let Some(action) = self.pointer.release(layout) {
                            self.act(action);
                        }
                    }
                }
                self.redraw();
            }
            WindowEvent::KeyboardInput {
                event:
                    KeyEvent {
                        logical_key,
                        state: ElementState::Pressed,
                        ..
                    },
                ..
            } => self.key(event_loop, &logical_key),
            WindowEvent::RedrawRequested => self.draw(event_loop),
            _ => {}
        }
    }
}
