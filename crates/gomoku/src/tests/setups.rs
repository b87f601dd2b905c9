//! Analysis setups, the position's text, undo down to the setup, and Gomocup's draw count.

use super::{points, pt};
use crate::{ParsePositionError, PointSet, Position, Rule, Setup, SetupProblems, UndoError};
use boardgames_core::{ByPlayer, Game, History, Player, Status};

fn stones(black: &[&str], white: &[&str]) -> ByPlayer<PointSet> {
    ByPlayer::new(points(black), points(white))
}

#[test]
fn a_setup_reports_every_problem_at_once() {
    let setup = Setup {
        stones: stones(&["a1", "b2", "t20"], &["b2"]),
        size: 9,
        ..Setup::default()
    };
    assert_eq!(
        setup.problems(),
        SetupProblems::OFF_BOARD | SetupProblems::OVERLAP
    );
    let err = setup.validate().unwrap_err();
    assert_eq!(err.problems(), setup.problems());
    assert_eq!(
        err.to_string(),
        "impossible position: a stone lies off the board; a point holds both colours"
    );
    let bad_size = Setup {
        size: 21,
        ..Setup::default()
    };
    assert_eq!(bad_size.problems(), SetupProblems::BAD_SIZE);
    assert!(Position::try_from(bad_size).is_err());
    let four = Setup {
        size: 4,
        ..Setup::default()
    };
    assert_eq!(four.problems(), SetupProblems::BAD_SIZE);
}

#[test]
fn winning_lines_must_belong_to_the_last_mover() {
    let five = ["c3", "d3", "e3", "f3", "g3"];
    // Black has five and white is to move: black just won.
    let won = Setup {
        stones: stones(&five, &[]),
        to_move: Player::Second,
        size: 9,
        rule: Rule::FREESTYLE,
    };
    let position = won.validate().unwrap();
    assert_eq!(position.status(), Status::Won(Player::First));
    assert_eq!(position.winning_cells(), points(&five));
    // Black to move with a five already on the board: impossible.
    let wrong = Setup {
        to_move: Player::First,
        ..won
    };
    assert_eq!(wrong.problems(), SetupProblems::WRONG_WINNER);
    // Both colours with five.
    let both = Setup {
        stones: stones(&five, &["c5", "d5", "e5", "f5", "g5"]),
        ..won
    };
    assert_eq!(both.problems(), SetupProblems::BOTH_WON);
    // Two unrelated fives of the last mover are a finished setup, though no single move
    // made both.
    let two = Setup {
        stones: stones(
            &[],
            &["a1", "a2", "a3", "a4", "a5", "i1", "i2", "i3", "i4", "i5"],
        ),
        ..won
    };
    let two = Setup {
        to_move: Player::First,
        ..two
    };
    assert_eq!(
        two.validate().unwrap().status(),
        Status::Won(Player::Second)
    );
}

#[test]
fn undo_stops_at_the_setup() {
    let setup = Setup {
        stones: stones(&["e5", "e6", "e7"], &[]),
        to_move: Player::Second,
        size: 9,
        rule: Rule::RENJU,
    };
    let start = setup.validate().unwrap();
    assert!(start.is_from_setup());
    assert_eq!(start.setup_stone_count(), Some(3));
    assert!(!Position::new(9, Rule::RENJU).unwrap().is_from_setup());
    let mut game = start;
    game.play(pt("a1")).unwrap();
    assert_eq!(game.setup_stone_count(), Some(3));
    game.undo(pt("a1")).unwrap();
    assert_eq!(game, start);
    assert_eq!(game.undo(pt("e7")), Err(UndoError::AtSetup { stones: 3 }));
    let mut history = History::new(start);
    history.play(pt("a1")).unwrap();
    assert!(history.undo().is_some());
    assert!(history.undo().is_none());
    assert_eq!(Setup::from(history.position()), setup);
}

#[test]
fn text_round_trips_every_kind_of_position() {
    let mut played = Position::new(7, Rule::CARO5).unwrap();
    for mv in ["d4", "a1", "e4"] {
        played.play(pt(mv)).unwrap();
    }
    let setup = Setup {
        stones: stones(&["d4", "e5", "f6"], &[]),
        to_move: Player::First,
        size: 11,
        rule: Rule::RENJU.with_gomocup_draw(true),
    }
    .validate()
    .unwrap();
    let mut after_setup = setup;
    after_setup.play(pt("a1")).unwrap();
    for position in [played, setup, after_setup, Position::default()] {
        let text = position.to_string();
        assert_eq!(text.parse::<Position>(), Ok(position), "{text}");
    }
    assert!(setup
        .to_string()
        .starts_with("renju+gomocup_draw, black to move, setup 3\n"));
    assert!(after_setup
        .to_string()
        .starts_with("renju+gomocup_draw, white to move, setup 3\n"));
}

#[test]
fn text_errors_name_the_problem() {
    let grid = ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .";
    let parse = |text: &str| text.parse::<Position>().unwrap_err();
    assert_eq!(parse(""), ParsePositionError::Empty);
    assert!(matches!(
        parse(&format!("caro\n{grid}")),
        ParsePositionError::BadHeader { .. }
    ));
    assert!(matches!(
        parse(&format!("caro, red to move\n{grid}")),
        ParsePositionError::BadHeader { .. }
    ));
    assert!(matches!(
        parse(&format!("caro, black to move, setup x\n{grid}")),
        ParsePositionError::BadHeader { .. }
    ));
    assert!(matches!(
        parse(&format!("gomoku, black to move\n{grid}")),
        ParsePositionError::Rule(_)
    ));
    assert_eq!(
        parse("caro, black to move\n. . Q . .\n. . . . .\n. . . . .\n. . . . .\n. . . . ."),
        ParsePositionError::BadCharacter { found: 'Q', row: 1 }
    );
    assert_eq!(
        parse("caro, black to move\n. . .\n. . .\n. . ."),
        ParsePositionError::BadSize { rows: 3 }
    );
    assert_eq!(
        parse("caro, black to move\n. . . . .\n. . . .\n. . . . .\n. . . . .\n. . . . ."),
        ParsePositionError::RaggedRow {
            row: 2,
            cells: 4,
            size: 5
        }
    );
    // A played game must fit the stone counts; a setup need not.
    let two_black = "X X . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .";
    let err = parse(&format!("caro, black to move\n{two_black}"));
    let ParsePositionError::Invalid(invalid) = err else {
        panic!("not a setup problem: {err}");
    };
    assert_eq!(invalid.problems(), SetupProblems::STONE_COUNTS);
    let ok: Position = format!("caro, black to move, setup 2\n{two_black}")
        .parse()
        .unwrap();
    assert!(ok.is_from_setup());
    let err = parse(&format!("caro, black to move, setup 3\n{two_black}"));
    assert!(err.to_string().contains("fewer stones"), "{err}");
}

#[test]
fn gomocup_draw_at_size_squared_minus_25() {
    let rule = Rule::FREESTYLE.with_gomocup_draw(true);
    assert_eq!(rule.draw_at(7), Some(24));
    let mut game = Position::new(7, rule).unwrap();
    let mut rng = boardgames_core::Rng::new(5);
    let (status, plies) = game.random_playout(&mut rng, usize::MAX);
    assert!(plies <= 24, "{plies}");
    if plies == 24 {
        assert_eq!(status, Status::Draw);
    }
    // Without the option the same draws go on past 24 stones unless someone wins.
    let mut plain = Position::new(7, Rule::FREESTYLE).unwrap();
    let (status, plies) = plain.random_playout(&mut boardgames_core::Rng::new(5), usize::MAX);
    assert!(plies > 24 || status != Status::Draw);
    // A setup at the count is drawn at once.
    let mut black = PointSet::EMPTY;
    let mut white = PointSet::EMPTY;
    for p in PointSet::board(7).iter().take(24) {
        // Columns of alternating pairs keep every run short.
        if (p.col() / 2 + p.row()) % 2 == 0 {
            black.insert(p);
        } else {
            white.insert(p);
        }
    }
    let setup = Setup {
        stones: ByPlayer::new(black, white),
        to_move: Player::First,
        size: 7,
        rule,
    };
    let drawn = setup.validate().unwrap();
    assert_eq!(drawn.status(), Status::Draw);
    let open = Setup {
        rule: Rule::FREESTYLE,
        ..setup
    };
    assert_eq!(open.validate().unwrap().status(), Status::Ongoing);
}

#[test]
fn play_text_parses_then_plays() {
    let mut game = Position::new(9, Rule::RENJU).unwrap();
    assert_eq!(game.play_text("e5"), Ok(pt("e5")));
    let before = game;
    assert!(game.play_text("z1").is_err());
    assert!(game.play_text("e5").is_err());
    assert_eq!(game, before);
}

#[test]
fn a_five_made_after_a_setup_of_few_stones_wins() {
    // Four stones alone: a game from the empty board has at least nine stones at its first
    // five, a setup need not.
    let setup = Setup {
        stones: stones(&["a11", "a12", "a13", "a14"], &[]),
        to_move: Player::First,
        size: 15,
        rule: Rule::RENJU,
    };
    let mut game = setup.validate().unwrap();
    game.play(pt("a15")).unwrap();
    assert_eq!(game.status(), Status::Won(Player::First));
    assert_eq!(game.winning_cells().len(), 5);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: if cfg!(debug_assertions) { 32 } else { 256 },
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Random setups of every size, rule and side to move: a valid one reads back from its
    /// text (and from the setup it gives back) as the same position; an invalid one reports
    /// exactly the problems `problems` lists.
    #[test]
    fn random_setups_round_trip_through_text(
        size in 5u32..=20,
        rule in 0usize..6,
        gomocup in proptest::bool::ANY,
        white_to_move in proptest::bool::ANY,
        cells in proptest::collection::vec(0u8..10, 400),
    ) {
        let mut stones = ByPlayer::new(PointSet::EMPTY, PointSet::EMPTY);
        for (i, cell) in cells.iter().enumerate() {
            let p = crate::Point::from_index(i).expect("a point of the 20x20 board");
            match cell {
                0 if p.is_on_board(size as u8) => stones.first.insert(p),
                1 if p.is_on_board(size as u8) => stones.second.insert(p),
                _ => {}
            }
        }
        let setup = Setup {
            stones,
            to_move: if white_to_move { Player::Second } else { Player::First },
            size,
            rule: Rule::NAMED[rule].1.with_gomocup_draw(gomocup),
        };
        match setup.validate() {
            Ok(position) => {
                proptest::prop_assert!(setup.problems().is_empty());
                let text = position.to_string();
                proptest::prop_assert_eq!(text.parse::<Position>(), Ok(position), "{}", text);
                proptest::prop_assert_eq!(Setup::from(&position), setup);
                proptest::prop_assert_eq!(position.zobrist(), position.zobrist_from_scratch());
            }
            Err(e) => proptest::prop_assert_eq!(e.problems(), setup.problems()),
        }
    }
}
