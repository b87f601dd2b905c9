//! The move of an opening game, its notation, and the two colours.

use crate::point::{ParsePointError, Point};
use boardgames_core::Player;
use core::fmt;
use core::str::FromStr;

/// A colour of stones. Black places the first stone.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Colour {
    /// The colour that places the first stone (`X`).
    Black,
    /// The other colour (`O`).
    White,
}

impl Colour {
    /// Both colours, black first.
    pub const ALL: [Colour; 2] = [Colour::Black, Colour::White];

    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The colour as the stone-level [`crate::Position`] counts it: black is
    /// [`Player::First`], white [`Player::Second`].
    #[inline]
    pub const fn as_player(self) -> Player {
        match self {
            Colour::Black => Player::First,
            Colour::White => Player::Second,
        }
    }

    /// The colour that the stone-level position calls `player`.
    #[inline]
    pub const fn of_player(player: Player) -> Colour {
        match player {
            Player::First => Colour::Black,
            Player::Second => Colour::White,
        }
    }

    /// `black` or `white`: the name, which is also the notation of choosing it.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One action of an opening game: a stone, or one of the choices the opening rules add.
///
/// | move | notation | meaning |
/// |---|---|---|
/// | [`Move::Stone`] | `h8` | place the next stone (black on an even stone count, white on an odd one) |
/// | [`Move::Choose`] | `black`, `white` | the acting seat will play this colour (a swap or a keep) |
/// | [`Move::PlaceTwo`] | `place2` | Swap2: place two more stones (white, then black) and hand the choice back |
/// | [`Move::Declare`] | `declare:3` | Soosõrv-8: black will offer this many fifth moves |
/// | [`Move::Offer`] | `offer:h8` | offer a fifth move (it is not on the board yet) |
/// | [`Move::Pick`] | `pick:h8` | pick one of the offered fifth moves; it becomes black's fifth stone |
///
/// ```
/// use boardgames_gomoku::opening::{Colour, Move};
/// for text in ["h8", "black", "white", "place2", "declare:3", "offer:j10", "pick:j10"] {
///     let mv: Move = text.parse().unwrap();
///     assert_eq!(mv.to_string(), text);
/// }
/// assert_eq!("BLACK".parse::<Move>(), Ok(Move::Choose(Colour::Black)));
/// assert!("declare:0".parse::<Move>().is_err());
/// assert!("swap".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Place the next stone on this point.
    Stone(Point),
    /// The acting seat takes this colour (and the other seat the other colour).
    Choose(Colour),
    /// Swap2: place two more stones instead of choosing a colour.
    PlaceTwo,
    /// Declare how many fifth moves black will offer (1 or more).
    Declare(u8),
    /// Offer this point as a fifth move.
    Offer(Point),
    /// Pick this offered fifth move.
    Pick(Point),
}

/// The most fifth moves any opening offers (Taraguchi-10).
pub(crate) const MAX_OFFERS: u8 = 10;

/// Why a text is not an opening move.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Nothing was given.
    #[error("no move given: expected a point such as h8, black, white, place2, declare:N, offer:POINT or pick:POINT")]
    Empty,
    /// A word that is none of the actions.
    #[error("unknown action {text:?}: expected a point such as h8, black, white, place2, declare:N, offer:POINT or pick:POINT")]
    UnknownAction {
        /// The text given.
        text: String,
    },
    /// A point (alone, or after `offer:`/`pick:`) that does not read.
    #[error(transparent)]
    Point(#[from] ParsePointError),
    /// `declare:` followed by something other than a count from 1 to 10.
    #[error("{text:?} is not a fifth-move count: declare takes a number from 1 to {MAX_OFFERS}, such as declare:3")]
    BadCount {
        /// The text after `declare:`.
        text: String,
    },
}

impl Move {
    /// Reads a move, with points checked against a `size` x `size` board (so that `p1` on a
    /// 15x15 board names the last column). [`FromStr`] reads points of the largest board.
    pub fn parse_on(text: &str, size: u8) -> Result<Move, ParseMoveError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let lower = text.to_ascii_lowercase();
        match lower.as_str() {
            "black" => return Ok(Move::Choose(Colour::Black)),
            "white" => return Ok(Move::Choose(Colour::White)),
            "place2" => return Ok(Move::PlaceTwo),
            _ => {}
        }
        if let Some((word, rest)) = lower.split_once(':') {
            let point = || Point::parse_on(rest, size).map_err(ParseMoveError::from);
            return match word {
                "offer" => Ok(Move::Offer(point()?)),
                "pick" => Ok(Move::Pick(point()?)),
                "declare" => match rest.parse::<u8>() {
                    Ok(n) if (1..=MAX_OFFERS).contains(&n) && !rest.starts_with('+') => {
                        Ok(Move::Declare(n))
                    }
                    _ => Err(ParseMoveError::BadCount {
                        text: rest.to_owned(),
                    }),
                },
                _ => Err(ParseMoveError::UnknownAction {
                    text: text.to_owned(),
                }),
            };
        }
        // A word with no digit cannot be a point: say it is no action rather than a bad
        // column.
        if lower.chars().all(|c| c.is_ascii_alphabetic()) && lower.len() > 1 {
            return Err(ParseMoveError::UnknownAction {
                text: text.to_owned(),
            });
        }
        Ok(Move::Stone(Point::parse_on(text, size)?))
    }

    /// The point of a stone, offer or pick; `None` for the other actions.
    pub const fn point(self) -> Option<Point> {
        match self {
            Move::Stone(p) | Move::Offer(p) | Move::Pick(p) => Some(p),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(p) => write!(f, "{p}"),
            Move::Choose(colour) => f.write_str(colour.name()),
            Move::PlaceTwo => f.write_str("place2"),
            Move::Declare(n) => write!(f, "declare:{n}"),
            Move::Offer(p) => write!(f, "offer:{p}"),
            Move::Pick(p) => write!(f, "pick:{p}"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads a move; points are read on the largest (20x20) board.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        Move::parse_on(text, crate::point::MAX_SIZE)
    }
}

impl From<Point> for Move {
    fn from(point: Point) -> Move {
        Move::Stone(point)
    }
}
