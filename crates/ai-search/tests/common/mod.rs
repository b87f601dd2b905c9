//! What the tic-tac-toe search tests share: an irregular evaluator and random positions.

use boardgames_core::{Game, Rng};
use boardgames_search::{Evaluator, Score};
use boardgames_tictactoe::Position;

/// A deterministic but irregular evaluator: a pseudo-random score per position, so move
/// ordering and bounds are exercised hard (and futility margins are met and missed).
#[derive(Clone)]
pub struct HashNoise;

impl Evaluator<Position> for HashNoise {
    fn evaluate(&self, position: &Position) -> Score {
        (position.zobrist() % 2001) as Score - 1000
    }
}

/// The position after up to `plies` random moves drawn from `seed`.
pub fn random_position(seed: u64, plies: usize) -> Position {
    boardgames_core::random_position(Position::new(), plies, &mut Rng::new(seed))
}
