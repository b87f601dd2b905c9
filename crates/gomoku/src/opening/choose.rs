//! Choosing an opening for a game: reading its name and checking that it fits the board.

use super::error::{NewOpeningError, ParseOpeningError};
use super::script::Opening;
use crate::rule::Rule;
use core::str::FromStr;

impl Opening {
    /// Checks that the opening can be played on a `size` x `size` board under `rule`. Every
    /// opening is mechanically sound under every win rule (at most five stones are placed
    /// before play is free, so no opening stone can win or be forbidden); only the board
    /// size can rule one out.
    pub fn check(self, size: u32, _rule: Rule) -> Result<(), NewOpeningError> {
        if self.needs_centre() && size % 2 == 0 {
            return Err(NewOpeningError::NoCentre {
                opening: self,
                size,
            });
        }
        if size < u32::from(self.min_size()) {
            return Err(NewOpeningError::TooSmall {
                opening: self,
                size,
                min: self.min_size(),
            });
        }
        Ok(())
    }
}

impl FromStr for Opening {
    type Err = ParseOpeningError;

    /// Reads a name of [`Opening::name`]; `soosõrv8`, `long-pro` and upper case are accepted.
    fn from_str(text: &str) -> Result<Opening, ParseOpeningError> {
        let name = text.trim().to_lowercase().replace(['-', ' '], "_");
        let name = name.replace('õ', "o");
        Opening::ALL
            .into_iter()
            .find(|o| o.name() == name || o.name() == name.replace('_', ""))
            .ok_or(ParseOpeningError {
                name: text.to_owned(),
            })
    }
}
