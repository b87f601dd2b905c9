//! The module functions: `new_state`, `search`, `perft`, `playouts`.

use crate::errors::{guard, Error};
use crate::options::from_kwargs;
use crate::state::State;
use crate::tracked::Engine;
use boardgames_search::Limits;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Duration;

/// The most search threads a call may ask for.
const MAX_THREADS: usize = 256;

/// A new game at its start position: `game` is "tictactoe", "ultimate", "gomoku" (options
/// `size`, `rule`, `opening`) or "morris" (option `draw_rule`).
#[pyfunction]
#[pyo3(signature = (game, **options))]
pub fn new_state(game: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<State> {
    Ok(State::create(game, from_kwargs(options)?)?)
}

/// What `search` found.
#[pyclass(module = "boardgames", frozen, get_all)]
pub struct SearchResult {
    /// The best action id.
    action: usize,
    /// Its move in the game's notation.
    #[pyo3(name = "move")]
    mv: String,
    /// "alphabeta" or "mcts".
    engine: &'static str,
    /// Alpha-beta's score for the player to move (None for MCTS); wins score near 1,000,000.
    score: Option<i32>,
    /// MCTS's mean value of the move for the player to move, -1 to 1 (None for alpha-beta).
    value: Option<f64>,
    /// The depth completed (alpha-beta; 0 for MCTS).
    depth: u32,
    /// Nodes visited (alpha-beta) or kept in the tree (MCTS).
    nodes: u64,
    /// Simulations run (MCTS; 0 for alpha-beta).
    simulations: u64,
    /// Seconds spent.
    seconds: f64,
    /// The principal variation as action ids, from the searched state.
    pv: Vec<usize>,
    /// "win", "loss" or "draw" for the player to move when the search proved the result.
    result: Option<&'static str>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!(
            "<boardgames.SearchResult {} move {} (action {}), depth {}, nodes {}, simulations {}>",
            self.engine, self.mv, self.action, self.depth, self.nodes, self.simulations
        )
    }
}

/// A search engine by name: "alphabeta" or "mcts".
pub fn engine_arg(name: &str) -> Result<(Engine, &'static str), Error> {
    match name {
        "alphabeta" => Ok((Engine::AlphaBeta, "alphabeta")),
        "mcts" => Ok((Engine::Mcts, "mcts")),
        other => Err(Error::Option(format!(
            "unknown engine {other:?}: the engines are \"alphabeta\" and \"mcts\""
        ))),
    }
}

/// `Ok` for a thread count from 1 to [`MAX_THREADS`].
pub fn check_threads(threads: usize) -> Result<(), Error> {
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(())
    } else {
        Err(Error::Option(format!(
            "threads must be from 1 to {MAX_THREADS}"
        )))
    }
}

/// The search limits of a call: the engine's own, one second when none is given.
pub fn limits(
    engine: Engine,
    depth: Option<u32>,
    millis: Option<u64>,
    nodes: Option<u64>,
    simulations: Option<u64>,
) -> Result<Limits, Error> {
    if engine == Engine::Mcts && depth.is_some() {
        return Err(Error::Option(
            "depth is a limit of engine=\"alphabeta\"; MCTS takes simulations, nodes and millis"
                .into(),
        ));
    }
    if engine == Engine::AlphaBeta && simulations.is_some() {
        return Err(Error::Option(
            "simulations is a limit of engine=\"mcts\"".into(),
        ));
    }
    let mut limits = Limits::none();
    if let Some(depth) = depth {
        limits = limits.with_depth(depth);
    }
    if let Some(nodes) = nodes {
        limits = limits.with_nodes(nodes);
    }
    if let Some(simulations) = simulations {
        limits = limits.with_simulations(simulations);
    }
    if millis.is_some() || (depth.is_none() && nodes.is_none() && simulations.is_none()) {
        // Without any limit the search gets one second.
        limits = limits.with_time(Duration::from_millis(millis.unwrap_or(1_000)));
    }
    Ok(limits)
}

/// Searches `state` for a best action with alpha-beta (the game's evaluator) or MCTS (random
/// playouts), within the limits given (one second when none is), on `threads` threads, with
/// the GIL released.
#[pyfunction]
#[pyo3(signature = (state, *, depth=None, millis=None, nodes=None, simulations=None, engine="alphabeta", threads=1))]
#[allow(clippy::too_many_arguments)]
pub fn search(
    py: Python<'_>,
    state: &State,
    depth: Option<u32>,
    millis: Option<u64>,
    nodes: Option<u64>,
    simulations: Option<u64>,
    engine: &str,
    threads: usize,
) -> PyResult<SearchResult> {
    let (engine, name) = engine_arg(engine)?;
    check_threads(threads)?;
    let limits = limits(engine, depth, millis, nodes, simulations)?;
    let game = state.inner.clone_box();
    let found = py.detach(|| guard(|| game.search(engine, &limits, threads)))?;
    Ok(SearchResult {
        action: found.action,
        mv: found.text,
        engine: name,
        score: found.score,
        value: found.value,
        depth: found.depth,
        nodes: found.nodes,
        simulations: found.simulations,
        seconds: found.elapsed.as_secs_f64(),
        pv: found.pv,
        result: found.proof,
    })
}

/// The number of leaf positions `depth` plies from `state` (GIL released).
#[pyfunction]
pub fn perft(py: Python<'_>, state: &State, depth: u32) -> PyResult<u64> {
    let game = state.inner.clone_box();
    Ok(py.detach(|| guard(|| Ok(game.perft(depth))))?)
}

/// Plays `count` uniformly random games from `state` (GIL released, seeded by `seed`), each
/// stopped after `max_plies` plies if it lasts that long. Returns a dict: `first`, `second`
/// (wins of player 0 and 1), `draws`, `unfinished` and `plies` (played in all).
#[pyfunction]
#[pyo3(signature = (state, count, seed=0, max_plies=10_000))]
pub fn playouts<'py>(
    py: Python<'py>,
    state: &State,
    count: u64,
    seed: u64,
    max_plies: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let game = state.inner.clone_box();
    let tally = py.detach(|| guard(|| Ok(game.playouts(count, seed, max_plies))))?;
    let dict = PyDict::new(py);
    dict.set_item("first", tally.first)?;
    dict.set_item("second", tally.second)?;
    dict.set_item("draws", tally.draws)?;
    dict.set_item("unfinished", tally.unfinished)?;
    dict.set_item("plies", tally.plies)?;
    Ok(dict)
}
