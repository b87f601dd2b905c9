//! The board-core conformance harness on every opening, perft through the opening, and
//! random playouts.

use super::*;
use crate::point::{Point, MAX_POINTS};
use crate::Rule;
use boardgames_core::harness::{
    check_actions, check_conformance, ActionConformance, Conformance, HarnessConfig,
};
use boardgames_core::{perft, Game, MoveList, Player, Rng, Status};

impl Conformance for OpeningGame {
    /// Every point of the 20x20 board as a stone, an offer and a pick, every colour choice,
    /// place2 and every declared count from 0 to 11: each action of every step.
    fn probe_moves(&self) -> Vec<Move> {
        let points = (0..MAX_POINTS).filter_map(Point::from_index);
        let mut probes: Vec<Move> = points
            .flat_map(|p| [Move::Stone(p), Move::Offer(p), Move::Pick(p)])
            .collect();
        probes.extend([Move::Choose(Colour::Black), Move::Choose(Colour::White)]);
        probes.push(Move::PlaceTwo);
        probes.extend((0..=11).map(Move::Declare));
        probes
    }
}

fn harness(size: u32, rule: Rule, opening: Opening, cases: u32, probe_every: usize) {
    check_conformance(
        &OpeningGame::new(size, rule, Some(opening)).unwrap(),
        &HarnessConfig {
            cases,
            max_plies: 500,
            probe_every,
        },
    );
}

#[test]
fn conformance_of_every_opening_on_15x15() {
    // The probes are dense while the opening lasts (the first dozen plies).
    for opening in Opening::ALL {
        harness(15, Rule::STANDARD, opening, 8, 7);
    }
}

#[test]
fn conformance_of_the_renju_openings_under_renju() {
    harness(15, Rule::RENJU, Opening::Soosorv8, 3, 11);
    harness(15, Rule::RENJU, Opening::Taraguchi10, 3, 11);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
fn conformance_of_every_opening_rule_and_size_heavy() {
    for opening in Opening::ALL {
        for size in [opening.min_size() as u32, 15, 19] {
            for (_, rule) in Rule::NAMED {
                harness(size, rule, opening, 6, 3);
            }
        }
    }
    for opening in [Opening::Swap, Opening::Swap2] {
        harness(20, Rule::CARO5, opening, 12, 3);
        harness(5, Rule::FREESTYLE, opening, 24, 1);
    }
}

// The opening game's images would need its private opening state: the action harness checks
// its symmetries as permutations of the ids and of the planes.
impl ActionConformance for OpeningGame {}

#[test]
fn actions_of_every_opening() {
    let config = HarnessConfig {
        cases: 6,
        max_plies: 60,
        probe_every: 2,
    };
    for opening in Opening::ALL {
        check_actions(
            &OpeningGame::new(15, Rule::STANDARD, Some(opening)).unwrap(),
            &config,
        );
    }
    check_actions(
        &OpeningGame::new(15, Rule::RENJU, Some(Opening::Soosorv8)).unwrap(),
        &config,
    );
    check_actions(&OpeningGame::new(11, Rule::CARO, None).unwrap(), &config);
}

/// Plays the moves written in the game's notation.
fn played(opening: Opening, rule: Rule, moves: &[&str]) -> OpeningGame {
    let mut game = OpeningGame::new(15, rule, Some(opening)).unwrap();
    for text in moves {
        let mv = game.parse_move(text).unwrap();
        game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

#[test]
fn perft_counts_the_opening_steps() {
    // Pro: the centre, then 224 points, then the points outside the central 5x5 less the one
    // white may have taken there.
    let pro = OpeningGame::new(15, Rule::CARO, Some(Opening::Pro)).unwrap();
    let outside = 225 - 25;
    assert_eq!(perft(&pro, 1), 1);
    assert_eq!(perft(&pro, 2), 224);
    assert_eq!(perft(&pro, 3), 24 * outside + 200 * (outside - 1));
    // Swap2 after three stones: black, white, place2; after place2, 222 then 221 points.
    let swap2 = played(Opening::Swap2, Rule::STANDARD, &["h8", "h9", "i9"]);
    assert_eq!(perft(&swap2, 1), 3);
    assert_eq!(perft(&swap2, 2), 2 * 222 + 222);
    assert_eq!(perft(&swap2, 3), 2 * 222 * 221 + 222 * 221);
    // Taraguchi-10 from the start: centre, two colours, then the eight points around it.
    let taraguchi = OpeningGame::new(15, Rule::RENJU, Some(Opening::Taraguchi10)).unwrap();
    assert_eq!(perft(&taraguchi, 3), 2 * 8);
}

#[test]
fn playouts_finish_and_name_seats() {
    let mut rng = Rng::new(17);
    for opening in Opening::ALL {
        let mut wins = [0u32; 2];
        for _ in 0..40 {
            let mut game = OpeningGame::new(15, Rule::FREESTYLE, Some(opening)).unwrap();
            let (status, plies) = game.random_playout(&mut rng, usize::MAX);
            assert!(status.is_over(), "{opening}");
            assert!(plies >= 3);
            assert!(!game.in_opening());
            assert_eq!(game.zobrist(), game.zobrist_from_scratch());
            if let Status::Won(seat) = status {
                let winner = game.winner().unwrap();
                assert_eq!(winner.seat, seat);
                // The colour that made the line is the colour the seat plays.
                let line_colour = game.position().status();
                assert_eq!(line_colour, Status::Won(winner.colour.as_player()));
                wins[seat.index()] += 1;
            }
        }
        if matches!(opening, Opening::Swap | Opening::Swap2) {
            // Random choices give both seats both colours: each seat wins some games.
            assert!(wins[0] > 0 && wins[1] > 0, "{opening}: {wins:?}");
        }
    }
}

#[test]
fn capped_playout_stops_inside_the_opening() {
    let mut game = OpeningGame::new(15, Rule::RENJU, Some(Opening::Taraguchi10)).unwrap();
    let mut rng = Rng::new(3);
    assert_eq!(game.random_playout(&mut rng, 2), (Status::Ongoing, 2));
    assert!(game.in_opening());
    assert_eq!(game.zobrist(), game.zobrist_from_scratch());
}

#[test]
fn no_opening_is_the_plain_game() {
    let game = OpeningGame::new(11, Rule::CARO, None).unwrap();
    assert_eq!(game.step(), Step::Play);
    assert_eq!(game.seat_of(Colour::Black), Some(Player::First));
    assert_eq!(perft(&game, 2), 121 * 120);
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    assert!(moves.iter().all(|m| matches!(m, Move::Stone(_))));
    assert!(game.check_move(Move::PlaceTwo).is_err());
}
