//! Piskvork's `.psq` game files, the form Gomocup publishes its games in: import to a
//! [`Match`] and export from one.
//!
//! The format, as Piskvork writes and reads it (`savePsq` / `openPsq` in `source/game.cpp` of
//! Piskvork, <https://github.com/plastovicka/Piskvork>):
//!
//! ```text
//! Piskvorky 20x20, 11:11, 0
//! 10,10,0
//! 11,9,1563
//! ...
//! pbrain-first.exe
//! pbrain-second.exe
//! -1
//! ```
//!
//! - a header `Piskvorky WxH, A:B, S`: the board's width and height, Piskvork's computer
//!   levels of its two seats (0 for a human), and which seat began (0 or 1);
//! - one move per line, `x,y,t`: the column `x` counted from 1 at the left, the row `y`
//!   counted from 1 at the **top**, and the milliseconds the move took (`t` may be missing);
//!   black (the first player) moves first and the colours alternate;
//! - then, in tournament files, the two players' names, and a last line with Piskvork's
//!   result code. Lines after the moves are kept as they are ([`Psq::tail`]).
//!
//! **Coordinate mapping.** Our points count rows from the bottom (`a1` is the lower left
//! corner), so on a board of size `n` the `.psq` move `x,y` is the point of column `x - 1`
//! (`a` is 1) and row `n - y` (the notation's row number `n + 1 - y`): on 15x15, `8,8` is
//! `h8`, `1,1` is `a15` and `1,15` is `a1`. Only square boards of 5 to 20 exist here.

use crate::{Point, Position, Rule, MAX_SIZE, MIN_SIZE};
use boardgames_core::matches::{DrawRules, Match, MatchError};
use core::fmt;
use core::str::FromStr;
use core::time::Duration;

/// One move of a `.psq` file: the point and the milliseconds it took.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PsqMove {
    /// Where the stone went.
    pub point: Point,
    /// The time the move took, in milliseconds (0 when the file gives none).
    pub millis: u32,
}

/// A `.psq` game file (see the [module docs](self)).
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Psq {
    /// The board size (square).
    pub size: u8,
    /// Piskvork's computer levels of its two seats, 0 for a human.
    pub levels: [u32; 2],
    /// Which of Piskvork's seats began (0 or 1).
    pub began: u8,
    /// The moves, black's first.
    pub moves: Vec<PsqMove>,
    /// The lines after the moves (players' names, Piskvork's result code), kept verbatim.
    pub tail: Vec<String>,
}

/// Why a `.psq` file could not be read, or a match written as one.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PsqError {
    /// The first line is not `Piskvorky WxH, A:B, S` with a square board of 5 to 20.
    #[error("bad header {line:?}: {why}")]
    Header {
        /// The line given.
        line: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A move line names a point off the board.
    #[error("line {line}: {x},{y} is off the {size}x{size} board")]
    OffBoard {
        /// The 1-based line.
        line: usize,
        /// The column given (from 1).
        x: u32,
        /// The row given (from 1, top).
        y: u32,
        /// The board size.
        size: u8,
    },
    /// A move cannot be played: its 0-based ply, the point and why.
    #[error("ply {ply} ({point}): {why}")]
    Move {
        /// The 0-based index of the move.
        ply: usize,
        /// The point in our notation.
        point: Point,
        /// Why.
        why: String,
    },
    /// The match did not start from the empty board, which a `.psq` file cannot say.
    #[error("a .psq file starts from the empty board; this match starts from a set-up position")]
    SetupStart,
}

impl PsqError {
    /// The 0-based ply of a bad move, if a move is at fault.
    pub fn ply(&self) -> Option<usize> {
        match self {
            PsqError::Move { ply, .. } => Some(*ply),
            _ => None,
        }
    }
}

/// The `.psq` coordinates of `point` on a `size` board.
pub fn to_psq(point: Point, size: u8) -> (u32, u32) {
    (
        u32::from(point.col()) + 1,
        u32::from(size) - u32::from(point.row()),
    )
}

/// The point at `.psq` coordinates `x`, `y` on a `size` board, if on it.
pub fn from_psq(x: u32, y: u32, size: u8) -> Option<Point> {
    let size = u32::from(size);
    if !(1..=size).contains(&x) || !(1..=size).contains(&y) {
        return None;
    }
    Point::new((x - 1) as u8, (size - y) as u8)
}

fn parse_header(line: &str) -> Result<(u8, [u32; 2], u8), PsqError> {
    let bad = |why| PsqError::Header {
        line: line.to_owned(),
        why,
    };
    let rest = line
        .trim()
        .strip_prefix("Piskvorky ")
        .ok_or(bad("it does not start with \"Piskvorky \""))?;
    let parts: Vec<&str> = rest.split(',').map(str::trim).collect();
    let [dims, levels, began] = parts[..] else {
        return Err(bad("expected three comma-separated fields"));
    };
    let (w, h) = dims.split_once('x').ok_or(bad("the size is WxH"))?;
    let (w, h): (u8, u8) = match (w.parse(), h.parse()) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(bad("the size is WxH")),
    };
    if w != h || !(MIN_SIZE..=MAX_SIZE).contains(&w) {
        return Err(bad("only square boards of 5x5 to 20x20 are supported"));
    }
    let (a, b) = levels.split_once(':').ok_or(bad("the levels are A:B"))?;
    let levels = match (a.parse(), b.parse()) {
        (Ok(a), Ok(b)) => [a, b],
        _ => return Err(bad("the levels are A:B")),
    };
    let began = match began {
        "0" => 0,
        "1" => 1,
        _ => return Err(bad("the seat that began is 0 or 1")),
    };
    Ok((w, levels, began))
}

/// A move line `x,y` or `x,y,t`, or `None` when the line is not one (the tail begins).
fn parse_move_line(line: &str) -> Option<(u32, u32, u32)> {
    let fields: Vec<&str> = line.trim().split(',').collect();
    let number = |i: usize| fields.get(i).and_then(|f| f.trim().parse::<u32>().ok());
    match fields.len() {
        2 => Some((number(0)?, number(1)?, 0)),
        3 => Some((number(0)?, number(1)?, number(2)?)),
        _ => None,
    }
}

impl FromStr for Psq {
    type Err = PsqError;

    /// Reads a `.psq` file (`\n` or `\r\n` line ends).
    fn from_str(text: &str) -> Result<Psq, PsqError> {
        let mut lines = text.lines().enumerate();
        let header = lines.by_ref().find(|(_, l)| !l.trim().is_empty());
        let (size, levels, began) = parse_header(header.map_or("", |(_, l)| l))?;
        let mut moves = Vec::new();
        let mut tail = Vec::new();
        for (index, line) in lines {
            match parse_move_line(line) {
                Some((x, y, millis)) if tail.is_empty() => {
                    let point = from_psq(x, y, size).ok_or(PsqError::OffBoard {
                        line: index + 1,
                        x,
                        y,
                        size,
                    })?;
                    moves.push(PsqMove { point, millis });
                }
                _ if line.trim().is_empty() => {}
                _ => tail.push(line.trim().to_owned()),
            }
        }
        Ok(Psq {
            size,
            levels,
            began,
            moves,
            tail,
        })
    }
}

impl fmt::Display for Psq {
    /// Writes the file as Piskvork does, one line each, `\n` line ends.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.levels;
        writeln!(f, "Piskvorky {0}x{0}, {a}:{b}, {1}", self.size, self.began)?;
        for mv in &self.moves {
            let (x, y) = to_psq(mv.point, self.size);
            writeln!(f, "{x},{y},{}", mv.millis)?;
        }
        for line in &self.tail {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl Psq {
    /// The players' names, when the tail holds them (tournament files: two names, then the
    /// result code).
    pub fn players(&self) -> Option<[&str; 2]> {
        match &self.tail[..] {
            [first, second, ..] if first.parse::<i64>().is_err() => Some([first, second]),
            _ => None,
        }
    }

    /// Replays the file as a match under `rule` (a `.psq` file does not say the rule): every
    /// move checked, with its time. The names become the `First` and `Second` tags when a
    /// record can hold them.
    pub fn to_match(&self, rule: Rule) -> Result<Match<Position>, PsqError> {
        let start = Position::new(u32::from(self.size), rule).map_err(|_| PsqError::Header {
            line: format!("Piskvorky {0}x{0}", self.size),
            why: "not a board size",
        })?;
        let mut game = Match::new(start, DrawRules::NONE);
        for (ply, mv) in self.moves.iter().enumerate() {
            let spent = Duration::from_millis(u64::from(mv.millis));
            game.play_move_timed(mv.point, spent)
                .map_err(|e| PsqError::Move {
                    ply,
                    point: mv.point,
                    why: match e {
                        MatchError::Illegal(e) => e.reason.to_string(),
                        other => other.to_string(),
                    },
                })?;
        }
        if let Some([first, second]) = self.players() {
            // Both names or neither: a name a record cannot hold (a quote, a control
            // character) leaves both in the tail only, so writing the match back keeps the
            // pair (`from_match` writes names only as a pair).
            let mut named = game.clone();
            if named.set_tag("First", first).is_ok() && named.set_tag("Second", second).is_ok() {
                game = named;
            }
        }
        Ok(game)
    }

    /// Writes `game` as a `.psq` file: the moves with their times (0 where unknown), the
    /// `First` and `Second` tags as the players' names when both are set, levels `0:0`
    /// (Piskvork's humans).
    pub fn from_match(game: &Match<Position>) -> Result<Psq, PsqError> {
        let start = game.start();
        if start.is_from_setup() || start.stone_count() > 0 {
            return Err(PsqError::SetupStart);
        }
        let moves = game
            .entries()
            .map(|e| PsqMove {
                point: e.mv,
                millis: e
                    .spent
                    .map_or(0, |d| u32::try_from(d.as_millis()).unwrap_or(u32::MAX)),
            })
            .collect();
        let tail = match (game.tag("First"), game.tag("Second")) {
            (Some(a), Some(b)) => vec![a.to_owned(), b.to_owned()],
            _ => Vec::new(),
        };
        Ok(Psq {
            size: start.size(),
            levels: [0, 0],
            began: 0,
            moves,
            tail,
        })
    }
}
