//! Self-play: games of one player against itself, for training data.

use crate::duel::Clock;
use crate::error::ArenaError;
use crate::run::{play_shard, GameSpec, MatchSpec, Openings};
use crate::shard::{GameEntry, ResultEntry, Shard};
use boardgames_core::Player;

/// Games of one player against itself.
///
/// Game `k` (from 0) plays opening `k / 2` (in turn through the openings), its two sides new
/// players of the spec seeded from `seed` and `k`, as a match's game `k` is: the games depend
/// only on their numbers and these settings, so shards give the games of the whole run. The
/// moves are not timed: the records carry no times, and a deterministic player (not limited
/// by time, on one thread) gives the same games for the same seed.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlaySpec {
    /// The game and its options.
    pub game: GameSpec,
    /// The player, as a [`MatchSpec`]'s players.
    pub player: String,
    /// Games in the whole run, from 1 to [`MAX_GAMES`](crate::MAX_GAMES).
    pub games: usize,
    /// The seed of the players' choices.
    pub seed: u64,
    /// Plies after which a game is scored a draw.
    pub max_plies: usize,
    /// The openings.
    pub openings: Openings,
}

impl SelfPlaySpec {
    /// `games` games of `game` by `player`: seed 1, a draw after 1000 plies, the built-in
    /// openings.
    pub fn new(game: GameSpec, player: &str, games: usize) -> SelfPlaySpec {
        SelfPlaySpec {
            game,
            player: player.to_owned(),
            games,
            seed: 1,
            max_plies: 1000,
            openings: Openings::Builtin,
        }
    }

    /// The run as a match of the player against itself.
    fn as_match(&self) -> MatchSpec {
        MatchSpec {
            game: self.game.clone(),
            player_a: self.player.clone(),
            player_b: self.player.clone(),
            games: self.games,
            seed: self.seed,
            max_plies: self.max_plies,
            openings: self.openings.clone(),
            clock: Clock::Untimed,
        }
    }
}

/// One self-play game.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayGame {
    /// Its number in the whole run, from 0.
    pub index: usize,
    /// The opening's number, from 0, if there were openings.
    pub opening: Option<usize>,
    /// How many of the moves are the opening's (played, not chosen by the player).
    pub opening_plies: usize,
    /// Every move, the opening's included, in the game's notation.
    pub moves: Vec<String>,
    /// How it ended.
    pub result: ResultEntry,
    /// The game's record text (without move times).
    pub record: String,
}

impl SelfPlayGame {
    /// The side that won, if any.
    pub fn winner(&self) -> Option<Player> {
        self.result.winner()
    }
}

/// Plays `shard` of the self-play run `spec` ([`Shard::WHOLE`] for all of it): its games in
/// order. An error says what is wrong with the spec or the shard.
pub fn self_play(spec: &SelfPlaySpec, shard: Shard) -> Result<Vec<SelfPlayGame>, ArenaError> {
    let file = play_shard(&spec.as_match(), shard, |_| Ok(()))?;
    let openings = &file.info.openings;
    let game = |entry: GameEntry| SelfPlayGame {
        index: entry.index,
        opening: entry.opening,
        opening_plies: entry
            .opening
            .and_then(|k| openings.get(k))
            .map_or(0, Vec::len),
        moves: entry.moves,
        result: entry.result,
        record: entry.record,
    };
    Ok(file.games.into_iter().map(game).collect())
}
