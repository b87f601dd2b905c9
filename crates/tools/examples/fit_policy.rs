//! Fits the gomoku evaluator's move ordering to a strong player's moves: a softmax regression
//! of "this is the move played" over the near points of each position, on features of the
//! point (the shapes a stone of either colour would make there, as in
//! [`boardgames_players::gomoku::eval_terms`], whether the point may be forbidden to either
//! colour, the stones of each colour near it, and how close it is to the last move and to
//! the one before), solved by Newton's method with a backtracking step.
//!
//!     cargo run --release -p boardgames-tools --example fit_policy -- [--no-recent] GAMES...
//!
//! `GAMES` are files of finished games as the match manager writes them with
//! `MATCH_GAMES=FILE` (`crates/pbrain/examples/match.rs`). Only positions where the move
//! generator searches the near points are kept (no five to make or to stop, no open three to
//! answer), after the opening, and only moves among those points. One game in five is held
//! out. `--no-recent` leaves out the distances to the last two moves.
//!
//! It prints, for today's ordering hints ([`Evaluator::order_hint`]) and for the fitted
//! weights, the held-out share of positions where the move played is ranked first, among the
//! first two, three, five and eight; then the fitted weights in logits. The evaluator does
//! not use them: ordered by them, the engine played no better (`docs/strength.md`).

use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::{Point, Position};
use boardgames_players::gomoku::{eval_terms, Class, GomokuEvaluator, SearchPosition, EVAL_TERMS};
use boardgames_search::Evaluator;

// The rule and the winner of a record are for `fit_eval`: the moves alone matter here.
#[path = "fitting/mod.rs"]
#[allow(dead_code)]
mod fitting;
use fitting::{read_records, solve, Record};

/// The distance classes to a recent move: next to it, two steps away along a line, two steps
/// away off the lines, three or four steps away along a line.
const DIST: usize = 4;
/// Features: the side to move's terms, the opponent's, the two dead flags, the two neighbour
/// counts, then the distance classes to the last move (the opponent's) and to the one before.
const F: usize = 2 * EVAL_TERMS + 4 + 2 * DIST;

/// One position: its candidates' features, the index of the move played, and today's hints.
struct Sample {
    x: Vec<[f32; F]>,
    label: usize,
    hints: Vec<i64>,
}

/// The positions, split into fitting and test, and whether to use the recent moves.
#[derive(Default)]
struct Data {
    recent: bool,
    fit: Vec<Sample>,
    test: Vec<Sample>,
    games: usize,
}

fn main() {
    let mut data = Data {
        recent: true,
        ..Data::default()
    };
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("--no-recent") {
        data.recent = false;
        args.next();
    }
    let (records, _) = read_records(args);
    add_games(&records, &mut data);
    println!(
        "{} games, {} positions to fit, {} to test",
        data.games,
        data.fit.len(),
        data.test.len()
    );
    let w = newton(&data.fit, 1e-4);
    report("today's hints", &data.test, |s, i| s.hints[i] as f64);
    report("fitted", &data.test, |s, i| dot(&s.x[i], &w));
    println!("fit log-lik {:.4}", loglik(&data.fit, &w));
    println!("test log-lik {:.4}", loglik(&data.test, &w));
    print_weights(&w);
}

/// Prints the fitted weights in logits: by evaluation term for both colours, then the others.
fn print_weights(w: &[f64]) {
    let terms = [
        "closed three",
        "split three",
        "open three",
        "four",
        "two fours on an axis",
        "straight four",
        "five",
        "two fours",
        "four-three",
        "two threes",
    ];
    println!("{:>21}  {:>8}  {:>8}", "to make", "own", "theirs");
    for (k, term) in terms.iter().enumerate() {
        println!("{term:>21}  {:8.3}  {:8.3}", w[k], w[EVAL_TERMS + k]);
    }
    let b = 2 * EVAL_TERMS;
    println!("may be forbidden: own {:.3}, theirs {:.3}", w[b], w[b + 1]);
    println!("stones near: own {:.3}, theirs {:.3}", w[b + 2], w[b + 3]);
    let classes = [
        "next to",
        "2 away on a line",
        "2 away off the lines",
        "3-4 away on a line",
    ];
    for (j, move_name) in ["last move", "move before"].iter().enumerate() {
        for (c, class) in classes.iter().enumerate() {
            println!("{class} the {move_name}: {:.3}", w[b + 4 + j * DIST + c]);
        }
    }
}

/// Adds the samples of `records` to `data`, every fifth game to the test set.
fn add_games(records: &[Record], data: &mut Data) {
    for record in records {
        let test = data.games % 5 == 4;
        data.games += 1;
        let recent = data.recent;
        let set = if test { &mut data.test } else { &mut data.fit };
        replay(record.position, &record.moves, recent, set);
    }
}

/// Plays `moves` from `position`, adding a sample for each position after the opening whose
/// move is among the near points. Stops at the first illegal move.
fn replay(mut position: Position, moves: &[Point], recent: bool, set: &mut Vec<Sample>) {
    for (i, &mv) in moves.iter().enumerate() {
        if i >= 3 && position.status() == Status::Ongoing {
            let last = [moves[i - 1], moves[i - 2]].map(|m| Some(m).filter(|_| recent));
            if let Some(sample) = sample(&SearchPosition::new(position), mv, last) {
                set.push(sample);
            }
        }
        if position.play(mv).is_err() {
            return;
        }
    }
}

/// The distance class of `a` from `b` (see [`DIST`]), `None` when farther.
fn distance_class(a: Point, b: Point) -> Option<usize> {
    let dc = (a.col() as i32 - b.col() as i32).abs();
    let dr = (a.row() as i32 - b.row() as i32).abs();
    let d = dc.max(dr);
    let aligned = dc == 0 || dr == 0 || dc == dr;
    match d {
        1 => Some(0),
        2 if aligned => Some(1),
        2 => Some(2),
        3 | 4 if aligned => Some(3),
        _ => None,
    }
}

/// The sample of a position where `played` was played after the moves `last` (the last
/// first); `None` outside the positions kept.
fn sample(position: &SearchPosition, played: Point, last: [Option<Point>; 2]) -> Option<Sample> {
    let me = position.side_to_move();
    let opp = me.opponent();
    if position.count(me, Class::Five) > 0
        || position.count(opp, Class::Five) > 0
        || position.count(opp, Class::OpenFour) > 0
    {
        return None;
    }
    let evaluator = GomokuEvaluator::new();
    let pos = position.position();
    let restricted = *pos.rule().forbidden_points.get(me);
    let mut s = Sample {
        x: Vec::new(),
        label: usize::MAX,
        hints: Vec::new(),
    };
    for p in position.near() {
        if restricted && pos.forbidden(me, p).is_some() {
            continue;
        }
        if p == played {
            s.label = s.x.len();
        }
        s.x.push(features(position, me, p, last));
        s.hints.push(evaluator.order_hint(position, p) as i64);
    }
    (s.label != usize::MAX && s.x.len() > 1).then_some(s)
}

/// The features of the point `p` for the side to move `me`.
fn features(position: &SearchPosition, me: Player, p: Point, last: [Option<Point>; 2]) -> [f32; F] {
    let mut x = [0.0; F];
    let (mine, theirs) = (position.cell(me, p), position.cell(me.opponent(), p));
    for (k, t) in eval_terms(mine.threats()).into_iter().enumerate() {
        x[k] = f32::from(t);
    }
    for (k, t) in eval_terms(theirs.threats()).into_iter().enumerate() {
        x[EVAL_TERMS + k] = f32::from(t);
    }
    let b = 2 * EVAL_TERMS;
    x[b] = f32::from(u8::from(mine.is_dead()));
    x[b + 1] = f32::from(u8::from(theirs.is_dead()));
    x[b + 2] = position.neighbours(me, p) as f32;
    x[b + 3] = position.neighbours(me.opponent(), p) as f32;
    for (j, &l) in last.iter().enumerate() {
        if let Some(c) = l.and_then(|l| distance_class(p, l)) {
            x[b + 4 + j * DIST + c] = 1.0;
        }
    }
    x
}

fn dot(x: &[f32; F], w: &[f64]) -> f64 {
    x.iter().zip(w).map(|(&a, b)| f64::from(a) * b).sum()
}

/// Prints the share of `set`'s positions whose move played ranks within the first 1, 2, 3, 5
/// and 8 by `score`.
fn report(name: &str, set: &[Sample], score: impl Fn(&Sample, usize) -> f64) {
    let tops = [1, 2, 3, 5, 8];
    let mut hits = [0usize; 5];
    for s in set {
        let mine = score(s, s.label);
        // Ties count against: the move is ranked after every candidate scoring as much.
        let rank = (0..s.x.len())
            .filter(|&i| i != s.label && score(s, i) >= mine)
            .count();
        for (h, &t) in hits.iter_mut().zip(&tops) {
            *h += usize::from(rank < t);
        }
    }
    let n = set.len() as f64;
    print!("{name:>14}:");
    for (h, t) in hits.iter().zip(tops) {
        print!(" top{t} {:.3}", *h as f64 / n);
    }
    println!();
}

/// The mean log-likelihood of the moves played under the softmax of `x · w`.
fn loglik(set: &[Sample], w: &[f64]) -> f64 {
    let mut total = 0.0;
    for s in set {
        let z: Vec<f64> = s.x.iter().map(|x| dot(x, w)).collect();
        let m = z.iter().cloned().fold(f64::MIN, f64::max);
        let lse = m + z.iter().map(|v| (v - m).exp()).sum::<f64>().ln();
        total += z[s.label] - lse;
    }
    total / set.len() as f64
}

/// The weights maximising the log-likelihood minus `l2` times half their squared size:
/// fifteen Newton steps from zero, each halved until the fit improves.
fn newton(set: &[Sample], l2: f64) -> Vec<f64> {
    let mut w = vec![0.0; F];
    let n = set.len() as f64;
    for step in 0..15 {
        let mut g = vec![0.0; F];
        let mut h = vec![vec![0.0; F]; F];
        for s in set {
            let z: Vec<f64> = s.x.iter().map(|x| dot(x, &w)).collect();
            let m = z.iter().cloned().fold(f64::MIN, f64::max);
            let e: Vec<f64> = z.iter().map(|v| (v - m).exp()).collect();
            let total: f64 = e.iter().sum();
            let mut mean = [0.0f64; F];
            for (x, &ei) in s.x.iter().zip(&e) {
                let p = ei / total;
                for k in 0..F {
                    mean[k] += p * f64::from(x[k]);
                }
            }
            for k in 0..F {
                g[k] += (mean[k] - f64::from(s.x[s.label][k])) / n;
            }
            for (x, &ei) in s.x.iter().zip(&e) {
                let p = ei / total;
                for i in 0..F {
                    let di = f64::from(x[i]) - mean[i];
                    if di == 0.0 {
                        continue;
                    }
                    for j in 0..F {
                        h[i][j] += p * di * (f64::from(x[j]) - mean[j]) / n;
                    }
                }
            }
        }
        for k in 0..F {
            g[k] += l2 * w[k];
            h[k][k] += l2;
        }
        let d = solve(h, g);
        // Backtracking: halve the step until the fit improves.
        let before = loglik(set, &w) - 0.5 * l2 * w.iter().map(|v| v * v).sum::<f64>();
        let mut t = 1.0;
        loop {
            let next: Vec<f64> = w.iter().zip(&d).map(|(w, s)| w - t * s).collect();
            let after = loglik(set, &next) - 0.5 * l2 * next.iter().map(|v| v * v).sum::<f64>();
            if after >= before || t < 1e-3 {
                w = next;
                break;
            }
            t /= 2.0;
        }
        eprintln!("step {step}: fit log-lik {:.4}", loglik(set, &w));
    }
    w
}
