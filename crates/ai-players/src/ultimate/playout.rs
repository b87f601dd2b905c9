//! Playouts that do not miss a decisive move: random, except that a side that can win the
//! game at once does, and (optionally) a side sent to a small board it can win at once wins
//! it. Uniformly random playouts often walk past such moves, which makes a position where one
//! side is about to win look closer than it is.

use super::tables::{winning_cells, WIN_CELLS};
use boardgames_core::{Game, Rng, Status};
use boardgames_search::Leaf;
use boardgames_ultimate::{Move, Position};

/// The plies of the longest ultimate game: a playout never needs a cap.
const MAX_PLIES: usize = 81;

/// MCTS leaves valued by one playout to the end, random but for decisive moves (see
/// [`decisive_move`]): a win 1, a draw 0, a loss -1 for the leaf's side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DecisivePlayout {
    /// Also win the small board the side to move is sent to when it can, not only the game.
    pub small_boards: bool,
}

impl DecisivePlayout {
    /// Playouts that take a move winning the game, and with `small_boards` one winning the
    /// small board the side to move is sent to.
    pub fn new(small_boards: bool) -> Self {
        DecisivePlayout { small_boards }
    }

    /// The status at the end of a playout from `position`.
    pub fn play_out(&self, position: &Position, rng: &mut Rng) -> Status {
        let mut pos = *position;
        for _ in 0..MAX_PLIES {
            if pos.status().is_over() {
                break;
            }
            let Some(mv) = decisive_move(&pos, self.small_boards).or_else(|| pos.random_move(rng))
            else {
                break;
            };
            pos.play_unchecked(mv);
        }
        pos.status()
    }
}

impl Leaf<Position> for DecisivePlayout {
    fn value(&mut self, position: &Position, rng: &mut Rng) -> f64 {
        let side = position.side_to_move();
        let status = self.play_out(position, rng);
        f64::from(status.score_for(side).unwrap_or(0))
    }
}

/// A move of the side to move that wins the game at once (completes a line of won small
/// boards), else, with `small_boards`, one that wins the small board it was sent to; the
/// first in cell order, or `None`.
pub fn decisive_move(pos: &Position, small_boards: bool) -> Option<Move> {
    let side = pos.side_to_move();
    let (mine, theirs) = (pos.board_masks(side), pos.board_masks(side.opponent()));
    let won = pos.boards_won(side).0;
    let playable = pos.playable_boards().0;
    // Boards that would complete a line of boards won: usually none, and the check ends.
    let mut macro_threats = playable & WIN_CELLS[won as usize & 0x1FF];
    while macro_threats != 0 {
        let board = macro_threats.trailing_zeros() as usize;
        macro_threats &= macro_threats - 1;
        if let Some(mv) = first_cell(board, winning_cells(mine[board], theirs[board])) {
            return Some(mv);
        }
    }
    let forced = pos.forced_board()? as usize;
    if small_boards {
        return first_cell(forced, winning_cells(mine[forced], theirs[forced]));
    }
    None
}

/// The move on the lowest cell of `cells` (a 9-bit mask) of `board`, if any.
fn first_cell(board: usize, cells: u16) -> Option<Move> {
    if cells == 0 {
        return None;
    }
    Move::new(board as u8, cells.trailing_zeros() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_search::RandomPlayout;

    /// X has won boards 1 and 2 and holds two cells of board 3's top row, and is sent there:
    /// cell 3 of board 3 wins the game. With `won_two` false board 2 is not won (one of its
    /// X moved to board 8): cell 3 of board 3 then wins that small board only.
    fn sent_to_board_3(won_two: bool) -> Position {
        let (top, eight) = if won_two {
            ("X X X | X X X | X X .", ". . . | . . . | . . .")
        } else {
            ("X X X | X X . | X X .", ". . . | . X . | . . .")
        };
        let rows = [
            top,
            ". . . | . . . | . . .",
            ". . . | . . . | . . .",
            "O . . | . . O | O . .",
            ". . . | . . . | . . .",
            ". . O | O . . | . . O",
            "O . . | . . . | . . .",
            eight,
            ". . O | . . . | . . .",
        ];
        format!("{}\nX to move, board 3", rows.join("\n"))
            .parse()
            .expect("a valid diagram")
    }

    #[test]
    fn takes_the_game_and_with_small_boards_the_board() {
        let winning = Move::new(2, 2);
        let game = sent_to_board_3(true);
        assert_eq!(decisive_move(&game, false), winning);
        assert_eq!(decisive_move(&game, true), winning);
        let board = sent_to_board_3(false);
        assert_eq!(decisive_move(&board, false), None);
        assert_eq!(decisive_move(&board, true), winning);
        // Sent to a board holding one X: nothing decisive.
        let mut early = Position::new();
        for mv in ["55", "51", "15"] {
            early.play_text(mv).unwrap();
        }
        assert_eq!(early.forced_board(), Some(4));
        assert_eq!(decisive_move(&early, true), None);
    }

    #[test]
    fn a_playout_that_can_win_at_once_wins_where_random_ones_need_not() {
        let game = sent_to_board_3(true);
        let mut decisive = DecisivePlayout::default();
        let mut random = RandomPlayout::default();
        let mut random_values = Vec::new();
        for seed in 0..40 {
            assert_eq!(decisive.value(&game, &mut Rng::new(seed)), 1.0);
            random_values.push(random.value(&game, &mut Rng::new(seed)));
        }
        // Six of X's seven cells in board 3 miss the win: random playouts often do.
        assert!(random_values.iter().any(|&v| v < 1.0));
        // The small-board playouts end in a legal finished game from every position tried.
        let mut rng = Rng::new(5);
        let mut pos = Position::new();
        for _ in 0..30 {
            let status = DecisivePlayout::new(true).play_out(&pos, &mut rng);
            assert!(status.is_over());
            pos.play_unchecked(pos.random_move(&mut rng).unwrap());
        }
    }
}
