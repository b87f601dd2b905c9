//! Integer actions, observation planes and the eight board symmetries, for learning agents.
//!
//! **Actions**: 81 ids, the move's [`Move::index`]: `board * 9 + cell`, boards and cells
//! numbered 0-8 left to right, top to bottom (id 0 is move `11`, the top-left cell of the
//! top-left board; id 80 is `99`). OpenSpiel's `ultimate_tic_tac_toe` has 9 actions and
//! splits a move: when sent to a board it plays action `cell`; when free to choose it plays
//! action `board` and then action `cell`. Our id `a` is that board `a / 9` and cell `a % 9`.
//!
//! **Observation**: 7 planes of 9 x 9, the whole board with row 0 at the top and column 0 at
//! the left ([`Move::row`], [`Move::column`]); all values 0 or 1:
//!
//! | plane | name              | value                                                        |
//! |-------|-------------------|--------------------------------------------------------------|
//! | 0     | `own`             | 1 on the cells marked by the `perspective` player            |
//! | 1     | `opponent`        | 1 on the cells marked by the other player                    |
//! | 2     | `own_boards`      | 1 on every cell of the small boards `perspective` has won    |
//! | 3     | `opponent_boards` | 1 on every cell of the small boards the other player has won |
//! | 4     | `drawn_boards`    | 1 on every cell of the small boards full without a line      |
//! | 5     | `sent_to`         | 1 on every cell of the boards the side to move may play in: the board it was sent to, or every unfinished board when the choice is free (all 0 once the game is over) |
//! | 6     | `to_move`         | 1 everywhere when `perspective` is the side to move          |
//!
//! **Symmetries**: the 8 symmetries of the square applied to the whole 9 x 9 board (they
//! take small boards to small boards), numbered as [`boardgames_core::grid3::SYMMETRIES`].
//!
//! ```
//! use boardgames_core::actions::{Actions, Observe};
//! use boardgames_core::{Game, Player};
//! use boardgames_ultimate::Position;
//!
//! let mut game = Position::new();
//! game.play_action(4 * 9 + 2)?; // move 53: the centre board's top-right cell
//! let mut mask = [false; 81];
//! game.legal_action_mask(&mut mask)?;
//! assert_eq!(mask.iter().filter(|&&m| m).count(), 9); // O is sent to board 3
//! let mut planes = [0.0; 7 * 81];
//! game.write_observation(Player::Second, &mut planes)?;
//! assert_eq!(planes[5 * 81 + 7], 1.0); // sent_to: row 0, column 7 is in board 3
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Boards, Move, Position};
use boardgames_core::actions::{
    dihedral, write_bit_mask, write_bit_plane, Actions, BufferSizeError, ObservationShape, Observe,
    Symmetries,
};
use boardgames_core::{Game, Player};

/// The number of action ids: one per cell of the 9 x 9 board.
pub const ACTION_COUNT: usize = 81;

/// The shape of the observation: 7 planes of 9 x 9.
pub const OBSERVATION_SHAPE: ObservationShape = ObservationShape {
    planes: 7,
    rows: 9,
    columns: 9,
};

/// The names of the observation planes, in order.
pub const OBSERVATION_PLANES: [&str; 7] = [
    "own",
    "opponent",
    "own_boards",
    "opponent_boards",
    "drawn_boards",
    "sent_to",
    "to_move",
];

/// `BIT_OF_SQUARE[row * 9 + column]` is the cell index (the [`crate::Cells`] bit) of that square.
const BIT_OF_SQUARE: [u8; 81] = bit_of_square();

const fn bit_of_square() -> [u8; 81] {
    let mut table = [0; 81];
    let mut square = 0;
    while square < 81 {
        let (row, column) = (square / 9, square % 9);
        table[square] = ((row / 3 * 3 + column / 3) * 9 + row % 3 * 3 + column % 3) as u8;
        square += 1;
    }
    table
}

/// `ACTION_IMAGE[s][id]` is the id of the image of move `id` under symmetry `s`.
const ACTION_IMAGE: [[u8; 81]; 8] = action_images();

const fn action_images() -> [[u8; 81]; 8] {
    let mut table = [[0; 81]; 8];
    let mut s = 0;
    while s < 8 {
        let mut square = 0;
        while square < 81 {
            let image = dihedral::map_index(s, 9, square);
            table[s][BIT_OF_SQUARE[square] as usize] = BIT_OF_SQUARE[image];
            square += 1;
        }
        s += 1;
    }
    table
}

/// Writes a 9 x 9 row-major plane from nine 9-bit small-board masks (bit `c` of `grids[b]`
/// for cell `c` of board `b`): each row of the whole board is three 3-cell rows of boards.
#[inline]
fn write_grids(plane: &mut [f32], grids: &[u16; 9]) {
    for (row, line) in plane.chunks_exact_mut(9).enumerate() {
        let (band, shift) = (row / 3 * 3, 3 * (row % 3));
        let chunk = |k: usize| u32::from(grids[band + k] >> shift) & 7;
        write_bit_plane(line, (chunk(0) | chunk(1) << 3 | chunk(2) << 6).into());
    }
}

/// The small-board masks of the boards in `boards`: every cell of each.
#[inline]
fn grids_of(boards: Boards) -> [u16; 9] {
    core::array::from_fn(|b| if boards.contains(b as u32) { 0x1FF } else { 0 })
}

impl Actions for Position {
    fn action_count(&self) -> usize {
        ACTION_COUNT
    }

    fn action_id(&self, mv: Move) -> usize {
        usize::from(mv.index())
    }

    fn action_to_move(&self, action: usize) -> Option<Move> {
        u8::try_from(action).ok().and_then(Move::from_index)
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(ACTION_COUNT, mask.len())?;
        let legal = self.legal_mask().0;
        write_bit_mask(mask, legal);
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
        let other = perspective.opponent();
        let grids = [
            *self.board_masks(perspective),
            *self.board_masks(other),
            grids_of(self.boards_won(perspective)),
            grids_of(self.boards_won(other)),
            grids_of(self.drawn_boards()),
            grids_of(self.playable_boards()),
        ];
        let (board_planes, to_move) = out.split_at_mut(grids.len() * 81);
        for (grids, plane) in grids.iter().zip(board_planes.chunks_exact_mut(81)) {
            write_grids(plane, grids);
        }
        to_move.fill(f32::from(u8::from(self.side_to_move() == perspective)));
        Ok(())
    }
}

/// The square's symmetries (the trait's defaults) on the whole 9 x 9 board.
impl Symmetries for Position {
    fn action_image(&self, symmetry: usize, action: usize) -> Option<usize> {
        let image = ACTION_IMAGE.get(symmetry)?.get(action)?;
        Some(usize::from(*image))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plane(pos: &Position, perspective: Player, name: &str) -> Vec<f32> {
        let mut out = vec![0.5; OBSERVATION_SHAPE.len()];
        pos.write_observation(perspective, &mut out).unwrap();
        let p = OBSERVATION_PLANES.iter().position(|&n| n == name).unwrap();
        out[p * 81..(p + 1) * 81].to_vec()
    }

    /// The squares (row * 9 + column) set in a plane.
    fn squares(plane: &[f32]) -> Vec<usize> {
        (0..81).filter(|&i| plane[i] == 1.0).collect()
    }

    fn after(moves: &[&str]) -> Position {
        let mut pos = Position::new();
        for mv in moves {
            pos.play(mv.parse().unwrap()).unwrap();
        }
        pos
    }

    #[test]
    fn the_sent_to_plane_is_the_board_the_last_move_points_at() {
        // X plays the centre board's top-right cell: O is sent to board 3 (top right).
        let pos = after(&["53"]);
        let sent = plane(&pos, Player::Second, "sent_to");
        let want: Vec<usize> = (0..3)
            .flat_map(|r| (6..9).map(move |c| r * 9 + c))
            .collect();
        assert_eq!(squares(&sent), want);
        // The plane does not depend on the perspective.
        assert_eq!(plane(&pos, Player::First, "sent_to"), sent);
        // X's own mark: row 3, column 5.
        assert_eq!(squares(&plane(&pos, Player::First, "own")), vec![3 * 9 + 5]);
        assert_eq!(squares(&plane(&pos, Player::Second, "opponent")), vec![32]);
        // A free choice at the start: every cell.
        assert_eq!(
            squares(&plane(&Position::new(), Player::First, "sent_to")).len(),
            81
        );
    }

    #[test]
    fn a_won_board_fills_its_board_plane() {
        // X has won the top-left board with its top row; O has one mark in each of the next
        // two boards and moves anywhere (X's last move sent it to the finished board).
        let setup = crate::Setup {
            marks: boardgames_core::ByPlayer::new(
                crate::Cells(0b111),
                crate::Cells(1 << 9 | 1 << 18),
            ),
            side_to_move: Player::Second,
            forced_board: None,
            rules: crate::Rules::STANDARD,
        };
        let pos = setup.validate().unwrap();
        assert_eq!(pos.boards_won(Player::First).0, 1);
        let won = squares(&plane(&pos, Player::First, "own_boards"));
        assert_eq!(won, vec![0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(
            squares(&plane(&pos, Player::Second, "opponent_boards")),
            won
        );
        assert!(squares(&plane(&pos, Player::First, "drawn_boards")).is_empty());
        assert_eq!(plane(&pos, Player::Second, "to_move"), vec![1.0; 81]);
    }

    #[test]
    fn ids_are_board_major_and_errors_are_typed() {
        let pos = after(&["53"]);
        assert_eq!(pos.action_id("53".parse().unwrap()), 38);
        assert_eq!(pos.action_move(2 * 9).unwrap().to_string(), "31");
        let e = pos.action_move(0).unwrap_err();
        assert_eq!(e.action, 0);
        assert!(
            e.to_string().starts_with("action 0: not legal here: "),
            "{e}"
        );
        assert!(pos.action_move(81).is_err());
        // A quarter turn clockwise takes the top-left cell (move 11) to the top-right one (33).
        assert_eq!(pos.map_action(1, 0), Ok(2 * 9 + 2));
    }
}
