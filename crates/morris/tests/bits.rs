//! The bit-parallel queries of `boardgames_morris::bits` agree with the move generator and the mill
//! table on positions reached by random play.

use boardgames_core::{Game, MoveList, Rng};
use boardgames_morris::{bits, Points, Position, Setup, MILLS};
use proptest::prelude::*;

/// The destinations of the side to move's mill-forming moves, from the legal move list.
fn closing_by_generator(position: &Position) -> Points {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .filter(|m| m.capture().is_some())
        .fold(Points::EMPTY, |s, m| s.with(m.to().index()))
}

/// The same position with the other player to move, when that is a valid position (both
/// hands empty).
fn flipped(position: &Position) -> Option<Position> {
    let mut setup = Setup::from(position);
    setup.side_to_move = setup.side_to_move.opponent();
    setup.validate().ok()
}

fn check_closing_points(position: &Position) -> Result<(), TestCaseError> {
    let me = position.side_to_move();
    // A mill-forming move only shows as a capture when the opponent has a piece to take.
    if position.status().is_over() || position.on_board(me.opponent()) == 0 {
        return Ok(());
    }
    prop_assert_eq!(
        position.closing_points(me),
        closing_by_generator(position),
        "{}",
        position
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn closing_points_are_the_mill_forming_destinations(seed in any::<u64>(), flying in any::<bool>()) {
        let mut position = Position::with_rules(boardgames_morris::Rules { flying });
        let mut rng = Rng::new(seed);
        for _ in 0..120 {
            check_closing_points(&position)?;
            if let Some(other) = flipped(&position) {
                check_closing_points(&other)?;
            }
            match position.random_move(&mut rng) {
                Some(mv) => position.play_unchecked(mv),
                None => break,
            }
        }
    }

    #[test]
    fn mill_counts_and_neighbours_agree_with_the_tables(word in any::<u32>()) {
        let x = word & bits::FULL;
        let mills = MILLS.iter().filter(|m| m.is_subset(Points(x))).count() as u32;
        prop_assert_eq!(bits::mill_count(x), mills);
        let around = Points(x)
            .points()
            .fold(Points::EMPTY, |s, p| s.union(boardgames_morris::adjacent(p)));
        prop_assert_eq!(bits::neighbours(x), around.0);
        let in_mills = MILLS
            .iter()
            .filter(|m| m.is_subset(Points(x)))
            .fold(0, |s, m| s | m.0);
        prop_assert_eq!(bits::in_mills(x), in_mills);
    }
}

#[test]
fn a_running_mill_is_found() {
    let p = |n: &str| n.parse::<boardgames_morris::Point>().unwrap();
    // White holds the outer left side a1-a4-a7 and b2, b6 of the middle left side: a4 leaves
    // its mill for the empty b4 and closes b2-b4-b6, then can slide back and close a1-a4-a7.
    let own = Points::from_iter(["a1", "a4", "a7", "b6", "b2"].map(p)).0;
    assert_eq!(
        Points(bits::slide_closing_points(own, bits::in_mills(own))),
        p("b4").set()
    );
    // Without the mill there is nothing to run: a7 gone, b4 still closes from a4, but a4 is
    // no longer in a mill.
    let own = Points::from_iter(["a1", "a4", "b6", "b2"].map(p)).0;
    assert_eq!(bits::slide_closing_points(own, bits::in_mills(own)), 0);
    assert_eq!(Points(bits::slide_closing_points(own, own)), p("b4").set());
}
