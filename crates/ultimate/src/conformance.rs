//! The board-core conformance harness run over random games (under both tie-break rules).

use crate::actions::ACTION_COUNT;
use crate::{Cells, Move, Position, Rules, Setup, TieBreak};
use boardgames_core::actions::{Actions, Symmetries};
use boardgames_core::harness::{
    check_actions, check_conformance, ActionConformance, Conformance, HarnessConfig,
};
use boardgames_core::{ByPlayer, Game, Player};

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

impl ActionConformance for Position {
    /// The position with every mark, and the sent-to board, moved by the symmetry.
    fn symmetric_image(&self, symmetry: usize) -> Option<Position> {
        let image = |cells: Cells| {
            let mut out = Cells::EMPTY;
            for id in cells.iter() {
                out = out.with(self.map_action(symmetry, id as usize).ok()? as u32);
            }
            Some(out)
        };
        let forced = match self.forced_board() {
            // The board of the sent-to board's centre cell's image.
            Some(board) => {
                Some((self.map_action(symmetry, board as usize * 9 + 4).ok()? / 9) as u8)
            }
            None => None,
        };
        let setup = Setup {
            marks: ByPlayer::new(
                image(self.marks(Player::First))?,
                image(self.marks(Player::Second))?,
            ),
            side_to_move: self.side_to_move(),
            forced_board: forced,
            rules: self.rules(),
        };
        Some(
            setup
                .validate()
                .expect("a symmetric image is a valid position"),
        )
    }
}

#[test]
fn actions_under_both_tie_breaks() {
    assert_eq!(Position::new().action_count(), ACTION_COUNT);
    let config = HarnessConfig {
        cases: 48,
        probe_every: 2,
        ..HarnessConfig::default()
    };
    check_actions(&Position::new(), &config);
    let rules = Rules::default().with_tie_break(TieBreak::BoardsWon);
    check_actions(&Position::with_rules(rules), &config);
}
