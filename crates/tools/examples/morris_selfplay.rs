//! Self-play games of the morris alpha-beta search, for fitting the evaluation
//! (`fit_morris`): each game starts with a few random placements, then both sides search to
//! a fixed depth with the evaluation blurred by a seeded noise (so that games differ), under
//! the arena's draw rules (threefold repetition, 50 quiet moves). The same seed gives the
//! same games on every machine.
//!
//!     cargo run --release -p boardgames-tools --example morris_selfplay -- \
//!         --games 2000 --seed 1 --depth 4 > morris-games.txt
//!
//! One game a line on standard output: the winner (`first`, `second` or `draw`) and the
//! moves in the rules crate's notation. `--games N` (default 100); `--seed S` (default 1):
//! game `i` draws its opening and noise from the seed and `i`, so a run from `--first F`
//! (default 0) continues another run of the same seed; `--depth D` (default 4); `--random N`
//! random placements, from 2 to N each game (default 6); `--noise A`: the noise's amplitude
//! in score units (default 10); `--eval hand|fitted|FILE` (default `hand`): the hand-set
//! weights, the built-in fitted ones or a weights file's.

#[path = "cli/mod.rs"]
mod cli;

use boardgames_core::matches::{DrawRules, Match};
use boardgames_core::{Game, Player, Rng, Status};
use boardgames_morris::{Move, Position};
use boardgames_players::morris::{FittedWeights, MorrisEvaluator};
use boardgames_players::Seeded;
use boardgames_search::{Limits, Searcher};

/// What to play.
struct Options {
    games: u64,
    first: u64,
    seed: u64,
    depth: u32,
    random: u32,
    noise: i32,
    evaluator: MorrisEvaluator,
}

/// The longest game, in plies (a draw beyond).
const MAX_PLIES: usize = 400;

fn main() {
    let options = match parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("morris_selfplay: {e}");
            std::process::exit(2);
        }
    };
    for game in options.first..options.first + options.games {
        let mut rng = Rng::new(options.seed).fork(game);
        let (status, moves) = play(&options, &mut rng, game);
        let winner = match status {
            Status::Won(Player::First) => "first",
            Status::Won(Player::Second) => "second",
            _ => "draw",
        };
        let moves: Vec<String> = moves.iter().map(Move::to_string).collect();
        println!("{winner} {}", moves.join(" "));
    }
}

/// One game: random placements drawn from `rng`, then the search's moves.
fn play(options: &Options, rng: &mut Rng, game: u64) -> (Status, Vec<Move>) {
    let rules = DrawRules {
        threefold: true,
        quiet_moves: Some(50),
    };
    let mut game_match = Match::new(Position::new(), rules);
    let mut moves = Vec::new();
    let random = 2 + rng.below(options.random.saturating_sub(1).max(1));
    while moves.len() < random as usize {
        let Some(mv) = game_match.position().random_move(rng) else {
            break;
        };
        if game_match.play_move(mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    let noisy = Seeded::new(options.evaluator, options.seed ^ game, options.noise);
    let mut searcher = Searcher::new(noisy).with_table_bytes(4 << 20);
    let limits = Limits::depth(options.depth);
    while game_match.status() == Status::Ongoing && moves.len() < MAX_PLIES {
        let found = searcher.search(game_match.position(), &limits);
        let Some(mv) = found.best_move else { break };
        if game_match.play_move(mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    (game_match.status(), moves)
}

/// The options from the command line.
fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        games: 100,
        first: 0,
        seed: 1,
        depth: 4,
        random: 6,
        noise: 10,
        evaluator: MorrisEvaluator::hand_set(),
    };
    for (flag, value) in cli::pairs(args)? {
        let number = || cli::number(&flag, &value);
        match flag.as_str() {
            "--games" => options.games = number()?,
            "--first" => options.first = number()?,
            "--seed" => options.seed = number()?,
            "--depth" => options.depth = number()?.clamp(1, 20) as u32,
            "--random" => options.random = number()?.clamp(2, 18) as u32,
            "--noise" => options.noise = number()?.min(1000) as i32,
            "--eval" => options.evaluator = evaluator(&value)?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}

/// The evaluator `hand`, `fitted` or that of a weights file.
pub fn evaluator(name: &str) -> Result<MorrisEvaluator, String> {
    match name {
        "hand" => Ok(MorrisEvaluator::hand_set()),
        "fitted" => Ok(MorrisEvaluator::new()),
        path => FittedWeights::read(path.as_ref())
            .map(MorrisEvaluator::with_fitted)
            .map_err(|e| e.to_string()),
    }
}
