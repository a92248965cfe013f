//! Frames in memory and on disk: RGBA pixels, PNG files, animated PNGs, and the pixel comparison
//! golden tests use.

use crate::error::GuiError;
use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

/// An 8-bit RGBA image, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RgbaImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes.
    pub pixels: Vec<u8>,
}

fn image_error(path: &Path, reason: impl ToString) -> GuiError {
    GuiError::Image {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

fn encoder(
    path: &Path,
    width: u32,
    height: u32,
) -> Result<png::Encoder<'static, BufWriter<File>>, GuiError> {
    let file = File::create(path).map_err(|e| image_error(path, e))?;
    let mut encoder = png::Encoder::new(BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    Ok(encoder)
}

impl RgbaImage {
    /// Writes the image as a PNG file.
    pub fn write_png(&self, path: &Path) -> Result<(), GuiError> {
        let mut writer = encoder(path, self.width, self.height)?
            .write_header()
            .map_err(|e| image_error(path, e))?;
        writer
            .write_image_data(&self.pixels)
            .and_then(|()| writer.finish())
            .map_err(|e| image_error(path, e))
    }

    /// Reads an 8-bit RGB or RGBA PNG file.
    pub fn read_png(path: &Path) -> Result<RgbaImage, GuiError> {
        let file = File::open(path).map_err(|e| image_error(path, e))?;
        let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().map_err(|e| image_error(path, e))?;
        let size = reader
            .output_buffer_size()
            .ok_or_else(|| image_error(path, "image too large"))?;
        let mut buf = vec![0; size];
        let info = reader
            .next_frame(&mut buf)
            .map_err(|e| image_error(path, e))?;
        buf.truncate(info.buffer_size());
        let pixels = match info.color_type {
            png::ColorType::Rgba => buf,
            png::ColorType::Rgb => buf
                .chunks_exact(3)
                .flat_map(|p| [p[0], p[1], p[2], 255])
                .collect(),
            other => {
                return Err(image_error(
                    path,
                    format!("unsupported colour type {other:?}"),
                ));
            }
        };
        Ok(RgbaImage {
            width: info.width,
            height: info.height,
            pixels,
        })
    }

    /// The part of the image inside the rectangle (clipped to the image).
    pub fn crop(&self, x: u32, y: u32, width: u32, height: u32) -> RgbaImage {
        let x1 = (x + width).min(self.width);
        let y1 = (y + height).min(self.height);
        let (x, y) = (x.min(x1), y.min(y1));
        let mut pixels = Vec::with_capacity(((x1 - x) * (y1 - y) * 4) as usize);
        for row in y..y1 {
            let start = ((row * self.width + x) * 4) as usize;
            pixels.extend_from_slice(&self.pixels[start..start + ((x1 - x) * 4) as usize]);
        }
        RgbaImage {
            width: x1 - x,
            height: y1 - y,
            pixels,
        }
    }

    /// How far `other` is from this image: the share of pixels whose channels differ by more
    /// than `tolerance`. Images of different sizes differ everywhere (1.0).
    pub fn difference(&self, other: &RgbaImage, tolerance: u8) -> f64 {
        if (self.width, self.height) != (other.width, other.height) {
            return 1.0;
        }
        let differing = self
            .pixels
            .chunks_exact(4)
            .zip(other.pixels.chunks_exact(4))
            .filter(|(a, b)| {
                a.iter()
                    .zip(b.iter())
                    .any(|(x, y)| x.abs_diff(*y) > tolerance)
            })
            .count();
        differing as f64 / (self.width as f64 * self.height as f64).max(1.0)
    }
}

/// An animated PNG written frame by frame, so a long solution never sits in memory whole.
pub struct ApngWriter {
    writer: png::Writer<BufWriter<File>>,
    path: String,
}

impl ApngWriter {
    /// Starts `path` for `frames` frames of `width` x `height`, looping forever.
    pub fn create(
        path: &Path,
        width: u32,
        height: u32,
        frames: u32,
    ) -> Result<ApngWriter, GuiError> {
        let mut encoder = encoder(path, width, height)?;
        encoder
            .set_animated(frames, 0)
            .map_err(|e| image_error(path, e))?;
        let writer = encoder.write_header().map_err(|e| image_error(path, e))?;
        Ok(ApngWriter {
            writer,
            path: path.display().to_string(),
        })
    }

    /// Appends a frame shown for `delay_ms` milliseconds.
    pub fn push(&mut self, frame: &RgbaImage, delay_ms: u16) -> Result<(), GuiError> {
        let fail = |e: png::EncodingError| GuiError::Image {
            path: self.path.clone(),
            reason: e.to_string(),
        };
        self.writer.set_frame_delay(delay_ms, 1000).map_err(fail)?;
        self.writer.write_image_data(&frame.pixels).map_err(fail)
    }

    /// Finishes the file.
    pub fn finish(self) -> Result<(), GuiError> {
        let path = self.path;
        self.writer.finish().map_err(|e| GuiError::Image {
            path,
            reason: e.to_string(),
        })
    }
}
