//! Sequences of gomoku moves, checked and unchecked, against the harness invariants; the
//! first three bytes pick the board size (5 to 20), the rule (every named rule, with and
//! without the Gomocup draw) and the opening rule (none: the plain `Position`; or one of the
//! six, played through `OpeningGame`, whose moves include the colour choices and offers).
#![no_main]

use boardgames_gomoku::opening::{Opening, OpeningGame};
use boardgames_gomoku::{Position, Rule};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let [size, rule, opening, rest @ ..] = data else {
        return;
    };
    let size = 5 + u32::from(*size) % 16;
    let (_, named) = Rule::NAMED[usize::from(*rule & 0x7f) % Rule::NAMED.len()];
    let rule = named.with_gomocup_draw(*rule & 0x80 != 0);
    // One input in two is the plain game, the others spread over the six openings.
    match usize::from(*opening) % (2 * Opening::ALL.len()) {
        n if n < Opening::ALL.len() => {
            // An opening that does not fit the board is refused, which is checked elsewhere.
            if let Ok(start) = OpeningGame::new(size, rule, Some(Opening::ALL[n])) {
                boardgames_fuzz::check_sequence(start, rest);
            }
        }
        _ => {
            let start = Position::new(size, rule).expect("every size from 5 to 20 and every rule");
            boardgames_fuzz::check_sequence(start, rest);
        }
    }
});
