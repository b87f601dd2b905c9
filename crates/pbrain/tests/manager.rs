//! A scripted manager: drives the real `pbrain-boardgames` binary over pipes as Piskvork or
//! c-gomoku-cli would, and judges every answer with the gomoku crate's rules.
//!
//! Each test is short (small boards or instant moves) so the suite stays fast.

use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::{Point, Position, Rule};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// How long any answer may take before the test gives up on it (a hang is a failure, not a
/// stuck suite).
const PATIENCE: Duration = Duration::from_secs(20);

/// The engine process, its input, and its output lines as they arrive.
struct Brain {
    child: Child,
    input: Option<ChildStdin>,
    output: Receiver<String>,
}

impl Brain {
    fn spawn() -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-boardgames"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, output) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            input: Some(input),
            output,
        }
    }

    /// Sends lines, each ended by CR LF as Piskvork does.
    fn send(&mut self, lines: &[&str]) {
        let input = self.input.as_mut().expect("input open");
        for line in lines {
            write!(input, "{line}\r\n").unwrap();
        }
        input.flush().unwrap();
    }

    /// The next answer line, `MESSAGE` and `DEBUG` lines skipped.
    fn answer(&mut self) -> String {
        loop {
            let line = self
                .output
                .recv_timeout(PATIENCE)
                .expect("the engine answers");
            if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                return line;
            }
        }
    }

    /// Sends one command and returns its answer.
    fn ask(&mut self, line: &str) -> String {
        self.send(&[line]);
        self.answer()
    }

    /// `true` when the process ends within `within`.
    fn exits_within(&mut self, within: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < within {
            if self.child.try_wait().unwrap().is_some() {
                return true;
            }
            thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads `x,y` (rows from the top) into a point of an `size` board.
fn point(answer: &str, size: u8) -> Point {
    let (x, y) = answer
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {answer:?}"));
    let x: u8 = x.trim().parse().unwrap();
    let y: u8 = y.trim().parse().unwrap();
    assert!(x < size && y < size, "{answer} off the board");
    Point::new(x, size - 1 - y).unwrap()
}

fn coords(p: Point, size: u8) -> String {
    format!("{},{}", p.col(), size - 1 - p.row())
}

/// Two engines play a whole game under `rule` (an `INFO rule` value) on a `size` board, with
/// `turn_ms` a move; every move is checked legal. Returns the final position.
fn play_game(rule_bits: u32, rule: Rule, size: u8, turn_ms: u32) -> Position {
    let mut brains = [Brain::spawn(), Brain::spawn()];
    for brain in &mut brains {
        brain.send(&[
            &format!("INFO timeout_turn {turn_ms}"),
            "INFO timeout_match 0",
            "INFO max_memory 83886080",
            &format!("INFO rule {rule_bits}"),
            "INFO game_type 1",
            "INFO some_future_key 17",
        ]);
        assert_eq!(brain.ask(&format!("START {size}")), "OK");
    }
    let mut game = Position::new(u32::from(size), rule).unwrap();
    let mut answer = brains[0].ask("BEGIN");
    loop {
        let mover = game.stone_count() % 2;
        let mv = point(&answer, size);
        game.play(mv)
            .unwrap_or_else(|e| panic!("illegal move {mv} by engine {mover}: {e}\n{game}"));
        if game.status().is_over() {
            return game;
        }
        answer = brains[1 - mover].ask(&format!("TURN {}", coords(mv, size)));
    }
}

#[test]
fn whole_games_under_every_rule() {
    for (bits, rule) in [
        (0, Rule::FREESTYLE),
        (1, Rule::STANDARD),
        (4, Rule::RENJU),
        (8, Rule::CARO6),
        (9, Rule::CARO5),
        (16, Rule::CARO),
    ] {
        // Instant moves on a 9x9 board: quick, and still every kind of position.
        let game = play_game(bits, rule, 9, 0);
        assert!(game.status().is_over(), "{game}");
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "timing: run with --profile test-release on a quiet machine"
)]
fn answers_within_the_turn_limit() {
    // The one timing check of the suite, because the protocol is about time: a manager
    // forfeits an engine that answers late. The engine keeps a margin of 30 ms plus 10%;
    // the check allows nothing beyond the limit.
    let mut brain = Brain::spawn();
    brain.send(&["INFO timeout_turn 1000", "INFO rule 1"]);
    assert_eq!(brain.ask("START 15"), "OK");
    let mut game = Position::new(15, Rule::STANDARD).unwrap();
    game.play(point("7,7", 15)).unwrap();
    brain.send(&["BOARD", "7,7,2", "DONE"]);
    let first = brain.answer();
    game.play(point(&first, 15)).unwrap();
    for reply in ["8,8", "6,6", "9,5", "5,9"] {
        let p = point(reply, 15);
        if game.play(p).is_err() {
            continue;
        }
        let start = Instant::now();
        let answer = brain.ask(&format!("TURN {reply}"));
        assert!(
            start.elapsed() < Duration::from_millis(1000),
            "{:?}",
            start.elapsed()
        );
        game.play(point(&answer, 15)).unwrap();
    }
}

#[test]
fn board_restores_a_game_and_the_engine_finds_the_win_or_the_block() {
    let mut brain = Brain::spawn();
    brain.send(&["INFO timeout_turn 500", "INFO rule 1"]);
    assert_eq!(brain.ask("START 15"), "OK");
    // Own four 3,3 .. 6,3 (open at 2,3 and 7,3); the opponent's four too: win first.
    brain.send(&[
        "BOARD", "3,3,1", "3,9,2", "4,3,1", "4,9,2", "5,3,1", "5,9,2", "6,3,1", "6,9,2", "DONE",
    ]);
    let win = brain.answer();
    assert!(["2,3", "7,3"].contains(&win.as_str()), "{win}");
    // The opponent's four (given out of order: set up, the engine white) must be blocked.
    brain.send(&["RESTART"]);
    assert_eq!(brain.answer(), "OK");
    brain.send(&[
        "BOARD", "7,7,2", "7,8,2", "7,9,2", "7,10,2", "6,10,1", "1,1,1", "8,6,1", "DONE",
    ]);
    assert_eq!(brain.answer(), "7,11");
    // A BOARD line that is not x,y,field: an error, and the engine still works.
    brain.send(&["RESTART"]);
    assert_eq!(brain.answer(), "OK");
    brain.send(&["BOARD", "7,7", "DONE"]);
    assert!(brain.answer().starts_with("ERROR"));
    brain.send(&["BOARD", "7,7,2", "7,7,1", "DONE"]);
    assert!(brain.answer().starts_with("ERROR"));
    let reply = brain.ask("TURN 7,7");
    assert_ne!(point(&reply, 15), point("7,7", 15));
}

#[test]
fn info_thread_num_runs_the_search_on_more_threads() {
    let mut brain = Brain::spawn();
    assert!(brain.ask("INFO thread_num several").starts_with("ERROR"));
    brain.send(&["INFO timeout_turn 300", "INFO rule 1", "INFO thread_num 2"]);
    assert_eq!(brain.ask("START 15"), "OK");
    let mut game = Position::new(15, Rule::STANDARD).unwrap();
    for p in ["7,7", "8,8", "8,6"] {
        game.play(point(p, 15)).unwrap();
    }
    // A quiet position: the alpha-beta search chooses, and says how many threads it ran
    // (as many as asked, unless the machine has fewer cores).
    brain.send(&["BOARD", "7,7,2", "8,8,1", "8,6,2", "DONE"]);
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    let mut searched = false;
    let answer = loop {
        let line = brain
            .output
            .recv_timeout(PATIENCE)
            .expect("the engine answers");
        if line.starts_with("MESSAGE") {
            searched |= line.contains(" depth ");
            assert_eq!(line.contains(" threads 2"), cores >= 2, "{line}");
        } else {
            break line;
        }
    };
    assert!(searched, "the move came from the alpha-beta search");
    game.play(point(&answer, 15)).unwrap();
    // Back to one thread, and the engine still answers legal moves.
    brain.send(&["INFO thread_num 0"]);
    let mv = ["0,0", "14,14"]
        .map(|p| point(p, 15))
        .into_iter()
        .find(|&p| game.is_legal(p))
        .unwrap();
    game.play(mv).unwrap();
    let answer = brain.ask(&format!("TURN {}", coords(mv, 15)));
    game.play(point(&answer, 15)).unwrap();
}

#[test]
fn takeback_restores_the_point() {
    let mut brain = Brain::spawn();
    brain.send(&["INFO timeout_turn 0", "INFO rule 0"]);
    assert_eq!(brain.ask("START 10"), "OK");
    let first = brain.ask("BEGIN");
    let reply = brain.ask("TURN 0,0");
    assert_eq!(brain.ask(&format!("TAKEBACK {reply}")), "OK");
    assert_eq!(brain.ask("TAKEBACK 0,0"), "OK");
    assert!(
        brain.ask("TAKEBACK 0,0").starts_with("ERROR"),
        "nothing left there"
    );
    // Both points are free again, and it is white's turn: the opponent may play where the
    // engine had played.
    let again = brain.ask(&format!("TURN {reply}"));
    assert_ne!(again, reply);
    assert_ne!(again, first);
}

#[test]
fn bad_lines_get_errors_and_change_nothing() {
    let mut brain = Brain::spawn();
    assert!(
        brain.ask("TURN 1,1").starts_with("ERROR"),
        "TURN before START"
    );
    assert!(brain.ask("BEGIN").starts_with("ERROR"));
    assert!(brain.ask("START 4").starts_with("ERROR"));
    assert!(brain.ask("START 21").starts_with("ERROR"));
    assert!(brain.ask("START fifteen").starts_with("ERROR"));
    assert!(brain.ask("RECTSTART 15,20").starts_with("ERROR"));
    assert_eq!(brain.ask("RECTSTART 12,12"), "OK");
    assert!(
        brain.ask("INFO rule 12").starts_with("ERROR"),
        "renju and caro together"
    );
    assert!(brain.ask("INFO timeout_turn soon").starts_with("ERROR"));
    assert!(brain.ask("FROBNICATE 3").starts_with("UNKNOWN"));
    assert!(brain.ask("ABOUT").starts_with("name=\"pbrain-boardgames\""));
    brain.send(&["INFO timeout_turn 0"]);
    let first = brain.ask("TURN 5,5");
    for bad in [
        "TURN 5,5",
        "TURN 12,0",
        "TURN 3",
        "TURN a,b",
        "TURN -1,2",
        &format!("TURN {first}"),
    ] {
        assert!(brain.ask(bad).starts_with("ERROR"), "{bad}");
    }
    // The board is as it was: a legal move is still accepted.
    let next = brain.ask("TURN 0,0");
    point(&next, 12);
    assert!(brain.ask("SWAP2BOARD\r\n1,1\r\nDONE").starts_with("ERROR"));
}

#[test]
fn swap2_decisions() {
    let mut brain = Brain::spawn();
    brain.send(&["INFO timeout_turn 200", "INFO rule 1"]);
    assert_eq!(brain.ask("START 15"), "OK");
    let three = brain.ask("SWAP2BOARD\r\nDONE");
    let points: Vec<Point> = three.split(' ').map(|t| point(t, 15)).collect();
    assert_eq!(points.len(), 3, "{three}");
    let mut game = Position::new(15, Rule::STANDARD).unwrap();
    for &p in &points {
        game.play(p).unwrap();
    }
    let choice = brain.ask("SWAP2BOARD\r\n7,7\r\n8,7\r\n9,9\r\nDONE");
    let words: Vec<&str> = choice.split(' ').collect();
    assert!(
        choice == "SWAP" || (1..=2).contains(&words.len()),
        "{choice}"
    );
    if choice != "SWAP" {
        for w in words {
            assert!(!["7,7", "8,7", "9,9"].contains(&w), "{choice}");
            point(w, 15);
        }
    }
    let five = brain.ask("SWAP2BOARD\r\n7,7\r\n8,7\r\n9,9\r\n8,8\r\n8,6\r\nDONE");
    assert!(five == "SWAP" || point(&five, 15).is_on_board(15), "{five}");
}

#[test]
fn end_stops_a_search_and_eof_ends_the_engine() {
    let mut brain = Brain::spawn();
    // A long turn limit: the engine would think 4 s (its cap) without END.
    brain.send(&[
        "INFO timeout_turn 100000",
        "INFO rule 1",
        "START 15",
        "TURN 7,7",
        "END",
    ]);
    assert!(
        brain.exits_within(Duration::from_secs(3)),
        "END stops the search"
    );
    let mut brain = Brain::spawn();
    brain.send(&["START 15"]);
    assert_eq!(brain.answer(), "OK");
    // Close the input: the engine reads EOF.
    drop(brain.input.take());
    assert!(
        brain.exits_within(Duration::from_secs(3)),
        "EOF ends the engine"
    );
}

#[test]
fn renju_black_gets_no_forbidden_move_and_the_colours_follow_the_board() {
    // The engine plays black under renju from a BOARD where its best-looking point is a
    // double three: it must answer something else.
    let mut brain = Brain::spawn();
    brain.send(&["INFO timeout_turn 200", "INFO rule 4"]);
    assert_eq!(brain.ask("START 15"), "OK");
    // Own stones 6,7 7,7 (row) and 8,6 8,5 (column); 8,7 would make two open threes.
    brain.send(&[
        "BOARD", "6,7,1", "0,0,2", "7,7,1", "0,14,2", "8,6,1", "14,0,2", "8,5,1", "14,14,2", "DONE",
    ]);
    let answer = brain.answer();
    let mut game = Position::new(15, Rule::RENJU).unwrap();
    for t in ["6,7", "0,0", "7,7", "0,14", "8,6", "14,0", "8,5", "14,14"] {
        game.play(point(t, 15)).unwrap();
    }
    assert_eq!(game.side_to_move(), Player::First);
    let mv = point(&answer, 15);
    assert!(game.forbidden(Player::First, mv).is_none(), "{answer}");
    game.play(mv).unwrap();
    assert_eq!(game.status(), Status::Ongoing);
}
