//! Opening rules through the public API: named positions of every opening, the errors each
//! refuses with, seats and colours, and the notation.

use boardgames_core::{Game, MoveList, Player, Status};
use boardgames_gomoku::opening::{
    Colour, IllegalMove, Move, NewOpeningError, Opening, OpeningGame, ParseMoveError, Step, Zone,
};
use boardgames_gomoku::{NewGameError, Rule};

/// Plays the moves, in notation, on a new 15x15 game.
fn play(opening: Opening, rule: Rule, moves: &[&str]) -> OpeningGame {
    let mut game = OpeningGame::new(15, rule, Some(opening)).unwrap();
    for text in moves {
        let mv = game.parse_move(text).unwrap();
        game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

/// The reason `text` is refused, and a check that the refusal changed nothing.
fn refused(game: &OpeningGame, text: &str) -> IllegalMove {
    let mut copy = *game;
    let mv = game.parse_move(text).unwrap();
    let err = copy.play(mv).unwrap_err();
    assert_eq!(&copy, game, "a refused {text} changed the game");
    assert_eq!(err.mv, mv);
    err.reason
}

fn legal(game: &OpeningGame) -> Vec<String> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn pro_centre_then_anywhere_then_outside_the_central_5x5() {
    let game = play(Opening::Pro, Rule::CARO, &[]);
    assert_eq!(legal(&game), ["h8"]);
    assert_eq!(
        refused(&game, "h9"),
        IllegalMove::OutsideZone {
            point: "h9".parse().unwrap(),
            zone: Zone::Centre
        }
    );
    let game = play(Opening::Pro, Rule::CARO, &["h8", "i9"]);
    assert_eq!(game.step(), Step::Stone(Zone::Outside(5)));
    assert_eq!(game.side_to_move(), Player::First);
    // j10 is on the edge of the central 5x5; k11 is just outside it.
    assert!(matches!(
        refused(&game, "j10"),
        IllegalMove::OutsideZone { .. }
    ));
    assert_eq!(
        refused(&game, "f6").to_string(),
        "f6 is not allowed: this stone must be placed outside the central 5x5"
    );
    assert_eq!(game.legal_move_count(), 200);
    let game = play(Opening::Pro, Rule::CARO, &["h8", "i9", "k11"]);
    assert_eq!(game.step(), Step::Play);
    assert_eq!(game.side_to_move(), Player::Second);
    assert_eq!(game.legal_move_count(), 222);
}

#[test]
fn long_pro_wants_move_three_outside_the_central_7x7() {
    let game = play(Opening::LongPro, Rule::STANDARD, &["h8", "a1"]);
    assert!(matches!(
        refused(&game, "k11"),
        IllegalMove::OutsideZone { .. }
    ));
    assert_eq!(game.legal_move_count(), 225 - 49 - 1);
    let game = play(Opening::LongPro, Rule::STANDARD, &["h8", "a1", "l12"]);
    assert!(!game.in_opening());
}

#[test]
fn swap_first_seat_places_three_and_second_chooses() {
    let game = play(Opening::Swap, Rule::STANDARD, &["a1", "o15", "h8"]);
    assert_eq!(game.step(), Step::ChooseColour);
    assert_eq!(game.side_to_move(), Player::Second);
    assert_eq!(game.seat_of(Colour::Black), None);
    assert_eq!(legal(&game), ["black", "white"]);
    assert!(matches!(refused(&game, "h9"), IllegalMove::NotNow { .. }));
    assert!(matches!(
        refused(&game, "place2"),
        IllegalMove::NotNow { .. }
    ));
    // The second seat keeps white: white (the second seat) plays move 4.
    let kept = play(Opening::Swap, Rule::STANDARD, &["a1", "o15", "h8", "white"]);
    assert_eq!(kept.seat_of(Colour::White), Some(Player::Second));
    assert_eq!(kept.side_to_move(), Player::Second);
    // The second seat takes black: the first seat is white and plays move 4.
    let swapped = play(Opening::Swap, Rule::STANDARD, &["a1", "o15", "h8", "black"]);
    assert_eq!(swapped.seat_of(Colour::Black), Some(Player::Second));
    assert_eq!(swapped.colour_of(Player::First), Some(Colour::White));
    assert_eq!(swapped.side_to_move(), Player::First);
    assert_eq!(swapped.colour_to_place(), Colour::White);
    assert_eq!(swapped.step(), Step::Play);
}

#[test]
fn swap2_place_two_hands_the_choice_back() {
    let game = play(Opening::Swap2, Rule::FREESTYLE, &["h8", "h9", "i9"]);
    assert_eq!(game.step(), Step::ChooseColourOrPlaceTwo);
    assert_eq!(legal(&game), ["black", "white", "place2"]);
    let game = play(
        Opening::Swap2,
        Rule::FREESTYLE,
        &["h8", "h9", "i9", "place2", "j10"],
    );
    // The second seat places white, then black.
    assert_eq!(game.side_to_move(), Player::Second);
    assert_eq!(game.colour_to_place(), Colour::Black);
    let game = play(
        Opening::Swap2,
        Rule::FREESTYLE,
        &["h8", "h9", "i9", "place2", "j10", "g7"],
    );
    assert_eq!(game.step(), Step::ChooseColour);
    assert_eq!(game.side_to_move(), Player::First);
    // The first seat chooses white and plays move 6.
    let game = play(
        Opening::Swap2,
        Rule::FREESTYLE,
        &["h8", "h9", "i9", "place2", "j10", "g7", "white", "f6"],
    );
    assert_eq!(game.seat_of(Colour::Black), Some(Player::Second));
    assert_eq!(game.side_to_move(), Player::Second);
    assert_eq!(game.position().stone_count(), 6);
}

#[test]
fn a_win_names_the_seat_and_the_colour() {
    // Swap2: the second seat takes black, so the first seat is white; white makes five.
    let mut game = play(
        Opening::Swap2,
        Rule::FREESTYLE,
        &["a1", "b1", "a15", "black"],
    );
    for text in ["h8", "o1", "h9", "o2", "h10", "o3", "h11", "o4", "h12"] {
        let mv = game.parse_move(text).unwrap();
        game.play(mv).unwrap();
    }
    assert_eq!(game.status(), Status::Won(Player::First));
    let winner = game.winner().unwrap();
    assert_eq!((winner.seat, winner.colour), (Player::First, Colour::White));
    assert_eq!(refused(&game, "o5"), IllegalMove::GameOver);
    assert!(legal(&game).is_empty());
}

#[test]
fn soosorv8_declares() {
    let game = play(Opening::Soosorv8, Rule::RENJU, &["h8"]);
    assert_eq!(game.step(), Step::Stone(Zone::Within(3)));
    assert!(matches!(
        refused(&game, "h10"),
        IllegalMove::OutsideZone { .. }
    ));
    let game = play(Opening::Soosorv8, Rule::RENJU, &["h8", "h9", "j10"]);
    // The tentative white (second seat) may swap.
    assert_eq!(game.step(), Step::ChooseColour);
    assert_eq!(game.side_to_move(), Player::Second);
    let game = play(
        Opening::Soosorv8,
        Rule::RENJU,
        &["h8", "h9", "j10", "black", "g9"],
    );
    // The first seat is white now: it played move 4 and declares.
    assert_eq!(game.seat_of(Colour::White), Some(Player::First));
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.step(), Step::Declare { max: 8 });
    assert_eq!(
        refused(&game, "declare:9"),
        IllegalMove::CountOutOfRange { count: 9, max: 8 }
    );
    assert_eq!(legal(&game).len(), 8);
}

/// A soosorv-8 opening to its fifth-move offers: four stones, the second seat swapping to
/// black, a declaration of two fifth moves, and the black seat choosing white.
const SOOSORV8_TO_OFFERS: [&str; 7] = ["h8", "h9", "j10", "black", "g9", "declare:2", "white"];

/// The soosorv-8 game after [`SOOSORV8_TO_OFFERS`] and then `more`.
fn soosorv8_after_offers(more: &[&str]) -> OpeningGame {
    let moves: Vec<&str> = SOOSORV8_TO_OFFERS.iter().chain(more).copied().collect();
    play(Opening::Soosorv8, Rule::RENJU, &moves)
}

#[test]
fn soosorv8_offers() {
    let game = soosorv8_after_offers(&[]);
    // The black seat (the second) chose white: the seats swap back, and the first seat,
    // black again, offers the two fifth moves.
    assert_eq!(game.seat_of(Colour::Black), Some(Player::First));
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.step(), Step::Offer { made: 0, count: 2 });
    assert!(matches!(refused(&game, "h9"), IllegalMove::NotNow { .. }));
    let game = soosorv8_after_offers(&["offer:k11"]);
    assert_eq!(
        refused(&game, "offer:k11"),
        IllegalMove::AlreadyOffered {
            point: "k11".parse().unwrap()
        }
    );
}

#[test]
fn soosorv8_picks() {
    let game = soosorv8_after_offers(&["offer:k11", "offer:f7"]);
    assert_eq!(game.step(), Step::Pick);
    assert_eq!(game.side_to_move(), Player::Second);
    assert_eq!(legal(&game), ["pick:f7", "pick:k11"]);
    assert_eq!(
        refused(&game, "pick:a1"),
        IllegalMove::NotOffered {
            point: "a1".parse().unwrap()
        }
    );
    let game = soosorv8_after_offers(&["offer:k11", "offer:f7", "pick:f7"]);
    // f7 is black's fifth stone, k11 is gone, and white (second seat) plays move 6.
    assert_eq!(game.step(), Step::Play);
    assert_eq!(
        game.position().stone_at("f7".parse().unwrap()),
        Some(Player::First)
    );
    assert_eq!(game.position().stone_at("k11".parse().unwrap()), None);
    assert!(game.offers().is_empty());
    assert_eq!(game.side_to_move(), Player::Second);
    assert_eq!(game.colour_to_place(), Colour::White);
}

#[test]
fn offered_fifth_moves_may_not_be_symmetrical() {
    // h8 h9 h10 / h7: every stone on the h column, so the mirror across it is a symmetry of
    // the position, and g5 is the same fifth move as i5.
    let game = play(
        Opening::Soosorv8,
        Rule::RENJU,
        &[
            "h8",
            "h9",
            "h10",
            "white",
            "h7",
            "declare:3",
            "black",
            "offer:g5",
        ],
    );
    assert_eq!(
        refused(&game, "offer:i5"),
        IllegalMove::SymmetricalOffer {
            point: "i5".parse().unwrap(),
            twin: "g5".parse().unwrap()
        }
    );
    assert!(!legal(&game).contains(&"offer:i5".to_owned()));
    assert!(legal(&game).contains(&"offer:j5".to_owned()));
    // 221 empty points, less g5 itself and its twin.
    assert_eq!(game.legal_move_count(), 219);
    // Without the symmetry (a stone off the column) i5 is a different fifth move.
    let game = play(
        Opening::Soosorv8,
        Rule::RENJU,
        &[
            "h8",
            "h9",
            "h10",
            "white",
            "a1",
            "declare:3",
            "black",
            "offer:g5",
        ],
    );
    assert!(legal(&game).contains(&"offer:i5".to_owned()));
}

#[test]
fn taraguchi10_swaps_after_each_stone_and_forks_after_the_fourth() {
    let game = play(Opening::Taraguchi10, Rule::RENJU, &["h8"]);
    assert_eq!(game.step(), Step::ChooseColour);
    assert_eq!(game.side_to_move(), Player::Second);
    // The second seat takes black: the first seat becomes white and plays move 2 in the 3x3.
    let game = play(Opening::Taraguchi10, Rule::RENJU, &["h8", "black"]);
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.step(), Step::Stone(Zone::Within(3)));
    assert_eq!(game.legal_move_count(), 8);
    let four = ["h8", "black", "i9", "white", "j9", "white", "k6"];
    let game = play(Opening::Taraguchi10, Rule::RENJU, &four);
    assert_eq!(game.step(), Step::ChooseColourOrOffer { count: 10 });
    let black = game.seat_of(Colour::Black).unwrap();
    assert_eq!(game.side_to_move(), black);
    // Branch 1: a colour, a fifth stone inside the 9x9, a last swap, white's sixth move.
    let mut one = four.to_vec();
    one.push("black");
    let game = play(Opening::Taraguchi10, Rule::RENJU, &one);
    assert_eq!(game.step(), Step::Stone(Zone::Within(9)));
    assert!(matches!(
        refused(&game, "a1"),
        IllegalMove::OutsideZone { .. }
    ));
    one.extend(["l12", "white"]);
    let game = play(Opening::Taraguchi10, Rule::RENJU, &one);
    assert_eq!(game.step(), Step::Play);
    assert_eq!(game.colour_to_place(), Colour::White);
    // Branch 2: ten offers anywhere, then white picks one and plays move 6.
    let offers = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10"];
    let mut two = four.to_vec();
    let texts: Vec<String> = offers.iter().map(|p| format!("offer:{p}")).collect();
    two.extend(texts.iter().map(String::as_str));
    let game = play(Opening::Taraguchi10, Rule::RENJU, &two);
    assert_eq!(game.step(), Step::Pick);
    assert_eq!(game.offers().len(), 10);
    assert_eq!(game.offer_count(), Some(10));
    assert_eq!(game.side_to_move(), black.opponent());
    two.push("pick:a10");
    let game = play(Opening::Taraguchi10, Rule::RENJU, &two);
    assert_eq!(game.position().stone_count(), 5);
    assert_eq!(game.side_to_move(), black.opponent());
}

#[test]
fn openings_that_do_not_fit_are_refused() {
    let err = OpeningGame::new(7, Rule::CARO, Some(Opening::Pro)).unwrap_err();
    assert_eq!(
        err,
        NewOpeningError::TooSmall {
            opening: Opening::Pro,
            size: 7,
            min: 9
        }
    );
    assert_eq!(
        err.to_string(),
        "the pro opening does not fit a 7x7 board: its central zones need at least 9x9"
    );
    assert!(matches!(
        OpeningGame::new(16, Rule::RENJU, Some(Opening::Soosorv8)),
        Err(NewOpeningError::NoCentre { size: 16, .. })
    ));
    assert!(OpeningGame::new(11, Rule::RENJU, Some(Opening::Taraguchi10)).is_err());
    assert!(matches!(
        OpeningGame::new(4, Rule::CARO, Some(Opening::Swap)),
        Err(NewOpeningError::Board(NewGameError::SizeOutOfRange {
            size: 4
        }))
    ));
    // Swap and Swap2 fit every board, odd or even.
    for size in 5..=20 {
        assert!(OpeningGame::new(size, Rule::CARO5, Some(Opening::Swap2)).is_ok());
    }
    assert!(OpeningGame::new(9, Rule::CARO, Some(Opening::Pro)).is_ok());
    assert!(OpeningGame::new(13, Rule::RENJU, Some(Opening::Taraguchi10)).is_ok());
}

#[test]
fn opening_names_read_and_write() {
    for opening in Opening::ALL {
        assert_eq!(opening.name().parse::<Opening>(), Ok(opening));
        assert_eq!(opening.to_string(), opening.name());
    }
    assert_eq!("Soosõrv-8".parse::<Opening>(), Ok(Opening::Soosorv8));
    assert_eq!("long-pro".parse::<Opening>(), Ok(Opening::LongPro));
    let err = "yamaguchi".parse::<Opening>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown opening \"yamaguchi\": expected one of pro, long_pro, swap, swap2, soosorv8, taraguchi10"
    );
}

#[test]
fn move_notation_round_trips_and_errors_say_what_is_wrong() {
    for text in [
        "a1",
        "t20",
        "black",
        "white",
        "place2",
        "declare:1",
        "declare:10",
        "offer:h8",
        "pick:o15",
    ] {
        let mv: Move = text.parse().unwrap();
        assert_eq!(mv.to_string(), text);
    }
    assert_eq!(
        "Offer:H8".parse::<Move>(),
        Ok(Move::Offer("h8".parse().unwrap()))
    );
    assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
    assert!(matches!(
        "swap".parse::<Move>(),
        Err(ParseMoveError::UnknownAction { .. })
    ));
    assert!(matches!(
        "take:h8".parse::<Move>(),
        Err(ParseMoveError::UnknownAction { .. })
    ));
    assert!(matches!(
        "declare:11".parse::<Move>(),
        Err(ParseMoveError::BadCount { .. })
    ));
    assert!(matches!(
        "declare:x".parse::<Move>(),
        Err(ParseMoveError::BadCount { .. })
    ));
    assert!(matches!(
        "offer:z9".parse::<Move>(),
        Err(ParseMoveError::Point(_))
    ));
    let game = OpeningGame::new(15, Rule::CARO, Some(Opening::Swap)).unwrap();
    let err = game.parse_move("offer:p1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "column 'p' is off the board: columns run from a to o"
    );
    assert_eq!(
        "swap".parse::<Move>().unwrap_err().to_string(),
        "unknown action \"swap\": expected a point such as h8, black, white, place2, declare:N, offer:POINT or pick:POINT"
    );
}

#[test]
fn every_legal_move_of_an_opening_reads_back() {
    let game = play(
        Opening::Soosorv8,
        Rule::RENJU,
        &["h8", "h9", "j10", "white", "g9"],
    );
    let mut moves = MoveList::new();
    for position in [game] {
        position.legal_moves(&mut moves);
        for &mv in &moves {
            assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
        }
    }
}

#[test]
fn text_input_reports_parse_and_legality_errors() {
    use boardgames_gomoku::opening::InputError;
    let mut game = OpeningGame::new(15, Rule::STANDARD, Some(Opening::Swap2)).unwrap();
    for text in ["h8", "h9", "i9", "place2"] {
        game.play_text(text).unwrap();
    }
    let before = game;
    let err = game.play_text("pick:h8").unwrap_err();
    assert!(matches!(err, InputError::Illegal(_)));
    assert_eq!(
        err.to_string(),
        "illegal move pick:h8: pick:h8 is not allowed now: the opening asks to place a stone anywhere"
    );
    assert!(matches!(game.play_text("p1"), Err(InputError::Parse(_))));
    assert_eq!(game, before);
}

#[cfg(feature = "serde")]
#[test]
fn moves_and_openings_serialize_as_their_notation() {
    let mv: Move = "offer:h8".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"offer:h8\"");
    assert_eq!(
        serde_json::from_str::<Move>("\"declare:3\"").unwrap(),
        Move::Declare(3)
    );
    assert!(serde_json::from_str::<Move>("\"declare:0\"").is_err());
    assert_eq!(
        serde_json::to_string(&Opening::LongPro).unwrap(),
        "\"long_pro\""
    );
    assert_eq!(
        serde_json::from_str::<Opening>("\"taraguchi10\"").unwrap(),
        Opening::Taraguchi10
    );
}

#[test]
fn the_hash_tells_the_seats_and_the_offers_apart() {
    let kept = play(Opening::Swap, Rule::CARO, &["a1", "o15", "h8", "white"]);
    let swapped = play(Opening::Swap, Rule::CARO, &["a1", "o15", "h8", "black"]);
    // The same stones, the same colour to place: only the seats differ.
    assert_eq!(kept.position(), swapped.position());
    assert_ne!(kept, swapped);
    assert_ne!(kept.zobrist(), swapped.zobrist());
    let base = ["h8", "h9", "j10", "white", "g9", "declare:3", "black"];
    let mut one = base.to_vec();
    one.push("offer:k11");
    let mut other = base.to_vec();
    other.push("offer:f7");
    let (one, other) = (
        play(Opening::Soosorv8, Rule::RENJU, &one),
        play(Opening::Soosorv8, Rule::RENJU, &other),
    );
    assert_ne!(one.zobrist(), other.zobrist());
    assert_eq!(one.zobrist(), one.zobrist_from_scratch());
}
