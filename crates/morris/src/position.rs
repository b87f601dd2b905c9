//! The position: both players' pieces, pieces in hand, the side to move, and the incremental
//! hash. The phase of each player is derived from the counts, never stored.

use crate::geometry::{self, in_mills, mill_completions, neighbours, pop};
use crate::{Move, Phase, Point, Points};
use boardgames_core::{ByPlayer, Player, Status};

/// The number of pieces each player starts with.
pub const PIECES: u8 = 9;

/// The Zobrist keys: 48 for pieces (player, point), one for black to move, and 2 x 10 for the
/// number of pieces in each player's hand.
const KEYS: [u64; 69] = boardgames_core::zobrist::keys(0x004D_4F52_5249_5321);
const SIDE_KEY: u64 = KEYS[48];

#[inline(always)]
pub(crate) const fn piece_key(player: Player, point: u32) -> u64 {
    KEYS[player.index() * 24 + point as usize]
}

#[inline(always)]
pub(crate) const fn hand_key(player: Player, count: u8) -> u64 {
    KEYS[49 + player.index() * 10 + (count as usize % 10)]
}

/// Rule options fixed for a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// A player reduced to three pieces (after placing all nine) may fly to any empty point.
    /// `true` in the standard rules; `false` makes every move a slide along a line.
    pub flying: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { flying: true }
    }
}

/// A nine men's morris position. `Copy`, 24 bytes.
///
/// Implements [`boardgames_core::Game`]; the queries a board display needs are its own methods
/// ([`Position::placement_points`], [`Position::destinations`], [`Position::capture_targets`],
/// [`Position::phase`], [`Position::in_hand`], ...).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) pieces: ByPlayer<Points>,
    pub(crate) in_hand: ByPlayer<u8>,
    pub(crate) to_move: Player,
    pub(crate) rules: Rules,
    pub(crate) hash: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The start: an empty board, nine pieces in each hand, white to move, standard rules.
    pub const fn new() -> Position {
        Position::with_rules(Rules { flying: true })
    }

    /// The start position under `rules`.
    pub const fn with_rules(rules: Rules) -> Position {
        Position {
            pieces: ByPlayer::new(Points::EMPTY, Points::EMPTY),
            in_hand: ByPlayer::new(PIECES, PIECES),
            to_move: Player::First,
            rules,
            hash: hand_key(Player::First, PIECES) ^ hand_key(Player::Second, PIECES),
        }
    }

    /// Builds a position from its parts without checking them (the hash is computed).
    pub(crate) fn from_parts(
        pieces: ByPlayer<Points>,
        in_hand: ByPlayer<u8>,
        to_move: Player,
        rules: Rules,
    ) -> Position {
        let mut pos = Position {
            pieces,
            in_hand,
            to_move,
            rules,
            hash: 0,
        };
        pos.hash = pos.hash_from_scratch();
        pos
    }

    /// The rule options of this game.
    #[inline]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The pieces of `player` on the board.
    #[inline]
    pub const fn pieces(&self, player: Player) -> Points {
        *self.pieces.get(player)
    }

    /// The points with no piece.
    #[inline]
    pub const fn empty_points(&self) -> Points {
        self.pieces.first.union(self.pieces.second).complement()
    }

    /// Whose piece stands on `point`, if any.
    pub const fn piece_at(&self, point: Point) -> Option<Player> {
        if self.pieces.first.has(point) {
            Some(Player::First)
        } else if self.pieces.second.has(point) {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The number of pieces `player` still has to place.
    #[inline]
    pub const fn in_hand(&self, player: Player) -> u32 {
        *self.in_hand.get(player) as u32
    }

    /// The number of pieces `player` has on the board.
    #[inline]
    pub fn on_board(&self, player: Player) -> u32 {
        pop(self.pieces.get(player).0)
    }

    /// The number of pieces `player` has lost to captures.
    pub fn captured(&self, player: Player) -> u32 {
        (PIECES as u32).saturating_sub(self.in_hand(player) + self.on_board(player))
    }

    /// What `player` does on their turns now: place, slide or fly.
    #[inline]
    pub fn phase(&self, player: Player) -> Phase {
        if *self.in_hand.get(player) > 0 {
            Phase::Placing
        } else if self.rules.flying && pop(self.pieces.get(player).0) == 3 {
            Phase::Flying
        } else {
            Phase::Moving
        }
    }

    /// The pieces of `player` that stand in a complete mill.
    #[inline]
    pub const fn pieces_in_mills(&self, player: Player) -> Points {
        Points(in_mills(self.pieces.get(player).0))
    }

    /// The opponent pieces a mill formed now by the side to move may capture: those outside
    /// mills, or all of them when every one stands in a mill.
    #[inline]
    pub const fn capture_targets(&self) -> Points {
        Points(geometry::capture_targets(
            self.pieces.get(self.to_move.opponent()).0,
        ))
    }

    /// The points where the side to move may place a piece: every empty point during its
    /// placing phase (none once the game is over or its hand is empty).
    pub fn placement_points(&self) -> Points {
        if self.phase(self.to_move) == Phase::Placing && !self.current_status().is_over() {
            self.empty_points()
        } else {
            Points::EMPTY
        }
    }

    /// Where the piece on `from` may go this turn: its empty neighbours, or every empty point
    /// when its owner flies. Empty when `from` is not the mover's piece, the mover is still
    /// placing, or the game is over.
    pub fn destinations(&self, from: Point) -> Points {
        if !self.pieces(self.to_move).has(from)
            || self.phase(self.to_move) == Phase::Placing
            || self.current_status().is_over()
        {
            return Points::EMPTY;
        }
        self.reachable_from(from)
    }

    /// The mover's pieces that have at least one destination this turn.
    pub fn movable_pieces(&self) -> Points {
        if self.phase(self.to_move) == Phase::Placing || self.current_status().is_over() {
            return Points::EMPTY;
        }
        self.pieces(self.to_move)
            .points()
            .filter(|&p| !self.reachable_from(p).is_empty())
            .collect()
    }

    /// The empty points where `player`, on their next turn in their current phase, closes a
    /// mill: a placement or a flight onto a point whose other two mill points are theirs, or a
    /// slide there from a neighbour off that line. (Whether it is their turn is not checked.)
    ///
    /// ```
    /// use boardgames_morris::{Move, Position};
    /// use boardgames_core::{Game, Player};
    /// let mut game = Position::new();
    /// for mv in ["a1", "d2", "d1"] {
    ///     game.play(mv.parse::<Move>().unwrap()).unwrap();
    /// }
    /// assert_eq!(game.closing_points(Player::First).points().map(|p| p.to_string()).collect::<Vec<_>>(), ["g1"]);
    /// assert!(game.closing_points(Player::Second).is_empty());
    /// ```
    #[inline]
    pub fn closing_points(&self, player: Player) -> Points {
        Points(geometry::closing_points(
            self.pieces(player).0,
            self.empty_points().0,
            self.phase(player),
        ))
    }

    /// `true` when the side to move, placing on `to` (`from` = `None`) or moving `from` to
    /// `to`, completes a mill and so must capture. Legality is not checked.
    pub fn forms_mill(&self, from: Option<Point>, to: Point) -> bool {
        let mut own = self.pieces(self.to_move).0;
        if let Some(f) = from {
            own &= !(1 << f.index());
        }
        mill_completions(own) & (1 << to.index()) != 0
    }

    /// Empty points the piece on `from` reaches by the mover's phase (no other check).
    fn reachable_from(&self, from: Point) -> Points {
        let empty = self.empty_points();
        if self.phase(self.to_move) == Phase::Flying {
            empty
        } else {
            geometry::adjacent(from).intersect(empty)
        }
    }

    /// `true` when the side to move has a legal move (ignoring the piece-count loss).
    #[inline]
    pub(crate) fn has_move(&self) -> bool {
        let empty = self.empty_points().0;
        let me = self.to_move;
        match self.phase(me) {
            Phase::Placing | Phase::Flying => empty != 0,
            Phase::Moving => neighbours(self.pieces(me).0) & empty != 0,
        }
    }

    /// The player who has lost on piece count: fewer than three pieces on the board and in hand
    /// together. (During placement no player can fall below three: at most six of the nine
    /// placements form mills.)
    #[inline]
    pub(crate) fn short_of_pieces(&self) -> Option<Player> {
        let white = self.in_hand.first as u32 + pop(self.pieces.first.0);
        let black = self.in_hand.second as u32 + pop(self.pieces.second.0);
        if white < 3 {
            Some(Player::First)
        } else if black < 3 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The game's status (`Game::status`): a player with fewer than three pieces has lost; the
    /// side to move with no legal move has lost; otherwise the game goes on.
    #[inline]
    pub(crate) fn current_status(&self) -> Status {
        if let Some(loser) = self.short_of_pieces() {
            Status::Won(loser.opponent())
        } else if !self.has_move() {
            Status::Won(self.to_move.opponent())
        } else {
            Status::Ongoing
        }
    }

    /// Plays `mv` for the side to move without any check (see [`boardgames_core::Game::play_unchecked`]).
    #[inline]
    pub(crate) fn apply(&mut self, mv: Move) {
        let me = self.to_move;
        let opp = me.opponent();
        let to = mv.to().index();
        let mut hash = self.hash;
        let own = self.pieces.get_mut(me);
        match mv.from() {
            None => {
                let hand = self.in_hand.get_mut(me);
                hash ^= hand_key(me, *hand);
                *hand = hand.saturating_sub(1);
                hash ^= hand_key(me, *hand);
            }
            Some(from) => {
                *own = own.without(from.index());
                hash ^= piece_key(me, from.index());
            }
        }
        *own = own.with(to);
        hash ^= piece_key(me, to);
        if let Some(c) = mv.capture() {
            let theirs = self.pieces.get_mut(opp);
            if theirs.has(c) {
                *theirs = theirs.without(c.index());
                hash ^= piece_key(opp, c.index());
            }
        }
        self.to_move = opp;
        self.hash = hash ^ SIDE_KEY;
    }

    /// The hash computed from the pieces, the hands and the side to move.
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for player in Player::ALL {
            for p in self.pieces(player).iter() {
                h ^= piece_key(player, p);
            }
            h ^= hand_key(player, *self.in_hand.get(player));
        }
        if self.to_move == Player::Second {
            h ^= SIDE_KEY;
        }
        h
    }
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let list = |pts: Points| {
            pts.points()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        write!(
            f,
            "Position(white [{}] hand {}; black [{}] hand {}; {} to move{})",
            list(self.pieces.first),
            self.in_hand.first,
            list(self.pieces.second),
            self.in_hand.second,
            crate::colour(self.to_move),
            if self.rules.flying { "" } else { "; no flying" }
        )
    }
}
