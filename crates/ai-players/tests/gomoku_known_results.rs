//! The results the gomoku evaluator knows without search
//! (`GomokuEvaluator::with_known_results`): every claim on random positions of every rule
//! checked by an exact search over the rules crate's positions (every legal move of the side
//! that loses, the game's own test of a win), and named positions.

use boardgames_core::{Game, MoveList, Player, Status};
use boardgames_gomoku::{Point, Position, Rule};
use boardgames_players::gomoku::{Class, GomokuEvaluator, SearchPosition};
use boardgames_search::{Evaluator, Limits, Proven, Searcher};

mod common;
use common::{random_position, RULES};

/// The stones of `colour` within four points of `point` along its lines: where that colour's
/// wins are. Only the order of the moves tried, not a result, depends on it.
fn in_reach(position: &Position, colour: Player, point: Point) -> usize {
    let stones = position.stones(colour);
    let (col, row) = (i32::from(point.col()), i32::from(point.row()));
    let mut count = 0;
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for step in (-4..=4).filter(|&s| s != 0) {
            let (c, r) = (col + dc * step, row + dr * step);
            let at = u8::try_from(c).ok().zip(u8::try_from(r).ok());
            if let Some(p) = at.and_then(|(c, r)| Point::new(c, r)) {
                count += usize::from(stones.contains(p));
            }
        }
    }
    count
}

/// Every legal move, those with the most stones of `colour` in reach first.
fn ordered_moves(position: &Position, colour: Player) -> Vec<Point> {
    let mut list = MoveList::new();
    position.legal_moves(&mut list);
    let mut moves: Vec<Point> = list.to_vec();
    moves.sort_by_cached_key(|&p| std::cmp::Reverse(in_reach(position, colour, p)));
    moves
}

/// `position` after `mv`.
fn after(position: &Position, mv: Point) -> Position {
    let mut next = *position;
    next.play_unchecked(mv);
    next
}

/// Whether the side to move wins within `plies` plies (odd) whatever the opponent plays.
fn wins_within(position: &Position, plies: u32) -> bool {
    let me = position.side_to_move();
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    if moves
        .iter()
        .any(|&m| after(position, m).status() == Status::Won(me))
    {
        return true;
    }
    plies >= 3
        && ordered_moves(position, me).into_iter().any(|m| {
            let next = after(position, m);
            next.status() == Status::Ongoing && loses_within(&next, plies - 1)
        })
}

/// Whether the side to move loses within `plies` plies (even) whatever it plays: the moves
/// near the opponent's stones, where the defences are, first.
fn loses_within(position: &Position, plies: u32) -> bool {
    let opponent = position.side_to_move().opponent();
    ordered_moves(position, opponent).into_iter().all(|m| {
        let next = after(position, m);
        next.status() == Status::Ongoing && wins_within(&next, plies - 1)
    })
}

/// The claims of the evaluator with the known results on, by kind: how many were checked.
#[derive(Default, Debug)]
struct Checked {
    win_1: u32,
    loss_2: u32,
    win_3: u32,
    win_5: u32,
    /// The wins in 5 claimed for two live threes at one point (no four-three to make).
    double_three: u32,
}

/// Checks the evaluator's claim on `position`, if any, unless `cap` claims of its kind were
/// checked: the result holds by exact search, and (except under renju, where a black point a
/// white four needs may be forbidden) comes no sooner than claimed.
fn check_claim(position: &Position, checked: &mut Checked, cap: u32) {
    let evaluator = GomokuEvaluator::new().with_known_results(true);
    let tracked = SearchPosition::new(*position);
    let Some(claim) = evaluator.proven(&tracked) else {
        return;
    };
    let double_three = tracked.count(tracked.side_to_move(), Class::FourThree) == 0;
    let count = match claim {
        Proven::Win(1) => checked.win_1,
        Proven::Loss(_) => checked.loss_2,
        Proven::Win(3) => checked.win_3,
        Proven::Win(_) if double_three => checked.double_three,
        Proven::Win(_) => checked.win_5,
    };
    if count >= cap {
        return;
    }
    let rule = position.rule();
    let exact_distance = !rule.forbidden_points.first && !rule.forbidden_points.second;
    let shown = format!("{claim:?} under {rule:?}\n{position}");
    match claim {
        Proven::Win(1) => {
            assert!(wins_within(position, 1), "{shown}");
            checked.win_1 += 1;
        }
        Proven::Loss(2) => {
            assert!(loses_within(position, 2), "{shown}");
            checked.loss_2 += 1;
        }
        Proven::Win(n @ (3 | 5)) => {
            assert!(wins_within(position, n), "{shown}");
            if exact_distance {
                assert!(!wins_within(position, n - 2), "a faster win: {shown}");
            }
            if n == 3 {
                checked.win_3 += 1;
            } else if double_three {
                checked.double_three += 1;
            } else {
                checked.win_5 += 1;
            }
        }
        other => panic!("a claim the evaluator never makes: {other:?}\n{shown}"),
    }
}

#[test]
fn every_known_result_holds_by_exact_search() {
    let scale = if cfg!(debug_assertions) { 1 } else { 8 };
    for (r, rule) in RULES.into_iter().enumerate() {
        let mut checked = Checked::default();
        for game in 0..scale * 80 {
            let seed = (r * 10_000 + game) as u64;
            for plies in [6, 10, 14, 18, 24, 30] {
                let position = random_position(15, rule, plies, seed);
                if !position.status().is_over() {
                    check_claim(&position, &mut checked, scale as u32 * 10);
                }
            }
        }
        // Under Caro only the five to make is claimed, under renju no four-three.
        let least = scale as u32;
        let caro = rule.ends != boardgames_gomoku::rule::Ends::Ignored;
        let enough = checked.win_1 >= least
            && (caro || checked.loss_2 >= least && checked.win_3 >= least)
            && (caro || rule.forbidden_points.first || checked.win_5 >= least)
            && (caro || rule.forbidden_points.first || checked.double_three >= least);
        assert!(enough, "too few claims checked under {rule:?}: {checked:?}");
    }
}

#[test]
fn off_by_default_and_under_caro_only_the_five_to_make() {
    let off = GomokuEvaluator::new();
    let on = off.with_known_results(true);
    let mut claims = 0;
    for rule in [Rule::CARO, Rule::CARO5, Rule::CARO6] {
        for seed in 0..300 {
            let position = SearchPosition::new(random_position(15, rule, 20, seed));
            if position.status().is_over() {
                continue;
            }
            assert_eq!(off.proven(&position), None);
            let claim = on.proven(&position);
            assert!(matches!(claim, None | Some(Proven::Win(1))), "{claim:?}");
            claims += u32::from(claim.is_some());
        }
    }
    assert!(claims > 10, "only {claims} fives to make");
}

/// A freestyle or renju position from its moves in the workspace's notation.
fn game(rule: Rule, moves: &str) -> SearchPosition {
    let mut position = Position::new(15, rule).unwrap();
    for mv in moves.split_whitespace() {
        position.play(mv.parse().unwrap()).unwrap();
    }
    SearchPosition::new(position)
}

#[test]
fn named_positions() {
    let known = GomokuEvaluator::new()
        .with_four_extension(true)
        .with_known_results(true);
    // Black's open three h8 i8 j8 (white's stones in the corners): a straight four to make,
    // won in 3.
    let three = "h8 a1 i8 o1 j8 a15";
    assert_eq!(
        known.proven(&game(Rule::FREESTYLE, three)),
        Some(Proven::Win(3))
    );
    assert_eq!(
        known.proven(&game(Rule::RENJU, three)),
        Some(Proven::Win(3))
    );
    // White to move against the same three: no claim (white can stop it).
    assert_eq!(known.proven(&game(Rule::FREESTYLE, "h8 a1 i8 o1 j8")), None);
    // Black's straight four h8-k8, white to move: two fives to stop, lost in 2.
    let four = "h8 a1 i8 o1 j8 a15 k8";
    assert_eq!(
        known.proven(&game(Rule::STANDARD, four)),
        Some(Proven::Loss(2))
    );
    // Black to move: g8 makes a four (g8-j8, k8 is white's) and an open three (g8 g9 g10).
    let four_three = "h8 k8 i8 a1 j8 a15 g9 o1 g10 o15";
    let position = game(Rule::FREESTYLE, four_three);
    assert_eq!(known.proven(&position), Some(Proven::Win(5)));
    // Under renju black's four-three is left to the search.
    assert_eq!(known.proven(&game(Rule::RENJU, four_three)), None);
    // A search of one ply scores the win at its length: the four is answered at the same
    // depth (the four extension), and the straight four after the block is known.
    let mut searcher = Searcher::new(known);
    let result = searcher.search(&position, &Limits::depth(1));
    assert_eq!(result.plies_to_end(), Some(5), "{result:?}");
    assert_eq!(result.best_move.unwrap().to_string(), "g8");
    // Without the known results that search sees no win.
    let mut plain = Searcher::new(known.with_known_results(false));
    assert_eq!(
        plain.search(&position, &Limits::depth(1)).plies_to_end(),
        None
    );
}
