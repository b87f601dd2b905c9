//! Sequences of gomoku moves, checked and unchecked, against the harness invariants; the
//! first two bytes pick the board size (5 to 20) and the rule (every named rule, with and
//! without the Gomocup draw).
#![no_main]

use boardgames_gomoku::{Position, Rule};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let [size, rule, rest @ ..] = data else {
        return;
    };
    let size = 5 + u32::from(*size) % 16;
    let (_, named) = Rule::NAMED[usize::from(*rule & 0x7f) % Rule::NAMED.len()];
    let rule = named.with_gomocup_draw(*rule & 0x80 != 0);
    let start = Position::new(size, rule).expect("every size from 5 to 20 and every rule");
    boardgames_fuzz::check_sequence(start, rest);
});
