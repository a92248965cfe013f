//! The GUI's error type: what can go wrong between opening a GPU and writing a PNG.

/// A failure of the player or the headless renderer.
#[derive(Debug, thiserror::Error)]
pub enum GuiError {
    /// No adapter (GPU or software) could be opened.
    #[error(
        "no usable GPU adapter: {0} (a software one needs Mesa: apt-get install mesa-vulkan-drivers libegl1 libgl1-mesa-dri)"
    )]
    NoAdapter(String),
    /// The adapter refused to open a device.
    #[error("cannot open the GPU device: {0}")]
    Device(String),
    /// The window or its surface could not be made (no display, most often).
    #[error("cannot open a window: {0}")]
    Window(String),
    /// Drawing or reading a frame back failed.
    #[error("rendering failed: {0}")]
    Render(String),
    /// A PNG could not be written or read.
    #[error("{path}: {reason}")]
    Image {
        /// The file.
        path: String,
        /// What went wrong.
        reason: String,
    },
    /// The time limit passed before every frame asked for was written.
    #[error("the time limit stopped the frames after {written} of {asked}")]
    TimeLimit {
        /// Frames written before it (step frames stay; an unfinished animation is removed).
        written: usize,
        /// Frames asked for.
        asked: usize,
    },
}

impl GuiError {
    /// A window error from `cause`, told without the source location winit's OS errors lead
    /// with (`os error at /path/to/winit/src/...rs:765: `): a user needs the reason, not where
    /// in a dependency it was found.
    pub fn window(cause: impl std::fmt::Display) -> GuiError {
        let text = cause.to_string();
        let plain = match text.split_once("os error at ") {
            Some((before, located)) => match located.split_once(": ") {
                Some((_, reason)) => format!("{before}{reason}"),
                None => text.clone(),
            },
            None => text.clone(),
        };
        GuiError::Window(plain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_errors_drop_the_dependency_source_location() {
        let told = GuiError::window(
            "os error at /root/.cargo/registry/src/winit-0.30.13/src/platform_impl/linux/mod.rs:765: neither WAYLAND_DISPLAY nor DISPLAY is set.",
        );
        assert_eq!(
            told.to_string(),
            "cannot open a window: neither WAYLAND_DISPLAY nor DISPLAY is set."
        );
        assert_eq!(
            GuiError::window("no format").to_string(),
            "cannot open a window: no format"
        );
    }
}
