//! Tic-tac-toe's board: marks and the winning line.

use crate::error::ApiError;
use crate::referee;
use boardgames_tictactoe::{Cell, Position};
use serde_json::{json, Map, Value};

/// Adds `cells` and `lines`.
pub fn fill(view: &mut Map<String, Value>, moves: &[String]) -> Result<(), ApiError> {
    let mut position = Position::new();
    referee::replay_on(&mut position, moves)?;
    let cells: Map<String, Value> = (0..9)
        .filter_map(Cell::from_index)
        .filter_map(|cell| {
            let owner = position.mark_at(cell)?;
            Some((cell.to_string(), json!(owner.name())))
        })
        .collect();
    view.insert("cells".into(), Value::Object(cells));
    if let Some(line) = position.winning_line() {
        let line: Vec<String> = line.iter().map(Cell::to_string).collect();
        view.insert("lines".into(), json!([line]));
    }
    Ok(())
}
