//! Perft from the empty board, against published counts (derived independently).
//!
//! Depths 1-7 run in every test run (depth 7 takes under two seconds in a debug build);
//! depth 8 is heavy in a debug build and runs under `cargo test --profile test-release`
//! (release optimisation, no debug assertions).

use boardgames_core::perft;
use boardgames_ultimate::Position;

const EXPECTED: [u64; 8] = [
    81,
    720,
    6_336,
    55_080,
    473_256,
    4_020_960,
    33_782_544,
    281_067_408,
];

#[test]
fn perft_depths_1_to_6() {
    let start = Position::new();
    for depth in 1..=6 {
        assert_eq!(
            perft(&start, depth),
            EXPECTED[depth as usize - 1],
            "depth {depth}"
        );
    }
}

#[test]
fn perft_depth_7() {
    assert_eq!(perft(&Position::new(), 7), EXPECTED[6]);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
fn perft_depth_8() {
    assert_eq!(perft(&Position::new(), 8), EXPECTED[7]);
}

#[test]
fn perft_is_the_same_under_the_tie_break() {
    // The tie-break only decides games with every board finished, which takes 17+ plies.
    let rules = boardgames_ultimate::Rules::default()
        .with_tie_break(boardgames_ultimate::TieBreak::BoardsWon);
    assert_eq!(perft(&Position::with_rules(rules), 4), EXPECTED[3]);
}
