//! The renderer: GPU resources that draw a [`Scene`] (one instanced draw of rounded rectangles,
//! then glyphon text) into any texture view: a window's surface or an offscreen target.

use crate::error::GuiError;
use crate::render::instance::RectInstance;
use crate::render::layout::Rect;
use crate::render::scene::{BACKGROUND, Label, Scene};
use glyphon::{
    Attrs, Buffer, Cache, Color, Family, FontSystem, Metrics, Resolution, Shaping, SwashCache,
    TextArea, TextAtlas, TextBounds, TextRenderer, Viewport, Weight,
};
use std::collections::HashMap;
use wgpu::util::DeviceExt;

/// The bundled fonts (DejaVu Sans, licence in `assets/`), so frames look the same everywhere.
const FONTS: [&[u8]; 2] = [
    include_bytes!("../../../../assets/DejaVuSans.ttf"),
    include_bytes!("../../../../assets/DejaVuSans-Bold.ttf"),
];

/// A label shaped once and reused while its text and size stay the same.
struct Shaped {
    buffer: Buffer,
    width: f32,
    height: f32,
    used: bool,
}

/// Text drawing: the font system, glyph atlas and shaped labels.
struct Text {
    fonts: FontSystem,
    swash: SwashCache,
    viewport: Viewport,
    atlas: TextAtlas,
    renderer: TextRenderer,
    shaped: HashMap<(String, u32, bool), Shaped>,
}

/// Draws scenes; owns every GPU resource a frame needs.
pub struct Renderer {
    pipeline: wgpu::RenderPipeline,
    viewport: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    instances: wgpu::Buffer,
    capacity: usize,
    text: Text,
}

impl Renderer {
    /// Builds the pipelines for targets of `format`.
    pub fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        format: wgpu::TextureFormat,
    ) -> Renderer {
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("rects.wgsl"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../../../../shaders/rects.wgsl").into()),
        });
        let viewport = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("viewport"),
            contents: bytemuck::cast_slice(&[0f32; 4]),
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("viewport"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("viewport"),
            layout: &layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: viewport.as_entire_binding(),
            }],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("rects"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let attributes = wgpu::vertex_attr_array![
            0 => Float32x2, 1 => Float32x2, 2 => Float32x4, 3 => Float32x4, 4 => Float32x2
        ];
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("rects"),
            layout: Some(&pipeline_layout),
            vertex: wgpu::VertexState {
                module: &shader,
                entry_point: Some("vs_main"),
                compilation_options: Default::default(),
                buffers: &[Some(wgpu::VertexBufferLayout {
                    array_stride: std::mem::size_of::<RectInstance>() as u64,
                    step_mode: wgpu::VertexStepMode::Instance,
                    attributes: &attributes,
                })],
            },
            fragment: Some(wgpu::FragmentState {
                module: &shader,
                entry_point: Some("fs_main"),
                compilation_options: Default::default(),
                targets: &[Some(wgpu::ColorTargetState {
                    format,
                    blend: Some(wgpu::BlendState::ALPHA_BLENDING),
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            multiview_mask: None,
            cache: None,
        });
        let capacity = 256;
        let instances = instance_buffer(device, capacity);
        let mut fonts = FontSystem::new_with_fonts([]);
        for font in FONTS {
            fonts.db_mut().load_font_data(font.to_vec());
        }
        let cache = Cache::new(device);
        let mut atlas = TextAtlas::new(device, queue, &cache, format);
        let renderer =
            TextRenderer::new(&mut atlas, device, wgpu::MultisampleState::default(), None);
        Renderer {
            pipeline,
            viewport,
            bind_group,
            instances,
            capacity,
            text: Text {
                fonts,
                swash: SwashCache::new(),
                viewport: Viewport::new(device, &cache),
                atlas,
                renderer,
                shaped: HashMap::new(),
            },
        }
    }

    /// Draws `scene` into `target`, a `size` texture of the renderer's format.
    pub fn draw(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        target: &wgpu::TextureView,
        size: (u32, u32),
        scene: &Scene,
    ) -> Result<(), GuiError> {
        let (width, height) = size;
        queue.write_buffer(
            &self.viewport,
            0,
            bytemuck::cast_slice(&[width as f32, height as f32, 0.0, 0.0]),
        );
        let (board, rest) = (scene.board_rects.len(), scene.rects.len());
        if board + rest > self.capacity {
            self.capacity = (board + rest).next_power_of_two();
            self.instances = instance_buffer(device, self.capacity);
        }
        let after_board = (board * std::mem::size_of::<RectInstance>()) as u64;
        queue.write_buffer(&self.instances, 0, bytemuck::cast_slice(&scene.board_rects));
        queue.write_buffer(
            &self.instances,
            after_board,
            bytemuck::cast_slice(&scene.rects),
        );
        let clip = Clip::of(scene.clip, size);
        let labels = [
            (&scene.board_labels[..], clip),
            (&scene.labels[..], Clip::whole(size)),
        ];
        self.text.prepare(device, queue, size, labels)?;

        let [r, g, b, _] = BACKGROUND.linear();
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("frame"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: target,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color {
                            r: r.into(),
                            g: g.into(),
                            b: b.into(),
                            a: 1.0,
                        }),
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &self.bind_group, &[]);
            pass.set_vertex_buffer(0, self.instances.slice(..));
            // The board within its area (a zoomed board is larger), then the rest.
            if clip.width > 0 && clip.height > 0 {
                pass.set_scissor_rect(clip.x, clip.y, clip.width, clip.height);
                pass.draw(0..6, 0..board as u32);
            }
            pass.set_scissor_rect(0, 0, width, height);
            pass.draw(0..6, board as u32..(board + rest) as u32);
            self.text
                .renderer
                .render(&self.text.atlas, &self.text.viewport, &mut pass)
                .map_err(|e| GuiError::Render(e.to_string()))?;
        }
        queue.submit([encoder.finish()]);
        self.text.atlas.trim();
        Ok(())
    }
}

/// A rectangle of whole pixels inside a target, for the GPU's scissor and glyphon's bounds.
#[derive(Clone, Copy, Debug)]
struct Clip {
    x: u32,
    y: u32,
    width: u32,
    height: u32,
}

impl Clip {
    /// The whole of a `size` target.
    fn whole((width, height): (u32, u32)) -> Clip {
        Clip {
            x: 0,
            y: 0,
            width,
            height,
        }
    }

    /// `rect`, rounded outwards to whole pixels and cut to a `size` target.
    fn of(rect: Rect, (width, height): (u32, u32)) -> Clip {
        let x = (rect.x.floor().max(0.0) as u32).min(width);
        let y = (rect.y.floor().max(0.0) as u32).min(height);
        let right = ((rect.x + rect.w).ceil().max(0.0) as u32).min(width);
        let bottom = ((rect.y + rect.h).ceil().max(0.0) as u32).min(height);
        Clip {
            x,
            y,
            width: right.saturating_sub(x),
            height: bottom.saturating_sub(y),
        }
    }

    fn bounds(self) -> TextBounds {
        TextBounds {
            left: self.x as i32,
            top: self.y as i32,
            right: (self.x + self.width) as i32,
            bottom: (self.y + self.height) as i32,
        }
    }
}

fn instance_buffer(device: &wgpu::Device, capacity: usize) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("rect instances"),
        size: (capacity * std::mem::size_of::<RectInstance>()) as u64,
        usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

impl Text {
    /// Shapes any new labels (shaping is the costly part, so it is done once per text and size)
    /// and hands all of them to glyphon, each list drawn only within its clip.
    fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        (width, height): (u32, u32),
        lists: [(&[Label], Clip); 2],
    ) -> Result<(), GuiError> {
        self.viewport.update(queue, Resolution { width, height });
        for shaped in self.shaped.values_mut() {
            shaped.used = false;
        }
        let labels = || {
            lists
                .iter()
                .flat_map(|(labels, clip)| labels.iter().map(|l| (l, *clip)))
        };
        for (label, _) in labels() {
            let key = (label.text.clone(), label.size.to_bits(), label.bold);
            let fonts = &mut self.fonts;
            self.shaped
                .entry(key)
                .or_insert_with(|| shape(fonts, label))
                .used = true;
        }
        // Labels of an old window size are dropped, so the cache never outgrows one frame.
        self.shaped.retain(|_, shaped| shaped.used);
        let areas = labels().map(|(label, clip)| {
            let shaped = &self.shaped[&(label.text.clone(), label.size.to_bits(), label.bold)];
            let crate::render::instance::Srgb(r, g, b) = label.color;
            TextArea {
                buffer: &shaped.buffer,
                left: (label.centre.0 - shaped.width / 2.0).round(),
                top: (label.centre.1 - shaped.height / 2.0).round(),
                scale: 1.0,
                bounds: clip.bounds(),
                default_color: Color::rgb(r, g, b),
                custom_glyphs: &[],
            }
        });
        self.renderer
            .prepare(
                device,
                queue,
                &mut self.fonts,
                &mut self.atlas,
                &self.viewport,
                areas,
                &mut self.swash,
            )
            .map_err(|e| GuiError::Render(e.to_string()))
    }
}

fn shape(fonts: &mut FontSystem, label: &Label) -> Shaped {
    let line_height = (label.size * 1.25).max(1.0);
    let mut buffer = Buffer::new(fonts, Metrics::new(label.size.max(1.0), line_height));
    buffer.set_size(None, None);
    let weight = if label.bold {
        Weight::BOLD
    } else {
        Weight::NORMAL
    };
    let attrs = Attrs::new()
        .family(Family::Name("DejaVu Sans"))
        .weight(weight);
    buffer.set_text(&label.text, &attrs, Shaping::Advanced, None);
    buffer.shape_until_scroll(fonts, false);
    let width = buffer
        .layout_runs()
        .map(|run| run.line_w)
        .fold(0.0, f32::max);
    Shaped {
        buffer,
        width,
        height: line_height,
        used: true,
    }
}
