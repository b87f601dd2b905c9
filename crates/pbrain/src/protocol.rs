//! The Gomocup (Piskvork) brain protocol as data: a manager's line read into a [`Command`],
//! coordinates, and the `INFO rule` bitmask.
//!
//! Coordinates are `x,y`, both from 0: `x` the column from the left, `y` the row from the
//! **top**. The gomoku crate's points count rows from the bottom (`h8` notation), so on an
//! `n` x `n` board `x,y` is the point of column `x` and row `n - 1 - y`: on 15x15, `7,7` is
//! `h8`, `0,0` is `a15` and `0,14` is `a1`.

use boardgames_gomoku::{Point, Rule};
use std::io::{self, Write};
use thiserror::Error;

/// One command of the manager.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `START n`: a new game on an `n` x `n` board.
    Start(String),
    /// `RECTSTART w,h`: a new game on a `w` x `h` board (only square boards are played).
    RectStart(String),
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: play the first move.
    Begin,
    /// `TURN x,y`: the opponent played `x,y`; answer a move.
    Turn(String),
    /// `BOARD`: the board follows, one `x,y,field` line per stone, then `DONE`.
    Board,
    /// `TAKEBACK x,y`: take the stone at `x,y` back.
    Takeback(String),
    /// `END`: quit.
    End,
    /// `ABOUT`: describe the engine.
    About,
    /// `INFO key value`.
    Info(String, String),
    /// `SWAP2BOARD`: 0, 3 or 5 stones follow, then `DONE`; answer the Swap2 decision.
    Swap2Board,
    /// Anything else (the text as given).
    Unknown(String),
}

impl Command {
    /// Reads one line (surrounding spaces and the line end ignored; the command word in any
    /// case). An empty line is `None`: the protocol ignores it.
    pub fn parse(line: &str) -> Option<Command> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (line, ""),
        };
        let rest = rest.to_owned();
        Some(match word.to_ascii_uppercase().as_str() {
            "START" => Command::Start(rest),
            "RECTSTART" => Command::RectStart(rest),
            "RESTART" => Command::Restart,
            "BEGIN" => Command::Begin,
            "TURN" => Command::Turn(rest),
            "BOARD" => Command::Board,
            "TAKEBACK" => Command::Takeback(rest),
            "END" => Command::End,
            "ABOUT" => Command::About,
            "INFO" => {
                let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((&rest, ""));
                Command::Info(key.to_ascii_lowercase(), value.trim().to_owned())
            }
            "SWAP2BOARD" => Command::Swap2Board,
            _ => Command::Unknown(line.to_owned()),
        })
    }
}

/// Why a line or a value of the protocol could not be used.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ProtocolError {
    /// Not two comma-separated numbers.
    #[error("malformed coordinates {0:?}: expected x,y")]
    Coordinates(String),
    /// A coordinate off the board.
    #[error("{x},{y} is off the {size}x{size} board")]
    OffBoard {
        /// The column given.
        x: u32,
        /// The row given (from the top).
        y: u32,
        /// The board size.
        size: u8,
    },
    /// A board size that is not a number from 5 to 20, or a board that is not square.
    #[error("unsupported board {0:?}: square boards of 5 to 20 only")]
    Size(String),
    /// A `BOARD` or `SWAP2BOARD` line that is not `x,y,field` (field 1, 2 or 3) or `x,y`.
    #[error("malformed board line {0:?}")]
    BoardLine(String),
    /// An `INFO rule` value with bits or combinations the engine does not know.
    #[error("unknown rule {0:?}: 0 freestyle, 1 standard, 4 renju, 8 caro6, 9 caro5, 16 caro (plus bit 2, ignored)")]
    Rule(String),
    /// An `INFO` value that is not a number.
    #[error("INFO {key}: {value:?} is not a number")]
    Number {
        /// The key.
        key: String,
        /// The value given.
        value: String,
    },
}

/// Reads `x,y` for an `size` x `size` board.
pub fn parse_coordinates(text: &str, size: u8) -> Result<Point, ProtocolError> {
    let bad = || ProtocolError::Coordinates(text.to_owned());
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: u32 = x.trim().parse().map_err(|_| bad())?;
    let y: u32 = y.trim().parse().map_err(|_| bad())?;
    to_point(x, y, size)
}

/// The point of column `x` and row `y` counted from the top.
pub fn to_point(x: u32, y: u32, size: u8) -> Result<Point, ProtocolError> {
    let n = u32::from(size);
    if x >= n || y >= n {
        return Err(ProtocolError::OffBoard { x, y, size });
    }
    Point::new(x as u8, (n - 1 - y) as u8).ok_or(ProtocolError::OffBoard { x, y, size })
}

/// The `x,y` text of `point` on a `size` x `size` board.
pub fn format_point(point: Point, size: u8) -> String {
    format!("{},{}", point.col(), size - 1 - point.row())
}

/// Reads a board size for `START` (`n`) or `RECTSTART` (`w,h`, square only).
pub fn parse_size(text: &str, rect: bool) -> Result<u8, ProtocolError> {
    let bad = || ProtocolError::Size(text.to_owned());
    let number = |t: &str| t.trim().parse::<u8>().ok().filter(|n| (5..=20).contains(n));
    if rect {
        let (w, h) = text.split_once(',').ok_or_else(bad)?;
        match (number(w), number(h)) {
            (Some(w), Some(h)) if w == h => Ok(w),
            _ => Err(bad()),
        }
    } else {
        number(text).ok_or_else(bad)
    }
}

/// The extension value of the edge-blocking Caro rule ([`Rule::CARO`]), not a Gomocup rule:
/// bit 16 (alone or with bit 1, and with bit 2 ignored).
pub const CARO_EXTENSION: u32 = 16;

/// The rule of an `INFO rule` bitmask: bit 1 exact five, bit 2 continuous game (ignored),
/// bit 4 renju, bit 8 Caro (caro6, or caro5 with bit 1), bit 16 this engine's edge-blocking
/// Caro. Renju and Caro do not combine, and no other bit is known.
pub fn parse_rule(text: &str) -> Result<Rule, ProtocolError> {
    let bits: u32 = text
        .trim()
        .parse()
        .map_err(|_| ProtocolError::Rule(text.to_owned()))?;
    let bits = bits & !2;
    match bits {
        0 => Ok(Rule::FREESTYLE),
        1 => Ok(Rule::STANDARD),
        4 | 5 => Ok(Rule::RENJU),
        8 => Ok(Rule::CARO6),
        9 => Ok(Rule::CARO5),
        16 | 17 => Ok(Rule::CARO),
        _ => Err(ProtocolError::Rule(text.to_owned())),
    }
}

/// A line of a `BOARD` block: the point and its field (1 own, 2 opponent, 3 a mark of the
/// winning line in a continuous game).
pub fn parse_board_line(text: &str, size: u8) -> Result<(Point, u8), ProtocolError> {
    let bad = || ProtocolError::BoardLine(text.to_owned());
    let mut parts = text.split(',');
    let mut next = || -> Result<u32, ProtocolError> {
        parts
            .next()
            .and_then(|t| t.trim().parse().ok())
            .ok_or_else(bad)
    };
    let (x, y, field) = (next()?, next()?, next()?);
    if parts.next().is_some() || !(1..=3).contains(&field) {
        return Err(bad());
    }
    Ok((to_point(x, y, size)?, field as u8))
}

/// An answer to a command: its lines, or the reason of an `ERROR`.
pub(crate) type Answer = Result<Vec<String>, String>;

/// Writes the answer lines (or `ERROR <reason>`) and flushes. Each is written as one line,
/// its own line breaks made spaces: a manager reads every line as a new answer, so a search
/// report or a reason spread over two lines would be taken for a move.
pub(crate) fn reply(out: &mut dyn Write, answer: Answer) -> io::Result<()> {
    let one_line = |text: &str| text.replace(['\n', '\r'], " ");
    match answer {
        Ok(lines) => {
            for line in lines {
                writeln!(out, "{}", one_line(&line))?;
            }
        }
        Err(reason) => writeln!(out, "ERROR {}", one_line(&reason))?,
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_count_rows_from_the_top() {
        let h8 = parse_coordinates("7,7", 15).unwrap();
        assert_eq!(h8.to_string(), "h8");
        assert_eq!(parse_coordinates("0,0", 15).unwrap().to_string(), "a15");
        assert_eq!(parse_coordinates(" 0 , 14 ", 15).unwrap().to_string(), "a1");
        assert_eq!(
            format_point(parse_coordinates("3,11", 20).unwrap(), 20),
            "3,11"
        );
        assert_eq!(
            parse_coordinates("15,0", 15),
            Err(ProtocolError::OffBoard {
                x: 15,
                y: 0,
                size: 15
            })
        );
        for bad in ["", "7", "7,", "a,b", "-1,3", "7;7", "1,2,3"] {
            assert!(parse_coordinates(bad, 15).is_err(), "{bad}");
        }
    }

    #[test]
    fn commands_and_sizes() {
        assert_eq!(Command::parse("  \r"), None);
        assert_eq!(
            Command::parse("turn 3,4\r"),
            Some(Command::Turn("3,4".into()))
        );
        assert_eq!(
            Command::parse("INFO timeout_turn 1000"),
            Some(Command::Info("timeout_turn".into(), "1000".into()))
        );
        assert_eq!(
            Command::parse("YXBOARD"),
            Some(Command::Unknown("YXBOARD".into()))
        );
        assert_eq!(parse_size("20", false), Ok(20));
        assert!(parse_size("21", false).is_err());
        assert!(parse_size("4", false).is_err());
        assert_eq!(parse_size("15,15", true), Ok(15));
        assert!(parse_size("15,16", true).is_err());
    }

    #[test]
    fn rule_bits() {
        assert_eq!(parse_rule("0"), Ok(Rule::FREESTYLE));
        assert_eq!(parse_rule("1"), Ok(Rule::STANDARD));
        assert_eq!(parse_rule("3"), Ok(Rule::STANDARD));
        assert_eq!(parse_rule("4"), Ok(Rule::RENJU));
        assert_eq!(parse_rule("8"), Ok(Rule::CARO6));
        assert_eq!(parse_rule("9"), Ok(Rule::CARO5));
        assert_eq!(parse_rule("16"), Ok(Rule::CARO));
        for bad in ["12", "32", "x", "-1", "64"] {
            assert!(parse_rule(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn board_lines() {
        let (p, f) = parse_board_line("7,7,1", 15).unwrap();
        assert_eq!((p.to_string(), f), ("h8".to_string(), 1));
        for bad in ["7,7", "7,7,4", "7,7,0", "7,7,1,1", "x,7,1", "15,0,2"] {
            assert!(parse_board_line(bad, 15).is_err(), "{bad}");
        }
    }
}
