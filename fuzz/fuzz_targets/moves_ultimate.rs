//! Sequences of ultimate moves, checked and unchecked, against the harness invariants; the
//! first byte picks the tie-break rule.
#![no_main]

use boardgames_ultimate::{Position, Rules, TieBreak};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let tie_break = TieBreak::ALL[usize::from(first) % TieBreak::ALL.len()];
    let start = Position::with_rules(Rules::default().with_tie_break(tie_break));
    boardgames_fuzz::check_sequence(start, rest);
});
