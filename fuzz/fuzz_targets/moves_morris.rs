//! Sequences of morris moves, checked and unchecked, against the harness invariants; the
//! first byte picks flying on or off and the draw rules (none: the bare position; threefold
//! and/or a quiet-move limit: a `Match` with its history).
#![no_main]

use boardgames_morris::{DrawRules, Match, Position, Rules};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let start = Position::with_rules(Rules {
        flying: first & 1 == 0,
    });
    let mut draw_rules = DrawRules::NONE;
    draw_rules.threefold = first & 2 != 0;
    // Small limits reach the quiet-move draw within a short input.
    if first & 4 != 0 {
        draw_rules.quiet_moves = Some(1 + u32::from(first >> 3));
    }
    if draw_rules == DrawRules::NONE {
        boardgames_fuzz::check_sequence(start, rest);
    } else {
        boardgames_fuzz::check_sequence(Match::new(start, draw_rules), rest);
    }
});
