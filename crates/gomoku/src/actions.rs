//! Integer actions, observation planes and the eight board symmetries, for learning agents:
//! on the plain game ([`Position`]) and on a game under an opening rule ([`OpeningGame`]).
//!
//! **Squares.** A point of an `n` x `n` board is square `row * n + column` counted from the
//! *top-left* corner (row 0 is the top row, rank `n`; column 0 is file `a`): square 0 is `a15`
//! on 15 x 15, square 224 is `o1`. Observation planes are laid out the same way, so a mask
//! reshaped to `n` x `n` lies over the planes. OpenSpiel's `gomoku` (two dimensions) numbers
//! its cells `i * n + j`: its ids are our ids, reading its coordinate `(i, j)` as our row `i`
//! from the top and column `j`. (OpenSpiel's gomoku lets any run of `connect` or more stones
//! win: compare it with [`crate::Rule::FREESTYLE`].)
//!
//! **Actions of [`Position`]**: `n * n` ids, the square of the stone's point.
//!
//! **Actions of [`OpeningGame`]**: without an opening rule, the same `n * n` ids. Under an
//! opening rule, `3 * n * n + 13` ids:
//!
//! | ids                       | move                                         |
//! |---------------------------|----------------------------------------------|
//! | `0 .. n*n`                | a stone on the square: `h8`                  |
//! | `n*n`                     | choose black: `black`                        |
//! | `n*n + 1`                 | choose white: `white`                        |
//! | `n*n + 2`                 | Swap2's two more stones: `place2`            |
//! | `n*n + 3 .. n*n + 13`     | declare 1 to 10 fifth moves: `declare:k` is `n*n + 2 + k` |
//! | `n*n + 13 .. 2*n*n + 13`  | offer the square as a fifth move: `offer:h8` |
//! | `2*n*n + 13 .. 3*n*n + 13`| pick the offered square: `pick:h8`           |
//!
//! **Observation of [`Position`]**: 5 planes of `n` x `n`, all values 0 or 1:
//!
//! | plane | name        | value                                                              |
//! |-------|-------------|--------------------------------------------------------------------|
//! | 0     | `own`       | 1 on the stones of the `perspective` colour                        |
//! | 1     | `opponent`  | 1 on the stones of the other colour                                |
//! | 2     | `to_move`   | 1 everywhere when `perspective` is the side to move                |
//! | 3     | `black`     | 1 everywhere when `perspective` plays black                        |
//! | 4     | `forbidden` | 1 on the empty points forbidden to a colour the rule restricts (renju: black's double threes, double fours and overlines), whoever is to move; all 0 under the other rules |
//!
//! **Observation of [`OpeningGame`]**: the same 5 planes, `perspective` being a seat that
//! plays its colour (while the opening has not decided the colours, the colour it would
//! play: the first seat black), then 4 more:
//!
//! | plane | name          | value                                                          |
//! |-------|---------------|----------------------------------------------------------------|
//! | 5     | `offers`      | 1 on the fifth moves offered so far (not on the board yet)     |
//! | 6     | `in_opening`  | 1 everywhere while the opening rule constrains the moves       |
//! | 7     | `colours_open`| 1 everywhere while the opening has not decided who plays black |
//! | 8     | `offer_count` | everywhere, the number of fifth moves to offer / 10 (0 until declared) |
//!
//! **Symmetries**: the 8 symmetries of the square on the `n` x `n` grid (row 0 at the top),
//! numbered as [`boardgames_core::actions::dihedral`]. Ids that are not points (colour
//! choices, `place2`, declarations) map to themselves.
//!
//! The mask and observation writers allocate nothing; under renju they test the empty points
//! for black's forbidden shapes, as the move generator does. During an opening's steps the
//! mask of an [`OpeningGame`] lists the moves the way [`Game::legal_moves`] does (a move list
//! that spills to the heap on boards above 16 x 16); after them it is the plain game's.
//!
//! ```
//! use boardgames_core::actions::{Actions, Observe, Symmetries};
//! use boardgames_core::{Game, Player};
//! use boardgames_gomoku::{Position, Rule};
//!
//! let mut game = Position::new(15, Rule::FREESTYLE)?;
//! let h8 = game.parse_move("h8")?;
//! assert_eq!(game.action_id(h8), 7 * 15 + 7);
//! game.play_action(game.action_id(game.parse_move("a15")?))?; // square 0, top left
//! let mut mask = vec![false; game.action_count()];
//! game.legal_action_mask(&mut mask)?;
//! assert!(!mask[0] && mask[1]);
//! let mut planes = vec![0.0; game.observation_shape().len()];
//! game.write_observation(Player::First, &mut planes)?;
//! assert_eq!(planes[0], 1.0); // black's own stone on a15
//! assert_eq!(game.map_action(1, 0)?, 14); // a quarter turn takes a15 to o15
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::opening::{Colour, Move, OpeningGame};
use crate::{Point, PointSet, Position};
use boardgames_core::actions::{
    dihedral, write_bit_plane, Actions, BufferSizeError, ObservationShape, Observe, Symmetries,
};
use boardgames_core::{Game, MoveList, Player};

/// The names of the observation planes of [`Position`], in order.
pub const OBSERVATION_PLANES: [&str; 5] = ["own", "opponent", "to_move", "black", "forbidden"];

/// The names of the observation planes of [`OpeningGame`], in order.
pub const OPENING_OBSERVATION_PLANES: [&str; 9] = [
    "own",
    "opponent",
    "to_move",
    "black",
    "forbidden",
    "offers",
    "in_opening",
    "colours_open",
    "offer_count",
];

/// The ids after the `n * n` stones that are not points: black, white, place2, and the
/// declarations of 1 to 10 fifth moves.
const CHOICES: usize = 13;

/// The most fifth moves a declaration may name ([`Move::Declare`]).
const MAX_DECLARED: usize = 10;

/// The square of `point` on an `n` x `n` board (`n * n` when the point is off the board).
#[inline]
pub(crate) fn square(point: Point, n: usize) -> usize {
    let (row, column) = (usize::from(point.row()), usize::from(point.col()));
    if row < n && column < n {
        (n - 1 - row) * n + column
    } else {
        n * n
    }
}

/// The point on square `square` (below `n * n`) of an `n` x `n` board.
#[inline]
pub(crate) fn point_on(square: usize, n: usize) -> Option<Point> {
    let row = n - 1 - square / n;
    Point::new((square % n) as u8, row as u8)
}

/// Writes the points of `set` into the squares of an `n` x `n` plane.
#[inline]
fn write_set(plane: &mut [f32], set: &PointSet, n: usize) {
    for (row, &word) in set.rows.iter().take(n).enumerate() {
        write_bit_plane(&mut plane[(n - 1 - row) * n..(n - row) * n], word.into());
    }
}

/// Writes the points of `set` into the squares of an `n` x `n` mask.
#[inline]
fn write_mask(mask: &mut [bool], set: &PointSet, n: usize) {
    for (row, word) in set.rows.iter().take(n).enumerate() {
        let line = &mut mask[(n - 1 - row) * n..(n - row) * n];
        for (column, value) in line.iter_mut().enumerate() {
            *value = (word >> column) & 1 != 0;
        }
    }
}

/// The shape of `planes` planes on an `n` x `n` board.
const fn shape(planes: usize, n: usize) -> ObservationShape {
    ObservationShape {
        planes,
        rows: n,
        columns: n,
    }
}

impl Position {
    /// The board's side `n`, as a `usize`.
    #[inline]
    fn side(&self) -> usize {
        usize::from(self.size())
    }

    /// The points the side to move may play now (empty once the game is over).
    fn legal_points(&self) -> PointSet {
        if self.status.is_over() {
            PointSet::EMPTY
        } else if self.mover_restricted() {
            self.empty_points()
                .difference(&self.forbidden_points(self.to_move))
        } else {
            self.empty_points()
        }
    }

    /// Writes the five stone-level planes for a viewer playing `colour`; `out` holds them.
    fn write_stone_planes(&self, colour: Player, to_move: bool, out: &mut [f32]) {
        let n = self.side();
        let mut planes = out.chunks_exact_mut(n * n);
        let mut next = || planes.next().unwrap_or_default();
        write_set(next(), self.stones(colour), n);
        write_set(next(), self.stones(colour.opponent()), n);
        next().fill(f32::from(u8::from(to_move)));
        next().fill(f32::from(u8::from(colour == Player::First)));
        let forbidden = self
            .forbidden_points(Player::First)
            .union(&self.forbidden_points(Player::Second));
        write_set(next(), &forbidden, n);
    }
}

impl Actions for Position {
    fn action_count(&self) -> usize {
        self.side() * self.side()
    }

    /// The square of the point; [`Actions::action_count`] (no id) for a point off this board.
    fn action_id(&self, mv: Point) -> usize {
        square(mv, self.side())
    }

    fn action_to_move(&self, action: usize) -> Option<Point> {
        let n = self.side();
        (action < n * n).then(|| point_on(action, n)).flatten()
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.action_count(), mask.len())?;
        write_mask(mask, &self.legal_points(), self.side());
        Ok(())
    }
}

impl Observe for Position {
    fn observation_shape(&self) -> ObservationShape {
        shape(OBSERVATION_PLANES.len(), self.side())
    }

    fn observation_planes(&self) -> &'static [&'static str] {
        &OBSERVATION_PLANES
    }

    fn write_observation(
        &self,
        perspective: Player,
        out: &mut [f32],
    ) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.observation_shape().len(), out.len())?;
        self.write_stone_planes(perspective, self.side_to_move() == perspective, out);
        Ok(())
    }
}

/// The square's symmetries (the trait's defaults) on the squares, which are the ids.
impl Symmetries for Position {
    fn action_image(&self, symmetry: usize, action: usize) -> Option<usize> {
        dihedral::image(symmetry, self.side(), action)
    }
}

/// The segments of an [`OpeningGame`]'s ids: where each kind of move starts.
#[derive(Clone, Copy)]
struct Layout {
    /// The board's side.
    n: usize,
    /// The number of ids: `n * n`, or `3 * n * n + 13` under an opening rule.
    count: usize,
}

impl Layout {
    fn of(game: &OpeningGame) -> Layout {
        let n = game.position().side();
        let count = match game.opening() {
            Some(_) => 3 * n * n + CHOICES,
            None => n * n,
        };
        Layout { n, count }
    }

    fn offers(self) -> usize {
        self.n * self.n + CHOICES
    }

    fn picks(self) -> usize {
        self.offers() + self.n * self.n
    }

    /// The id of `mv` (`count` when it has none: a point off the board, a declaration out
    /// of range, a non-stone move without an opening rule).
    fn id(self, mv: Move) -> usize {
        let nn = self.n * self.n;
        let point = |base: usize, p: Point| match square(p, self.n) {
            sq if sq < nn => base + sq,
            _ => self.count,
        };
        let id = match mv {
            Move::Stone(p) => point(0, p),
            Move::Choose(Colour::Black) => nn,
            Move::Choose(Colour::White) => nn + 1,
            Move::PlaceTwo => nn + 2,
            Move::Declare(k) if (1..=MAX_DECLARED).contains(&usize::from(k)) => {
                nn + 2 + usize::from(k)
            }
            Move::Declare(_) => self.count,
            Move::Offer(p) => point(self.offers(), p),
            Move::Pick(p) => point(self.picks(), p),
        };
        id.min(self.count)
    }

    /// The move of an id below `count`.
    fn move_of(self, id: usize) -> Option<Move> {
        let nn = self.n * self.n;
        let point = |sq: usize| point_on(sq, self.n);
        Some(match id {
            _ if id >= self.count => return None,
            _ if id < nn => Move::Stone(point(id)?),
            _ if id == nn => Move::Choose(Colour::Black),
            _ if id == nn + 1 => Move::Choose(Colour::White),
            _ if id == nn + 2 => Move::PlaceTwo,
            _ if id < self.offers() => Move::Declare((id - nn - 2) as u8),
            _ if id < self.picks() => Move::Offer(point(id - self.offers())?),
            _ => Move::Pick(point(id - self.picks())?),
        })
    }

    /// The image of id `id` (below `count`) under symmetry `s`.
    fn map(self, s: usize, id: usize) -> usize {
        let nn = self.n * self.n;
        match id {
            _ if id < nn => dihedral::map_index(s, self.n, id),
            _ if id < self.offers() => id,
            _ if id < self.picks() => {
                self.offers() + dihedral::map_index(s, self.n, id - self.offers())
            }
            _ => self.picks() + dihedral::map_index(s, self.n, id - self.picks()),
        }
    }
}

impl Actions for OpeningGame {
    fn action_count(&self) -> usize {
        Layout::of(self).count
    }

    /// The id of the move (see the table above); [`Actions::action_count`] (no id) for a point
    /// off this board, a declaration of more than 10, or a choice without an opening rule.
    fn action_id(&self, mv: Move) -> usize {
        Layout::of(self).id(mv)
    }

    fn action_to_move(&self, action: usize) -> Option<Move> {
        Layout::of(self).move_of(action)
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        let layout = Layout::of(self);
        BufferSizeError::check(layout.count, mask.len())?;
        if self.in_opening() && !self.status().is_over() {
            mask.fill(false);
            let mut moves = MoveList::new();
            self.legal_moves(&mut moves);
            for mv in moves {
                mask[layout.id(mv)] = true;
            }
        } else {
            let (stones, rest) = mask.split_at_mut(layout.n * layout.n);
            write_mask(stones, &self.position().legal_points(), layout.n);
            rest.fill(false);
        }
        Ok(())
    }
}

impl Observe for OpeningGame {
    fn observation_shape(&self) -> ObservationShape {
        shape(OPENING_OBSERVATION_PLANES.len(), self.position().side())
    }

    fn observation_planes(&self) -> &'static [&'static str] {
        &OPENING_OBSERVATION_PLANES
    }

    fn write_observation(
        &self,
        perspective: Player,
        out: &mut [f32],
    ) -> Result<(), BufferSizeError> {
        BufferSizeError::check(self.observation_shape().len(), out.len())?;
        let n = self.position().side();
        let colour = self
            .colour_of(perspective)
            .unwrap_or(Colour::of_player(perspective));
        let to_move = self.side_to_move() == perspective;
        let (stone_planes, rest) = out.split_at_mut(OBSERVATION_PLANES.len() * n * n);
        self.position()
            .write_stone_planes(colour.as_player(), to_move, stone_planes);
        let (offers, flags) = rest.split_at_mut(n * n);
        write_set(offers, self.offers(), n);
        let values = [
            f32::from(u8::from(self.in_opening())),
            f32::from(u8::from(self.seat_of(Colour::Black).is_none())),
            f32::from(self.offer_count().unwrap_or(0)) / MAX_DECLARED as f32,
        ];
        for (plane, value) in flags.chunks_exact_mut(n * n).zip(values) {
            plane.fill(value);
        }
        Ok(())
    }
}

/// The square's symmetries (the trait's defaults): on the stones, offers and picks by their
/// squares; the other ids stay.
impl Symmetries for OpeningGame {
    fn action_image(&self, symmetry: usize, action: usize) -> Option<usize> {
        let layout = Layout::of(self);
        (symmetry < dihedral::COUNT && action < layout.count).then(|| layout.map(symmetry, action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opening::Opening;
    use crate::{Rule, Setup};
    use boardgames_core::ByPlayer;

    fn set(names: &[&str]) -> PointSet {
        names.iter().map(|n| n.parse::<Point>().unwrap()).collect()
    }

    fn plane<G: Observe>(game: &G, perspective: Player, name: &str) -> Vec<f32> {
        let shape = game.observation_shape();
        let mut out = vec![0.5; shape.len()];
        game.write_observation(perspective, &mut out).unwrap();
        let p = game.observation_planes().iter().position(|&n| n == name);
        let p = p.unwrap();
        out[p * shape.plane_len()..(p + 1) * shape.plane_len()].to_vec()
    }

    fn squares_set(plane: &[f32]) -> Vec<usize> {
        (0..plane.len()).filter(|&i| plane[i] == 1.0).collect()
    }

    #[test]
    fn the_forbidden_plane_shows_blacks_double_three_under_renju() {
        let setup = Setup {
            stones: ByPlayer::new(
                set(&["h9", "h7", "g8", "i8"]),
                set(&["a1", "c1", "e1", "g1"]),
            ),
            to_move: Player::First,
            size: 15,
            rule: Rule::RENJU,
        };
        let game = setup.validate().unwrap();
        let h8 = square("h8".parse().unwrap(), 15);
        assert_eq!(h8, 7 * 15 + 7);
        let forbidden = plane(&game, Player::Second, "forbidden");
        assert_eq!(squares_set(&forbidden), vec![h8]);
        assert_eq!(plane(&game, Player::First, "forbidden"), forbidden);
        let mut mask = vec![true; 225];
        game.legal_action_mask(&mut mask).unwrap();
        assert!(!mask[h8] && mask[h8 + 2]); // h8 forbidden, j8 free
        let e = game.action_move(h8).unwrap_err();
        assert!(
            e.to_string().starts_with("action 112: not legal here: "),
            "{e}"
        );
        // The same stones under the standard rule forbid nothing.
        let standard = Setup {
            rule: Rule::STANDARD,
            ..setup
        }
        .validate()
        .unwrap();
        assert!(squares_set(&plane(&standard, Player::First, "forbidden")).is_empty());
        assert_eq!(plane(&game, Player::First, "black"), vec![1.0; 225]);
        assert_eq!(plane(&game, Player::Second, "black"), vec![0.0; 225]);
    }

    #[test]
    fn swap2_choices_have_their_ids_and_planes() {
        let mut game = OpeningGame::new(15, Rule::STANDARD, Some(Opening::Swap2)).unwrap();
        assert_eq!(game.action_count(), 3 * 225 + 13);
        for text in ["h8", "h9", "j10"] {
            game.play(game.parse_move(text).unwrap()).unwrap();
        }
        let mut mask = vec![false; game.action_count()];
        game.legal_action_mask(&mut mask).unwrap();
        let legal: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
        assert_eq!(legal, vec![225, 226, 227]);
        assert_eq!(game.action_move(227), Ok(Move::PlaceTwo));
        assert_eq!(plane(&game, Player::Second, "colours_open"), vec![1.0; 225]);
        assert_eq!(plane(&game, Player::Second, "in_opening"), vec![1.0; 225]);
        // The second seat takes black: the three stones' two blacks become its own.
        game.play_action(225).unwrap();
        assert_eq!(plane(&game, Player::Second, "colours_open"), vec![0.0; 225]);
        assert_eq!(squares_set(&plane(&game, Player::Second, "own")).len(), 2);
        assert_eq!(squares_set(&plane(&game, Player::First, "own")).len(), 1);
        assert_eq!(game.map_action(3, 226), Ok(226));
    }

    #[test]
    fn every_opening_id_names_its_move_and_back() {
        let game = OpeningGame::new(15, Rule::RENJU, Some(Opening::Taraguchi10)).unwrap();
        let layout = Layout::of(&game);
        for id in 0..layout.count {
            let mv = layout.move_of(id).unwrap();
            assert_eq!(game.action_id(mv), id, "{mv}");
        }
        assert_eq!(game.action_id(Move::Declare(3)), 225 + 5);
        assert_eq!(game.action_id(Move::Declare(11)), layout.count);
        assert!(game.action_move(layout.count).is_err());
        let plain = OpeningGame::new(11, Rule::CARO, None).unwrap();
        assert_eq!(plain.action_count(), 121);
        assert_eq!(plain.action_id(Move::PlaceTwo), 121);
        let off: Point = "t20".parse().unwrap();
        assert_eq!(plain.position().action_id(off), 121);
    }
}
