//! Gomoku's board: stones, the winning lines, renju's forbidden points with the crate's
//! reasons, and an opening's step and seats.

use crate::error::ApiError;
use crate::referee;
use boardgames_core::Player;
use boardgames_gomoku::opening::{Colour, OpeningGame};
use boardgames_gomoku::{Line, Position};
use serde_json::{json, Map, Value};

/// Adds `cells`, `lines`, `size`, `rule`, `forbidden`, `forbidden_for`, and under an
/// opening `opening`, `step`, `step_text`, `colours`, `offers` and `colour_to_place`.
pub fn fill(
    view: &mut Map<String, Value>,
    options: &Map<String, Value>,
    moves: &[String],
    over: bool,
) -> Result<(), ApiError> {
    let game: OpeningGame = referee::position(options, moves)?;
    let position = game.position();
    let mut cells = Map::new();
    for player in Player::ALL {
        for point in position.stones(player).iter() {
            cells.insert(point.to_string(), json!(player.name()));
        }
    }
    view.insert("cells".into(), Value::Object(cells));
    let lines: Vec<Vec<String>> = position.winning_lines().map(line_cells).collect();
    view.insert("lines".into(), json!(lines));
    view.insert("size".into(), json!(position.size()));
    view.insert("rule".into(), json!(position.rule().to_string()));
    let forbidden = if over {
        Vec::new()
    } else {
        forbidden(position)
    };
    view.insert("forbidden".into(), json!(forbidden));
    let black = game.seat_of(Colour::Black).map(Player::name);
    view.insert("forbidden_for".into(), json!(black));
    if options.contains_key("opening") {
        opening(view, options, moves, &game)?;
    }
    Ok(())
}

/// The points of a line.
fn line_cells(line: Line) -> Vec<String> {
    line.cells().map(|p| p.to_string()).collect()
}

/// Black's forbidden points with the crate's reasons (none unless the rule has them).
fn forbidden(position: &Position) -> Vec<Value> {
    let black = Player::First;
    position
        .forbidden_points(black)
        .iter()
        .filter_map(|point| {
            let why = position.forbidden(black, point)?;
            let lines: Vec<String> = why.lines().map(|l| l.to_string()).collect();
            Some(json!({
                "point": point.to_string(),
                "kind": why.kind().name(),
                "reason": why.to_string(),
                "lines": lines,
            }))
        })
        .collect()
}

/// The opening's fields; `step`, `colours` and `offers` are the referee's `state` answer's.
fn opening(
    view: &mut Map<String, Value>,
    options: &Map<String, Value>,
    moves: &[String],
    game: &OpeningGame,
) -> Result<(), ApiError> {
    let mut request = Map::new();
    request.insert("op".into(), json!("state"));
    request.insert("game".into(), json!("gomoku"));
    request.insert("options".into(), Value::Object(options.clone()));
    request.insert("moves".into(), json!(moves));
    let state = referee::ask(&request)?;
    for field in ["step", "colours", "offers"] {
        view.insert(
            field.into(),
            state.get(field).cloned().unwrap_or(Value::Null),
        );
    }
    view.insert("opening".into(), json!(game.opening().map(|o| o.name())));
    view.insert("step_text".into(), json!(game.step().to_string()));
    view.insert(
        "colour_to_place".into(),
        json!(game.colour_to_place().name()),
    );
    Ok(())
}
