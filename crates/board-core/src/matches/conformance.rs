//! The conformance harness over a match of any game: a [`Match`] probes the same moves as its
//! position and undoes with its own history.

use super::{Match, MatchRules};
use crate::harness::Conformance;

impl<G: MatchRules + Conformance> Conformance for Match<G> {
    fn probe_moves(&self) -> Vec<G::Move> {
        self.position().probe_moves()
    }

    fn unplay(&mut self, _mv: G::Move) -> bool {
        self.undo().is_some()
    }
}
