//! Every ultimate text entry point: moves (`53`), tie-break names and diagrams (`str::parse`
//! of `Position`, which validates the setup), and moves read on a position.
#![no_main]

use boardgames_core::Game;
use boardgames_fuzz::{check_move_text, check_read_position, text_round_trip};
use boardgames_ultimate::{Move, Position, TieBreak};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    text_round_trip::<Move>(text);
    text_round_trip::<TieBreak>(text);
    if let Some(position) = text_round_trip::<Position>(text) {
        check_read_position(&position);
    }
    let mut position = Position::new();
    let centre: Move = "55".parse().expect("55 reads");
    position.play(centre).expect("55 at the start");
    check_move_text(&position, text);
});
