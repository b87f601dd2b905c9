//! Sequences of tic-tac-toe moves, checked and unchecked, against the harness invariants.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    boardgames_fuzz::check_sequence(boardgames_tictactoe::Position::new(), data);
});
