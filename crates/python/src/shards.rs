//! The arena library (`boardgames-arena`) from Python: `arena_shard` plays one shard of a
//! match into its shard file's JSON, `arena_merge` puts shard files together into a
//! `MatchReport`. A shard is the unit of work a Ray task (or any process) runs; merged shards
//! give the same games as the whole match.

use crate::errors::{guard, Error, InvalidOption, Result};
use crate::options::{from_kwargs, to_python};
use boardgames_arena::{
    merge, play_shard, ArenaError, Clock, GameSpec, MatchSpec, Openings, Shard, ShardFile,
};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde_json::{Map, Value};
use std::path::PathBuf;
use std::time::Duration;

pyo3::create_exception!(
    boardgames,
    MergeError,
    InvalidOption,
    "Shard files that do not merge: not a shard file, damaged, of another match, repeated, or \
     shards missing. A subclass of InvalidOption."
);

/// An arena error as the bindings raise it: a bad spec is an invalid option, a game that
/// could not be played an error of its own.
pub fn arena_error(error: ArenaError) -> Error {
    match error {
        ArenaError::Play(m) | ArenaError::Stopped(m) => Error::Other(m),
        other => Error::Option(other.to_string()),
    }
}

/// A count from Python (games, plies, a shard's numbers): a non-negative integer.
pub fn count_arg(name: &str, value: i64) -> Result<usize> {
    usize::try_from(value)
        .map_err(|_| Error::Option(format!("{name} must not be negative, got {value}")))
}

/// A shard from Python: `(index, count)`, indices from 0.
pub fn shard_arg(shard: (i64, i64)) -> Result<Shard> {
    let (index, count) = (
        count_arg("the shard index", shard.0)?,
        count_arg("the shard count", shard.1)?,
    );
    Shard::new(index, count).map_err(|e| Error::Option(e.to_string()))
}

/// A whole number option, or `default` when absent.
fn number_option(game: &str, options: &Map<String, Value>, key: &str, default: u32) -> Result<u32> {
    match options.get(key) {
        None => Ok(default),
        Some(value) => value
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                Error::Option(format!(
                    "{game} option {key:?} must be a whole number, got {value}"
                ))
            }),
    }
}

/// The arena's game `game` with `options`: gomoku takes `size` (15) and `rule` ("caro"),
/// morris `quiet_moves` (50, under threefold repetition), the others none.
pub fn game_spec(game: &str, options: &Map<String, Value>) -> Result<GameSpec> {
    let spec = GameSpec::from_name(game).map_err(arena_error)?;
    let known: &[&str] = match spec {
        GameSpec::Gomoku { .. } => &["size", "rule"],
        GameSpec::Morris { .. } => &["quiet_moves"],
        _ => &[],
    };
    if let Some(key) = options.keys().find(|key| !known.contains(&key.as_str())) {
        let takes = match known {
            [] => "no options".to_owned(),
            keys => format!("the options {}", keys.join(", ")),
        };
        return Err(Error::Option(format!(
            "the arena's {} takes {takes}, not {key:?}",
            spec.name()
        )));
    }
    Ok(match spec {
        GameSpec::Gomoku { .. } => GameSpec::Gomoku {
            size: number_option(game, options, "size", 15)?,
            rule: match options.get("rule") {
                None => "caro".to_owned(),
                Some(Value::String(rule)) => rule.clone(),
                Some(other) => {
                    return Err(Error::Option(format!(
                        "gomoku option \"rule\" must be a string, got {other}"
                    )))
                }
            },
        },
        GameSpec::Morris { .. } => GameSpec::Morris {
            quiet_moves: number_option(game, options, "quiet_moves", 50)?,
        },
        other => other,
    })
}

/// Openings from Python: `None` or `"builtin"` (the game's set), `"none"`, or a list of
/// openings, each a string of moves (separated by spaces or commas) or a list of moves.
pub fn openings_arg(openings: Option<&Bound<'_, PyAny>>) -> Result<Openings> {
    let Some(value) = openings.filter(|v| !v.is_none()) else {
        return Ok(Openings::Builtin);
    };
    if let Ok(name) = value.extract::<String>() {
        return match name.as_str() {
            "builtin" => Ok(Openings::Builtin),
            "none" => Ok(Openings::None),
            other => Err(Error::Option(format!(
                "openings {other:?}: use \"builtin\", \"none\" or a list of openings"
            ))),
        };
    }
    let bad = || {
        Error::Option("openings must be \"builtin\", \"none\" or a list of openings, each a string of moves or a list of moves".to_owned())
    };
    let items: Vec<Bound<'_, PyAny>> = value.extract().map_err(|_| bad())?;
    let mut lines = Vec::with_capacity(items.len());
    for item in items {
        let line = match item.extract::<String>() {
            Ok(text) => text,
            Err(_) => item.extract::<Vec<String>>().map_err(|_| bad())?.join(" "),
        };
        lines.push(line);
    }
    Ok(Openings::Text {
        origin: "list".to_owned(),
        text: lines.join("\n"),
    })
}

/// A clock from Python: `"wall"` (measured times), `"untimed"` (no times), or a number of
/// seconds every move counts (reproducible records).
fn clock_arg(clock: &Bound<'_, PyAny>) -> Result<Clock> {
    if let Ok(name) = clock.extract::<String>() {
        return match name.as_str() {
            "wall" => Ok(Clock::Wall),
            "untimed" => Ok(Clock::Untimed),
            other => Err(Error::Option(format!(
                "clock {other:?}: use \"wall\", \"untimed\" or seconds a move"
            ))),
        };
    }
    let seconds: f64 = clock.extract().map_err(|_| {
        Error::Option("clock must be \"wall\", \"untimed\" or seconds a move".to_owned())
    })?;
    Duration::try_from_secs_f64(seconds)
        .map(Clock::Fixed)
        .map_err(|_| {
            Error::Option(format!(
                "clock {seconds}: seconds a move must be finite and at least 0"
            ))
        })
}

/// The match that `arena_shard`'s arguments describe, checked.
#[allow(clippy::too_many_arguments)]
fn match_spec(
    game: &str,
    player_a: &str,
    player_b: &str,
    games: i64,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
    max_plies: i64,
    openings: Option<&Bound<'_, PyAny>>,
    clock: &Bound<'_, PyAny>,
) -> Result<MatchSpec> {
    let spec = MatchSpec {
        game: game_spec(game, &from_kwargs(options)?)?,
        player_a: player_a.to_owned(),
        player_b: player_b.to_owned(),
        games: count_arg("games", games)?,
        seed,
        max_plies: count_arg("max_plies", max_plies)?,
        openings: openings_arg(openings)?,
        clock: clock_arg(clock)?,
    };
    guard(|| spec.info().map_err(arena_error))?;
    Ok(spec)
}

/// Runs `work` with the GIL released; `work` gets a function to call between games that
/// returns an error when Python has a signal pending (Ctrl-C), which `work` passes on as a
/// stop. The signal's exception (KeyboardInterrupt) is then raised.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut dyn FnMut() -> std::result::Result<(), String>) -> Result<T> + Send,
) -> PyResult<T> {
    let mut signal: Option<PyErr> = None;
    let result = py.detach(|| {
        let mut check = || match Python::attach(|py| py.check_signals()) {
            Ok(()) => Ok(()),
            Err(error) => {
                signal = Some(error);
                Err("interrupted".to_owned())
            }
        };
        guard(|| work(&mut check))
    });
    match (signal, result) {
        (Some(error), _) => Err(error),
        (None, result) => Ok(result?),
    }
}

/// Plays shard `shard` (`(index, count)`, indices from 0) of a match between `player_a` and
/// `player_b` (the arena's player specs: "random", "expert", "ab:depth=6", "mcts:sims=200",
/// ...) and returns its shard file's JSON text. The GIL is released while the games run.
#[pyfunction]
#[pyo3(signature = (game, player_a, player_b, games=20, seed=1, shard=(0, 1), options=None, max_plies=1000, openings=None, clock=None))]
#[allow(clippy::too_many_arguments)]
pub fn arena_shard(
    py: Python<'_>,
    game: &str,
    player_a: &str,
    player_b: &str,
    games: i64,
    seed: u64,
    shard: (i64, i64),
    options: Option<&Bound<'_, PyDict>>,
    max_plies: i64,
    openings: Option<&Bound<'_, PyAny>>,
    clock: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let wall = PyString::new(py, "wall").into_any();
    let clock = clock.filter(|c| !c.is_none()).unwrap_or(&wall);
    let spec = match_spec(
        game, player_a, player_b, games, seed, options, max_plies, openings, clock,
    )?;
    let shard = shard_arg(shard)?;
    interruptible(py, |check| {
        let file = play_shard(&spec, shard, |_| check()).map_err(arena_error)?;
        file.to_json()
            .map_err(|e| Error::Other(format!("internal error: {e}")))
    })
}

/// Merges the shard files' JSON texts of one match (in any order) into its report, the games
/// in the whole match's order. Raises `MergeError` when they are not every shard of one match.
#[pyfunction]
pub fn arena_merge(py: Python<'_>, shard_jsons: Vec<String>) -> PyResult<MatchReport> {
    let merged = py.detach(|| {
        guard(|| {
            let mut files = Vec::with_capacity(shard_jsons.len());
            for (k, text) in shard_jsons.iter().enumerate() {
                let file = ShardFile::from_json(text)
                    .map_err(|e| Error::Option(format!("shard_jsons[{k}]: {e}")))?;
                files.push(file);
            }
            merge(&files).map_err(|e| Error::Option(e.to_string()))
        })
    });
    match merged {
        Ok(report) => Ok(MatchReport { report }),
        Err(Error::Option(message)) => Err(MergeError::new_err(message)),
        Err(other) => Err(other.into()),
    }
}

/// A match's result: W-D-L from A's side, score and Elo with their 95 % intervals, the games
/// and their records in the match's order; `str(report)` is the arena's text report.
#[pyclass(module = "boardgames", frozen)]
pub struct MatchReport {
    report: boardgames_arena::MatchReport,
}

/// A tally as `(wins, draws, losses)`.
fn wdl(tally: boardgames_arena::Tally) -> (u32, u32, u32) {
    (tally.wins, tally.draws, tally.losses)
}

#[pymethods]
impl MatchReport {
    /// A's wins.
    #[getter]
    fn wins(&self) -> u32 {
        self.report.summary.total.wins
    }
    /// Draws (games at the ply cap included).
    #[getter]
    fn draws(&self) -> u32 {
        self.report.summary.total.draws
    }
    /// A's losses.
    #[getter]
    fn losses(&self) -> u32 {
        self.report.summary.total.losses
    }
    /// `(wins, draws, losses)` of A with the first move, and with the second.
    #[getter]
    fn by_colour(&self) -> ((u32, u32, u32), (u32, u32, u32)) {
        (
            wdl(self.report.summary.a_first),
            wdl(self.report.summary.a_second),
        )
    }
    /// Games drawn at the ply cap.
    #[getter]
    fn capped(&self) -> u32 {
        self.report.summary.capped
    }
    /// Games lost by forfeit.
    #[getter]
    fn forfeits(&self) -> u32 {
        self.report.summary.forfeits
    }
    /// A's points: wins plus half the draws.
    #[getter]
    fn points(&self) -> f64 {
        self.report.summary.total.points()
    }
    /// A's mean score, 0 to 1.
    #[getter]
    fn score(&self) -> Option<f64> {
        self.report.estimate().map(|e| e.score)
    }
    /// The 95 % interval of the score.
    #[getter]
    fn score_interval(&self) -> Option<(f64, f64)> {
        self.report.estimate().map(|e| e.score_interval)
    }
    /// The Elo difference A - B (infinite after a sweep).
    #[getter]
    fn elo(&self) -> Option<f64> {
        self.report.estimate().map(|e| e.elo)
    }
    /// The 95 % interval of the Elo difference.
    #[getter]
    fn elo_interval(&self) -> Option<(f64, f64)> {
        self.report.estimate().map(|e| e.elo_interval)
    }
    /// The match's heading: game, players, openings, seed.
    #[getter]
    fn heading(&self) -> String {
        self.report.info.to_string()
    }
    /// The game's name.
    #[getter]
    fn game(&self) -> &str {
        &self.report.info.game
    }
    /// The game's options, as `new_state` takes them (the games replay with these).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.report.info.options)
    }
    /// Player A's spec.
    #[getter]
    fn player_a(&self) -> &str {
        &self.report.info.a
    }
    /// Player B's spec.
    #[getter]
    fn player_b(&self) -> &str {
        &self.report.info.b
    }
    /// The record texts of the games, in the match's order.
    #[getter]
    fn records(&self) -> Vec<&str> {
        self.report.records().collect()
    }
    /// The games in the match's order, each a dict: `index` (from 0), `a_first`, `opening`
    /// (from 0, or None), `winner` ("first", "second" or None), `result` (in words), `moves`
    /// (in the game's notation).
    #[getter]
    fn games<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for game in &self.report.games {
            let entry = PyDict::new(py);
            entry.set_item("index", game.index)?;
            entry.set_item("a_first", game.a_first)?;
            entry.set_item("opening", game.opening)?;
            entry.set_item(
                "winner",
                game.winner().map(|p| ["first", "second"][p.index()]),
            )?;
            entry.set_item("result", game.result_text())?;
            entry.set_item("moves", &game.moves)?;
            list.append(entry)?;
        }
        Ok(list)
    }
    /// Writes the records folder `dir` as `arena merge --records` does: `001.txt`, ...,
    /// `games.jsonl` and `results.csv`. Raises `OSError` when it cannot be written.
    fn write_records(&self, py: Python<'_>, dir: PathBuf) -> PyResult<()> {
        let info = &self.report.info;
        let names = [info.a.as_str(), info.b.as_str()];
        py.detach(|| {
            let mut folder =
                boardgames_arena::RecordFolder::create(&dir, &info.game, &info.options)?;
            self.report
                .games
                .iter()
                .try_for_each(|game| folder.write(game, names))
        })
        .map_err(|e| PyOSError::new_err(e.to_string()))
    }
    fn __str__(&self) -> String {
        self.report.to_string()
    }
    fn __repr__(&self) -> String {
        let t = self.report.summary.total;
        format!(
            "<boardgames.MatchReport {}: A {} vs B {}, {}-{}-{}>",
            self.report.info.game,
            self.report.info.a,
            self.report.info.b,
            t.wins,
            t.draws,
            t.losses
        )
    }
}
