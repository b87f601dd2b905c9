//! Every gomoku text entry point: points (`h8`, and on a board of each size), rule names,
//! opening rules and their actions, and diagrams (`str::parse` of `Position`, which validates the setup, size and rule included).
#![no_main]

use boardgames_core::Game;
use boardgames_fuzz::{check_read_position, text_round_trip};
use boardgames_gomoku::opening::{self, Opening};
use boardgames_gomoku::{Point, Position, Rule};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    text_round_trip::<Point>(text);
    for size in [5u8, 15, 20] {
        if let Ok(point) = Point::parse_on(text, size) {
            assert_eq!(point.to_string().parse::<Point>().ok(), Some(point));
            assert_eq!(Point::parse_on(&point.to_string(), size).ok(), Some(point));
        }
    }
    text_round_trip::<Rule>(text);
    // The opening rules' names and their actions (`black`, `place2`, `declare:3`, `offer:h8`).
    text_round_trip::<Opening>(text);
    text_round_trip::<opening::Move>(text);
    for size in [5u8, 15, 20] {
        if let Ok(action) = opening::Move::parse_on(text, size) {
            assert_eq!(
                opening::Move::parse_on(&action.to_string(), size).ok(),
                Some(action)
            );
        }
    }
    if let Some(position) = text_round_trip::<Position>(text) {
        check_read_position(&position);
        if let Ok(point) = position.parse_point(text) {
            let mut copy = position;
            if copy.play(point).is_err() {
                assert_eq!(copy, position, "refused point changed the position");
            }
        }
    }
});
