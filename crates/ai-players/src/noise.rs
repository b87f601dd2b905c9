//! A seeded blur over any evaluator, so weaker levels vary their play reproducibly.

use boardgames_core::{zobrist, Game, MoveList};
use boardgames_search::{Evaluator, Score};

/// `E` with a seeded noise of at most `amplitude` points added to every evaluation. The noise
/// is a function of the position's hash and the seed, so the search stays deterministic and
/// consistent (the same position always gets the same value); the moves searched and their
/// ordering hints are `E`'s.
#[derive(Clone, Copy, Debug)]
pub struct Seeded<E> {
    inner: E,
    seed: u64,
    amplitude: Score,
}

impl<E> Seeded<E> {
    /// `inner` blurred by up to `amplitude` points (0 or less leaves it as it is).
    pub fn new(inner: E, seed: u64, amplitude: Score) -> Self {
        Seeded {
            inner,
            seed,
            amplitude: amplitude.max(0),
        }
    }

    /// The evaluator without the noise.
    pub fn inner(&self) -> &E {
        &self.inner
    }
}

impl<G: Game, E: Evaluator<G>> Evaluator<G> for Seeded<E> {
    #[inline]
    fn evaluate(&self, position: &G) -> Score {
        let base = self.inner.evaluate(position);
        if self.amplitude == 0 {
            return base;
        }
        let span = 2 * self.amplitude as u64 + 1;
        let noise = zobrist::mix64(position.zobrist() ^ self.seed) % span;
        base + noise as Score - self.amplitude
    }

    #[inline]
    fn search_moves(&self, position: &G, moves: &mut MoveList<G::Move>) {
        self.inner.search_moves(position, moves)
    }

    #[inline]
    fn order_hint(&self, position: &G, mv: G::Move) -> Score {
        self.inner.order_hint(position, mv)
    }

    #[inline]
    fn forced(&self, position: &G) -> bool {
        self.inner.forced(position)
    }
}
