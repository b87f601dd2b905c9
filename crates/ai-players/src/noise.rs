//! A seeded blur over any evaluator, so weaker levels vary their play reproducibly.

use boardgames_core::{zobrist, Game, MoveList};
use boardgames_search::{Evaluator, Proven, Score};

/// `E` with a seeded noise of at most `amplitude` points added to every evaluation. The noise
/// is a function of the position's hash and the seed, so the search stays deterministic and
/// consistent (the same position always gets the same value); the moves searched, the moves
/// held back, their ordering hints and the forced replies are `E`'s.
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
    fn held_back_moves(&self, position: &G, moves: &mut MoveList<G::Move>) {
        self.inner.held_back_moves(position, moves)
    }

    #[inline]
    fn order_hint(&self, position: &G, mv: G::Move) -> Score {
        self.inner.order_hint(position, mv)
    }

    #[inline]
    fn forced(&self, position: &G) -> bool {
        self.inner.forced(position)
    }

    #[inline]
    fn proven(&self, position: &G) -> Option<Proven> {
        self.inner.proven(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_tictactoe::Position;

    /// An evaluator whose every hook gives something of its own, to see that the blur
    /// passes each one on unchanged.
    struct Marked;

    impl Evaluator<Position> for Marked {
        fn evaluate(&self, _: &Position) -> Score {
            100
        }
        fn search_moves(
            &self,
            position: &Position,
            moves: &mut MoveList<<Position as Game>::Move>,
        ) {
            position.legal_moves(moves);
            moves.truncate(2);
        }
        fn held_back_moves(
            &self,
            position: &Position,
            moves: &mut MoveList<<Position as Game>::Move>,
        ) {
            let mut all = MoveList::new();
            position.legal_moves(&mut all);
            moves.extend(all.iter().skip(2).copied());
        }
        fn order_hint(&self, _: &Position, mv: <Position as Game>::Move) -> Score {
            mv.to_string().len() as Score + 7
        }
        fn forced(&self, position: &Position) -> bool {
            position.ply() == 1
        }
    }

    #[test]
    fn the_blur_passes_every_hook_on() {
        let blurred = Seeded::new(Marked, 9, 5);
        let mut position = Position::new();
        let (mut inner, mut outer) = (MoveList::new(), MoveList::new());
        Marked.search_moves(&position, &mut inner);
        blurred.search_moves(&position, &mut outer);
        assert_eq!((inner.len(), &inner), (2, &outer));
        Marked.held_back_moves(&position, &mut inner);
        blurred.held_back_moves(&position, &mut outer);
        assert_eq!((inner.len(), &inner), (9, &outer));
        let mv = inner[4];
        assert_eq!(
            blurred.order_hint(&position, mv),
            Marked.order_hint(&position, mv)
        );
        assert!(!blurred.forced(&position));
        position.play(mv).unwrap();
        assert!(blurred.forced(&position));
        let value = blurred.evaluate(&position);
        assert!((95..=105).contains(&value), "{value}");
    }
}
