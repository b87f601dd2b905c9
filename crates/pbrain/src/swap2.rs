//! The Swap2 opening decisions (`SWAP2BOARD`), judged by a short search of the position:
//!
//! - **0 stones**: the engine places the first three (black, white, black). It tries a few
//!   fixed three-stone shapes around the centre and proposes the one whose search score is
//!   closest to even, so the opponent's choice of colour gains it little.
//! - **3 stones** (white to move): `SWAP` (take black) when black is ahead by more than
//!   [`CLEAR`], the fourth stone (stay white) when white is ahead by more than [`CLEAR`], else
//!   two more stones (the best white move, then black's best reply) and the choice passes
//!   back.
//! - **5 stones** (white to move): `SWAP` (take black) when black is ahead, else the sixth
//!   stone as white.
//!
//! The gomoku crate's `opening` module has the Swap2 rules but no decisions to share yet.

use crate::clock::Clock;
use crate::engine::Answer;
use crate::protocol::format_point;
use crate::think::Thinker;
use boardgames_core::Game;
use boardgames_gomoku::{Point, Position, Rule};
use boardgames_search::Score;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The score (evaluation units, side to move's view) beyond which one colour is clearly
/// ahead: about what an open two and a tempo are worth to the evaluator.
pub const CLEAR: Score = 150;

/// The three-stone shapes tried for the first three stones: offsets `(col, row)` from the
/// centre of black, white, black.
const OPENINGS: [[(i8, i8); 3]; 4] = [
    [(0, 0), (1, 1), (2, 0)],
    [(0, 0), (1, 0), (2, 2)],
    [(0, 0), (1, 1), (0, 2)],
    [(0, 0), (2, 1), (1, 2)],
];

/// The answer to `SWAP2BOARD` with `stones` (black, white, black... in order).
pub fn decide(
    stones: &[Point],
    size: u8,
    rule: Rule,
    thinker: &mut Thinker,
    budget: Duration,
    clock: &Clock,
    stop: &Arc<AtomicBool>,
) -> Answer {
    let mut position = Position::new(u32::from(size), rule).map_err(|e| e.to_string())?;
    for &point in stones {
        position
            .play(point)
            .map_err(|e| format!("SWAP2BOARD: {point}: {e}"))?;
    }
    if position.status().is_over() {
        return Err("SWAP2BOARD: the game on it is over".into());
    }
    let share = budget / 4;
    let mut best = |pos: &Position| thinker.choose(pos, share, clock, stop);
    match stones.len() {
        0 => first_three(size, rule, &mut best),
        3 => {
            let fourth = best(&position).ok_or("SWAP2BOARD: no move")?;
            if fourth.score < -CLEAR {
                Ok(vec!["SWAP".into()])
            } else if fourth.score > CLEAR {
                Ok(vec![format_point(fourth.point, size)])
            } else {
                let mut after = position;
                after.play(fourth.point).map_err(|e| e.to_string())?;
                let fifth = best(&after).ok_or("SWAP2BOARD: no move")?;
                Ok(vec![format!(
                    "{} {}",
                    format_point(fourth.point, size),
                    format_point(fifth.point, size)
                )])
            }
        }
        5 => {
            let sixth = best(&position).ok_or("SWAP2BOARD: no move")?;
            if sixth.score < 0 {
                Ok(vec!["SWAP".into()])
            } else {
                Ok(vec![format_point(sixth.point, size)])
            }
        }
        n => Err(format!("SWAP2BOARD with {n} stones: 0, 3 or 5 expected")),
    }
}

/// The three-stone opening whose score for white is closest to even.
fn first_three(
    size: u8,
    rule: Rule,
    best: &mut dyn FnMut(&Position) -> Option<crate::think::Choice>,
) -> Answer {
    let centre = (size / 2) as i8;
    let mut chosen: Option<(Score, Vec<Point>)> = None;
    for shape in OPENINGS {
        let points: Option<Vec<Point>> = shape
            .iter()
            .map(|&(dc, dr)| Point::new((centre + dc) as u8, (centre + dr) as u8))
            .collect();
        let Some(points) = points.filter(|p| p.iter().all(|q| q.is_on_board(size))) else {
            continue;
        };
        let mut position = Position::new(u32::from(size), rule).map_err(|e| e.to_string())?;
        if points.iter().any(|&p| position.play(p).is_err()) {
            continue;
        }
        let score = best(&position).map_or(Score::MAX, |c| c.score.abs());
        if chosen.as_ref().is_none_or(|c| score < c.0) {
            chosen = Some((score, points));
        }
    }
    let (_, points) = chosen.ok_or("SWAP2BOARD: no opening fits the board")?;
    let text: Vec<String> = points.iter().map(|&p| format_point(p, size)).collect();
    Ok(vec![text.join(" ")])
}
