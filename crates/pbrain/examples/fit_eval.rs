//! Fits the gomoku evaluator's weights ([`EvalWeights`]) to game results: a logistic
//! regression of "the side to move goes on to win" on the evaluation terms of both sides
//! ([`SearchPosition::terms`]), solved by Newton's method.
//!
//!     cargo run --release -p pbrain-boardgames --example fit_eval -- GAMES...
//!
//! `GAMES` are files of finished games as the match manager writes them with
//! `MATCH_GAMES=FILE` (`crates/pbrain/examples/match.rs`): one game a line, the `INFO rule`
//! value, the winner (`black`, `white` or `draw`) and the moves. Drawn games are skipped; so
//! are the first three moves (the opening) and positions the evaluator's own rules already
//! decide (a five to make or to stop, an open four or an unanswered four-three to make), whose
//! scores do not come from the weights. One game in five is held out to test the fit.
//!
//! It prints the held-out log-loss of the hand-set weights of earlier versions, of the
//! default weights and of the fitted ones, and the fitted weights in the evaluator's units:
//! the logistic slope that fits the hand-set scores best converts them, so that the other parts of the score (the near-wins worth
//! fractions of `WIN_SOON`) keep their meaning. Terms the data never shows (a five or an open
//! four to make, which the evaluator's rules decide) keep today's weights.

use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::{Point, Position};
use boardgames_players::gomoku::{EvalWeights, GomokuEvaluator, SearchPosition, EVAL_TERMS};
use boardgames_search::Score;
use pbrain_boardgames::protocol::parse_rule;
use std::io::BufRead;

/// The features of a position: the side to move's terms, then the waiting side's negated.
type Features = [f64; 2 * EVAL_TERMS];

/// Positions with their label (1 when the side to move won), split into fitting and test.
#[derive(Default)]
struct Data {
    fit: Vec<(Features, f64)>,
    test: Vec<(Features, f64)>,
    games: usize,
    skipped_lines: usize,
}

fn main() {
    let mut data = Data::default();
    for path in std::env::args().skip(1) {
        match std::fs::File::open(&path) {
            Ok(file) => read_games(std::io::BufReader::new(file), &mut data),
            Err(e) => eprintln!("{path}: {e}"),
        }
    }
    println!(
        "{} games ({} lines skipped), {} positions to fit, {} to test",
        data.games,
        data.skipped_lines,
        data.fit.len(),
        data.test.len()
    );
    if data.fit.is_empty() || data.test.is_empty() {
        eprintln!("not enough positions to fit");
        std::process::exit(1);
    }
    report(&data);
}

/// Reads the games of one file into `data`, every fifth game to the test set.
fn read_games(reader: impl BufRead, data: &mut Data) {
    for line in reader.lines().map_while(Result::ok) {
        let Some((position, winner, moves)) = parse_game(&line) else {
            data.skipped_lines += 1;
            continue;
        };
        let Some(winner) = winner else {
            continue;
        };
        let test = data.games % 5 == 4;
        data.games += 1;
        let set = if test { &mut data.test } else { &mut data.fit };
        replay(position, &moves, winner, set);
    }
}

/// The empty position under the line's rule, the winner (`None` for a draw) and the moves;
/// `None` for a line that is not a game.
fn parse_game(line: &str) -> Option<(Position, Option<Player>, Vec<Point>)> {
    let mut words = line.split_whitespace();
    let rule = parse_rule(words.next()?).ok()?;
    let winner = match words.next()? {
        "black" => Some(Player::First),
        "white" => Some(Player::Second),
        "draw" => None,
        _ => return None,
    };
    let moves: Result<Vec<Point>, _> = words.map(str::parse).collect();
    Some((Position::new(15, rule).ok()?, winner, moves.ok()?))
}

/// Plays `moves` from `position`, adding the features of each position after the opening
/// that the weights decide, labelled by whether its side to move is `winner`. Stops at the
/// first illegal move.
fn replay(mut position: Position, moves: &[Point], winner: Player, set: &mut Vec<(Features, f64)>) {
    for (i, &mv) in moves.iter().enumerate() {
        if i >= 3 && position.status() == Status::Ongoing {
            if let Some(features) = features(&SearchPosition::new(position)) {
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
fn features(position: &SearchPosition) -> Option<Features> {
    if !GomokuEvaluator::is_quiet(position) {
        return None;
    }
    let me = position.side_to_move();
    let opp = me.opponent();
    let mut x = [0.0; 2 * EVAL_TERMS];
    let (mine, theirs) = (position.terms(me), position.terms(opp));
    for (k, (mine, theirs)) in mine.into_iter().zip(theirs).enumerate() {
        x[k] = f64::from(mine);
        x[EVAL_TERMS + k] = -f64::from(theirs);
    }
    Some(x)
}

/// The weights as features' coefficients.
fn coefficients(weights: &EvalWeights) -> Vec<f64> {
    let to_move = weights.to_move.iter();
    to_move
        .chain(&weights.waiting)
        .map(|&w| f64::from(w))
        .collect()
}

/// Prints the held-out log-loss of the hand-set, default and fitted weights, and the fitted
/// weights in the evaluator's units.
fn report(data: &Data) {
    let today = coefficients(&EvalWeights::FITTED);
    // The units: the hand-set weights' slope, so that fitted weights keep the scale the
    // evaluator's other scores (fractions of `WIN_SOON`) were set against.
    let hand_set = coefficients(&EvalWeights::HAND_SET);
    let slope = best_slope(&data.fit, &hand_set);
    for (name, weights) in [("hand-set", hand_set), ("default", today.clone())] {
        let k = best_slope(&data.fit, &weights);
        let scaled: Vec<f64> = weights.iter().map(|w| w * k).collect();
        let loss = log_loss(&data.test, &scaled);
        println!("{name} weights: slope {k:.6}, test log-loss {loss:.5}");
    }
    let fitted = newton(&data.fit, 1e-5);
    println!(
        "fitted weights: fit log-loss {:.5}, test log-loss {:.5}",
        log_loss(&data.fit, &fitted),
        log_loss(&data.test, &fitted)
    );
    // Terms no kept position shows have no information: keep today's weights there.
    let shown = |k: usize| data.fit.iter().any(|(x, _)| x[k] != 0.0);
    let units: Vec<Score> = (0..2 * EVAL_TERMS)
        .map(|k| {
            let w = if shown(k) {
                fitted[k] / slope
            } else {
                today[k]
            };
            w.round() as Score
        })
        .collect();
    println!("to_move: {:?}", &units[..EVAL_TERMS]);
    println!("waiting: {:?}", &units[EVAL_TERMS..]);
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn dot(x: &Features, w: &[f64]) -> f64 {
    x.iter().zip(w).map(|(a, b)| a * b).sum()
}

/// The mean log-loss of the predictions `sigmoid(x · w)`.
fn log_loss(set: &[(Features, f64)], w: &[f64]) -> f64 {
    let total: f64 = set
        .iter()
        .map(|(x, y)| {
            let p = sigmoid(dot(x, w)).clamp(1e-9, 1.0 - 1e-9);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / set.len() as f64
}

/// The factor `k` that makes `sigmoid(k · x · w)` fit best: how many logits one unit of the
/// evaluator's score is worth (a scan, the loss being smooth in `k`).
fn best_slope(set: &[(Features, f64)], w: &[f64]) -> f64 {
    let mut best = (1e-5, f64::MAX);
    let mut k = 1e-5;
    while k < 0.1 {
        let scaled: Vec<f64> = w.iter().map(|v| v * k).collect();
        let loss = log_loss(set, &scaled);
        if loss < best.1 {
            best = (k, loss);
        }
        k *= 1.02;
    }
    best.0
}

/// The weights minimising the log-loss plus `l2` times their squared size: Newton's method,
/// twenty-five steps from zero (the loss is convex; it converges in a handful).
fn newton(set: &[(Features, f64)], l2: f64) -> Vec<f64> {
    let d = 2 * EVAL_TERMS;
    let n = set.len() as f64;
    let mut w = vec![0.0; d];
    for _ in 0..25 {
        let mut gradient = vec![0.0; d];
        let mut hessian = vec![vec![0.0; d]; d];
        for (x, y) in set {
            let p = sigmoid(dot(x, &w));
            for i in 0..d {
                gradient[i] += (p - y) * x[i] / n;
                for j in 0..d {
                    hessian[i][j] += p * (1.0 - p) * x[i] * x[j] / n;
                }
            }
        }
        for i in 0..d {
            gradient[i] += l2 * w[i];
            hessian[i][i] += l2;
        }
        let step = solve(hessian, gradient);
        w.iter_mut().zip(step).for_each(|(w, s)| *w -= s);
    }
    w
}

/// The solution of `a · x = b` by Gauss-Jordan elimination with partial pivoting; 0 for an
/// unknown with no pivot (a term the data never shows).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let pivot = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap_or(c);
        a.swap(c, pivot);
        b.swap(c, pivot);
        let d = a[c][c];
        if d.abs() < 1e-12 {
            continue;
        }
        let pivot_row = a[c].clone();
        for r in (0..n).filter(|&r| r != c) {
            let f = a[r][c] / d;
            for (x, p) in a[r][c..].iter_mut().zip(&pivot_row[c..]) {
                *x -= f * p;
            }
            b[r] -= f * b[c];
        }
    }
    (0..n)
        .map(|i| {
            if a[i][i].abs() < 1e-12 {
                0.0
            } else {
                b[i] / a[i][i]
            }
        })
        .collect()
}
