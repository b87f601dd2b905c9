//! The board-core [`Game`] implementation, with allocation-free random moves and playouts.

use crate::error::IllegalMove;
use crate::point::{ParsePointError, Point};
use crate::position::Position;
use boardgames_core::{Game, MoveList, Player, RandomSource, Status, UniformIndex};

/// Why typed input could not be played (`Game::play_text`): it is not a point of this board,
/// or the point is not a legal move now.
// Named beside the `Game` impl whose move parser and legality check it joins, not in
// `error.rs`: the alias names the position, whose module imports the errors.
pub type InputError = boardgames_core::InputError<Position>;

impl Game for Position {
    type Move = Point;
    type ParseMoveError = ParsePointError;
    type Illegal = IllegalMove;

    #[inline]
    fn side_to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn status(&self) -> Status {
        self.status
    }

    fn legal_moves(&self, moves: &mut MoveList<Point>) {
        moves.clear();
        if self.status.is_over() {
            return;
        }
        if self.mover_restricted() {
            let board = self.board();
            let mover = self.side_to_move();
            moves.extend(
                self.empty_points()
                    .iter()
                    .filter(|&p| board.forbidden(mover, p).is_none()),
            );
        } else {
            moves.extend(self.empty_points().iter());
        }
    }

    #[inline]
    fn legal_move_count(&self) -> usize {
        if self.status.is_over() {
            0
        } else if self.mover_restricted() {
            let board = self.board();
            let mover = self.side_to_move();
            self.empty_points()
                .iter()
                .filter(|&p| board.forbidden(mover, p).is_none())
                .count()
        } else {
            self.size() as usize * self.size() as usize - self.stone_count()
        }
    }

    #[inline]
    fn check_move(&self, mv: Point) -> Result<(), IllegalMove> {
        self.check_point(mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Point) {
        self.place(mv);
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.hash_from_scratch()
    }

    fn parse_move(&self, text: &str) -> Result<Point, ParsePointError> {
        self.parse_point(text)
    }

    fn max_remaining_plies(&self) -> Option<usize> {
        Some(self.legal_move_count())
    }

    /// A uniform legal point: a uniform rank among the empty points, found row by row. Where
    /// forbidden points restrict the side to move, empty points are drawn until one is
    /// allowed (still uniform over the legal points), with a full list after many misses.
    fn random_move<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Point> {
        if self.status.is_over() {
            return None;
        }
        let empty = self.empty_points();
        let n = self.size() as u32 * self.size() as u32 - self.stone_count() as u32;
        if !self.mover_restricted() {
            return empty.nth(rng.below(n));
        }
        for _ in 0..64 {
            let point = empty.nth(rng.below(n))?;
            if self.forbidden_to_mover(point).is_none() {
                return Some(point);
            }
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let pick = rng.below(moves.len() as u32) as usize;
        moves.get(pick).copied()
    }

    /// Uniform random play to the end, allocation-free (see the `playout` module).
    fn random_playout<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: usize,
    ) -> (Status, usize) {
        if self.rule().has_forbidden_points() || self.rule().gomocup_draw {
            // Renju: every move of the restricted side is tested for forbidden points; and
            // Gomocup's draw count ends games the fast playout would go on with.
            let mut plies = 0;
            while plies < max_plies {
                let Some(mv) = self.random_move(rng) else {
                    break;
                };
                self.place(mv);
                plies += 1;
            }
            return (self.status, plies);
        }
        crate::playout::random_playout(self, rng, max_plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;
    use boardgames_core::Rng;

    #[test]
    fn moves_are_the_empty_points() {
        let mut game = Position::new(5, Rule::FREESTYLE).unwrap();
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        assert_eq!(moves.len(), 25);
        game.play("c3".parse().unwrap()).unwrap();
        game.legal_moves(&mut moves);
        assert_eq!(moves.len(), 24);
        assert_eq!(game.legal_move_count(), 24);
        assert!(!moves.contains(&"c3".parse().unwrap()));
        assert_eq!(game.max_remaining_plies(), Some(24));
    }

    #[test]
    fn checked_play_rejects_and_leaves_the_position() {
        let mut game = Position::new(9, Rule::CARO).unwrap();
        game.play("e5".parse().unwrap()).unwrap();
        let before = game;
        let err = game.play("e5".parse().unwrap()).unwrap_err();
        assert_eq!(
            err.reason,
            IllegalMove::Occupied {
                point: "e5".parse().unwrap(),
                by: Player::First
            }
        );
        let err = game.play("j1".parse().unwrap()).unwrap_err();
        assert!(matches!(err.reason, IllegalMove::OffBoard { size: 9, .. }));
        assert_eq!(
            err.to_string(),
            "illegal move j1: j1 is off the board: this board is 9x9"
        );
        assert_eq!(game, before);
        assert!(game.parse_move("j1").unwrap_err().is_off_board());
    }

    #[test]
    fn random_playouts_end_and_count_plies() {
        let mut rng = Rng::new(3);
        for size in [5u32, 11, 15, 20] {
            for _ in 0..50 {
                let mut game = Position::new(size, Rule::FREESTYLE).unwrap();
                let (status, plies) = game.random_playout(&mut rng, usize::MAX);
                assert!(status.is_over());
                assert_eq!(plies, game.stone_count());
                assert_eq!(game.zobrist(), game.zobrist_from_scratch());
            }
        }
        let mut game = Position::new(15, Rule::CARO).unwrap();
        assert_eq!(game.random_playout(&mut rng, 7), (Status::Ongoing, 7));
        assert_eq!(game.stone_count(), 7);
    }

    #[test]
    fn random_move_is_uniform_over_the_empty_points() {
        let mut game = Position::new(5, Rule::CARO).unwrap();
        for mv in ["a1", "c3", "e5"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let mut rng = Rng::new(9);
        let mut counts = std::collections::HashMap::new();
        for _ in 0..22_000 {
            let p = game.random_move(&mut rng).unwrap();
            assert!(game.is_legal(p));
            *counts.entry(p).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 22);
        assert!(
            counts.values().all(|&c| (800..1200).contains(&c)),
            "{counts:?}"
        );
    }
}
