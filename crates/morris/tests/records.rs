//! Morris through the generic match layer: records round-trip, the result carries its reason,
//! and a bad record names the ply.

use boardgames_core::matches::record::{Record, RecordError};
use boardgames_core::matches::{check_record_round_trip, Outcome};
use boardgames_core::{Game, Player};
use boardgames_morris::{DrawRules, Match, Position, Reason, Rules};

fn read(text: &str) -> Result<Match, RecordError> {
    text.parse::<Record>()?.to_match()
}

#[test]
fn random_matches_round_trip() {
    check_record_round_trip(&Position::new(), DrawRules::COMMON, 48);
    check_record_round_trip(
        &Position::with_rules(Rules { flying: false }),
        DrawRules::NONE,
        24,
    );
}

#[test]
fn a_setup_start_is_recorded_as_its_diagram() {
    let mut start = Position::new();
    for mv in ["d1", "d2"] {
        start.play(mv.parse().unwrap()).unwrap();
    }
    let mut game = Match::new(start, DrawRules::NONE);
    game.play_text("a1").unwrap();
    let text = game.to_record().to_string();
    assert!(text.contains("[Setup \""), "{text}");
    assert_eq!(read(&text).unwrap(), game);
}

#[test]
fn a_capture_replays_and_a_resignation_reads_back() {
    // White's mill a1-d1-g1 captures a4.
    let text = "[Game \"morris\"]\n\n1. a1 a4 2. d1 b4 3. g1xa4 *";
    let game = read(text).unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.position().on_board(Player::Second), 1);
    let mut resigned = game.clone();
    resigned.resign(Player::Second).unwrap();
    let back = read(&resigned.to_record().to_string()).unwrap();
    assert_eq!(
        back.outcome(),
        Some(Outcome::win(Player::First, Reason::Resignation))
    );
}

#[test]
fn bad_records_name_the_ply_and_reason() {
    let err = read("[Game \"morris\"]\n\n1. a1 a1 *").unwrap_err();
    assert_eq!(err.ply(), Some(1));
    assert!(err.to_string().starts_with("ply 1 (\"a1\"): "), "{err}");
    let err = read("[Game \"morris\"]\n[Flying \"maybe\"]\n\n*").unwrap_err();
    assert_eq!(err.to_string(), "tag Flying: \"maybe\" is not yes or no");
    let err = read("[Game \"morris\"]\n\n1. a1 d7 2. d1 b4 3. g1 *").unwrap_err();
    assert_eq!(err.ply(), Some(4));
    let err = read("[Game \"gomoku\"]\n\n*").unwrap_err();
    assert!(matches!(err, RecordError::Tag { .. }));
}
