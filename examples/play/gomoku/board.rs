//! The stone-level board both gomoku modes share: reading a typed point, naming the winning
//! lines, and the finished board (an opening game ends on the same board as a plain one).

use boardgames_core::Game;
use boardgames_gomoku::{Point, Position};

/// The move typed, read with any white space dropped, so that `h 8` reads as `h8`.
pub(super) fn read_compact<G: Game>(position: &G, text: &str) -> Result<G::Move, String> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    position.parse_move(&compact).map_err(|e| e.to_string())
}

/// The winning lines by their points, such as `h8-i8-j8-k8-l8 and h8-h9-h10-h11-h12`.
pub(super) fn winning_lines(pos: &Position) -> String {
    let lines: Vec<String> = pos
        .winning_lines()
        .map(|line| {
            let cells: Vec<String> = line.cells().map(|c| c.to_string()).collect();
            cells.join("-")
        })
        .collect();
    lines.join(" and ")
}

/// The finished board, the last stone in parentheses and the winning lines drawn, then
/// `verdict`.
pub(super) fn final_board(pos: &Position, last: Option<Point>, verdict: &str) -> String {
    let board = pos.diagram().last_move(last).highlight(pos.winning_cells());
    format!("\n{board}{verdict}\n")
}
