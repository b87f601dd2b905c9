//! What every computer player offers.

use boardgames_core::Game;

/// A computer opponent: picks a move for a position.
pub trait ComputerPlayer<G: Game> {
    /// The move to play, or `None` when the game is over.
    fn choose_move(&mut self, position: &G) -> Option<G::Move>;

    /// A short name for screens and logs ("expert", "depth 6"...).
    fn name(&self) -> String;
}
