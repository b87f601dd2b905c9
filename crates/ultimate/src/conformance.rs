//! The board-core conformance harness run over random games (under both tie-break rules).

use crate::{Move, Position, Rules, TieBreak};
use boardgames_core::harness::{check_conformance, Conformance, HarnessConfig};

impl Conformance for Position {
    /// Every one of the 81 cells.
    fn probe_moves(&self) -> Vec<Move> {
        Move::all().collect()
    }

    fn text_round_trip(&self) -> Option<Result<Self, String>> {
        boardgames_core::harness::reparse(self)
    }
}

#[test]
fn conformance_under_the_seed_rules() {
    check_conformance(&Position::new(), &HarnessConfig::default());
}

#[test]
fn conformance_under_the_boards_won_tie_break() {
    let rules = Rules::default().with_tie_break(TieBreak::BoardsWon);
    let config = HarnessConfig {
        cases: 32,
        ..HarnessConfig::default()
    };
    check_conformance(&Position::with_rules(rules), &config);
}
