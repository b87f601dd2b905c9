//! The Python `VectorEnv`: many games stepped in Rust with the GIL released, written into
//! NumPy buffers that are reused between calls.

use crate::errors::{guard, BoardgamesError, Error};
use crate::games::{start, Encoded, StartVisitor};
use crate::options::{dict, from_kwargs};
use crate::vector::{Batch, Buffers, DynBatch};
use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::{Map, Value};

/// The observation buffer, (n, planes, rows, columns).
type Observations<'py> = Bound<'py, PyArray4<f32>>;
/// The legal-action masks, (n, actions).
type Masks<'py> = Bound<'py, PyArray2<bool>>;

/// The rewards of a step, (n, 2).
type Rewards<'py> = Bound<'py, PyArray2<f32>>;
/// The flags of a step, (n,).
type Dones<'py> = Bound<'py, PyArray1<bool>>;

/// The most games one `VectorEnv` holds.
const MAX_ENVS: usize = 1 << 20;

/// `n` games of one kind stepped together.
#[pyclass(module = "boardgames")]
pub struct VectorEnv {
    game: String,
    options: Map<String, Value>,
    batch: Box<dyn DynBatch>,
    shape: [usize; 3],
    num_actions: usize,
    observations: Py<PyArray4<f32>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    truncations: Py<PyArray1<bool>>,
    players: Py<PyArray1<i8>>,
    sampled: Py<PyArray1<i64>>,
}

struct MakeBatch {
    n: usize,
    seed: u64,
    max_plies: Option<u32>,
}

impl StartVisitor<(Box<dyn DynBatch>, [usize; 3], usize)> for MakeBatch {
    fn visit<G: Encoded>(self, start: G) -> (Box<dyn DynBatch>, [usize; 3], usize) {
        let (shape, actions) = (start.shape(), start.action_count());
        (
            Box::new(Batch::new(start, self.n, self.seed, self.max_plies)),
            shape,
            actions,
        )
    }
}

fn busy(e: impl std::fmt::Display) -> PyErr {
    BoardgamesError::new_err(format!("a VectorEnv buffer is in use elsewhere: {e}"))
}

/// Borrows the output buffers and runs `work` on them with the GIL released.
macro_rules! with_buffers {
    ($py:expr, $this:expr, |$out:ident| $work:expr) => {{
        let this = &mut *$this;
        let mut o = this.observations.bind($py).try_readwrite().map_err(busy)?;
        let mut m = this.masks.bind($py).try_readwrite().map_err(busy)?;
        let mut r = this.rewards.bind($py).try_readwrite().map_err(busy)?;
        let mut d = this.dones.bind($py).try_readwrite().map_err(busy)?;
        let mut t = this.truncations.bind($py).try_readwrite().map_err(busy)?;
        let mut p = this.players.bind($py).try_readwrite().map_err(busy)?;
        let $out = Buffers {
            observations: o.as_slice_mut().map_err(busy)?,
            masks: m.as_slice_mut().map_err(busy)?,
            rewards: r.as_slice_mut().map_err(busy)?,
            dones: d.as_slice_mut().map_err(busy)?,
            truncations: t.as_slice_mut().map_err(busy)?,
            players: p.as_slice_mut().map_err(busy)?,
        };
        let batch = &mut *this.batch;
        $py.detach(|| guard(|| $work(batch, $out)))?;
    }};
}

#[pymethods]
impl VectorEnv {
    /// `n` games of `game` under `options`, all at the start (`reset()` is implied).
    /// `seed` seeds `sample_actions()`; a game reaching `max_plies` plies is cut and restarted.
    #[new]
    #[pyo3(signature = (game, n, seed=0, max_plies=None, **options))]
    fn new(
        py: Python<'_>,
        game: &str,
        n: usize,
        seed: u64,
        max_plies: Option<u32>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<VectorEnv> {
        if max_plies == Some(0) {
            return Err(Error::Option("max_plies must be at least 1".into()).into());
        }
        if n == 0 || n > MAX_ENVS {
            return Err(
                Error::Option(format!("n = {n}: a VectorEnv holds 1 to {MAX_ENVS} games")).into(),
            );
        }
        let options = from_kwargs(options)?;
        let (batch, shape, num_actions) =
            guard(|| start(game, &options, MakeBatch { n, seed, max_plies }))?;
        let [planes, rows, columns] = shape;
        let mut env = VectorEnv {
            game: game.to_string(),
            options,
            batch,
            shape,
            num_actions,
            observations: PyArray4::zeros(py, [n, planes, rows, columns], false).unbind(),
            masks: PyArray2::zeros(py, [n, num_actions], false).unbind(),
            rewards: PyArray2::zeros(py, [n, 2], false).unbind(),
            dones: PyArray1::zeros(py, [n], false).unbind(),
            truncations: PyArray1::zeros(py, [n], false).unbind(),
            players: PyArray1::zeros(py, [n], false).unbind(),
            sampled: PyArray1::zeros(py, [n], false).unbind(),
        };
        with_buffers!(py, &mut env, |out| |b: &mut dyn DynBatch, o| b.reset(o));
        Ok(env)
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The game's options.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict(py, &self.options)
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.len()
    }

    /// The number of distinct action ids of the game.
    #[getter]
    fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// The shape of one game's observation: (planes, rows, columns).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, r, c] = self.shape;
        (p, r, c)
    }

    /// The observation buffer, (n, planes, rows, columns) float32, each game from the view of
    /// its player to move.
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray4<f32>> {
        self.observations.bind(py).clone()
    }

    /// The players to move, (n,) int8 (0 or 1).
    #[getter]
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.players.bind(py).clone()
    }

    /// The rewards of the last step, (n, 2) float32 by player.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.rewards.bind(py).clone()
    }

    /// The flags of the last step, (n,) bool: the game ended (and was restarted).
    #[getter]
    fn dones<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.dones.bind(py).clone()
    }

    /// The flags of the last step, (n,) bool: the game was cut at `max_plies` (`dones` is
    /// set too, and the rewards are 0).
    #[getter]
    fn truncations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncations.bind(py).clone()
    }

    /// The legal-action masks, (n, num_actions) bool.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks.bind(py).clone()
    }

    /// Restarts every game; returns (observations, masks).
    fn reset<'py>(
        mut slf: PyRefMut<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Observations<'py>, Masks<'py>)> {
        with_buffers!(py, slf, |out| |b: &mut dyn DynBatch, o| b.reset(o));
        Ok((slf.observations(py), slf.legal_actions_mask(py)))
    }

    /// Plays `actions[i]` (one legal action id per game) in every game, restarts the games that
    /// end, and returns (observations, masks, rewards, dones): the buffers, written in place.
    /// Raises IllegalMove, changing no game, if any action is not legal.
    fn step<'py>(
        mut slf: PyRefMut<'py, Self>,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(Observations<'py>, Masks<'py>, Rewards<'py>, Dones<'py>)> {
        let actions = int64_array(py, actions)?;
        let readonly = actions.try_readonly().map_err(busy)?;
        let ids = readonly.as_slice().map_err(busy)?;
        with_buffers!(py, slf, |out| |b: &mut dyn DynBatch, o| b.step(ids, o));
        Ok((
            slf.observations(py),
            slf.legal_actions_mask(py),
            slf.rewards(py),
            slf.dones(py),
        ))
    }

    /// A uniformly random legal action for every game, (n,) int64 (a buffer reused between
    /// calls), from the generator seeded by `seed`.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let sampled = self.sampled.bind(py).clone();
        {
            let mut w = sampled.try_readwrite().map_err(busy)?;
            let out = w.as_slice_mut().map_err(busy)?;
            let batch = &mut *self.batch;
            py.detach(|| guard(|| batch.sample(out)))?;
        }
        Ok(sampled)
    }

    fn __repr__(&self) -> String {
        format!(
            "<boardgames.VectorEnv {} x {}>",
            self.game,
            self.batch.len()
        )
    }
}

/// `actions` as a contiguous one-dimensional int64 array (converted by NumPy if needed).
fn int64_array<'py>(
    py: Python<'py>,
    actions: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    if let Ok(array) = actions.cast::<PyArray1<i64>>() {
        if array.is_contiguous() {
            return Ok(array.clone());
        }
    }
    let numpy = py.import("numpy")?;
    let array = numpy.getattr("asarray")?.call1((actions,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if array.getattr("ndim")?.extract::<usize>()? != 1 || !matches!(kind.as_str(), "i" | "u") {
        return Err(Error::Illegal(
            "actions must be a one-dimensional array of integer action ids".into(),
        )
        .into());
    }
    let converted = numpy
        .getattr("ascontiguousarray")?
        .call1((array, numpy.getattr("int64")?))?;
    converted.cast_into::<PyArray1<i64>>().map_err(|_| {
        Error::Option("actions must be a one-dimensional array of integer action ids".into()).into()
    })
}
