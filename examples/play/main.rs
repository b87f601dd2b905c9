//! Console games: `cargo run --release --example play -- GAME [OPTIONS]`.
//!
//! `play` alone lists the games and their options. Two players share one terminal (hotseat);
//! every bad input is answered with the reason and a new prompt, end of input ends the session
//! cleanly, and "play again" keeps a running score.
//!
//! Each game is a module implementing [`session::ConsoleGame`]; the table of games is
//! [`GAMES`].

mod console;
mod gomoku;
mod morris;
mod seats;
mod session;
mod tictactoe;
mod ultimate;

use console::Console;

/// A game of the console: its name, a one-line description, its options, and how to start it.
struct GameEntry {
    name: &'static str,
    about: &'static str,
    options: &'static str,
    run: fn(&[String], &mut Console) -> Result<(), String>,
}

/// The table of games: one entry per game.
const GAMES: &[GameEntry] = &[
    GameEntry {
        name: "tictactoe",
        about: "tic-tac-toe on a 3x3 board; moves as b2 or as row and column (2 1)",
        options: "--level beginner|normal|expert",
        run: tictactoe::run,
    },
    GameEntry {
        name: "ultimate",
        about: "ultimate tic-tac-toe: nine small boards; moves as board then cell (53)",
        options: "--tiebreak none|boards_won, --level beginner|normal|expert",
        run: ultimate::run,
    },
    GameEntry {
        name: "gomoku",
        about: "gomoku (five in a row) on a 5x5 to 20x20 board; moves as h8",
        options: "--rule caro|caro5|caro6|standard|freestyle|renju, --size 5..20, --level beginner|normal",
        run: gomoku::run,
    },
    GameEntry {
        name: "morris",
        about: "nine men's morris (place, slide, fly); moves as d1 or a1-a4, then the capture",
        options: "--no-flying, --threefold, --quiet-moves N, --level beginner|normal|expert",
        run: morris::run,
    },
];

fn usage() -> String {
    let mut text =
        String::from("usage: cargo run --release --example play -- GAME [OPTIONS]\n\ngames:\n");
    for g in GAMES {
        text.push_str(&format!(
            "  {:<10} {}\n  {:<10} options: {}\n",
            g.name, g.about, "", g.options
        ));
    }
    text.push_str(&format!(
        "\nEvery game also takes {}.\nWithout --level, two people play at one terminal.\nIn a game, type a move, or: help, moves, undo, quit.\n",
        seats::SEAT_HELP
    ));
    text
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut console = Console::stdio();
    let Some(name) = args.first() else {
        console.say(&usage());
        return;
    };
    let Some(entry) = GAMES.iter().find(|g| g.name == name.as_str()) else {
        console.say(&format!("unknown game {name:?}\n\n{}", usage()));
        std::process::exit(2);
    };
    if let Err(message) = (entry.run)(&args[1..], &mut console) {
        console.say(&format!("{message}\n\n{}", usage()));
        std::process::exit(2);
    }
}
