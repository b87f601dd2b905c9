//! Nine men's morris's board: pieces, phases, pieces in hand and the mills.

use crate::error::ApiError;
use crate::referee;
use boardgames_core::Player;
use boardgames_morris::{Phase, Position};
use serde_json::{json, Map, Value};

/// Adds `cells`, `phase`, `in_hand`, `on_board`, `captured`, `flying`, `mills` and
/// `draw_rule`. The draw rules change the result only (the referee's
/// status), not the board, so the board is the plain position's.
pub fn fill(
    view: &mut Map<String, Value>,
    options: &Map<String, Value>,
    moves: &[String],
) -> Result<(), ApiError> {
    let mut position = Position::new();
    referee::replay_on(&mut position, moves)?;
    let mut cells = Map::new();
    for player in Player::ALL {
        for point in position.pieces(player).points() {
            cells.insert(point.to_string(), json!(player.name()));
        }
    }
    view.insert("cells".into(), Value::Object(cells));
    view.insert("phase".into(), by_player(|p| phase(position.phase(p))));
    view.insert("in_hand".into(), by_player(|p| position.in_hand(p)));
    view.insert("on_board".into(), by_player(|p| position.on_board(p)));
    view.insert("captured".into(), by_player(|p| position.captured(p)));
    let flying: Vec<&str> = Player::ALL
        .into_iter()
        .filter(|&p| position.phase(p) == Phase::Flying)
        .map(Player::name)
        .collect();
    view.insert("flying".into(), json!(flying));
    view.insert(
        "mills".into(),
        by_player(|p| {
            let points: Vec<String> = position
                .pieces_in_mills(p)
                .points()
                .map(|point| point.to_string())
                .collect();
            json!(points)
        }),
    );
    let rule = options.get("draw_rule").cloned().unwrap_or(json!("none"));
    view.insert("draw_rule".into(), rule);
    Ok(())
}

/// A phase's name.
fn phase(phase: Phase) -> &'static str {
    match phase {
        Phase::Placing => "placing",
        Phase::Moving => "moving",
        Phase::Flying => "flying",
    }
}

/// `{"first": .., "second": ..}` of a value for each player.
fn by_player<T: Into<Value>>(mut of: impl FnMut(Player) -> T) -> Value {
    json!({ "first": of(Player::First).into(), "second": of(Player::Second).into() })
}
