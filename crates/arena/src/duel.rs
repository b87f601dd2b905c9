//! The match loop: games between players A and B, colours alternating, openings in pairs.

use crate::contestant::Contestant;
use crate::error::ArenaError;
use crate::games::{self, ArenaGame};
use crate::player_spec::PlayerSpec;
use crate::players;
use crate::results::{Ending, GameReport, SideStats, Summary};
use boardgames_core::matches::record::RecordGame;
use boardgames_core::matches::Match;
use boardgames_core::{replay, zobrist, ByPlayer, Game, Player};
use std::ops::Range;
use std::time::{Duration, Instant};

/// How the time of a move is taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clock {
    /// The wall-clock time the player took (the default): the records carry each move's time.
    #[default]
    Wall,
    /// Every move counts as taking this long, so that the records and time figures of a match
    /// are reproducible (whole and sharded matches then compare byte for byte).
    Fixed(Duration),
    /// Moves are not timed: the records carry no times and the statistics count none.
    Untimed,
}

impl Clock {
    /// The time a move that took `measured` counts, if it is timed.
    fn charge(self, measured: Duration) -> Option<Duration> {
        match self {
            Clock::Wall => Some(measured),
            Clock::Fixed(took) => Some(took),
            Clock::Untimed => None,
        }
    }
}

/// Which side moves first in game `index` (from 0) and which opening it plays: colours
/// alternate, and each opening is played twice in turn (A first, then B first).
pub(crate) fn schedule(index: usize, openings: usize) -> (bool, Option<usize>) {
    let opening = (openings > 0).then(|| (index / 2) % openings);
    (index % 2 == 0, opening)
}

/// The settings of a match, checked.
#[derive(Clone, Debug)]
pub(crate) struct MatchConfig {
    /// Games to play.
    pub games: usize,
    /// The seed of the players' choices (each game's players get their own from it).
    pub seed: u64,
    /// Plies after which a game counts as a draw.
    pub max_plies: usize,
    /// The openings, each played twice (A first, then B first) in turn; none: from the start.
    pub openings: Vec<Vec<String>>,
    /// How move times are taken.
    pub clock: Clock,
}

/// Plays the games `games` (numbers from 0, a part of `0..config.games`) of the match between
/// `a` and `b`, calling `on_game` after each game (for the progress bar and the records); stops
/// at the first error `on_game` returns. A game depends only on its number and the
/// configuration, so a match split into parts plays the same games as a whole one.
pub(crate) fn run<G: ArenaGame>(
    game: &G,
    specs: [&PlayerSpec; 2],
    config: &MatchConfig,
    games: Range<usize>,
    on_game: &mut dyn FnMut(&GameReport, &Summary) -> Result<(), String>,
) -> Result<Summary, ArenaError> {
    let mut summary = Summary::default();
    for index in games {
        let report = one_game(game, specs, config, index).map_err(ArenaError::Play)?;
        summary.add(&report);
        on_game(&report, &summary).map_err(ArenaError::Stopped)?;
    }
    Ok(summary)
}

/// Game `index` of the match: new players seeded from the match's seed and the number.
fn one_game<G: ArenaGame>(
    game: &G,
    [a, b]: [&PlayerSpec; 2],
    config: &MatchConfig,
    index: usize,
) -> Result<GameReport, String> {
    let (a_first, opening) = schedule(index, config.openings.len());
    let seed = |k: u64| zobrist::splitmix64(config.seed ^ zobrist::mix64(2 * index as u64 + k));
    let mut player_a = players::build(game, a, seed(0))?;
    let mut player_b = players::build(game, b, seed(1))?;
    let (first, second) = if a_first {
        (&mut player_a, &mut player_b)
    } else {
        (&mut player_b, &mut player_a)
    };
    let names = if a_first {
        ByPlayer::new(a.text.as_str(), b.text.as_str())
    } else {
        ByPlayer::new(b.text.as_str(), a.text.as_str())
    };
    let moves = opening.map_or(&[][..], |k| &config.openings[k][..]);
    let mut stats = ByPlayer::new(SideStats::default(), SideStats::default());
    let seats = Seats {
        players: ByPlayer::new(first.as_mut(), second.as_mut()),
        names,
        round: index + 1,
    };
    let (played, ending) = play_game(game, moves, seats, &mut stats, config)?;
    let a_side = if a_first {
        Player::First
    } else {
        Player::Second
    };
    Ok(GameReport {
        index,
        a_first,
        opening,
        moves: played.moves().map(|m| m.to_string()).collect(),
        record: played.to_record().to_string(),
        ending,
        stats: [stats[a_side], stats[a_side.opponent()]],
    })
}

/// The two sides of one game: their players and names, and the game's number.
pub(crate) struct Seats<'a, P: Game> {
    /// Each side's player.
    pub players: ByPlayer<&'a mut dyn Contestant<P>>,
    /// Each side's name, for the record.
    pub names: ByPlayer<&'a str>,
    /// The game's number in the match, from 1.
    pub round: usize,
}

/// One game from `opening` between the seated players, as a match (each move with the time
/// it took) and how it ended. An opening that cannot be played is an error. A player who
/// gives no move or an illegal one forfeits: the record shows a resignation, its
/// `Termination` tag why. The game is scored a draw at `config.max_plies`.
pub(crate) fn play_game<G: ArenaGame>(
    game: &G,
    opening: &[String],
    mut seats: Seats<'_, G::Pos>,
    stats: &mut ByPlayer<SideStats>,
    config: &MatchConfig,
) -> Result<(Match<G::Pos>, Ending), String> {
    let mut state = games::start(game);
    replay(&mut state, opening.iter().map(String::as_str))
        .map_err(|e| format!("opening \"{}\": {e}", opening.join(" ")))?;
    tag(&mut state, "Event", "arena")?;
    tag(&mut state, "Round", &seats.round.to_string())?;
    tag(&mut state, "First", seats.names[Player::First])?;
    tag(&mut state, "Second", seats.names[Player::Second])?;
    if !opening.is_empty() {
        tag(&mut state, "Opening", &opening.join(" "))?;
    }
    loop {
        if let Some(outcome) = state.outcome() {
            return Ok((state, Ending::Rules(outcome)));
        }
        if state.len() >= config.max_plies {
            tag(&mut state, "Termination", "ply cap, scored a draw")?;
            return Ok((state, Ending::PlyCap));
        }
        let side = state.side_to_move();
        let started = Instant::now();
        let choice = seats.players[side].choose(state.position());
        let took = config.clock.charge(started.elapsed());
        stats[side].add(took.unwrap_or_default(), seats.players[side].info());
        let played = match (choice, took) {
            (None, _) => Err("no move".to_owned()),
            (Some(mv), Some(took)) => state.play_move_timed(mv, took).map_err(|e| e.to_string()),
            (Some(mv), None) => state.play_move(mv).map_err(|e| e.to_string()),
        };
        if let Err(why) = played {
            tag(&mut state, "Termination", &format!("forfeit: {why}"))?;
            state.resign(side).map_err(|e| e.to_string())?;
            return Ok((state, Ending::Forfeit(side, why)));
        }
    }
}

fn tag<P: RecordGame>(state: &mut Match<P>, name: &str, value: &str) -> Result<(), String> {
    state
        .set_tag(name, value)
        .map_err(|e| format!("tag {name}: {e}"))
}
