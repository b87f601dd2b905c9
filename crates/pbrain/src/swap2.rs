//! The Swap2 opening decisions (`SWAP2BOARD`): the same decisions as the `play` example's
//! computer, `boardgames_players::gomoku::OpeningPlayer`, on the gomoku crate's
//! `OpeningGame` under Swap2; the moves played as a colour come from the engine's own
//! search.
//!
//! - **0 stones**: the opening player places the first three (black, white, black), each
//!   leaving black's score nearest even.
//! - **3 stones**: it takes a colour when one is clearly ahead (`SWAP` for black; for white
//!   the engine plays the fourth stone) or places two more stones (`x4,y4 x5,y5`).
//! - **5 stones**: it chooses the colour: `SWAP` takes black, white plays the sixth stone.
//!
//! The opening player's searches are bounded by depth, not time: with less than
//! [`EXPERT_TIME`] to think it decides at the normal level (depth 2), with less than
//! [`NORMAL_TIME`] at the beginner's (static evaluation).

use crate::clock::Clock;
use crate::protocol::{format_point, Answer};
use crate::think::Thinker;
use boardgames_core::Game;
use boardgames_gomoku::opening::{Colour, Move, Opening, OpeningGame};
use boardgames_gomoku::{Point, Rule};
use boardgames_players::gomoku::{Level, OpeningPlayer};
use boardgames_players::ComputerPlayer;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The thinking time from which the opening decisions are the expert's.
pub const EXPERT_TIME: Duration = Duration::from_millis(3_000);
/// The thinking time from which the opening decisions are the normal level's.
pub const NORMAL_TIME: Duration = Duration::from_millis(100);

/// The seed of the opening player's tie-breaks.
const SEED: u64 = 0x5eed;

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
    let mut game = opening_game(stones, size, rule)?;
    let mut player = OpeningPlayer::new(level_for(budget), SEED);
    let mut next = |game: &mut OpeningGame| -> Result<Move, String> {
        let mv = player.choose_move(game).ok_or("SWAP2BOARD: no decision")?;
        game.play(mv).map_err(|e| e.to_string())?;
        Ok(mv)
    };
    let mut placed = Vec::new();
    if stones.is_empty() {
        for _ in 0..3 {
            placed.push(next(&mut game)?);
        }
    } else {
        match next(&mut game)? {
            Move::Choose(Colour::Black) => return Ok(vec!["SWAP".into()]),
            Move::PlaceTwo => {
                placed.push(next(&mut game)?);
                placed.push(next(&mut game)?);
            }
            _ => {
                // White: the engine plays the next stone with its own search.
                let choice = thinker
                    .choose(game.position(), budget, clock, stop)
                    .ok_or("SWAP2BOARD: no move")?;
                return Ok(vec![format_point(choice.point, size)]);
            }
        }
    }
    let points: Vec<String> = placed
        .iter()
        .filter_map(|mv| mv.point())
        .map(|p| format_point(p, size))
        .collect();
    Ok(vec![points.join(" ")])
}

/// The swap2 opening after `stones` (0, 3 or 5, the fourth and fifth placed as the second
/// player's two stones).
fn opening_game(stones: &[Point], size: u8, rule: Rule) -> Result<OpeningGame, String> {
    if ![0, 3, 5].contains(&stones.len()) {
        return Err(format!(
            "SWAP2BOARD with {} stones: 0, 3 or 5 expected",
            stones.len()
        ));
    }
    let mut game =
        OpeningGame::new(u32::from(size), rule, Some(Opening::Swap2)).map_err(|e| e.to_string())?;
    for (i, &point) in stones.iter().enumerate() {
        if i == 3 {
            game.play(Move::PlaceTwo).map_err(|e| e.to_string())?;
        }
        game.play(Move::Stone(point))
            .map_err(|e| format!("SWAP2BOARD: {point}: {e}"))?;
    }
    Ok(game)
}

/// The level whose opening decisions fit in `budget`.
fn level_for(budget: Duration) -> Level {
    if budget >= EXPERT_TIME {
        Level::Expert
    } else if budget >= NORMAL_TIME {
        Level::Normal
    } else {
        Level::Beginner
    }
}
