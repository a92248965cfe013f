//! The GPU form of a rounded rectangle: one instance per rectangle in the single instanced draw
//! (the quad's corners come from `vertex_index` in `shaders/rects.wgsl`).

use crate::render::layout::Rect;

/// One rounded rectangle with a border, as the vertex shader reads it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct RectInstance {
    /// Top-left corner, physical pixels.
    pub origin: [f32; 2],
    /// Width and height.
    pub size: [f32; 2],
    /// Fill colour, linear RGBA.
    pub fill: [f32; 4],
    /// Border colour, linear RGBA.
    pub border: [f32; 4],
    /// Corner radius and border width.
    pub radius_border: [f32; 2],
}

/// A colour as designers write it: sRGB bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Srgb(pub u8, pub u8, pub u8);

impl Srgb {
    /// The colour in linear light, opaque, as the blending hardware wants it.
    pub fn linear(self) -> [f32; 4] {
        let channel = |c: u8| {
            let c = c as f32 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        [channel(self.0), channel(self.1), channel(self.2), 1.0]
    }
}

impl RectInstance {
    /// `rect` filled with `fill`, corners rounded by `radius`, edged by `border` `width` wide.
    pub fn new(rect: Rect, radius: f32, fill: Srgb, border: Srgb, width: f32) -> RectInstance {
        RectInstance {
            origin: [rect.x, rect.y],
            size: [rect.w, rect.h],
            fill: fill.linear(),
            border: border.linear(),
            radius_border: [radius, width],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn srgb_converts_to_linear_at_known_points() {
        assert_eq!(Srgb(0, 0, 0).linear(), [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(Srgb(255, 255, 255).linear(), [1.0, 1.0, 1.0, 1.0]);
        assert!((Srgb(188, 0, 0).linear()[0] - 0.5029).abs() < 1e-3);
        assert_eq!(std::mem::size_of::<RectInstance>(), 56);
    }
}
