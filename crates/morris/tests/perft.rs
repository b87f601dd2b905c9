//! Perft from the start, counting each (move, capture) combination as one move.

use boardgames_core::{perft, Game, MoveList};
use boardgames_morris::Position;

const EXPECTED: [u64; 7] = [1, 24, 552, 12_144, 255_024, 5_140_800, 99_274_176];

#[test]
fn perft_from_the_start_to_depth_5() {
    let start = Position::new();
    for (depth, &nodes) in EXPECTED.iter().enumerate().take(6) {
        assert_eq!(perft(&start, depth as u32), nodes, "depth {depth}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
fn perft_from_the_start_depth_6() {
    assert_eq!(perft(&Position::new(), 6), EXPECTED[6]);
}

/// Perft without bulk counting at the last ply: the count agrees with the list.
#[test]
fn listing_and_counting_agree_to_depth_4() {
    fn listed(pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut child = *pos;
                child.play(mv).unwrap();
                listed(&child, depth - 1)
            })
            .sum()
    }
    assert_eq!(listed(&Position::new(), 4), EXPECTED[4]);
}
