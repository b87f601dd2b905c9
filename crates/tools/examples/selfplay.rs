//! Self-play games of the engine's search for fitting the gomoku evaluation (`fit_eval`):
//! each game starts from the centre and a few random stones near it, then both sides play the
//! engine's alpha-beta search (its evaluator, selectivity, four extension, known results and
//! wide root) with a node budget a move, so the same seed gives the same games on every
//! machine.
//!
//!     cargo run --release -p boardgames-tools --example selfplay -- \
//!         --rule 1 --games 400 --seed 1 --nodes 20000 >> games.txt
//!
//! One game a line on standard output, as the match manager's `MATCH_GAMES` writes them
//! (`fit_eval` reads them): the `INFO rule` value, the winner (`black`, `white` or `draw`) and
//! the moves from the first stone. `--rule N`: the `INFO rule` value (0, 1, 4, 8, 9, 16;
//! default 1); `--games N` (default 100); `--seed S` (default 1): game `i` draws its opening
//! from the seed and `i`, so a run of games `--first F` onwards (default 0) continues another
//! run of the same seed; `--nodes N` a move (default 20,000); `--random N`: the random stones
//! after the centre, from 2 to N each game (default 5), on empty points within three points
//! of the centre; `--scores 1`: after each game a line `scores` and, for each move, the
//! search's score from the mover's view (`-` for the opening's random stones), which
//! `fit_eval` skips and `fit_classes` can fit to.

#[path = "cli/mod.rs"]
mod cli;

use boardgames_core::{Game, Player, Rng, Status};
use boardgames_gomoku::{Point, Position};
use boardgames_players::gomoku::{GomokuEvaluator, SearchPosition, MAX_WIDTH, SELECTIVITY};
use boardgames_search::{Limits, MakeUnmake, Searcher};
use pbrain_boardgames::protocol::parse_rule;

/// What to play.
struct Options {
    rule: u32,
    games: u64,
    first: u64,
    seed: u64,
    nodes: u64,
    random: u32,
    scores: bool,
}

fn main() {
    let options = match parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("selfplay: {e}");
            std::process::exit(2);
        }
    };
    let Ok(rule) = parse_rule(&options.rule.to_string()) else {
        eprintln!("selfplay: unknown rule {}", options.rule);
        std::process::exit(2);
    };
    let evaluator = GomokuEvaluator::new()
        .with_four_extension(true)
        .with_known_results(true)
        .with_root_width(MAX_WIDTH);
    let mut searcher = Searcher::make_unmake(evaluator)
        .with_table_bytes(16 << 20)
        .with_selectivity(SELECTIVITY);
    for game in options.first..options.first + options.games {
        let Ok(empty) = Position::new(15, rule) else {
            return;
        };
        let mut rng = Rng::new(options.seed).fork(game);
        let (status, moves, scores) = play(&options, empty, &mut rng, &mut searcher);
        let winner = match status {
            Status::Won(Player::First) => "black",
            Status::Won(Player::Second) => "white",
            _ => "draw",
        };
        let moves: Vec<String> = moves.iter().map(|p| p.to_string()).collect();
        println!("{} {winner} {}", options.rule, moves.join(" "));
        if options.scores {
            println!("scores {}", scores.join(" "));
        }
    }
}

/// One game from `position`: the opening drawn from `rng`, then the search's moves.
fn play(
    options: &Options,
    mut position: Position,
    rng: &mut Rng,
    searcher: &mut Searcher<SearchPosition, GomokuEvaluator, MakeUnmake>,
) -> (Status, Vec<Point>, Vec<String>) {
    let middle = position.size() / 2;
    let mut moves = Vec::new();
    let stones = 1 + 2 + rng.below(options.random.saturating_sub(1).max(1));
    while moves.len() < stones as usize && position.status() == Status::Ongoing {
        let point = if moves.is_empty() {
            Point::new(middle, middle)
        } else {
            let near = |rng: &mut Rng| (i32::from(middle) + rng.below(7) as i32 - 3) as u8;
            Point::new(near(rng), near(rng))
        };
        if let Some(point) = point.filter(|&p| position.is_legal(p)) {
            let _ = position.play(point);
            moves.push(point);
        }
    }
    let mut scores = vec!["-".to_string(); moves.len()];
    searcher.clear();
    let limits = Limits::none().with_nodes(options.nodes);
    while position.status() == Status::Ongoing {
        let found = searcher.search(&SearchPosition::new(position), &limits);
        let Some(point) = found.best_move.filter(|&p| position.is_legal(p)) else {
            break;
        };
        let _ = position.play(point);
        moves.push(point);
        scores.push(found.score.to_string());
    }
    (position.status(), moves, scores)
}

/// The options from the command line.
fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        rule: 1,
        games: 100,
        first: 0,
        seed: 1,
        nodes: 20_000,
        random: 5,
        scores: false,
    };
    for (flag, value) in cli::pairs(args)? {
        let number = || cli::number(&flag, &value);
        match flag.as_str() {
            "--rule" => options.rule = number()? as u32,
            "--games" => options.games = number()?,
            "--first" => options.first = number()?,
            "--seed" => options.seed = number()?,
            "--nodes" => options.nodes = number()?,
            "--random" => options.random = number()?.clamp(2, 20) as u32,
            "--scores" => options.scores = number()? != 0,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}
