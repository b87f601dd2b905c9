//! What the gomoku tests share: the rules they run under and random positions near the
//! centre. Not every test file uses every item.
#![allow(dead_code)]

use boardgames_core::{Game, Rng};
use boardgames_gomoku::{Point, Position, Rule};

/// Every gomoku rule the tests run under.
pub const RULES: [Rule; 6] = [
    Rule::CARO,
    Rule::CARO5,
    Rule::CARO6,
    Rule::STANDARD,
    Rule::FREESTYLE,
    Rule::RENJU,
];

/// A random point of the middle `span` x `span` square of a `size` x `size` board (the whole
/// board when it is smaller): stones drawn there crowd, so that threats are many.
pub fn near_centre(rng: &mut Rng, size: u32, span: u32) -> Point {
    let span = size.min(span);
    let offset = (size - span) / 2;
    Point::new(
        (offset + rng.below(span)) as u8,
        (offset + rng.below(span)) as u8,
    )
    .expect("a point of the board")
}

/// `plies` random stones of the middle 7x7 square drawn from `seed`, each played when it is
/// legal and does not end the game.
pub fn random_position(size: u32, rule: Rule, plies: usize, seed: u64) -> Position {
    let mut position = Position::new(size, rule).expect("a board size the tests choose");
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        let mut next = position;
        if next.play(near_centre(&mut rng, size, 7)).is_ok() && !next.status().is_over() {
            position = next;
        }
    }
    position
}
