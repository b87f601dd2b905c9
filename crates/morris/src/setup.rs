//! Unvalidated positions: the parts of a position as plain data, checked before they become a
//! [`Position`].

use crate::error::{SetupError, SetupProblems};
use crate::position::PIECES;
use crate::{Points, Position, Rules};
use boardgames_core::{ByPlayer, Player};

/// The parts of a position as plain data, for positions typed in, read from a file or
/// deserialized. [`Setup::validate`] (or `Position::try_from`) checks it and names every
/// problem.
///
/// ```
/// use boardgames_morris::{Points, Position, Setup, SetupProblems};
/// use boardgames_core::Player;
/// let mut setup = Setup::default(); // the start
/// assert_eq!(setup, Setup::from(&Position::new()));
/// setup.in_hand.first = 8;
/// setup.pieces.first = Points::from_iter(["a1".parse().unwrap()]);
/// setup.side_to_move = Player::Second;
/// let pos = Position::try_from(setup).unwrap();
/// assert_eq!(Setup::from(&pos), setup);
/// setup.side_to_move = Player::First;
/// assert_eq!(setup.validate().unwrap_err().problems(), SetupProblems::HANDS_VS_TURN);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// Each player's pieces on the board.
    pub pieces: ByPlayer<Points>,
    /// Each player's pieces still to be placed.
    pub in_hand: ByPlayer<u8>,
    /// The player to move.
    pub side_to_move: Player,
    /// The rule options.
    pub rules: Rules,
}

impl Default for Setup {
    /// The start: an empty board, nine pieces in each hand, white to move, standard rules.
    fn default() -> Setup {
        Setup::from(&Position::new())
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        Setup {
            pieces: pos.pieces,
            in_hand: pos.in_hand,
            side_to_move: pos.to_move,
            rules: pos.rules,
        }
    }
}

boardgames_core::try_from_setup!(Setup => Position, SetupError);

impl Setup {
    /// Every reason this setup cannot arise in a game (empty when it can, as far as counts
    /// and turns tell).
    pub fn problems(&self) -> SetupProblems {
        let mut problems = SetupProblems::empty();
        let (w, b) = (self.pieces.first, self.pieces.second);
        if w.intersects(b) {
            problems |= SetupProblems::OVERLAP;
        }
        if (w.0 | b.0) & !Points::FULL.0 != 0 {
            problems |= SetupProblems::OFF_BOARD;
        }
        let total = |p: Player| self.pieces.get(p).0.count_ones() + *self.in_hand.get(p) as u32;
        if total(Player::First) > PIECES as u32 {
            problems |= SetupProblems::TOO_MANY_WHITE;
        }
        if total(Player::Second) > PIECES as u32 {
            problems |= SetupProblems::TOO_MANY_BLACK;
        }
        let (hw, hb) = (self.in_hand.first, self.in_hand.second);
        let hands_fit = match self.side_to_move {
            Player::First => hw == hb,
            Player::Second => hb == hw.wrapping_add(1) || (hw == 0 && hb == 0),
        };
        if !hands_fit {
            problems |= SetupProblems::HANDS_VS_TURN;
        }
        let placing = hw > 0 || hb > 0;
        for p in Player::ALL {
            let left = total(p);
            if left < 3 {
                if placing {
                    problems |= SetupProblems::FEW_WHILE_PLACING;
                } else if p != self.side_to_move {
                    problems |= SetupProblems::LOSER_NOT_TO_MOVE;
                }
            }
            if placing {
                // The other player formed a mill at most once per placement from their third.
                let placed_by_other =
                    (PIECES as u32).saturating_sub(*self.in_hand.get(p.opponent()) as u32);
                let gone = (PIECES as u32).saturating_sub(left);
                if gone > placed_by_other.saturating_sub(2) {
                    problems |= SetupProblems::TOO_MANY_CAPTURED;
                }
            }
        }
        problems
    }

    /// The position, if the setup can arise in a game; otherwise every problem found.
    pub fn validate(&self) -> Result<Position, SetupError> {
        SetupError::check(self.problems(), || {
            Position::from_parts(self.pieces, self.in_hand, self.side_to_move, self.rules)
        })
    }
}

// A setup has no text form of its own: it is stored as plain data (point names per player,
// pieces in hand, side to move, rules). A `Position` is stored as its diagram (see
// `diagram.rs`).
#[cfg(feature = "serde")]
mod serde_impl {
    use super::*;
    use crate::Point;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// The serialized form: point names per player, counts, and the side to move.
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Data {
        white: Vec<Point>,
        black: Vec<Point>,
        in_hand: ByPlayer<u8>,
        side_to_move: Player,
        #[serde(default)]
        rules: Option<Rules>,
    }

    impl Serialize for Setup {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            Data {
                white: self.pieces.first.points().collect(),
                black: self.pieces.second.points().collect(),
                in_hand: self.in_hand,
                side_to_move: self.side_to_move,
                rules: Some(self.rules),
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Setup {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
            let data = Data::deserialize(d)?;
            Ok(Setup {
                pieces: ByPlayer::new(
                    data.white.into_iter().collect(),
                    data.black.into_iter().collect(),
                ),
                in_hand: data.in_hand,
                side_to_move: data.side_to_move,
                rules: data.rules.unwrap_or_default(),
            })
        }
    }
}
