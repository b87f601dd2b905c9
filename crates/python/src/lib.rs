//! Python bindings of the boardgames crates, built with PyO3 into the `boardgames` package
//! (`crates/python/python/boardgames`): game states with integer actions and observation
//! tensors, `VectorEnv` (many games stepped in Rust with the GIL released), search, perft and
//! random playouts. The Python package adds the OpenSpiel and PettingZoo adapters.
//!
//! Every entry point runs its Rust code under `errors::guard`, so that no panic unwinds into
//! Python; bad input raises the package's typed exceptions with the crates' messages.

mod arena;
mod env;
mod errors;
mod games;
mod options;
mod search;
mod self_play;
mod shards;
mod state;
mod tracked;
mod train;
mod vector;

use pyo3::prelude::*;

/// The extension module `boardgames._boardgames`.
#[pymodule]
fn _boardgames(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<state::State>()?;
    m.add_class::<env::VectorEnv>()?;
    m.add_class::<search::SearchResult>()?;
    m.add_function(wrap_pyfunction!(search::new_state, m)?)?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_function(wrap_pyfunction!(search::perft, m)?)?;
    m.add_function(wrap_pyfunction!(search::playouts, m)?)?;
    m.add_function(wrap_pyfunction!(arena::play_game, m)?)?;
    m.add_class::<shards::MatchReport>()?;
    m.add_function(wrap_pyfunction!(shards::arena_shard, m)?)?;
    m.add_function(wrap_pyfunction!(shards::arena_merge, m)?)?;
    m.add_function(wrap_pyfunction!(self_play::self_play_shard, m)?)?;
    m.add_function(wrap_pyfunction!(train::mcts_self_play, m)?)?;
    m.add("BoardgamesError", py.get_type::<errors::BoardgamesError>())?;
    m.add("IllegalMove", py.get_type::<errors::IllegalMove>())?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("InvalidOption", py.get_type::<errors::InvalidOption>())?;
    m.add("MergeError", py.get_type::<shards::MergeError>())?;
    m.add("GAMES", games::GAMES.to_vec())?;
    m.add("TERMINAL", state::TERMINAL)?;
    Ok(())
}
