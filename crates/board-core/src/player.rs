//! The two players and a container holding one value per player.

use core::fmt;
use core::ops::{Index, IndexMut};

/// One of the two players. `First` moves first: X in tic-tac-toe and ultimate, black in gomoku,
/// white in nine men's morris.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Player {
    /// The player who makes the first move of the game.
    First,
    /// The player who replies to the first move.
    Second,
}

impl Player {
    /// Both players, first then second.
    pub const ALL: [Player; 2] = [Player::First, Player::Second];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `0` for the first player, `1` for the second: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with the given index (`0` or `1`); `None` for any other number.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Player> {
        match index {
            0 => Some(Player::First),
            1 => Some(Player::Second),
            _ => None,
        }
    }

    /// The name used by the referee protocol: `"first"` or `"second"`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value for each player, indexed by [`Player`] instead of a bare array index.
///
/// ```
/// use boardgames_core::{ByPlayer, Player};
/// let mut stones = ByPlayer::new(0u32, 0u32);
/// stones[Player::Second] += 3;
/// assert_eq!(stones[Player::Second], 3);
/// assert_eq!(stones[Player::First], 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByPlayer<T> {
    /// The first player's value.
    pub first: T,
    /// The second player's value.
    pub second: T,
}

impl<T> ByPlayer<T> {
    /// A container with the first and the second player's values.
    #[inline]
    pub const fn new(first: T, second: T) -> Self {
        ByPlayer { first, second }
    }

    /// The value of `player`.
    #[inline]
    pub const fn get(&self, player: Player) -> &T {
        match player {
            Player::First => &self.first,
            Player::Second => &self.second,
        }
    }

    /// The value of `player`, mutably.
    #[inline]
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::First => &mut self.first,
            Player::Second => &mut self.second,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(Player, T) -> U) -> ByPlayer<U> {
        ByPlayer {
            first: f(Player::First, self.first),
            second: f(Player::Second, self.second),
        }
    }

    /// Both players with their values, first then second.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        [(Player::First, &self.first), (Player::Second, &self.second)].into_iter()
    }
}

impl<T: Clone> ByPlayer<T> {
    /// A container holding `value` for both players.
    pub fn splat(value: T) -> Self {
        ByPlayer {
            first: value.clone(),
            second: value,
        }
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, player: Player) -> &T {
        self.get(player)
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    #[inline]
    fn index_mut(&mut self, player: Player) -> &mut T {
        self.get_mut(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for p in Player::ALL {
            assert_ne!(p.opponent(), p);
            assert_eq!(p.opponent().opponent(), p);
            assert_eq!(Player::from_index(p.index()), Some(p));
        }
        assert_eq!(Player::from_index(2), None);
    }

    #[test]
    fn by_player_indexes_each_side() {
        let mut v = ByPlayer::splat(1);
        v[Player::First] = 7;
        assert_eq!(v.first, 7);
        assert_eq!(v.second, 1);
        let doubled = v.map(|_, x| x * 2);
        assert_eq!(doubled, ByPlayer::new(14, 2));
        let collected: Vec<_> = v.iter().map(|(p, x)| (p, *x)).collect();
        assert_eq!(collected, vec![(Player::First, 7), (Player::Second, 1)]);
    }
}
