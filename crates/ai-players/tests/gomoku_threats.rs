//! VCF and VCT: published puzzles solved at their published length, "no VCF" cases (one move
//! short of the published length, blocked fives, overlines, renju forbidden points), mate
//! distances against a brute-force search on small boards, and VCT wins that hold against
//! every defence on small boards.
//!
//! Puzzle sources (positions transcribed from the published diagrams; the solutions'
//! lengths are the published ones):
//! - renjuportal.com puzzle 3040: renju, black to move, VCF in 12 fours;
//! - renjuportal.com puzzle 2990: renju, white to move, VCF in 5 fours;
//! - "Shadows and fog" by Tama Hoshiduki: renju, black to move, a VCF of 73 fours.
//!
//! A published "VCF in N" counts the fours: the solution's line has 2N - 1 moves and its last
//! four cannot be stopped (two winning points, or a block forbidden to black). The solver's
//! bound counts the attacker's moves with the five (N + 1), and its `plies` reach the five
//! (2N + 1).
//!
//! These three were found through the test suite of the open-source renju solver
//! `renju-note/quintet` (file `src/mate/vcf.rs`), which cites the same sources.

use boardgames_core::{ByPlayer, Game, MoveList, Player, Rng, Status};
use boardgames_gomoku::{Point, PointSet, Position, Rule, Setup};
use boardgames_players::gomoku::{
    vcf, vct, vct_proof_numbers, GomokuEvaluator, SearchPosition, ThreatLimits, ThreatOutcome,
    ThreatResult, ThreatWin,
};
use boardgames_search::{Limits, Proof, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A position from a diagram (top row first; `x` black, `o` white, `.` empty) with `to_move`
/// to move: a setup, since puzzle diagrams do not balance the stone counts.
fn diagram(text: &str, rule: Rule, to_move: Player) -> Position {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let size = rows.len() as u8;
    let mut stones = ByPlayer::new(PointSet::EMPTY, PointSet::EMPTY);
    for (i, row) in rows.iter().enumerate() {
        for (col, cell) in row.split_whitespace().enumerate() {
            let point = Point::new(col as u8, size - 1 - i as u8).unwrap();
            match cell {
                "x" => stones.first.insert(point),
                "o" => stones.second.insert(point),
                _ => {}
            }
        }
    }
    Setup {
        stones,
        to_move,
        size: u32::from(size),
        rule,
    }
    .validate()
    .unwrap()
}

/// Replays the win's line with checked moves (every move legal, renju forbidden points
/// refused) and checks its end: the five, or a last four that no defender reply stops.
fn check_line(position: &Position, win: &ThreatWin) {
    let attacker = position.side_to_move();
    let mut game = *position;
    for (i, &mv) in win.line.iter().enumerate() {
        game.play(mv)
            .unwrap_or_else(|e| panic!("move {i} {mv}: {e}"));
    }
    if win.line.len() as u32 == win.plies {
        assert_eq!(game.status(), Status::Won(attacker));
        return;
    }
    assert_eq!(win.line.len() as u32 + 2, win.plies);
    let mut replies = MoveList::new();
    game.legal_moves(&mut replies);
    for &r in replies.iter() {
        let mut reply = game;
        reply.play(r).unwrap();
        assert!(has_winning_point(&reply, attacker), "{r} defends\n{reply}");
    }
}

fn solve_vcf(position: &Position, max_moves: u32) -> (ThreatOutcome, u64, f64) {
    let start = Instant::now();
    let limits = ThreatLimits::default()
        .with_nodes(5_000_000)
        .with_max_moves(max_moves);
    let result = vcf(position, &limits);
    (
        result.outcome,
        result.nodes,
        start.elapsed().as_secs_f64() * 1e3,
    )
}

const PUZZLE_3040: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . o . . x . . .
    . . . . x . o x . . . . . . .
    . . . . . . . x . . o . . . .
    . . . . . . . o x . . o . . .
    . . . . . . x x o . x . . . .
    . . . . . o . o o x . o . . .
    . . . . . . . x x o . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .";

const PUZZLE_2990: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . o . . .
    . . . . . . . . . . x . . . .
    . . . . . . . . . o . o x . .
    . . . . . . . . o . . . x . .
    . . . . . . . o o x . o . . .
    . . . . . . x o x x . . x . .
    . . . . . o x x . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .";

const SHADOWS_AND_FOG: &str = "
    . x o . o x . x o o o o x o o
    . . . x . . o x x o . . o x x
    o . x . . . . . . . . . x . x
    x . . . o o . . . . . . . o o
    . . x . . . . . . . . . . x o
    o x o o . . . . . . . . . x x
    o x . x . . o . . . . x . . .
    x o o o . . . x . o . . . . o
    o o . . . . . . . . . . . . o
    o . . . . . o x o . . . . . o
    x . . . x . . . . o . . . . x
    . x . x . . . o x . . . . . .
    . . . . . . o . x x . . . . .
    x . . . . . . . . x . . o x .
    . . . x . . x o . . x . . . x";

#[test]
fn renjuportal_3040_black_vcf_in_12() {
    let position = diagram(PUZZLE_3040, Rule::RENJU, Player::First);
    let (outcome, nodes, ms) = solve_vcf(&position, 13);
    let ThreatOutcome::Win(win) = outcome else {
        panic!("no VCF found: {outcome:?}");
    };
    eprintln!("3040: {} plies, {nodes} nodes, {ms:.1} ms", win.plies);
    assert_eq!((win.line.len(), win.plies), (23, 25));
    check_line(&position, &win);
    // One four short of the published length: none.
    assert_eq!(solve_vcf(&position, 12).0, ThreatOutcome::NoWin);
}

#[test]
fn renjuportal_2990_white_vcf_in_5() {
    let position = diagram(PUZZLE_2990, Rule::RENJU, Player::Second);
    let (outcome, nodes, ms) = solve_vcf(&position, 6);
    let ThreatOutcome::Win(win) = outcome else {
        panic!("no VCF found: {outcome:?}");
    };
    eprintln!("2990: {} plies, {nodes} nodes, {ms:.1} ms", win.plies);
    assert_eq!((win.line.len(), win.plies), (9, 11));
    // The published solution is the only one.
    let text: Vec<String> = win.line.iter().map(|p| p.to_string()).collect();
    assert_eq!(text.join(" "), "l13 l11 k12 j11 i12 h12 i13 i14 h14");
    check_line(&position, &win);
    assert_eq!(solve_vcf(&position, 5).0, ThreatOutcome::NoWin);
}

/// The alpha-beta search with the four extension: a four costs one ply (the forced block is
/// free), so a search as deep as the attacker's six moves of 2990 (five fours and the five)
/// proves the win, which the same depth does not see without the extension.
#[test]
fn the_four_extension_proves_2990_at_six_plies() {
    let position = SearchPosition::new(diagram(PUZZLE_2990, Rule::RENJU, Player::Second));
    let search = |extension: bool| {
        let evaluator = GomokuEvaluator::new().with_four_extension(extension);
        Searcher::make_unmake(evaluator).search(&position, &Limits::depth(6))
    };
    let with = search(true);
    assert_eq!(with.proof, Some(Proof::Win), "{with:?}");
    assert!(with.plies_to_end().is_some_and(|n| n <= 11), "{with:?}");
    let without = search(false);
    assert_eq!(without.proof, None, "{without:?}");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a 73-four VCF: run with --profile test-release"
)]
fn shadows_and_fog_73_four_vcf() {
    let position = diagram(SHADOWS_AND_FOG, Rule::RENJU, Player::First);
    let (outcome, nodes, ms) = solve_vcf(&position, 74);
    let ThreatOutcome::Win(win) = outcome else {
        panic!("no VCF found: {outcome:?}");
    };
    eprintln!(
        "shadows and fog: {} plies, {nodes} nodes, {ms:.1} ms",
        win.plies
    );
    assert_eq!((win.line.len(), win.plies), (145, 147));
    check_line(&position, &win);
}

#[test]
fn a_blocked_five_is_no_four_under_caro() {
    // Black b6..e6 between white a6 and g6: f6 makes a five under standard; under Caro it
    // is blocked at both ends and wins nothing, and black has no other four. (Nine stones:
    // fewer would meet the position's "no five below nine stones" shortcut, wrong for
    // setups.)
    let text = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        o x x x x . o . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        x . . o . . . o .";
    let standard = diagram(text, Rule::STANDARD, Player::First);
    let ThreatOutcome::Win(win) = solve_vcf(&standard, 3).0 else {
        panic!("a five to make under standard");
    };
    assert_eq!((win.plies, win.first_move().to_string()), (1, "f6".into()));
    let caro = diagram(text, Rule::CARO, Player::First);
    assert_eq!(solve_vcf(&caro, 3).0, ThreatOutcome::NoWin);
}

#[test]
fn an_overline_is_no_five_under_exact_five() {
    // b6 c6 . e6 f6 g6: d6 makes six in a row. Freestyle: a five. Standard: none, and no
    // four on that row either (every completion is an overline).
    let text = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . x x . x x x . .
        . . . . . . . . .
        . . . . . . . . .
        o o . o . . . . .
        . . . . . . . . .
        o . . . . . . . .";
    let free = diagram(text, Rule::FREESTYLE, Player::First);
    let ThreatOutcome::Win(win) = solve_vcf(&free, 1).0 else {
        panic!("a five under freestyle")
    };
    assert_eq!(win.first_move().to_string(), "d6");
    let standard = diagram(text, Rule::STANDARD, Player::First);
    let (outcome, _, _) = solve_vcf(&standard, 3);
    if let ThreatOutcome::Win(win) = &outcome {
        assert_ne!(win.line[win.line.len() - 1].to_string(), "d6");
        check_line(&standard, win);
    }
    assert!(
        !matches!(&outcome, ThreatOutcome::Win(w) if w.plies == 1),
        "{outcome:?}"
    );
}

/// Black b5 c5 d5 and e6 e7 e8 (e5 would be a double four, forbidden in renju: e9 is
/// white's, so black has no straight four there); white c3 d4 f6 on the diagonal through
/// e5, blocked by black at b2.
const FORBIDDEN_BLOCK: &str = "
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . o . . . . . .
    . . . . x . . . . . .
    . . . . x . . . . . .
    . . . . x o . . . . .
    . x x x . . . . . . .
    . . . o . . . . . . .
    . . o . . . . . . . .
    . x . . . . . . . . .
    . . . . . . . . . . .";

#[test]
fn a_forbidden_point_is_no_defence() {
    // White makes a four (g7) whose only block, e5, is forbidden to black: a win in 3 plies
    // under renju; under standard black blocks and white has nothing more.
    let renju = diagram(FORBIDDEN_BLOCK, Rule::RENJU, Player::Second);
    let e5: Point = "e5".parse().unwrap();
    assert!(renju.forbidden(Player::First, e5).is_some());
    let (outcome, _, _) = solve_vcf(&renju, 3);
    let ThreatOutcome::Win(win) = outcome else {
        panic!("white wins: {outcome:?}")
    };
    assert_eq!(win.plies, 3);
    check_line(&renju, &win);
    let standard = diagram(FORBIDDEN_BLOCK, Rule::STANDARD, Player::Second);
    assert_eq!(solve_vcf(&standard, 6).0, ThreatOutcome::NoWin);
}

#[test]
fn a_forbidden_point_is_no_attack() {
    // Black to move: e5 is a double four. Under standard it wins at once (3 plies); under
    // renju it may not be played, and the other fours (a5, f5, e4) are all answered at e5.
    let e5: Point = "e5".parse().unwrap();
    let standard = diagram(FORBIDDEN_BLOCK, Rule::STANDARD, Player::First);
    let ThreatOutcome::Win(win) = solve_vcf(&standard, 2).0 else {
        panic!("double four under standard")
    };
    assert_eq!((win.first_move(), win.plies), (e5, 3));
    let renju = diagram(FORBIDDEN_BLOCK, Rule::RENJU, Player::First);
    assert_eq!(solve_vcf(&renju, 4).0, ThreatOutcome::NoWin);
}

#[test]
fn vct_finds_a_double_three_and_its_line_holds() {
    let text = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . x . . . . .
        . . . . . x . . . . .
        . . . . . . . . . . .
        . . . x x . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        o . o . . . . . . o o";
    let position = diagram(text, Rule::FREESTYLE, Player::First);
    assert_eq!(solve_vcf(&position, 10).0, ThreatOutcome::NoWin);
    let limits = ThreatLimits::default().with_max_moves(2);
    for (solver, search) in SOLVERS {
        let result = search(&position, &limits);
        eprintln!(
            "vct double three, {solver}: {:?}, {} nodes, {:.1} ms",
            result.win().map(|w| w.plies),
            result.nodes,
            result.elapsed.as_secs_f64() * 1e3
        );
        let win = result.win().expect("a VCT");
        assert_eq!(win.first_move().to_string(), "f5", "{solver}");
        check_line(&position, win);
    }
    // With a white four to make, white answers the threes with it: the VCT must survive
    // the counter-four or not be claimed. Here white's counter-four breaks nothing, and the
    // claimed line still replays.
    let counter = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . x . . . . .
        . . . . . x . . . . .
        . . . . . . . . . . .
        . . . x x . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        o o o . . . . . . . o";
    let position = diagram(counter, Rule::FREESTYLE, Player::First);
    for (_, search) in SOLVERS {
        if let Some(win) = search(&position, &limits).win() {
            check_line(&position, win);
        }
    }
}

/// The fewest plies to a five for the side to move playing only moves after which it has a
/// winning point (the defender may play anything), within `moves` attacker moves; by trying
/// every move, judged by the rules alone.
fn brute(position: &Position, moves: u32) -> Option<u32> {
    let attacker = position.side_to_move();
    let mut legal = MoveList::new();
    position.legal_moves(&mut legal);
    let after = |mv: Point| {
        let mut next = *position;
        next.play(mv).unwrap();
        next
    };
    if legal
        .iter()
        .any(|&m| after(m).status() == Status::Won(attacker))
    {
        return Some(1);
    }
    if moves < 2 {
        return None;
    }
    let mut best: Option<u32> = None;
    for &m in legal.iter() {
        let next = after(m);
        if next.status().is_over() || !has_winning_point(&next, attacker) {
            continue;
        }
        let mut replies = MoveList::new();
        next.legal_moves(&mut replies);
        let mut worst = Some(0);
        for &r in replies.iter() {
            let mut reply = next;
            reply.play(r).unwrap();
            let sub = if reply.status().is_over() {
                None
            } else {
                brute(&reply, moves - 1)
            };
            worst = match (worst, sub) {
                (Some(w), Some(s)) => Some(w.max(s + 2)),
                _ => None,
            };
            if worst.is_none() {
                break;
            }
        }
        if replies.is_empty() {
            worst = None;
        }
        if let Some(w) = worst {
            best = Some(best.map_or(w, |b| b.min(w)));
        }
    }
    best
}

/// `true` when `colour`, were it to move in `position`, could win at once.
fn has_winning_point(position: &Position, colour: Player) -> bool {
    let mut setup = Setup::from(position);
    setup.to_move = colour;
    let Ok(again) = setup.validate() else {
        return false;
    };
    let mut legal = MoveList::new();
    again.legal_moves(&mut legal);
    legal.iter().any(|&m| {
        let mut next = again;
        next.play(m).is_ok() && next.status() == Status::Won(colour)
    })
}

/// `plies` random moves on the middle of a `size` board, stopped before the game ends.
fn random_position(size: u32, rule: Rule, plies: usize, seed: u64) -> Position {
    let mut position = Position::new(size, rule).unwrap();
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        let p = Point::new(1 + rng.below(size - 2) as u8, 1 + rng.below(size - 2) as u8).unwrap();
        let mut next = position;
        if next.play(p).is_err() {
            continue;
        }
        if next.status().is_over() {
            break;
        }
        position = next;
    }
    position
}

/// For each of the six rules, `count` random positions on a `size` board (the game still
/// going) with their rule and seed: `plies.0` plus the seed modulo `plies.1` random moves,
/// drawn from the seed times `stride` plus the rule's place in the list.
fn random_positions(
    size: u32,
    count: u64,
    plies: (usize, usize),
    stride: u64,
) -> Vec<(Rule, u64, Position)> {
    let rules = [
        Rule::FREESTYLE,
        Rule::STANDARD,
        Rule::RENJU,
        Rule::CARO,
        Rule::CARO5,
        Rule::CARO6,
    ];
    let mut positions = Vec::new();
    for (i, rule) in rules.into_iter().enumerate() {
        for seed in 0..count {
            let moves = plies.0 + seed as usize % plies.1;
            let position = random_position(size, rule, moves, seed * stride + i as u64);
            if !position.status().is_over() {
                positions.push((rule, seed, position));
            }
        }
    }
    positions
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "brute force: run with --profile test-release"
)]
fn vcf_mate_distance_equals_brute_force_on_small_boards() {
    let mut wins = 0;
    for (rule, seed, position) in random_positions(7, 12, (16, 8), 31) {
        let expected = brute(&position, 3);
        let found = match solve_vcf(&position, 3).0 {
            ThreatOutcome::Win(win) => {
                check_line(&position, &win);
                Some(win.plies)
            }
            ThreatOutcome::NoWin => None,
            ThreatOutcome::Unknown => panic!("budget"),
        };
        assert_eq!(found, expected, "{rule:?} seed {seed}\n{position}");
        wins += usize::from(found.is_some());
    }
    // The sample has wins to compare, not only empty answers.
    assert!(wins >= 5, "{wins}");
}

/// `true` when the VCT's win in `position` holds against every defence: its first move is
/// played, then every legal reply, and the solver must find a win again after each (within
/// `depth` more attacker moves), down to the five. A defence the solver leaves out that does
/// defend shows up as a reply after which no win is found.
fn vct_win_holds(position: &Position, depth: u32, limits: &ThreatLimits, search: Solver) -> bool {
    let attacker = position.side_to_move();
    let Some(win) = search(position, limits).win().cloned() else {
        return false;
    };
    let mut next = *position;
    if next.play(win.first_move()).is_err() {
        return false;
    }
    if next.status() == Status::Won(attacker) {
        return true;
    }
    if depth == 0 || next.status().is_over() {
        return false;
    }
    let mut replies = MoveList::new();
    next.legal_moves(&mut replies);
    !replies.is_empty()
        && replies.iter().all(|&r| {
            let mut reply = next;
            reply.play(r).is_ok()
                && !reply.status().is_over()
                && vct_win_holds(&reply, depth - 1, limits, search)
        })
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "every defence tried: run with --profile test-release"
)]
fn vct_wins_hold_against_every_defence_on_small_boards() {
    let limits = ThreatLimits::default()
        .with_max_moves(2)
        .with_nodes(200_000);
    for (solver, search) in SOLVERS {
        let (mut wins, mut threes) = (0, 0);
        for (rule, seed, position) in random_positions(9, 40, (10, 10), 37) {
            let Some(win) = search(&position, &limits).win().cloned() else {
                continue;
            };
            check_line(&position, &win);
            assert!(
                vct_win_holds(&position, win.plies / 2 + 2, &limits, search),
                "{solver}: {rule:?} seed {seed}\n{position}"
            );
            wins += 1;
            // The wins that need a three (no VCF of the same bound), where the solver
            // chooses the defences to search.
            threes += usize::from(solve_vcf(&position, 10).0 == ThreatOutcome::NoWin);
        }
        eprintln!("{solver}: {wins} VCT wins checked, {threes} of them through threes");
        assert!(
            wins >= 20 && threes >= 5,
            "{solver}: {wins} wins, {threes} through threes"
        );
    }
}

/// Hiroshi Okabe, "5-moves-to-win problems" (renju): No. 02 (black wins), No. 63 (white
/// wins through black's counter-fours) and No. 68 (black wins past a forbidden point), with
/// the published solutions' first moves (each problem has one). The solver's plies count the
/// defender's delaying fours too, which the problems' "5 moves" do not, so only the first move
/// and the line are checked. Found, like the VCF puzzles above, through
/// `renju-note/quintet`'s tests (`src/mate/vct.rs`).
const OKABE_02: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . o . . . . . .
    . . . . . . . x . . . . . . .
    . . . . . . . x o x . . . . .
    . . . . . . o x . o . . . . .
    . . . . . . . o x . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .";

const OKABE_63: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . x . . . . .
    . . . . . . . x o . . . . . .
    . . . o o x . o x . . . . . .
    . . . . . x . x x o . . . . .
    . . . . . . . x o . . . . . .
    . . . . . . o . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .";

const OKABE_68: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . o . . . . . .
    . . . . . . . . o . . . . . .
    . . . . . . . x . . . . . . .
    . . . . . . . o . . . . . . .
    . . . . . . . x o x . . . . .
    . . . . . . x o x . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .";

#[test]
fn okabe_five_moves_to_win_vct_puzzles() {
    for (name, text, to_move, first) in [
        ("No. 02", OKABE_02, Player::First, "f10"),
        ("No. 63", OKABE_63, Player::Second, "f7"),
        ("No. 68", OKABE_68, Player::First, "j8"),
    ] {
        let position = diagram(text, Rule::RENJU, to_move);
        assert_eq!(
            solve_vcf(&position, 10).0,
            ThreatOutcome::NoWin,
            "{name}: no VCF"
        );
        let limits = ThreatLimits::default()
            .with_nodes(2_000_000)
            .with_max_moves(4);
        for (solver, search) in SOLVERS {
            let result = search(&position, &limits);
            eprintln!(
                "{name}, {solver}: {:?}, {} nodes, {:.1} ms",
                result.win().map(|w| (w.first_move(), w.plies)),
                result.nodes,
                result.elapsed.as_secs_f64() * 1e3
            );
            let win = result
                .win()
                .unwrap_or_else(|| panic!("{name}, {solver}: {:?}", result.outcome));
            assert_eq!(win.first_move().to_string(), first, "{name}, {solver}");
            check_line(&position, win);
        }
    }
}

/// A VCT search: [`vct`] or [`vct_proof_numbers`].
type Solver = fn(&Position, &ThreatLimits) -> ThreatResult;

/// The two VCT searches: depth first and by proof numbers.
const SOLVERS: [(&str, Solver); 2] = [("depth first", vct), ("proof numbers", vct_proof_numbers)];

/// The VCT by proof numbers searches the same threats and defences as the depth-first VCT,
/// in another order: on random positions of every rule, within the same threat bound, both
/// find a win or both prove there is none, and every line found replays.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "hundreds of threat searches: run with --profile test-release"
)]
fn proof_number_vct_agrees_with_the_depth_first_vct() {
    let (mut wins, mut nowins) = (0, 0);
    for threats in [1, 3] {
        let limits = ThreatLimits::default()
            .with_max_moves(threats)
            .with_nodes(2_000_000);
        for (rule, seed, position) in random_positions(11, 30, (12, 14), 41) {
            let depth_first = vct(&position, &limits).outcome;
            let by_numbers = vct_proof_numbers(&position, &limits).outcome;
            let context = format!("{rule:?} seed {seed} threats {threats}\n{position}");
            match (&depth_first, &by_numbers) {
                (ThreatOutcome::Win(_), ThreatOutcome::Win(win)) => {
                    check_line(&position, win);
                    wins += 1;
                }
                (ThreatOutcome::NoWin, ThreatOutcome::NoWin) => nowins += 1,
                _ => panic!("{depth_first:?} against {by_numbers:?}: {context}"),
            }
        }
    }
    assert!(wins >= 50 && nowins >= 50, "{wins} wins, {nowins} without");
}

/// Each VCT search stops at its node bound, at a raised stop flag and at its time limit,
/// and then reports `Unknown`, never a win it has not proved.
#[test]
fn vct_searches_stop_at_their_limits() {
    let position = diagram(OKABE_68, Rule::RENJU, Player::First);
    let stopped = Arc::new(AtomicBool::new(true));
    for (solver, search) in SOLVERS {
        let few = ThreatLimits::default().with_max_moves(4).with_nodes(30);
        let result = search(&position, &few);
        assert_eq!(result.outcome, ThreatOutcome::Unknown, "{solver}: nodes");
        assert!(result.nodes <= 31, "{solver}: {} nodes", result.nodes);
        let flag = ThreatLimits::default()
            .with_max_moves(4)
            .with_stop_flag(stopped.clone());
        let result = search(&position, &flag);
        assert_eq!(result.outcome, ThreatOutcome::Unknown, "{solver}: flag");
        assert!(result.nodes <= 1, "{solver}: {} nodes", result.nodes);
        let no_time = ThreatLimits::default()
            .with_max_moves(4)
            .with_time(Duration::ZERO);
        assert_eq!(
            search(&position, &no_time).outcome,
            ThreatOutcome::Unknown,
            "{solver}: time"
        );
    }
}
