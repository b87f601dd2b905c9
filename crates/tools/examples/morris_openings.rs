//! Late-game start positions for arena matches, taken from `morris_selfplay` games: from
//! each game, the first position at ply `--ply` or later (default 40) where both players are
//! done placing and have from `--min` to `--max` pieces (default 6 to 8) and the game goes
//! on; every `--every`-th game's (default 1), at most `--count` (default 50).
//!
//!     cargo run --release -p boardgames-tools --example morris_openings -- \
//!         --count 50 GAMES... > late.txt
//!
//! One opening a line (the moves that lead there), as the arena's `--openings FILE` reads
//! them.

use boardgames_core::matches::{DrawRules, Match};
use boardgames_core::{Game, Player, Status};
use boardgames_morris::{Move, Position};

/// Which positions to take.
struct Options {
    ply: usize,
    min: u32,
    max: u32,
    every: usize,
    count: usize,
}

fn main() {
    let mut options = Options {
        ply: 40,
        min: 6,
        max: 8,
        every: 1,
        count: 50,
    };
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().and_then(|v| v.parse::<usize>().ok());
        match arg.as_str() {
            "--ply" => options.ply = value().unwrap_or(options.ply),
            "--min" => options.min = value().map_or(options.min, |v| v as u32),
            "--max" => options.max = value().map_or(options.max, |v| v as u32),
            "--every" => options.every = value().unwrap_or(1).max(1),
            "--count" => options.count = value().unwrap_or(options.count),
            _ => paths.push(arg),
        }
    }
    let mut games = 0;
    let mut found = 0;
    for path in &paths {
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("{path}: cannot read");
            continue;
        };
        for line in text.lines() {
            games += 1;
            if found >= options.count || games % options.every != 0 {
                continue;
            }
            if let Some(moves) = late_position(&options, line) {
                let moves: Vec<String> = moves.iter().map(Move::to_string).collect();
                println!("{}", moves.join(" "));
                found += 1;
            }
        }
    }
    eprintln!("{found} openings from {games} games");
}

/// The moves up to the first position of the game on `line` that fits `options`.
fn late_position(options: &Options, line: &str) -> Option<Vec<Move>> {
    let moves: Vec<Move> = line
        .split_whitespace()
        .skip(1)
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let rules = DrawRules {
        threefold: true,
        quiet_moves: Some(50),
    };
    let mut game = Match::new(Position::new(), rules);
    for (ply, &mv) in moves.iter().enumerate() {
        if game.status() != Status::Ongoing {
            return None;
        }
        let position = game.position();
        let fits = |p: Player| {
            position.in_hand(p) == 0 && (options.min..=options.max).contains(&position.on_board(p))
        };
        if ply >= options.ply && fits(Player::First) && fits(Player::Second) {
            return Some(moves[..ply].to_vec());
        }
        game.play_move(mv).ok()?;
    }
    None
}
