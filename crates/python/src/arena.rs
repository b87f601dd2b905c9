//! `play_game`: a whole game between two players (random, alpha-beta or MCTS) in Rust with
//! the GIL released, the unit of work of an arena spread over processes or Ray workers.

use crate::errors::{guard, Error, Result};
use crate::games::{returns, start};
use crate::options::from_kwargs;
use crate::search::{check_threads, engine_arg, limits};
use crate::tracked::{DynGame, Engine, MakeState};
use boardgames_core::{Rng, Status};
use boardgames_search::Limits;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One side of a game.
enum Side {
    /// A uniformly random legal action.
    Random,
    /// The best action of a search.
    Search {
        engine: Engine,
        limits: Limits,
        threads: usize,
    },
}

/// A player spec: `{"engine": "random"}`, or `{"engine": "alphabeta" | "mcts"}` with the
/// limits of `search` (`depth`, `millis`, `nodes`, `simulations`) and `threads`.
fn side(spec: &Bound<'_, PyDict>) -> Result<Side> {
    let options = from_kwargs(Some(spec))?;
    let text = |key: &str| options.get(key).and_then(|v| v.as_str());
    let number = |key: &str| -> Result<Option<u64>> {
        match options.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(value) => value.as_u64().map(Some).ok_or_else(|| {
                Error::Option(format!(
                    "player {key:?} must be a whole number, got {value}"
                ))
            }),
        }
    };
    for key in options.keys() {
        if ![
            "engine",
            "depth",
            "millis",
            "nodes",
            "simulations",
            "threads",
        ]
        .contains(&key.as_str())
        {
            return Err(Error::Option(format!(
                "unknown player key {key:?}: the keys are engine, depth, millis, nodes, simulations, threads"
            )));
        }
    }
    let name = text("engine").unwrap_or("alphabeta");
    if name == "random" {
        return Ok(Side::Random);
    }
    let (engine, _) = engine_arg(name)?;
    let threads = number("threads")?.unwrap_or(1) as usize;
    check_threads(threads)?;
    let depth = number("depth")?.map(|d| d.min(u64::from(u32::MAX)) as u32);
    let limits = limits(
        engine,
        depth,
        number("millis")?,
        number("nodes")?,
        number("simulations")?,
    )?;
    Ok(Side::Search {
        engine,
        limits,
        threads,
    })
}

/// Plays one game from `game`'s start until it ends or reaches `max_plies`.
fn play(game: &mut dyn DynGame, sides: &[Side; 2], rng: &mut Rng, max_plies: usize) -> Result<()> {
    while !game.status().is_over() && game.history().len() < max_plies {
        let action = match &sides[game.side_to_move().index()] {
            Side::Random => {
                let legal = game.legal_actions();
                legal[rng.below(legal.len() as u32) as usize]
            }
            Side::Search {
                engine,
                limits,
                threads,
            } => game.search(*engine, limits, *threads)?.action,
        };
        game.apply(action)?;
    }
    Ok(())
}

/// Plays a game of `game` (under `options`) between `first` (player 0) and `second`, each a
/// dict: `{"engine": "random"}` or `{"engine": "alphabeta" | "mcts", ...}` with the limits of
/// `search` and `threads`. Returns a dict: `returns` (by player), `status` ("first",
/// "second", "draw", or "ongoing" when cut at `max_plies`), `actions` (the game's action
/// ids). Runs in Rust with the GIL released; `seed` seeds the random players.
#[pyfunction]
#[pyo3(signature = (game, first, second, seed=0, max_plies=10_000, **options))]
pub fn play_game<'py>(
    py: Python<'py>,
    game: &str,
    first: &Bound<'py, PyDict>,
    second: &Bound<'py, PyDict>,
    seed: u64,
    max_plies: usize,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let sides = [side(first)?, side(second)?];
    let options = from_kwargs(options)?;
    let mut state = guard(|| start(game, &options, MakeState))?;
    let mut rng = Rng::new(seed);
    py.detach(|| guard(|| play(&mut *state, &sides, &mut rng, max_plies)))?;
    let status = state.status();
    let result = PyDict::new(py);
    result.set_item("returns", returns(status).to_vec())?;
    result.set_item(
        "status",
        match status {
            Status::Ongoing => "ongoing",
            Status::Won(p) => ["first", "second"][p.index()],
            Status::Draw => "draw",
        },
    )?;
    result.set_item("actions", state.history().to_vec())?;
    Ok(result)
}
