//! The 9x9 diagram: printing, reading, and the rejection of unreadable or impossible ones
//! with every problem named.

use boardgames_core::{Game, Player};
use boardgames_ultimate::{
    Cells, DiagramProblem, Move, ParsePositionError, Position, Rules, Setup, SetupProblems,
    TieBreak,
};

fn problems(diagram: &str) -> SetupProblems {
    match diagram.parse::<Position>() {
        Err(ParsePositionError::Invalid(e)) => e.problems(),
        other => panic!("expected an impossible position, got {other:?}"),
    }
}

fn malformed(diagram: &str) -> Vec<DiagramProblem> {
    match diagram.parse::<Position>() {
        Err(ParsePositionError::Malformed(errors)) => errors,
        other => panic!("expected a malformed diagram, got {other:?}"),
    }
}

const EMPTY_ROWS: &str = "\
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
------+-------+------
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
------+-------+------
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .";

#[test]
fn the_start_position_prints_and_reads_back() {
    let text = format!("{EMPTY_ROWS}\nX to move, any board");
    assert_eq!(Position::new().to_string(), text);
    assert_eq!(text.parse::<Position>(), Ok(Position::new()));
}

#[test]
fn the_reader_tolerates_spacing_case_and_missing_separators() {
    let compact = "\n  x........\n.........\n.........\n\n.........\n.........\n.........\n.........\n.........\n.........\n  o TO MOVE,   board 1  \n";
    let pos: Position = compact.parse().unwrap();
    assert_eq!(pos.mark_at("11".parse().unwrap()), Some(Player::First));
    assert_eq!(pos.forced_board(), Some(0));
    assert_eq!(pos.side_to_move(), Player::Second);
}

#[test]
fn a_played_game_round_trips_with_its_hash() {
    let mut game = Position::new();
    let mut rng = boardgames_core::Rng::new(3);
    while let Some(m) = game.random_move(&mut rng) {
        game.play(m).unwrap();
        let back: Position = game.to_string().parse().unwrap();
        assert_eq!(back, game);
        assert_eq!(back.zobrist(), game.zobrist());
    }
}

#[test]
fn the_tie_break_is_written_and_read() {
    let pos = Position::with_rules(Rules::default().with_tie_break(TieBreak::BoardsWon));
    let text = pos.to_string();
    assert!(text.ends_with("X to move, any board\ntie-break: boards_won"));
    assert_eq!(text.parse::<Position>(), Ok(pos));
}

#[test]
fn every_syntax_problem_is_reported() {
    let text = "\
X . . | . . . | . . .
. . . | . Q . | . . .
. . . | . . . | . .
. . . | . . . | . . .
X to move, board 10
tie-break: most";
    let errors = malformed(text);
    assert_eq!(
        errors,
        vec![
            DiagramProblem::BadCharacter {
                line: 2,
                found: 'Q'
            },
            DiagramProblem::RowLength { line: 3, cells: 8 },
            DiagramProblem::BadStatus {
                line: 5,
                text: "X to move, board 10".into()
            },
            DiagramProblem::BadTieBreak {
                line: 6,
                text: "tie-break: most".into()
            },
            DiagramProblem::RowCount { rows: 4 },
        ]
    );
    let message = ParsePositionError::Malformed(errors).to_string();
    assert!(message.starts_with("malformed diagram: line 2: unexpected character 'Q'"));
}

#[test]
fn a_missing_status_line_is_named() {
    assert_eq!(malformed(EMPTY_ROWS), vec![DiagramProblem::MissingStatus]);
    let two = format!("{EMPTY_ROWS}\nX to move, any board\nO to move, any board");
    assert_eq!(
        malformed(&two),
        vec![DiagramProblem::ExtraStatus { line: 13 }]
    );
}

#[test]
fn impossible_mark_counts_and_side_to_move() {
    // O has more marks than X.
    let text = "\
O . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
X to move, any board";
    assert_eq!(problems(text), SetupProblems::MARK_COUNTS);
    // One X: O must move, and X's 11 sent O to board 1.
    let text = text.replacen('O', "X", 1);
    assert_eq!(
        problems(&text),
        SetupProblems::SIDE_TO_MOVE | SetupProblems::FORCED_BOARD_CONTRADICTS_LAST_MOVE
    );
    assert!(text
        .replace("X to move, any board", "O to move, board 1")
        .parse::<Position>()
        .is_ok());
}

#[test]
fn a_forced_board_must_follow_from_the_last_move() {
    // X's only mark is 55: O must be sent to board 5, not board 2, and not a free choice.
    let mut game = Position::new();
    game.play("55".parse().unwrap()).unwrap();
    let text = game.to_string();
    assert!(text.ends_with("O to move, board 5"));
    let wrong = text.replace("board 5", "board 2");
    assert_eq!(
        problems(&wrong),
        SetupProblems::FORCED_BOARD_CONTRADICTS_LAST_MOVE
    );
    let free = text.replace("board 5", "any board");
    assert_eq!(
        problems(&free),
        SetupProblems::FORCED_BOARD_CONTRADICTS_LAST_MOVE
    );
    let err = wrong.parse::<Position>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "impossible position: the board to play in contradicts every possible last move"
    );
}

#[test]
fn a_forced_board_cannot_be_finished() {
    let text = "\
X X X | O . . | O . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
O to move, board 1";
    assert_eq!(problems(text), SetupProblems::FORCED_BOARD_FINISHED);
}

#[test]
fn play_after_a_macro_win_is_rejected() {
    // X's top macro row is complete, yet O has moved since (the counts are equal), and X
    // also completed a second, separate board line after winning board 1.
    let text = "\
X X X | X X X | X X X
O O . | O O . | O O .
X X X | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
O O . | O O . | O O .
. . . | . . . | . . .
. . . | . . . | . . .
X wins";
    let found = problems(text);
    assert_eq!(
        found,
        SetupProblems::PLAY_AFTER_BOARD_WON | SetupProblems::PLAY_AFTER_GAME_WON
    );
    // Every problem is named in the message.
    let message = text.parse::<Position>().unwrap_err().to_string();
    for flag in found.iter() {
        assert!(message.contains(SetupProblems::describe(flag)), "{message}");
    }
}

#[test]
fn a_board_won_by_both_and_a_macro_won_by_both_are_rejected() {
    let mut setup = Setup::default();
    let cells = |list: &[&str]| {
        list.iter().fold(Cells::EMPTY, |acc, m| {
            acc.with(m.parse::<Move>().unwrap().index() as u32)
        })
    };
    setup.marks.first = cells(&["11", "12", "13"]);
    setup.marks.second = cells(&["14", "15", "16"]);
    let err = setup.validate().unwrap_err();
    assert!(err.problems().contains(SetupProblems::BOARD_WON_BY_BOTH));

    setup.marks.first = cells(&["11", "12", "13", "21", "22", "23", "31", "32", "33"]);
    setup.marks.second = cells(&["41", "42", "43", "51", "52", "53", "61", "62", "63"]);
    setup.side_to_move = Player::First;
    let err = setup.validate().unwrap_err();
    assert!(
        err.problems().contains(SetupProblems::GAME_WON_BY_BOTH),
        "{err}"
    );
}

#[test]
fn a_setup_with_shared_or_outside_cells_is_rejected() {
    let mut setup = Setup::default();
    setup.marks.first = Cells(1 | 1 << 100);
    setup.marks.second = Cells(1);
    setup.side_to_move = Player::Second;
    let err = setup.validate().unwrap_err();
    assert!(
        err.problems()
            .contains(SetupProblems::OUTSIDE_BOARD | SetupProblems::SHARED_CELL),
        "{err}"
    );
    setup.forced_board = Some(12);
    assert!(setup
        .validate()
        .unwrap_err()
        .problems()
        .contains(SetupProblems::FORCED_BOARD_OFF_BOARD));
}

#[test]
fn a_status_line_that_contradicts_the_board_is_rejected() {
    let text = format!("{EMPTY_ROWS}\nX wins");
    assert_eq!(
        text.parse::<Position>(),
        Err(ParsePositionError::StatusMismatch {
            stated: "X wins".into(),
            actual: boardgames_core::Status::Ongoing
        })
    );
}

#[test]
fn setup_round_trips_every_position_of_a_game() {
    let mut game = Position::new();
    let mut rng = boardgames_core::Rng::new(11);
    loop {
        assert_eq!(Setup::from(&game).validate(), Ok(game));
        match game.random_move(&mut rng) {
            Some(m) => game.play(m).unwrap(),
            None => break,
        }
    }
}
