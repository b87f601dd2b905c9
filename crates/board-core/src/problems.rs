//! Writing the list of problems found in an unvalidated position.

use core::fmt;

/// Writes the `(flag, description)` entries whose flag `is_set`, separated by `"; "`.
///
/// Validating constructors return every problem they find as a `bitflags` set; their
/// `Display` uses this to list the descriptions of the flags that are set.
///
/// ```
/// use core::fmt;
/// struct Found(u8);
/// impl fmt::Display for Found {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         let names = [(1u8, "too many X"), (2, "both won"), (4, "overlap")];
///         boardgames_core::problems::write_problems(f, &names, |flag| self.0 & flag != 0)
///     }
/// }
/// assert_eq!(Found(5).to_string(), "too many X; overlap");
/// ```
pub fn write_problems<T: Copy>(
    f: &mut fmt::Formatter<'_>,
    names: &[(T, &str)],
    is_set: impl Fn(T) -> bool,
) -> fmt::Result {
    let mut first = true;
    for &(flag, text) in names {
        if is_set(flag) {
            if !first {
                f.write_str("; ")?;
            }
            f.write_str(text)?;
            first = false;
        }
    }
    Ok(())
}

/// A setup (a position typed in, read from a file or deserialized) that no game reaches, with
/// every problem found: the error of each game crate's `Setup::validate`, generic over the
/// game's problem set (a `bitflags` type whose `Display` lists the problems, written with
/// [`write_problems`]). Each game names it `SetupError` through a type alias.
///
/// ```
/// use boardgames_core::problems::SetupError;
/// use core::fmt;
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Found(u8);
/// impl fmt::Display for Found {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         let names = [(1u8, "too many X"), (2, "both won")];
///         boardgames_core::problems::write_problems(f, &names, |flag| self.0 & flag != 0)
///     }
/// }
/// let error = SetupError::new(Found(3));
/// assert_eq!(error.problems(), Found(3));
/// assert_eq!(error.to_string(), "impossible position: too many X; both won");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SetupError<P> {
    problems: P,
}

impl<P: Copy> SetupError<P> {
    /// The error for this (non-empty) set of problems.
    pub const fn new(problems: P) -> Self {
        SetupError { problems }
    }

    /// Every problem found.
    pub fn problems(&self) -> P {
        self.problems
    }

    /// `build()` when `problems` is empty (its `Default`, as for a `bitflags` set), otherwise
    /// the error naming them: the last step of each game's `Setup::validate`, so that no
    /// position is built from a setup with a problem.
    ///
    /// ```
    /// use boardgames_core::problems::SetupError;
    /// assert_eq!(SetupError::check(0u8, || "position"), Ok("position"));
    /// assert_eq!(SetupError::check(4u8, || "position"), Err(SetupError::new(4)));
    /// ```
    pub fn check<T>(problems: P, build: impl FnOnce() -> T) -> Result<T, Self>
    where
        P: Default + PartialEq,
    {
        if problems == P::default() {
            Ok(build())
        } else {
            Err(SetupError::new(problems))
        }
    }
}

impl<P: fmt::Display> fmt::Display for SetupError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "impossible position: {}", self.problems)
    }
}

impl<P: fmt::Display + fmt::Debug> std::error::Error for SetupError<P> {}

/// Implements `TryFrom<Setup>` for a game's position through the setup's own
/// `fn validate(&self) -> Result<Position, Error>`, so that `Position::try_from(setup)` and
/// `setup.try_into()` check a setup exactly as `Setup::validate` does (every game crate's
/// `Setup` converts this way). The arguments are the setup type, the position type and the
/// error type.
///
/// ```
/// use boardgames_core::problems::SetupError;
///
/// #[derive(Debug, PartialEq)]
/// struct Pile(u8);
/// struct PileSetup(u8);
/// impl PileSetup {
///     fn validate(&self) -> Result<Pile, SetupError<u8>> {
///         SetupError::check(u8::from(self.0 > 9), || Pile(self.0))
///     }
/// }
/// boardgames_core::try_from_setup!(PileSetup => Pile, SetupError<u8>);
///
/// assert_eq!(Pile::try_from(PileSetup(3)), Ok(Pile(3)));
/// assert_eq!(Pile::try_from(PileSetup(12)), Err(SetupError::new(1)));
/// ```
#[macro_export]
macro_rules! try_from_setup {
    ($setup:ty => $position:ty, $error:ty) => {
        impl ::core::convert::TryFrom<$setup> for $position {
            type Error = $error;

            fn try_from(setup: $setup) -> ::core::result::Result<$position, $error> {
                setup.validate()
            }
        }
    };
}

/// Why a game's position diagram could not be read, for games whose reader collects every
/// problem of the text before checking the position: the text is malformed (every problem
/// found, of the game's type `D`), or it reads but no game reaches it (every setup problem, of
/// the game's type `P`). A game names it `ParsePositionError` through a type alias.
///
/// ```
/// use boardgames_core::problems::{DiagramError, SetupError};
///
/// let malformed = DiagramError::<&str, u8>::Malformed(vec!["row 2 is short", "no turn"]);
/// assert_eq!(malformed.to_string(), "malformed diagram: row 2 is short; no turn");
/// assert_eq!(malformed.problems(), None);
/// let invalid = DiagramError::<&str, u8>::from(SetupError::new(3));
/// assert_eq!(invalid.to_string(), "impossible position: 3");
/// assert_eq!(invalid.problems(), Some(3));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum DiagramError<D, P> {
    /// The text is malformed; every problem found is listed.
    Malformed(Vec<D>),
    /// The text is well formed but the position cannot arise in a game; every problem is named.
    Invalid(SetupError<P>),
}

impl<D, P: Copy> DiagramError<D, P> {
    /// The impossibilities found, if the diagram read well enough to check them.
    pub fn problems(&self) -> Option<P> {
        match self {
            DiagramError::Invalid(e) => Some(e.problems()),
            DiagramError::Malformed(_) => None,
        }
    }
}

impl<D, P> From<SetupError<P>> for DiagramError<D, P> {
    fn from(error: SetupError<P>) -> Self {
        DiagramError::Invalid(error)
    }
}

impl<D: fmt::Display, P: fmt::Display> fmt::Display for DiagramError<D, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Malformed(found) => {
                write!(f, "malformed diagram: {}", crate::text::join(found, "; "))
            }
            // The setup error's own message, as the games' `#[error(transparent)]` writes it.
            DiagramError::Invalid(error) => error.fmt(f),
        }
    }
}

impl<D, P> std::error::Error for DiagramError<D, P>
where
    D: fmt::Display + fmt::Debug,
    P: fmt::Display + fmt::Debug,
{
}
