//! The match layer on the tiny countdown game: every action checked, clocks exact through a
//! manual time source, records round-tripped.

use super::record::{Record, RecordError};
use super::test_game::{Countdown, Refused, Step};
use super::*;
use crate::{Game, Player, Status};
use core::time::Duration;
use proptest::prelude::*;
use std::sync::Arc;

const SEC: Duration = Duration::from_secs(1);

fn timed(stones: u32, control: &str) -> (Match<Countdown>, ManualTime) {
    let time = ManualTime::new();
    let game = Match::new(Countdown::new(stones), DrawRules::NONE)
        .with_clock(control.parse().unwrap(), Arc::new(time.clone()));
    (game, time)
}

#[test]
fn resignation_ends_the_match_and_later_actions_change_nothing() {
    let mut game = Match::new(Countdown::new(5), DrawRules::NONE);
    game.play_text("2").unwrap();
    let outcome = game.resign(Player::Second).unwrap();
    assert_eq!(outcome, Outcome::win(Player::First, Reason::Resignation));
    assert_eq!(game.status(), Status::Won(Player::First));
    let before = game.clone();
    assert_eq!(
        game.resign(Player::First),
        Err(MatchError::GameOver { outcome })
    );
    assert_eq!(
        game.offer_draw(Player::First),
        Err(MatchError::GameOver { outcome })
    );
    assert_eq!(
        game.play_move(Step::Take(1)),
        Err(MatchError::GameOver { outcome })
    );
    assert_eq!(game.check_move(Step::Take(1)), Err(Refused::GameOver));
    assert_eq!(game, before);
    // Undo takes the resignation back with the move.
    assert_eq!(game.undo(), Some(Step::Take(2)));
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_finished_position_gives_its_own_reason() {
    let mut game = Match::new(Countdown::new(2), DrawRules::NONE);
    game.play_text("2").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Player::First, Reason::NoPieces))
    );
    assert!(matches!(
        game.play_text("1"),
        Err(MatchError::GameOver { .. })
    ));
    assert!(matches!(
        Match::new(Countdown::new(2), DrawRules::NONE).play_text("3"),
        Err(MatchError::Parse { .. })
    ));
    let err = Match::new(Countdown::new(1), DrawRules::NONE)
        .play_text("2")
        .unwrap_err();
    assert_eq!(err.to_string(), "illegal move 2: not enough stones");
}

#[test]
fn draw_offers_are_checked_and_lapse_when_the_offerer_moves_again() {
    let mut game = Match::new(Countdown::new(20), DrawRules::NONE);
    let before = game.clone();
    assert_eq!(
        game.accept_draw(Player::Second),
        Err(MatchError::NoOffer {
            player: Player::Second
        })
    );
    assert_eq!(
        game.decline_draw(Player::First),
        Err(MatchError::NoOffer {
            player: Player::First
        })
    );
    assert_eq!(game, before);
    // Offered on its own turn: the offer goes with first's move, stands through second's
    // move, and lapses when first moves again.
    game.offer_draw(Player::First).unwrap();
    assert_eq!(
        game.offer_draw(Player::First),
        Err(MatchError::AlreadyOffered {
            player: Player::First
        })
    );
    assert_eq!(
        game.accept_draw(Player::First),
        Err(MatchError::NoOffer {
            player: Player::First
        })
    );
    game.play_text("1").unwrap();
    game.play_text("1").unwrap();
    assert_eq!(game.pending_offer(), Some(Player::First));
    game.play_text("1").unwrap();
    assert_eq!(game.pending_offer(), None);
    // Offered on the opponent's turn: first's next move lapses it.
    game.offer_draw(Player::First).unwrap();
    game.play_text("1").unwrap();
    assert_eq!(game.pending_offer(), Some(Player::First));
    game.play_text("1").unwrap();
    assert_eq!(game.pending_offer(), None);
    // Declined, then accepted; crossing offers agree.
    game.offer_draw(Player::Second).unwrap();
    game.decline_draw(Player::First).unwrap();
    assert_eq!(game.pending_offer(), None);
    let mut crossing = game.clone();
    crossing.offer_draw(Player::Second).unwrap();
    crossing.offer_draw(Player::First).unwrap();
    assert_eq!(crossing.draw_reason(), Some(Reason::Agreement));
    game.offer_draw(Player::Second).unwrap();
    assert_eq!(
        game.accept_draw(Player::First),
        Ok(Outcome::draw(Reason::Agreement))
    );
    assert_eq!(game.status(), Status::Draw);
    assert_eq!(game.legal_move_count(), 0);
}

#[test]
fn sudden_death_flag_falls_when_asked_and_on_the_next_action() {
    let (mut game, time) = timed(30, "10");
    time.advance(4 * SEC);
    game.play_text("1").unwrap();
    assert_eq!(game.clock(Player::First), Some(6 * SEC));
    assert_eq!(game.entries().next().unwrap().spent, Some(4 * SEC));
    time.advance(9 * SEC);
    assert_eq!(game.clock(Player::Second), Some(SEC));
    assert_eq!(game.outcome(), None);
    time.advance(SEC);
    // Asked: the flag has fallen, before anyone acts.
    let lost = Outcome::win(Player::First, Reason::Time);
    assert_eq!(game.outcome(), Some(lost));
    assert_eq!(game.clock(Player::Second), Some(Duration::ZERO));
    let before = game.clone();
    assert_eq!(
        game.play_text("1"),
        Err(MatchError::FlagFell {
            loser: Player::Second
        })
    );
    assert_eq!(
        game, before,
        "the flag was already visible; nothing else changed"
    );
    assert_eq!(
        game.accept_draw(Player::Second),
        Err(MatchError::FlagFell {
            loser: Player::Second
        })
    );
    // The clocks stopped: time passing changes nothing.
    time.advance(100 * SEC);
    assert_eq!(game.clock(Player::First), Some(6 * SEC));
    assert_eq!(game.outcome(), Some(lost));
}

#[test]
fn fischer_and_per_move_controls() {
    let (mut game, time) = timed(30, "10+3");
    time.advance(5 * SEC);
    game.play_text("1").unwrap();
    assert_eq!(game.clock(Player::First), Some(8 * SEC));
    time.advance(2 * SEC);
    game.play_text("1").unwrap();
    assert_eq!(game.clock(Player::Second), Some(11 * SEC));

    let (mut game, time) = timed(30, "5/move");
    time.advance(4 * SEC);
    game.play_text("1").unwrap();
    assert_eq!(game.clock(Player::First), Some(5 * SEC));
    time.advance(5 * SEC);
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Player::First, Reason::Time))
    );
}

#[test]
fn every_end_stops_the_clocks() {
    let (mut game, time) = timed(3, "60");
    time.advance(2 * SEC);
    game.play_text("2").unwrap();
    time.advance(3 * SEC);
    game.resign(Player::Second).unwrap();
    time.advance(100 * SEC);
    assert_eq!(game.clock(Player::First), Some(58 * SEC));
    assert_eq!(game.clock(Player::Second), Some(57 * SEC));

    // A move that ends the game by the rules stops them too.
    let (mut game, time) = timed(2, "60");
    game.play_text("2").unwrap();
    time.advance(100 * SEC);
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Player::First, Reason::NoPieces))
    );
    assert_eq!(game.clock(Player::Second), Some(60 * SEC));
}

#[test]
fn undo_restores_the_clocks_of_the_move_taken_back() {
    let (mut game, time) = timed(30, "60+1");
    time.advance(10 * SEC);
    game.play_text("1").unwrap();
    time.advance(20 * SEC);
    assert_eq!(game.undo(), Some(Step::Take(1)));
    assert_eq!(game.clock(Player::First), Some(60 * SEC));
    assert_eq!(game.clock(Player::Second), Some(60 * SEC));
    assert_eq!(game.undo(), None);
}

#[test]
fn draw_rules_repetition_and_quiet_moves() {
    let rules = DrawRules {
        threefold: true,
        quiet_moves: None,
    };
    let mut game = Match::new(Countdown::new(9), rules);
    game.play_text("1").unwrap();
    for _ in 0..3 {
        game.play_text("pass").unwrap();
    }
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    game.play_text("pass").unwrap();
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.draw_reason(), Some(Reason::Repetition));
    assert!(game.clone().play_text("1").is_err());
    game.undo();
    assert_eq!(game.outcome(), None);

    let rules = DrawRules {
        threefold: false,
        quiet_moves: Some(3),
    };
    let mut game = Match::new(Countdown::new(9), rules);
    for mv in ["pass", "pass", "1", "pass", "pass"] {
        game.play_text(mv).unwrap();
    }
    assert_eq!(game.quiet_moves(), 2);
    assert_eq!(game.outcome(), None);
    game.play_text("pass").unwrap();
    assert_eq!(game.draw_reason(), Some(Reason::MoveRule));
    assert_eq!(game.max_remaining_plies(), Some(0));
}

#[test]
fn comments_and_tags_are_checked() {
    let mut game = Match::new(Countdown::new(9), DrawRules::NONE);
    assert_eq!(game.comment("hi"), Err(MatchError::NoMoveToComment));
    game.play_text("1").unwrap();
    assert!(game.comment("a {brace}").is_err());
    game.comment("a fine move").unwrap();
    assert!(game.set_tag("Result", "1-0").is_err());
    assert!(game.set_tag("Bad Name", "x").is_err());
    assert!(game.set_tag("First", "line\nbreak").is_err());
    game.set_tag("First", "Ann").unwrap();
    assert_eq!(game.tag("First"), Some("Ann"));
}

impl record::RecordGame for Countdown {
    const NAME: &'static str = "countdown";
    const OPTION_TAGS: &'static [&'static str] = &["Stones"];

    fn option_tags(&self) -> Vec<(&'static str, String)> {
        vec![("Stones", self.left().to_string())]
    }

    fn from_option_tags(tags: &[(&str, &str)]) -> Result<Self, String> {
        let stones = tags
            .iter()
            .find(|(n, _)| *n == "Stones")
            .map_or(Ok(10), |(_, v)| {
                v.parse().map_err(|_| format!("{v:?} is not a count"))
            })?;
        Ok(Countdown::new(stones))
    }

    crate::record_setup_as_text!();
}

fn read(text: &str) -> Result<Match<Countdown>, RecordError> {
    text.parse::<Record>()?
        .to_match_with_time(Arc::new(ManualTime::new()))
}

#[test]
fn a_record_reads_back_as_written() {
    let (mut game, time) = timed(7, "60+2");
    game.set_tag("First", "Ann \"the\" first").unwrap_err();
    game.set_tag("First", "Ann").unwrap();
    time.advance(1500 * Duration::from_millis(1));
    game.play_text("2").unwrap();
    game.comment("opening").unwrap();
    game.play_text("pass").unwrap();
    game.offer_draw(Player::First).unwrap();
    time.advance(3 * SEC);
    game.resign(Player::First).unwrap();
    let text = game.to_record().to_string();
    assert_eq!(
        text,
        "[Game \"countdown\"]\n[Stones \"7\"]\n[First \"Ann\"]\n[TimeControl \"60+2\"]\n\
         [Clocks \"57.5 62\"]\n[Result \"0-1\"]\n[Reason \"resignation\"]\n\n\
         1. 2 {[%emt 1.5] opening} pass {[%emt 0]} 0-1\n"
    );
    assert_eq!(read(&text).unwrap(), game);
}

/// Found by the `records` fuzz target: a Fischer increment of 13111111111111111 s took the
/// clocks past the longest time a record reads, so the written `Clocks` tag did not read back.
/// The increments now stop at [`MAX_CLOCK`].
#[test]
fn a_record_with_huge_increments_reads_back_as_written() {
    let (mut game, time) = timed(7, "3001+13111111111111111");
    time.advance(2500 * Duration::from_millis(1));
    for mv in ["1", "1", "1", "1"] {
        game.play_text(mv).unwrap();
    }
    assert_eq!(game.clock(Player::First), Some(MAX_CLOCK));
    let text = game.to_record().to_string();
    assert_eq!(read(&text).unwrap(), game, "{text}");
}

#[test]
fn record_errors_name_the_ply_or_the_tag() {
    let head = "[Game \"countdown\"]\n[Stones \"3\"]\n";
    let err = read(&format!("{head}\n1. 1 2 2 *")).unwrap_err();
    assert_eq!(err.ply(), Some(2));
    assert_eq!(
        err.to_string(),
        "ply 2 (\"2\"): the game is over: second wins by no pieces"
    );
    let err = read(&format!("{head}\n1. 1 x *")).unwrap_err();
    assert_eq!(err.to_string(), "ply 1 (\"x\"): expected 1, 2 or pass");
    let err = read("[Game \"chess\"]\n\n*").unwrap_err();
    assert!(matches!(err, RecordError::Tag { .. }), "{err}");
    let err = read(&format!(
        "{head}[Result \"1-0\"]\n[Reason \"five\"]\n\n1. 1 1-0"
    ))
    .unwrap_err();
    assert!(
        err.to_string().contains("the moves give a game going on"),
        "{err}"
    );
    let err = read(&format!("{head}[Result \"1-0\"]\n\n1. 1 0-1")).unwrap_err();
    assert!(err.to_string().contains("the moves end with"), "{err}");
    let err = read(&format!("{head}\n1. 1 {{unclosed\n2 *")).unwrap_err();
    assert_eq!(
        err,
        RecordError::Syntax {
            line: 4,
            why: "a comment is closed by } on the same line".into()
        }
    );
    let err = read("[Game countdown]\n").unwrap_err();
    assert!(matches!(err, RecordError::Syntax { line: 1, .. }), "{err}");
    // A move slower than the time left is a loss on time, not a move.
    let err = read(&format!("{head}[TimeControl \"5\"]\n\n1. 1 {{[%emt 6]}} *")).unwrap_err();
    assert_eq!(err.ply(), Some(0));
    // Time and resignation are declared by the result tag.
    let game = read(&format!(
        "{head}[TimeControl \"5\"]\n[Result \"1-0\"]\n[Reason \"time\"]\n\n1. 1 1-0"
    ))
    .unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Player::First, Reason::Time))
    );
    assert_eq!(game.clock(Player::Second), Some(Duration::ZERO));
}

#[derive(Clone, Debug)]
enum Action {
    Move(u8),
    Wait(u16),
    Comment(String),
    Resign(bool),
    Offer(bool),
    Accept(bool),
    Decline(bool),
    Undo,
}

fn action() -> impl Strategy<Value = Action> {
    let side = any::<bool>();
    prop_oneof![
        8 => (0u8..3).prop_map(Action::Move),
        3 => (0u16..20_000).prop_map(Action::Wait),
        1 => "[a-z ]{1,12}".prop_map(Action::Comment),
        1 => side.prop_map(Action::Resign),
        2 => any::<bool>().prop_map(Action::Offer),
        1 => any::<bool>().prop_map(Action::Accept),
        1 => any::<bool>().prop_map(Action::Decline),
        1 => Just(Action::Undo),
    ]
}

fn apply(game: &mut Match<Countdown>, time: &ManualTime, action: &Action) {
    let side = |first: bool| if first { Player::First } else { Player::Second };
    let _ = match action {
        Action::Move(n) => game.play_text(["1", "2", "pass"][*n as usize]),
        Action::Wait(ms) => {
            time.advance(Duration::from_millis(u64::from(*ms)));
            Ok(())
        }
        Action::Comment(text) => game.comment(text),
        Action::Resign(first) => game.resign(side(*first)).map(drop),
        Action::Offer(first) => game.offer_draw(side(*first)),
        Action::Accept(first) => game.accept_draw(side(*first)).map(drop),
        Action::Decline(first) => game.decline_draw(side(*first)),
        Action::Undo => game.undo().map_or(Ok(()), |_| Ok(())),
    };
}

proptest! {
    #[test]
    fn records_round_trip(
        actions in proptest::collection::vec(action(), 0..60),
        control in prop_oneof![Just(None), Just(Some("20")), Just(Some("10+1")), Just(Some("3/move"))],
        threefold in any::<bool>(),
        quiet in proptest::option::of(2u32..8),
    ) {
        let time = ManualTime::new();
        let rules = DrawRules { threefold, quiet_moves: quiet };
        let mut game = Match::new(Countdown::new(12), rules);
        if let Some(control) = control {
            game = game.with_clock(control.parse().unwrap(), Arc::new(time.clone()));
        }
        for action in &actions {
            apply(&mut game, &time, action);
        }
        // A flag that fell while nobody acted shows in the record as a loss on time.
        let text = game.to_record().to_string();
        let back = read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &game, "{}", text);
        prop_assert_eq!(back.to_record().to_string(), text);
    }

    #[test]
    fn any_record_text_that_reads_writes_back_the_same(
        tags in proptest::collection::vec(("[A-Z][a-z]{0,3}", "[ -~]{0,6}"), 0..4),
        body in "[0-9a-z.*/{}\\[\\]% \n-]{0,60}",
    ) {
        let mut text = String::new();
        for (name, value) in &tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            text.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        text.push('\n');
        text.push_str(&body);
        if let Ok(record) = text.parse::<Record>() {
            let written = record.to_string();
            let back = written.parse::<Record>();
            prop_assert_eq!(back.as_ref().ok(), Some(&record), "{:?} -> {:?}", text, written);
        }
    }

    #[test]
    fn any_record_that_replays_writes_and_replays_the_same(
        tags in proptest::collection::vec(prop_oneof![
            Just("[Stones \"9\"]"), Just("[Threefold \"yes\"]"), Just("[QuietMoves \"3\"]"),
            Just("[TimeControl \"10+1\"]"), Just("[TimeControl \"3/move\"]"),
            Just("[Clocks \"4.5 2\"]"), Just("[Offer \"first\"]"), Just("[Offer \"second before moving\"]"),
            Just("[Result \"1-0\"]"), Just("[Result \"1/2-1/2\"]"), Just("[Reason \"time\"]"),
            Just("[Reason \"agreement\"]"), Just("[Reason \"resignation\"]"), Just("[First \"A\"]"),
        ], 0..6),
        moves in proptest::collection::vec(prop_oneof![
            Just("1"), Just("2"), Just("pass"), Just("{[%emt 1.5]}"), Just("{x}"), Just("{[%emt 0] y}"),
        ], 0..14),
    ) {
        let mut text = String::from("[Game \"countdown\"]\n");
        let mut seen = std::collections::HashSet::new();
        for tag in tags {
            let name = tag.split(' ').next().unwrap_or("");
            if seen.insert(name.to_owned()) {
                text.push_str(tag);
                text.push('\n');
            }
        }
        text.push('\n');
        text.push_str(&moves.join(" "));
        if let Ok(game) = read(&text) {
            let written = game.to_record().to_string();
            let back = read(&written).map_err(|e| TestCaseError::fail(format!("{e}\n{text}\n->\n{written}")))?;
            prop_assert_eq!(&back, &game, "{}\n->\n{}", text, written);
        }
    }

    #[test]
    fn durations_read_back_as_written(millis in 0u64..u64::MAX / 2, per_move in any::<bool>()) {
        let d = Duration::from_millis(millis.max(1));
        let control = if per_move {
            TimeControl::PerMove { per_move: d }
        } else {
            TimeControl::Fischer { total: d, increment: Duration::from_millis(millis % 7919) }
        };
        prop_assert_eq!(control.to_string().parse::<TimeControl>(), Ok(control));
    }

    #[test]
    fn record_reader_never_panics(text in "[\\[\\]a-zA-Z0-9 \"{}.%*/\n-]{0,120}") {
        let _ = read(&text);
    }
}

#[cfg(feature = "harness")]
mod harness {
    use super::*;
    use crate::harness::{check_conformance, Conformance, HarnessConfig};

    impl Conformance for Countdown {
        fn probe_moves(&self) -> Vec<Step> {
            vec![
                Step::Take(0),
                Step::Take(1),
                Step::Take(2),
                Step::Take(3),
                Step::Pass,
            ]
        }
    }

    #[test]
    fn a_match_passes_the_conformance_harness() {
        let rules = DrawRules {
            threefold: true,
            quiet_moves: Some(6),
        };
        check_conformance(
            &Match::new(Countdown::new(15), rules),
            &HarnessConfig {
                cases: 32,
                max_plies: 200,
                probe_every: 1,
            },
        );
    }

    #[test]
    fn random_matches_round_trip_through_records() {
        let rules = DrawRules {
            threefold: true,
            quiet_moves: Some(6),
        };
        crate::matches::check_record_round_trip(&Countdown::new(40), rules, 64);
        crate::matches::check_record_round_trip(&Countdown::new(40), DrawRules::NONE, 64);
    }
}

#[cfg(feature = "serde")]
#[test]
fn record_types_serialize_and_read_back() {
    let (mut game, time) = timed(9, "30+1");
    time.advance(2 * SEC);
    game.play_text("2").unwrap();
    game.comment("quick").unwrap();
    game.resign(Player::Second).unwrap();
    let record = game.to_record();
    let json = serde_json::to_string(&record).unwrap();
    let back: Record = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
    let outcome = game.outcome().unwrap();
    let json = serde_json::to_string(&outcome).unwrap();
    assert_eq!(json, r#"{"status":{"won":"first"},"reason":"resignation"}"#);
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), outcome);
    let control: TimeControl = serde_json::from_str("\"5m+3s\"").unwrap();
    assert_eq!(serde_json::to_string(&control).unwrap(), "\"300+3\"");
    assert!(serde_json::from_str::<Reason>("\"checkmate\"").is_err());
}

#[test]
fn a_tag_named_like_an_option_is_not_written_twice() {
    let mut game = Match::new(Countdown::new(3), DrawRules::NONE);
    game.set_tag("Stones", "9").unwrap();
    let text = game.to_record().to_string();
    assert_eq!(text.matches("[Stones").count(), 1, "{text}");
    assert_eq!(read(&text).unwrap().position().left(), 3);
}

#[test]
fn a_clone_of_a_running_match_stays_equal_as_time_passes() {
    let time = MonotonicTime::new();
    let game = Match::new(Countdown::new(5), DrawRules::NONE)
        .with_clock("60".parse().unwrap(), Arc::new(time));
    let copy = game.clone();
    std::thread::sleep(Duration::from_millis(2));
    assert_eq!(copy, game);
    let (manual, _) = timed(5, "60");
    let (mut other, handle) = timed(5, "60");
    assert_eq!(manual, other, "same time left on different sources");
    handle.advance(SEC);
    assert_ne!(manual, other);
    other.undo();
}
