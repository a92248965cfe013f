//! The window's GPU side: its surface, kept configured to the window's size, the renderer that
//! draws into it, and screenshots of the frame it shows.

use crate::error::GuiError;
use crate::render::gpu::{Gpu, Offscreen};
use crate::render::image::RgbaImage;
use crate::render::renderer::Renderer;
use crate::render::scene::Scene;
use std::sync::Arc;
use winit::window::Window;

/// A window with the surface and renderer that draw into it.
pub struct Screen {
    gpu: Gpu,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    renderer: Renderer,
    /// Declared last: the surface must be dropped before the window it draws into.
    pub window: Arc<Window>,
}

impl Screen {
    /// Opens a GPU that can present to `window` and configures its surface.
    pub fn new(instance: wgpu::Instance, window: Arc<Window>) -> Result<Screen, GuiError> {
        let surface = instance
            .create_surface(window.clone())
            .map_err(GuiError::window)?;
        let gpu = Gpu::open(instance, Some(&surface))?;
        let caps = surface.get_capabilities(&gpu.adapter);
        // An sRGB format keeps blending and colours the same as in headless frames.
        let format = caps
            .formats
            .iter()
            .copied()
            .find(wgpu::TextureFormat::is_srgb)
            .or_else(|| caps.formats.first().copied())
            .ok_or_else(|| GuiError::Window("the surface offers no format".into()))?;
        let size = window.inner_size();
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            format,
            width: size.width.max(1),
            height: size.height.max(1),
            present_mode: wgpu::PresentMode::Fifo,
            alpha_mode: caps
                .alpha_modes
                .first()
                .copied()
                .unwrap_or(wgpu::CompositeAlphaMode::Auto),
            view_formats: vec![],
            desired_maximum_frame_latency: 2,
            color_space: wgpu::SurfaceColorSpace::Auto,
        };
        surface.configure(&gpu.device, &config);
        let renderer = Renderer::new(&gpu.device, &gpu.queue, format);
        Ok(Screen {
            gpu,
            surface,
            config,
            renderer,
            window,
        })
    }

    /// The surface size in physical pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.config.width, self.config.height)
    }

    /// Follows a window resize; a zero-sized (minimised) window keeps the old configuration.
    pub fn resize(&mut self, width: u32, height: u32) {
        if width > 0 && height > 0 {
            self.config.width = width;
            self.config.height = height;
            self.surface.configure(&self.gpu.device, &self.config);
        }
    }

    /// Draws `scene` and presents it. A lost or outdated surface is reconfigured and the frame
    /// skipped (the caller asks for another).
    pub fn draw(&mut self, scene: &Scene) -> Result<bool, GuiError> {
        let frame = match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(frame)
            | wgpu::CurrentSurfaceTexture::Suboptimal(frame) => frame,
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => {
                return Ok(false);
            }
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                self.surface.configure(&self.gpu.device, &self.config);
                return Ok(false);
            }
            wgpu::CurrentSurfaceTexture::Validation => {
                return Err(GuiError::Render("surface validation error".into()));
            }
        };
        let view = frame
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        self.renderer
            .draw(&self.gpu.device, &self.gpu.queue, &view, self.size(), scene)?;
        self.window.pre_present_notify();
        self.gpu.queue.present(frame);
        Ok(true)
    }

    /// Draws `scene` offscreen at the window's size and reads it back: the screenshot.
    pub fn capture(&mut self, scene: &Scene) -> Result<RgbaImage, GuiError> {
        let (width, height) = self.size();
        let target = Offscreen::new(&self.gpu, width, height, self.config.format);
        self.renderer.draw(
            &self.gpu.device,
            &self.gpu.queue,
            &target.view,
            (width, height),
            scene,
        )?;
        target.read(&self.gpu)
    }
}
