//! The board-core conformance harness and property tests on tic-tac-toe (test-only module: the
//! `Conformance` impl must live in this crate).

use crate::{Cell, Marks, Position};
use boardgames_core::harness::{
    check_actions, check_conformance, ActionConformance, Conformance, HarnessConfig,
};
use boardgames_core::{grid3, random_position, Game, MoveList, Player, Rng, Status};
use proptest::prelude::*;

impl Conformance for Position {
    fn probe_moves(&self) -> Vec<Cell> {
        Cell::ALL.to_vec()
    }

    fn text_round_trip(&self) -> Option<Result<Self, String>> {
        boardgames_core::harness::reparse(self)
    }
}

#[test]
fn conformance_harness() {
    check_conformance(
        &Position::new(),
        &HarnessConfig {
            cases: 256,
            ..HarnessConfig::default()
        },
    );
}

impl ActionConformance for Position {
    fn symmetric_image(&self, symmetry: usize) -> Option<Position> {
        Some(self.transformed(symmetry))
    }
}

#[test]
fn action_harness() {
    check_actions(
        &Position::new(),
        &HarnessConfig {
            cases: 128,
            ..HarnessConfig::default()
        },
    );
}

/// The position after up to `plies` random moves of the game seeded `seed`.
fn after_random_moves(seed: u64, plies: usize) -> Position {
    random_position(Position::new(), plies, &mut Rng::new(seed))
}

proptest! {
    #[test]
    fn legal_moves_are_exactly_the_empty_cells_of_a_live_game(seed in any::<u64>(), plies in 0usize..10) {
        let pos = after_random_moves(seed, plies);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mask = moves.iter().fold(Marks::EMPTY, |m, c| m.with(c.index()));
        if pos.status().is_over() {
            prop_assert!(moves.is_empty());
        } else {
            prop_assert_eq!(mask, pos.empty_cells());
        }
    }

    #[test]
    fn status_matches_a_from_scratch_reading(seed in any::<u64>(), plies in 0usize..10) {
        let pos = after_random_moves(seed, plies);
        let x = grid3::line_in(pos.marks(Player::First).0).is_some();
        let o = grid3::line_in(pos.marks(Player::Second).0).is_some();
        let want = if x {
            Status::Won(Player::First)
        } else if o {
            Status::Won(Player::Second)
        } else if pos.ply() == 9 {
            Status::Draw
        } else {
            Status::Ongoing
        };
        prop_assert_eq!(pos.status(), want);
    }

    #[test]
    fn playouts_end_in_a_valid_finished_position(seed in any::<u64>(), plies in 0usize..9) {
        let mut pos = after_random_moves(seed, plies);
        let (status, _) = pos.random_playout(&mut Rng::new(seed ^ 1), usize::MAX);
        prop_assert!(status.is_over());
        prop_assert_eq!(status, pos.status());
        prop_assert!(pos.to_string().parse::<Position>().is_ok());
    }

    #[test]
    fn symmetries_preserve_status_and_turn(seed in any::<u64>(), plies in 0usize..10, s in 0usize..8) {
        let pos = after_random_moves(seed, plies);
        let image = pos.transformed(s);
        prop_assert_eq!(image.status(), pos.status());
        prop_assert_eq!(image.side_to_move(), pos.side_to_move());
        prop_assert_eq!(image.canonical(), pos.canonical());
    }

    #[test]
    fn diagram_parser_never_panics(text in "[XOxo.\\-/ \n]{0,20}") {
        let _ = text.parse::<Position>();
    }
}
