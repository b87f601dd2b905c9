//! Ultimate tic-tac-toe's board: marks, the small boards' results and where one may play,
//! and the winning lines.

use crate::error::ApiError;
use crate::referee;
use boardgames_core::{grid3, Player};
use boardgames_ultimate::{BoardResult, Move, Position};
use serde_json::{json, Map, Value};

/// Adds `cells`, `boards`, `forced_board`, `tiebreak` and the macro line in `lines`.
pub fn fill(
    view: &mut Map<String, Value>,
    options: &Map<String, Value>,
    moves: &[String],
) -> Result<(), ApiError> {
    let position: Position = referee::position(options, moves)?;
    let cells: Map<String, Value> = (0..81)
        .filter_map(Move::from_index)
        .filter_map(|mv| Some((mv.to_string(), json!(position.mark_at(mv)?.name()))))
        .collect();
    view.insert("cells".into(), Value::Object(cells));
    let boards: Vec<Value> = (0..9).map(|b| board(&position, b)).collect();
    view.insert("boards".into(), json!(boards));
    view.insert(
        "forced_board".into(),
        json!(position.forced_board().map(|b| b + 1)),
    );
    view.insert("tiebreak".into(), json!(position.rules().tie_break.name()));
    for player in Player::ALL {
        let won = position.boards_won(player);
        let mask = (0..9u32)
            .filter(|&b| won.contains(b))
            .fold(0u16, |m, b| m | 1 << b);
        if let Some(line) = grid3::line_in(mask) {
            let line: Vec<String> = bits(line).map(|b| (b + 1).to_string()).collect();
            view.insert("lines".into(), json!([line]));
        }
    }
    Ok(())
}

/// One small board (0-8): its result, whether one may play in it, its winning cells.
fn board(position: &Position, b: u8) -> Value {
    let result = position.board_result(b).unwrap_or(BoardResult::Open);
    let (name, line) = match result {
        BoardResult::Open => ("open", None),
        BoardResult::Drawn => ("draw", None),
        BoardResult::Won(player) => {
            let mask = position.board_masks(player)[usize::from(b)];
            let line = grid3::line_in(mask).map(|line| {
                bits(line)
                    .filter_map(|c| Move::new(b, c as u8))
                    .map(|mv| mv.to_string())
                    .collect::<Vec<_>>()
            });
            (player.name(), line)
        }
    };
    json!({
        "board": b + 1,
        "result": name,
        "playable": position.playable_boards().contains(u32::from(b)),
        "line": line,
    })
}

/// The cells (0-8) of a 9-bit mask.
fn bits(mask: u16) -> impl Iterator<Item = u32> {
    (0..9).filter(move |c| mask >> c & 1 != 0)
}
