//! The morris evaluator term by term against a plain reference written from the board's
//! tables (loops over points, neighbours and mills, none of the evaluator's bit tricks), its
//! invariance under the board's 16 symmetries, and a few positions read by hand.

use boardgames_core::{random_position, ByPlayer, Game, Player, Rng};
use boardgames_morris::{adjacent, Phase, Point, Points, Position, Rules, Setup, MILLS};
use boardgames_players::morris::{self, MorrisEvaluator, Weights, TERMS, TERM_NAMES};
use boardgames_search::{Evaluator, Score};
use proptest::prelude::*;

const ZERO: Weights = Weights {
    piece: 0,
    mill: 0,
    open_mill: 0,
    running_mill: 0,
    mobility: 0,
    blocked: 0,
    opponent_stuck: 0,
};

/// The evaluator that counts one term only, with weight 1 in both stages.
fn only(term: fn(&mut Weights)) -> MorrisEvaluator {
    let mut w = ZERO;
    term(&mut w);
    MorrisEvaluator::with_weights(w, w)
}

/// The terms, named, each with its reference value from the side to move's view.
type Term = (&'static str, fn(&mut Weights), fn(&Position) -> Score);

fn terms() -> Vec<Term> {
    vec![
        ("piece", |w| w.piece = 1, |p| both(p, pieces)),
        ("mill", |w| w.mill = 1, |p| both(p, mills)),
        (
            "open_mill",
            |w| w.open_mill = 1,
            |p| both(p, |p, s| closing(p, s, false).count() as Score),
        ),
        (
            "running_mill",
            |w| w.running_mill = 1,
            |p| both(p, |p, s| closing(p, s, true).count() as Score),
        ),
        ("mobility", |w| w.mobility = 1, |p| both(p, mobility)),
        ("blocked", |w| w.blocked = 1, |p| both(p, blocked)),
        ("opponent_stuck", |w| w.opponent_stuck = 1, opponent_stuck),
    ]
}

fn both(position: &Position, f: fn(&Position, Player) -> Score) -> Score {
    let me = position.side_to_move();
    f(position, me) - f(position, me.opponent())
}

fn pieces(position: &Position, player: Player) -> Score {
    (position.on_board(player) + position.in_hand(player)) as Score
}

fn mills(position: &Position, player: Player) -> Score {
    let own = position.pieces(player);
    MILLS.iter().filter(|m| m.is_subset(own)).count() as Score
}

fn sliding(position: &Position, player: Player) -> bool {
    position.phase(player) != Phase::Flying
}

fn mobility(position: &Position, player: Player) -> Score {
    if !sliding(position, player) {
        return 0;
    }
    let empty = position.empty_points();
    position
        .pieces(player)
        .points()
        .map(|p| adjacent(p).intersect(empty).count() as Score)
        .sum()
}

fn blocked(position: &Position, player: Player) -> Score {
    if !sliding(position, player) {
        return 0;
    }
    let empty = position.empty_points();
    position
        .pieces(player)
        .points()
        .filter(|&p| !adjacent(p).intersects(empty))
        .count() as Score
}

/// The empty points where `player` closes a mill next turn; with `running`, only by a slide
/// of a piece that stands in a mill now (and only for a sliding player).
fn closing(position: &Position, player: Player, running: bool) -> Points {
    let own = position.pieces(player);
    let phase = position.phase(player);
    if running && phase != Phase::Moving {
        return Points::EMPTY;
    }
    let in_mill = |p: Point| MILLS.iter().any(|m| m.has(p) && m.is_subset(own));
    position
        .empty_points()
        .points()
        .filter(|&t| {
            MILLS.iter().any(|m| {
                let rest = m.without(t.index());
                if !m.has(t) || !rest.is_subset(own) {
                    return false;
                }
                match phase {
                    Phase::Placing | Phase::Flying => true,
                    Phase::Moving => adjacent(t)
                        .intersect(own)
                        .points()
                        .any(|f| !m.has(f) && (!running || in_mill(f))),
                }
            })
        })
        .collect()
}

/// The fitted evaluation's terms of `player` ([`morris::TERM_NAMES`]), point by point.
fn fitted_terms(position: &Position, player: Player) -> [Score; TERMS] {
    let own = position.pieces(player);
    let opp = position.pieces(player.opponent());
    let empty = position.empty_points();
    let open = closing(position, player, false);
    let slides = mobility(position, player);
    let slider = sliding(position, player) && !own.is_empty();
    let hemmed = own.points().filter(|&p| adjacent(p).is_subset(opp)).count() as Score;
    let completes = |set: Points, p: Point| {
        MILLS
            .iter()
            .any(|m| m.has(p) && m.without(p.index()).is_subset(set))
    };
    let potential = empty
        .points()
        .filter(|&p| completes(own, p) && !open.has(p))
        .count() as Score;
    let blocking = own.points().filter(|&p| completes(opp, p)).count() as Score;
    [
        (own.count() + position.in_hand(player)) as Score,
        position.in_hand(player) as Score,
        mills(position, player),
        open.count() as Score,
        Score::from(open.count() >= 2),
        closing(position, player, true).count() as Score,
        slides,
        blocked(position, player),
        if sliding(position, player) { hemmed } else { 0 },
        Score::from(slider && slides == 0),
        Score::from(slider && (1..=2).contains(&slides)),
        potential,
        Score::from(position.phase(player) == Phase::Flying),
        blocking,
    ]
}

fn opponent_stuck(position: &Position) -> Score {
    let them = position.side_to_move().opponent();
    (position.phase(them) == Phase::Moving && mobility(position, them) == 0) as Score
}

/// The 16 symmetries of the board as point permutations: four rotations, a reflection, and
/// the exchange of the outer and inner rings.
fn symmetries() -> Vec<[u32; 24]> {
    let mut all = Vec::new();
    for swap in [false, true] {
        for reflect in [false, true] {
            for turn in 0..4u32 {
                let mut map = [0u32; 24];
                for (i, slot) in map.iter_mut().enumerate() {
                    let (ring, k) = (i as u32 / 8, i as u32 % 8);
                    let ring = if swap { 2 - ring } else { ring };
                    let k = if reflect { (8 - k) % 8 } else { k };
                    *slot = ring * 8 + (k + 2 * turn) % 8;
                }
                all.push(map);
            }
        }
    }
    all
}

fn transform(position: &Position, map: &[u32; 24]) -> Position {
    let mut setup = Setup::from(position);
    let image = |s: Points| {
        s.iter()
            .fold(Points::EMPTY, |acc, i| acc.with(map[i as usize]))
    };
    setup.pieces = ByPlayer::new(image(setup.pieces.first), image(setup.pieces.second));
    setup
        .validate()
        .expect("a symmetric image is a valid position")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_term_matches_the_reference(seed in any::<u64>(), plies in 0usize..120, flying in any::<bool>()) {
        let start = Position::with_rules(Rules { flying });
        let position = random_position(start, plies, &mut Rng::new(seed));
        prop_assume!(!position.status().is_over());
        for (name, set, reference) in terms() {
            prop_assert_eq!(only(set).evaluate(&position), reference(&position), "{} on\n{}", name, position);
        }
    }

    #[test]
    fn every_fitted_term_matches_the_reference(seed in any::<u64>(), plies in 0usize..120, flying in any::<bool>()) {
        let start = Position::with_rules(Rules { flying });
        let position = random_position(start, plies, &mut Rng::new(seed));
        prop_assume!(!position.status().is_over());
        let me = position.side_to_move();
        let [mine, theirs] = morris::terms(&position);
        for (k, name) in TERM_NAMES.iter().enumerate() {
            prop_assert_eq!(mine[k], fitted_terms(&position, me)[k], "{} to move on\n{}", name, position);
            prop_assert_eq!(theirs[k], fitted_terms(&position, me.opponent())[k], "{} waiting on\n{}", name, position);
        }
    }

    #[test]
    fn the_evaluation_is_the_same_under_every_symmetry(seed in any::<u64>(), plies in 0usize..120) {
        let position = random_position(Position::new(), plies, &mut Rng::new(seed));
        prop_assume!(!position.status().is_over());
        let evaluator = MorrisEvaluator::new();
        let value = evaluator.evaluate(&position);
        for map in symmetries() {
            let image = transform(&position, &map);
            prop_assert_eq!(evaluator.evaluate(&image), value, "{}\n{}", position, image);
        }
    }
}

#[test]
fn the_symmetries_keep_neighbours_and_mills() {
    let maps = symmetries();
    let distinct: std::collections::HashSet<_> = maps.iter().collect();
    assert_eq!(distinct.len(), 16);
    for map in &maps {
        let image = |s: Points| {
            s.iter()
                .fold(Points::EMPTY, |acc, i| acc.with(map[i as usize]))
        };
        for p in Point::ALL {
            let q = Point::ALL[map[p.index() as usize] as usize];
            assert_eq!(image(adjacent(p)), adjacent(q));
        }
        for m in MILLS {
            assert!(MILLS.contains(&image(m)));
        }
    }
}

fn pos(diagram: &str) -> Position {
    diagram.parse().unwrap_or_else(|e| panic!("{e}\n{diagram}"))
}

#[test]
fn the_start_is_even() {
    assert_eq!(MorrisEvaluator::hand_set().evaluate(&Position::new()), 0);
}

#[test]
fn a_position_read_by_hand() {
    // White: the bottom row a1-d1-g1 and the spoke d1-d2-d3 (two mills), and b4; d1 has no
    // free neighbour. Black, to move: the middle top side b6-d6-f6, c5 and e4; b6 has no free
    // neighbour (d6 is black, b4 white). No line holds two pieces of one colour and a gap.
    let position = pos("
7 .-----------.-----------.
6 |   B-------B-------B   |
5 |   |   B---.---.   |   |
4 .---W---.       B---.---.
3 |   |   .---W---.   |   |
2 |   .-------W-------.   |
1 W-----------W-----------W
  a   b   c   d   e   f   g
to move: black
in hand: white 0, black 0
");
    let value = |set: fn(&mut Weights)| only(set).evaluate(&position);
    assert_eq!(value(|w| w.piece = 1), 5 - 6);
    assert_eq!(value(|w| w.mill = 1), 1 - 2);
    assert_eq!(value(|w| w.blocked = 1), 1 - 1);
    // Black slides d6 2, f6 1, c5 2, e4 3; white a1 1, g1 1, d2 2, d3 2, b4 3.
    assert_eq!(value(|w| w.mobility = 1), 8 - 9);
    assert_eq!(value(|w| w.open_mill = 1), 0);
    assert_eq!(value(|w| w.running_mill = 1), 0);
}

#[test]
fn a_running_mill_and_open_mills_on_both_sides() {
    // White to move: a4 can leave a1-a4-a7 for b4 and close b2-b4-b6 (a running mill, and an
    // open mill). Black has an open mill too: e3, closing c3-d3-e3 with a slide from e4.
    let position = pos("
7 W-----------.-----------.
6 |   W-------.-------.   |
5 |   |   .---.---.   |   |
4 W---.---.       B---.---.
3 |   |   B---B---.   |   |
2 |   W-------.-------.   |
1 W-----------.-----------B
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0
");
    let value = |set: fn(&mut Weights)| only(set).evaluate(&position);
    assert_eq!(value(|w| w.running_mill = 1), 1);
    assert_eq!(value(|w| w.open_mill = 1), 1 - 1);
    assert_eq!(value(|w| w.mill = 1), 1);
}
