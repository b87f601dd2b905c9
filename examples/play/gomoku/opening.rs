//! Gomoku under an opening rule at the console (`--opening NAME`): the two players are seats
//! ("Player 1" acts first), each shown with the colour it holds once that is known; the
//! turn line says what the opening asks for. The computer is ai-players' `OpeningPlayer`.

use super::board::{final_board, read_compact, winning_lines};
use crate::console::Console;
use crate::seats::{Seat, SeatOptions};
use crate::session::History;
use crate::session::{run_session, ConsoleGame};
use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::opening::{Move, Opening, OpeningGame, Step};
use boardgames_gomoku::Rule;
use boardgames_players::gomoku::{Level, OpeningPlayer};
use boardgames_players::ComputerPlayer;

struct GomokuOpening {
    size: u32,
    rule: Rule,
    opening: Opening,
}

/// The stone of the last move, for the diagram's parentheses.
fn last_stone(history: &History<OpeningGame>) -> Option<boardgames_gomoku::Point> {
    match history.last_move() {
        Some(Move::Stone(p) | Move::Pick(p)) => Some(p),
        _ => None,
    }
}

/// "Player 1 (black)", or "Player 1" while the colours are open.
fn seat_name(game: &OpeningGame, seat: Player) -> String {
    let name = if seat == Player::First {
        "Player 1"
    } else {
        "Player 2"
    };
    match game.colour_of(seat) {
        Some(colour) => format!("{name} ({colour})"),
        None => name.to_owned(),
    }
}

impl ConsoleGame for GomokuOpening {
    type Position = OpeningGame;

    /// The computer's choice at its normal level.
    fn hint(&self, position: &OpeningGame) -> Option<<OpeningGame as Game>::Move> {
        OpeningPlayer::new(Level::Normal, 0).choose_move(position)
    }

    fn new_game(&self) -> OpeningGame {
        OpeningGame::new(self.size, self.rule, Some(self.opening))
            .expect("size, rule and opening checked at start")
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "Player 1",
            Player::Second => "Player 2",
        }
    }

    fn draw(&self, history: &History<OpeningGame>) -> String {
        let game = history.position();
        let mut text = format!(
            "\n{}",
            game.position().diagram().last_move(last_stone(history))
        );
        if let Some(mv) = history.last_move() {
            text.push_str(&format!("Last move: {mv}.\n"));
        }
        if !game.offers().is_empty() {
            let offers: Vec<String> = game.offers().iter().map(|p| p.to_string()).collect();
            text.push_str(&format!("Offered fifth moves: {}.\n", offers.join(" ")));
        }
        text
    }

    fn turn_line(&self, game: &OpeningGame) -> String {
        let seat = seat_name(game, game.side_to_move());
        let colour = game.colour_to_place();
        match game.step() {
            Step::Play => format!("{seat} to move: place a {colour} stone."),
            Step::Stone(zone) => format!("{seat} to move: place a {colour} stone {zone}."),
            step => format!("{seat} to move: {step}."),
        }
    }

    fn move_hint(&self) -> &'static str {
        "a point such as h8; in the opening also black, white, place2, declare:N, offer:h8, pick:h8"
    }

    fn read_move(&self, game: &OpeningGame, text: &str) -> Result<Move, String> {
        read_compact(game, text)
    }

    fn result(&self, history: &History<OpeningGame>) -> String {
        let game = history.position();
        let verdict = match (game.status(), game.winner()) {
            (Status::Won(_), Some(winner)) => format!(
                "{} wins with {} ({}, {})!",
                seat_name(game, winner.seat),
                winning_lines(game.position()),
                self.rule,
                self.opening
            ),
            _ => "Draw: nobody can make a winning line any more.".to_owned(),
        };
        final_board(game.position(), last_stone(history), &verdict)
    }
}

/// Plays gomoku under `opening`; the computer (when `level` is given) is an `OpeningPlayer`.
pub fn run(
    size: u32,
    rule: Rule,
    opening: Opening,
    options: &SeatOptions,
    level: Option<Level>,
    console: &mut Console,
) -> Result<(), String> {
    OpeningGame::new(size, rule, Some(opening)).map_err(|e| e.to_string())?;
    console.say(&format!(
        "Gomoku, {size}x{size}, rule {rule}, opening {opening}. Player 1 acts first; the \
         opening decides who plays black. Besides points, the opening's moves are typed as \
         black / white (take that colour), place2, declare:N, offer:h8 and pick:h8.\n\
         Type undo to take a move back.\n"
    ));
    let game = GomokuOpening {
        size,
        rule,
        opening,
    };
    run_session(&game, console, options, |number| {
        // Always the opening's own player: `run` refused --engine mcts with an opening.
        options.seats(number, || {
            let level = level.unwrap_or(Level::Normal);
            Seat::computer(OpeningPlayer::new(level, options.seed ^ number))
        })
    });
    Ok(())
}
