//! The computer: a level player's or an engine's move, and its answer to a draw offer. Every
//! function here runs on the search pool.

use crate::caps;
use crate::error::ApiError;
use crate::referee;
use crate::requests::{GameRequest, MoveRequest};
use boardgames_core::Game;
use boardgames_gomoku::opening::OpeningGame;
use boardgames_players::gomoku::{GomokuPlayer, OpeningPlayer};
use boardgames_players::morris::MorrisPlayer;
use boardgames_players::tictactoe::TicTacToePlayer;
use boardgames_players::ultimate::UltimatePlayer;
use boardgames_players::{ComputerPlayer, Level};
use boardgames_search::Limits;
use serde_json::{json, Map, Value};
use std::time::{Duration, Instant};

/// Who plays a `/api/move` request: a level with its seed, or an engine's search request.
pub enum Mover {
    /// A game's computer player.
    Level(Level, u64),
    /// The referee's `search`, its limits clamped.
    Engine(Map<String, Value>, Vec<&'static str>),
}

/// Reads who plays; `default` is the level when neither a level nor an engine is named.
pub fn mover(request: &MoveRequest, default: Level) -> Result<Mover, ApiError> {
    match (&request.level, &request.engine) {
        (Some(_), Some(_)) => Err(ApiError::invalid(
            "give either \"level\" or \"engine\", not both",
        )),
        (None, Some(engine)) => {
            let game = request.game();
            let mut search = game.referee("search");
            search.insert("moves".into(), json!(game.all_moves()));
            search.insert("engine".into(), json!(engine));
            search.insert("millis".into(), json!(request.millis.unwrap_or(1_000)));
            search.insert("threads".into(), json!(request.threads.unwrap_or(1)));
            let clamped = caps::clamp(&mut search)?;
            Ok(Mover::Engine(search, clamped))
        }
        (level, None) => {
            if request.millis.is_some() || request.threads.is_some() {
                return Err(ApiError::invalid(
                    "\"millis\" and \"threads\" go with \"engine\"; a level has its own limits",
                ));
            }
            let level = match level {
                Some(name) => name
                    .parse()
                    .map_err(|e| ApiError::invalid(format!("{e}")))?,
                None => default,
            };
            Ok(Mover::Level(level, request.seed.unwrap_or_else(fresh_seed)))
        }
    }
}

/// Checks that the game goes on and, when `side` is given, that it is the side to move: a
/// cheap check made before a search is queued.
pub fn ready(game: &GameRequest, side: Option<&str>) -> Result<(), ApiError> {
    let checked = referee::check(game)?;
    if checked["status"] != "ongoing" {
        return Err(ApiError::invalid(
            "the game is over: there is nothing to play",
        ));
    }
    let to_move = checked["to_move"].as_str().unwrap_or_default();
    match side {
        None => Ok(()),
        Some(side) if side == to_move => Ok(()),
        Some(side @ ("first" | "second")) => Err(ApiError::conflict(json!({
            "error": format!("the computer plays {side}, but {to_move} is to move"),
            "to_move": to_move,
        }))),
        Some(other) => Err(ApiError::invalid(format!(
            "\"side\" must be \"first\" or \"second\", got {other:?}"
        ))),
    }
}

/// The move and its figures, for a game [`ready`] accepted.
pub fn play(game: &GameRequest, mover: Mover) -> Result<Value, ApiError> {
    let start = Instant::now();
    match mover {
        Mover::Level(level, seed) => {
            let mv = level_move(game, level, seed)?;
            let micros = start.elapsed().as_micros() as u64;
            Ok(
                json!({ "move": mv, "by": format!("level {level}"), "seed": seed, "micros": micros }),
            )
        }
        Mover::Engine(search, clamped) => {
            let mut answer = referee::ask(&search)?;
            answer["by"] = json!(format!(
                "engine {}",
                search["engine"].as_str().unwrap_or("")
            ));
            if !clamped.is_empty() {
                answer["clamped"] = json!(clamped);
            }
            Ok(answer)
        }
    }
}

/// A level's searches stop within the search time cap whatever their node budget.
fn capped(limits: Option<Limits>) -> Option<Limits> {
    limits.map(|l| l.with_time(Duration::from_millis(caps::MAX_MILLIS)))
}

/// The level player's move for a checked game.
fn level_move(game: &GameRequest, level: Level, seed: u64) -> Result<String, ApiError> {
    let moves = game.all_moves();
    let (options, moves) = (&game.options, &moves);
    let mv = match game.game.as_str() {
        "tictactoe" => {
            let position: boardgames_tictactoe::Position = referee::position(options, moves)?;
            choose(TicTacToePlayer::new(level, seed), &position)
        }
        "ultimate" => {
            let position: boardgames_ultimate::Position = referee::position(options, moves)?;
            let limits = boardgames_players::ultimate::level_limits(level);
            let player = UltimatePlayer::new(level, seed);
            choose(
                with(player, capped(limits), UltimatePlayer::with_limits),
                &position,
            )
        }
        "morris" => {
            let mut position = boardgames_morris::Position::new();
            referee::replay_on(&mut position, moves)?;
            let limits = boardgames_players::morris::level_limits(level);
            let player = MorrisPlayer::new(level, seed).with_env_databases();
            choose(
                with(player, capped(limits), MorrisPlayer::with_limits),
                &position,
            )
        }
        "gomoku" if game.options.contains_key("opening") => {
            let position: OpeningGame = referee::position(options, moves)?;
            choose(OpeningPlayer::new(level, seed), &position)
        }
        "gomoku" => {
            let position: boardgames_gomoku::Position = referee::position(options, moves)?;
            let limits = boardgames_players::gomoku::level_limits(level);
            let player = GomokuPlayer::new(level, seed);
            choose(
                with(player, capped(limits), GomokuPlayer::with_limits),
                &position,
            )
        }
        other => return Err(ApiError::invalid(format!("unknown game {other:?}"))),
    };
    mv.ok_or_else(|| ApiError::internal("the computer found no move"))
}

/// The player with `limits` when it has some (the beginners do not search).
fn with<P>(player: P, limits: Option<Limits>, set: fn(P, Limits) -> P) -> P {
    match limits {
        Some(limits) => set(player, limits),
        None => player,
    }
}

/// The player's move, in notation.
fn choose<G: Game, P: ComputerPlayer<G>>(mut player: P, position: &G) -> Option<String> {
    player.choose_move(position).map(|mv| mv.to_string())
}

/// A seed for a request that gave none: different on every call.
fn fresh_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    boardgames_core::zobrist::splitmix64(nanos ^ COUNTER.fetch_add(1, Ordering::Relaxed) << 32)
}
