//! Where a game stands: still going, won by a player, or drawn.

use crate::Player;
use core::fmt;

/// The status of a position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Status {
    /// The game goes on: the side to move has at least one legal move.
    #[default]
    Ongoing,
    /// The game is over and this player has won.
    Won(Player),
    /// The game is over without a winner.
    Draw,
}

impl Status {
    /// `true` once the game has ended (won or drawn).
    #[inline]
    pub const fn is_over(self) -> bool {
        !matches!(self, Status::Ongoing)
    }

    /// The winner, if the game is won.
    #[inline]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Status::Won(p) => Some(p),
            _ => None,
        }
    }

    /// The referee protocol's word: `ongoing`, `first`, `second` or `draw`.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Ongoing => "ongoing",
            Status::Won(p) => p.name(),
            Status::Draw => "draw",
        }
    }

    /// The result for `player`: `Some(1)` won, `Some(0)` drawn, `Some(-1)` lost, `None` ongoing.
    pub const fn score_for(self, player: Player) -> Option<i32> {
        match self {
            Status::Ongoing => None,
            Status::Draw => Some(0),
            Status::Won(p) => {
                if p as usize == player as usize {
                    Some(1)
                } else {
                    Some(-1)
                }
            }
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_queries() {
        assert!(!Status::Ongoing.is_over());
        assert!(Status::Draw.is_over());
        assert_eq!(Status::Won(Player::Second).winner(), Some(Player::Second));
        assert_eq!(Status::Draw.winner(), None);
        assert_eq!(Status::Won(Player::First).name(), "first");
        assert_eq!(
            Status::Won(Player::First).score_for(Player::Second),
            Some(-1)
        );
        assert_eq!(Status::Won(Player::First).score_for(Player::First), Some(1));
        assert_eq!(Status::Draw.score_for(Player::First), Some(0));
        assert_eq!(Status::Ongoing.score_for(Player::First), None);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_names_match_the_referee_words() {
        assert_eq!(serde_json::to_string(&Player::First).unwrap(), "\"first\"");
        assert_eq!(serde_json::to_string(&Status::Draw).unwrap(), "\"draw\"");
        let won = Status::Won(Player::Second);
        let back: Status = serde_json::from_str(&serde_json::to_string(&won).unwrap()).unwrap();
        assert_eq!(back, won);
        let by = crate::ByPlayer::new(1, 2);
        let back: crate::ByPlayer<i32> =
            serde_json::from_str(&serde_json::to_string(&by).unwrap()).unwrap();
        assert_eq!(back, by);
    }
}
