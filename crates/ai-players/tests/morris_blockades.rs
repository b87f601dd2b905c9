//! Named blockade positions: the side to move wins by leaving the other player without a
//! move, with no capture on the way. The expert (without endgame databases) must find the
//! one winning move of each; the win and its length are proved here by a search on the rules
//! alone. The positions come from the 5 v 5, 5 v 4 and 4 v 5 databases (the `blockades`
//! example of boardgames-morris-db), where each has exactly one winning move.

use boardgames_core::{Game, MoveList, Player};
use boardgames_morris::{Move, Position};
use boardgames_morris_db::check::{endgame, proven_value};
use boardgames_players::morris::{Level, MorrisPlayer};
use boardgames_players::ComputerPlayer;
use boardgames_solver::Value;

/// (name, white, black, side to move, the winning move, plies to the blockade).
const BLOCKADES: [(&str, &str, &str, Player, &str, u16); 8] = [
    (
        "inner square shut",
        "a4 d2 f4 b6 c3",
        "d3 e3 e4 e5 d5",
        Player::First,
        "b6-d6",
        7,
    ),
    (
        "right side sealed",
        "a1 d7 a4 f6 d3",
        "d1 g1 g4 g7 d2",
        Player::First,
        "f6-f4",
        7,
    ),
    (
        "outer ring against four",
        "g4 a7 b2 f4 c3",
        "a1 d1 g1 d2",
        Player::First,
        "a7-a4",
        7,
    ),
    (
        "outer corners held",
        "d1 d7 b2 d3 e4",
        "a1 g1 g4 g7 a7",
        Player::First,
        "e4-f4",
        5,
    ),
    (
        "middle square caged",
        "g4 b2 d2 f2",
        "d1 d7 f4 b6 d3",
        Player::Second,
        "b6-b4",
        9,
    ),
    (
        "left side caged",
        "b2 b6 b4 d5",
        "d7 a4 d2 d3 e4",
        Player::Second,
        "d7-d6",
        9,
    ),
    (
        "inner corner caught",
        "e3 e4 e5 d5",
        "g4 d7 f4 b6 d3",
        Player::Second,
        "d7-d6",
        7,
    ),
    (
        "top row taken",
        "d1 g1 g7 a7",
        "a1 g4 d2 f4 d6",
        Player::Second,
        "a1-a4",
        7,
    ),
];

fn position(white: &str, black: &str, side: Player) -> Position {
    endgame(white, black, side).unwrap()
}

#[test]
fn each_named_blockade_is_won_in_its_plies_by_its_move_only() {
    for (name, white, black, side, mv, plies) in BLOCKADES {
        let pos = position(white, black, side);
        let d = u32::from(plies);
        assert_eq!(proven_value(&pos, d), Some(Value::Win(plies)), "{name}");
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let winning: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let mut next = pos;
                next.play_unchecked(m);
                proven_value(&next, d - 1) == Some(Value::Loss(plies - 1))
            })
            .collect();
        assert_eq!(winning, [mv.parse::<Move>().unwrap()], "{name}");
    }
}

#[test]
fn the_expert_finds_every_named_blockade() {
    for (name, white, black, side, mv, _) in BLOCKADES {
        let pos = position(white, black, side);
        let chosen = MorrisPlayer::new(Level::Expert, 1).choose_move(&pos);
        assert_eq!(
            chosen.map(|m| m.to_string()),
            Some(mv.to_string()),
            "{name}"
        );
    }
}
