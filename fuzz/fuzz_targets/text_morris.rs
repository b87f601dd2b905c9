//! Every morris text entry point: points (`d1`), moves (`d1`, `a1-a4`, `g1xd2`) and diagrams
//! (`str::parse` of `Position`, which validates the setup), and moves read on positions of each
//! phase.
#![no_main]

use boardgames_fuzz::{check_move_text, check_read_position, text_round_trip};
use boardgames_morris::{Move, Point, Position};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    text_round_trip::<Point>(text);
    text_round_trip::<Move>(text);
    if let Some(position) = text_round_trip::<Position>(text) {
        check_read_position(&position);
    }
    check_move_text(&Position::new(), text);
});
