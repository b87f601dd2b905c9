//! Piskvork `.psq` files: files written by hand from the format Piskvork writes and reads
//! (`savePsq` / `openPsq` in `source/game.cpp` of https://github.com/plastovicka/Piskvork,
//! described in `boardgames_gomoku::psq`), imported, checked and exported again.

use boardgames_core::matches::{DrawRules, Match, Outcome, Reason};
use boardgames_core::{Game, Player};
use boardgames_gomoku::psq::{from_psq, to_psq, Psq, PsqError};
use boardgames_gomoku::{Point, Position, Rule};
use proptest::prelude::*;
use std::time::Duration;

const FIVE: &str = include_str!("psq/freestyle_20x20_five.psq");
const CORNERS: &str = include_str!("psq/corners_15x15_crlf.psq");
const OCCUPIED: &str = include_str!("psq/occupied_point.psq");

fn point(text: &str) -> Point {
    text.parse().unwrap()
}

#[test]
fn a_gomocup_tournament_file_imports_with_times_names_and_result() {
    let psq: Psq = FIVE.parse().unwrap();
    assert_eq!((psq.size, psq.levels, psq.began), (20, [11, 11], 0));
    assert_eq!(psq.moves.len(), 9);
    assert_eq!(psq.players(), Some(["pbrain-alpha.zip", "pbrain-beta.zip"]));
    assert_eq!(psq.tail.last().map(String::as_str), Some("0"));
    let game = psq.to_match(Rule::FREESTYLE).unwrap();
    // 10,10 is column j (the tenth) and row 20 + 1 - 10 = 11.
    assert_eq!(game.moves().next(), Some(point("j11")));
    assert_eq!(game.moves().last(), Some(point("n11")));
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Player::First, Reason::Five))
    );
    assert_eq!(
        game.entries().nth(1).unwrap().spent,
        Some(Duration::from_millis(1563))
    );
    assert_eq!(game.tag("First"), Some("pbrain-alpha.zip"));
    // Written back: the same file, but for Piskvork's levels and result code, which a
    // match does not keep.
    let mut back = Psq::from_match(&game).unwrap();
    back.levels = psq.levels;
    back.tail.push("0".into());
    assert_eq!(back.to_string(), FIVE);
}

#[test]
fn the_coordinate_mapping_counts_rows_from_the_top() {
    let psq: Psq = CORNERS.parse().unwrap();
    let points: Vec<String> = psq.moves.iter().map(|m| m.point.to_string()).collect();
    assert_eq!(points, ["h8", "a15", "a1", "o1"]);
    assert!(psq.moves.iter().all(|m| m.millis == 0));
    assert_eq!(psq.began, 1);
    assert_eq!(psq.players(), None);
    let game = psq.to_match(Rule::CARO).unwrap();
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(to_psq(point("a1"), 15), (1, 15));
    assert_eq!(from_psq(8, 8, 15), Some(point("h8")));
    assert_eq!(from_psq(0, 8, 15), None);
    assert_eq!(from_psq(8, 16, 15), None);
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    let psq: Psq = OCCUPIED.parse().unwrap();
    let err = psq.to_match(Rule::STANDARD).unwrap_err();
    assert_eq!(err.ply(), Some(2));
    let text = err.to_string();
    assert!(
        text.starts_with("ply 2 (h8): ") && text.contains("occupied"),
        "{text}"
    );
    let bad = |text: &str| text.parse::<Psq>().unwrap_err();
    assert!(matches!(
        bad("Piskvorky 15x20, 0:0, 0\n"),
        PsqError::Header { .. }
    ));
    assert!(matches!(
        bad("Piskvorky 30x30, 0:0, 0\n"),
        PsqError::Header { .. }
    ));
    assert!(matches!(bad("Gomoku 15x15\n"), PsqError::Header { .. }));
    assert!(matches!(bad(""), PsqError::Header { .. }));
    assert_eq!(
        bad("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n"),
        PsqError::OffBoard {
            line: 3,
            x: 16,
            y: 1,
            size: 15
        }
    );
    let mut start = Position::new(15, Rule::CARO).unwrap();
    start.play(point("h8")).unwrap();
    let setup = Match::new(start, DrawRules::NONE);
    assert_eq!(Psq::from_match(&setup), Err(PsqError::SetupStart));
}

proptest! {
    #[test]
    fn random_games_round_trip_through_psq(
        size in 5u8..=20,
        choices in proptest::collection::vec((any::<u32>(), 0u32..60_000), 0..80),
    ) {
        let mut game = Match::new(Position::new(u32::from(size), Rule::FREESTYLE).unwrap(), DrawRules::NONE);
        for (choice, millis) in choices {
            let mut moves = boardgames_core::MoveList::new();
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            game.play_move_timed(mv, Duration::from_millis(u64::from(millis))).unwrap();
        }
        game.set_tag("First", "one").unwrap();
        game.set_tag("Second", "two").unwrap();
        let text = Psq::from_match(&game).unwrap().to_string();
        let back = text.parse::<Psq>().unwrap().to_match(Rule::FREESTYLE).unwrap();
        prop_assert_eq!(&back, &game, "{}", text);
        prop_assert_eq!(Psq::from_match(&back).unwrap().to_string(), text);
    }

    #[test]
    fn the_reader_never_panics(text in "(Piskvorky [0-9]{1,2}x[0-9]{1,2}, [0-9]:[0-9], [0-2]\n)?([0-9]{0,2},[0-9]{0,2}(,[0-9]{0,5})?\n){0,12}[a-z0-9.\n-]{0,12}") {
        if let Ok(psq) = text.parse::<Psq>() {
            let _ = psq.to_match(Rule::CARO);
        }
    }
}
