//! How a game counts its moves: every single-cell move, or, as classic Klotski's players count
//! them, one piece moved any distance (round corners too) in one go. Each game has the count
//! its players use ([`Count`]); the player shows that one everywhere and the other on request.

/// What one move is, when the player counts moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Count {
    /// A piece slid by one cell: Numeric Klotski (the assignment's step) and the brick puzzles.
    #[default]
    Cells,
    /// One piece's moves in a row, any distance and round corners: classic Klotski.
    Pieces,
}

impl Count {
    /// The count that is not this one.
    pub fn other(self) -> Count {
        match self {
            Count::Cells => Count::Pieces,
            Count::Pieces => Count::Cells,
        }
    }

    /// Its moves named apart from the other count's: "one-cell moves", "piece moves".
    pub fn name(self) -> &'static str {
        match self {
            Count::Cells => "one-cell moves",
            Count::Pieces => "piece moves",
        }
    }
}
