//! What the search tests share: an irregular evaluator (of any game) and random tic-tac-toe
//! positions.

use boardgames_core::{Game, Rng};
use boardgames_search::{Evaluator, Score};
use boardgames_tictactoe::Position;

/// A deterministic but irregular evaluator: a pseudo-random score per position, so move
/// ordering and bounds are exercised hard (and futility margins are met and missed). Any
/// game's: it reads only the position's hash.
#[derive(Clone)]
pub struct HashNoise;

impl<G: Game> Evaluator<G> for HashNoise {
    fn evaluate(&self, position: &G) -> Score {
        (position.zobrist() % 2001) as Score - 1000
    }
}

/// The position after up to `plies` random moves drawn from `seed`.
pub fn random_position(seed: u64, plies: usize) -> Position {
    boardgames_core::random_position(Position::new(), plies, &mut Rng::new(seed))
}
