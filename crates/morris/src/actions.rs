//! Integer actions, observation planes and the 16 board symmetries, for learning agents.
//!
//! **Points** are numbered here as OpenSpiel's `nine_mens_morris` numbers them: in reading
//! order of the 7 x 7 grid, top row first, left to right (0 `a7`, 1 `d7`, 2 `g7`, 3 `b6`,
//! ..., 9 `a4`, ..., 21 `a1`, 22 `d1`, 23 `g1`). This is not [`Point::index`], which runs
//! ring by ring.
//!
//! **Actions**: 15 000 ids. A move is a *base* action and a *capture slot*:
//! `id = base * 25 + slot`, where
//! - `base` is `p` (0-23) for a placement on point `p`, or `24 + from * 24 + to` (24-599) for
//!   a slide or flight from point `from` to point `to`: exactly OpenSpiel's action ids;
//! - `slot` is 0 for a move that captures nothing, or `1 + c` for a move that captures the
//!   piece on point `c`.
//!
//! OpenSpiel plays a capture as a second decision of the same player: our id `a` is
//! OpenSpiel's action `a / 25`, followed, when `a % 25 > 0`, by its action `a % 25 - 1`. Ids
//! whose slide starts and ends on the same point name no move any position can make.
//!
//! **Observation**: 8 planes of 7 x 7, the board's grid with row 0 at the top (rank 7) and
//! column 0 at the left (file a); the 25 squares that are not points stay 0 in every board
//! plane. All values are in `[0, 1]`:
//!
//! | plane | name               | value                                                       |
//! |-------|--------------------|-------------------------------------------------------------|
//! | 0     | `own`              | 1 on the points holding a piece of the `perspective` player |
//! | 1     | `opponent`         | 1 on the points holding a piece of the other player         |
//! | 2     | `points`           | 1 on the 24 points (the same in every position)             |
//! | 3     | `own_in_hand`      | everywhere, the pieces `perspective` has still to place / 9 |
//! | 4     | `opponent_in_hand` | everywhere, the pieces the other player has to place / 9    |
//! | 5     | `own_flying`       | 1 everywhere when `perspective` is in its flying phase      |
//! | 6     | `opponent_flying`  | 1 everywhere when the other player is in its flying phase   |
//! | 7     | `to_move`          | 1 everywhere when `perspective` is the side to move         |
//!
//! A player still placing has pieces in hand; one neither placing nor flying slides.
//!
//! **Symmetries**: 16. Symmetry `s` is the symmetry `s % 8` of the square (numbered as
//! [`boardgames_core::actions::dihedral`], on the grid with row 0 at the top), preceded for
//! `s >= 8` by the swap of the inner and outer rings (each point of the outer ring trades
//! places with the same point of the inner ring; the middle ring stays).
//!
//! ```
//! use boardgames_core::actions::{Actions, Observe};
//! use boardgames_core::{Game, Player};
//! use boardgames_morris::{Move, Position};
//!
//! let mut game = Position::new();
//! let id = game.action_id("a7".parse::<Move>()?);
//! assert_eq!(id, 0); // OpenSpiel's point 0, no capture
//! game.play_action(id)?;
//! let mut mask = vec![false; game.action_count()];
//! game.legal_action_mask(&mut mask)?;
//! assert_eq!(mask.iter().filter(|&&m| m).count(), 23);
//! let mut planes = [0.0; 8 * 49];
//! game.write_observation(Player::Second, &mut planes)?;
//! assert_eq!(planes[49], 1.0); // black's opponent plane: a7, top left
//! assert_eq!(planes[3 * 49], 1.0); // black has all nine pieces in hand
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::movegen::MoveSet;
use crate::{Move, Phase, Point, Points, Position, PIECES};
use boardgames_core::actions::{
    dihedral, map_grid_observation, Actions, BufferSizeError, ObservationShape, Observe,
    Symmetries, SymmetryError,
};
use boardgames_core::{Game, Player};

/// The number of base actions (OpenSpiel's): 24 placements and 24 x 24 slides.
const BASES: usize = 24 + 24 * 24;
/// The capture slots of a base action: none, or one of the 24 points.
const SLOTS: usize = 25;

/// The number of action ids: 600 base actions times 25 capture slots.
pub const ACTION_COUNT: usize = BASES * SLOTS;

/// The number of symmetries: the square's 8, with and without the ring swap.
pub const SYMMETRY_COUNT: usize = 2 * dihedral::COUNT;

/// The shape of the observation: 8 planes of 7 x 7.
pub const OBSERVATION_SHAPE: ObservationShape = ObservationShape {
    planes: 8,
    rows: 7,
    columns: 7,
};

/// The names of the observation planes, in order.
pub const OBSERVATION_PLANES: [&str; 8] = [
    "own",
    "opponent",
    "points",
    "own_in_hand",
    "opponent_in_hand",
    "own_flying",
    "opponent_flying",
    "to_move",
];

/// The square (row from the top * 7 + column) of point index `p`.
const fn square_of(p: usize) -> usize {
    let square = Point::ALL[p].square();
    (6 - square.row as usize) * 7 + square.col as usize
}

/// The point index on grid square `square` (row from the top * 7 + column), or 24 for none.
const fn point_on(square: usize) -> usize {
    let mut p = 0;
    while p < 24 && square_of(p) != square {
        p += 1;
    }
    p
}

/// `SQUARE[p]`: the grid square of point index `p`.
const SQUARE: [u8; 24] = {
    let mut table = [0; 24];
    let mut p = 0;
    while p < 24 {
        table[p] = square_of(p) as u8;
        p += 1;
    }
    table
};

/// `OPENSPIEL[p]`: the OpenSpiel number (reading order) of point index `p`.
const OPENSPIEL: [u8; 24] = {
    let mut table = [0; 24];
    let (mut square, mut next) = (0, 0);
    while square < 49 {
        let p = point_on(square);
        if p < 24 {
            table[p] = next;
            next += 1;
        }
        square += 1;
    }
    table
};

/// `POINT[n]`: the point with OpenSpiel number `n`.
const POINT: [Point; 24] = {
    let mut table = [Point::ALL[0]; 24];
    let mut p = 0;
    while p < 24 {
        table[OPENSPIEL[p] as usize] = Point::ALL[p];
        p += 1;
    }
    table
};

/// The ring swap on one grid coordinate: 0 and 2, 4 and 6 trade places.
const fn swap_rings(x: usize) -> usize {
    match x {
        0 => 2,
        2 => 0,
        4 => 6,
        6 => 4,
        x => x,
    }
}

/// Where grid square `(row, column)` goes under symmetry `s` (below 16).
const fn map_square(s: usize, row: usize, column: usize) -> (usize, usize) {
    let (row, column) = if s >= dihedral::COUNT {
        (swap_rings(row), swap_rings(column))
    } else {
        (row, column)
    };
    dihedral::map(s % dihedral::COUNT, 7, row, column)
}

/// `IMAGE[s][n]`: the OpenSpiel number of the image of point `n` (OpenSpiel number) under
/// symmetry `s`.
const IMAGE: [[u8; 24]; SYMMETRY_COUNT] = {
    let mut table = [[0; 24]; SYMMETRY_COUNT];
    let mut s = 0;
    while s < SYMMETRY_COUNT {
        let mut p = 0;
        while p < 24 {
            let square = SQUARE[p] as usize;
            let (row, column) = map_square(s, square / 7, square % 7);
            table[s][OPENSPIEL[p] as usize] = OPENSPIEL[point_on(row * 7 + column)];
            p += 1;
        }
        s += 1;
    }
    table
};

/// The OpenSpiel number of a point.
#[inline(always)]
fn number(point: Point) -> usize {
    usize::from(OPENSPIEL[point.index() as usize])
}

/// The id of `mv`: its base action times 25 plus its capture slot.
#[inline(always)]
fn id_of(mv: Move) -> usize {
    let to = number(mv.to());
    let base = match mv.from() {
        None => to,
        Some(from) => 24 + number(from) * 24 + to,
    };
    base * SLOTS + mv.capture().map_or(0, |c| 1 + number(c))
}

/// The move of an id below [`ACTION_COUNT`] (legal or not).
fn move_of(id: usize) -> Move {
    let (base, slot) = (id / SLOTS, id % SLOTS);
    let mv = if base < 24 {
        Move::place(POINT[base])
    } else {
        Move::slide(POINT[(base - 24) / 24], POINT[(base - 24) % 24])
    };
    match slot {
        0 => mv,
        slot => mv.with_capture(POINT[slot - 1]),
    }
}

impl Actions for Position {
    fn action_count(&self) -> usize {
        ACTION_COUNT
    }

    fn action_id(&self, mv: Move) -> usize {
        id_of(mv)
    }

    fn action_to_move(&self, action: usize) -> Option<Move> {
        (action < ACTION_COUNT).then(|| move_of(action))
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(ACTION_COUNT, mask.len())?;
        mask.fill(false);
        MoveSet::of(self).for_each(|mv| mask[id_of(mv)] = true);
        Ok(())
    }
}

/// Writes the points of `points` into a 7 x 7 plane.
#[inline]
fn write_points(plane: &mut [f32], points: Points) {
    plane.fill(0.0);
    for p in points.iter() {
        plane[usize::from(SQUARE[p as usize % 24])] = 1.0;
    }
}

impl Observe for Position {
    fn observation_shape(&self) -> ObservationShape {
        OBSERVATION_SHAPE
    }

    fn observation_planes(&self) -> &'static [&'static str] {
        &OBSERVATION_PLANES
    }

    fn write_observation(
        &self,
        perspective: Player,
        out: &mut [f32],
    ) -> Result<(), BufferSizeError> {
        BufferSizeError::check(OBSERVATION_SHAPE.len(), out.len())?;
        let other = perspective.opponent();
        let (boards, constants) = out.split_at_mut(3 * 49);
        let (own, rest) = boards.split_at_mut(49);
        let (opponent, points) = rest.split_at_mut(49);
        write_points(own, self.pieces(perspective));
        write_points(opponent, self.pieces(other));
        write_points(points, Points::FULL);
        let hand = |player| self.in_hand(player) as f32 / f32::from(PIECES);
        let flag = |yes: bool| f32::from(u8::from(yes));
        let values = [
            hand(perspective),
            hand(other),
            flag(self.phase(perspective) == Phase::Flying),
            flag(self.phase(other) == Phase::Flying),
            flag(self.side_to_move() == perspective),
        ];
        for (plane, value) in constants.chunks_exact_mut(49).zip(values) {
            plane.fill(value);
        }
        Ok(())
    }
}

impl Symmetries for Position {
    fn symmetry_count(&self) -> usize {
        SYMMETRY_COUNT
    }

    fn inverse_symmetry(&self, symmetry: usize) -> Result<usize, SymmetryError> {
        SymmetryError::check(symmetry, SYMMETRY_COUNT)?;
        // The ring swap commutes with the square's symmetries and is its own inverse.
        let swap = symmetry / dihedral::COUNT * dihedral::COUNT;
        Ok(swap + dihedral::INVERSE[symmetry % dihedral::COUNT])
    }

    fn action_image(&self, symmetry: usize, action: usize) -> Option<usize> {
        let table = IMAGE.get(symmetry)?;
        if action >= ACTION_COUNT {
            return None;
        }
        let image = |n: usize| usize::from(table[n]);
        let (base, slot) = (action / SLOTS, action % SLOTS);
        let base = if base < 24 {
            image(base)
        } else {
            24 + image((base - 24) / 24) * 24 + image((base - 24) % 24)
        };
        let slot = if slot == 0 { 0 } else { 1 + image(slot - 1) };
        Some(base * SLOTS + slot)
    }

    fn map_observation(
        &self,
        symmetry: usize,
        obs: &[f32],
        out: &mut [f32],
    ) -> Result<(), SymmetryError> {
        SymmetryError::check(symmetry, SYMMETRY_COUNT)?;
        map_grid_observation(OBSERVATION_SHAPE, obs, out, |r, c| {
            map_square(symmetry, r, c)
        })?;
        Ok(())
    }
}

/// The point `point` goes to under symmetry `s` (below [`SYMMETRY_COUNT`]; larger values
/// wrap around), for building symmetric positions.
pub fn map_point(s: usize, point: Point) -> Point {
    POINT[usize::from(IMAGE[s % SYMMETRY_COUNT][number(point)])]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Setup;
    use boardgames_core::ByPlayer;

    fn points(names: &[&str]) -> Points {
        names
            .iter()
            .map(|n| n.parse::<Point>().unwrap())
            .fold(Points::EMPTY, |set, p| set.with(p.index()))
    }

    fn observe(pos: &Position, perspective: Player) -> Vec<f32> {
        let mut out = vec![0.5; OBSERVATION_SHAPE.len()];
        pos.write_observation(perspective, &mut out).unwrap();
        out
    }

    #[test]
    fn points_are_numbered_as_openspiel_reads_the_board() {
        let names: Vec<String> = POINT.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            names.join(" "),
            "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1"
        );
    }

    #[test]
    fn ids_are_openspiel_bases_with_a_capture_slot() {
        let pos = Position::new();
        let id = |text: &str| pos.action_id(text.parse().unwrap());
        assert_eq!(id("a7"), 0);
        assert_eq!(id("g1"), 23 * 25);
        assert_eq!(id("d7xa7"), 25 + 1);
        // a4 (9) to a1 (21), capturing g1 (23): base 24 + 9 * 24 + 21.
        assert_eq!(id("a4-a1xg1"), (24 + 9 * 24 + 21) * 25 + 24);
        assert_eq!(move_of(id("a4-a1xg1")).to_string(), "a4-a1xg1");
        let e = pos.action_move(id("a4-a1")).unwrap_err();
        assert!(
            e.to_string().starts_with("action 6525: not legal here: "),
            "{e}"
        );
        assert!(pos.action_move(ACTION_COUNT).is_err());
    }

    #[test]
    fn in_hand_and_flying_planes_of_a_named_position() {
        // White has three pieces and none in hand (flying); black still holds one.
        let setup = Setup {
            pieces: ByPlayer::new(points(&["a1", "d2", "g7"]), points(&["b6", "d6", "f4"])),
            in_hand: ByPlayer::new(0, 1),
            side_to_move: Player::Second,
            rules: crate::Rules::default(),
        };
        let pos = setup.validate().unwrap();
        let black = observe(&pos, Player::Second);
        let plane = |view: &[f32], i: usize| view[i * 49..(i + 1) * 49].to_vec();
        assert_eq!(plane(&black, 3), vec![1.0 / 9.0; 49]);
        assert_eq!(plane(&black, 4), vec![0.0; 49]);
        assert_eq!(plane(&black, 5), vec![0.0; 49]);
        assert_eq!(plane(&black, 6), vec![1.0; 49]);
        assert_eq!(plane(&black, 7), vec![1.0; 49]);
        let white = observe(&pos, Player::First);
        assert_eq!(plane(&white, 5), vec![1.0; 49]);
        assert_eq!(plane(&white, 7), vec![0.0; 49]);
        // White's own plane: a1 is row 6 column 0, d2 row 5 column 3, g7 row 0 column 6.
        let own: Vec<usize> = (0..49).filter(|&i| white[i] == 1.0).collect();
        assert_eq!(own, vec![6, 5 * 7 + 3, 6 * 7]);
        assert_eq!(plane(&white, 2).iter().sum::<f32>(), 24.0);
    }

    #[test]
    fn the_ring_swap_trades_outer_and_inner_points() {
        let point = |n: &str| n.parse::<Point>().unwrap();
        assert_eq!(map_point(8, point("a1")), point("c3"));
        assert_eq!(map_point(8, point("d2")), point("d2"));
        assert_eq!(map_point(8, point("d5")), point("d7"));
        // A quarter turn clockwise takes a7 (top left) to g7 (top right).
        assert_eq!(map_point(1, point("a7")), point("g7"));
        assert_eq!(map_point(9, point("a7")), point("e5"));
    }
}
