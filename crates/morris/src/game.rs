//! [`boardgames_core::Game`] for [`Position`]: legality with named reasons, generation, counting,
//! random moves and playouts without allocation.

use crate::geometry::{are_adjacent, exactly_three, mill_completions, pop};
use crate::movegen::MoveSet;
use crate::{IllegalMove, Move, ParseMoveError, Phase, Points, Position};
use boardgames_core::{ByPlayer, Game, MoveList, Player, RandomSource, Status};

/// Why typed input could not be played (`Game::play_text`): it could not be read, or the move
/// is illegal.
// Named beside the `Game` impl whose move parser and legality check it joins, not in
// `error.rs`: the alias names the position, whose module imports the errors.
pub type InputError = boardgames_core::InputError<Position>;

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
        self.current_status()
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
    fn random_move<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        MoveSet::of(self).random(rng)
    }

    /// Plays on bare bitboards in local variables (no hash, no per-ply status call: only a
    /// capture can end the game on piece count, and only the mover can be blocked), then
    /// writes the final position back with its hash recomputed.
    fn random_playout<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: usize,
    ) -> (Status, usize) {
        if self.short_of_pieces().is_some() {
            return (self.status(), 0);
        }
        let mut pieces = [self.pieces.first.0, self.pieces.second.0];
        let mut hand = [self.in_hand.first, self.in_hand.second];
        let mut me = self.to_move.index();
        let flying = self.rules.flying;
        let mut plies = 0;
        while plies < max_plies {
            let own = pieces[me];
            let opp = pieces[me ^ 1];
            let phase = if hand[me] > 0 {
                Phase::Placing
            } else if flying && exactly_three(own) {
                Phase::Flying
            } else {
                Phase::Moving
            };
            let Some(mv) = MoveSet::from_bits(own, opp, phase).random(rng) else {
                break;
            };
            let (from, to, capture) = mv.bits();
            if from == 0 {
                hand[me] -= 1;
            }
            pieces[me] = own ^ from ^ to;
            pieces[me ^ 1] = opp & !capture;
            me ^= 1;
            plies += 1;
            if capture != 0 && hand[me] as u32 + pop(pieces[me]) < 3 {
                break;
            }
        }
        self.pieces = ByPlayer::new(Points(pieces[0]), Points(pieces[1]));
        self.in_hand = ByPlayer::new(hand[0], hand[1]);
        self.to_move = if me == 0 {
            Player::First
        } else {
            Player::Second
        };
        self.hash = self.hash_from_scratch();
        (self.status(), plies)
    }
}
