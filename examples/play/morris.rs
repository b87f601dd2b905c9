//! Nine men's morris at the console: the board with its coordinates, each side's phase and
//! pieces in hand, the legal points on request (`points`, `points a1`), the capture asked for
//! as part of the move that closes a mill, and draw offers (`draw`).

use crate::console::Console;
use crate::seats::SeatOptions;
use crate::session::History;
use crate::session::{run_session, CommandOutcome, ConsoleGame};
use boardgames_core::{Game, Player, Status};
use boardgames_morris::{
    colour, DrawRules, IllegalMove, Move, Phase, Point, Points, Position, Reason, Rules,
};
use boardgames_players::morris::{Level, MorrisPlayer};
use boardgames_players::ComputerPlayer;

struct Morris {
    rules: Rules,
    draw_rules: DrawRules,
}

fn piece_char(pos: &Position, point: Point) -> char {
    match pos.piece_at(point) {
        Some(Player::First) => 'W',
        Some(Player::Second) => 'B',
        None => '.',
    }
}

/// Point names in reading order: by column, then by row.
fn list(points: Points) -> String {
    let mut names: Vec<String> = points.points().map(|p| p.to_string()).collect();
    names.sort();
    names.join(" ")
}

fn phase_text(pos: &Position, player: Player) -> String {
    let phase = match pos.phase(player) {
        Phase::Placing => "placing",
        Phase::Moving => "sliding",
        Phase::Flying => "flying",
    };
    format!(
        "{} ({}): {phase}, {} in hand, {} on the board",
        capitalised(player),
        if player == Player::First { 'W' } else { 'B' },
        pos.in_hand(player),
        pos.on_board(player)
    )
}

fn capitalised(player: Player) -> &'static str {
    match player {
        Player::First => "White",
        Player::Second => "Black",
    }
}

/// The board with `marked` points drawn as `*`.
fn board_marking(pos: &Position, marked: Points) -> String {
    pos.board_drawing(|p| {
        if marked.has(p) {
            '*'
        } else {
            piece_char(pos, p)
        }
    })
}

impl Morris {
    /// The answer to `points` / `points a1`: the legal points, listed and marked.
    fn points(&self, pos: &Position, arg: &str) -> String {
        let me = pos.side_to_move();
        if pos.phase(me) == Phase::Placing {
            let points = pos.placement_points();
            return format!(
                "{}You may place on: {}\n",
                board_marking(pos, points),
                list(points)
            );
        }
        if !arg.is_empty() {
            return match arg.parse::<Point>() {
                Err(e) => format!("{e}.\n"),
                Ok(from) if pos.piece_at(from) != Some(me) => {
                    format!("{from} does not hold one of your pieces.\n")
                }
                Ok(from) => {
                    let to = pos.destinations(from);
                    if to.is_empty() {
                        format!("The piece on {from} is blocked.\n")
                    } else {
                        format!(
                            "{}The piece on {from} may go to: {}\n",
                            board_marking(pos, to),
                            list(to)
                        )
                    }
                }
            };
        }
        let movable = pos.movable_pieces();
        let mut text = board_marking(pos, movable);
        text.push_str("Pieces that may move (marked *), with their destinations:\n");
        for from in movable.points() {
            text.push_str(&format!("  {from}: {}\n", list(pos.destinations(from))));
        }
        text
    }
}

impl ConsoleGame for Morris {
    type Position = Position;

    /// The computer's choice at its normal level.
    fn hint(&self, position: &Position) -> Option<Move> {
        MorrisPlayer::new(Level::Normal, 0).choose_move(position)
    }

    fn new_game(&self) -> Position {
        Position::with_rules(self.rules)
    }

    fn draw_rules(&self) -> DrawRules {
        self.draw_rules
    }

    fn player_name(&self, player: Player) -> &'static str {
        capitalised(player)
    }

    fn draw(&self, history: &History<Position>) -> String {
        let pos = history.position();
        let last = match history.last_move() {
            Some(mv) => format!("Last move: {mv}.\n"),
            None => String::new(),
        };
        format!(
            "\n{}{}\n{}\n{last}",
            pos.board_drawing(|p| piece_char(pos, p)),
            phase_text(pos, Player::First),
            phase_text(pos, Player::Second)
        )
    }

    fn turn_line(&self, pos: &Position) -> String {
        let me = pos.side_to_move();
        let what = match pos.phase(me) {
            Phase::Placing => "place a piece on an empty point",
            Phase::Moving => "slide a piece along a line",
            Phase::Flying => "fly a piece to any empty point (you have three)",
        };
        format!("{} to move: {what}.", capitalised(me))
    }

    fn move_hint(&self) -> &'static str {
        "d1 to place, a1-a4 to move; the capture is asked for when you close a mill"
    }

    fn read_move(&self, _game: &Position, text: &str) -> Result<Move, String> {
        // "a1 a4" is read as "a1-a4".
        let words: Vec<&str> = text.split_whitespace().collect();
        let joined = words.join("-");
        joined.parse::<Move>().map_err(|e| e.to_string())
    }

    fn complete_move(
        &self,
        pos: &Position,
        mv: Move,
        console: &mut Console,
    ) -> Result<Move, String> {
        if !matches!(pos.check_move(mv), Err(IllegalMove::CaptureRequired { .. })) {
            return Ok(mv);
        }
        let targets = pos.capture_targets();
        let them = colour(pos.side_to_move().opponent());
        loop {
            let question = format!(
                "{} closes a mill! Which {them} piece do you capture? ({}) ",
                mv.to(),
                list(targets)
            );
            let Some(answer) = console.ask(&question) else {
                return Err("move cancelled".into());
            };
            if answer.is_empty() {
                return Err("move cancelled".into());
            }
            match answer.parse::<Point>() {
                Ok(p) if targets.has(p) => return Ok(mv.with_capture(p)),
                Ok(p) => match pos.check_move(mv.with_capture(p)) {
                    Err(e) => console.say(&format!("{e}.\n")),
                    Ok(()) => return Ok(mv.with_capture(p)),
                },
                Err(e) => console.say(&format!("{e}.\n")),
            }
        }
    }

    fn command(
        &self,
        history: &mut History<Position>,
        text: &str,
        console: &mut Console,
    ) -> Option<CommandOutcome> {
        let lower = text.trim().to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        match words.next()? {
            "points" | "where" => {
                let arg = words.next().unwrap_or("");
                console.say(&self.points(history.position(), arg));
                Some(CommandOutcome::Prompt)
            }
            _ => None,
        }
    }

    fn command_help(&self) -> &'static str {
        "Morris: points (where you may place, or which pieces may move and where), points a1 (where the piece on a1 may go).\n"
    }

    fn result(&self, history: &History<Position>) -> String {
        let game = history;
        let pos = game.position();
        let verdict = match Game::status(game) {
            Status::Won(p) => {
                let loser = p.opponent();
                if pos.in_hand(loser) + pos.on_board(loser) < 3 {
                    format!(
                        "{} wins: {} is down to {} pieces.",
                        capitalised(p),
                        colour(loser),
                        pos.on_board(loser)
                    )
                } else {
                    format!("{} wins: {} cannot move.", capitalised(p), colour(loser))
                }
            }
            _ => match game.draw_reason() {
                Some(Reason::Agreement) => "Draw by agreement.".to_owned(),
                Some(Reason::Repetition) => {
                    "Draw: the same position occurred for the third time.".to_owned()
                }
                Some(Reason::MoveRule) => format!(
                    "Draw: {} moves without a placement or a capture.",
                    game.quiet_moves()
                ),
                _ => "Draw.".to_owned(),
            },
        };
        format!("\n{}{verdict}\n", pos.board_drawing(|p| piece_char(pos, p)))
    }
}

/// Morris's command line.
#[derive(clap::Args, Debug)]
pub struct Options {
    /// No flying: a player with three pieces left still slides.
    #[arg(long)]
    no_flying: bool,
    /// A draw on the third occurrence of a position with the same side to move.
    #[arg(long)]
    threefold: bool,
    /// A draw after N moves in a row with neither a placement nor a capture.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    quiet_moves: Option<u32>,
    #[command(flatten)]
    seats: SeatOptions,
}

/// Starts nine men's morris: `--no-flying`, `--threefold`, `--quiet-moves N`; `--level
/// beginner|normal|expert` plays ai-players' morris computer (random moves, a shallow search,
/// a deep search). The computer searches the bare position: it does not see the draw rules.
pub fn run(args: &Options, console: &mut Console) -> Result<(), String> {
    let options = &args.seats;
    let rules = Rules {
        flying: !args.no_flying,
    };
    let mut draw_rules = DrawRules::NONE;
    draw_rules.threefold = args.threefold;
    draw_rules.quiet_moves = args.quiet_moves;
    let level: Option<Level> = options.computer_level()?;
    console.say(
        "Nine men's morris: White moves first. Place your nine pieces, then slide them along the\n\
         lines; with three left you may fly. Three in a line (a mill) captures an opponent piece\n\
         in the same move. Fewer than three pieces, or no move on your turn, loses.\n\
         Type help for the commands (points shows where you may play, draw offers a draw).\n",
    );
    let game = Morris { rules, draw_rules };
    run_session(&game, console, options, |number| {
        options.computer_seats::<Position, _>(number, |seed| {
            MorrisPlayer::new(level.unwrap_or(Level::Normal), seed).with_env_databases()
        })
    });
    Ok(())
}
