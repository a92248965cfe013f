//! What a button or a key asks the player to do.

/// What a button or a key asks for. The variants are declared in [`Action::ALL`] order: a
/// button's place in the bar is its discriminant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Open or close the level picker.
    Levels,
    /// Back to the start, autoplay off.
    Restart,
    /// Undo the last move shown.
    Previous,
    /// Start or stop autoplay.
    PlayPause,
    /// Show the next move (the button the assignment requires); redo after an undo.
    Next,
    /// Autoplay one rung slower.
    Slower,
    /// Autoplay one rung faster.
    Faster,
    /// Point at the next move of a solution from the position shown.
    Hint,
    /// Play a solution from the position shown to the goal.
    Solve,
}

impl Action {
    /// The buttons, left to right: the speed beside the playback controls.
    pub const ALL: [Action; 9] = [
        Action::Levels,
        Action::Restart,
        Action::Previous,
        Action::PlayPause,
        Action::Next,
        Action::Slower,
        Action::Faster,
        Action::Hint,
        Action::Solve,
    ];
}
