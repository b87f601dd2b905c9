//! Every ultimate text entry point: moves (`53`), tie-break names and diagrams (`str::parse`
//! of `Position`, which validates the setup), and moves read on a position.
#![no_main]

use boardgames_core::Game;
use boardgames_fuzz::text_round_trip;
use boardgames_ultimate::{Move, Position, TieBreak};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    text_round_trip::<Move>(text);
    text_round_trip::<TieBreak>(text);
    if let Some(position) = text_round_trip::<Position>(text) {
        assert_eq!(position.zobrist(), position.zobrist_from_scratch());
        let mut moves = boardgames_core::MoveList::new();
        position.legal_moves(&mut moves);
        assert_eq!(moves.len(), position.legal_move_count());
        assert_eq!(position.status().is_over(), moves.is_empty());
    }
    let mut position = Position::new();
    let centre: Move = "55".parse().expect("55 reads");
    position.play(centre).expect("55 at the start");
    if let Ok(mv) = position.parse_move(text) {
        let before = position;
        if position.play(mv).is_err() {
            assert_eq!(position, before, "refused move changed the position");
        }
    }
});
