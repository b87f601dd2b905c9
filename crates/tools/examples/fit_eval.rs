//! Fits the gomoku evaluator's weights ([`EvalWeights`]) to game results: a logistic
//! regression of "the side to move goes on to win" on the evaluation terms of both sides
//! ([`SearchPosition::terms`]), solved by Newton's method.
//!
//!     cargo run --release -p boardgames-tools --example fit_eval -- [--rule N] [--by-colour] GAMES...
//!
//! `GAMES` are files of finished games as the match manager writes them with
//! `MATCH_GAMES=FILE` (`crates/pbrain/examples/match.rs`): one game a line, the `INFO rule`
//! value, the winner (`black`, `white` or `draw`) and the moves. Drawn games are skipped; so
//! are the first three moves (the opening) and positions the evaluator's own rules already
//! decide (a five to make or to stop, an open four or an unanswered four-three to make), whose
//! scores do not come from the weights. One game in five is held out to test the fit.
//!
//! It prints the held-out log-loss of the hand-set weights of earlier versions, of today's
//! weights (each scaled by the logistic slope that fits it best) and of the fitted ones, and
//! the fitted weights in the evaluator's units: the hand-set weights' slope converts them,
//! so that the other parts of the score (the near-wins worth fractions of `WIN_SOON`) keep
//! their meaning. Terms the data never shows (a five or an open four to make, which the
//! evaluator's rules decide) keep today's weights.
//!
//! `--rule N` keeps the games of one rule (its `INFO rule` value), and compares with that
//! rule's weights. `--by-colour` fits one set of weights for each colour to move, with a bias
//! for each colour, and gives the baselines the biases too: a constant for the side to move
//! changes no choice between its moves, but left out of the fit it would bend the weights
//! towards the colour that wins more often. (Under renju that fit predicts the held-out
//! games far better than one set, but played no better: `docs/strength.md`.)

use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::{Point, Position};
use boardgames_players::gomoku::{EvalWeights, GomokuEvaluator, SearchPosition, EVAL_TERMS};
use boardgames_search::Score;
use pbrain_boardgames::protocol::parse_rule;

#[path = "fitting/mod.rs"]
mod fitting;
use fitting::{dot, log_loss, newton, read_records, Record};

// The features of a position: the side to move's terms, then the waiting side's negated;
// by colour, those of black to move, those of white to move, and a bias for each colour.
use fitting::Features;

/// The number of features of one colour's set of weights.
const SET: usize = 2 * EVAL_TERMS;

/// What to fit: the games of one rule or of all, and one set of weights or one per colour.
#[derive(Clone, Copy, Default)]
struct Options {
    rule: Option<u32>,
    by_colour: bool,
}

impl Options {
    /// The number of features.
    fn features(self) -> usize {
        if self.by_colour {
            2 * SET + 2
        } else {
            SET
        }
    }
}

/// Positions with their label (1 when the side to move won), split into fitting and test.
#[derive(Default)]
struct Data {
    options: Options,
    fit: Vec<(Features, f64)>,
    test: Vec<(Features, f64)>,
    games: usize,
    skipped_lines: usize,
}

fn main() {
    let mut data = Data::default();
    let mut args = std::env::args().skip(1).peekable();
    loop {
        match args.peek().map(String::as_str) {
            Some("--by-colour") => data.options.by_colour = true,
            Some("--rule") => {
                args.next();
                let Some(rule) = args.peek().and_then(|r| r.parse().ok()) else {
                    eprintln!("--rule needs a rule number");
                    std::process::exit(2);
                };
                data.options.rule = Some(rule);
            }
            _ => break,
        }
        args.next();
    }
    let (records, skipped) = read_records(args);
    data.skipped_lines = skipped;
    add_games(&records, &mut data);
    fitting::announce_sets(
        data.games,
        data.skipped_lines,
        data.fit.len(),
        data.test.len(),
    );
    report(&data);
}

/// Adds the positions of the games of the rule fitted that have a winner to `data`, every
/// fifth game to the test set.
fn add_games(records: &[Record], data: &mut Data) {
    let rule = data.options.rule;
    for record in records
        .iter()
        .filter(|r| rule.is_none_or(|rule| rule == r.rule))
    {
        let Some(winner) = record.winner else {
            continue;
        };
        let test = data.games % 5 == 4;
        data.games += 1;
        let set = if test { &mut data.test } else { &mut data.fit };
        replay(data.options, record.position, &record.moves, winner, set);
    }
}

/// Plays `moves` from `position`, adding the features of each position after the opening
/// that the weights decide, labelled by whether its side to move is `winner`. Stops at the
/// first illegal move.
fn replay(
    options: Options,
    mut position: Position,
    moves: &[Point],
    winner: Player,
    set: &mut Vec<(Features, f64)>,
) {
    for (i, &mv) in moves.iter().enumerate() {
        if i >= 3 && position.status() == Status::Ongoing {
            if let Some(features) = features(options, &SearchPosition::new(position)) {
                let won = position.side_to_move() == winner;
                set.push((features, f64::from(u8::from(won))));
            }
        }
        if position.play(mv).is_err() {
            return;
        }
    }
}

/// The features of `position`, or `None` where the evaluator's rules decide its score.
fn features(options: Options, position: &SearchPosition) -> Option<Features> {
    if !GomokuEvaluator::is_quiet(position) {
        return None;
    }
    let me = position.side_to_move();
    let opp = me.opponent();
    let mut x = vec![0.0; options.features()];
    let base = if options.by_colour {
        x[2 * SET + me.index()] = 1.0;
        SET * me.index()
    } else {
        0
    };
    let (mine, theirs) = (position.terms(me), position.terms(opp));
    for (k, (mine, theirs)) in mine.into_iter().zip(theirs).enumerate() {
        x[base + k] = f64::from(mine);
        x[base + EVAL_TERMS + k] = -f64::from(theirs);
    }
    Some(x)
}

/// The coefficients of the features for `weights` (black's, then white's when by colour):
/// the weights, and no bias.
fn coefficients(options: Options, weights: [&EvalWeights; 2]) -> Vec<f64> {
    let sets = if options.by_colour { 2 } else { 1 };
    let mut w: Vec<f64> = weights[..sets]
        .iter()
        .flat_map(|set| set.to_move.iter().chain(&set.waiting))
        .map(|&w| f64::from(w))
        .collect();
    w.resize(options.features(), 0.0);
    w
}

/// Today's weights under the fitted rule (all rules: freestyle's), for both colours.
fn todays(options: Options) -> [&'static EvalWeights; 2] {
    let rule = options
        .rule
        .and_then(|r| parse_rule(&r.to_string()).ok())
        .unwrap_or(boardgames_gomoku::Rule::FREESTYLE);
    [EvalWeights::for_rule(&rule); 2]
}

/// A set's positions scored by fixed coefficients `w`: the score, and the bias features.
fn scored(options: Options, set: &[(Features, f64)], w: &[f64]) -> Vec<(Features, f64)> {
    set.iter()
        .map(|(x, y)| {
            let mut z = vec![dot(x, w)];
            if options.by_colour {
                z.extend_from_slice(&x[2 * SET..]);
            }
            (z, *y)
        })
        .collect()
}

/// Prints the held-out log-loss of the hand-set, today's and fitted weights, and the fitted
/// weights in the evaluator's units.
fn report(data: &Data) {
    let options = data.options;
    let today = coefficients(options, todays(options));
    let hand_set = coefficients(options, [&EvalWeights::HAND_SET; 2]);
    // The baselines: their scores scaled by the slope (with the biases) that fits best.
    let mut slope = 1.0;
    for (name, weights) in [("hand-set", &hand_set), ("today's", &today)] {
        let fit = newton(&scored(options, &data.fit, weights), 0.0);
        let loss = log_loss(&scored(options, &data.test, weights), &fit);
        println!(
            "{name} weights: slope {:.6}, test log-loss {loss:.5}",
            fit[0]
        );
        if name == "hand-set" {
            // The units: the hand-set weights' slope, so that fitted weights keep the scale
            // the evaluator's other scores (fractions of `WIN_SOON`) were set against.
            slope = fit[0];
        }
    }
    let fitted = newton(&data.fit, 1e-5);
    println!(
        "fitted weights: fit log-loss {:.5}, test log-loss {:.5}",
        log_loss(&data.fit, &fitted),
        log_loss(&data.test, &fitted)
    );
    // Terms no kept position shows have no information: keep today's weights there.
    let shown = |k: usize| data.fit.iter().any(|(x, _)| x[k] != 0.0);
    let units: Vec<Score> = (0..options.features())
        .map(|k| {
            let w = if shown(k) {
                fitted[k] / slope
            } else {
                today[k]
            };
            w.round() as Score
        })
        .collect();
    let colours = if options.by_colour {
        ["black to move, ", "white to move, "].as_slice()
    } else {
        [""].as_slice()
    };
    for (c, colour) in colours.iter().enumerate() {
        let set = &units[c * SET..(c + 1) * SET];
        println!("{colour}to_move: {:?}", &set[..EVAL_TERMS]);
        println!("{colour}waiting: {:?}", &set[EVAL_TERMS..]);
    }
}
