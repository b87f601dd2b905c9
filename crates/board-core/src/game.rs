//! The game trait every rules crate implements, and the error a rejected move returns.

use crate::{Player, RandomSource, Status, UniformIndex};
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;
use smallvec::SmallVec;

/// How many moves a [`MoveList`] holds before it spills to the heap.
///
/// 256 covers every position of tic-tac-toe, ultimate and morris, and gomoku boards up to
/// 16x16; a 20x20 gomoku board spills once and the caller's buffer keeps its capacity after.
pub const MOVE_LIST_INLINE: usize = 256;

/// The caller-supplied buffer that [`Game::legal_moves`] fills.
pub type MoveList<M> = SmallVec<[M; MOVE_LIST_INLINE]>;

/// The reason a game gives for rejecting a move.
///
/// Every game has its own enum of reasons (occupied, wrong small board, not adjacent...); this
/// trait lets generic code tell the one reason all games share: the game is already over.
pub trait MoveError: std::error::Error + Clone + PartialEq + Send + Sync + 'static {
    /// `true` when the move was rejected only because the game has ended.
    fn is_game_over(&self) -> bool;
}

/// A move rejected by [`Game::play`]: the move and why. The position is left unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal move {mv}: {reason}")]
pub struct PlayError<M: Display + Debug, R: std::error::Error> {
    /// The rejected move.
    pub mv: M,
    /// Why it was rejected.
    #[source]
    pub reason: R,
}

/// Why typed input could not be played ([`Game::play_text`]): the text is not a move in the
/// game's notation, or the move is not legal now. Each game names it `InputError` through a
/// type alias (`boardgames_tictactoe::InputError` is `InputError<Position>`).
#[non_exhaustive]
pub enum InputError<G: Game> {
    /// The text is not a move.
    Parse(G::ParseMoveError),
    /// The move cannot be played now; the position is unchanged.
    Illegal(PlayError<G::Move, G::Illegal>),
}

impl<G: Game> From<PlayError<G::Move, G::Illegal>> for InputError<G> {
    fn from(error: PlayError<G::Move, G::Illegal>) -> Self {
        InputError::Illegal(error)
    }
}

impl<G: Game> Clone for InputError<G> {
    fn clone(&self) -> Self {
        match self {
            InputError::Parse(e) => InputError::Parse(e.clone()),
            InputError::Illegal(e) => InputError::Illegal(e.clone()),
        }
    }
}

impl<G: Game> PartialEq for InputError<G> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (InputError::Parse(a), InputError::Parse(b)) => a == b,
            (InputError::Illegal(a), InputError::Illegal(b)) => a == b,
            _ => false,
        }
    }
}

impl<G: Game> Debug for InputError<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            InputError::Parse(e) => f.debug_tuple("Parse").field(e).finish(),
            InputError::Illegal(e) => f.debug_tuple("Illegal").field(e).finish(),
        }
    }
}

impl<G: Game> Display for InputError<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            InputError::Parse(e) => Display::fmt(e, f),
            InputError::Illegal(e) => Display::fmt(e, f),
        }
    }
}

impl<G: Game> std::error::Error for InputError<G> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputError::Parse(e) => e.source(),
            InputError::Illegal(e) => e.source(),
        }
    }
}

/// A two-player, perfect-information, turn-based game position.
///
/// Positions are small `Clone` values (most are `Copy`) and the trait is **copy-make**: to try
/// a move, copy the position and play the move on the copy. That is what [`crate::perft`],
/// the search crate and the conformance harness do. Undo for a game record is generic:
/// [`crate::History`] keeps the earlier positions. A game may offer a cheaper undo of its own.
///
/// Three ways to play a move, from safest to fastest:
/// - [`Game::is_legal`] / [`Game::check_move`]: ask first;
/// - [`Game::play`]: checked; on an illegal move returns a [`PlayError`] naming the move and
///   the reason, and leaves the position unchanged;
/// - [`Game::play_unchecked`]: for search and perft. Given an illegal move it may leave a
///   nonsensical position, but never panics in a way that is undefined behaviour (no `unsafe`).
pub trait Game: Clone + PartialEq + Debug {
    /// A move: a small `Copy` value with notation through `Display` and `FromStr`.
    type Move: Copy + Eq + Hash + Debug + Display + FromStr<Err = Self::ParseMoveError>;
    /// Why a move string could not be read.
    type ParseMoveError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// Why a move is illegal in a position.
    type Illegal: MoveError;

    /// `true` when the side to move changes with every move, as in every plain game here.
    /// A game where one player may act twice in a row (an opening rule's stone and then a
    /// declaration) sets it `false`; searches then compare the side to move before and after
    /// each move instead of assuming the change (for the others the check compiles away).
    const ALTERNATES: bool = true;

    /// The player whose turn it is. Once the game is over this is the player who would have
    /// moved next; check [`Game::status`] first.
    fn side_to_move(&self) -> Player;

    /// Whether the game goes on, and if not, who won.
    fn status(&self) -> Status;

    /// Clears `moves` and fills it with every legal move, each exactly once, in an order fixed
    /// by the position. Empty once the game is over.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// The number of legal moves. Games override this where counting is cheaper than listing
    /// (perft counts the last ply with it).
    fn legal_move_count(&self) -> usize {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// `Ok` when `mv` is legal here, or the reason it is not.
    fn check_move(&self, mv: Self::Move) -> Result<(), Self::Illegal>;

    /// `true` when `mv` is legal here.
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Plays `mv` if it is legal; otherwise returns the move and the reason and leaves the
    /// position as it was.
    fn play(&mut self, mv: Self::Move) -> Result<(), PlayError<Self::Move, Self::Illegal>> {
        match self.check_move(mv) {
            Ok(()) => {
                self.play_unchecked(mv);
                Ok(())
            }
            Err(reason) => Err(PlayError { mv, reason }),
        }
    }

    /// Plays `mv` without checking it. For search and perft: the caller guarantees legality.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The 64-bit position hash (Zobrist style): equal positions have equal hashes, and games
    /// that store it update it incrementally with each move.
    fn zobrist(&self) -> u64;

    /// The same hash computed from scratch from the position. Tests compare it with
    /// [`Game::zobrist`] after every move.
    fn zobrist_from_scratch(&self) -> u64;

    /// Reads a move written in this game's notation. The default is the move's `FromStr`; games
    /// whose notation depends on the position (a board size) override it.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseMoveError> {
        text.parse()
    }

    /// Reads a move in the game's notation ([`Game::parse_move`]) and plays it, checked: the
    /// move played, or why the text is not a move or the move is illegal. The position is
    /// unchanged on error. This is how a user's typed input gets into a game.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, InputError<Self>>
    where
        Self: Sized,
    {
        let mv = self.parse_move(text).map_err(InputError::Parse)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// The longest a game from this position can last in plies, if the rules bound it.
    fn max_remaining_plies(&self) -> Option<usize>;

    /// A legal move chosen uniformly at random, or `None` once the game is over. Games override
    /// this with a faster pick from their bitboards; the choice must stay uniform.
    ///
    /// `rng` is any [`RandomSource`]: this crate's [`Rng`](crate::Rng) or a rand generator.
    fn random_move<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.below(moves.len() as u32) as usize])
        }
    }

    /// Plays uniformly random moves until the game ends, returning the final status and the
    /// number of plies played. Games override it with an allocation-free loop. `max_plies`
    /// caps endless games (a capped playout returns [`Status::Ongoing`]).
    fn random_playout<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: usize,
    ) -> (Status, usize) {
        let plies = play_random_moves(self, rng, max_plies, |_| true);
        (self.status(), plies)
    }
}

/// The position reached from `start` by up to `plies` uniformly random legal moves (fewer if the
/// game ends first), drawn from `rng`: the random positions of tests, openings of matches and
/// samples of benchmarks.
///
/// ```
/// use boardgames_core::{random_position, Game, Rng};
/// # use boardgames_core::{MoveList, Player, Status};
/// # #[derive(Clone, Copy, PartialEq, Debug)] struct Count(u8);
/// # #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)] struct Step;
/// # impl std::fmt::Display for Step { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { f.write_str("s") } }
/// # impl std::str::FromStr for Step { type Err = E; fn from_str(_: &str) -> Result<Step, E> { Ok(Step) } }
/// # #[derive(Clone, PartialEq, Debug, thiserror::Error)] #[error("over")] struct E;
/// # impl boardgames_core::MoveError for E { fn is_game_over(&self) -> bool { true } }
/// # impl Game for Count {
/// #   type Move = Step; type ParseMoveError = E; type Illegal = E;
/// #   fn side_to_move(&self) -> Player { Player::First }
/// #   fn status(&self) -> Status { if self.0 >= 5 { Status::Draw } else { Status::Ongoing } }
/// #   fn legal_moves(&self, m: &mut MoveList<Step>) { m.clear(); if self.0 < 5 { m.push(Step) } }
/// #   fn check_move(&self, _: Step) -> Result<(), E> { if self.0 < 5 { Ok(()) } else { Err(E) } }
/// #   fn play_unchecked(&mut self, _: Step) { self.0 += 1 }
/// #   fn zobrist(&self) -> u64 { self.0 as u64 }
/// #   fn zobrist_from_scratch(&self) -> u64 { self.0 as u64 }
/// #   fn max_remaining_plies(&self) -> Option<usize> { Some(5 - self.0 as usize) }
/// # }
/// // A game that ends after five steps stops there, however many plies are asked for.
/// let mut rng = Rng::new(7);
/// assert_eq!(random_position(Count(0), 3, &mut rng), Count(3));
/// assert_eq!(random_position(Count(0), 9, &mut rng), Count(5));
/// ```
pub fn random_position<G: Game, R: RandomSource + ?Sized>(
    start: G,
    plies: usize,
    rng: &mut R,
) -> G {
    let mut position = start;
    play_random_moves(&mut position, rng, plies, |_| true);
    position
}

/// Plays uniformly random legal moves on `position` while `keep_going` holds before each one,
/// the game goes on and fewer than `max_plies` are played; returns the number played. The loop
/// of [`Game::random_playout`]'s default and of
/// [`random_position`], for a game that plays one phase of its playout move by move (an opening
/// stage, say) and hands the rest to a faster loop.
///
/// ```
/// use boardgames_core::{play_random_moves, Game, Rng};
/// # use boardgames_core::{MoveList, Player, Status};
/// # #[derive(Clone, Copy, PartialEq, Debug)] struct Count(u8);
/// # #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)] struct Step;
/// # impl std::fmt::Display for Step { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { f.write_str("s") } }
/// # impl std::str::FromStr for Step { type Err = E; fn from_str(_: &str) -> Result<Step, E> { Ok(Step) } }
/// # #[derive(Clone, PartialEq, Debug, thiserror::Error)] #[error("over")] struct E;
/// # impl boardgames_core::MoveError for E { fn is_game_over(&self) -> bool { true } }
/// # impl Game for Count {
/// #   type Move = Step; type ParseMoveError = E; type Illegal = E;
/// #   fn side_to_move(&self) -> Player { Player::First }
/// #   fn status(&self) -> Status { if self.0 >= 5 { Status::Draw } else { Status::Ongoing } }
/// #   fn legal_moves(&self, m: &mut MoveList<Step>) { m.clear(); if self.0 < 5 { m.push(Step) } }
/// #   fn check_move(&self, _: Step) -> Result<(), E> { if self.0 < 5 { Ok(()) } else { Err(E) } }
/// #   fn play_unchecked(&mut self, _: Step) { self.0 += 1 }
/// #   fn zobrist(&self) -> u64 { self.0 as u64 }
/// #   fn zobrist_from_scratch(&self) -> u64 { self.0 as u64 }
/// #   fn max_remaining_plies(&self) -> Option<usize> { Some(5 - self.0 as usize) }
/// # }
/// // A game that ends after five steps: the first phase is its first two steps.
/// let mut rng = Rng::new(7);
/// let mut game = Count(0);
/// assert_eq!(play_random_moves(&mut game, &mut rng, 9, |g| g.0 < 2), 2);
/// assert_eq!(play_random_moves(&mut game, &mut rng, 9, |_| true), 3);
/// assert_eq!(game.status(), Status::Draw);
/// ```
pub fn play_random_moves<G: Game, R: RandomSource + ?Sized>(
    position: &mut G,
    rng: &mut R,
    max_plies: usize,
    mut keep_going: impl FnMut(&G) -> bool,
) -> usize {
    let mut plies = 0;
    while plies < max_plies && keep_going(position) {
        match position.random_move(rng) {
            Some(mv) => {
                position.play_unchecked(mv);
                plies += 1;
            }
            None => break,
        }
    }
    plies
}
