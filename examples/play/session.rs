//! The hotseat session shared by every game: turns, commands, results, score, play again.
//! Every game is played through the match layer (`boardgames_core::matches`): undo,
//! resignation, draw offers, clocks (`--time`), and saving and loading game records.

use crate::console::Console;
use crate::lasting::Lasting;
use crate::records;
use crate::seats::{Seat, SeatOptions};
use boardgames_core::matches::record::RecordGame;
use boardgames_core::matches::{
    DrawRules, Match, MatchError, MonotonicTime, Outcome, Reason, TimeControl,
};
use boardgames_core::{ByPlayer, Game, MoveList, Player, Status};
use std::sync::Arc;
use std::time::Duration;

/// A game in play: the match layer over the game's position.
pub type History<G> = Match<G>;

/// What a game adds to the shared session: how to draw it and read its moves.
pub trait ConsoleGame {
    /// The game's position type (played as a match, saved and loaded as a record).
    type Position: RecordGame;

    /// The start position of a new game.
    fn new_game(&self) -> Self::Position;

    /// The automatic draw rules of the game's matches (none unless the game has options).
    fn draw_rules(&self) -> DrawRules {
        DrawRules::NONE
    }

    /// How the players are called on screen (`X` / `O`, `Black` / `White`...).
    fn player_name(&self, player: Player) -> &'static str;

    /// The board, with the last move marked where the game can show it.
    fn draw(&self, history: &History<Self::Position>) -> String;

    /// The line above the prompt: whose turn and any constraint ("must play in board 5").
    fn turn_line(&self, position: &Self::Position) -> String {
        format!("{} to move.", self.player_name(position.side_to_move()))
    }

    /// The computer's suggestion for the side to move (the `hint` command), or `None` when
    /// the game has no computer player.
    fn hint(&self, _position: &Self::Position) -> Option<<Self::Position as Game>::Move> {
        None
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
}

/// How a turn at the loop of `play_one` ended.
enum TurnOutcome {
    /// The game went on (a move, a resignation, a load, an undo...): the loop looks at who is
    /// to move next.
    Played,
    /// The players quit (or the input ended).
    Quit,
}

/// Runs games until the players stop, keeping the score of the session and the lasting
/// scores (see `lasting`). `seats` gives the players of each new game (game numbers count
/// from 0); `options` the clock, the level and `--reset-records`.
pub fn run_session<C: ConsoleGame>(
    game: &C,
    console: &mut Console,
    options: &SeatOptions,
    mut seats: impl FnMut(u64) -> ByPlayer<Seat<C::Position>>,
) {
    let names = ByPlayer::new(
        game.player_name(Player::First),
        game.player_name(Player::Second),
    );
    let mut lasting = Lasting::open(C::Position::NAME, options, console);
    console.say(&lasting.text(names));
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
        let finished = play_one(game, console, options.time, &mut seats);
        if let Some(outcome) = finished {
            match outcome.status {
                Status::Won(p) => wins[p] += 1,
                _ => draws += 1,
            }
            let person = Player::ALL
                .into_iter()
                .find(|&p| matches!(seats[p], Seat::Human));
            lasting.count(outcome.status, person, console);
        }
        console.say(&score_line(game, &wins, draws));
        let again = finished.is_some()
            && console
                .ask("Play again? (y/n) ")
                .is_some_and(|a| a.eq_ignore_ascii_case("y") || a.eq_ignore_ascii_case("yes"));
        if !again {
            console.say(&lasting.text(names));
            return;
        }
    }
}

/// Plays one game to its end (`Some` outcome) or until the players quit (`None`).
fn play_one<C: ConsoleGame>(
    game: &C,
    console: &mut Console,
    time: Option<TimeControl>,
    seats: &mut ByPlayer<Seat<C::Position>>,
) -> Option<Outcome> {
    let mut history = Match::new(game.new_game(), game.draw_rules());
    if let Some(control) = time {
        history = history.with_clock(control, Arc::new(MonotonicTime::new()));
    }
    let people = ByPlayer::new(
        matches!(seats[Player::First], Seat::Human),
        matches!(seats[Player::Second], Seat::Human),
    );
    loop {
        if let Some(outcome) = history.outcome() {
            console.say(&end_text(game, &history, outcome));
            return Some(outcome);
        }
        console.say(&game.draw(&history));
        console.say(&clock_line(game, &history));
        let side = history.side_to_move();
        let outcome = match &mut seats[side] {
            Seat::Human => human_turn(game, console, &mut history, people),
            Seat::Computer(name, choose) => match choose(history.position()) {
                Some(mv) => {
                    console.say(&format!("{name} plays {mv}.\n"));
                    match history.play_move(mv) {
                        Ok(()) | Err(MatchError::FlagFell { .. }) => TurnOutcome::Played,
                        Err(_) => TurnOutcome::Quit,
                    }
                }
                None => TurnOutcome::Quit,
            },
        };
        if let TurnOutcome::Quit = outcome {
            return None;
        }
    }
}

/// The end of a game: the game's own result when its rules ended it, else the board and
/// how the match ended (resignation, time, agreement, a draw rule).
fn end_text<C: ConsoleGame>(game: &C, history: &History<C::Position>, outcome: Outcome) -> String {
    if history.position().status().is_over() {
        return game.result(history);
    }
    let name = |p: Player| game.player_name(p);
    let line = match (outcome.status, outcome.reason) {
        (Status::Won(w), Reason::Resignation) => {
            format!("{} resigns. {} wins.", name(w.opponent()), name(w))
        }
        (Status::Won(w), Reason::Time) => format!(
            "{}'s time is up: {} wins on time.",
            name(w.opponent()),
            name(w)
        ),
        (_, Reason::Agreement) => "Draw by agreement.".to_owned(),
        (_, Reason::Repetition) => {
            "Draw: the same position occurred for the third time.".to_owned()
        }
        (_, Reason::MoveRule) => format!(
            "Draw: {} moves in a row with nothing irreversible.",
            history.quiet_moves()
        ),
        (status, reason) => format!("{status} by {reason}."),
    };
    format!("{}{line}\n", game.draw(history))
}

/// The clocks of a timed game, after each move (empty when untimed).
fn clock_line<C: ConsoleGame>(game: &C, history: &History<C::Position>) -> String {
    let show = |d: Duration| {
        let tenths = d.as_millis() / 100;
        format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
    };
    match (history.clock(Player::First), history.clock(Player::Second)) {
        (Some(a), Some(b)) => format!(
            "Clocks: {} {}, {} {}.\n",
            game.player_name(Player::First),
            show(a),
            game.player_name(Player::Second),
            show(b)
        ),
        _ => String::new(),
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

/// What a line typed at the move prompt asked for.
enum Typed {
    /// A command that was carried out (or nothing): ask again.
    Again,
    /// The turn is over.
    Done(TurnOutcome),
    /// No command: the line is read as a move.
    Move,
}

/// A person's turn: the prompt is asked until a move is played, the game is resigned, drawn
/// or loaded, or the person quits. `people` says which sides persons play: whenever a command
/// leaves the game over or a computer's side to move, the turn ends, so a person is never
/// asked to move for the computer.
fn human_turn<C: ConsoleGame>(
    game: &C,
    console: &mut Console,
    history: &mut History<C::Position>,
    people: ByPlayer<bool>,
) -> TurnOutcome {
    loop {
        if history.outcome().is_some() || !people[history.side_to_move()] {
            return TurnOutcome::Played;
        }
        let prompt = format!(
            "{} Your move ({}): ",
            game.turn_line(history.position()),
            game.move_hint()
        );
        let Some(text) = console.ask(&prompt) else {
            return TurnOutcome::Quit;
        };
        let typed = match word_command(game, console, history, people, &text) {
            Typed::Move => file_command(console, history, &text),
            typed => typed,
        };
        match typed {
            Typed::Again => continue,
            Typed::Done(outcome) => return outcome,
            Typed::Move => {}
        }
        if let Some(outcome) = game.command(history, &text, console) {
            match outcome {
                CommandOutcome::Prompt => continue,
            }
        }
        if let Some(outcome) = play_typed_move(game, console, history, &text) {
            return outcome;
        }
    }
}

/// The one-word commands of the move prompt: quit, resign, hint, draw, help, moves, undo.
fn word_command<C: ConsoleGame>(
    game: &C,
    console: &mut Console,
    history: &mut History<C::Position>,
    people: ByPlayer<bool>,
    text: &str,
) -> Typed {
    let opponent_is_human = people[history.side_to_move().opponent()];
    match text.to_ascii_lowercase().as_str() {
        "" => Typed::Again,
        "quit" | "exit" | "q" => Typed::Done(TurnOutcome::Quit),
        "resign" => {
            let _ = history.resign(history.side_to_move());
            Typed::Done(TurnOutcome::Played)
        }
        "hint" => {
            match game.hint(history.position()) {
                Some(mv) => console.say(&format!("Hint: {mv}.\n")),
                None => console.say("There is no hint for this game.\n"),
            }
            Typed::Again
        }
        "draw" | "offer" => {
            if offer_draw(game, console, history, opponent_is_human) {
                Typed::Done(TurnOutcome::Played)
            } else {
                Typed::Again
            }
        }
        "help" | "?" => {
            let undo = match opponent_is_human {
                true => "take back the last move",
                false => "take back your last move and the computer's reply",
            };
            console.say(&format!(
                "Type a move ({}), or: moves (list the legal moves), undo ({undo}), hint (the computer's suggestion), resign, draw (offer a draw), save FILE, load FILE, quit.\n{}",
                game.move_hint(),
                game.command_help()
            ));
            Typed::Again
        }
        "moves" | "legal" => {
            let mut moves = MoveList::new();
            history.position().legal_moves(&mut moves);
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            console.say(&format!("Legal moves: {}\n", list.join(" ")));
            Typed::Again
        }
        "undo" => {
            take_back(game, console, history, people);
            Typed::Again
        }
        _ => Typed::Move,
    }
}

/// `undo`: between two people, the last move; against the computer, the computer's replies
/// and the person's move before them, so that the person is to move again (as on the web
/// page). Moves the computer made before any of the person's are not taken back: the
/// computer would only play them again.
fn take_back<C: ConsoleGame>(
    game: &C,
    console: &mut Console,
    history: &mut History<C::Position>,
    people: ByPlayer<bool>,
) {
    let mut trial = history.clone();
    let mut replies = Vec::new();
    let mine = loop {
        let Some(mv) = trial.undo() else { break None };
        if people[trial.side_to_move()] {
            break Some(mv);
        }
        replies.push(mv.to_string());
    };
    let Some(mine) = mine else {
        console.say(match replies.is_empty() {
            true => "There is no move to take back.\n",
            false => "There is nothing of yours to take back: the computer moved first.\n",
        });
        return;
    };
    *history = trial;
    match replies.is_empty() {
        true => console.say(&format!("Took back {mine}.\n")),
        false => console.say(&format!(
            "Took back {} (the computer's) and {mine} (yours).\n",
            replies.join(" ")
        )),
    }
    console.say(&game.draw(history));
}

/// `save FILE` and `load FILE`; a loaded game ends the turn (its own side is to move).
fn file_command<P: RecordGame>(
    console: &mut Console,
    history: &mut History<P>,
    text: &str,
) -> Typed {
    let Some((verb, path)) = text.split_once(' ') else {
        return Typed::Move;
    };
    match verb.to_ascii_lowercase().as_str() {
        "save" => console.say(&records::save(history, path.trim())),
        "load" => match records::load(path.trim()) {
            Ok(loaded) => {
                *history = loaded;
                console.say(&format!("Loaded {}.\n", path.trim()));
                return Typed::Done(TurnOutcome::Played);
            }
            Err(message) => console.say(&message),
        },
        _ => return Typed::Move,
    }
    Typed::Again
}

/// Reads `text` as a move and plays it; `None` when it is refused (said why; ask again).
fn play_typed_move<C: ConsoleGame>(
    game: &C,
    console: &mut Console,
    history: &mut History<C::Position>,
    text: &str,
) -> Option<TurnOutcome> {
    let mv = game
        .read_move(history.position(), text)
        .and_then(|mv| game.complete_move(history.position(), mv, console));
    let mv = match mv {
        Ok(mv) => mv,
        Err(reason) => {
            console.say(&format!("{reason}. Try again.\n"));
            return None;
        }
    };
    match history.play_move(mv) {
        Ok(()) => return Some(TurnOutcome::Played),
        // Time ran out while the move was typed: the loop reports the loss.
        Err(MatchError::FlagFell { .. }) => return Some(TurnOutcome::Played),
        Err(MatchError::Illegal(e)) => console.say(&format!("{}. Try again.\n", e.reason)),
        Err(e) => console.say(&format!("{e}. Try again.\n")),
    }
    None
}

/// `draw`: the side to move offers a draw; a person opposite answers at once, a computer
/// declines. `true` when the game ended in a draw.
fn offer_draw<C: ConsoleGame>(
    game: &C,
    console: &mut Console,
    history: &mut History<C::Position>,
    opponent_is_human: bool,
) -> bool {
    let me = history.side_to_move();
    let other = me.opponent();
    if let Err(e) = history.offer_draw(me) {
        console.say(&format!("{e}.\n"));
        return false;
    }
    let accepted = opponent_is_human
        && console
            .ask(&format!(
                "{} offers a draw. {}, do you accept? (y/n) ",
                game.player_name(me),
                game.player_name(other)
            ))
            .is_some_and(|a| a.eq_ignore_ascii_case("y") || a.eq_ignore_ascii_case("yes"));
    if accepted && history.accept_draw(other).is_ok() {
        return true;
    }
    let _ = history.decline_draw(other);
    console.say(&format!("{} declines the draw.\n", game.player_name(other)));
    false
}
