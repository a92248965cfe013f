//! Rendering with no window and no display (`klotski render`): frames of a solution at chosen
//! steps, or the whole solution with its tweens as one animated PNG, through the same renderer
//! the window uses.

use crate::content::game::Game;
use crate::error::GuiError;
use crate::input::action::Action;
use crate::input::controls::Pointer;
use crate::input::overlay::Overlay;
use crate::model::playback::Playback;
use crate::options::{FrameSize, Steps};
use crate::render::gpu::{Gpu, Offscreen};
use crate::render::image::{ApngWriter, RgbaImage};
use crate::render::layout::ScreenLayout;
use crate::render::renderer::Renderer;
use crate::render::scene;
use crate::render::zoom::Zoom;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Frames per second of an animated PNG.
const FPS: u32 = 30;
/// How long the first and the last frame of an animation stay.
const HOLD: (u16, u16) = (600, 2000);

/// An offscreen frame with its renderer: draws playback states to RGBA images.
pub struct Headless {
    gpu: Gpu,
    renderer: Renderer,
    target: Offscreen,
    layout: ScreenLayout,
}

impl Headless {
    /// Opens the GPU (any adapter, software included) for `size` frames of a `rows` x `cols`
    /// board at scale factor 1.
    pub fn new(size: FrameSize, rows: usize, cols: usize) -> Result<Headless, GuiError> {
        let gpu = Gpu::headless()?;
        let format = wgpu::TextureFormat::Rgba8UnormSrgb;
        let renderer = Renderer::new(&gpu.device, &gpu.queue, format);
        let target = Offscreen::new(&gpu, size.width, size.height, format);
        let layout = ScreenLayout::new(size.width, size.height, 1.0, rows, cols);
        Ok(Headless {
            gpu,
            renderer,
            target,
            layout,
        })
    }

    /// Where things are in these frames.
    pub fn layout(&self) -> &ScreenLayout {
        &self.layout
    }

    /// Draws the board at `zoom` from now on: `fit` is the layout of the board fitting its
    /// area (this renderer's layout before any zoom), for a `rows` x `cols` board.
    pub fn zoom_to(&mut self, fit: &ScreenLayout, zoom: Zoom, rows: usize, cols: usize) {
        self.layout = fit.zoomed(zoom, rows, cols);
    }

    /// The adapter in use.
    pub fn adapter(&self) -> String {
        self.gpu.describe()
    }

    /// Draws the frame `playback` shows at `now`, with the pointer as given, and reads it back.
    pub fn frame(
        &mut self,
        playback: &Playback,
        pointer: &Pointer,
        now: Duration,
    ) -> Result<RgbaImage, GuiError> {
        self.frame_under(&Overlay::Board, playback, pointer, now)
    }

    /// [`Headless::frame`] with `overlay` over the board (the help, the goal, the picker).
    pub fn frame_under(
        &mut self,
        overlay: &Overlay,
        playback: &Playback,
        pointer: &Pointer,
        now: Duration,
    ) -> Result<RgbaImage, GuiError> {
        self.draw_under(overlay, playback, pointer, now)?;
        self.target.read(&self.gpu)
    }

    /// Draws the frame without reading it back, waiting until the GPU is done (for timing).
    pub fn draw(
        &mut self,
        playback: &Playback,
        pointer: &Pointer,
        now: Duration,
    ) -> Result<(), GuiError> {
        self.draw_under(&Overlay::Board, playback, pointer, now)
    }

    fn draw_under(
        &mut self,
        overlay: &Overlay,
        playback: &Playback,
        pointer: &Pointer,
        now: Duration,
    ) -> Result<(), GuiError> {
        let scene = scene::build(playback, overlay, pointer, &self.layout, now);
        self.renderer.draw(
            &self.gpu.device,
            &self.gpu.queue,
            &self.target.view,
            self.target.size,
            &scene,
        )?;
        self.gpu
            .device
            .poll(wgpu::PollType::wait_indefinitely())
            .map(drop)
            .map_err(|e| GuiError::Render(e.to_string()))
    }
}

/// Puts `playback` at rest after `step` moves.
pub fn seek(playback: &mut Playback, step: usize) {
    playback.act(Action::Restart, Duration::ZERO);
    for _ in 0..step {
        playback.act(Action::Next, Duration::ZERO);
    }
}

/// A time at which every slide started at time zero has ended.
pub fn at_rest(tween: Duration) -> Duration {
    tween * 2 + Duration::from_secs(1)
}

/// Writes `step-NNN.png` into `dir` for each step asked for; returns the paths.
pub fn write_steps(
    headless: &mut Headless,
    playback: &mut Playback,
    steps: &Steps,
    tween: Duration,
    dir: &Path,
    deadline: Option<Instant>,
) -> Result<Vec<PathBuf>, GuiError> {
    std::fs::create_dir_all(dir).map_err(|e| GuiError::Image {
        path: dir.display().to_string(),
        reason: e.to_string(),
    })?;
    let mut written = Vec::new();
    let steps = steps.resolve(playback.total());
    for &step in &steps {
        in_time(deadline, written.len(), steps.len())?;
        seek(playback, step);
        let frame = headless.frame(playback, &Pointer::default(), at_rest(tween))?;
        let path = dir.join(format!("step-{step:03}.png"));
        frame.write_png(&path)?;
        written.push(path);
    }
    Ok(written)
}

/// Writes the whole solution, every tween sampled at 30 frames per second, as an animated PNG.
pub fn write_animation(
    headless: &mut Headless,
    playback: &mut Playback,
    tween: Duration,
    path: &Path,
    deadline: Option<Instant>,
) -> Result<(), GuiError> {
    let written = write_frames(headless, playback, tween, path, deadline);
    if written.is_err() {
        // An animation cut short is no animation: its header promised every frame.
        let _ = std::fs::remove_file(path);
    }
    written
}

/// Whether frame `written` (of `asked`) may still be drawn before `deadline`.
fn in_time(deadline: Option<Instant>, written: usize, asked: usize) -> Result<(), GuiError> {
    match deadline {
        Some(deadline) if Instant::now() >= deadline => Err(GuiError::TimeLimit { written, asked }),
        _ => Ok(()),
    }
}

/// The frames of [`write_animation`], each drawn only while `deadline` has not passed.
fn write_frames(
    headless: &mut Headless,
    playback: &mut Playback,
    tween: Duration,
    path: &Path,
    deadline: Option<Instant>,
) -> Result<(), GuiError> {
    let per_move = ((tween.as_secs_f64() * f64::from(FPS)).ceil() as u32).max(1);
    let moves = playback.total() as u32;
    let frames = 1 + moves * per_move;
    let size = headless.target.size;
    let mut apng = ApngWriter::create(path, size.0, size.1, frames)?;
    seek(playback, 0);
    let pointer = Pointer::default();
    let asked = frames as usize;
    in_time(deadline, 0, asked)?;
    let first = headless.frame(playback, &pointer, Duration::ZERO)?;
    apng.push(&first, if moves == 0 { HOLD.1 } else { HOLD.0 })?;
    let delay = tween / per_move;
    for m in 0..moves {
        let started = Duration::from_secs(u64::from(m) + 1);
        playback.act(Action::Next, started);
        for j in 1..=per_move {
            in_time(deadline, (m * per_move + j) as usize, asked)?;
            let frame = headless.frame(playback, &pointer, started + tween * j / per_move)?;
            let last = m + 1 == moves && j == per_move;
            let shown = if last {
                HOLD.1
            } else {
                delay.as_millis() as u16
            };
            apng.push(&frame, shown)?;
        }
    }
    apng.finish()
}

/// What `klotski render` was asked to write.
#[derive(Clone, Copy, Debug)]
pub struct RenderRequest<'a> {
    /// Frame size.
    pub size: FrameSize,
    /// Length of one slide.
    pub tween: Duration,
    /// Folder for `step-NNN.png` frames, if any.
    pub out: Option<&'a Path>,
    /// Which steps go there.
    pub steps: &'a Steps,
    /// File for the animated PNG, if any.
    pub animate: Option<&'a Path>,
    /// When to stop drawing frames, if ever: the solve's time limit covers the frames too.
    pub deadline: Option<Instant>,
}

/// Runs `game`'s solve (on this thread: there is no window to keep alive) and writes what
/// `request` asks for; returns the paths written.
pub fn render_files(game: Game, request: &RenderRequest<'_>) -> Result<Vec<PathBuf>, GuiError> {
    let (rows, cols) = (game.puzzle.board().rows(), game.puzzle.board().cols());
    let marks = game.marks();
    let mut playback = Playback::new(game.puzzle, request.tween)
        .with_marks(marks)
        .with_goal(game.problem);
    (game.job)(&mut |event| playback.receive(event));
    let mut frames = Headless::new(request.size, rows, cols)?;
    let mut written = Vec::new();
    if let Some(dir) = request.out {
        written = write_steps(
            &mut frames,
            &mut playback,
            request.steps,
            request.tween,
            dir,
            request.deadline,
        )?;
    }
    if let Some(path) = request.animate {
        let deadline = request.deadline;
        write_animation(&mut frames, &mut playback, request.tween, path, deadline)?;
        written.push(path.to_path_buf());
    }
    Ok(written)
}
