//! The board-core conformance harness on 11x11, 15x15 and 20x20, the size bound of the
//! position, undo, and perft against a naive count.

use super::{pt, setup};
use crate::actions::{point_on, square};
use crate::{Point, Position, Rule, UndoError};
use boardgames_core::actions::Symmetries;
use boardgames_core::harness::{
    check_actions, check_conformance, ActionConformance, Conformance, HarnessConfig,
};
use boardgames_core::{perft, Game, MoveList, Player, Rng, Status};

impl Conformance for Position {
    /// Every point of the 20x20 board: on smaller boards the rest is off the board.
    fn probe_moves(&self) -> Vec<Point> {
        (0..crate::point::MAX_POINTS)
            .filter_map(Point::from_index)
            .collect()
    }

    fn text_round_trip(&self) -> Option<Result<Self, String>> {
        Some(
            self.to_string()
                .parse()
                .map_err(|e: crate::ParsePositionError| e.to_string()),
        )
    }

    fn unplay(&mut self, mv: Point) -> bool {
        self.undo(mv).is_ok()
    }
}

impl ActionConformance for Position {
    /// The position with every stone moved by the symmetry.
    fn symmetric_image(&self, symmetry: usize) -> Option<Position> {
        let mut setup = crate::Setup::from(self);
        for stones in [&mut setup.stones.first, &mut setup.stones.second] {
            let mut image = crate::PointSet::EMPTY;
            let n = usize::from(self.size());
            for point in stones.iter() {
                let id = self.map_action(symmetry, square(point, n)).ok()?;
                image.insert(point_on(id, n)?);
            }
            *stones = image;
        }
        Some(
            setup
                .validate()
                .expect("a symmetric image is a valid position"),
        )
    }
}

/// The action harness on a `size` x `size` board under `rule`.
fn action_harness(size: u32, rule: Rule, cases: u32, probe_every: usize) {
    let config = HarnessConfig {
        cases,
        max_plies: 400,
        probe_every,
    };
    check_actions(&Position::new(size, rule).unwrap(), &config);
}

#[test]
fn actions_on_every_rule() {
    action_harness(7, Rule::CARO, 24, 3);
    action_harness(15, Rule::FREESTYLE, 8, 13);
    action_harness(20, Rule::CARO5, 4, 29);
    action_harness(9, Rule::RENJU, 8, 5);
    action_harness(15, Rule::RENJU, 2, 23);
}

fn harness(size: u32, rule: Rule, cases: u32, probe_every: usize) {
    check_conformance(
        &Position::new(size, rule).unwrap(),
        &HarnessConfig {
            cases,
            max_plies: 400,
            probe_every,
        },
    );
}

#[test]
fn conformance_11x11_caro() {
    harness(11, Rule::CARO, 24, 5);
}

#[test]
fn conformance_15x15_freestyle_and_standard() {
    harness(15, Rule::FREESTYLE, 12, 9);
    harness(15, Rule::STANDARD, 12, 9);
}

#[test]
fn conformance_20x20_caro5_and_caro6() {
    harness(20, Rule::CARO5, 6, 17);
    harness(20, Rule::CARO6, 6, 17);
}

#[test]
fn conformance_15x15_renju() {
    harness(15, Rule::RENJU, 2, 25);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
fn conformance_every_rule_and_size_heavy() {
    for size in [5, 11, 15, 20] {
        for (_, rule) in &Rule::NAMED[..5] {
            harness(size, *rule, 24, 3);
        }
    }
    for size in [7, 15] {
        harness(size, Rule::RENJU, 12, 5);
    }
}

#[test]
fn the_rules_position_is_at_most_256_bytes() {
    assert!(
        core::mem::size_of::<Position>() <= 256,
        "{} bytes",
        core::mem::size_of::<Position>()
    );
}

#[test]
fn sizes_and_rules_outside_the_range_are_refused() {
    assert!(Position::new(4, Rule::CARO).is_err());
    assert!(Position::new(21, Rule::CARO).is_err());
    let err = Position::new(3, Rule::RENJU).unwrap_err();
    assert_eq!(
        err.to_string(),
        "board size 3 is not supported: sizes run from 5 to 20"
    );
    for size in 5..=20 {
        let game = Position::new(size, Rule::FREESTYLE).unwrap();
        assert_eq!(game.legal_move_count(), (size * size) as usize);
    }
    assert_eq!(Position::default().size(), 15);
    assert_eq!(Position::default().rule(), Rule::CARO);
}

#[test]
fn undo_restores_the_position_and_checks_the_point() {
    let mut game = setup(
        9,
        Rule::CARO,
        &["e5", "f5", "g5", "h5"],
        &["e6", "f6", "g6", "a1"],
    );
    let before = game;
    game.play(pt("d5")).unwrap();
    assert_eq!(game.status(), Status::Won(Player::First));
    // Neither a white stone nor a black stone off the winning line can be the last move.
    assert_eq!(
        game.undo(pt("e6")),
        Err(UndoError::NotLastMover {
            point: pt("e6"),
            last_mover: Player::First
        })
    );
    let mut other = game;
    other.with_extra_black_stone(pt("b2"));
    assert!(matches!(
        other.undo(pt("b2")),
        Err(UndoError::NotTheWinningMove { .. })
    ));
    assert!(game.undo(pt("a9")).is_err());
    let unchanged = game;
    assert!(game.undo(pt("t20")).is_err());
    assert_eq!(game, unchanged);
    game.undo(pt("d5")).unwrap();
    assert_eq!(game, before);
    assert_eq!(game.zobrist(), game.zobrist_from_scratch());
}

impl Position {
    /// Test helper: the position with a black stone added at `point` (and a white one at a9),
    /// built through the validated setup.
    fn with_extra_black_stone(&mut self, point: Point) {
        let mut black = *self.stones(Player::First);
        let mut white = *self.stones(Player::Second);
        black.insert(point);
        white.insert(pt("a9"));
        *self = super::played(self.size() as u32, self.rule(), black, white);
    }
}

/// A plain game for perft: a vector of cells and a whole-board scan for fives.
#[derive(Clone)]
struct Naive {
    size: usize,
    cells: Vec<Option<Player>>,
    to_move: Player,
    rule: Rule,
}

impl Naive {
    fn from(pos: &Position) -> Naive {
        let size = pos.size() as usize;
        let cells = (0..size * size)
            .map(|i| pos.stone_at(Point::new((i % size) as u8, (i / size) as u8).unwrap()))
            .collect();
        Naive {
            size,
            cells,
            to_move: pos.side_to_move(),
            rule: pos.rule(),
        }
    }

    fn won(&self, colour: Player) -> bool {
        use crate::rule::End;
        let n = self.size as i32;
        let at = |c: i32, r: i32| -> Option<Option<Player>> {
            (c >= 0 && r >= 0 && c < n && r < n).then(|| self.cells[(r * n + c) as usize])
        };
        let end = |c: i32, r: i32| match at(c, r) {
            None => End::Edge,
            Some(Some(p)) if p != colour => End::Stone,
            _ => End::Empty,
        };
        for r in 0..n {
            for c in 0..n {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    // Only from the first stone of a run.
                    if at(c, r) != Some(Some(colour)) || at(c - dc, r - dr) == Some(Some(colour)) {
                        continue;
                    }
                    let mut len = 0;
                    while at(c + dc * len, r + dr * len) == Some(Some(colour)) {
                        len += 1;
                    }
                    let lo = end(c - dc, r - dr);
                    let hi = end(c + dc * len, r + dr * len);
                    if self.rule.run_wins(colour, len as u32, lo, hi) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.won(Player::First) || self.won(Player::Second) {
            return 0;
        }
        let mut total = 0;
        for i in 0..self.cells.len() {
            if self.cells[i].is_none() {
                let mut next = self.clone();
                next.cells[i] = Some(self.to_move);
                next.to_move = self.to_move.opponent();
                total += next.perft(depth - 1);
            }
        }
        total
    }
}

#[test]
fn perft_of_the_empty_board_counts_arrangements() {
    // No five is possible before the ninth stone.
    let game = Position::new(15, Rule::CARO).unwrap();
    assert_eq!(perft(&game, 1), 225);
    assert_eq!(perft(&game, 2), 225 * 224);
    assert_eq!(perft(&game, 3), 225 * 224 * 223);
    let small = Position::new(5, Rule::FREESTYLE).unwrap();
    assert_eq!(perft(&small, 4), 25 * 24 * 23 * 22);
}

#[test]
fn perft_agrees_with_a_naive_game_near_the_end() {
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for round in 0..40 {
        let rule = Rule::NAMED[round % 5].1;
        let mut game = Position::new(5 + (round % 3) as u32, rule).unwrap();
        let empties_left = 6;
        while game.legal_move_count() > empties_left {
            let mv = game.random_move(&mut rng).unwrap();
            game.play(mv).unwrap();
        }
        if game.status().is_over() {
            continue;
        }
        let naive = Naive::from(&game);
        for depth in 1..=empties_left as u32 {
            assert_eq!(
                perft(&game, depth),
                naive.perft(depth),
                "depth {depth}\n{game}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} positions checked");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
fn perft_4_on_15x15_and_to_the_end_on_5x5_heavy() {
    let game = Position::new(15, Rule::FREESTYLE).unwrap();
    assert_eq!(perft(&game, 4), 225 * 224 * 223 * 222);
    let mut rng = Rng::new(5);
    for rule in [Rule::CARO, Rule::FREESTYLE, Rule::STANDARD] {
        let mut game = Position::new(5, rule).unwrap();
        while game.legal_move_count() > 9 {
            let mv = game.random_move(&mut rng).unwrap();
            game.play(mv).unwrap();
        }
        if !game.status().is_over() {
            assert_eq!(perft(&game, 9), Naive::from(&game).perft(9), "{game}");
        }
    }
}

#[test]
fn legal_moves_are_listed_in_index_order() {
    let game = setup(5, Rule::CARO, &["c3"], &[]);
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    assert!(moves.windows(2).all(|w| w[0].index() < w[1].index()));
    assert_eq!(moves[0], pt("a1"));
}
