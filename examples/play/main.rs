//! Console games: `cargo run --release --example play -- GAME [OPTIONS]`.
//!
//! `play` alone lists the games and their options; `play GAME --help` explains a game's
//! options. Two players share one terminal (hotseat); every bad input is answered with the
//! reason and a new prompt, end of input ends the session cleanly, and "play again" keeps a
//! running score.
//!
//! Each game is a module implementing [`session::ConsoleGame`], with its command-line
//! `Options` (clap); the table of games is [`GameCommand`].

mod console;
mod gomoku;
mod lasting;
mod morris;
mod records;
mod seats;
mod session;
mod tictactoe;
mod ultimate;

use clap::{CommandFactory, Parser, Subcommand};
use console::Console;

/// Console games: two people at one terminal, or a person against the computer (--level).
#[derive(Parser, Debug)]
#[command(
    name = "play",
    version,
    after_help = "In a game, type a move, or: help, moves, undo, hint, resign, draw, save FILE, load FILE, quit."
)]
struct Cli {
    /// The game to play; without one, the games and their options are listed.
    #[command(subcommand)]
    game: Option<GameCommand>,
}

/// The table of games: one subcommand per game.
#[derive(Subcommand, Debug)]
enum GameCommand {
    /// Tic-tac-toe on a 3x3 board; moves as b2 or as row and column (2 1).
    Tictactoe(tictactoe::Options),
    /// Ultimate tic-tac-toe: nine small boards; moves as board then cell (53).
    Ultimate(ultimate::Options),
    /// Gomoku (five in a row) on a 5x5 to 20x20 board; moves as h8.
    Gomoku(gomoku::Options),
    /// Nine men's morris (place, slide, fly); moves as d1 or a1-a4, then the capture.
    Morris(morris::Options),
}

/// How an option's value is shown in the listing: its choices, or its value name.
fn value_hint(arg: &clap::Arg) -> String {
    let choices: Vec<String> = arg
        .get_possible_values()
        .iter()
        .map(|v| v.get_name().to_owned())
        .collect();
    if !choices.is_empty() {
        return choices.join("|");
    }
    arg.get_value_names()
        .map(|names| {
            names
                .iter()
                .map(|n| n.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

/// The listing of `play` alone: every game with its one-line description and its options,
/// read from the clap definitions so it cannot drift from them.
fn listing() -> String {
    let command = Cli::command();
    let mut text =
        String::from("usage: cargo run --release --example play -- GAME [OPTIONS]\n\ngames:\n");
    for game in command.get_subcommands().filter(|g| g.get_name() != "help") {
        let about = game.get_about().map(|a| a.to_string()).unwrap_or_default();
        let options: Vec<String> = game
            .get_arguments()
            .filter(|arg| arg.get_id() != "help")
            .filter_map(|arg| {
                let long = arg.get_long()?;
                Some(match arg.get_action().takes_values() {
                    true => format!("--{long} {}", value_hint(arg)),
                    false => format!("--{long}"),
                })
            })
            .collect();
        text.push_str(&format!(
            "  {:<10} {about}\n  {:<10} options: {}\n",
            game.get_name(),
            "",
            options.join(", ")
        ));
    }
    text.push_str(
        "\nWithout --level (or --engine mcts), two people play at one terminal.\n\
         `play GAME --help` explains a game's options.\n\
         In a game, type a move, or: help, moves, undo, quit.\n",
    );
    text
}

fn main() {
    let cli = Cli::parse();
    let mut console = Console::stdio();
    let result = match &cli.game {
        None => {
            console.say(&listing());
            return;
        }
        Some(GameCommand::Tictactoe(options)) => tictactoe::run(options, &mut console),
        Some(GameCommand::Ultimate(options)) => ultimate::run(options, &mut console),
        Some(GameCommand::Gomoku(options)) => gomoku::run(options, &mut console),
        Some(GameCommand::Morris(options)) => morris::run(options, &mut console),
    };
    if let Err(message) = result {
        eprintln!("error: {message}\n\nFor more information, try '--help'.");
        std::process::exit(2);
    }
}
