//! Integer actions, observation tensors and board symmetries, for learning agents.
//!
//! A learning agent sees a game as a fixed set of action ids `0..action_count()`, a mask of the
//! ids legal now, and one or more planes of `f32` describing the position. Three traits give
//! that view on top of [`Game`]:
//! - [`Actions`]: the move <-> id map and the legal-action mask;
//! - [`Observe`]: the observation tensor, planes-major (`[plane][row][column]`), written into
//!   the caller's buffer;
//! - [`Symmetries`]: the symmetries of the board, mapping action ids and observations, for data
//!   augmentation.
//!
//! The writers take the caller's buffers and allocate nothing, so a training loop can step
//! millions of positions through them. Every bad input (an id out of range, a buffer of the
//! wrong length, a symmetry index past the last) gets a typed error and writes nothing.
//!
//! A game gives its tables and the traits' provided methods do the checking and the mapping:
//! [`Actions::action_to_move`] (what an id names) gives [`Actions::action_move`], and
//! [`Symmetries::action_image`] (where an id goes) gives [`Symmetries::map_action`]. The
//! symmetries default to the 8 of the square ([`dihedral`]), moving the cells of every plane
//! through [`map_dihedral_observation`]; a game with other symmetries overrides them, mapping
//! its planes with [`map_grid_observation`] (any permutation of the grid's cells).
//! [`write_bit_plane`] writes a bitboard as a plane.
//!
//! ```
//! use boardgames_core::actions::{ActionError, ActionErrorReason, BufferSizeError};
//!
//! let error = ActionError { action: 42, reason: ActionErrorReason::OutOfRange { count: 9 } };
//! assert_eq!(error.to_string(), "action 42: out of range (the game has 9 actions)");
//! let error = BufferSizeError { expected: 9, found: 10 };
//! assert_eq!(error.to_string(), "buffer of length 10, expected 9");
//! ```

use crate::matches::{Match, MatchRules};
use crate::{Game, Player};

/// An action id that is not a legal move here.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("action {action}: {reason}")]
pub struct ActionError {
    /// The rejected id.
    pub action: usize,
    /// Why it was rejected.
    pub reason: ActionErrorReason,
}

/// Why an action id was rejected ([`ActionError`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ActionErrorReason {
    /// The id is not below [`Actions::action_count`].
    #[error("out of range (the game has {count} actions)")]
    OutOfRange {
        /// The number of action ids of the game.
        count: usize,
    },
    /// The id names a move of the game that is not legal in this position (or no move the
    /// position can make at all); `reason` says why, in the words of the game's own
    /// [`Game::check_move`] error where the id names a move.
    #[error("not legal here: {reason}")]
    Illegal {
        /// The reason, as text.
        reason: String,
    },
}

impl ActionError {
    /// The error for an id past the last one.
    pub fn out_of_range(action: usize, count: usize) -> ActionError {
        ActionError {
            action,
            reason: ActionErrorReason::OutOfRange { count },
        }
    }

    /// The error for an id that is not legal here, with the reason as text.
    pub fn illegal(action: usize, reason: impl std::fmt::Display) -> ActionError {
        ActionError {
            action,
            reason: ActionErrorReason::Illegal {
                reason: reason.to_string(),
            },
        }
    }
}

/// A caller's buffer of the wrong length. Nothing was written to it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("buffer of length {found}, expected {expected}")]
pub struct BufferSizeError {
    /// The length the operation needs.
    pub expected: usize,
    /// The length it was given.
    pub found: usize,
}

impl BufferSizeError {
    /// `Ok` when `found == expected`, else the error.
    #[inline]
    pub fn check(expected: usize, found: usize) -> Result<(), BufferSizeError> {
        if expected == found {
            Ok(())
        } else {
            Err(BufferSizeError { expected, found })
        }
    }
}

/// Why a symmetry could not be applied ([`Symmetries`]). Nothing was written.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SymmetryError {
    /// The symmetry index is not below [`Symmetries::symmetry_count`].
    #[error("symmetry {symmetry} out of range (the game has {count} symmetries)")]
    Symmetry {
        /// The rejected index.
        symmetry: usize,
        /// The number of symmetries of the game.
        count: usize,
    },
    /// The action id is not below [`Actions::action_count`].
    #[error("action {action} out of range (the game has {count} actions)")]
    Action {
        /// The rejected id.
        action: usize,
        /// The number of action ids of the game.
        count: usize,
    },
    /// An observation buffer of the wrong length.
    #[error(transparent)]
    Buffer(#[from] BufferSizeError),
}

impl SymmetryError {
    /// `Ok` when `symmetry < count`, else the error.
    #[inline]
    pub fn check(symmetry: usize, count: usize) -> Result<(), SymmetryError> {
        if symmetry < count {
            Ok(())
        } else {
            Err(SymmetryError::Symmetry { symmetry, count })
        }
    }
}

/// A game's moves as a fixed set of integer ids, and the mask of the ids legal now.
///
/// Every move the game can make under its options has exactly one id below
/// [`Actions::action_count`]; some ids may name no move a position of the game can ever make
/// (the layout of each game says which). Each game documents its layout and, where easy, how
/// its ids relate to OpenSpiel's.
pub trait Actions: Game {
    /// The number of distinct action ids under this game's options (the same at every ply of
    /// a game).
    fn action_count(&self) -> usize;

    /// The id of a move of this game (below [`Actions::action_count`]). A value of the move
    /// type that is no move under these options (a gomoku point off a smaller board) gives
    /// `action_count()` itself, an id every other operation rejects.
    fn action_id(&self, mv: Self::Move) -> usize;

    /// The move that id `action` names, legal here or not; `None` for an id not below
    /// [`Actions::action_count`] (or one that names no move at all).
    fn action_to_move(&self, action: usize) -> Option<Self::Move>;

    /// The legal move with this id here, or why not: by default the move of
    /// [`Actions::action_to_move`] (an id out of range is [`ActionErrorReason::OutOfRange`])
    /// if the position's [`Game::check_move`] accepts it ([`ActionErrorReason::Illegal`] with
    /// its reason otherwise).
    fn action_move(&self, action: usize) -> Result<Self::Move, ActionError> {
        let mv = self
            .action_to_move(action)
            .ok_or_else(|| ActionError::out_of_range(action, self.action_count()))?;
        self.check_move(mv)
            .map(|()| mv)
            .map_err(|reason| ActionError::illegal(action, reason))
    }

    /// Writes `mask[id] = ` whether id `id` is legal here, for every id; `mask.len()` must be
    /// [`Actions::action_count`]. All false once the game is over.
    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError>;

    /// Plays the move with this id if it is legal here and returns it; otherwise returns why
    /// and leaves the position unchanged.
    fn play_action(&mut self, action: usize) -> Result<Self::Move, ActionError> {
        let mv = self.action_move(action)?;
        self.play_unchecked(mv);
        Ok(mv)
    }
}

/// The shape of an observation tensor: `planes` planes of `rows` x `columns` values, stored
/// planes-major (the value of plane `p` at `(r, c)` is at `(p * rows + r) * columns + c`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ObservationShape {
    /// The number of planes.
    pub planes: usize,
    /// The rows of each plane.
    pub rows: usize,
    /// The columns of each plane.
    pub columns: usize,
}

impl ObservationShape {
    /// The number of values: `planes * rows * columns`.
    #[inline]
    pub const fn len(&self) -> usize {
        self.planes * self.rows * self.columns
    }

    /// `true` for a shape with no value.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values of one plane: `rows * columns`.
    #[inline]
    pub const fn plane_len(&self) -> usize {
        self.rows * self.columns
    }
}

/// A position as planes of `f32`, for a learning agent.
///
/// Each game documents its planes; the values are finite and in `[0, 1]` unless a game says
/// otherwise. Planes that depend on whose view it is ("own", "opponent") are written from the
/// `perspective` player's side.
pub trait Observe: Game {
    /// The shape of the tensor (the same at every ply of a game).
    fn observation_shape(&self) -> ObservationShape;

    /// Plane names, in order (documented per game); its length is the shape's `planes`.
    fn observation_planes(&self) -> &'static [&'static str];

    /// Writes the observation from `perspective`'s point of view (own / opponent planes),
    /// planes-major; `out.len()` must be the shape's [`ObservationShape::len`].
    fn write_observation(
        &self,
        perspective: Player,
        out: &mut [f32],
    ) -> Result<(), BufferSizeError>;
}

/// The symmetries of a game's board, for data augmentation: symmetry `s` maps a position to
/// an equivalent one, its action ids and its observation planes.
///
/// Symmetries are numbered `0..symmetry_count()`, 0 being the identity. For every `s`, the
/// legal mask of the image position is the mask mapped through [`Symmetries::map_action`],
/// and its observation is the observation mapped through [`Symmetries::map_observation`].
/// Ids that are not board moves (a colour choice in an opening) map to themselves.
///
/// A game gives [`Symmetries::action_image`], its table of where each id goes; the other
/// methods default to the 8 symmetries of the square ([`dihedral`]) acting on square planes,
/// and a game whose symmetries are others overrides them.
pub trait Symmetries: Actions + Observe {
    /// The number of symmetries; 1 is the identity only. By default the square's 8.
    fn symmetry_count(&self) -> usize {
        dihedral::COUNT
    }

    /// The symmetry that undoes `symmetry`. By default the square's ([`dihedral::inverse`]).
    fn inverse_symmetry(&self, symmetry: usize) -> Result<usize, SymmetryError> {
        dihedral::inverse(symmetry)
    }

    /// The id of the image of action `action` under `symmetry`; `None` when the symmetry is
    /// not below [`Symmetries::symmetry_count`] or the id not below
    /// [`Actions::action_count`].
    fn action_image(&self, symmetry: usize, action: usize) -> Option<usize>;

    /// The id of the image of action `action` under `symmetry`: [`Symmetries::action_image`],
    /// with the error saying which of the two was out of range.
    fn map_action(&self, symmetry: usize, action: usize) -> Result<usize, SymmetryError> {
        SymmetryError::check(symmetry, self.symmetry_count())?;
        self.action_image(symmetry, action)
            .ok_or_else(|| SymmetryError::Action {
                action,
                count: self.action_count(),
            })
    }

    /// Writes into `out` the image of observation `obs` under `symmetry`; both buffers must have
    /// the observation's length. By default symmetry `symmetry` of the square moves the cells
    /// of every plane ([`map_dihedral_observation`]), the planes being as wide as they are
    /// high.
    fn map_observation(
        &self,
        symmetry: usize,
        obs: &[f32],
        out: &mut [f32],
    ) -> Result<(), SymmetryError> {
        SymmetryError::check(symmetry, self.symmetry_count())?;
        let shape = self.observation_shape();
        map_dihedral_observation(shape.planes, shape.rows, symmetry, obs, out)?;
        Ok(())
    }
}

/// A match plays through its game's ids: the position's ids, mask and planes, with no legal
/// id once the match has ended (a resignation, an agreement, a flag fall, a draw rule).
impl<G: MatchRules + Actions> Actions for Match<G> {
    fn action_count(&self) -> usize {
        self.position().action_count()
    }

    fn action_id(&self, mv: G::Move) -> usize {
        self.position().action_id(mv)
    }

    fn action_to_move(&self, action: usize) -> Option<G::Move> {
        self.position().action_to_move(action)
    }

    /// The position's answer first (an id out of range, a move its rules refuse), then the
    /// match's (a match that has ended takes no move).
    fn action_move(&self, action: usize) -> Result<G::Move, ActionError> {
        let mv = self.position().action_move(action)?;
        self.check_move(mv)
            .map(|()| mv)
            .map_err(|reason| ActionError::illegal(action, reason))
    }

    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        self.position().legal_action_mask(mask)?;
        if self.outcome().is_some() {
            mask.fill(false);
        }
        Ok(())
    }
}

/// The position's planes (the match's counters and clocks are not in them).
impl<G: MatchRules + Observe> Observe for Match<G> {
    fn observation_shape(&self) -> ObservationShape {
        self.position().observation_shape()
    }

    fn observation_planes(&self) -> &'static [&'static str] {
        self.position().observation_planes()
    }

    fn write_observation(
        &self,
        perspective: Player,
        out: &mut [f32],
    ) -> Result<(), BufferSizeError> {
        self.position().write_observation(perspective, out)
    }
}

/// The position's symmetries.
impl<G: MatchRules + Symmetries> Symmetries for Match<G> {
    fn symmetry_count(&self) -> usize {
        self.position().symmetry_count()
    }

    fn inverse_symmetry(&self, symmetry: usize) -> Result<usize, SymmetryError> {
        self.position().inverse_symmetry(symmetry)
    }

    fn action_image(&self, symmetry: usize, action: usize) -> Option<usize> {
        self.position().action_image(symmetry, action)
    }

    fn map_action(&self, symmetry: usize, action: usize) -> Result<usize, SymmetryError> {
        self.position().map_action(symmetry, action)
    }

    fn map_observation(
        &self,
        symmetry: usize,
        obs: &[f32],
        out: &mut [f32],
    ) -> Result<(), SymmetryError> {
        self.position().map_observation(symmetry, obs, out)
    }
}

/// The dihedral group of the square: the 8 symmetries of an `n` x `n` grid.
///
/// Numbered as [`crate::grid3::SYMMETRIES`]: identity, rotations by 90 degrees clockwise, 180
/// and 90 counter-clockwise (row 0 at the top), mirror left-right, mirror top-bottom,
/// transpose (main diagonal), anti-transpose.
pub mod dihedral {
    /// The number of symmetries of the square.
    pub const COUNT: usize = 8;

    /// `INVERSE[s]` undoes symmetry `s`.
    pub const INVERSE: [usize; COUNT] = [0, 3, 2, 1, 4, 5, 6, 7];

    /// The symmetry that undoes `symmetry`, or the error of a symmetry out of range: the
    /// `Symmetries::inverse_symmetry` of every game on a square grid.
    pub fn inverse(symmetry: usize) -> Result<usize, super::SymmetryError> {
        super::SymmetryError::check(symmetry, COUNT)?;
        Ok(INVERSE[symmetry])
    }

    /// Where `(row, column)` of an `n` x `n` grid goes under symmetry `s` (taken modulo 8).
    #[inline]
    pub const fn map(s: usize, n: usize, row: usize, column: usize) -> (usize, usize) {
        let (r, c, last) = (row, column, n - 1);
        match s % COUNT {
            0 => (r, c),
            1 => (c, last - r),
            2 => (last - r, last - c),
            3 => (last - c, r),
            4 => (r, last - c),
            5 => (last - r, c),
            6 => (c, r),
            _ => (last - c, last - r),
        }
    }

    /// Where cell `index = row * n + column` of an `n` x `n` grid goes under symmetry `s`.
    #[inline]
    pub const fn map_index(s: usize, n: usize, index: usize) -> usize {
        let (r, c) = map(s, n, index / n, index % n);
        r * n + c
    }

    /// [`map_index`] of a symmetry below [`COUNT`] and a cell of the grid, else `None`: the
    /// `Symmetries::action_image` of a game whose ids are the cells of its grid.
    #[inline]
    pub fn image(s: usize, n: usize, index: usize) -> Option<usize> {
        (s < COUNT && index < n * n).then(|| map_index(s, n, index))
    }
}

/// `BYTE_VALUES[b][i]` is bit `i` of byte `b` as 0.0 / 1.0: a plane is written eight values
/// at a time by copying rows of this table.
static BYTE_VALUES: [[f32; 8]; 256] = {
    let mut table = [[0.0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 != 0 {
                table[byte][bit] = 1.0;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// Writes the bits of `bits` into `mask` as booleans: `mask[i]` is bit `i` (a mask longer than
/// 128 entries is written up to 128). The legal-action mask of a game whose ids are the bits of
/// one bitboard.
#[inline]
pub fn write_bit_mask(mask: &mut [bool], bits: u128) {
    for (i, m) in mask.iter_mut().take(128).enumerate() {
        *m = (bits >> i) & 1 != 0;
    }
}

/// Writes the bits of `bits` into `plane` as 0.0 / 1.0: `plane[i]` is bit `i` (a plane longer
/// than 128 values is written up to 128). The common writer of the games' bitboard planes.
#[inline]
pub fn write_bit_plane(plane: &mut [f32], bits: u128) {
    for (k, chunk) in plane.chunks_mut(8).take(16).enumerate() {
        let byte = (bits >> (8 * k)) as u8;
        chunk.copy_from_slice(&BYTE_VALUES[usize::from(byte)][..chunk.len()]);
    }
}

/// Writes into `out` the image under dihedral symmetry `s` (below 8) of a planes-major
/// observation of `planes` planes of `n` x `n`; both buffers must hold `planes * n * n`
/// values, and nothing is written otherwise. The faster equivalent of
/// [`map_grid_observation`] with [`dihedral::map`]: a symmetry of the square moves the index
/// `r * n + c` by a fixed step per row and per column.
pub fn map_dihedral_observation(
    planes: usize,
    n: usize,
    s: usize,
    obs: &[f32],
    out: &mut [f32],
) -> Result<(), BufferSizeError> {
    let plane = n * n;
    BufferSizeError::check(planes * plane, obs.len())?;
    BufferSizeError::check(planes * plane, out.len())?;
    if n == 0 {
        return Ok(());
    }
    let at = |r, c| dihedral::map_index(s, n, r * n + c) as isize;
    let origin = at(0, 0);
    let (row_step, column_step) = if n > 1 {
        (at(1, 0) - origin, at(0, 1) - origin)
    } else {
        (0, 0)
    };
    for (from, to) in obs.chunks_exact(plane).zip(out.chunks_exact_mut(plane)) {
        for (r, line) in from.chunks_exact(n).enumerate() {
            let mut index = origin + r as isize * row_step;
            for &value in line {
                to[index as usize] = value;
                index += column_step;
            }
        }
    }
    Ok(())
}

/// Writes into `out` the image of a planes-major observation of `shape` whose every plane maps
/// cell `(r, c)` to `cell(r, c)`, a permutation of the grid. Both buffers must have the
/// shape's length; nothing is written otherwise.
pub fn map_grid_observation(
    shape: ObservationShape,
    obs: &[f32],
    out: &mut [f32],
    cell: impl Fn(usize, usize) -> (usize, usize),
) -> Result<(), BufferSizeError> {
    BufferSizeError::check(shape.len(), obs.len())?;
    BufferSizeError::check(shape.len(), out.len())?;
    let plane = shape.plane_len();
    for r in 0..shape.rows {
        for c in 0..shape.columns {
            let (to_r, to_c) = cell(r, c);
            let (from, to) = (r * shape.columns + c, to_r * shape.columns + to_c);
            for p in 0..shape.planes {
                out[p * plane + to] = obs[p * plane + from];
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid3;

    #[test]
    fn the_dihedral_group_matches_grid3_and_its_inverses() {
        for s in 0..dihedral::COUNT {
            for cell in 0..9 {
                assert_eq!(
                    dihedral::map_index(s, 3, cell),
                    grid3::SYMMETRIES[s][cell] as usize,
                    "symmetry {s} cell {cell}"
                );
            }
            for n in [1, 2, 5, 15] {
                for index in 0..n * n {
                    let image = dihedral::map_index(s, n, index);
                    assert_eq!(dihedral::map_index(dihedral::INVERSE[s], n, image), index);
                }
            }
        }
    }

    #[test]
    fn grid_observations_map_cell_by_cell_and_check_lengths() {
        let shape = ObservationShape {
            planes: 2,
            rows: 2,
            columns: 2,
        };
        let obs = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0];
        let mut out = [0.0; 8];
        map_grid_observation(shape, &obs, &mut out, |r, c| dihedral::map(1, 2, r, c)).unwrap();
        assert_eq!(out, [0.0, 1.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0]);
        let short = map_grid_observation(shape, &obs, &mut out[..7], |r, c| (r, c));
        assert_eq!(
            short,
            Err(BufferSizeError {
                expected: 8,
                found: 7
            })
        );
    }

    #[test]
    fn bit_planes_are_zero_one() {
        let mut plane = [0.5; 4];
        write_bit_plane(&mut plane, 0b1_0101);
        assert_eq!(plane, [1.0, 0.0, 1.0, 0.0]);
        let mut plane = [0.5; 20];
        write_bit_plane(&mut plane, 1 << 19 | 1 << 8 | 1);
        let ones: Vec<usize> = (0..20).filter(|&i| plane[i] == 1.0).collect();
        assert_eq!(ones, [0, 8, 19]);
        assert_eq!(plane.iter().filter(|&&v| v == 0.0).count(), 17);
    }

    #[test]
    fn dihedral_observations_agree_with_the_cell_by_cell_map() {
        for n in [1, 2, 3, 7, 15] {
            let shape = ObservationShape {
                planes: 2,
                rows: n,
                columns: n,
            };
            let obs: Vec<f32> = (0..shape.len()).map(|i| i as f32).collect();
            for s in 0..dihedral::COUNT {
                let (mut fast, mut slow) = (vec![-1.0; obs.len()], vec![-2.0; obs.len()]);
                map_dihedral_observation(2, n, s, &obs, &mut fast).unwrap();
                map_grid_observation(shape, &obs, &mut slow, |r, c| dihedral::map(s, n, r, c))
                    .unwrap();
                assert_eq!(fast, slow, "n {n} symmetry {s}");
            }
        }
        let mut out = [0.0; 8];
        assert!(map_dihedral_observation(2, 2, 1, &[0.0; 7], &mut out).is_err());
    }

    #[test]
    fn errors_say_what_was_wrong() {
        let e = ActionError::illegal(3, "cell b1 is taken");
        assert_eq!(e.to_string(), "action 3: not legal here: cell b1 is taken");
        let e = SymmetryError::check(8, 8).unwrap_err();
        assert_eq!(
            e.to_string(),
            "symmetry 8 out of range (the game has 8 symmetries)"
        );
        assert!(SymmetryError::check(7, 8).is_ok());
    }
}
