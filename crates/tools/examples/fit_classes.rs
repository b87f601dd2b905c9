//! Fits the values of the gomoku evaluator's point classes
//! (`boardgames_players::gomoku::ClassValues`) to game results: a logistic regression of
//! "the side to move goes on to win" on how many empty points of each class and near group
//! (the colour's own stones near the point, `near_group`) each side has, with a bias for
//! each colour to move, each value held near what the evaluation terms give it (an L2
//! penalty towards them; a point with no shape towards nothing), solved by gradient descent
//! (Adam).
//!
//!     cargo run --release -p boardgames-tools --example fit_classes -- \
//!         --rule 1 --out crates/ai-players/data/gomoku-classes-standard.txt GAMES...
//!
//! `GAMES` are files of finished games as the match manager (`MATCH_GAMES=FILE`) and the
//! `selfplay` example write them; the games of rule `--rule N` are kept (default 1).
//! `--score-weight W` (0 to 1, default 0) labels each position by `1 - W` times the game's
//! result plus `W` times its search score's odds (the `scores` line that
//! `selfplay --scores 1` writes after a game, through the logistic of the score times the
//! terms' slope); games without scores keep their result. Drawn
//! games, the first three moves and the positions the evaluator's own rules decide are
//! skipped, as `fit_eval` does. Games are split by their order: every fifth (the fifth, the
//! tenth, ...) is held out to test, the one before it to choose the penalty; the rest fit.
//! The fit is deterministic (no random draw).
//!
//! It prints the held-out log-loss of the terms' values (the rule's `EvalWeights`, scaled
//! by the logistic slope that fits them best) and of the fitted classes for each penalty,
//! and writes the class values of the penalty with the best validation loss to `--out`
//! (in the evaluator's units: the terms' slope converts them back), with the figures as
//! comments.

#[path = "fitting/mod.rs"]
#[allow(dead_code)]
mod fitting;

use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::{Point, Position};
use boardgames_players::gomoku::{
    near_group, point_class, ClassValues, EvalWeights, GomokuEvaluator, SearchPosition,
    CLASS_VALUE_COUNT, POINT_CLASSES,
};
use fitting::{log_loss, newton, parse_record, sigmoid, Record};
use pbrain_boardgames::protocol::parse_rule;
use std::time::Instant;

/// One position: the side to move's counts of each class in each near group (feature
/// `group * POINT_CLASSES + class`) and the waiting side's (`CLASS_VALUE_COUNT` more),
/// sparse; whether black is to move; whether it won.
struct Sample {
    features: Vec<(u16, f32)>,
    black: bool,
    won: f64,
}

/// The three sets, by game.
#[derive(Default)]
struct Sets {
    fit: Vec<Sample>,
    validate: Vec<Sample>,
    test: Vec<Sample>,
    games: usize,
}

/// The penalties tried.
const PENALTIES: [f64; 5] = [1e-2, 1e-3, 1e-4, 1e-5, 1e-6];

fn main() {
    let started = Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut rule, mut out, mut files) = (1u32, None, Vec::new());
    let mut score_weight = 0.0f64;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--rule" | "--out" | "--score-weight" if i + 1 == args.len() => {
                fail(&format!("{} needs a value", args[i]))
            }
            "--rule" => {
                rule = args[i + 1]
                    .parse()
                    .unwrap_or_else(|_| fail(&format!("--rule: not a number: {}", args[i + 1])));
                i += 1;
            }
            "--score-weight" => {
                score_weight = args[i + 1]
                    .parse::<f64>()
                    .ok()
                    .filter(|w| (0.0..=1.0).contains(w))
                    .unwrap_or_else(|| fail("--score-weight: a number from 0 to 1"));
                i += 1;
            }
            "--out" => {
                out = Some(args[i + 1].clone());
                i += 1;
            }
            file => files.push(file.to_string()),
        }
        i += 1;
    }
    let Ok(parsed_rule) = parse_rule(&rule.to_string()) else {
        fail(&format!("unknown rule {rule}"));
    };
    let (records, skipped) = read_scored(&files);
    let mut sets = Sets::default();
    for (record, scores) in records.iter().filter(|(r, _)| r.rule == rule) {
        if let Some(winner) = record.winner {
            let set = match sets.games % 5 {
                4 => &mut sets.test,
                3 => &mut sets.validate,
                _ => &mut sets.fit,
            };
            sets.games += 1;
            let labels = Labels {
                winner,
                scores,
                score_weight,
            };
            replay(record.position, &record.moves, &labels, set);
        }
    }
    fitting::announce_sets(sets.games, skipped, sets.fit.len(), sets.test.len());
    println!("{} positions to choose the penalty", sets.validate.len());
    let weights = EvalWeights::for_rule(&parsed_rule);
    let terms_values = ClassValues::from_weights(weights);
    let terms_values = &terms_values;
    let prior: Vec<f64> = (0..2)
        .flat_map(|side| {
            (0..CLASS_VALUE_COUNT).map(move |k| {
                f64::from(terms_values.value(k % POINT_CLASSES, k / POINT_CLASSES)[side])
            })
        })
        .collect();
    // The terms' values: the slope and biases that fit them best.
    let scaled = |set: &[Sample]| -> Vec<(Vec<f64>, f64)> {
        set.iter()
            .map(|s| {
                let colour = [f64::from(u8::from(s.black)), f64::from(u8::from(!s.black))];
                (vec![score(s, &prior), colour[0], colour[1]], s.won)
            })
            .collect()
    };
    let line = newton(&scaled(&sets.fit), 0.0);
    let slope = line[0];
    let baseline = log_loss(&scaled(&sets.test), &line);
    let base_validation = log_loss(&scaled(&sets.validate), &line);
    println!("terms' values: slope {slope:.6}, validation log-loss {base_validation:.5}, test log-loss {baseline:.5}");
    let centre: Vec<f64> = prior.iter().map(|&v| v * slope).collect();
    let mut best: Option<(f64, f64, Vec<f64>, [f64; 2])> = None;
    for penalty in PENALTIES {
        let (u, bias) = fit(&sets.fit, &centre, [line[1], line[2]], penalty);
        let validation = loss(&sets.validate, &u, bias);
        let test = loss(&sets.test, &u, bias);
        println!(
            "penalty {penalty:e}: fit log-loss {:.5}, validation {validation:.5}, test {test:.5}",
            loss(&sets.fit, &u, bias)
        );
        if best.as_ref().is_none_or(|b| validation < b.0) {
            best = Some((validation, penalty, u, [test, 0.0]));
        }
    }
    let Some((validation, penalty, u, [test, _])) = best else {
        return;
    };
    let mut values = ClassValues::from_weights(weights);
    for k in 1..CLASS_VALUE_COUNT {
        let value = |k: usize| (u[k] / slope).round() as i32;
        let (class, group) = (k % POINT_CLASSES, k / POINT_CLASSES);
        values.set_value(class, group, [value(k), value(CLASS_VALUE_COUNT + k)]);
    }
    let seconds = started.elapsed().as_secs_f64();
    println!("chosen penalty {penalty:e}: test log-loss {test:.5} (terms' values {baseline:.5}); {seconds:.0} s");
    if let Some(out) = out {
        // The files by name: where they are is the user's data folder.
        let names: Vec<String> = files
            .iter()
            .map(|f| {
                let path = std::path::Path::new(f);
                path.file_name()
                    .map_or(f.clone(), |n| n.to_string_lossy().into_owned())
            })
            .collect();
        let comments = [
            format!("fitted by fit_classes (boardgames-tools), --score-weight {score_weight}, to the games of rule {rule} in: {}", names.join(" ")),
            format!(
                "{} games, {} positions to fit, {} to choose the penalty, {} held out",
                sets.games,
                sets.fit.len(),
                sets.validate.len(),
                sets.test.len()
            ),
            format!("penalty {penalty:e} towards the values of the rule's evaluation terms (validation log-loss {validation:.5}, terms' {base_validation:.5})"),
            format!("held-out log-loss: the terms' values {baseline:.5}, these {test:.5}"),
            "each line: the four axis codes of a class, its near group (own stones near the point: 0, 1, 2, 3 or more), its value to the side to move, to the side that waits".into(),
        ];
        if let Err(e) = std::fs::write(&out, values.to_text(&comments)) {
            fail(&format!("{out}: {e}"));
        }
    }
}

/// Ends the program with `message`.
fn fail(message: &str) -> ! {
    eprintln!("fit_classes: {message}");
    std::process::exit(2);
}

/// The logistic slope that turns a search score into odds for the labels: the terms'
/// slope on the standard games (`terms' values: slope` above), so that a score of 200 is a
/// three-to-one position.
const SCORE_SLOPE: f64 = 0.0055;

/// How a game's positions are labelled.
struct Labels<'a> {
    winner: Player,
    /// The search score of each move from the mover's view, where recorded.
    scores: &'a [Option<f64>],
    score_weight: f64,
}

impl Labels<'_> {
    /// The label of the position before move `i`, whose side to move is `me`.
    fn label(&self, i: usize, me: Player) -> f64 {
        let result = f64::from(u8::from(me == self.winner));
        match self.scores.get(i).copied().flatten() {
            Some(score) => {
                let w = self.score_weight;
                (1.0 - w) * result + w * sigmoid(score * SCORE_SLOPE)
            }
            None => result,
        }
    }
}

/// A game's search scores, move by move (`None` where none was recorded).
type Scores = Vec<Option<f64>>;

/// The games of the files at `paths` (a file that cannot be read is reported and skipped),
/// each with the scores of the `scores` line after it (empty if none), and the number of
/// lines that are neither.
fn read_scored(paths: &[String]) -> (Vec<(Record, Scores)>, usize) {
    let (mut games, mut skipped) = (Vec::new(), 0);
    for path in paths {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        for line in text.lines() {
            if let Some(scores) = line.strip_prefix("scores ") {
                if let Some((_, last)) = games.last_mut() {
                    *last = scores.split_whitespace().map(|w| w.parse().ok()).collect();
                }
            } else if let Some(record) = parse_record(line) {
                games.push((record, Vec::new()));
            } else {
                skipped += 1;
            }
        }
    }
    (games, skipped)
}

/// Plays `moves` from `position`, adding each quiet position after the opening with its
/// label. Stops at the first illegal move.
fn replay(mut position: Position, moves: &[Point], labels: &Labels, set: &mut Vec<Sample>) {
    for (i, &mv) in moves.iter().enumerate() {
        if i >= 3 && position.status() == Status::Ongoing {
            let tracked = SearchPosition::new(position);
            if GomokuEvaluator::is_quiet(&tracked) {
                let me = position.side_to_move();
                set.push(Sample {
                    features: features(&tracked, me),
                    black: me == Player::First,
                    won: labels.label(i, me),
                });
            }
        }
        if position.play(mv).is_err() {
            return;
        }
    }
}

/// The counts of the empty points of each class and near group for the side to move `me`
/// and its opponent.
fn features(position: &SearchPosition, me: Player) -> Vec<(u16, f32)> {
    let mut counts = vec![0u16; 2 * CLASS_VALUE_COUNT];
    for point in position.position().empty_points() {
        for (side, colour) in [me, me.opponent()].into_iter().enumerate() {
            let class = point_class(position.cell(colour, point));
            let group = near_group(position.neighbours(colour, point));
            if class != 0 || group != 0 {
                counts[side * CLASS_VALUE_COUNT + group * POINT_CLASSES + class] += 1;
            }
        }
    }
    counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(k, &n)| (k as u16, f32::from(n)))
        .collect()
}

/// The score of a sample under class values `u` (the side to move's to-move values, then the
/// waiting side's), without the bias.
fn score(sample: &Sample, u: &[f64]) -> f64 {
    sample
        .features
        .iter()
        .map(|&(k, n)| {
            let sign = if usize::from(k) < CLASS_VALUE_COUNT {
                1.0
            } else {
                -1.0
            };
            sign * f64::from(n) * u[usize::from(k)]
        })
        .sum()
}

/// The mean log-loss of a set under values `u` and colour biases `bias`.
fn loss(set: &[Sample], u: &[f64], bias: [f64; 2]) -> f64 {
    let total: f64 = set
        .iter()
        .map(|s| {
            let z = score(s, u) + bias[usize::from(!s.black)];
            let p = sigmoid(z).clamp(1e-9, 1.0 - 1e-9);
            -(s.won * p.ln() + (1.0 - s.won) * (1.0 - p).ln())
        })
        .sum();
    total / set.len().max(1) as f64
}

/// The values and biases minimising the fit set's mean log-loss plus `penalty` times the
/// squared distance of the values from `centre`: 600 full steps of Adam from the centre.
fn fit(set: &[Sample], centre: &[f64], bias: [f64; 2], penalty: f64) -> (Vec<f64>, [f64; 2]) {
    let d = centre.len();
    let mut w: Vec<f64> = centre.iter().copied().chain(bias).collect();
    let (mut m, mut v) = (vec![0.0; d + 2], vec![0.0; d + 2]);
    let (rate, beta1, beta2) = (0.01, 0.9, 0.999);
    let n = set.len() as f64;
    for step in 1..=600 {
        let mut gradient = vec![0.0; d + 2];
        for s in set {
            let b = d + usize::from(!s.black);
            let p = sigmoid(score(s, &w[..d]) + w[b]);
            let e = (p - s.won) / n;
            for &(k, count) in &s.features {
                let sign = if usize::from(k) < CLASS_VALUE_COUNT {
                    1.0
                } else {
                    -1.0
                };
                gradient[usize::from(k)] += e * sign * f64::from(count);
            }
            gradient[b] += e;
        }
        for k in 0..d {
            gradient[k] += 2.0 * penalty * (w[k] - centre[k]);
        }
        // Class 0 with no stone near is worth nothing, whatever the data.
        gradient[0] = 0.0;
        gradient[CLASS_VALUE_COUNT] = 0.0;
        for k in 0..d + 2 {
            m[k] = beta1 * m[k] + (1.0 - beta1) * gradient[k];
            v[k] = beta2 * v[k] + (1.0 - beta2) * gradient[k] * gradient[k];
            let m_hat = m[k] / (1.0 - beta1.powi(step));
            let v_hat = v[k] / (1.0 - beta2.powi(step));
            w[k] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
    }
    let bias = [w[d], w[d + 1]];
    w.truncate(d);
    (w, bias)
}
