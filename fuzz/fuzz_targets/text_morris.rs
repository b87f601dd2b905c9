//! Every morris text entry point: points (`d1`), moves (`d1`, `a1-a4`, `g1xd2`) and diagrams
//! (`str::parse` of `Position`, which validates the setup), and moves read on positions of each
//! phase.
#![no_main]

use boardgames_core::Game;
use boardgames_fuzz::text_round_trip;
use boardgames_morris::{Move, Point, Position};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    text_round_trip::<Point>(text);
    text_round_trip::<Move>(text);
    if let Some(position) = text_round_trip::<Position>(text) {
        assert_eq!(position.zobrist(), position.zobrist_from_scratch());
        let mut moves = boardgames_core::MoveList::new();
        position.legal_moves(&mut moves);
        assert_eq!(moves.len(), position.legal_move_count());
        assert_eq!(position.status().is_over(), moves.is_empty());
    }
    let position = Position::new();
    if let Ok(mv) = position.parse_move(text) {
        let mut copy = position;
        if copy.play(mv).is_err() {
            assert_eq!(copy, position, "refused move changed the position");
        }
    }
});
