//! What a button or a key asks the player to do.

/// What a button or a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Back to the start, autoplay off.
    Restart,
    /// Undo the last move shown.
    Previous,
    /// Start or stop autoplay.
    PlayPause,
    /// Show the next move (the button the assignment requires); redo after an undo.
    Next,
    /// Point at the next move of a solution from the position shown.
    Hint,
    /// Play a solution from the position shown to the goal.
    Solve,
}

impl Action {
    /// The buttons, left to right.
    pub const ALL: [Action; 6] = [
        Action::Restart,
        Action::Previous,
        Action::PlayPause,
        Action::Next,
        Action::Hint,
        Action::Solve,
    ];
}
