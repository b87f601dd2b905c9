//! Ultimate tic-tac-toe at the console: the 9x9 board with small-board numbers, finished
//! boards stamped with their owner's big mark (or `-` when drawn), the boards the side to move
//! may play in marked `==[N]==`, and a status line saying where to play.

use crate::console::Console;
use crate::seats::SeatOptions;
use crate::session::History;
use crate::session::{run_session, ConsoleGame};
use boardgames_core::grid3;
use boardgames_core::{Game, Player, Status};
use boardgames_players::ultimate::{Level, UltimatePlayer};
use boardgames_players::ComputerPlayer;
use boardgames_ultimate::{BoardResult, Move, Position, Rules, TieBreak};

struct Ultimate {
    rules: Rules,
}

fn mark(player: Player) -> char {
    match player {
        Player::First => 'X',
        Player::Second => 'O',
    }
}

/// The three 7-character rows of a finished board's stamp.
fn stamp(result: BoardResult) -> [&'static str; 3] {
    match result {
        BoardResult::Won(Player::First) => [" \\   / ", "   X   ", " /   \\ "],
        BoardResult::Won(Player::Second) => [" /---\\ ", " | O | ", " \\---/ "],
        BoardResult::Drawn => ["       ", "   -   ", "       "],
        BoardResult::Open => ["       ", "       ", "       "],
    }
}

/// The board as text: numbered small boards, stamps on finished ones, playable ones marked.
fn board_text(pos: &Position) -> String {
    let playable = pos.playable_boards();
    let mut text = String::new();
    for macro_row in 0..3u8 {
        text.push_str("  ");
        for macro_col in 0..3u8 {
            let board = macro_row * 3 + macro_col;
            if playable.contains(board as u32) {
                text.push_str(&format!("+==[{}]==", board + 1));
            } else {
                text.push_str(&format!("+-- {} --", board + 1));
            }
        }
        text.push_str("+\n");
        for cell_row in 0..3u8 {
            text.push_str("  ");
            for macro_col in 0..3u8 {
                let board = macro_row * 3 + macro_col;
                text.push('|');
                let result = pos.board_results()[board as usize];
                if result.is_finished() {
                    text.push_str(stamp(result)[cell_row as usize]);
                    continue;
                }
                for cell_col in 0..3u8 {
                    let mv = Move::new(board, cell_row * 3 + cell_col).expect("indices below 9");
                    text.push(' ');
                    text.push(pos.mark_at(mv).map_or('.', mark));
                }
                text.push(' ');
            }
            text.push_str("|\n");
        }
    }
    text.push_str("  +-------+-------+-------+\n");
    text
}

impl ConsoleGame for Ultimate {
    type Position = Position;

    /// The computer's choice at its normal level.
    fn hint(&self, position: &Position) -> Option<Move> {
        UltimatePlayer::new(Level::Normal, 0).choose_move(position)
    }

    fn new_game(&self) -> Position {
        Position::with_rules(self.rules)
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "X",
            Player::Second => "O",
        }
    }

    fn draw(&self, history: &History<Position>) -> String {
        let last = match history.last_move() {
            Some(mv) => format!("Last move: {mv}.\n"),
            None => String::new(),
        };
        format!("\n{}{last}", board_text(history.position()))
    }

    fn turn_line(&self, position: &Position) -> String {
        let side = self.player_name(position.side_to_move());
        match position.forced_board() {
            Some(board) => format!("{side} to move: must play in board {}.", board + 1),
            None => format!("{side} to move: any board."),
        }
    }

    fn move_hint(&self) -> &'static str {
        "board then cell, 1-9 like a phone keypad: 53"
    }

    fn read_move(&self, position: &Position, text: &str) -> Result<Move, String> {
        // "5 3" and "5,3" are accepted as well as "53".
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .collect();
        position.parse_move(&compact).map_err(|e| e.to_string())
    }

    fn result(&self, history: &History<Position>) -> String {
        let pos = history.position();
        let verdict = match pos.status() {
            Status::Won(p) => {
                let won = pos.boards_won(p);
                match grid3::line_in(won.0) {
                    Some(line) => {
                        let boards: Vec<String> = (0..9)
                            .filter(|b| line & (1 << b) != 0)
                            .map(|b| (b + 1).to_string())
                            .collect();
                        format!(
                            "{} wins with boards {} in a line!",
                            mark(p),
                            boards.join("-")
                        )
                    }
                    None => format!(
                        "{} wins on the tie-break: {} small boards to {}.",
                        mark(p),
                        won.count(),
                        pos.boards_won(p.opponent()).count()
                    ),
                }
            }
            _ => format!(
                "Draw: every small board is finished and nobody has three in a line (boards won: X {}, O {}).",
                pos.boards_won(Player::First).count(),
                pos.boards_won(Player::Second).count()
            ),
        };
        format!("\n{}{verdict}\n", board_text(pos))
    }
}

/// Ultimate's command line.
#[derive(clap::Args, Debug)]
pub struct Options {
    /// What decides a game whose small boards all finish without a line of three:
    /// none (a draw) or boards_won (more small boards won).
    #[arg(long, value_name = "none|boards_won")]
    tiebreak: Option<TieBreak>,
    #[command(flatten)]
    seats: SeatOptions,
}

/// Starts ultimate tic-tac-toe: `--tiebreak none|boards_won`; `--level beginner|normal|expert`
/// plays the computer (ai-players' ultimate levels).
pub fn run(args: &Options, console: &mut Console) -> Result<(), String> {
    let options = &args.seats;
    let mut rules = Rules::default();
    if let Some(tie_break) = args.tiebreak {
        rules = rules.with_tie_break(tie_break);
    }
    let level: Option<Level> = options.computer_level()?;
    console.say(
        "Ultimate tic-tac-toe: X moves first. The cell you play sends your opponent to the small\n\
         board of the same number; sent to a finished board, they may play in any open one.\n\
         Three in a line wins a small board; three won boards in a line win the game.\n",
    );
    let game = Ultimate { rules };
    run_session(&game, console, options, |number| {
        options.computer_seats(number, |seed| {
            UltimatePlayer::new(level.unwrap_or(Level::Normal), seed)
        })
    });
    Ok(())
}
