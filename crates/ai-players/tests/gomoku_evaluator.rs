//! The gomoku evaluation: the weights each rule gets, the score of a position no rule of the
//! evaluator decides (the side to move's terms weighed for the side to move, minus the
//! opponent's weighed for the side that waits), and what the weights make of named positions.

use boardgames_core::{Game, MoveList, Player, Rng};
use boardgames_gomoku::{Point, Position, Rule};
use boardgames_players::gomoku::{
    Class, ClassValues, EvalWeights, GomokuEvaluator, SearchPosition,
};
use boardgames_search::{Evaluator, Proven, Score};

fn dot(weights: &[Score], terms: [u16; 10]) -> Score {
    weights
        .iter()
        .zip(terms)
        .map(|(w, t)| w * Score::from(t))
        .sum()
}

/// Positions of `rule` along random games among the evaluator's own moves.
fn positions(rule: Rule, seed: u64) -> Vec<SearchPosition> {
    let evaluator = GomokuEvaluator::new();
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    for _ in 0..20 {
        let mut position = SearchPosition::new(Position::new(15, rule).unwrap());
        let mut moves = MoveList::new();
        for _ in 0..30 {
            if position.status().is_over() {
                break;
            }
            evaluator.search_moves(&position, &mut moves);
            let mv = moves[rng.below(moves.len() as u32) as usize];
            position.play(mv).unwrap();
            found.push(position.clone());
        }
    }
    found
}

#[test]
fn each_rule_gets_its_weights() {
    assert_eq!(
        EvalWeights::for_rule(&Rule::FREESTYLE),
        &EvalWeights::FREESTYLE
    );
    for rule in [Rule::STANDARD, Rule::RENJU] {
        assert_eq!(EvalWeights::for_rule(&rule), &EvalWeights::FITTED);
    }
    for rule in [Rule::CARO, Rule::CARO5, Rule::CARO6] {
        assert_eq!(EvalWeights::for_rule(&rule), &EvalWeights::HAND_SET);
    }
    let evaluator = GomokuEvaluator::new();
    assert_eq!(evaluator.weights(&Rule::CARO), &EvalWeights::HAND_SET);
    let custom = EvalWeights {
        to_move: [1; 10],
        waiting: [2; 10],
    };
    let evaluator = evaluator.with_weights(custom);
    assert_eq!(evaluator.weights(&Rule::CARO), &custom);
    assert_eq!(evaluator.weights(&Rule::STANDARD), &custom);
}

#[test]
fn an_undecided_score_weighs_the_terms_of_both_sides() {
    let custom = EvalWeights {
        to_move: [3, 5, 7, 11, 13, 17, 19, 23, 29, 31],
        waiting: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20],
    };
    let mut checked = 0;
    for (i, rule) in [Rule::FREESTYLE, Rule::RENJU, Rule::CARO]
        .into_iter()
        .enumerate()
    {
        for position in positions(rule, i as u64) {
            if !GomokuEvaluator::is_quiet(&position) {
                continue;
            }
            let me = position.side_to_move();
            let opp = me.opponent();
            for evaluator in [
                GomokuEvaluator::new(),
                GomokuEvaluator::new().with_weights(custom),
            ] {
                let weights = evaluator.weights(&rule);
                let want = dot(&weights.to_move, position.terms(me))
                    - dot(&weights.waiting, position.terms(opp));
                assert_eq!(evaluator.evaluate(&position), want, "\n{position}");
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} positions");
}

/// With point class values the score of every position (decided ones included) is the
/// terms' score when the classes hold the terms' values, and an undecided one is the side to
/// move's to-move sum minus the opponent's waiting sum; set weights turn the classes off.
#[test]
fn point_classes_score_as_their_values_say() {
    let terms = Box::leak(Box::new(ClassValues::from_weights(&EvalWeights::FITTED)));
    let mut fitted = ClassValues::from_weights(&EvalWeights::FITTED);
    // Another value for the class of a lone open three: the score moves with it.
    let three = (0..330)
        .find(|&c| boardgames_players::gomoku::class_name(c) == "o3 - - -")
        .unwrap();
    for group in 0..boardgames_players::gomoku::NEAR_GROUPS {
        fitted.set_value(three, group, [500, -7 + group as i32]);
    }
    let fitted: &'static ClassValues = Box::leak(Box::new(fitted));
    let (mut checked, mut moved) = (0, 0);
    for (i, rule) in [Rule::STANDARD, Rule::RENJU].into_iter().enumerate() {
        for position in positions(rule, 10 + i as u64) {
            let evaluator = GomokuEvaluator::new().with_weights(EvalWeights::FITTED);
            let with_terms = position.clone().with_class_values(terms);
            let plain = evaluator.evaluate(&position);
            assert_eq!(GomokuEvaluator::new().evaluate(&with_terms), plain);
            let with_fitted = position.clone().with_class_values(fitted);
            assert_eq!(evaluator.evaluate(&with_fitted), plain);
            if GomokuEvaluator::is_quiet(&position) {
                let me = position.side_to_move();
                let (mine, theirs) = (
                    with_fitted.class_sums(me).unwrap(),
                    with_fitted.class_sums(me.opponent()).unwrap(),
                );
                let score = GomokuEvaluator::new().evaluate(&with_fitted);
                assert_eq!(score, mine[0] - theirs[1], "\n{position}");
                moved += usize::from(score != plain);
                checked += 1;
            }
        }
    }
    assert!(
        checked > 200 && moved > 20,
        "{checked} positions, {moved} changed"
    );
}

#[test]
fn the_side_to_move_is_worth_more_than_the_same_shapes_waiting() {
    // Two open twos, one each, far apart (and with white to move, a lone black stone in a
    // corner, which makes no shape): the same terms for both sides.
    let diagram = |to_move: &str| {
        let corner = if to_move == "white" { 'X' } else { '.' };
        format!(
            "freestyle, {to_move} to move
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . X X . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . O O . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . {corner}"
        )
    };
    for weights in [
        EvalWeights::FREESTYLE,
        EvalWeights::FITTED,
        EvalWeights::HAND_SET,
    ] {
        let evaluator = GomokuEvaluator::new().with_weights(weights);
        for to_move in ["black", "white"] {
            let position: Position = diagram(to_move).parse().unwrap();
            let tracked = SearchPosition::new(position);
            assert_eq!(tracked.terms(Player::First), tracked.terms(Player::Second));
            // The move is worth something: whoever has it leads.
            assert!(evaluator.evaluate(&tracked) > 0, "{to_move}");
        }
    }
    // The fitted weights value the tempo more than the hand-set ones did.
    let position: Position = diagram("black").parse().unwrap();
    let tracked = SearchPosition::new(position);
    let score = |w| GomokuEvaluator::new().with_weights(w).evaluate(&tracked);
    assert!(score(EvalWeights::FITTED) > score(EvalWeights::HAND_SET));
}

#[test]
fn quiet_positions_are_the_ones_the_weights_score() {
    let evaluator = GomokuEvaluator::new();
    let quiet_score = |position: &SearchPosition| {
        let me = position.side_to_move();
        let weights = evaluator.weights(&position.position().rule());
        dot(&weights.to_move, position.terms(me))
            - dot(&weights.waiting, position.terms(me.opponent()))
    };
    // Black to move with an open three: an open four to make, decided by the rules.
    let three: Position = "freestyle, black to move
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X X X . . .
        . . . . . . . . .
        . . . . O . . . .
        . . . . O . . . .
        . . . . . . O . ."
        .parse()
        .unwrap();
    let tracked = SearchPosition::new(three);
    assert!(!GomokuEvaluator::is_quiet(&tracked));
    assert!(evaluator.evaluate(&tracked) >= boardgames_players::gomoku::WIN_SOON / 2);
    // White to move against it: quiet for the weights (white must answer, but no rule of
    // the evaluator decides it), and scored by them.
    let mut after = three;
    after.play("a9".parse().unwrap()).unwrap();
    let tracked = SearchPosition::new(after);
    assert!(GomokuEvaluator::is_quiet(&tracked));
    assert_eq!(evaluator.evaluate(&tracked), quiet_score(&tracked));
    assert!(evaluator.evaluate(&tracked) < 0);
}

#[test]
fn the_held_back_moves_are_the_near_points_the_width_left_out() {
    // With four quiet moves searched, the moves held back (what a selective search tries
    // where the four all lose) are every other near point the side to move may play, once
    // each, after the listed ones; none where the replies are forced.
    let evaluator = GomokuEvaluator::new().with_width(4);
    let mut widened = 0;
    for (i, rule) in [Rule::FREESTYLE, Rule::RENJU, Rule::CARO]
        .into_iter()
        .enumerate()
    {
        for position in positions(rule, 10 + i as u64) {
            if position.status().is_over() {
                continue;
            }
            let mut moves = MoveList::new();
            evaluator.search_moves(&position, &mut moves);
            let listed = moves.clone();
            evaluator.held_back_moves(&position, &mut moves);
            assert_eq!(moves[..listed.len()], listed[..]);
            let held_back = &moves[listed.len()..];
            if held_back.is_empty() {
                continue;
            }
            widened += 1;
            assert_eq!(listed.len(), 4, "a quiet node cut to four moves");
            let me = position.side_to_move();
            let playable: Vec<_> = position
                .near()
                .iter()
                .filter(|&p| !listed.contains(&p))
                .filter(|&p| position.position().forbidden(me, p).is_none())
                .collect();
            assert_eq!(held_back, &playable[..], "\n{}", position.position());
        }
    }
    assert!(widened > 100, "only {widened} positions held moves back");
}

/// The moves after which the opponent, to move, has no point making a straight four or two
/// fours: every legal near point, played and looked at.
fn stops_by_trial(position: &SearchPosition) -> Vec<Point> {
    let opponent = position.side_to_move().opponent();
    position
        .near()
        .iter()
        .filter(|&p| position.position().is_legal(p))
        .filter(|&p| {
            let mut after = position.clone();
            after.play(p).unwrap();
            after.count(opponent, Class::OpenFour) == 0
        })
        .collect()
}

/// The answers the search should get against an open three: with `stops`, the side to
/// move's fours and the stops; with none (lost unless a four of its own turns the game), the
/// points where either colour makes a four.
fn wanted_answers(position: &SearchPosition, stops: &[Point]) -> Vec<Point> {
    let me = position.side_to_move();
    let four = |colour: Player, p| position.cell(colour, p).classes() & Class::Four.bit() != 0;
    let lost = stops.is_empty();
    let mut wanted: Vec<_> = position
        .near()
        .iter()
        .filter(|&p| four(me, p) || (lost && four(me.opponent(), p)))
        .filter(|&p| position.position().is_legal(p))
        .chain(stops.iter().copied())
        .collect();
    wanted.sort_unstable_by_key(|p| p.index());
    wanted.dedup();
    wanted
}

/// Plays `games` games a rule from h8, each of up to 40 random legal near moves drawn from
/// `seed`, and shows `visit` every position before its move while the game goes on.
fn random_games(
    rules: &[Rule],
    games: usize,
    seed: u64,
    mut visit: impl FnMut(Rule, &SearchPosition),
) {
    let mut rng = Rng::new(seed);
    for &rule in rules {
        for _ in 0..games {
            let mut position = SearchPosition::new(Position::new(15, rule).unwrap());
            position.play(position.parse_move("h8").unwrap()).unwrap();
            for _ in 0..40 {
                if position.status().is_over() {
                    break;
                }
                visit(rule, &position);
                let near: Vec<_> = position.near().iter().collect();
                let mv = near[rng.below(near.len() as u32) as usize];
                if position.position().is_legal(mv) {
                    position.play(mv).unwrap();
                }
            }
        }
    }
}

#[test]
fn the_answers_to_an_open_three_are_the_stops_and_the_own_fours() {
    // Against an open three (or a point of two fours) and no five, the moves searched are
    // the side to move's fours and the points after which the opponent has no straight four
    // or two fours to make, tried one by one here; where no point does, the fours of both
    // colours. Under renju a white stone can also free a black point that was forbidden,
    // which the search's shapes do not foresee: there the answers may hold a few more
    // points, never fewer.
    let evaluator = GomokuEvaluator::new();
    let (mut stopped, mut lost) = (0, 0);
    let rules = [Rule::FREESTYLE, Rule::STANDARD, Rule::RENJU, Rule::CARO];
    random_games(&rules, 150, 77, |rule, position| {
        let me = position.side_to_move();
        let (opp, n) = (me.opponent(), |c, k| position.count(c, k));
        let renju_black = rule == Rule::RENJU && opp == Player::First;
        if n(opp, Class::OpenFour) > 0 && n(opp, Class::Five) + n(me, Class::Five) == 0 {
            let stops = stops_by_trial(position);
            let mut moves = MoveList::new();
            evaluator.search_moves(position, &mut moves);
            let mut got = moves.to_vec();
            got.sort_unstable_by_key(|p| p.index());
            let wanted = wanted_answers(position, &stops);
            let shown = position.position();
            if !renju_black {
                assert_eq!(got, wanted, "\n{shown}");
                if stops.is_empty() {
                    lost += 1;
                } else {
                    stopped += 1;
                }
            } else if !stops.is_empty() {
                assert!(wanted.iter().all(|p| got.contains(p)), "\n{shown}");
                stopped += 1;
            }
        }
    });
    assert!(stopped > 1000, "only {stopped} open threes with a stop");
    assert!(lost > 500, "only {lost} open threes with no stop");
}

#[test]
fn against_a_four_three_only_the_moves_left_out_lose_by_a_known_result() {
    // With known results, under freestyle and standard, against the opponent's four-three
    // points when the side to move has no four to make, the search leaves moves out of its
    // quiet moves and of the ones it holds back: each of them, played, must leave a
    // position the evaluator proves won for the opponent (so leaving it out changes no
    // result), and where some move escapes such a loss, one is kept.
    let evaluator = GomokuEvaluator::new().with_known_results(true);
    let (mut narrowed, mut left_out) = (0, 0);
    random_games(
        &[Rule::FREESTYLE, Rule::STANDARD],
        1000,
        52,
        |_, position| {
            let me = position.side_to_move();
            let (opp, n) = (me.opponent(), |c, k| position.count(c, k));
            let applies = n(opp, Class::FourThree) > 0
                && n(me, Class::Four) == 0
                && n(opp, Class::OpenFour) + n(opp, Class::Five) + n(me, Class::Five) == 0;
            if applies {
                let mut moves = MoveList::new();
                evaluator.search_moves(position, &mut moves);
                assert!(!moves.is_empty());
                evaluator.held_back_moves(position, &mut moves);
                let shown = position.position();
                let mut kept_alive = false;
                for p in position.near().iter() {
                    let mut after = position.clone();
                    after.play(p).unwrap();
                    let lost = matches!(evaluator.proven(&after), Some(Proven::Win(_)));
                    if moves.contains(&p) {
                        kept_alive |= !lost;
                    } else {
                        assert!(lost, "{p} left out but not lost\n{shown}");
                        left_out += 1;
                    }
                }
                // Where some move escapes a known loss, the search keeps one.
                let escapes = position.near().iter().any(|p| {
                    let mut after = position.clone();
                    after.play(p).unwrap();
                    !matches!(evaluator.proven(&after), Some(Proven::Win(_)))
                });
                assert_eq!(kept_alive, escapes, "\n{shown}");
                narrowed += 1;
            }
        },
    );
    assert!(
        narrowed > 450,
        "only {narrowed} positions against a four-three"
    );
    assert!(left_out > 30_000, "only {left_out} moves left out");
}
