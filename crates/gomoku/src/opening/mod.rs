//! Opening rules: Pro, Long Pro, Swap, Swap2 and the RIF renju rules Soosõrv-8 and
//! Taraguchi-10, as one game ([`OpeningGame`]) on top of the stone-level [`crate::Position`].
//!
//! In an opening the seats and the colours come apart: after a swap the second seat may play
//! black. So the [`boardgames_core::Game`] here counts **seats** ([`Player::First`] is the
//! seat that acts first, [`Player::Second`] the other), and the colours are [`Colour`]s. The
//! actions that are not stones (choose a colour, place two more stones, declare how many
//! fifth moves will be offered, offer one, pick one) are moves like any stone: they are
//! generated, checked, played, written and read the same way ([`Move`]).
//!
//! At every step the game says who acts ([`boardgames_core::Game::side_to_move`]), what it may
//! do ([`OpeningGame::step`]) and which seat plays which colour ([`OpeningGame::seat_of`]);
//! the status names the winning seat, and [`OpeningGame::winner`] adds its colour.
//!
//! One seat may act several times in a row (Swap's first three stones, Swap2's two extra
//! stones, a Soosõrv-8 stone and its declaration, the fifth-move offers). Perft, the harness
//! and random playouts do not mind, and the game says so with `Game::ALTERNATES = false`: the
//! alpha-beta search of `boardgames-search` then negates a score only where the side to move
//! changes, and its MCTS backs rewards up by player, so both hold through the opening. The
//! referee and the computer players search for stones once the opening is over.
//!
//! Notation: a stone is its point (`h8`); `black` and `white` choose the
//! colour the acting seat will play; `place2` is Swap2's "two more stones"; `declare:N`
//! declares N fifth-move offers (Soosõrv-8); `offer:h8` offers a fifth move and `pick:h8`
//! picks one of the offered fifth moves.
//!
//! ```
//! use boardgames_core::{Game, Player};
//! use boardgames_gomoku::opening::{Colour, Opening, OpeningGame, Step};
//! use boardgames_gomoku::Rule;
//!
//! let mut game = OpeningGame::new(15, Rule::STANDARD, Some(Opening::Swap2)).unwrap();
//! for text in ["h8", "h9", "j10"] {
//!     // The first seat places black, white, black.
//!     assert_eq!(game.side_to_move(), Player::First);
//!     let mv = game.parse_move(text).unwrap();
//!     game.play(mv).unwrap();
//! }
//! assert_eq!(game.step(), Step::ChooseColourOrPlaceTwo);
//! assert_eq!(game.seat_of(Colour::Black), None); // not decided yet
//! game.play(game.parse_move("black").unwrap()).unwrap();
//! assert_eq!(game.seat_of(Colour::Black), Some(Player::Second));
//! // White (the first seat) plays the fourth stone anywhere.
//! assert_eq!(game.step(), Step::Play);
//! assert_eq!(game.side_to_move(), Player::First);
//! assert!(game.play(game.parse_move("white").unwrap()).is_err());
//! ```

mod choose;
mod error;
mod game;
mod moves;
mod script;
mod symmetry;
#[cfg(test)]
mod tests;

pub use error::{IllegalMove, NewOpeningError, ParseOpeningError};
pub use game::{InputError, OpeningGame, Winner};
pub use moves::{Colour, Move, ParseMoveError};
pub use script::{Opening, Step, Zone};

#[cfg(doc)]
use boardgames_core::Player;

// Moves and opening names are stored as their notation (`"offer:h8"`, `"swap2"`).
#[cfg(feature = "serde")]
boardgames_core::serde_via_str!(Move);
#[cfg(feature = "serde")]
boardgames_core::serde_via_str!(Opening);
