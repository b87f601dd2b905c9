//! The protocol state machine: one manager line in, the answer lines out.
//!
//! The engine keeps the game as a [`Position`] whose side to move is whoever the manager
//! expects next: after `TURN x,y` the opponent's stone is played for the side to move and
//! the engine answers for the other colour; `BOARD` rebuilds the position so that the engine
//! is to move. A command that cannot be carried out gets `ERROR <reason>` and leaves the
//! board as it was.

use crate::clock::Clock;
use crate::protocol::{
    format_point, parse_board_line, parse_coordinates, parse_rule, parse_size, reply, Answer,
    Command, ProtocolError,
};
use crate::swap2;
use crate::think::Thinker;
use boardgames_core::{ByPlayer, Game, Player};
use boardgames_gomoku::{Point, PointSet, Position, Rule, Setup};
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// Whether to go on reading commands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `END` (or the end of input): quit.
    Quit,
}

/// A multi-line command being read: its kind and the lines so far.
struct Block {
    swap2: bool,
    lines: Vec<String>,
}

/// The engine's state between two lines.
pub struct Engine {
    rule: Rule,
    clock: Clock,
    position: Option<Position>,
    block: Option<Block>,
    thinker: Thinker,
    stop: Arc<AtomicBool>,
}

/// The most search threads the engine runs, whatever `INFO thread_num` asks.
pub const MAX_THREADS: usize = 64;

/// The threads to run for `INFO thread_num wanted`: as many as asked, but no more than the
/// machine's cores and [`MAX_THREADS`] (more threads than cores only take turns), and at
/// least one (0 counts as 1).
fn thread_count(wanted: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    usize::try_from(wanted)
        .unwrap_or(usize::MAX)
        .clamp(1, cores.min(MAX_THREADS))
}

/// The engine's `ABOUT` line.
pub const ABOUT: &str = concat!(
    "name=\"pbrain-boardgames\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"The boardgames team\", country=\"-\", www=\"https://example.invalid/boardgames\", email=\"-\""
);

impl Engine {
    /// An engine with no game yet, freestyle until `INFO rule` says otherwise, stopped early
    /// when `stop` is set (the input thread sets it on `END`).
    pub fn new(stop: Arc<AtomicBool>) -> Self {
        let clock = Clock::default();
        Engine {
            rule: Rule::FREESTYLE,
            clock,
            position: None,
            block: None,
            thinker: Thinker::new(clock.table_bytes()),
            stop,
        }
    }

    /// This engine with another move chooser (a match without threat searches).
    pub fn with_thinker(mut self, thinker: Thinker) -> Self {
        self.thinker = thinker;
        self
    }

    /// The position, once a game has started.
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// Handles one line received at `received`, writing the answer lines to `out`.
    pub fn handle(
        &mut self,
        line: &str,
        received: Instant,
        out: &mut dyn Write,
    ) -> io::Result<Flow> {
        if let Some(block) = &mut self.block {
            let text = line.trim();
            if text.eq_ignore_ascii_case("END") {
                return Ok(Flow::Quit);
            }
            if !text.eq_ignore_ascii_case("DONE") {
                if !text.is_empty() {
                    block.lines.push(text.to_owned());
                }
                return Ok(Flow::Continue);
            }
            let block = self.block.take().expect("a block is open");
            let answer = if block.swap2 {
                self.swap2(&block.lines, received)
            } else {
                self.board(&block.lines, received)
            };
            return reply(out, answer).map(|()| Flow::Continue);
        }
        let Some(command) = Command::parse(line) else {
            return Ok(Flow::Continue);
        };
        let answer = match command {
            Command::End => return Ok(Flow::Quit),
            Command::Board | Command::Swap2Board => {
                self.block = Some(Block {
                    swap2: command == Command::Swap2Board,
                    lines: Vec::new(),
                });
                return Ok(Flow::Continue);
            }
            Command::Info(key, value) => match self.info(&key, &value) {
                Ok(()) => return Ok(Flow::Continue),
                Err(e) => Err(e.to_string()),
            },
            other => self.command(other, received),
        };
        reply(out, answer).map(|()| Flow::Continue)
    }

    /// The one-line commands with an answer.
    fn command(&mut self, command: Command, received: Instant) -> Answer {
        match command {
            Command::Start(text) => self.start(&text, false),
            Command::RectStart(text) => self.start(&text, true),
            Command::Restart => {
                let size = self.game()?.size();
                self.new_game(size);
                ok()
            }
            Command::Begin => {
                if self.game()?.stone_count() > 0 {
                    return Err("BEGIN on a board that has stones".into());
                }
                self.think(received)
            }
            Command::Turn(text) => {
                let position = *self.game()?;
                let point = parse_coordinates(&text, position.size()).map_err(|e| e.to_string())?;
                let mut after = position;
                after.play(point).map_err(|e| e.to_string())?;
                self.position = Some(after);
                self.think(received)
            }
            Command::Takeback(text) => self.takeback(&text),
            Command::About => Ok(vec![ABOUT.to_owned()]),
            Command::Unknown(text) => Ok(vec![format!("UNKNOWN command {text:?}")]),
            Command::End | Command::Board | Command::Swap2Board | Command::Info(..) => Ok(vec![]),
        }
    }

    /// The game, or the error of a command that needs one.
    fn game(&self) -> Result<&Position, String> {
        self.position
            .as_ref()
            .ok_or_else(|| "no game: START first".to_owned())
    }

    fn start(&mut self, text: &str, rect: bool) -> Answer {
        let size = parse_size(text, rect).map_err(|e| e.to_string())?;
        self.new_game(size);
        ok()
    }

    fn new_game(&mut self, size: u8) {
        self.position = Position::new(u32::from(size), self.rule).ok();
        self.clock.forget_increment();
        self.thinker.clear();
        warm_up(&self.rule);
    }

    /// An `INFO` key: the limits, the memory, the rule and the number of threads are used;
    /// the game type, the folder and unknown keys are ignored.
    fn info(&mut self, key: &str, value: &str) -> Result<(), ProtocolError> {
        let number = || -> Result<u64, ProtocolError> {
            value.trim().parse().map_err(|_| ProtocolError::Number {
                key: key.to_owned(),
                value: value.to_owned(),
            })
        };
        match key {
            "timeout_turn" => self.clock.turn_ms = number()?,
            "timeout_match" => self.clock.match_ms = number()?,
            "time_left" => self.clock.note_time_left(number()?),
            "max_memory" => {
                self.clock.max_memory = number()?;
                self.thinker.resize(self.clock.table_bytes());
            }
            "game_type" => {
                number()?;
            }
            "thread_num" => {
                let wanted = number()?;
                self.thinker.set_threads(thread_count(wanted));
            }
            "rule" => {
                let rule = parse_rule(value)?;
                self.set_rule(rule)?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Changes the rule, of the game going on too (its stones kept).
    fn set_rule(&mut self, rule: Rule) -> Result<(), ProtocolError> {
        if let Some(position) = self.position {
            let mut setup = Setup::from(&position);
            setup.rule = rule;
            let rebuilt = if position.stone_count() == 0 {
                Position::new(setup.size, rule).ok()
            } else {
                setup.validate().ok()
            };
            match rebuilt {
                Some(p) => self.position = Some(p),
                None => {
                    return Err(ProtocolError::Rule(format!(
                        "{rule:?} does not fit the board"
                    )))
                }
            }
        }
        self.rule = rule;
        warm_up(&rule);
        Ok(())
    }

    /// `TAKEBACK x,y`: the last stone by its colour's undo; any other stone by rebuilding the
    /// board without it, that stone's colour to move.
    fn takeback(&mut self, text: &str) -> Answer {
        let position = *self.game()?;
        let point = parse_coordinates(text, position.size()).map_err(|e| e.to_string())?;
        let Some(colour) = position.stone_at(point) else {
            return Err(format!("TAKEBACK {text}: no stone there"));
        };
        let mut undone = position;
        if undone.undo(point).is_err() {
            let mut setup = Setup::from(&position);
            setup.stones.get_mut(colour).remove(point);
            setup.to_move = colour;
            undone = setup.validate().map_err(|e| e.to_string())?;
        }
        self.position = Some(undone);
        // The manager may set `time_left` back: no increment to infer from the next one.
        self.clock.expected_left_ms = None;
        ok()
    }

    /// `BOARD` ... `DONE`: the stones in the order given. Played one by one when they
    /// alternate from black and end with the engine to move (so takebacks work as in a
    /// played game), else set up with the engine to move: black when both have as many
    /// stones, else white.
    fn board(&mut self, lines: &[String], received: Instant) -> Answer {
        let size = self.game()?.size();
        let mut stones: Vec<(Point, bool)> = Vec::new();
        let mut seen = PointSet::EMPTY;
        for line in lines {
            let (point, field) = parse_board_line(line, size).map_err(|e| e.to_string())?;
            if field == 3 {
                continue;
            }
            if seen.contains(point) {
                return Err(format!("BOARD: two stones on {line}"));
            }
            seen.insert(point);
            stones.push((point, field == 1));
        }
        let position = board_position(&stones, size, self.rule)?;
        let before = self.position.replace(position);
        let answer = self.think(received);
        if answer.is_err() {
            self.position = before;
        }
        answer
    }

    /// Thinks for the side to move and plays the chosen move on the board.
    fn think(&mut self, received: Instant) -> Answer {
        let position = *self.game()?;
        let budget = self
            .clock
            .budget(position.size() as usize * position.size() as usize - position.stone_count())
            .saturating_sub(received.elapsed());
        let Some(choice) = self
            .thinker
            .choose(&position, budget, &self.clock, &self.stop)
        else {
            return Err("the game is over: no move to play".into());
        };
        let mut after = position;
        after.play(choice.point).map_err(|e| e.to_string())?;
        self.position = Some(after);
        self.clock.note_answer(received.elapsed());
        Ok(vec![
            format!("MESSAGE {} {}", choice.point, choice.info),
            format_point(choice.point, position.size()),
        ])
    }

    /// `SWAP2BOARD` ... `DONE`.
    fn swap2(&mut self, lines: &[String], received: Instant) -> Answer {
        let size = self.game()?.size();
        let points = lines
            .iter()
            .map(|l| parse_coordinates(l, size))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let budget = self
            .clock
            .budget(size as usize * size as usize - points.len())
            .saturating_sub(received.elapsed());
        swap2::decide(
            &points,
            size,
            self.rule,
            &mut self.thinker,
            budget,
            &self.clock,
            &self.stop,
        )
    }
}

/// Builds the rule's shape tables (built on first use otherwise) now, while the manager
/// waits for `OK`, so the first move's time goes to thinking.
fn warm_up(rule: &Rule) {
    for colour in Player::ALL {
        boardgames_gomoku::threat::shape_table(rule, colour);
    }
}

fn ok() -> Answer {
    Ok(vec!["OK".to_owned()])
}

/// The position of a `BOARD` block's stones (`true`: the engine's own), the engine to move.
fn board_position(stones: &[(Point, bool)], size: u8, rule: Rule) -> Result<Position, String> {
    if let Some(played) = replay(stones, size, rule) {
        return Ok(played);
    }
    let own: PointSet = stones.iter().filter(|s| s.1).map(|s| s.0).collect();
    let theirs: PointSet = stones.iter().filter(|s| !s.1).map(|s| s.0).collect();
    let me = match own.len().cmp(&theirs.len()) {
        core::cmp::Ordering::Equal => Player::First,
        core::cmp::Ordering::Less => Player::Second,
        core::cmp::Ordering::Greater => {
            return Err("BOARD: the engine has more stones than its opponent".into())
        }
    };
    let stones = if me == Player::First {
        ByPlayer::new(own, theirs)
    } else {
        ByPlayer::new(theirs, own)
    };
    let setup = Setup {
        stones,
        to_move: me,
        size: u32::from(size),
        rule,
    };
    let position = setup.validate().map_err(|e| format!("BOARD: {e}"))?;
    if position.status().is_over() {
        return Err("BOARD: the game on it is over".into());
    }
    Ok(position)
}

/// The stones played in the order given, when they alternate from black, end with the engine
/// to move and are all legal with the game going on.
fn replay(stones: &[(Point, bool)], size: u8, rule: Rule) -> Option<Position> {
    let first_is_own = stones.len() % 2 == 0;
    let alternate = stones
        .iter()
        .enumerate()
        .all(|(i, s)| s.1 == ((i % 2 == 0) == first_is_own));
    if !alternate {
        return None;
    }
    let mut position = Position::new(u32::from(size), rule).ok()?;
    for &(point, _) in stones {
        position.play(point).ok()?;
    }
    (!position.status().is_over()).then_some(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sends `lines` to `engine`, returning what it answered.
    fn send(engine: &mut Engine, lines: &[&str]) -> String {
        let mut out = Vec::new();
        for line in lines {
            engine.handle(line, Instant::now(), &mut out).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_answer_is_written_on_its_own_lines() {
        let mut out = Vec::new();
        let lines = vec!["MESSAGE h8 a\nb\r\nc".to_owned(), "7,7".to_owned()];
        reply(&mut out, Ok(lines)).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "MESSAGE h8 a b  c\n7,7\n");
        let mut out = Vec::new();
        reply(&mut out, Err("bad\nline".into())).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "ERROR bad line\n");
    }

    #[test]
    fn time_left_after_an_answer_gives_the_increment() {
        let mut engine = Engine::new(Arc::new(AtomicBool::new(false)));
        let setup = [
            "START 15",
            "INFO timeout_turn 500",
            "INFO timeout_match 3000",
            "INFO time_left 3100",
        ];
        send(&mut engine, &setup);
        assert!(send(&mut engine, &["BEGIN"]).ends_with("7,7\n"));
        let expected = engine.clock.expected_left_ms.expect("the answer was timed");
        assert!(expected <= 3_100);
        send(&mut engine, &[&format!("INFO time_left {}", expected + 80)]);
        assert_eq!(engine.clock.increment_ms, 80);
        // A takeback leaves nothing to compare the next time_left with.
        send(&mut engine, &["TURN 8,8"]);
        assert!(engine.clock.expected_left_ms.is_some());
        assert_eq!(send(&mut engine, &["TAKEBACK 8,8"]), "OK\n");
        assert_eq!(engine.clock.expected_left_ms, None);
        // A new game forgets the increment.
        send(&mut engine, &["RESTART"]);
        assert_eq!(engine.clock.increment_ms, 0);
    }
}
