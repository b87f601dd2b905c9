//! Every tic-tac-toe text entry point: cells (`b2`, console `2 1`, either), diagrams
//! (`str::parse` of `Position`, which validates the setup) and text input played on a
//! position.
#![no_main]

use boardgames_core::Game;
use boardgames_fuzz::{check_read_position, text_round_trip};
use boardgames_tictactoe::{Cell, Position};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    text_round_trip::<Cell>(text);
    for cell in [Cell::parse_console(text), Cell::parse_any(text)]
        .into_iter()
        .flatten()
    {
        assert_eq!(cell.to_string().parse::<Cell>().ok(), Some(cell));
    }
    if let Some(position) = text_round_trip::<Position>(text) {
        check_read_position(&position);
        let mut copy = position;
        if copy.play_text("b2").is_err() {
            assert_eq!(copy, position, "refused input changed the position");
        }
    }
    // Text input on a position with a few marks: a refusal leaves it unchanged.
    let mut position = Position::new();
    position.play_text("a1").expect("a1 on the empty board");
    let before = position;
    match position.play_text(text) {
        Ok(cell) => assert_eq!(before.check_move(cell), Ok(())),
        Err(e) => {
            let _ = e.to_string();
            assert_eq!(position, before, "refused input changed the position");
        }
    }
});
