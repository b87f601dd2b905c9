//! `self_play_shard`: games of one arena player against itself (`boardgames_arena::self_play`),
//! with their moves as the game's action ids, for training data.

use crate::errors::{guard, Error, Result};
use crate::games::start;
use crate::options::{from_kwargs, to_python};
use crate::shards::{arena_error, count_arg, game_spec, openings_arg, shard_arg};
use crate::tracked::MakeState;
use boardgames_arena::{self_play, Clock, MatchSpec, SelfPlayGame, SelfPlaySpec};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::{Map, Value};

/// One game's moves as action ids, each read in the position it is played from.
fn action_ids(game: &str, options: &Map<String, Value>, moves: &[String]) -> Result<Vec<usize>> {
    let mut state = start(game, options, MakeState)?;
    moves
        .iter()
        .map(|text| {
            // The arena played the move under the same rules: a refusal here is a bug.
            let refused = |e: Error| Error::Other(format!("internal error: move {text}: {e:?}"));
            let action = state.parse_action(text).map_err(refused)?;
            state.apply(action).map_err(refused)?;
            Ok(action)
        })
        .collect()
}

/// A played game as a Python dict.
fn game_dict<'py>(
    py: Python<'py>,
    game: &SelfPlayGame,
    actions: &[usize],
) -> PyResult<Bound<'py, PyDict>> {
    let entry = PyDict::new(py);
    let winner = game.winner();
    entry.set_item("index", game.index)?;
    entry.set_item("opening", game.opening)?;
    entry.set_item("opening_plies", game.opening_plies)?;
    entry.set_item("actions", actions)?;
    entry.set_item("moves", &game.moves)?;
    entry.set_item("winner", winner.map(|p| p.index()))?;
    let returns = match winner.map(|p| p.index()) {
        Some(0) => [1.0, -1.0],
        Some(_) => [-1.0, 1.0],
        None => [0.0, 0.0],
    };
    entry.set_item("returns", returns)?;
    let result = serde_json::to_value(&game.result).unwrap_or(Value::Null);
    entry.set_item("result", to_python(py, &result)?)?;
    entry.set_item("record", &game.record)?;
    Ok(entry)
}

/// Plays shard `shard` (`(index, count)`, indices from 0) of a self-play run of `games` games
/// of `player` (an arena player spec) against itself, untimed, with the GIL released. Game
/// `k` plays opening `k / 2` with both sides seeded from `seed` and `k`, so the shards give
/// the whole run's games.
///
/// Returns a dict: `game`, `options` (as `new_state` takes them), `player`, `seed`, `shard`,
/// and `games`, each a dict: `index`, `opening`, `opening_plies` (moves of the opening, not
/// chosen by the player), `actions` (action ids), `moves` (notation), `winner` (0, 1 or
/// None), `returns` (by player), `result` (how it ended) and `record` (the record text).
#[pyfunction]
#[pyo3(signature = (game, player, games, seed=1, shard=(0, 1), options=None, max_plies=1000, openings=None))]
#[allow(clippy::too_many_arguments)]
pub fn self_play_shard<'py>(
    py: Python<'py>,
    game: &str,
    player: &str,
    games: i64,
    seed: u64,
    shard: (i64, i64),
    options: Option<&Bound<'py, PyDict>>,
    max_plies: i64,
    openings: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let spec = SelfPlaySpec {
        game: game_spec(game, &from_kwargs(options)?)?,
        player: player.to_owned(),
        games: count_arg("games", games)?,
        seed,
        max_plies: count_arg("max_plies", max_plies)?,
        openings: openings_arg(openings)?,
    };
    let shard = shard_arg(shard)?;
    // The run as a match of the player against itself: checked, and its game's options.
    let as_match = MatchSpec {
        game: spec.game.clone(),
        player_a: player.to_owned(),
        player_b: player.to_owned(),
        games: spec.games,
        seed,
        max_plies: spec.max_plies,
        openings: spec.openings.clone(),
        clock: Clock::Untimed,
    };
    let info = guard(|| as_match.info().map_err(arena_error))?;
    let options = match &info.options {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    };
    let played = py.detach(|| {
        guard(|| {
            let played = self_play(&spec, shard).map_err(arena_error)?;
            played
                .into_iter()
                .map(|g| Ok((action_ids(&info.game, &options, &g.moves)?, g)))
                .collect::<Result<Vec<_>>>()
        })
    })?;
    let list = PyList::empty(py);
    for (actions, game) in &played {
        list.append(game_dict(py, game, actions)?)?;
    }
    let run = PyDict::new(py);
    run.set_item("game", &info.game)?;
    run.set_item("options", to_python(py, &info.options)?)?;
    run.set_item("player", player)?;
    run.set_item("seed", seed)?;
    run.set_item("shard", (shard.index, shard.count))?;
    run.set_item("games", list)?;
    Ok(run)
}
