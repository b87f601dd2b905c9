//! The endgame databases as knowledge of the search: an evaluator wrapper that knows the
//! exact value of every position the databases cover.

use boardgames_core::MoveList;
use boardgames_morris::{Move, Position};
use boardgames_morris_db::Databases;
use boardgames_search::{Evaluator, Proven, Score};
use boardgames_solver::Value;
use std::sync::Arc;

/// How far a drawn database position's heuristic score is scaled down: the search still
/// prefers, among drawn lines, those the evaluation likes (the opponent may yet go wrong), but
/// a drawn position never looks like a material win.
const DRAW_SCALE: Score = 8;

/// `E`, with the exact values of the positions `db` covers: a won or lost one is
/// [`Evaluator::proven`] (the search scores it as that result, without searching it); a drawn
/// one scores `E`'s evaluation divided by 8. Positions it does not cover are `E`'s.
#[derive(Clone, Debug)]
pub struct WithDatabases<E> {
    inner: E,
    db: Option<Arc<Databases>>,
}

impl<E> WithDatabases<E> {
    /// `inner`, with the databases `db` (`None`: `inner` alone).
    pub fn new(inner: E, db: Option<Arc<Databases>>) -> Self {
        WithDatabases { inner, db }
    }

    /// The databases, if any.
    pub fn databases(&self) -> Option<&Arc<Databases>> {
        self.db.as_ref()
    }

    /// The value of `position` in the databases, if they cover it.
    #[inline]
    pub fn value(&self, position: &Position) -> Option<Value> {
        self.db.as_ref()?.value(position)
    }

    /// The databases' move in a won or lost position they cover: the quickest win or the
    /// slowest loss. `None` in a drawn position (the search picks among the drawing moves,
    /// since every losing move scores as a proven loss there) or one they do not cover.
    pub fn decided_move(&self, position: &Position) -> Option<Move> {
        match self.db.as_ref()?.best_move(position)? {
            (_, Value::Draw) => None,
            (mv, _) => Some(mv),
        }
    }
}

impl<E: Evaluator<Position>> Evaluator<Position> for WithDatabases<E> {
    #[inline]
    fn evaluate(&self, position: &Position) -> Score {
        match self.value(position) {
            Some(Value::Draw) => self.inner.evaluate(position) / DRAW_SCALE,
            _ => self.inner.evaluate(position),
        }
    }

    #[inline]
    fn search_moves(&self, position: &Position, moves: &mut MoveList<Move>) {
        self.inner.search_moves(position, moves)
    }

    #[inline]
    fn held_back_moves(&self, position: &Position, moves: &mut MoveList<Move>) {
        self.inner.held_back_moves(position, moves)
    }

    #[inline]
    fn order_hint(&self, position: &Position, mv: Move) -> Score {
        self.inner.order_hint(position, mv)
    }

    #[inline]
    fn forced(&self, position: &Position) -> bool {
        self.inner.forced(position)
    }

    /// A won or lost position of the databases, at its distance (an ongoing position is never
    /// lost in 0).
    fn proven(&self, position: &Position) -> Option<Proven> {
        // A finished game is `Loss(0)` in the databases: no answer (the search scores it).
        match self.value(position) {
            Some(Value::Win(d)) => Some(Proven::Win(u32::from(d))),
            Some(Value::Loss(d)) if d > 0 => Some(Proven::Loss(u32::from(d))),
            Some(_) => None,
            None => self.inner.proven(position),
        }
    }
}
