//! Gomoku at the console: the board with coordinates, the last move in parentheses, the
//! winning line drawn as `#` (black) or `@` (white). Options `--rule` and `--size`; the
//! computer (`--level beginner|normal|expert`) is ai-players' gomoku player. `--opening`
//! plays under an opening rule (see the `opening` module).

mod board;
mod opening;

use crate::console::Console;
use crate::seats::SeatOptions;
use crate::session::History;
use crate::session::{run_session, ConsoleGame};
use board::{final_board, read_compact, winning_lines};
use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::{Point, Position, Rule};
use boardgames_players::gomoku::{GomokuPlayer, Level};
use boardgames_players::ComputerPlayer;

struct Gomoku {
    size: u32,
    rule: Rule,
}

impl ConsoleGame for Gomoku {
    type Position = Position;

    /// The computer's choice at its normal level.
    fn hint(&self, position: &Position) -> Option<Point> {
        GomokuPlayer::new(Level::Normal, 0).choose_move(position)
    }

    fn new_game(&self) -> Position {
        Position::new(self.size, self.rule).expect("size and rule checked at start")
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "Black (X)",
            Player::Second => "White (O)",
        }
    }

    fn draw(&self, history: &History<Position>) -> String {
        let pos = history.position();
        let last = match history.last_move() {
            Some(mv) => format!("Last move: {mv}.\n"),
            None => String::new(),
        };
        format!("\n{}{last}", pos.diagram().last_move(history.last_move()))
    }

    fn move_hint(&self) -> &'static str {
        "column letter and row number, such as h8"
    }

    fn read_move(&self, position: &Position, text: &str) -> Result<Point, String> {
        read_compact(position, text)
    }

    fn result(&self, history: &History<Position>) -> String {
        let pos = history.position();
        let verdict = match pos.status() {
            Status::Won(p) => format!(
                "{} wins with {} ({})!",
                self.player_name(p),
                winning_lines(pos),
                pos.rule()
            ),
            _ if pos.empty_points().is_empty() => {
                "Draw: the board is full and nobody has a winning line.".to_owned()
            }
            _ if pos
                .rule()
                .draw_at(pos.size())
                .is_some_and(|at| pos.stone_count() as u32 >= at) =>
            {
                format!(
                    "Draw: {} stones are on the board (Gomocup's draw count, size * size - 25).",
                    pos.stone_count()
                )
            }
            _ => "Draw: every empty point is forbidden to black.".to_owned(),
        };
        final_board(pos, history.last_move(), &verdict)
    }
}

/// Gomoku's command line.
#[derive(clap::Args, Debug)]
pub struct Options {
    /// The win rule; `+gomocup_draw` after it (renju+gomocup_draw) draws the game once
    /// size * size - 25 stones are on the board, as Gomocup does.
    #[arg(
        long,
        default_value = "caro",
        value_name = "caro|caro5|caro6|standard|freestyle|renju"
    )]
    rule: Rule,
    /// The board's side, from 5 to 20.
    #[arg(long, default_value_t = u32::from(boardgames_gomoku::DEFAULT_SIZE), value_name = "5..20")]
    size: u32,
    /// The opening rule (none by default). Its moves besides points: black / white (take
    /// that colour), place2, declare:N, offer:h8, pick:h8.
    #[arg(long, value_name = "pro|long_pro|swap|swap2|soosorv8|taraguchi10")]
    opening: Option<boardgames_gomoku::opening::Opening>,
    #[command(flatten)]
    seats: SeatOptions,
}

/// Starts gomoku: `--rule caro|caro5|caro6|standard|freestyle|renju` (default caro), `--size 5..20`
/// (default 15); `--level beginner|normal|expert` plays the computer (ai-players' gomoku levels).
pub fn run(args: &Options, console: &mut Console) -> Result<(), String> {
    let options = &args.seats;
    let (rule, size) = (args.rule, args.size);
    // Checks the size and the rule before the session starts.
    Position::new(size, rule).map_err(|e| e.to_string())?;
    let level: Option<Level> = options.computer_level()?;
    if let Some(opening) = args.opening {
        if options.engine == crate::seats::Engine::Mcts {
            return Err("--engine mcts does not play the opening rules: use --level".into());
        }
        return opening::run(size, rule, opening, options, level, console);
    }
    let goal = match rule.name() {
        Some("caro") => "exactly five in a row, not blocked at both ends (the edge blocks)",
        Some("caro5") => "exactly five in a row, not blocked at both ends by stones",
        Some("caro6") => "five or more in a row, not blocked at both ends by stones",
        Some("standard") => "exactly five in a row",
        Some("renju") => {
            "five in a row (black: exactly five, and no overline, double four or double three)"
        }
        _ => "five or more in a row",
    };
    console.say(&format!(
        "Gomoku, {size}x{size}, rule {rule}: black (X) moves first; {goal} wins.\n\
         The last move is shown in parentheses. Type undo to take a move back.\n"
    ));
    let game = Gomoku { size, rule };
    run_session(&game, console, options, |number| {
        options.computer_seats(number, |seed| {
            GomokuPlayer::new(level.unwrap_or(Level::Normal), seed)
        })
    });
    Ok(())
}
