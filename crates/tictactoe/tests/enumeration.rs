//! The whole game tree: complete games, perft and reachable positions, against the known
//! numbers.

use boardgames_core::{perft, Game, MoveList, Player, Status};
use boardgames_tictactoe::Position;
use std::collections::HashSet;

#[derive(Default, Debug, PartialEq)]
struct Tally {
    x: u64,
    o: u64,
    draw: u64,
}

fn count_games(pos: &Position, tally: &mut Tally) {
    match pos.status() {
        Status::Won(Player::First) => tally.x += 1,
        Status::Won(Player::Second) => tally.o += 1,
        Status::Draw => tally.draw += 1,
        Status::Ongoing => {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            for &mv in &moves {
                let mut child = *pos;
                child.play(mv).unwrap();
                count_games(&child, tally);
            }
        }
    }
}

#[test]
fn complete_games_255168() {
    let mut tally = Tally::default();
    count_games(&Position::new(), &mut tally);
    assert_eq!(
        tally,
        Tally {
            x: 131_184,
            o: 77_904,
            draw: 46_080
        }
    );
    assert_eq!(tally.x + tally.o + tally.draw, 255_168);
}

#[test]
fn perft_1_to_9() {
    let expected = [9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872];
    for (depth, &want) in (1..).zip(expected.iter()) {
        assert_eq!(perft(&Position::new(), depth), want, "perft({depth})");
    }
    assert_eq!(perft(&Position::new(), 10), 0);
}

fn reachable(pos: Position, seen: &mut HashSet<Position>) {
    if !seen.insert(pos) {
        return;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    for &mv in &moves {
        let mut child = pos;
        child.play_unchecked(mv);
        reachable(child, seen);
    }
}

#[test]
fn reachable_positions_5478_and_765_up_to_symmetry() {
    let mut seen = HashSet::new();
    reachable(Position::new(), &mut seen);
    assert_eq!(seen.len(), 5_478);
    let classes: HashSet<Position> = seen.iter().map(Position::canonical).collect();
    assert_eq!(classes.len(), 765);
    // Every reachable position passes validation of its diagram, and hashes never collide.
    let hashes: HashSet<u64> = seen.iter().map(Game::zobrist).collect();
    assert_eq!(hashes.len(), seen.len());
    for pos in &seen {
        assert_eq!(pos.to_string().parse::<Position>().as_ref(), Ok(pos));
    }
}
