//! Tic-tac-toe at the console, drawn with row and column numbers.

use crate::console::Console;
use crate::seats::SeatOptions;
use crate::session::History;
use crate::session::{run_session, ConsoleGame};
use boardgames_core::{Game, Player, Status};
use boardgames_players::tictactoe::{Level, TicTacToePlayer};
use boardgames_players::ComputerPlayer;
use boardgames_tictactoe::{Cell, Marks, Position};

struct TicTacToe;

impl ConsoleGame for TicTacToe {
    type Position = Position;

    /// The computer's choice at its expert level.
    fn hint(&self, position: &Position) -> Option<Cell> {
        TicTacToePlayer::new(Level::Expert, 0).choose_move(position)
    }

    fn new_game(&self) -> Position {
        Position::new()
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "X",
            Player::Second => "O",
        }
    }

    fn draw(&self, history: &History<Position>) -> String {
        format!("\n{}", history.position().console_board())
    }

    fn move_hint(&self) -> &'static str {
        "b2, or row and column such as 2 1"
    }

    fn read_move(&self, _position: &Position, text: &str) -> Result<Cell, String> {
        Cell::parse_any(text).map_err(|e| e.to_string())
    }

    fn result(&self, history: &History<Position>) -> String {
        let pos = history.position();
        let line = pos.winning_line();
        let lit = line
            .iter()
            .flatten()
            .fold(Marks::EMPTY, |m, c| m.with(c.index()));
        let verdict = match pos.status() {
            Status::Won(p) => {
                let cells: Vec<String> = line.iter().flatten().map(Cell::to_string).collect();
                format!(
                    "{} wins with the line {}!",
                    self.player_name(p),
                    cells.join("-")
                )
            }
            _ => "Draw: the board is full and nobody has a line.".to_owned(),
        };
        format!("\n{}{verdict}\n", pos.console_board_highlighting(lit))
    }
}

/// Tic-tac-toe's command line: the shared seat options only.
#[derive(clap::Args, Debug)]
pub struct Options {
    #[command(flatten)]
    seats: SeatOptions,
}

/// Starts tic-tac-toe: `--level beginner|normal|expert` plays the computer.
pub fn run(args: &Options, console: &mut Console) -> Result<(), String> {
    let options = &args.seats;
    let level: Option<Level> = options.computer_level()?;
    console.say("Tic-tac-toe: X moves first. Three in a row, column or diagonal wins.\n");
    run_session(&TicTacToe, console, options, |number| {
        options.computer_seats(number, |seed| {
            TicTacToePlayer::new(level.unwrap_or(Level::Expert), seed)
        })
    });
    Ok(())
}
