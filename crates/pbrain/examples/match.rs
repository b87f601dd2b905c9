//! A small match manager: two players, Gomocup protocol engines (any command) or today's
//! in-process expert, play fixed three-stone openings from both sides on 15x15; every move is
//! judged by the gomoku crate's rules and timed.
//!
//! ```text
//! cargo run --release -p pbrain-boardgames --example match -- \
//!     --a target/release/pbrain-boardgames --b expert --rule 1 --turn-ms 200 --openings 5
//! ```
//!
//! `--b-turn-ms N` gives B its own turn limit (a handicap match). `--a-threads N` sends A
//! (an engine) `INFO thread_num N` before each game.
//!
//! `--a` / `--b`: `expert` (the gomoku player's expert level as it was before the threat
//! searches: a 200,000-node search, seeded noise, the hand-set evaluation weights
//! `EvalWeights::HAND_SET`; `--expert-ms N` searches N ms a move instead), `expert+ext` (the same search with the four extension,
//! `GomokuEvaluator::with_four_extension`), `expert+ext+wide` (and every near point searched at
//! the root, `GomokuEvaluator::with_root_width`) or a command line (split at spaces).
//! `--rule`: the `INFO rule` value (0, 1, 4, 8, 9, 16). `--openings N`: the first N of the
//! fixed openings, each played twice (colours swapped; once with `--a-colour`). A late
//! answer (past `--turn-ms` plus `--tolerance-ms`, 0 by default) or an illegal move loses the
//! game. `--random-openings SEED`: openings of three stones within two points of the centre
//! drawn from the seed.
//! `--a-colour black` / `--a-colour white`: A plays only that colour of each opening (B the
//! other), half the games; by default both.
//! `--print-openings`: print the openings instead of playing them, one a line in
//! c-gomoku-cli's offset notation (`x,y` from the centre, `y` growing downwards, as the
//! protocol's), so that c-gomoku-cli plays the same ones (`-openings file=F order=sequential`
//! with `-repeat`).
//!
//! Environment: `MATCH_LOG=1` logs every line to and from the engines; `MATCH_GAMES=FILE`
//! appends each finished game (the training data of `fit_eval`); `MATCH_EVALS=FILE` appends
//! the evaluations the engines report with the positions' shape counts.

use boardgames_core::{Game, Player, Rng, Status};
use boardgames_gomoku::{Point, Position, Rule};
use boardgames_players::gomoku::{Class, EvalWeights, GomokuEvaluator, SearchPosition, MAX_WIDTH};
use boardgames_players::Seeded;
use boardgames_search::{Limits, Searcher};
use pbrain_boardgames::protocol::{format_point, parse_coordinates, parse_rule};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// Three-stone openings (black, white, black) as offsets from the centre: varied, and none
/// decided at once.
const OPENINGS: [[(i8, i8); 3]; 10] = [
    [(0, 0), (1, 1), (2, 0)],
    [(0, 0), (1, 0), (2, 2)],
    [(0, 0), (1, 1), (0, 2)],
    [(0, 0), (2, 1), (1, 2)],
    [(0, 0), (1, -1), (1, 1)],
    [(0, 0), (0, 1), (2, 1)],
    [(0, 0), (-1, 1), (1, 2)],
    [(0, 0), (2, 0), (1, 2)],
    [(0, 0), (1, 2), (2, -1)],
    [(0, 0), (-1, -1), (2, 1)],
];

const SIZE: u8 = 15;

/// `ERROR` and `UNKNOWN` answers of the engines over the match (protocol errors).
static PROTOCOL_ERRORS: AtomicU32 = AtomicU32::new(0);

/// A player of the match.
enum Side {
    Expert(Box<Searcher<SearchPosition, Seeded<GomokuEvaluator>>>),
    Engine(Engine),
}

struct Engine {
    child: Child,
    input: ChildStdin,
    output: Receiver<String>,
    synced: bool,
    answered: Instant,
    /// The last `MESSAGE` line of the engine's current answer.
    message: String,
}

impl Engine {
    /// Starts `command` and sends it the match's settings; an error names the command that
    /// did not start.
    fn spawn(command: &str, rule: u32, turn_ms: u64) -> Result<Engine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an engine command is empty")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("the engine `{command}` does not start: {e}"))?;
        let (Some(input), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("the engine `{command}` has no pipes"));
        };
        let (tx, output) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            input,
            output,
            synced: false,
            answered: Instant::now(),
            message: String::new(),
        };
        engine.send(&format!("INFO timeout_turn {turn_ms}"));
        engine.send("INFO timeout_match 0");
        engine.send("INFO max_memory 350000000");
        engine.send(&format!("INFO rule {rule}"));
        engine.send("INFO game_type 1");
        engine.send(&format!("START {SIZE}"));
        match engine.answer(Duration::from_secs(30)) {
            Some(ok) if ok == "OK" => Ok(engine),
            other => Err(format!(
                "the engine `{command}` answered START with {other:?}, not OK"
            )),
        }
    }

    fn send(&mut self, line: &str) {
        if std::env::var_os("MATCH_LOG").is_some() {
            eprintln!("> {line}");
        }
        let _ = write!(self.input, "{line}\r\n");
        let _ = self.input.flush();
    }

    fn answer(&mut self, within: Duration) -> Option<String> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let line = self.output.recv_timeout(left).ok()?;
            if std::env::var_os("MATCH_LOG").is_some() {
                eprintln!("< {line}");
            }
            let word = line.split_whitespace().next().unwrap_or("");
            match word {
                "MESSAGE" => {
                    if line.contains("Eval") || line.contains("score") {
                        self.message = line;
                    }
                    continue;
                }
                "DEBUG" | "" => continue,
                "ERROR" | "UNKNOWN" => {
                    PROTOCOL_ERRORS.fetch_add(1, Ordering::Relaxed);
                    eprintln!("  engine said: {line}");
                }
                _ => return Some(line),
            }
        }
    }

    /// The engine's move in `game` (after `last`, the opponent's move, if any).
    fn play(&mut self, game: &[Point], me_first: bool) -> Option<String> {
        // Some engines (Rapfi) drop a command that arrives while they are still leaving
        // their search after answering: give them 30 ms, as a human-speed manager would.
        let settle = self.answered + Duration::from_millis(30);
        if let Some(wait) = settle.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        if self.synced {
            let last = game.last().expect("a move was played");
            self.send(&format!("TURN {}", format_point(*last, SIZE)));
        } else {
            self.send("BOARD");
            for (i, p) in game.iter().enumerate() {
                let mine = (i % 2 == 0) == me_first;
                self.send(&format!(
                    "{},{}",
                    format_point(*p, SIZE),
                    if mine { 1 } else { 2 }
                ));
            }
            self.send("DONE");
            self.synced = true;
        }
        self.message.clear();
        let answer = self.answer(Duration::from_secs(10));
        self.answered = Instant::now();
        answer
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.send("END");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn new_side(spec: &str, rule: u32, turn_ms: u64, seed: u64) -> Result<Side, String> {
    let (extension, root_width) = match spec {
        "expert" => (false, 1),
        "expert+ext" => (true, 1),
        "expert+ext+wide" => (true, MAX_WIDTH),
        _ => return Engine::spawn(spec, rule, turn_ms).map(Side::Engine),
    };
    // The hand-set weights under every rule: this expert is a fixed yardstick that does not
    // move when the player's weights are tuned.
    let evaluator = GomokuEvaluator::new()
        .with_weights(EvalWeights::HAND_SET)
        .with_four_extension(extension)
        .with_root_width(root_width);
    let evaluator = Seeded::new(evaluator, seed, 2);
    Ok(Side::Expert(Box::new(
        Searcher::new(evaluator).with_table_bytes(8 << 20),
    )))
}

/// How a game ended, from player A's view.
#[derive(Default, Debug)]
struct Tally {
    wins: u32,
    losses: u32,
    draws: u32,
    late: [u32; 2],
    illegal: [u32; 2],
    slowest: [Duration; 2],
}

struct Settings {
    a: String,
    b: String,
    rule_bits: u32,
    /// The rule `rule_bits` names.
    rule: Rule,
    turn: Duration,
    /// B's own turn limit (a handicap match), if not `turn`.
    b_turn: Option<Duration>,
    tolerance: Duration,
    expert_time: Option<Duration>,
    /// `--random-openings SEED`: openings drawn from the seed instead of the fixed ten.
    random_openings: Option<u64>,
    /// The colours A plays each opening with (`true`: black), in that order.
    a_colours: Vec<bool>,
    /// `--a-threads N`: the search threads A is asked for (`INFO thread_num`).
    a_threads: Option<u32>,
}

impl Settings {
    /// The three stones of opening `i`: the fixed ones, or with `--random-openings SEED`
    /// three distinct points within two of the centre drawn from the seed.
    fn opening(&self, i: usize) -> Vec<(i8, i8)> {
        let Some(seed) = self.random_openings else {
            return OPENINGS[i % OPENINGS.len()].to_vec();
        };
        let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
        let mut stones = vec![(0, 0)];
        while stones.len() < 3 {
            let p = (rng.below(5) as i8 - 2, rng.below(5) as i8 - 2);
            if !stones.contains(&p) {
                stones.push(p);
            }
        }
        stones
    }

    /// The turn limit of side `who` (0 for A, 1 for B).
    fn turn_of(&self, who: usize) -> Duration {
        match (who, self.b_turn) {
            (1, Some(turn)) => turn,
            _ => self.turn,
        }
    }
}

/// One game: A plays black when `a_black`. Returns the winner (0 for A, 1 for B) or `None`
/// for a draw; an error when a player cannot start.
fn game(
    settings: &Settings,
    opening: usize,
    a_black: bool,
    tally: &mut Tally,
) -> Result<Option<usize>, String> {
    let rule = settings.rule;
    let turn_ms = |who: usize| settings.turn_of(who).as_millis() as u64;
    // A's expert is seeded with 1 + the opening, B's with 2 + it.
    let side = |who: usize, spec: &str| {
        new_side(
            spec,
            settings.rule_bits,
            turn_ms(who),
            (1 + who + opening) as u64,
        )
    };
    let mut sides = [side(0, &settings.a)?, side(1, &settings.b)?];
    if let (Some(threads), Side::Engine(engine)) = (settings.a_threads, &mut sides[0]) {
        engine.send(&format!("INFO thread_num {threads}"));
    }
    let (mut position, mut moves) = opening_position(settings, rule, opening);
    loop {
        let black_to_move = position.side_to_move() == Player::First;
        let who = usize::from(black_to_move != a_black);
        let start = Instant::now();
        let answer = ask(&mut sides[who], settings, &position, &moves);
        let took = start.elapsed();
        tally.slowest[who] = tally.slowest[who].max(took);
        if let Side::Engine(engine) = &sides[who] {
            dump_eval(&position, &engine.message);
        }
        let mv = answer.and_then(|a| parse_coordinates(&a, SIZE).ok());
        let Some(mv) = mv.filter(|&p| position.is_legal(p)) else {
            if std::env::var_os("MATCH_LOG").is_some() {
                eprintln!("illegal or no answer by {who} in\n{position}");
            }
            tally.illegal[who] += 1;
            return Ok(Some(1 - who));
        };
        if matches!(sides[who], Side::Engine(_))
            && took > settings.turn_of(who) + settings.tolerance
        {
            tally.late[who] += 1;
            return Ok(Some(1 - who));
        }
        position.play(mv).unwrap();
        moves.push(mv);
        match position.status() {
            Status::Won(_) => {
                dump_game(settings.rule_bits, &moves, position.status());
                return Ok(Some(who));
            }
            Status::Draw => {
                dump_game(settings.rule_bits, &moves, position.status());
                return Ok(None);
            }
            Status::Ongoing => {}
        }
    }
}

/// The position after opening number `opening` under `rule`, and its moves.
fn opening_position(settings: &Settings, rule: Rule, opening: usize) -> (Position, Vec<Point>) {
    let mut position = Position::new(u32::from(SIZE), rule).unwrap();
    let mut moves: Vec<Point> = Vec::new();
    let c = (SIZE / 2) as i8;
    for (dc, dr) in settings.opening(opening) {
        let p = Point::new((c + dc) as u8, (c + dr) as u8).unwrap();
        position.play(p).unwrap();
        moves.push(p);
    }
    (position, moves)
}

/// The answer of `side` to move in `position` (reached by `moves`), in protocol coordinates.
fn ask(
    side: &mut Side,
    settings: &Settings,
    position: &Position,
    moves: &[Point],
) -> Option<String> {
    match side {
        Side::Expert(searcher) => {
            searcher.clear();
            let limits = match settings.expert_time {
                Some(time) => Limits::time(time),
                None => Limits::none().with_nodes(200_000),
            };
            let found = searcher.search(&SearchPosition::new(*position), &limits);
            found.best_move.map(|p| format_point(p, SIZE))
        }
        Side::Engine(engine) => engine.play(moves, position.side_to_move() == Player::First),
    }
}

/// With `MATCH_GAMES=FILE`: appends the finished game as one line, for fitting the
/// evaluator to game results: the `INFO rule` value, the winner (`black`, `white` or `draw`)
/// and the moves from the first stone, in the workspace's notation.
fn dump_game(rule_bits: u32, moves: &[Point], status: Status) {
    let Some(path) = std::env::var_os("MATCH_GAMES") else {
        return;
    };
    let winner = match status {
        Status::Won(Player::First) => "black",
        Status::Won(Player::Second) => "white",
        _ => "draw",
    };
    let moves: Vec<String> = moves.iter().map(|p| p.to_string()).collect();
    append_line(&path, &format!("{rule_bits} {winner} {}", moves.join(" ")));
}

/// Appends `line` and a newline to the file at `path`, making the file if need be. A line
/// that cannot be written is no reason to stop the match: it is reported on stderr.
fn append_line(path: &std::ffi::OsStr, line: &str) {
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut file| writeln!(file, "{line}"));
    if let Err(e) = written {
        eprintln!("match: cannot append to {}: {e}", path.to_string_lossy());
    }
}

/// With `MATCH_EVALS=FILE`: appends the engine's reported evaluation of `position` (Rapfi's
/// `Eval N`; mate scores skipped) and the position's shape counts, for fitting the
/// evaluator's values: `eval` then, for the side to move and then the other colour, the
/// number of (point, axis) pairs of each shape from `ClosedThree` to `Five`, and the points
/// with two fours, a four and a live three, and two live threes. Positions a static rule
/// already decides (a five to make or to stop, an open four to make) are left out.
fn dump_eval(position: &Position, message: &str) {
    let Some(path) = std::env::var_os("MATCH_EVALS") else {
        return;
    };
    let Some(eval) = message
        .split_whitespace()
        .skip_while(|w| *w != "Eval")
        .nth(1)
        .and_then(|w| w.parse::<i32>().ok())
    else {
        return;
    };
    let tracked = SearchPosition::new(*position);
    let me = position.side_to_move();
    let decided = tracked.count(me, Class::Five) > 0
        || tracked.count(me.opponent(), Class::Five) > 0
        || tracked.count(me, Class::OpenFour) > 0;
    if decided {
        return;
    }
    let mut fields = vec![eval.to_string()];
    for colour in [me, me.opponent()] {
        let mut counts = [0u32; 10];
        for point in position.empty_points() {
            let threats = tracked.threats(colour, point);
            for shape in threats.0 {
                let i = shape as usize;
                if (1..=7).contains(&i) {
                    counts[i - 1] += 1;
                }
            }
            let (fours, threes) = (threats.fours(), threats.live_threes());
            counts[7] += u32::from(fours >= 2);
            counts[8] += u32::from(fours >= 1 && threes >= 1);
            counts[9] += u32::from(threes >= 2);
        }
        fields.extend(counts.iter().map(|c| c.to_string()));
    }
    append_line(&path, &fields.join(","));
}

/// `stones` (offsets from the centre, rows counted upwards as the workspace's notation
/// counts them) in c-gomoku-cli's offset notation, whose rows count downwards:
/// `0,0, 1,-1, 2,0`.
fn offset_notation(stones: &[(i8, i8)]) -> String {
    let moves: Vec<String> = stones
        .iter()
        .map(|(dc, dr)| format!("{dc},{}", -dr))
        .collect();
    moves.join(", ")
}

/// The value given after `--name` on the command line, if any.
fn option<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    let i = args.iter().position(|a| a == name)?;
    args.get(i + 1).map(String::as_str)
}

/// The number given after `--name`, if the option is there; an error names the option whose
/// value is missing or not a number.
fn optional<T: std::str::FromStr>(args: &[String], name: &str) -> Result<Option<T>, String> {
    match option(args, name) {
        None if args.iter().any(|a| a == name) => Err(format!("{name} needs a value")),
        None => Ok(None),
        Some(text) => text
            .parse()
            .map(Some)
            .map_err(|_| format!("{name} takes a number, not `{text}`")),
    }
}

/// The number given after `--name`, or `default` when the option is absent.
fn number<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    Ok(optional(args, name)?.unwrap_or(default))
}

/// The match settings from the command line (see the module's documentation).
fn read_settings(args: &[String]) -> Result<Settings, String> {
    let value = |name: &str, default: &str| option(args, name).unwrap_or(default).to_owned();
    let ms = |name: &str, default: u64| number(args, name, default).map(Duration::from_millis);
    let rule_bits: u32 = number(args, "--rule", 1)?;
    let rule = parse_rule(&rule_bits.to_string())
        .map_err(|e| format!("--rule {rule_bits} is no rule this manager knows: {e}"))?;
    Ok(Settings {
        a: value("--a", "target/release/pbrain-boardgames"),
        b: value("--b", "expert"),
        rule_bits,
        rule,
        turn: ms("--turn-ms", 200)?,
        b_turn: optional(args, "--b-turn-ms")?.map(Duration::from_millis),
        tolerance: ms("--tolerance-ms", 0)?,
        random_openings: optional(args, "--random-openings")?,
        a_threads: optional(args, "--a-threads")?,
        expert_time: optional(args, "--expert-ms")?.map(Duration::from_millis),
        a_colours: match option(args, "--a-colour") {
            None if args.iter().any(|a| a == "--a-colour") => {
                return Err("--a-colour needs a value: black or white".into())
            }
            None => vec![true, false],
            Some("black") => vec![true],
            Some("white") => vec![false],
            Some(other) => return Err(format!("--a-colour takes black or white, not `{other}`")),
        },
    })
}

fn main() {
    if let Err(message) = run() {
        eprintln!("match: {message}");
        std::process::exit(2);
    }
}

/// The match the command line asks for; an error for a bad option or a player that cannot
/// start.
fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let settings = read_settings(&args)?;
    let openings: usize = number(&args, "--openings", 5)?;
    let mut tally = Tally::default();
    let openings = if settings.random_openings.is_some() {
        openings
    } else {
        openings.min(OPENINGS.len())
    };
    if args.iter().any(|a| a == "--print-openings") {
        for opening in 0..openings {
            println!("{}", offset_notation(&settings.opening(opening)));
        }
        return Ok(());
    }
    for opening in 0..openings {
        for &a_black in &settings.a_colours {
            let result = game(&settings, opening, a_black, &mut tally)?;
            match result {
                Some(0) => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
            println!(
                "opening {opening} A {}: {}",
                if a_black { "black" } else { "white" },
                match result {
                    Some(0) => "A wins",
                    Some(_) => "B wins",
                    None => "draw",
                }
            );
        }
    }
    println!(
        "A {} vs B {}, rule {}, {} ms a move{}: A {} - B {} ({} draws); late A/B {:?}, illegal A/B {:?}, protocol errors {}, slowest A/B {:?}",
        settings.a,
        settings.b,
        settings.rule_bits,
        settings.turn.as_millis(),
        settings
            .b_turn
            .map(|t| format!(" (B {} ms)", t.as_millis()))
            .unwrap_or_default(),
        tally.wins,
        tally.losses,
        tally.draws,
        tally.late,
        tally.illegal,
        PROTOCOL_ERRORS.load(Ordering::Relaxed),
        tally.slowest
    );
    Ok(())
}
