//! What the fitting examples (`fit_eval`, `fit_policy`, `fit_morris`) share: reading the game
//! records the match manager writes, solving the linear systems of Newton's method, and a
//! logistic regression.

use boardgames_core::Player;
use boardgames_gomoku::{Point, Position};
use pbrain_boardgames::protocol::parse_rule;
use std::io::{BufRead, BufReader};

/// One recorded game: its `INFO rule` value, the empty position under that rule, the winner
/// (`None` for a draw) and the moves.
pub struct Record {
    pub rule: u32,
    pub position: Position,
    pub winner: Option<Player>,
    pub moves: Vec<Point>,
}

/// The games recorded in the files at `paths` (a file that cannot be read is reported and
/// skipped), and the number of lines that are not games.
pub fn read_records(paths: impl IntoIterator<Item = String>) -> (Vec<Record>, usize) {
    let (mut records, mut skipped) = (Vec::new(), 0);
    for path in paths {
        let file = match std::fs::File::open(&path) {
            Ok(file) => file,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        for line in BufReader::new(file).lines().map_while(Result::ok) {
            match parse_record(&line) {
                Some(record) => records.push(record),
                None => skipped += 1,
            }
        }
    }
    (records, skipped)
}

/// The game of one line; `None` for a line that is not a game.
pub fn parse_record(line: &str) -> Option<Record> {
    let mut words = line.split_whitespace();
    let value = words.next()?;
    let rule = parse_rule(value).ok()?;
    let winner = match words.next()? {
        "black" => Some(Player::First),
        "white" => Some(Player::Second),
        "draw" => None,
        _ => return None,
    };
    let moves: Result<Vec<Point>, _> = words.map(str::parse).collect();
    Some(Record {
        rule: value.parse().ok()?,
        position: Position::new(15, rule).ok()?,
        winner,
        moves: moves.ok()?,
    })
}

/// The solution of `a · x = b` by Gauss-Jordan elimination with partial pivoting; 0 for an
/// unknown with no pivot (a term the data never shows).
pub fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
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

/// The features of one position.
pub type Features = Vec<f64>;

/// The logistic function.
pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The dot product of features and weights.
pub fn dot(x: &Features, w: &[f64]) -> f64 {
    x.iter().zip(w).map(|(a, b)| a * b).sum()
}

/// The mean log-loss of the predictions `sigmoid(x · w)`.
pub fn log_loss(set: &[(Features, f64)], w: &[f64]) -> f64 {
    let total: f64 = set
        .iter()
        .map(|(x, y)| {
            let p = sigmoid(dot(x, w)).clamp(1e-9, 1.0 - 1e-9);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / set.len() as f64
}

/// The weights minimising the log-loss plus `l2` times their squared size: Newton's method,
/// twenty-five steps from zero (the loss is convex; it converges in a handful).
pub fn newton(set: &[(Features, f64)], l2: f64) -> Vec<f64> {
    let d = set.first().map_or(0, |(x, _)| x.len());
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

/// Says how many games were read and how many positions each set holds, and ends the
/// program when either set is empty (nothing to fit, or nothing to validate on).
pub fn announce_sets(games: usize, skipped_lines: usize, fit: usize, test: usize) {
    println!(
        "{games} games ({skipped_lines} lines skipped), {fit} positions to fit, {test} to test"
    );
    if fit == 0 || test == 0 {
        eprintln!("not enough positions to fit");
        std::process::exit(1);
    }
}
