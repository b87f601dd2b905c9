//! Rule options. The default is the standard rule set: every option is off.

use crate::error::ParseTieBreakError;
use boardgames_core::{Player, Status};
use core::fmt;
use core::str::FromStr;

/// What decides a game in which every small board is finished without a macro line.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum TieBreak {
    /// The standard rule: the game is a draw, whatever the number of boards each side won.
    #[default]
    None,
    /// The rule some sites use: the player who won more small boards wins; equal counts draw.
    BoardsWon,
}

impl TieBreak {
    /// Both tie-breaks, the default first.
    pub const ALL: [TieBreak; 2] = [TieBreak::None, TieBreak::BoardsWon];

    /// The option's name: `none` or `boards_won` (the referee's `tiebreak` values).
    pub const fn name(self) -> &'static str {
        match self {
            TieBreak::None => "none",
            TieBreak::BoardsWon => "boards_won",
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// A tie-break is stored as its name (`"boards_won"`).
#[cfg(feature = "serde")]
boardgames_core::serde_via_str!(TieBreak);

impl FromStr for TieBreak {
    type Err = ParseTieBreakError;

    fn from_str(text: &str) -> Result<TieBreak, ParseTieBreakError> {
        TieBreak::ALL
            .into_iter()
            .find(|t| t.name() == text.trim())
            .ok_or_else(|| ParseTieBreakError {
                text: text.to_owned(),
            })
    }
}

/// The rule options of a game, fixed when the game starts.
///
/// ```
/// use boardgames_ultimate::{Rules, TieBreak};
/// assert_eq!(Rules::default().tie_break, TieBreak::None); // the standard rule
/// let site_rules = Rules::default().with_tie_break(TieBreak::BoardsWon);
/// assert_eq!(site_rules.tie_break, TieBreak::BoardsWon);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
pub struct Rules {
    /// Who wins when all nine small boards finish without a macro line.
    pub tie_break: TieBreak,
}

impl Rules {
    /// The standard rules, every option off (the default): a game with every small board
    /// finished and no macro line is a draw.
    pub const STANDARD: Rules = Rules {
        tie_break: TieBreak::None,
    };

    /// The former name of [`Rules::STANDARD`].
    #[deprecated(since = "0.1.1", note = "renamed to `Rules::STANDARD`")]
    pub const SEED: Rules = Rules::STANDARD;

    /// These rules with the tie-break `tie_break`.
    pub const fn with_tie_break(self, tie_break: TieBreak) -> Rules {
        Rules { tie_break }
    }

    /// The result of a game whose small boards are all finished without a macro line, given
    /// how many boards each player won (`[first, second]`).
    ///
    /// ```
    /// use boardgames_ultimate::{Rules, TieBreak};
    /// use boardgames_core::{Player, Status};
    /// assert_eq!(Rules::STANDARD.all_finished_result([5, 4]), Status::Draw);
    /// let site = Rules::STANDARD.with_tie_break(TieBreak::BoardsWon);
    /// assert_eq!(site.all_finished_result([5, 4]), Status::Won(Player::First));
    /// assert_eq!(site.all_finished_result([3, 3]), Status::Draw);
    /// ```
    pub fn all_finished_result(self, boards_won: [u32; 2]) -> Status {
        match self.tie_break {
            TieBreak::None => Status::Draw,
            TieBreak::BoardsWon => match boards_won[0].cmp(&boards_won[1]) {
                core::cmp::Ordering::Greater => Status::Won(Player::First),
                core::cmp::Ordering::Less => Status::Won(Player::Second),
                core::cmp::Ordering::Equal => Status::Draw,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tie_break_names_round_trip() {
        for t in TieBreak::ALL {
            assert_eq!(t.name().parse(), Ok(t));
        }
        let e = "most".parse::<TieBreak>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown tie-break \"most\": expected \"none\" or \"boards_won\""
        );
        assert_eq!(Rules::default(), Rules::STANDARD);
    }
}
