//! The ultimate evaluator: antisymmetric in the players, invariant under the symmetries of the
//! square, and each term doing what its name says (won boards, threats on both levels, drawn
//! boards blocking macro lines, the free choice).
//!
//! Invariants checked on random positions:
//! - `static_value(p, X) == -static_value(p, O)`: the marks are worth to one side exactly
//!   what they cost the other;
//! - `evaluate(p) == static_value(p, side to move) + tempo`, with the tempo terms (free
//!   choice, a board or the game to win with this move) never negative;
//! - applying one of the eight symmetries of the square to every board number and every cell
//!   number (the sending rule maps onto itself) changes neither the evaluation nor the
//!   searched value.

use boardgames_core::grid3::SYMMETRIES;
use boardgames_core::{ByPlayer, Game, Player, Rng};
use boardgames_players::ultimate::{UltimateEvaluator, Weights};
use boardgames_search::{Evaluator, Limits, Searcher};
use boardgames_ultimate::{Cells, Move, Position, Setup};
use proptest::prelude::*;

/// A random game of `plies` moves (fewer if it ends), as its moves.
fn random_game(seed: u64, plies: usize) -> Vec<Move> {
    let mut pos = Position::new();
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        match pos.random_move(&mut rng) {
            Some(mv) => {
                pos.play(mv).unwrap();
                moves.push(mv);
            }
            None => break,
        }
    }
    moves
}

fn replay(moves: &[Move]) -> Position {
    let mut pos = Position::new();
    for &mv in moves {
        pos.play(mv).expect("a legal move");
    }
    pos
}

/// The move under symmetry `s`: board and cell both mapped.
fn transformed(mv: Move, s: usize) -> Move {
    let perm = &SYMMETRIES[s];
    Move::new(perm[mv.board() as usize], perm[mv.cell() as usize]).unwrap()
}

/// An evaluator counting one term only (every other weight zero).
fn only(set: impl FnOnce(&mut Weights)) -> UltimateEvaluator {
    let mut w = Weights {
        won_board: 0,
        macro_threat: 0,
        macro_single: 0,
        small_board: 0,
        double_threat: 0,
        free_choice: 0,
        board_next: 0,
        game_next: 0,
    };
    set(&mut w);
    UltimateEvaluator::with_weights(w)
}

/// A position from the 9-bit marks of each board (`x[b]`, `o[b]`), validated.
fn setup(x: [u16; 9], o: [u16; 9], side: Player, forced: Option<u8>) -> Position {
    let cells = |grids: [u16; 9]| {
        (0..9u32).fold(Cells::EMPTY, |acc, b| {
            acc | Cells::from_board(b, grids[b as usize]).unwrap()
        })
    };
    Setup {
        marks: ByPlayer::new(cells(x), cells(o)),
        side_to_move: side,
        forced_board: forced,
        rules: Default::default(),
    }
    .validate()
    .expect("a reachable position")
}

/// X has won boards 1 and 2 (their top rows); O has two marks in each of boards 5, 6 and 7.
/// Board 3 is either drawn (full, no line) or empty.
fn top_row_position(board_3_drawn: bool) -> Position {
    let mut x = [0u16; 9];
    let mut o = [0u16; 9];
    x[0] = 0b000_000_111;
    x[1] = 0b000_000_111;
    for b in [4, 5, 6] {
        o[b] = 0b000_000_011;
    }
    if board_3_drawn {
        // X O X / X O O / O X X
        x[2] = 0b110_001_101;
        o[2] = 0b001_110_010;
        // 11 X marks, 10 O marks: X moved last (say 13, completing board 1's row), which
        // sends O to board 3, finished: O may play anywhere.
        setup(x, o, Player::Second, None)
    } else {
        // 6 and 6: O moved last (board 7, cell 2), sending X to board 2, finished.
        setup(x, o, Player::First, None)
    }
}

#[test]
fn won_boards_count_for_their_owner() {
    let pos = top_row_position(false);
    let won = only(|w| w.won_board = 1);
    assert_eq!(won.static_value(&pos, Player::First), 2);
    assert_eq!(won.static_value(&pos, Player::Second), -2);
}

#[test]
fn two_won_boards_in_a_line_make_a_macro_threat_unless_a_drawn_board_blocks_it() {
    let threats = only(|w| w.macro_threat = 1);
    let open = top_row_position(false);
    assert_eq!(
        threats.static_value(&open, Player::First),
        1,
        "board 3 completes the row"
    );
    let blocked = top_row_position(true);
    assert_eq!(
        threats.static_value(&blocked, Player::First),
        0,
        "the drawn board 3 blocks the top row"
    );
    // The lines through the two won boards that stay open: column 1, column 2, the diagonal.
    let singles = only(|w| w.macro_single = 1);
    assert_eq!(singles.static_value(&blocked, Player::First), 3);
    assert_eq!(singles.static_value(&open, Player::First), 3);
}

#[test]
fn small_threats_and_open_lines_are_counted_per_board() {
    // O's two marks in a row on each of boards 5, 6 and 7: one threat cell (6 points) and
    // three open lines of one mark (1 point each) per board, 9 points, times the board's
    // relevance for O: 1 plus the two open macro lines through each board (the lines through
    // boards 1 and 2, won by X, are closed to O), 3. X has no mark on an open board.
    let pos = top_row_position(false);
    let small = only(|w| w.small_board = 1);
    assert_eq!(small.static_value(&pos, Player::Second), 3 * 9 * 3);
    assert_eq!(small.static_value(&pos, Player::First), -81);
    // With board 3 drawn, the lines through it (column 3, the anti-diagonal 3-5-7) close for
    // O too: boards 5, 6 and 7 keep one open line each.
    let blocked = top_row_position(true);
    assert_eq!(
        small.static_value(&blocked, Player::Second),
        9 * (2 + 2 + 2)
    );
}

#[test]
fn the_free_choice_is_a_bonus_for_the_side_to_move() {
    let free = only(|w| w.free_choice = 1);
    let pos = top_row_position(false);
    assert_eq!(pos.forced_board(), None);
    assert_eq!(free.evaluate(&pos), 1);
    let mut forced = Position::new();
    forced.play("55".parse().unwrap()).unwrap();
    assert_eq!(forced.forced_board(), Some(4));
    assert_eq!(free.evaluate(&forced), 0);
}

#[test]
fn a_winnable_macro_threat_is_worth_the_game_next() {
    // X to move anywhere with boards 1 and 2 won and board 3 empty: X has no small threat
    // on board 3 yet, so no bonus for winning next move.
    let game_next = only(|w| w.game_next = 1);
    let board_next = only(|w| w.board_next = 1);
    assert_eq!(game_next.evaluate(&top_row_position(false)), 0);
    // Give X two marks in a row on board 3 (and O two more on board 8): X to move anywhere
    // can win board 3, and with it the game.
    let mut x = [0u16; 9];
    let mut o = [0u16; 9];
    x[0] = 0b111;
    x[1] = 0b111;
    x[2] = 0b011;
    for b in [4, 5, 6] {
        o[b] = 0b011;
    }
    o[7] = 0b101;
    let pos = setup(x, o, Player::First, None);
    assert_eq!(game_next.evaluate(&pos), 1);
    assert_eq!(board_next.evaluate(&pos), 1);
    let double = only(|w| w.double_threat = 1);
    assert_eq!(double.static_value(&pos, Player::First), 1);
    // The search sees the win: 33 wins board 3 and the top row.
    let result = Searcher::new(UltimateEvaluator::new()).search(&pos, &Limits::depth(3));
    assert_eq!(result.best_move, Some("33".parse().unwrap()));
    assert_eq!(result.plies_to_end(), Some(1));
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn static_value_is_antisymmetric_and_tempo_is_a_bonus(seed in any::<u64>(), plies in 0usize..70) {
        let pos = replay(&random_game(seed, plies));
        prop_assume!(!pos.status().is_over());
        let eval = UltimateEvaluator::new();
        let x = eval.static_value(&pos, Player::First);
        let o = eval.static_value(&pos, Player::Second);
        prop_assert_eq!(x, -o, "{}", pos);
        let me = pos.side_to_move();
        let tempo = eval.evaluate(&pos) - eval.static_value(&pos, me);
        prop_assert!(tempo >= 0, "tempo {} in\n{}", tempo, pos);
        let w = eval.weights();
        prop_assert!(tempo <= w.free_choice + w.board_next + w.game_next);
        if pos.forced_board().is_none() {
            prop_assert!(tempo >= w.free_choice);
        }
    }

    #[test]
    fn the_symmetries_of_the_square_change_nothing(seed in any::<u64>(), plies in 0usize..70, s in 1usize..8) {
        let moves = random_game(seed, plies);
        let pos = replay(&moves);
        let image: Vec<Move> = moves.iter().map(|&m| transformed(m, s)).collect();
        let mapped = replay(&image);
        prop_assert_eq!(mapped.status(), pos.status());
        prop_assume!(!pos.status().is_over());
        let eval = UltimateEvaluator::new();
        prop_assert_eq!(eval.evaluate(&mapped), eval.evaluate(&pos), "symmetry {}", s);
        for p in Player::ALL {
            prop_assert_eq!(eval.static_value(&mapped, p), eval.static_value(&pos, p));
        }
        let depth = if pos.legal_move_count() > 9 { 1 } else { 2 };
        let value = |p: &Position| Searcher::new(eval).with_table_bytes(1 << 14).search(p, &Limits::depth(depth)).score;
        prop_assert_eq!(value(&mapped), value(&pos));
    }
}
