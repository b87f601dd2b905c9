//! `/api/record/export` and `/api/record/import`: the project's record text (and gomoku's
//! `.psq`) to and from the page's game requests.

use crate::error::ApiError;
use crate::referee;
use crate::requests::{ExportRequest, GameRequest, ImportRequest};
use boardgames_core::matches::record::{Record, RecordError, RecordGame};
use boardgames_core::matches::{Match, Reason};
use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::opening::OpeningGame;
use boardgames_gomoku::psq::{Psq, PsqError};
use boardgames_gomoku::Rule;
use serde_json::{json, Map, Value};

/// The answer to a `.psq` import (one with a `rule`) whose text is not a `.psq` file.
pub const NOT_PSQ: &str = "this is not a .psq file: a .psq file (Piskvork's) starts with a line such as \"Piskvorky 15x15, 11:11, 0\", then one move a line as \"x,y,time\" (columns and rows from 1); \"rule\" goes with a .psq file only, a record names its own rule";

/// The tags a page may add to an exported record.
pub const TAGS: [&str; 6] = ["First", "Second", "Date", "Event", "Site", "Round"];

/// The record of a game (with its actions and the given tags), and its `.psq` for gomoku
/// without an opening rule.
pub fn export(request: &ExportRequest) -> Result<Value, ApiError> {
    let game = request.game();
    let checked = referee::check(&game)?;
    let text = checked["record"].as_str().unwrap_or_default();
    let mut record: Record = text.parse().map_err(ApiError::internal)?;
    for (name, value) in &request.tags {
        if !TAGS.contains(&name.as_str()) {
            return Err(ApiError::invalid(format!(
                "unknown tag {name:?}: the tags a page may set are {}",
                TAGS.join(", ")
            )));
        }
        let Some(value) = value.as_str() else {
            return Err(ApiError::invalid(format!("tag {name:?} must be a string")));
        };
        record.tags.retain(|(n, _)| n != name);
        record.tags.push((name.clone(), value.to_owned()));
    }
    let psq = match game.game.as_str() {
        "gomoku" if !game.options.contains_key("opening") => Some(psq_text(&record)?),
        _ => None,
    };
    Ok(json!({
        "record": record.to_string(),
        "psq": psq,
        "filename": format!("{}.txt", game.game),
    }))
}

/// A gomoku record as a `.psq` file.
fn psq_text(record: &Record) -> Result<String, ApiError> {
    let game = record
        .to_match::<boardgames_gomoku::Position>()
        .map_err(ApiError::internal)?;
    let psq = Psq::from_match(&game).map_err(|e| ApiError::invalid(e.to_string()))?;
    Ok(psq.to_string())
}

/// The game a record or `.psq` text holds, as the page's request fields, with its result.
pub fn import(request: &ImportRequest) -> Result<Value, ApiError> {
    let text = request.text.trim_start();
    let game = if text.starts_with("Piskvorky") {
        from_psq(text, request.rule.as_deref().unwrap_or("freestyle"))?
    } else {
        if request.rule.is_some() {
            return Err(ApiError::invalid(NOT_PSQ));
        }
        from_record(text)?
    };
    // The page replays what it is given: check that it plays back to the same end.
    let checked = referee::check(&game)?;
    Ok(json!({
        "game": game.game,
        "options": game.options,
        "moves": game.moves,
        "actions": game.actions,
        "status": checked["status"],
        "reason": checked["reason"],
    }))
}

/// A game to load, as the page's request fields.
type Loaded = GameRequest;

/// A `.psq` file played under `rule`.
fn from_psq(text: &str, rule: &str) -> Result<Loaded, ApiError> {
    let rule: Rule = rule
        .parse()
        .map_err(|e| ApiError::invalid(format!("{e}")))?;
    let psq: Psq = text.parse().map_err(psq_error)?;
    let game = psq.to_match(rule).map_err(psq_error)?;
    let mut options = Map::new();
    options.insert("size".into(), json!(game.position().size()));
    options.insert("rule".into(), json!(rule.to_string()));
    Ok(loaded("gomoku", options, &game))
}

fn psq_error(e: PsqError) -> ApiError {
    ApiError::from_answer(match e {
        PsqError::OffBoard { line, .. } => json!({ "error": e.to_string(), "line": line }),
        PsqError::Header { .. } => json!({ "error": e.to_string(), "line": 1 }),
        _ => match e.ply() {
            Some(ply) => json!({ "error": e.to_string(), "ply": ply }),
            None => json!({ "error": e.to_string() }),
        },
    })
}

fn record_error(e: RecordError) -> ApiError {
    ApiError::from_answer(match &e {
        RecordError::Syntax { line, .. } => json!({ "error": e.to_string(), "line": line }),
        _ => match e.ply() {
            Some(ply) => json!({ "error": e.to_string(), "ply": ply }),
            None => json!({ "error": e.to_string() }),
        },
    })
}

/// A record in the project's format.
fn from_record(text: &str) -> Result<Loaded, ApiError> {
    let record: Record = text.parse().map_err(record_error)?;
    if record.tag("Setup").is_some() {
        return Err(ApiError::invalid(
            "the record starts from a set-up position: the page plays games from the start",
        ));
    }
    let name = record
        .game()
        .ok_or_else(|| ApiError::invalid("the record has no [Game \"...\"] tag"))?
        .to_owned();
    let options = options(&record, &name)?;
    Ok(match name.as_str() {
        "tictactoe" => loaded(
            &name,
            options,
            &replayed::<boardgames_tictactoe::Position>(&record)?,
        ),
        "ultimate" => loaded(
            &name,
            options,
            &replayed::<boardgames_ultimate::Position>(&record)?,
        ),
        "gomoku" if options.contains_key("opening") => {
            loaded(&name, options, &replayed::<OpeningGame>(&record)?)
        }
        "gomoku" => loaded(
            &name,
            options,
            &replayed::<boardgames_gomoku::Position>(&record)?,
        ),
        "morris" => loaded(
            &name,
            options,
            &replayed::<boardgames_morris::Position>(&record)?,
        ),
        other => {
            return Err(ApiError::invalid(format!(
                "unknown game {other:?}: the games are tictactoe, ultimate, gomoku, morris"
            )))
        }
    })
}

fn replayed<G: RecordGame>(record: &Record) -> Result<Match<G>, ApiError> {
    record.to_match::<G>().map_err(record_error)
}

/// The options a record's tags set (see the record format in `docs/records.md`).
fn options(record: &Record, game: &str) -> Result<Map<String, Value>, ApiError> {
    let mut options = Map::new();
    let tag = |name: &str| record.tag(name).map(str::to_owned);
    match game {
        "ultimate" => {
            if let Some(tiebreak) = tag("TieBreak") {
                options.insert("tiebreak".into(), json!(tiebreak));
            }
        }
        "gomoku" => {
            if let Some(size) = tag("Size") {
                let size: u32 = size
                    .parse()
                    .map_err(|_| ApiError::invalid(format!("tag Size: {size:?} is not a size")))?;
                options.insert("size".into(), json!(size));
            }
            for (tag_name, option) in [("Rule", "rule"), ("Opening", "opening")] {
                if let Some(value) = tag(tag_name) {
                    options.insert(option.into(), json!(value));
                }
            }
        }
        "morris" => {
            let threefold = tag("Threefold").is_some_and(|v| v == "yes");
            let quiet: Option<u64> = tag("QuietMoves").and_then(|v| v.parse().ok());
            if threefold || quiet.is_some() {
                let mut rule = Map::new();
                rule.insert("threefold".into(), json!(threefold));
                if let Some(quiet) = quiet {
                    rule.insert("quiet_moves".into(), json!(quiet));
                }
                options.insert("draw_rule".into(), Value::Object(rule));
            }
        }
        _ => {}
    }
    Ok(options)
}

/// The page's request for a replayed match: its moves, and the actions that end it the way
/// the record says (a resignation, an agreed or pending draw offer, a fallen flag).
fn loaded<G: RecordGame>(name: &str, options: Map<String, Value>, game: &Match<G>) -> Loaded {
    let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
    let mut actions = Vec::new();
    match game.outcome() {
        Some(outcome) if outcome.reason == Reason::Resignation => {
            if let Status::Won(winner) = outcome.status {
                actions.push(json!({ "resign": winner.opponent().name() }));
            }
        }
        Some(outcome) if outcome.reason == Reason::Agreement => {
            let offerer = game.side_to_move();
            actions.push(json!({ "offer": offerer.name() }));
            actions.push(json!({ "accept": offerer.opponent().name() }));
        }
        Some(outcome) if outcome.reason == Reason::Time => {
            if let Status::Won(winner) = outcome.status {
                actions.push(json!({ "flag": winner.opponent().name() }));
            }
        }
        _ => {}
    }
    if let Some(offerer) = game.pending_offer() {
        actions.push(json!({ "offer": Player::name(offerer) }));
    }
    GameRequest {
        game: name.to_owned(),
        options,
        moves,
        actions,
    }
}
