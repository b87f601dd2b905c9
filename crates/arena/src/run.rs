//! A match as its caller describes it ([`MatchSpec`]), checked, and played one shard at a time
//! ([`play_shard`]).

use crate::duel::{self, Clock, MatchConfig};
use crate::elo::Tally;
use crate::error::{ArenaError, MAX_GAMES};
use crate::games::{self, ArenaGame};
use crate::player_spec::PlayerSpec;
use crate::records;
use crate::shard::{GameEntry, MatchInfo, Shard, ShardFile};

/// A game with its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameSpec {
    /// Tic-tac-toe.
    TicTacToe,
    /// Ultimate tic-tac-toe.
    Ultimate,
    /// Gomoku on a square board under a rule.
    Gomoku {
        /// The board's size (the rules crate says which sizes it takes).
        size: u32,
        /// The rule, as the referee spells it: `caro`, `caro5`, `caro6`, `standard`,
        /// `freestyle`, `renju`.
        rule: String,
    },
    /// Nine men's morris, with threefold repetition and a quiet-move rule drawing.
    Morris {
        /// Moves in a row with neither placement nor capture that draw (at least 1).
        quiet_moves: u32,
    },
}

impl GameSpec {
    /// The game `name` (`tictactoe`, `ultimate`, `gomoku`, `morris`) with its default options:
    /// gomoku on 15 by 15 under `caro`, morris drawn after 50 quiet moves.
    pub fn from_name(name: &str) -> Result<GameSpec, ArenaError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "tictactoe" => Ok(GameSpec::TicTacToe),
            "ultimate" => Ok(GameSpec::Ultimate),
            "gomoku" => Ok(GameSpec::Gomoku {
                size: 15,
                rule: "caro".to_owned(),
            }),
            "morris" => Ok(GameSpec::Morris { quiet_moves: 50 }),
            _ => Err(ArenaError::UnknownGame(name.to_owned())),
        }
    }

    /// The game's name, as the referee and the shard files spell it.
    pub fn name(&self) -> &'static str {
        match self {
            GameSpec::TicTacToe => "tictactoe",
            GameSpec::Ultimate => "ultimate",
            GameSpec::Gomoku { .. } => "gomoku",
            GameSpec::Morris { .. } => "morris",
        }
    }
}

/// Runs `$body` with `$game` bound to a reference to the arena's game of the [`GameSpec`]
/// `$spec` (a generic body is compiled once per game); bad options return an [`ArenaError`].
macro_rules! with_game {
    ($spec:expr, $game:ident => $body:expr) => {
        match $spec {
            GameSpec::TicTacToe => {
                let $game = &games::TicTacToe;
                $body
            }
            GameSpec::Ultimate => {
                let $game = &games::Ultimate;
                $body
            }
            GameSpec::Gomoku { size, rule } => {
                let $game = &games::Gomoku::new(*size, rule).map_err(ArenaError::Game)?;
                $body
            }
            GameSpec::Morris { quiet_moves } => {
                if *quiet_moves == 0 {
                    return Err(ArenaError::Game(
                        "morris: the quiet-move rule needs at least 1 move".to_owned(),
                    ));
                }
                let $game = &games::Morris {
                    quiet_moves: *quiet_moves,
                };
                $body
            }
        }
    };
}

/// Where a match's openings come from. Colours alternate: game 1 gives A the first move,
/// game 2 the same opening with B first, and so on through the openings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Openings {
    /// The game's built-in set (the default).
    #[default]
    Builtin,
    /// None: every game from the start.
    None,
    /// Openings read from a text: one a line, moves in the game's notation separated by
    /// spaces or commas, `#` starting a comment. Each is checked by playing it.
    Text {
        /// Where the text came from (a file name), for the heading and errors.
        origin: String,
        /// The text.
        text: String,
    },
}

impl Openings {
    /// The label of the heading and the shard files: `builtin`, `none` or the origin.
    fn label(&self) -> &str {
        match self {
            Openings::Builtin => "builtin",
            Openings::None => "none",
            Openings::Text { origin, .. } => origin,
        }
    }

    /// The openings as move lists, checked on `game`.
    fn moves<G: ArenaGame>(&self, game: &G) -> Result<Vec<Vec<String>>, ArenaError> {
        match self {
            Openings::Builtin => Ok(records::builtin_openings(game)),
            Openings::None => Ok(Vec::new()),
            Openings::Text { origin, text } => {
                records::parse_openings(game, text).map_err(|reason| ArenaError::Openings {
                    origin: origin.clone(),
                    reason,
                })
            }
        }
    }
}

/// A match between players A and B: what the arena's command line takes.
///
/// Each game's players are new, seeded from `seed` and the game's number, so a game depends
/// only on its number and these settings: a match split into shards plays the same games.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSpec {
    /// The game and its options.
    pub game: GameSpec,
    /// Player A, as the command line names players: `random`, `beginner`, `normal`,
    /// `expert`, `ab:depth=6`, `ab:time=200ms`, `mcts:sims=20000`, ... (see [`PlayerSpec`]).
    pub player_a: String,
    /// Player B, as A.
    pub player_b: String,
    /// Games in the whole match, from 1 to [`MAX_GAMES`].
    pub games: usize,
    /// The seed of the players' choices.
    pub seed: u64,
    /// Plies after which a game is scored a draw.
    pub max_plies: usize,
    /// The openings.
    pub openings: Openings,
    /// How move times are taken.
    pub clock: Clock,
}

impl MatchSpec {
    /// A match of `game` between `player_a` and `player_b` with the command line's defaults:
    /// 20 games, seed 1, a draw after 1000 plies, the built-in openings, the wall clock.
    pub fn new(game: GameSpec, player_a: &str, player_b: &str) -> MatchSpec {
        MatchSpec {
            game,
            player_a: player_a.to_owned(),
            player_b: player_b.to_owned(),
            games: 20,
            seed: 1,
            max_plies: 1000,
            openings: Openings::Builtin,
            clock: Clock::Wall,
        }
    }

    /// Checks the match and says what it is, as its heading and shard files do; an error
    /// names the first setting that is wrong.
    pub fn info(&self) -> Result<MatchInfo, ArenaError> {
        with_game!(&self.game, game => Ok(self.prepare(game)?.info))
    }

    /// The players, the settings and the description of the match on `game`.
    fn prepare<G: ArenaGame>(&self, game: &G) -> Result<Prepared, ArenaError> {
        let player = |side: char, text: &str| {
            text.parse::<PlayerSpec>()
                .map_err(|error| ArenaError::Player { side, error })
        };
        let players = [player('A', &self.player_a)?, player('B', &self.player_b)?];
        if !(1..=MAX_GAMES).contains(&self.games) {
            return Err(ArenaError::Games(self.games));
        }
        let config = MatchConfig {
            games: self.games,
            seed: self.seed,
            max_plies: self.max_plies,
            openings: self.openings.moves(game)?,
            clock: self.clock,
        };
        let info = MatchInfo {
            arena: env!("CARGO_PKG_VERSION").to_owned(),
            game: game.name().to_owned(),
            options: game.options(),
            a: players[0].text.clone(),
            b: players[1].text.clone(),
            games: config.games,
            seed: config.seed,
            max_plies: config.max_plies,
            openings_source: self.openings.label().to_owned(),
            openings: config.openings.clone(),
        };
        Ok(Prepared {
            players,
            config,
            info,
        })
    }
}

/// A checked match.
struct Prepared {
    players: [PlayerSpec; 2],
    config: MatchConfig,
    info: MatchInfo,
}

/// What [`play_shard`] tells its caller after each game.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// The game just played, as the shard file holds it.
    pub game: &'a GameEntry,
    /// Games played in this shard so far.
    pub done: usize,
    /// Games in this shard.
    pub total: usize,
    /// A's wins, draws and losses in this shard so far.
    pub tally: Tally,
}

/// Plays `shard` of the match `spec`: its block of games ([`Shard::games`]), each the game the
/// whole match plays, and returns them as a shard file. [`Shard::WHOLE`] plays the whole
/// match; [`merge`](crate::merge()) turns the shard files into the match's report.
///
/// `progress` is called after each game; an error it returns stops the shard
/// ([`ArenaError::Stopped`]).
pub fn play_shard(
    spec: &MatchSpec,
    shard: Shard,
    mut progress: impl FnMut(&Progress<'_>) -> Result<(), String>,
) -> Result<ShardFile, ArenaError> {
    // The fields are public: a shard built by hand is checked here.
    let shard = Shard::new(shard.index, shard.count)?;
    with_game!(&spec.game, game => play_prepared(game, spec.prepare(game)?, shard, &mut progress))
}

fn play_prepared<G: ArenaGame>(
    game: &G,
    prepared: Prepared,
    shard: Shard,
    progress: &mut dyn FnMut(&Progress<'_>) -> Result<(), String>,
) -> Result<ShardFile, ArenaError> {
    let Prepared {
        players: [a, b],
        config,
        info,
    } = prepared;
    let games = shard.games(config.games);
    let total = games.len();
    let mut entries = Vec::with_capacity(total);
    duel::run(game, [&a, &b], &config, games, &mut |report, summary| {
        entries.push(GameEntry::from(report));
        let update = Progress {
            game: &entries[entries.len() - 1],
            done: entries.len(),
            total,
            tally: summary.total,
        };
        progress(&update)
    })?;
    Ok(ShardFile::new(info, shard, entries))
}
