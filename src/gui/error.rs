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
    /// The window or its surface could not be made.
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
}
