//! Gomoku at the console: the board with coordinates, the last move in parentheses, the
//! winning line drawn as `#` (black) or `@` (white). Options `--rule` and `--size`; the
//! computer (`--level normal`) plays greedily on the threat shapes of both colours.

use crate::console::Console;
use crate::seats::SeatOptions;
use crate::session::{run_session, ConsoleGame, Seat};
use board_core::{Game, History, Player, Rng, Status};
use gomoku::threat::Shape;
use gomoku::{Point, Position, Rule};

struct Gomoku {
    size: u32,
    rule: Rule,
}

impl ConsoleGame for Gomoku {
    type Position = Position;

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
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        position.parse_move(&compact).map_err(|e| e.to_string())
    }

    fn result(&self, history: &History<Position>) -> String {
        let pos = history.position();
        let verdict = match pos.status() {
            Status::Won(p) => {
                let lines: Vec<String> = pos
                    .winning_lines()
                    .map(|line| {
                        let cells: Vec<String> = line.cells().map(|c| c.to_string()).collect();
                        cells.join("-")
                    })
                    .collect();
                format!(
                    "{} wins with {} ({})!",
                    self.player_name(p),
                    lines.join(" and "),
                    pos.rule()
                )
            }
            _ if pos.empty_points().is_empty() => {
                "Draw: the board is full and nobody has a winning line.".to_owned()
            }
            _ => "Draw: every empty point is forbidden to black.".to_owned(),
        };
        let board = pos
            .diagram()
            .last_move(history.last_move())
            .highlight(pos.winning_cells());
        format!("\n{board}{verdict}\n")
    }
}

/// How much a point is worth to the computer: its own shapes first, then the opponent's.
fn shape_value(shape: Option<Shape>) -> u32 {
    match shape {
        Some(Shape::Five) => 10_000,
        Some(Shape::StraightFour) | Some(Shape::DoubleFour) => 2_000,
        Some(Shape::FourThree) => 1_500,
        Some(Shape::DoubleThree) => 800,
        Some(Shape::Four) => 300,
        Some(Shape::OpenThree) | Some(Shape::SplitThree) => 200,
        Some(Shape::ClosedThree) => 50,
        None => 0,
    }
}

/// The greedy computer: the point with the best value of its own shapes plus (a little less)
/// the opponent's shapes it blocks, with a pull towards the stones and the centre; ties are
/// broken at random.
fn greedy_move(pos: &Position, rng: &mut Rng) -> Option<Point> {
    let me = pos.side_to_move();
    let mine = pos.threats(me);
    let theirs = pos.threats(me.opponent());
    let stones = pos.stones(me).union(pos.stones(me.opponent()));
    let centre = (pos.size() as i32 - 1) / 2;
    let mut best: Option<(u32, Point)> = None;
    let mut ties = 0;
    for point in pos.empty_points() {
        // Under renju black's forbidden points are not moves.
        if !pos.is_legal(point) {
            continue;
        }
        let near = (-1..=1)
            .flat_map(|dc| (-1..=1).map(move |dr| (dc, dr)))
            .filter(|&(dc, dr)| {
                let (c, r) = (point.col() as i32 + dc, point.row() as i32 + dr);
                c >= 0 && r >= 0 && Point::new(c as u8, r as u8).is_some_and(|p| stones.contains(p))
            })
            .count() as u32;
        let distance = (point.col() as i32 - centre)
            .abs()
            .max((point.row() as i32 - centre).abs());
        let value = shape_value(mine.get(point).best()) * 10 / 9
            + shape_value(theirs.get(point).best())
            + near * 4
            + (20 - distance.min(20)) as u32;
        match best {
            Some((v, _)) if v > value => {}
            Some((v, _)) if v == value => {
                ties += 1;
                if rng.below(ties + 1) == 0 {
                    best = Some((value, point));
                }
            }
            _ => {
                ties = 0;
                best = Some((value, point));
            }
        }
    }
    best.map(|(_, p)| p)
}

/// Starts gomoku: `--rule caro|caro5|caro6|standard|freestyle|renju` (default caro), `--size 5..20`
/// (default 15); `--level normal` plays the greedy computer, `--level beginner` random moves.
pub fn run(args: &[String], console: &mut Console) -> Result<(), String> {
    let options = SeatOptions::parse(args)?;
    let mut rule = Rule::CARO;
    let mut size = u32::from(gomoku::DEFAULT_SIZE);
    let mut rest = options.rest.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--rule" => {
                let name = rest.next().ok_or("--rule needs a value")?;
                rule = name.parse().map_err(|e| format!("{e}"))?;
            }
            "--size" => {
                let text = rest.next().ok_or("--size needs a value")?;
                size = text
                    .parse()
                    .map_err(|_| format!("--size takes a number from 5 to 20, not {text:?}"))?;
            }
            other => return Err(format!("unknown gomoku option {other:?}")),
        }
    }
    // Checks the size and the rule before the session starts.
    Position::new(size, rule).map_err(|e| e.to_string())?;
    let greedy = match options.level.as_deref() {
        None | Some("normal") => true,
        Some("beginner") => false,
        Some(other) => {
            return Err(format!(
                "gomoku's computer levels are beginner (random moves) and normal (greedy on threats), not {other:?}"
            ))
        }
    };
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
    run_session(&game, console, |number| {
        options.seats(number, || {
            let mut rng = Rng::new(options.seed ^ number);
            if greedy {
                Seat::Computer(
                    "normal: greedy on threat shapes".to_owned(),
                    Box::new(move |pos: &Position| greedy_move(pos, &mut rng)),
                )
            } else {
                Seat::Computer(
                    "beginner: random moves".to_owned(),
                    Box::new(move |pos: &Position| pos.random_move(&mut rng)),
                )
            }
        })
    });
    Ok(())
}
