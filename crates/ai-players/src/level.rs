//! The computer levels every game offers.

use core::fmt;
use core::str::FromStr;

/// A computer level (in Chinese interfaces 入门 / 普通 / 高手). What each level does is the
/// game's: see each game module.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Level {
    /// The weakest: random or nearly random moves.
    Beginner,
    /// A shallow or rule-based player that makes mistakes a person can exploit.
    Normal,
    /// The strongest level of the game.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Normal, Level::Expert];

    /// The level's name: `beginner`, `normal` or `expert`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Normal => "normal",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not `beginner`, `normal` or `expert`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown level {text:?}: beginner, normal or expert")]
pub struct ParseLevelError {
    /// The text given.
    pub text: String,
}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// Reads a level name, in any case, surrounding spaces ignored.
    fn from_str(text: &str) -> Result<Level, ParseLevelError> {
        let lower = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == lower)
            .ok_or_else(|| ParseLevelError {
                text: text.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
            assert_eq!(level.name().to_uppercase().parse::<Level>(), Ok(level));
        }
        let err = "grandmaster".parse::<Level>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown level \"grandmaster\": beginner, normal or expert"
        );
    }
}
