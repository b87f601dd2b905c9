//! [`board_core::Game`] for [`Position`]: legality with named reasons, generation, counting,
//! random moves and playouts without allocation.

use crate::geometry::{are_adjacent, mill_completions};
use crate::movegen::MoveSet;
use crate::position::Phase;
use crate::{IllegalMove, Move, ParseMoveError, Position};
use board_core::{Game, MoveList, Player, Rng, Status};

impl Game for Position {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type Illegal = IllegalMove;

    #[inline]
    fn side_to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn status(&self) -> Status {
        Position::status(self)
    }

    /// Every (move, capture) combination: placements, then slides or flights; a move that
    /// forms a mill appears once per capturable piece.
    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        MoveSet::of(self).write(moves);
    }

    #[inline]
    fn legal_move_count(&self) -> usize {
        MoveSet::of(self).count()
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.status().is_over() {
            return Err(IllegalMove::GameOver);
        }
        let me = self.to_move;
        let to = mv.to();
        let mut own = self.pieces(me);
        match (self.phase(me), mv.from()) {
            (Phase::Placing, Some(_)) => return Err(IllegalMove::MustPlace { player: me }),
            (Phase::Placing, None) => {}
            (_, None) => return Err(IllegalMove::NothingToPlace { player: me }),
            (phase, Some(from)) => {
                if !own.has(from) {
                    return Err(IllegalMove::NotYourPiece { from });
                }
                if phase == Phase::Moving && to != from && !are_adjacent(from, to) {
                    return Err(IllegalMove::NotAdjacent { from, to });
                }
                own = own.without(from.index());
            }
        }
        if !self.empty_points().has(to) {
            return Err(IllegalMove::Occupied { to });
        }
        let forms_mill = mill_completions(own.0) & to.set().0 != 0;
        let targets = self.capture_targets();
        match mv.capture() {
            None if forms_mill && !targets.is_empty() => Err(IllegalMove::CaptureRequired { to }),
            None => Ok(()),
            Some(_) if !forms_mill => Err(IllegalMove::CaptureNotAllowed { to }),
            Some(capture) if !self.pieces(me.opponent()).has(capture) => {
                Err(IllegalMove::NotOpponentPiece { capture })
            }
            Some(capture) if !targets.has(capture) => Err(IllegalMove::ProtectedPiece { capture }),
            Some(_) => Ok(()),
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.hash_from_scratch()
    }

    /// Morris games have no length bound: pieces slide back and forth for ever unless a draw
    /// rule (see [`crate::Match`]) ends them.
    fn max_remaining_plies(&self) -> Option<usize> {
        None
    }

    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        MoveSet::of(self).random(rng)
    }

    fn random_playout(&mut self, rng: &mut Rng, max_plies: usize) -> (Status, usize) {
        let mut plies = 0;
        while plies < max_plies {
            match MoveSet::of(self).random(rng) {
                Some(mv) => {
                    self.apply(mv);
                    plies += 1;
                }
                None => break,
            }
        }
        (self.status(), plies)
    }
}
