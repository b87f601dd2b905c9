//! The hotseat session shared by every game: turns, commands, results, score, play again.

use crate::console::Console;
use crate::records::{self, Recordable};
use boardgames_core::{ByPlayer, Game, History, MoveList, Player, Status};

/// What a game adds to the shared session: how to draw it and read its moves.
pub trait ConsoleGame {
    /// The game's position type (games save and load as records).
    type Position: Game + Recordable;

    /// The start position of a new game.
    fn new_game(&self) -> Self::Position;

    /// How the players are called on screen (`X` / `O`, `Black` / `White`...).
    fn player_name(&self, player: Player) -> &'static str;

    /// The board, with the last move marked where the game can show it.
    fn draw(&self, history: &History<Self::Position>) -> String;

    /// The line above the prompt: whose turn and any constraint ("must play in board 5").
    fn turn_line(&self, position: &Self::Position) -> String {
        format!("{} to move.", self.player_name(position.side_to_move()))
    }

    /// How to type a move, shown in the prompt.
    fn move_hint(&self) -> &'static str;

    /// Reads typed text as a move, or says why it is not one.
    fn read_move(
        &self,
        position: &Self::Position,
        text: &str,
    ) -> Result<<Self::Position as Game>::Move, String> {
        position.parse_move(text).map_err(|e| e.to_string())
    }

    /// The final board and result line: the winner named and the winning line marked.
    fn result(&self, history: &History<Self::Position>) -> String;

    /// The game's own commands at a person's prompt (such as offering a draw), tried before
    /// the text is read as a move: `None` when `text` is not one of them.
    fn command(
        &self,
        _history: &mut History<Self::Position>,
        _text: &str,
        _console: &mut Console,
    ) -> Option<CommandOutcome> {
        None
    }

    /// Help for the game's own commands, added to `help` (empty when there are none).
    fn command_help(&self) -> &'static str {
        ""
    }

    /// A move read from a person, completed by asking for what is missing (such as the piece
    /// a morris mill captures); `Err` with the reason to prompt again.
    fn complete_move(
        &self,
        _position: &Self::Position,
        mv: <Self::Position as Game>::Move,
        _console: &mut Console,
    ) -> Result<<Self::Position as Game>::Move, String> {
        Ok(mv)
    }
}

/// What a game's own command did.
pub enum CommandOutcome {
    /// Nothing changed hands: prompt the same player again.
    Prompt,
    /// The turn is over (or the game: the session checks its status next).
    TurnOver,
}

/// A computer player: picks a move for the position, or `None` to give up.
pub type ChooseMove<G> = Box<dyn FnMut(&G) -> Option<<G as Game>::Move>>;

/// Who makes the moves of one side. Computer players plug in here.
pub enum Seat<G: Game> {
    /// A person at the terminal.
    Human,
    /// A program choosing moves, with the name shown on screen.
    Computer(String, ChooseMove<G>),
}

enum TurnOutcome {
    Played,
    Quit,
    /// The side to move resigned.
    Resigned(Player),
}

/// Runs games until the players stop, keeping the score. `seats` gives the players of each
/// new game (game numbers count from 0).
pub fn run_session<C: ConsoleGame>(
    game: &C,
    console: &mut Console,
    mut seats: impl FnMut(u64) -> ByPlayer<Seat<C::Position>>,
) {
    let mut wins = ByPlayer::new(0u32, 0u32);
    let mut draws = 0u32;
    for number in 0.. {
        let mut seats = seats(number);
        for p in Player::ALL {
            if let Seat::Computer(name, _) = &seats[p] {
                console.say(&format!(
                    "{} is played by the computer ({name}).\n",
                    game.player_name(p)
                ));
            }
        }
        let mut history = History::new(game.new_game());
        loop {
            let status = history.position().status();
            if status.is_over() {
                console.say(&game.result(&history));
                match status {
                    Status::Won(p) => wins[p] += 1,
                    _ => draws += 1,
                }
                break;
            }
            console.say(&game.draw(&history));
            let side = history.position().side_to_move();
            let outcome = match &mut seats[side] {
                Seat::Human => human_turn(game, console, &mut history),
                Seat::Computer(name, choose) => match choose(history.position()) {
                    Some(mv) => {
                        console.say(&format!("{name} plays {mv}.\n"));
                        history
                            .play(mv)
                            .map(|_| TurnOutcome::Played)
                            .unwrap_or(TurnOutcome::Quit)
                    }
                    None => TurnOutcome::Quit,
                },
            };
            if let TurnOutcome::Quit = outcome {
                console.say(&score_line(game, &wins, draws));
                return;
            }
            if let TurnOutcome::Resigned(loser) = outcome {
                let winner = loser.opponent();
                console.say(&format!(
                    "{} resigns. {} wins.\n",
                    game.player_name(loser),
                    game.player_name(winner)
                ));
                wins[winner] += 1;
                break;
            }
        }
        console.say(&score_line(game, &wins, draws));
        match console.ask("Play again? (y/n) ") {
            Some(answer)
                if answer.eq_ignore_ascii_case("y") || answer.eq_ignore_ascii_case("yes") => {}
            _ => return,
        }
    }
}

fn score_line<C: ConsoleGame>(game: &C, wins: &ByPlayer<u32>, draws: u32) -> String {
    format!(
        "Score this session: {} {}, {} {}, draws {}.\n",
        game.player_name(Player::First),
        wins[Player::First],
        game.player_name(Player::Second),
        wins[Player::Second],
        draws
    )
}

fn human_turn<C: ConsoleGame>(
    game: &C,
    console: &mut Console,
    history: &mut History<C::Position>,
) -> TurnOutcome {
    loop {
        let prompt = format!(
            "{} Your move ({}): ",
            game.turn_line(history.position()),
            game.move_hint()
        );
        let Some(text) = console.ask(&prompt) else {
            return TurnOutcome::Quit;
        };
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" | "q" => return TurnOutcome::Quit,
            "resign" => return TurnOutcome::Resigned(history.position().side_to_move()),
            "help" | "?" => {
                console.say(&format!(
                    "Type a move ({}), or: moves (list the legal moves), undo (take back the last move), resign, save FILE, load FILE, quit.\n{}",
                    game.move_hint(),
                    game.command_help()
                ));
                continue;
            }
            "moves" | "legal" => {
                let mut moves = MoveList::new();
                history.position().legal_moves(&mut moves);
                let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                console.say(&format!("Legal moves: {}\n", list.join(" ")));
                continue;
            }
            "undo" => {
                match history.undo() {
                    Some(mv) => console.say(&format!("Took back {mv}.\n")),
                    None => console.say("There is no move to take back.\n"),
                }
                console.say(&game.draw(history));
                continue;
            }
            _ => {}
        }
        if let Some((verb, path)) = text.split_once(' ') {
            match verb.to_ascii_lowercase().as_str() {
                "save" => {
                    console.say(&records::save(history, path.trim()));
                    continue;
                }
                "load" => {
                    match records::load(path.trim()) {
                        Ok(loaded) => {
                            *history = loaded;
                            console.say(&format!("Loaded {}.\n", path.trim()));
                            return TurnOutcome::Played;
                        }
                        Err(message) => console.say(&message),
                    }
                    continue;
                }
                _ => {}
            }
        }
        if let Some(outcome) = game.command(history, &text, console) {
            match outcome {
                CommandOutcome::Prompt => continue,
                CommandOutcome::TurnOver => return TurnOutcome::Played,
            }
        }
        let mv = match game
            .read_move(history.position(), &text)
            .and_then(|mv| game.complete_move(history.position(), mv, console))
        {
            Ok(mv) => mv,
            Err(reason) => {
                console.say(&format!("{reason}. Try again.\n"));
                continue;
            }
        };
        match history.play(mv) {
            Ok(()) => return TurnOutcome::Played,
            Err(e) => console.say(&format!("{}. Try again.\n", e.reason)),
        }
    }
}
