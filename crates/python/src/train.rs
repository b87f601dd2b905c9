//! `mcts_self_play`: games of an MCTS player against itself (random playouts, or guided by a
//! network's weights file) with the search's statistics at every ply, the training data of
//! `boardgames.train`.

use crate::errors::{guard, Error, Result};
use crate::shards::count_arg;
use boardgames_core::actions::{Actions, Observe};
use boardgames_core::{zobrist, Game, Player, Rng, Status};
use boardgames_players::net::{NetLeaf, Network};
use boardgames_players::MctsPlayer;
use boardgames_search::{Leaf, Limits, MctsResult, Proof, RandomPlayout};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// The settings of a run.
struct Config {
    games: usize,
    simulations: u64,
    seed: u64,
    exploration: Option<f64>,
    sample_plies: usize,
    max_plies: usize,
}

/// One row per ply, the plies of each game in order (see `mcts_self_play`).
#[derive(Default)]
struct Samples {
    shape: [usize; 3],
    actions: usize,
    observations: Vec<f32>,
    masks: Vec<bool>,
    policies: Vec<f32>,
    values: Vec<f32>,
    returns: Vec<f32>,
    players: Vec<i8>,
    game: Vec<i64>,
    ply: Vec<i32>,
    game_returns: Vec<f32>,
}

impl Samples {
    /// Appends the row of `position` (ongoing) and its search `result`.
    fn push<G: Actions + Observe>(&mut self, position: &G, result: &MctsResult<G::Move>) {
        let side = position.side_to_move();
        let at = self.observations.len();
        self.observations
            .resize(at + self.shape.iter().product::<usize>(), 0.0);
        // The writers fail only on a buffer of the wrong length, sized from the same game.
        let _ = position.write_observation(side, &mut self.observations[at..]);
        let at = self.masks.len();
        self.masks.resize(at + self.actions, false);
        let _ = position.legal_action_mask(&mut self.masks[at..]);
        let at = self.policies.len();
        self.policies.resize(at + self.actions, 0.0);
        let policy = &mut self.policies[at..];
        match (result.proof, result.best_move) {
            // A proven win: the winning move is the whole policy.
            (Some(Proof::Win), Some(best)) => policy[position.action_id(best)] = 1.0,
            _ => {
                let total: u64 = result.root_moves.iter().map(|m| m.visits).sum();
                for m in &result.root_moves {
                    policy[position.action_id(m.mv)] = m.visits as f32 / total.max(1) as f32;
                }
            }
        }
        self.values.push(result.value as f32);
        self.players.push(side.index() as i8);
    }

    /// Fills in the returns of the game that started at row `first`, ended in `status`.
    fn finish(&mut self, first: usize, status: Status, index: usize, plies: usize) {
        let result = |p: Player| match status {
            Status::Won(w) if w == p => 1.0,
            Status::Won(_) => -1.0,
            _ => 0.0,
        };
        for row in first..self.players.len() {
            let player = if self.players[row] == 0 {
                Player::First
            } else {
                Player::Second
            };
            self.returns.push(result(player));
            self.game.push(index as i64);
            self.ply.push((row - first) as i32);
        }
        debug_assert_eq!(self.players.len() - first, plies);
        self.game_returns
            .extend([result(Player::First), result(Player::Second)]);
    }
}

/// The move to play: drawn in proportion to the root's visits in the first `sample_plies`
/// plies (variety), the search's choice after.
fn choose<M: Copy>(
    result: &MctsResult<M>,
    ply: usize,
    sample_plies: usize,
    rng: &mut Rng,
) -> Option<M> {
    let total: u64 = result.root_moves.iter().map(|m| m.visits).sum();
    if ply >= sample_plies || total == 0 || result.proof == Some(Proof::Win) {
        return result.best_move;
    }
    let mut pick = rng.next_u64() % total;
    for m in &result.root_moves {
        if pick < m.visits {
            return Some(m.mv);
        }
        pick -= m.visits;
    }
    result.best_move
}

/// Plays the run's games from `start`, valuing leaves with `leaf`.
fn play<G, L>(start: &G, leaf: L, config: &Config) -> Result<Samples>
where
    G: Game + Actions + Observe,
    L: Leaf<G>,
{
    let shape = start.observation_shape();
    let mut samples = Samples {
        shape: [shape.planes, shape.rows, shape.columns],
        actions: start.action_count(),
        ..Samples::default()
    };
    for index in 0..config.games {
        let seed = zobrist::splitmix64(config.seed ^ zobrist::mix64(index as u64));
        let mut player =
            MctsPlayer::with_leaf(leaf.clone(), Limits::simulations(config.simulations), seed);
        if let Some(c) = config.exploration {
            player = player
                .with_exploration(c)
                .map_err(|e| Error::Option(e.to_string()))?;
        }
        let mut rng = Rng::new(seed).fork(1);
        let (mut position, first) = (start.clone(), samples.players.len());
        let mut plies = 0;
        while !position.status().is_over() && plies < config.max_plies {
            let result = player.search(&position).clone();
            samples.push(&position, &result);
            let Some(mv) = choose(&result, plies, config.sample_plies, &mut rng) else {
                break;
            };
            position.play_unchecked(mv);
            plies += 1;
        }
        samples.finish(first, position.status(), index, plies);
    }
    Ok(samples)
}

/// Plays with a network's leaves when `weights` names a file, random playouts otherwise.
fn run<G: Game + Actions + Observe>(
    name: &str,
    start: G,
    weights: Option<&str>,
    mix: f64,
    config: &Config,
) -> Result<Samples> {
    let Some(path) = weights else {
        return play(&start, RandomPlayout::default(), config);
    };
    let weights_error = |e: boardgames_players::net::WeightsError| Error::Option(e.to_string());
    let net = Network::load(path).map_err(weights_error)?;
    let leaf = NetLeaf::new(Arc::new(net), name, &start, path).map_err(weights_error)?;
    play(&start, leaf.with_playout_share(mix), config)
}

/// A flat vector as a NumPy array of `shape`.
fn array<'py, T: numpy::Element>(
    py: Python<'py>,
    values: Vec<T>,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyArray1::from_vec(py, values).reshape(shape)?.into_any())
}

/// The samples as a dict of NumPy arrays.
fn to_dict(py: Python<'_>, s: Samples) -> PyResult<Bound<'_, PyDict>> {
    let rows = s.players.len();
    let dict = PyDict::new(py);
    let [p, r, c] = s.shape;
    dict.set_item("observations", array(py, s.observations, &[rows, p, r, c])?)?;
    dict.set_item("masks", array(py, s.masks, &[rows, s.actions])?)?;
    dict.set_item("policies", array(py, s.policies, &[rows, s.actions])?)?;
    dict.set_item("values", array(py, s.values, &[rows])?)?;
    dict.set_item("returns", array(py, s.returns, &[rows])?)?;
    dict.set_item("players", array(py, s.players, &[rows])?)?;
    dict.set_item("game", array(py, s.game, &[rows])?)?;
    dict.set_item("ply", array(py, s.ply, &[rows])?)?;
    let games = s.game_returns.len() / 2;
    dict.set_item("game_returns", array(py, s.game_returns, &[games, 2])?)?;
    Ok(dict)
}

/// Plays `games` games of MCTS against itself in `game` (`"tictactoe"` or `"ultimate"`),
/// `simulations` a move, the GIL released, and returns one row per ply with the search's
/// statistics, as a dict of NumPy arrays: `observations` (from the side to move), `masks`,
/// `policies` (the root's visit shares by action id; the winning move alone when the search
/// proved a win), `values` (the search's value for the side to move), `returns` (the game's
/// result for the side to move), `players`, `game`, `ply`, and `game_returns` `(games, 2)`.
///
/// Leaves are valued by random playouts, or by the network of the weights file `weights`
/// (`mix` the share of a random playout mixed in) whose policy gives PUCT priors. The first
/// `sample_plies` moves of each game are drawn in proportion to the root's visits, later
/// ones are the search's choice; game `k` is seeded from `seed` and `k` alone. A missing,
/// corrupt or mismatched weights file raises `InvalidOption` naming it.
#[pyfunction]
#[pyo3(signature = (game, games, simulations, seed=1, weights=None, mix=0.0, exploration=None, sample_plies=8, max_plies=1000))]
#[allow(clippy::too_many_arguments)]
pub fn mcts_self_play<'py>(
    py: Python<'py>,
    game: &str,
    games: i64,
    simulations: i64,
    seed: u64,
    weights: Option<String>,
    mix: f64,
    exploration: Option<f64>,
    sample_plies: i64,
    max_plies: i64,
) -> PyResult<Bound<'py, PyDict>> {
    let config = Config {
        games: count_arg("games", games)?,
        simulations: count_arg("simulations", simulations)?.max(1) as u64,
        seed,
        exploration,
        sample_plies: count_arg("sample_plies", sample_plies)?,
        max_plies: count_arg("max_plies", max_plies)?,
    };
    if !(0.0..=1.0).contains(&mix) {
        return Err(Error::Option(format!("mix must be from 0 to 1, got {mix}")).into());
    }
    let weights = weights.as_deref();
    let samples = py.detach(|| {
        guard(|| match game {
            "tictactoe" => run(
                game,
                boardgames_tictactoe::Position::new(),
                weights,
                mix,
                &config,
            ),
            "ultimate" => run(
                game,
                boardgames_ultimate::Position::new(),
                weights,
                mix,
                &config,
            ),
            _ => Err(Error::Option(format!(
                "mcts_self_play plays tictactoe or ultimate, not {game:?}"
            ))),
        })
    })?;
    to_dict(py, samples)
}
