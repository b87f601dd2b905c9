//! Fits the morris evaluation weights ([`FittedWeights`]) to self-play results: a logistic
//! regression of the game's result for the side to move (1 a win, 0.5 a draw, 0 a loss) on
//! the evaluation terms of both players ([`terms`]), one set of weights for each stage
//! (placing, moving) with a bias each, solved by Newton's method.
//!
//!     cargo run --release -p boardgames-tools --example fit_morris -- \
//!         [--out crates/ai-players/data/morris-eval-v2.txt] [--skip 4] GAMES...
//!
//! `GAMES` are files of `morris_selfplay` (one game a line: the winner and the moves). The
//! first `--skip` plies of each game (default 4) are left out, and so are finished
//! positions. One game in five is held out to test the fit. It prints the held-out log-loss
//! of the hand-set weights (their score scaled by the slope, with the biases, that fits it
//! best) and of the fitted weights, and writes the fitted weights in score units: divided by
//! the hand-set weights' slope, so that a piece is worth about what it is worth to them and
//! the search's other scores (wins, the databases' draws) keep their meaning. The biases,
//! a constant for the side to move, change no choice and are not written.

use boardgames_core::{Game, Player, Status};
use boardgames_morris::{Move, Position};
use boardgames_players::morris::{terms, FittedWeights, MorrisEvaluator, Terms, TERMS};
use boardgames_search::Evaluator;

#[path = "fitting/mod.rs"]
#[allow(dead_code)]
mod fitting;
use fitting::{log_loss, newton, Features};

/// The features of one stage: the terms of the side to move, then the waiting player's.
const STAGE: usize = 2 * TERMS;

/// Both stages' features, then a bias for each stage.
const FEATURES: usize = 2 * STAGE + 2;

/// A position's features, its hand-set score and its label.
struct Sample {
    x: Features,
    hand: f64,
    y: f64,
}

/// The samples to fit and to test.
#[derive(Default)]
struct Data {
    fit: Vec<Sample>,
    test: Vec<Sample>,
    games: usize,
    skipped_lines: usize,
}

fn main() {
    let (mut out, mut skip, mut paths) = (None, 4, Vec::new());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => out = args.next(),
            "--skip" => skip = args.next().and_then(|s| s.parse().ok()).unwrap_or(4),
            _ => paths.push(arg),
        }
    }
    let mut data = Data::default();
    for path in &paths {
        match std::fs::read_to_string(path) {
            Ok(text) => text
                .lines()
                .for_each(|line| add_game(line, skip, &mut data)),
            Err(e) => eprintln!("{path}: {e}"),
        }
    }
    fitting::announce_sets(
        data.games,
        data.skipped_lines,
        data.fit.len(),
        data.test.len(),
    );
    let (weights, comments) = fit(&data, &paths);
    match out {
        Some(path) => {
            if let Err(e) = std::fs::write(&path, weights.to_text(&comments)) {
                eprintln!("{path}: {e}");
                std::process::exit(1);
            }
            println!("weights written to {path}");
        }
        None => print!("{}", weights.to_text(&comments)),
    }
}

/// Adds the positions of the game on `line` after its first `skip` plies, every fifth game
/// to the test set; a line that is not a game is counted as skipped.
fn add_game(line: &str, skip: usize, data: &mut Data) {
    let mut words = line.split_whitespace();
    let winner = match words.next() {
        Some("first") => Some(Player::First),
        Some("second") => Some(Player::Second),
        Some("draw") => None,
        _ => {
            data.skipped_lines += 1;
            return;
        }
    };
    let Ok(moves) = words.map(str::parse).collect::<Result<Vec<Move>, _>>() else {
        data.skipped_lines += 1;
        return;
    };
    let set = if data.games % 5 == 4 {
        &mut data.test
    } else {
        &mut data.fit
    };
    data.games += 1;
    let hand = MorrisEvaluator::hand_set();
    let mut position = Position::new();
    for (ply, mv) in moves.into_iter().enumerate() {
        if ply >= skip && position.status() == Status::Ongoing {
            let y = match winner {
                None => 0.5,
                Some(w) => f64::from(u8::from(w == position.side_to_move())),
            };
            let x = features(&position);
            let hand = f64::from(hand.evaluate(&position));
            set.push(Sample { x, hand, y });
        }
        if position.play(mv).is_err() {
            return;
        }
    }
}

/// The stage of `position`: 0 while a player holds a piece, 1 after.
fn stage(position: &Position) -> usize {
    let me = position.side_to_move();
    usize::from(position.in_hand(me) + position.in_hand(me.opponent()) == 0)
}

/// The features of `position`: its stage's block of terms and its stage's bias.
fn features(position: &Position) -> Features {
    let mut x = vec![0.0; FEATURES];
    let s = stage(position);
    let [mine, theirs] = terms(position);
    for k in 0..TERMS {
        x[s * STAGE + k] = f64::from(mine[k]);
        x[s * STAGE + TERMS + k] = f64::from(theirs[k]);
    }
    x[2 * STAGE + s] = 1.0;
    x
}

/// Fits the weights; prints the held-out losses; returns the weights in score units and the
/// comments that say how they were made.
fn fit(data: &Data, paths: &[String]) -> (FittedWeights, Vec<String>) {
    let pairs = |set: &[Sample], hand: bool| -> Vec<(Features, f64)> {
        set.iter()
            .map(|s| {
                let x = if hand {
                    let mut x = vec![s.hand];
                    x.extend_from_slice(&s.x[2 * STAGE..]);
                    x
                } else {
                    s.x.clone()
                };
                (x, s.y)
            })
            .collect()
    };
    let (hand_fit, hand_test) = (pairs(&data.fit, true), pairs(&data.test, true));
    let hand = newton(&hand_fit, 0.0);
    let hand_loss = log_loss(&hand_test, &hand);
    let slope = hand[0];
    println!("hand-set weights: slope {slope:.6}, test log-loss {hand_loss:.5}");
    let (fit, test) = (pairs(&data.fit, false), pairs(&data.test, false));
    let fitted = newton(&fit, 1e-5);
    let (fit_loss, test_loss) = (log_loss(&fit, &fitted), log_loss(&test, &fitted));
    println!("fitted weights: fit log-loss {fit_loss:.5}, test log-loss {test_loss:.5}");
    let mut weights = [[[0; TERMS]; 2]; 2];
    for (s, stage) in weights.iter_mut().enumerate() {
        for (d, side) in stage.iter_mut().enumerate() {
            *side = units(&fitted[s * STAGE + d * TERMS..][..TERMS], slope);
        }
    }
    let comments = vec![
        "fitted by fit_morris (boardgames-tools) to the results of morris_selfplay games".into(),
        format!("games: {}", paths.join(" ")),
        format!(
            "{} games, {} positions to fit, {} held out",
            data.games,
            data.fit.len(),
            data.test.len()
        ),
        format!("held-out log-loss: hand-set weights {hand_loss:.5}, fitted {test_loss:.5}"),
    ];
    (FittedWeights::new(weights), comments)
}

/// Fitted coefficients in score units.
fn units(coefficients: &[f64], slope: f64) -> Terms {
    let mut terms = [0; TERMS];
    for (t, c) in terms.iter_mut().zip(coefficients) {
        *t = (c / slope).round() as i32;
    }
    terms
}
