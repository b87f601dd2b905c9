//! Each rule of ultimate tic-tac-toe as a named test over positions drawn as diagrams.

use boardgames_core::{Game, MoveList, Player, Status};
use boardgames_ultimate::{BoardResult, Boards, IllegalMove, Move, Position, Rules, TieBreak};

fn pos(diagram: &str) -> Position {
    diagram.parse().unwrap_or_else(|e| panic!("{diagram}\n{e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn played(moves: &[&str]) -> Position {
    let mut game = Position::new();
    for m in moves {
        game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

fn legal(position: &Position) -> Vec<String> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves.iter().map(|m| m.to_string()).collect()
}

fn board_cells(board: u8) -> Vec<String> {
    (1..=9).map(|c| format!("{}{c}", board + 1)).collect()
}

fn boards(list: &[u32]) -> Boards {
    list.iter().fold(Boards::EMPTY, |acc, &b| acc.with(b))
}

#[test]
fn x_moves_first_anywhere() {
    let start = Position::new();
    assert_eq!(start.side_to_move(), Player::First);
    assert_eq!(start.forced_board(), None);
    assert_eq!(start.playable_boards(), Boards::FULL);
    assert_eq!(start.legal_move_count(), 81);
    assert_eq!(legal(&start).len(), 81);
}

#[test]
fn playing_cell_c_sends_the_opponent_to_board_c() {
    let game = played(&["53"]);
    assert_eq!(
        game,
        pos("
            . . . | . . . | . . .
            . . . | . . . | . . .
            . . . | . . . | . . .
            ------+-------+------
            . . . | . . X | . . .
            . . . | . . . | . . .
            . . . | . . . | . . .
            ------+-------+------
            . . . | . . . | . . .
            . . . | . . . | . . .
            . . . | . . . | . . .
            O to move, board 3")
    );
    assert_eq!(game.side_to_move(), Player::Second);
    assert_eq!(game.mark_at(mv("53")), Some(Player::First));
    assert_eq!(game.forced_board(), Some(2));
    assert_eq!(game.playable_boards(), boards(&[2]));
    assert_eq!(legal(&game), board_cells(2));
    // The reply in board 3, cell 5 sends X back to the centre board.
    let mut game = game;
    game.play(mv("35")).unwrap();
    assert_eq!(game.forced_board(), Some(4));
    assert_eq!(legal(&game).len(), 8);
}

#[test]
fn a_move_outside_the_forced_board_names_the_board() {
    let game = played(&["53"]);
    let err = game.clone().play(mv("11")).unwrap_err();
    assert_eq!(
        err.reason,
        IllegalMove::WrongBoard {
            required: 2,
            played: 0
        }
    );
    assert_eq!(err.reason.to_string(), "must play in board 3, not board 1");
    assert_eq!(
        err.to_string(),
        "illegal move 11: must play in board 3, not board 1"
    );
}

#[test]
fn an_occupied_cell_is_refused_and_the_position_kept() {
    let mut game = played(&["55"]);
    let before = game;
    let err = game.play(mv("55")).unwrap_err();
    assert_eq!(err.reason, IllegalMove::Occupied);
    assert_eq!(err.reason.to_string(), "this cell already has a mark");
    assert_eq!(game, before);
}

/// X wins board 1 with 11, which sends O to board 1 itself: finished, so O chooses freely.
const BOARD_1_WON: &str = "
X X X | O . . | O . .
. . . | . . . | . . .
. . . | . . . | . . .
------+-------+------
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
------+-------+------
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
O to move, any board";

#[test]
fn a_line_wins_the_small_board_and_the_game_goes_on() {
    let game = played(&["12", "21", "13", "31", "11"]);
    assert_eq!(game, pos(BOARD_1_WON));
    assert_eq!(
        game.board_result(0).unwrap(),
        BoardResult::Won(Player::First)
    );
    assert_eq!(game.boards_won(Player::First), boards(&[0]));
    for b in 1..9 {
        assert_eq!(
            game.board_result(b).unwrap(),
            BoardResult::Open,
            "board {}",
            b + 1
        );
    }
    // Board numbers past 8 are answered with None, never a panic.
    assert_eq!(game.board_result(9), None);
    assert_eq!(game.board_result(u8::MAX), None);
    // Finishing a small board does not end the game (one of OpenSpiel's bugs).
    assert_eq!(game.status(), Status::Ongoing);
}

#[test]
fn sent_to_a_finished_board_the_player_may_play_in_any_unfinished_one() {
    let game = pos(BOARD_1_WON);
    assert_eq!(game.forced_board(), None);
    assert_eq!(game.playable_boards(), Boards::FULL.without(0));
    let moves = legal(&game);
    assert_eq!(moves.len(), 81 - 9 - 2);
    assert!(moves.contains(&"99".to_string()));
    assert!(!moves.contains(&"21".to_string()));
}

#[test]
fn the_empty_cells_of_a_finished_board_are_dead() {
    let game = pos(BOARD_1_WON);
    for cell in ["14", "15", "19"] {
        let err = game.clone().play(mv(cell)).unwrap_err();
        assert_eq!(err.reason, IllegalMove::BoardFinished { board: 0 });
        assert_eq!(err.reason.to_string(), "board 1 is already finished");
    }
    assert!(!game
        .legal_mask()
        .intersects(boardgames_ultimate::Cells::board_mask(0).unwrap()));
}

#[test]
fn the_free_choice_places_the_right_mark() {
    // OpenSpiel once placed the wrong mark after a free choice.
    let mut game = pos(BOARD_1_WON);
    game.play(mv("77")).unwrap();
    assert_eq!(game.mark_at(mv("77")), Some(Player::Second));
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.forced_board(), Some(6));
}

#[test]
fn sent_to_a_drawn_board_the_choice_is_free_too() {
    // Board 3 is full without a line; O's 73 sends X there.
    let game = pos("
        X . . | . . . | X O X
        . . . | . O . | X O O
        . . . | . . . | O X X
        ------+-------+------
        . . . | . . . | . . .
        . . . | . X . | . . .
        . . . | . . . | . . .
        ------+-------+------
        . . O | O . . | . . .
        . . . | . . . | . . .
        . . . | . . . | . . .
        X to move, any board");
    assert_eq!(game.board_result(2).unwrap(), BoardResult::Drawn);
    assert_eq!(game.drawn_boards(), boards(&[2]));
    assert_eq!(game.playable_boards(), Boards::FULL.without(2));
    assert_eq!(game.legal_move_count(), 81 - 9 - 5);
}

/// X has won boards 1 and 2; board 3 is drawn, so the top macro row is blocked.
const DRAWN_BOARD_BLOCKS: &str = "
X X X | X X X | X O X
O O . | O O . | X O O
. . . | . . . | O X X
------+-------+------
. . . | O . . | . . .
. . . | . . . | . . .
. . . | . . O | . . .
------+-------+------
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
O to move, any board";

#[test]
fn a_drawn_board_belongs_to_nobody_and_blocks_macro_lines() {
    let game = pos(DRAWN_BOARD_BLOCKS);
    assert_eq!(game.board_result(2).unwrap(), BoardResult::Drawn);
    assert_eq!(game.boards_won(Player::First), boards(&[0, 1]));
    assert_eq!(game.boards_won(Player::Second), Boards::EMPTY);
    assert_eq!(game.status(), Status::Ongoing);
    assert_eq!(game.macro_status(), Status::Ongoing);
    assert_eq!(game.legal_move_count(), 81 - 27 - 2);
}

/// X has won boards 1 and 2 and is sent to board 3, where 33 completes a line.
const MACRO_WIN_NEXT: &str = "
X X X | X X X | X X .
O O . | O O . | O . .
. . . | . . . | . . .
------+-------+------
. . . | O . O | . . .
. . . | . . . | . . .
. . . | . . O | . . .
------+-------+------
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
X to move, board 3";

#[test]
fn three_won_boards_in_a_line_win_the_game() {
    let mut game = pos(MACRO_WIN_NEXT);
    assert_eq!(game.status(), Status::Ongoing);
    game.play(mv("33")).unwrap();
    assert_eq!(game.status(), Status::Won(Player::First));
    assert_eq!(game.boards_won(Player::First), boards(&[0, 1, 2]));
    assert_eq!(game.legal_move_count(), 0);
    assert!(legal(&game).is_empty());
    assert_eq!(game.playable_boards(), Boards::EMPTY);
    assert_eq!(game.forced_board(), None);
    assert!(game.to_string().ends_with("\nX wins"));
    assert_eq!(game, pos(&game.to_string()));
}

#[test]
fn no_move_is_legal_after_the_game_is_over() {
    let mut game = pos(MACRO_WIN_NEXT);
    game.play(mv("33")).unwrap();
    let over = game;
    for m in Move::all() {
        let err = game.play(m).unwrap_err();
        assert_eq!(
            err.reason,
            IllegalMove::GameOver {
                status: Status::Won(Player::First)
            }
        );
        assert!(boardgames_core::MoveError::is_game_over(&err.reason));
        assert_eq!(game, over);
    }
}

/// Eight boards finished, four won by each side, no macro line possible; X is sent to board 9
/// and wins it with 93.
const LAST_BOARD_WIN: &str = "
X X X | O O O | X X X
. . . | . . . | . . .
. . . | . . . | . . .
------+-------+------
X X X | O O O | O O O
. . . | . . . | . . .
. . . | . . . | . . .
------+-------+------
. . O | X X X | X X .
. . O | . . . | O O .
. . O | . . . | . . .
X to move, board 9";

/// The same, but X's 99 fills board 9 without a line.
const LAST_BOARD_DRAW: &str = "
X X X | O O O | X X X
. . . | . . . | . . .
. . . | . . . | . . .
------+-------+------
X X X | O O O | O O O
. . . | . . . | . . .
. . . | . . . | . . .
------+-------+------
. . O | X X X | X O X
. . O | . . . | X O O
. . O | . . . | O X .
X to move, board 9";

#[test]
fn every_board_finished_without_a_macro_line_is_a_draw() {
    for (diagram, last, result) in [
        (LAST_BOARD_WIN, "93", BoardResult::Won(Player::First)),
        (LAST_BOARD_DRAW, "99", BoardResult::Drawn),
    ] {
        let mut game = pos(diagram);
        // No macro line is possible any more, yet the game goes on until every board is done.
        assert_eq!(game.status(), Status::Ongoing);
        game.play(mv(last)).unwrap();
        assert_eq!(game.board_result(8).unwrap(), result);
        assert_eq!(game.finished_boards(), Boards::FULL);
        // The standard rule: no tie-break by the number of boards won (5 to 4 in the first).
        assert_eq!(game.status(), Status::Draw, "{diagram}");
        assert!(game.to_string().ends_with("\ndraw"));
    }
}

#[test]
fn the_boards_won_tie_break_gives_the_drawn_game_to_the_side_with_more_boards() {
    let with_tie_break = |diagram: &str| pos(&format!("{diagram}\ntie-break: boards_won"));
    let mut game = with_tie_break(LAST_BOARD_WIN);
    assert_eq!(
        game.rules(),
        Rules::default().with_tie_break(TieBreak::BoardsWon)
    );
    game.play(mv("93")).unwrap();
    assert_eq!(game.status(), Status::Won(Player::First));
    assert_eq!(
        game.to_string(),
        format!("{}\ntie-break: boards_won", game_text(&game))
    );

    // Four boards each: still a draw.
    let mut game = with_tie_break(LAST_BOARD_DRAW);
    game.play(mv("99")).unwrap();
    assert_eq!(game.status(), Status::Draw);
}

/// The diagram and status line alone.
fn game_text(game: &Position) -> String {
    game.to_string()
        .lines()
        .take(12)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn moves_are_written_board_then_cell() {
    let m = mv("53");
    assert_eq!((m.board(), m.cell()), (4, 2));
    assert_eq!(mv("11").index(), 0);
    assert_eq!(mv("99").index(), 80);
    assert!("5".parse::<Move>().is_err());
    assert!("a1".parse::<Move>().is_err());
    assert!("50".parse::<Move>().is_err());
}

#[test]
fn checked_play_and_the_generator_agree_in_every_position_above() {
    for diagram in [
        BOARD_1_WON,
        DRAWN_BOARD_BLOCKS,
        MACRO_WIN_NEXT,
        LAST_BOARD_WIN,
    ] {
        let game = pos(diagram);
        let mask = game.legal_mask();
        for m in Move::all() {
            assert_eq!(
                game.check_move(m).is_ok(),
                mask.contains(m.index() as u32),
                "{m}"
            );
        }
    }
}
