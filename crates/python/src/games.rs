//! The games as the bindings see them: integer actions, observations and text, behind one
//! object-safe trait ([`DynGame`]) so that a Python `State` holds any game.

use crate::errors::{Error, Result};
use boardgames_core::actions::{Actions, Observe, Symmetries, SymmetryError};
use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::opening::OpeningGame;
use boardgames_referee::{Morris, RefereeGame};
use serde_json::{Map, Value};

/// The names `new_state` and `VectorEnv` accept.
pub const GAMES: [&str; 4] = ["tictactoe", "ultimate", "gomoku", "morris"];

/// A game the bindings serve: the referee's options and searches, integer actions and
/// observation planes, and its text diagram.
pub trait Encoded: RefereeGame + Game<Move: Send + Sync> + Send + Sync + 'static {
    /// [`Actions::action_count`].
    fn action_count(&self) -> usize;
    /// [`Actions::action_id`].
    fn action_id(&self, mv: Self::Move) -> usize;
    /// [`Actions::action_move`]: the legal move with this id, or why not.
    fn action_move(&self, action: usize) -> Result<Self::Move>;
    /// [`Actions::legal_action_mask`].
    fn write_mask(&self, mask: &mut [bool]) -> Result<()>;
    /// [`Observe::observation_shape`] as `[planes, rows, columns]`.
    fn shape(&self) -> [usize; 3];
    /// [`Observe::observation_planes`].
    fn planes(&self) -> &'static [&'static str];
    /// [`Observe::write_observation`].
    fn write_observation(&self, perspective: Player, out: &mut [f32]) -> Result<()>;
    /// The crate's text diagram of the position.
    fn text(&self) -> String;
    /// [`Symmetries::symmetry_count`].
    fn symmetry_count(&self) -> usize;
    /// [`Symmetries::map_action`].
    fn map_action(&self, symmetry: usize, action: usize) -> Result<usize>;
    /// [`Symmetries::map_observation`].
    fn map_observation(&self, symmetry: usize, obs: &[f32], out: &mut [f32]) -> Result<()>;
}

/// A symmetry error as the bindings raise it: a bad action id is an illegal move, a bad
/// symmetry index or array length a bad argument.
fn symmetry_error(error: SymmetryError) -> Error {
    match error {
        SymmetryError::Action { .. } => Error::Illegal(error.to_string()),
        _ => Error::Option(error.to_string()),
    }
}

/// An error of a buffer the bindings sized themselves: a bug here, not the caller's.
fn internal(error: impl std::fmt::Display) -> Error {
    Error::Other(format!("internal error: {error}"))
}

/// Implements [`Encoded`] for a position type with the board-core traits.
macro_rules! encoded_via_traits {
    ($($t:ty => |$g:ident| $text:expr),* $(,)?) => {$(
        impl Encoded for $t {
            fn action_count(&self) -> usize {
                Actions::action_count(self)
            }
            fn action_id(&self, mv: Self::Move) -> usize {
                Actions::action_id(self, mv)
            }
            fn action_move(&self, action: usize) -> Result<Self::Move> {
                Actions::action_move(self, action).map_err(|e| Error::Illegal(e.to_string()))
            }
            fn write_mask(&self, mask: &mut [bool]) -> Result<()> {
                self.legal_action_mask(mask).map_err(internal)
            }
            fn shape(&self) -> [usize; 3] {
                let shape = self.observation_shape();
                [shape.planes, shape.rows, shape.columns]
            }
            fn planes(&self) -> &'static [&'static str] {
                self.observation_planes()
            }
            fn write_observation(&self, perspective: Player, out: &mut [f32]) -> Result<()> {
                Observe::write_observation(self, perspective, out).map_err(internal)
            }
            fn text(&self) -> String {
                let $g = self;
                $text
            }
            fn symmetry_count(&self) -> usize {
                Symmetries::symmetry_count(self)
            }
            fn map_action(&self, symmetry: usize, action: usize) -> Result<usize> {
                Symmetries::map_action(self, symmetry, action).map_err(symmetry_error)
            }
            fn map_observation(&self, symmetry: usize, obs: &[f32], out: &mut [f32]) -> Result<()> {
                Symmetries::map_observation(self, symmetry, obs, out).map_err(symmetry_error)
            }
        }
    )*};
}

encoded_via_traits!(
    boardgames_tictactoe::Position => |g| g.to_string(),
    boardgames_ultimate::Position => |g| g.to_string(),
    boardgames_gomoku::Position => |g| g.to_string(),
    // The opening's diagram is its board's, under a line saying what the seat to act may do.
    OpeningGame => |g| format!("{}\n{}", g.step(), g.position()),
);

/// Forwards a call to the referee's morris: the bare position when no draw rule is set, the
/// match record (whose actions and planes are the position's, with no legal id once a draw
/// rule has ended the game) when one is.
macro_rules! morris {
    ($self:expr, $g:ident => $e:expr) => {
        match $self {
            Morris::Plain($g) => $e,
            Morris::Ruled(record) => {
                let $g = &**record;
                $e
            }
        }
    };
}

impl Encoded for Morris {
    fn action_count(&self) -> usize {
        morris!(self, g => Actions::action_count(g))
    }
    fn action_id(&self, mv: Self::Move) -> usize {
        morris!(self, g => Actions::action_id(g, mv))
    }
    fn action_move(&self, action: usize) -> Result<Self::Move> {
        morris!(self, g => Actions::action_move(g, action))
            .map_err(|e| Error::Illegal(e.to_string()))
    }
    fn write_mask(&self, mask: &mut [bool]) -> Result<()> {
        morris!(self, g => g.legal_action_mask(mask)).map_err(internal)
    }
    fn shape(&self) -> [usize; 3] {
        let shape = morris!(self, g => g.observation_shape());
        [shape.planes, shape.rows, shape.columns]
    }
    fn planes(&self) -> &'static [&'static str] {
        morris!(self, g => g.observation_planes())
    }
    fn write_observation(&self, perspective: Player, out: &mut [f32]) -> Result<()> {
        morris!(self, g => Observe::write_observation(g, perspective, out)).map_err(internal)
    }
    fn text(&self) -> String {
        match self {
            Morris::Plain(position) => position.to_string(),
            Morris::Ruled(record) => record.position().to_string(),
        }
    }
    fn symmetry_count(&self) -> usize {
        morris!(self, g => Symmetries::symmetry_count(g))
    }
    fn map_action(&self, symmetry: usize, action: usize) -> Result<usize> {
        morris!(self, g => Symmetries::map_action(g, symmetry, action)).map_err(symmetry_error)
    }
    fn map_observation(&self, symmetry: usize, obs: &[f32], out: &mut [f32]) -> Result<()> {
        morris!(self, g => Symmetries::map_observation(g, symmetry, obs, out))
            .map_err(symmetry_error)
    }
}

/// The start position of `game` under `options` (the referee's option names and messages).
pub fn start<T>(game: &str, options: &Map<String, Value>, make: impl StartVisitor<T>) -> Result<T> {
    match game {
        "tictactoe" => build::<boardgames_tictactoe::Position, T>(options, make),
        "ultimate" => build::<boardgames_ultimate::Position, T>(options, make),
        // The referee's parsers: the opening game takes "opening" on top of the plain options.
        "gomoku" if options.contains_key("opening") => build::<OpeningGame, T>(options, make),
        "gomoku" => build::<boardgames_gomoku::Position, T>(options, make),
        "morris" => build::<Morris, T>(options, make),
        other => Err(Error::Option(format!(
            "unknown game {other:?}: the games are {}",
            GAMES.join(", ")
        ))),
    }
}

fn build<G: Encoded, T>(options: &Map<String, Value>, make: impl StartVisitor<T>) -> Result<T> {
    let start = G::from_options(options).map_err(Error::Option)?;
    Ok(make.visit(start))
}

/// What to build from a start position of any game: a state, a batch.
pub trait StartVisitor<T> {
    /// Builds from the start position `start`.
    fn visit<G: Encoded>(self, start: G) -> T;
}

/// The game's result as returns: +1 for a win, -1 for a loss, 0 for a draw or an unfinished
/// game, indexed by player.
pub fn returns(status: Status) -> [f32; 2] {
    match status {
        Status::Won(Player::First) => [1.0, -1.0],
        Status::Won(Player::Second) => [-1.0, 1.0],
        _ => [0.0, 0.0],
    }
}
