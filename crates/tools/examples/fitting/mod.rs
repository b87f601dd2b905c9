//! What the fitting examples (`fit_eval`, `fit_policy`) share: reading the game records the
//! match manager writes, and solving the linear systems of Newton's method.

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
fn parse_record(line: &str) -> Option<Record> {
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
