//! Integer actions, observation planes and the eight board symmetries, for learning agents.
//!
//! **Actions**: 9 ids, the cell's [`Cell::index`]: `row * 3 + column` from the top-left, so
//! id 0 is `a3`, 4 is `b2` and 8 is `c1`. These are OpenSpiel's `tic_tac_toe` action ids.
//!
//! **Observation**: 3 planes of 3 x 3 (row 0 at the top, as the ids), all values 0 or 1:
//!
//! | plane | name       | value                                                  |
//! |-------|------------|--------------------------------------------------------|
//! | 0     | `own`      | 1 on the cells marked by the `perspective` player      |
//! | 1     | `opponent` | 1 on the cells marked by the other player              |
//! | 2     | `to_move`  | 1 everywhere when `perspective` is the side to move    |
//!
//! **Symmetries**: the 8 symmetries of the square, numbered as
//! [`boardgames_core::grid3::SYMMETRIES`] (the same as [`Position::transformed`]).
//!
//! ```
//! use boardgames_core::actions::{Actions, Observe, Symmetries};
//! use boardgames_core::{Game, Player};
//! use boardgames_tictactoe::Position;
//!
//! let mut game = Position::new();
//! game.play_action(4)?; // X in the centre, b2
//! let mut mask = [false; 9];
//! game.legal_action_mask(&mut mask)?;
//! assert_eq!(mask.iter().filter(|&&m| m).count(), 8);
//! let mut planes = [0.0; 27];
//! game.write_observation(Player::First, &mut planes)?;
//! assert_eq!(planes[4], 1.0); // X's own plane holds the centre
//! assert_eq!(game.map_action(1, 0)?, 2); // a quarter turn clockwise takes a3 to c3
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Cell, Position};
use boardgames_core::actions::{
    write_bit_mask, write_bit_plane, Actions, BufferSizeError, ObservationShape, Observe,
    Symmetries,
};
use boardgames_core::{grid3, Game, Player};

/// The number of action ids: one per cell.
pub const ACTION_COUNT: usize = 9;

/// The shape of the observation: 3 planes of 3 x 3.
pub const OBSERVATION_SHAPE: ObservationShape = ObservationShape {
    planes: 3,
    rows: 3,
    columns: 3,
};

/// The names of the observation planes, in order.
pub const OBSERVATION_PLANES: [&str; 3] = ["own", "opponent", "to_move"];

impl Position {
    /// The cells legal now, as a 9-bit mask: the empty cells of a live game.
    fn legal_cells(&self) -> u16 {
        if self.status().is_over() {
            0
        } else {
            self.empty_cells().0
        }
    }
}

impl Actions for Position {
    fn action_count(&self) -> usize {
        ACTION_COUNT
    }

    fn action_id(&self, mv: Cell) -> usize {
        mv.index() as usize
    }

    fn action_to_move(&self, action: usize) -> Option<Cell> {
        u32::try_from(action).ok().and_then(Cell::from_index)
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(ACTION_COUNT, mask.len())?;
        let legal = self.legal_cells();
        write_bit_mask(mask, legal.into());
        Ok(())
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
        let (own, rest) = out.split_at_mut(9);
        let (opponent, to_move) = rest.split_at_mut(9);
        write_bit_plane(own, self.marks(perspective).0.into());
        write_bit_plane(opponent, self.marks(perspective.opponent()).0.into());
        to_move.fill(f32::from(u8::from(self.side_to_move() == perspective)));
        Ok(())
    }
}

/// The square's symmetries (the trait's defaults) on the cells, which are the ids.
impl Symmetries for Position {
    fn action_image(&self, symmetry: usize, action: usize) -> Option<usize> {
        let image = grid3::SYMMETRIES.get(symmetry)?.get(action)?;
        Some(usize::from(*image))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::actions::{ActionErrorReason, SymmetryError};

    fn observe(pos: &Position, perspective: Player) -> [f32; 27] {
        let mut out = [0.5; 27];
        pos.write_observation(perspective, &mut out).unwrap();
        out
    }

    #[test]
    fn planes_of_a_named_position() {
        // X on a3 and b2, O on c3; X to move... no: two X and one O, so O is to move.
        let pos: Position = "X.O/.X./...".parse().unwrap();
        let o = observe(&pos, Player::Second);
        assert_eq!(&o[..9], &[0., 0., 1., 0., 0., 0., 0., 0., 0.]);
        assert_eq!(&o[9..18], &[1., 0., 0., 0., 1., 0., 0., 0., 0.]);
        assert_eq!(&o[18..], &[1.0; 9]);
        let x = observe(&pos, Player::First);
        assert_eq!(&x[..9], &o[9..18]);
        assert_eq!(&x[18..], &[0.0; 9]);
    }

    #[test]
    fn ids_are_openspiel_cells_and_errors_are_typed() {
        let pos: Position = "X../.../...".parse().unwrap();
        assert_eq!(pos.action_id("a3".parse().unwrap()), 0);
        assert_eq!(pos.action_id("c1".parse().unwrap()), 8);
        let e = pos.action_move(0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "action 0: not legal here: this cell already has a mark"
        );
        let e = pos.action_move(9).unwrap_err();
        assert_eq!(e.reason, ActionErrorReason::OutOfRange { count: 9 });
        let mut mask = [true; 9];
        pos.legal_action_mask(&mut mask).unwrap();
        assert_eq!(
            mask,
            [false, true, true, true, true, true, true, true, true]
        );
        assert!(pos.legal_action_mask(&mut [false; 8]).is_err());
        assert_eq!(
            pos.map_action(8, 0),
            Err(SymmetryError::Symmetry {
                symmetry: 8,
                count: 8
            })
        );
    }

    #[test]
    fn a_finished_game_has_an_empty_mask() {
        let pos: Position = "XXX/OO./...".parse().unwrap();
        let mut mask = [true; 9];
        pos.legal_action_mask(&mut mask).unwrap();
        assert_eq!(mask, [false; 9]);
        assert!(pos.action_move(8).is_err());
    }
}
