//! Property tests over random games, against a plain model written from the rules alone
//! (nested loops over boards, no incremental state).

use boardgames_core::grid3::{has_line, FULL as GRID_FULL};
use boardgames_core::{random_position, Game, Player, Rng, Status};
use boardgames_ultimate::{BoardResult, Boards, Cells, Move, Position, Rules, TieBreak};
use proptest::prelude::*;

/// A small board's result from its marks alone.
fn model_board(pos: &Position, board: u32) -> BoardResult {
    let x = pos.marks(Player::First).board(board).unwrap();
    let o = pos.marks(Player::Second).board(board).unwrap();
    if has_line(x) {
        BoardResult::Won(Player::First)
    } else if has_line(o) {
        BoardResult::Won(Player::Second)
    } else if x | o == GRID_FULL {
        BoardResult::Drawn
    } else {
        BoardResult::Open
    }
}

/// The macro status from the marks alone.
fn model_status(pos: &Position, rules: Rules) -> Status {
    let mut won = [0u16; 2];
    let mut finished = 0;
    for b in 0..9 {
        match model_board(pos, b) {
            BoardResult::Won(p) => {
                won[p.index()] |= 1 << b;
                finished += 1;
            }
            BoardResult::Drawn => finished += 1,
            BoardResult::Open => {}
        }
    }
    for p in Player::ALL {
        if has_line(won[p.index()]) {
            return Status::Won(p);
        }
    }
    if finished < 9 {
        return Status::Ongoing;
    }
    let (x, o) = (won[0].count_ones(), won[1].count_ones());
    match rules.tie_break {
        TieBreak::BoardsWon if x > o => Status::Won(Player::First),
        TieBreak::BoardsWon if o > x => Status::Won(Player::Second),
        _ => Status::Draw,
    }
}

/// The legal cells from the marks and the last move alone.
fn model_legal(pos: &Position, last: Option<Move>, rules: Rules) -> Cells {
    if model_status(pos, rules).is_over() {
        return Cells::EMPTY;
    }
    let open: Vec<u32> = (0..9)
        .filter(|&b| model_board(pos, b) == BoardResult::Open)
        .collect();
    let allowed: Vec<u32> = match last {
        Some(m) if open.contains(&(m.cell() as u32)) => vec![m.cell() as u32],
        _ => open,
    };
    let mut legal = Cells::EMPTY;
    for b in allowed {
        for c in 0..9 {
            let i = b * 9 + c;
            if !pos.occupied().contains(i) {
                legal = legal.with(i);
            }
        }
    }
    legal
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::default()),
        Just(Rules::default().with_tie_break(TieBreak::BoardsWon)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn legal_mask_is_the_empty_cells_of_the_allowed_unfinished_boards(
        seed in any::<u64>(),
        rules in rules_strategy(),
    ) {
        let mut pos = Position::with_rules(rules);
        let mut rng = Rng::new(seed);
        let mut last = None;
        loop {
            let want = model_legal(&pos, last, rules);
            prop_assert_eq!(pos.legal_mask(), want, "after {:?}\n{}", last, pos);
            prop_assert_eq!(pos.legal_move_count(), want.count() as usize);
            let boards = (0..9).filter(|&b| want.intersects(Cells::board_mask(b).unwrap()))
                .fold(Boards::EMPTY, |acc, b| acc.with(b));
            prop_assert_eq!(pos.playable_boards(), boards);
            match pos.random_move(&mut rng) {
                Some(m) => {
                    pos.play(m).unwrap();
                    last = Some(m);
                }
                None => break,
            }
        }
    }

    #[test]
    fn a_finished_small_board_never_changes(seed in any::<u64>(), rules in rules_strategy()) {
        let mut pos = Position::with_rules(rules);
        let mut rng = Rng::new(seed);
        let mut frozen: [Option<(u16, u16, BoardResult)>; 9] = [None; 9];
        while let Some(m) = pos.random_move(&mut rng) {
            pos.play(m).unwrap();
            for b in 0..9u32 {
                let now = (
                    pos.marks(Player::First).board(b).unwrap(),
                    pos.marks(Player::Second).board(b).unwrap(),
                    pos.board_result(b as u8).unwrap(),
                );
                match frozen[b as usize] {
                    Some(then) => prop_assert_eq!(then, now, "board {} changed", b + 1),
                    None if now.2.is_finished() => frozen[b as usize] = Some(now),
                    None => {}
                }
            }
        }
    }

    #[test]
    fn the_status_and_board_results_equal_a_recomputation(
        seed in any::<u64>(),
        rules in rules_strategy(),
    ) {
        let mut pos = Position::with_rules(rules);
        let mut rng = Rng::new(seed);
        loop {
            prop_assert_eq!(pos.status(), model_status(&pos, rules), "\n{}", pos);
            prop_assert_eq!(pos.macro_status(), pos.status());
            let model: [BoardResult; 9] = core::array::from_fn(|b| model_board(&pos, b as u32));
            prop_assert_eq!(pos.board_results(), model);
            for p in Player::ALL {
                let masks: [u16; 9] =
                    core::array::from_fn(|b| pos.marks(p).board(b as u32).unwrap());
                prop_assert_eq!(pos.board_masks(p), &masks);
            }
            prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            match pos.random_move(&mut rng) {
                Some(m) => pos.play(m).unwrap(),
                None => break,
            }
        }
        prop_assert!(pos.status().is_over());
    }

    #[test]
    fn a_playout_is_the_same_game_as_random_moves_one_by_one(
        seed in any::<u64>(),
        opening in 0usize..60,
        cap in prop_oneof![Just(usize::MAX), 0usize..40],
        rules in rules_strategy(),
    ) {
        // Reach a position some plies in, then finish it (or play `cap` plies) both ways.
        let start = random_position(Position::with_rules(rules), opening, &mut Rng::new(seed ^ 0x5555));
        let mut fast = start;
        let (status, plies) = fast.random_playout(&mut Rng::new(seed), cap);
        let mut slow = start;
        let mut rng = Rng::new(seed);
        let mut count = 0;
        while count < cap {
            match slow.random_move(&mut rng) {
                Some(m) => slow.play(m).unwrap(),
                None => break,
            }
            count += 1;
        }
        prop_assert_eq!(fast, slow);
        prop_assert_eq!(fast.zobrist(), fast.zobrist_from_scratch());
        prop_assert_eq!((status, plies), (slow.status(), count));
    }

    #[test]
    fn illegal_unchecked_moves_give_nonsense_but_never_a_panic_or_an_endless_playout(
        seed in any::<u64>(),
        opening in 0usize..40,
        junk in proptest::collection::vec(0u8..81, 1..6),
    ) {
        let mut rng = Rng::new(seed);
        let mut pos = random_position(Position::new(), opening, &mut rng);
        for index in junk {
            pos.play_unchecked(Move::from_index(index).unwrap());
            let _ = (pos.legal_move_count(), pos.legal_mask(), pos.random_move(&mut rng));
            let _ = (pos.to_string(), pos.check_move(Move::from_index(index).unwrap()));
        }
        let (_, plies) = pos.clone().random_playout(&mut rng, usize::MAX);
        prop_assert!(plies <= 81);
        let _ = pos.random_playout(&mut rng, 5);
    }

    #[test]
    fn move_text_never_panics(text in "\\PC{0,4}") {
        let _ = text.parse::<Move>();
    }

    #[test]
    fn diagram_reader_never_panics(text in "[XO. |\\-\n]{0,120}(X to move, board [0-9]|draw|O wins)?") {
        let _ = text.parse::<Position>();
    }
}

#[test]
fn random_move_is_uniform_over_the_legal_moves() {
    // A free choice late in a game, spread over several boards, so the pick crosses the
    // 64-bit halves of the mask.
    let mut pos = Position::new();
    let mut rng = Rng::new(5);
    let mut chosen = None;
    while let Some(m) = pos.random_move(&mut rng) {
        pos.play(m).unwrap();
        if pos.forced_board().is_none()
            && pos.legal_move_count() > 20
            && pos.occupied().count() > 20
        {
            chosen = Some(pos);
            break;
        }
    }
    let pos = chosen.expect("seed 5 reaches a free choice");
    let n = pos.legal_move_count();
    let mut counts = std::collections::HashMap::new();
    let draws = 2_000 * n;
    let mut rng = Rng::new(99);
    for _ in 0..draws {
        *counts
            .entry(pos.random_move(&mut rng).unwrap())
            .or_insert(0usize) += 1;
    }
    assert_eq!(counts.len(), n, "every legal move is drawn");
    for (m, c) in counts {
        assert!(pos.is_legal(m));
        assert!(
            (1_750..2_250).contains(&c),
            "{m} drawn {c} times of about 2000"
        );
    }
}

#[test]
fn the_position_is_copy_and_at_most_64_bytes() {
    fn is_copy<T: Copy>() {}
    is_copy::<Position>();
    assert!(
        core::mem::size_of::<Position>() <= 64,
        "{}",
        core::mem::size_of::<Position>()
    );
}

/// The case the property above found: three illegal unchecked moves leave a position whose
/// cell counts disagree, and its playout reported 4,294,967,295 plies (the difference of the
/// empty-cell counts, wrapped). The count is nonsense on such a position, but no playout
/// reports more than the board's 81 plies.
#[test]
fn a_nonsense_position_reports_at_most_81_plies() {
    let mut rng = Rng::new(5529739591856809248);
    let mut pos = random_position(Position::new(), 38, &mut rng);
    for index in [22, 3, 29] {
        pos.play_unchecked(Move::from_index(index).unwrap());
        let _ = pos.random_move(&mut rng);
    }
    let (_, plies) = pos.clone().random_playout(&mut rng, usize::MAX);
    assert!(plies <= 81, "{plies} plies");
}
