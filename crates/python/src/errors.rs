//! The Python exceptions and the guard that keeps Rust panics from crossing into Python.

use pyo3::PyErr;
use std::panic::{catch_unwind, AssertUnwindSafe};

mod types {
    use pyo3::create_exception;
    use pyo3::exceptions::PyValueError;

    create_exception!(
        boardgames,
        BoardgamesError,
        PyValueError,
        "The base of every error the boardgames package raises (a ValueError)."
    );
    create_exception!(
        boardgames,
        IllegalMove,
        BoardgamesError,
        "An action or move that is not legal in the state, or not an action id of the game."
    );
    create_exception!(
        boardgames,
        ParseError,
        BoardgamesError,
        "Text that is not a move in the game's notation."
    );
    create_exception!(
        boardgames,
        InvalidOption,
        BoardgamesError,
        "An unknown game, a bad game option or a bad argument value."
    );
}

pub use types::{BoardgamesError, IllegalMove, InvalidOption, ParseError};

/// An error of the bindings, mapped to one of the Python exceptions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Raised as [`IllegalMove`].
    Illegal(String),
    /// Raised as [`ParseError`].
    Parse(String),
    /// Raised as [`InvalidOption`].
    Option(String),
    /// Raised as [`BoardgamesError`]: any other failure (nothing to undo, an internal error).
    Other(String),
}

impl From<Error> for PyErr {
    fn from(error: Error) -> PyErr {
        match error {
            Error::Illegal(m) => IllegalMove::new_err(m),
            Error::Parse(m) => ParseError::new_err(m),
            Error::Option(m) => InvalidOption::new_err(m),
            Error::Other(m) => BoardgamesError::new_err(m),
        }
    }
}

/// The result of the bindings' Rust code.
pub type Result<T> = std::result::Result<T, Error>;

/// Runs `work`, turning a panic into [`Error::Other`] so that no panic unwinds into Python.
/// The game crates do not panic on input the bindings pass them; this is the safety net.
pub fn guard<T>(work: impl FnOnce() -> Result<T>) -> Result<T> {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        Err(Error::Other(format!("internal error: {message}")))
    })
}
