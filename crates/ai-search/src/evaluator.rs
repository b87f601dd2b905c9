//! The evaluator: the game knowledge a search needs, kept apart from the rules.

use crate::Score;
use boardgames_core::{Game, MoveList, Player, Status};

/// Game knowledge for the search: a static score for positions where the search stops, and the
/// moves to search.
pub trait Evaluator<G: Game> {
    /// The heuristic value of an ongoing position from the side to move's view, within
    /// `±`[`crate::MAX_EVAL`] (larger values are clamped). Must be deterministic.
    fn evaluate(&self, position: &G) -> Score;

    /// The moves the search tries. The default is every legal move; an evaluator may narrow
    /// them (gomoku: points near stones), which the search then treats as the whole move set,
    /// proofs included. It must leave at least one move in an ongoing position.
    fn search_moves(&self, position: &G, moves: &mut MoveList<G::Move>) {
        position.legal_moves(moves);
    }

    /// Appends to `moves`, which holds what [`Evaluator::search_moves`] gave for `position`,
    /// the moves it held back: an evaluator that narrows the moves to the likely ones (gomoku:
    /// the best quiet points by their hints) lists the others here. A selective search with
    /// [`crate::Selectivity::widen_losses`] tries them where every move of `search_moves`
    /// loses by force, so that a loss it reports is a loss against them too. The default holds
    /// nothing back.
    fn held_back_moves(&self, _position: &G, _moves: &mut MoveList<G::Move>) {}

    /// A static ordering hint for `mv` (higher is tried earlier), used after the table move and
    /// killer moves. The default is 0 for every move.
    fn order_hint(&self, _position: &G, _mv: G::Move) -> Score {
        0
    }

    /// `true` when the side to move of `position` has only forced replies (gomoku: it must
    /// stop a five). The search then does not count the ply into `position` against the depth,
    /// so a forcing move costs one ply instead of two and threat sequences are followed past
    /// the horizon (a search extension). [`crate::negamax`] extends the same way, so every
    /// technique still returns its value. Must be deterministic, and true only where the
    /// replies are few: a game that says `true` everywhere searches to [`crate::MAX_PLY`]. The
    /// default is `false`: no extension.
    fn forced(&self, _position: &G) -> bool {
        false
    }

    /// The result an ongoing `position` is bound to whatever either side plays, when the
    /// evaluator can tell it without search (gomoku: the side to move has a five to make, or
    /// a straight four to make and the opponent no five). The search then scores the node as
    /// that win or loss, at any depth, without searching it, as it scores a finished game;
    /// [`crate::negamax`] does the same, so every technique still returns its value. The root
    /// is always searched, so that it has a move.
    ///
    /// It must be deterministic and true: a [`Proven::Win`] in `n` plies must be a win
    /// against every legal reply in at most `n` plies, a [`Proven::Loss`] in `n` a loss
    /// whatever the side to move plays, in no fewer than `n` plies. The default is `None`.
    fn proven(&self, _position: &G) -> Option<Proven> {
        None
    }
}

/// A result an ongoing position is bound to, from its side to move's view, counted in plies
/// from the position ([`Evaluator::proven`]): `Win(1)`, the side to move wins with its next
/// move; `Loss(2)`, whatever it plays, the opponent wins with the move after.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Proven {
    /// The side to move wins by force within this many plies (odd, at least 1).
    Win(u32),
    /// The side to move loses by force in this many plies at the soonest (even, at least 2).
    Loss(u32),
}

impl Proven {
    /// The score of a node `ply` plies from the root whose position is bound to this result.
    #[inline]
    pub fn score_at(self, ply: usize) -> Score {
        // Within the distance band however deep the node (a win past the deepest ply the
        // search reaches scores as one at that ply).
        let at = |n: u32| (ply + n as usize).min(crate::score::MAX_PLY);
        match self {
            Proven::Win(n) => crate::score::win_in(at(n)),
            Proven::Loss(n) => crate::score::loss_in(at(n)),
        }
    }
}

/// The score of an ongoing node `ply` plies from the root that `evaluator` knows the result
/// of ([`Evaluator::proven`]); `None` at the root, which is always searched.
#[inline(always)]
pub(crate) fn proven_score<G: Game, E: Evaluator<G> + ?Sized>(
    evaluator: &E,
    position: &G,
    ply: usize,
) -> Option<Score> {
    if ply == 0 {
        return None;
    }
    evaluator.proven(position).map(|p| p.score_at(ply))
}

/// An evaluator that knows nothing: every ongoing position scores 0. With enough depth the
/// search still plays perfectly (it then sees every game to its end).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoKnowledge;

impl<G: Game> Evaluator<G> for NoKnowledge {
    fn evaluate(&self, _position: &G) -> Score {
        0
    }
}

/// The score of a finished position from the side to move's view, `ply` plies from the root;
/// `None` while the game goes on.
#[inline]
pub fn terminal_score(status: Status, side_to_move: Player, ply: usize) -> Option<Score> {
    match status {
        Status::Ongoing => None,
        Status::Draw => Some(0),
        Status::Won(p) if p == side_to_move => Some(crate::score::win_in(ply)),
        Status::Won(_) => Some(crate::score::loss_in(ply)),
    }
}
