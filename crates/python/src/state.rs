//! The Python `State`: one game with its history.

use crate::errors::{guard, Error, Result};
use crate::games::{returns, start};
use crate::options::dict;
use crate::tracked::{DynGame, MakeState};
use boardgames_core::{Player, Status};
use numpy::{PyArray1, PyArray3, PyArrayMethods, PyReadonlyArray3, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use serde_json::{Map, Value};

/// OpenSpiel's id of the "player" of a terminal state.
pub const TERMINAL: i64 = -4;

/// A game state: the position, the actions played since the start, and undo.
#[pyclass(module = "boardgames")]
pub struct State {
    game: String,
    options: Map<String, Value>,
    pub(crate) inner: Box<dyn DynGame>,
}

/// An action id from Python: a non-negative integer.
pub fn action_id(action: i64) -> Result<usize> {
    usize::try_from(action)
        .map_err(|_| Error::Illegal(format!("action {action}: not an action id")))
}

/// A symmetry index from Python: a non-negative integer (the game checks the range).
fn symmetry_arg(symmetry: i64) -> Result<usize> {
    usize::try_from(symmetry)
        .map_err(|_| Error::Option(format!("symmetry {symmetry}: not a symmetry index")))
}

/// A player from Python: 0 or 1.
pub fn player_arg(player: i64) -> Result<Player> {
    match player {
        0 => Ok(Player::First),
        1 => Ok(Player::Second),
        other => Err(Error::Option(format!(
            "player {other}: the players are 0 and 1"
        ))),
    }
}

impl State {
    /// A new state of `game` under `options`.
    pub fn create(game: &str, options: Map<String, Value>) -> Result<State> {
        let inner = guard(|| start(game, &options, MakeState))?;
        Ok(State {
            game: game.to_string(),
            options,
            inner,
        })
    }

    /// The game's status, with a panic (there should be none) caught.
    fn game_status(&self) -> Result<Status> {
        guard(|| Ok(self.inner.status()))
    }
}

#[pymethods]
impl State {
    /// The game's name ("tictactoe", "ultimate", "gomoku" or "morris").
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The game's options, as given to `new_state`.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict(py, &self.options)
    }

    /// The number of distinct action ids of the game.
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.action_count()
    }

    /// The shape of `observation_tensor()`: (planes, rows, columns).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, r, c] = self.inner.shape();
        (p, r, c)
    }

    /// The names of the observation planes, in order.
    #[getter]
    fn observation_planes(&self) -> Vec<&'static str> {
        self.inner.planes().to_vec()
    }

    /// The legal action ids, ascending (empty once the game is over).
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        Ok(guard(|| Ok(self.inner.legal_actions()))?)
    }

    /// A boolean array of length `num_actions`: True where the action is legal.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mut mask = vec![false; self.inner.action_count()];
        guard(|| self.inner.write_mask(&mut mask))?;
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Plays an action id. Raises IllegalMove (state unchanged) if it is not legal here.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let id = action_id(action)?;
        guard(|| self.inner.apply(id))?;
        Ok(())
    }

    /// Plays a move written in the game's notation and returns its action id. Raises
    /// ParseError or IllegalMove (state unchanged).
    fn apply_move(&mut self, text: &str) -> PyResult<usize> {
        let id = guard(|| self.inner.parse_action(text))?;
        guard(|| self.inner.apply(id))?;
        Ok(id)
    }

    /// Takes back the last action and returns it. Raises BoardgamesError at the start.
    fn undo(&mut self) -> PyResult<usize> {
        Ok(guard(|| {
            self.inner
                .undo()
                .ok_or_else(|| Error::Other("nothing to undo: no action was played".into()))
        })?)
    }

    /// True once the game is over.
    fn is_terminal(&self) -> PyResult<bool> {
        Ok(self.game_status()?.is_over())
    }

    /// The result for each player: [1.0, -1.0] when player 0 won, [-1.0, 1.0] when player 1
    /// won, [0.0, 0.0] for a draw or a game still going.
    fn returns(&self) -> PyResult<[f32; 2]> {
        Ok(returns(self.game_status()?))
    }

    /// The player to move, 0 or 1; -4 (OpenSpiel's terminal id) once the game is over.
    fn current_player(&self) -> PyResult<i64> {
        Ok(if self.game_status()?.is_over() {
            TERMINAL
        } else {
            self.inner.side_to_move().index() as i64
        })
    }

    /// "ongoing", "first" (player 0 won), "second" or "draw".
    #[getter]
    fn status(&self) -> PyResult<&'static str> {
        Ok(match self.game_status()? {
            Status::Ongoing => "ongoing",
            Status::Won(Player::First) => "first",
            Status::Won(Player::Second) => "second",
            Status::Draw => "draw",
        })
    }

    /// The observation from `player`'s side (default: the player to move), float32 shaped
    /// `observation_shape`.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let perspective = match player {
            Some(p) => player_arg(p)?,
            None => self.inner.side_to_move(),
        };
        let [p, r, c] = self.inner.shape();
        let mut values = vec![0.0f32; p * r * c];
        guard(|| self.inner.write_observation(perspective, &mut values))?;
        PyArray1::from_vec(py, values).reshape([p, r, c])
    }

    /// The number of board symmetries of the game; symmetry 0 is the identity.
    #[getter]
    fn symmetry_count(&self) -> usize {
        self.inner.symmetry_count()
    }

    /// The id of the image of `action` under `symmetry` (for data augmentation: the legal
    /// mask of the image position is the mask mapped action by action).
    fn map_action(&self, symmetry: i64, action: i64) -> PyResult<usize> {
        let symmetry = symmetry_arg(symmetry)?;
        let id = action_id(action)?;
        Ok(guard(|| self.inner.map_action(symmetry, id))?)
    }

    /// The image under `symmetry` of an observation shaped `observation_shape` (a new float32
    /// array): the observation of the image position.
    fn map_observation<'py>(
        &self,
        py: Python<'py>,
        symmetry: i64,
        observation: PyReadonlyArray3<'py, f32>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let symmetry = symmetry_arg(symmetry)?;
        let [p, r, c] = self.inner.shape();
        let values = observation.as_array().iter().copied().collect::<Vec<f32>>();
        if observation.shape() != [p, r, c] {
            return Err(Error::Option(format!(
                "an observation of shape {:?}, expected ({p}, {r}, {c})",
                observation.shape()
            ))
            .into());
        }
        let mut out = vec![0.0f32; values.len()];
        guard(|| self.inner.map_observation(symmetry, &values, &mut out))?;
        PyArray1::from_vec(py, out).reshape([p, r, c])
    }

    /// The action ids played since the start, in order.
    fn history(&self) -> Vec<usize> {
        self.inner.history().to_vec()
    }

    /// A copy of the state, history included.
    fn clone(&self) -> State {
        State {
            game: self.game.clone(),
            options: self.options.clone(),
            inner: self.inner.clone_box(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The move of a legal action id in the game's notation. Raises IllegalMove otherwise.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        let id = action_id(action)?;
        Ok(guard(|| self.inner.action_text(id))?)
    }

    /// The action id of a move in the game's notation (legal here or not). Raises ParseError.
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        Ok(guard(|| self.inner.parse_action(text))?)
    }

    fn __str__(&self) -> PyResult<String> {
        Ok(guard(|| Ok(self.inner.text()))?)
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "<boardgames.State {} after {} actions, {}>",
            self.game,
            self.inner.history().len(),
            self.status()?
        ))
    }

    /// Pickles as the game, its options and the actions played.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("boardgames")?.getattr("_restore_state")?;
        let args = (
            self.game.clone(),
            dict(py, &self.options)?,
            self.inner.history().to_vec(),
        )
            .into_pyobject(py)?;
        Ok((restore, args))
    }
}
