//! How one small board stands.

use boardgames_core::Player;

/// How one small board stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BoardResult {
    /// Still open: it has empty cells and no line.
    Open,
    /// Won by this player (three in a line). Its empty cells are dead.
    Won(Player),
    /// Full without a line: owned by nobody, and it blocks every macro line through it.
    Drawn,
}

impl BoardResult {
    /// `true` for a won or drawn board.
    pub const fn is_finished(self) -> bool {
        !matches!(self, BoardResult::Open)
    }
}
