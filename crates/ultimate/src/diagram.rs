//! The position as a 9x9 text diagram, and its validating parser.
//!
//! ```text
//! X . . | . . . | . . .
//! . . . | . O . | . . .
//! . . . | . . . | . . .
//! ------+-------+------
//! . . . | . . . | . . .
//! . . . | . X . | . . .
//! . . . | . . . | . . .
//! ------+-------+------
//! . . . | . . . | . . .
//! . . . | . . . | . . .
//! . . . | . . . | . . .
//! O to move, board 5
//! ```
//!
//! Nine rows of nine cells (`X`, `O`, `.`), small boards split by `|` and dashed lines, then a
//! status line: `X to move, board N` (sent to board N, 1-9), `X to move, any board`, or for a
//! finished game `X wins`, `O wins` or `draw`. Under the tie-break option a last line says
//! `tie-break: boards_won`. The parser ignores blank lines, extra spaces and the separators,
//! accepts lower-case `x` / `o`, and rejects impossible positions with every problem named.

pub use crate::error::{DiagramProblem, ParsePositionError};
use crate::{Cells, Move, Position, Rules, Setup, TieBreak};
use boardgames_core::{ByPlayer, Game, Player, Status};
use core::fmt;
use core::str::FromStr;

const SEPARATOR: &str = "------+-------+------";

fn mark_char(player: Player) -> char {
    match player {
        Player::First => 'X',
        Player::Second => 'O',
    }
}

impl fmt::Display for Position {
    /// Writes the diagram described in the [module docs](crate::diagram).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..9 {
            if row == 3 || row == 6 {
                writeln!(f, "{SEPARATOR}")?;
            }
            for col in 0..9 {
                if col == 3 || col == 6 {
                    f.write_str(" | ")?;
                } else if col > 0 {
                    f.write_str(" ")?;
                }
                let mv = Move::at(row, col).expect("row and column are below 9");
                let c = self.mark_at(mv).map_or('.', mark_char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        match (self.status(), self.forced_board()) {
            (Status::Ongoing, Some(board)) => write!(
                f,
                "{} to move, board {}",
                mark_char(self.side_to_move()),
                board + 1
            )?,
            (Status::Ongoing, None) => {
                write!(f, "{} to move, any board", mark_char(self.side_to_move()))?
            }
            (Status::Won(p), _) => write!(f, "{} wins", mark_char(p))?,
            (Status::Draw, _) => f.write_str("draw")?,
        }
        if self.rules().tie_break != TieBreak::None {
            write!(f, "\ntie-break: {}", self.rules().tie_break)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Position {{ hash: {:#018x} }}", self.hash())?;
        write!(f, "{self}")
    }
}

/// What the status line claims.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Claim {
    ToMove(Player, Option<u8>),
    Over(Status),
}

fn player_of(word: &str) -> Option<Player> {
    match word {
        "x" => Some(Player::First),
        "o" => Some(Player::Second),
        _ => None,
    }
}

fn parse_status(text: &str) -> Option<Claim> {
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    match words.as_slice() {
        ["draw"] => Some(Claim::Over(Status::Draw)),
        [p, "wins"] => Some(Claim::Over(Status::Won(player_of(p)?))),
        [p, "to", "move", "any", "board"] => Some(Claim::ToMove(player_of(p)?, None)),
        [p, "to", "move", "board", n] => {
            let board = match n.as_bytes() {
                [d @ b'1'..=b'9'] => d - b'1',
                _ => return None,
            };
            Some(Claim::ToMove(player_of(p)?, Some(board)))
        }
        _ => None,
    }
}

fn is_status_line(lower: &str) -> bool {
    lower.contains("move") || lower.contains("wins") || lower.contains("draw")
}

/// What the lines of a diagram say, before the position is checked.
struct DiagramRead {
    problems: Vec<DiagramProblem>,
    marks: ByPlayer<Cells>,
    rows: usize,
    claim: Option<Claim>,
    status_text: String,
    rules: Rules,
    tie_break_seen: bool,
}

impl DiagramRead {
    /// Reads every line, collecting every problem.
    fn read(text: &str) -> DiagramRead {
        let mut read = DiagramRead {
            problems: Vec::new(),
            marks: ByPlayer::new(Cells::EMPTY, Cells::EMPTY),
            rows: 0,
            claim: None,
            status_text: String::new(),
            rules: Rules::STANDARD,
            tie_break_seen: false,
        };
        for (n, raw) in text.lines().enumerate() {
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.chars().all(|c| matches!(c, '-' | '+' | ' ')) {
                continue; // blank lines and the separators between board rows
            }
            let lower = trimmed.to_ascii_lowercase();
            if let Some(rest) = lower.strip_prefix("tie-break:") {
                read.tie_break(n + 1, trimmed, rest);
            } else if is_status_line(&lower) {
                read.status(n + 1, trimmed);
            } else {
                read.row(n + 1, trimmed);
            }
        }
        read
    }

    /// A `tie-break:` line; `rest` is the lower-case text after the colon.
    fn tie_break(&mut self, line: usize, trimmed: &str, rest: &str) {
        match rest.trim().parse::<TieBreak>() {
            Ok(t) if !self.tie_break_seen => self.rules = self.rules.with_tie_break(t),
            _ => self.problems.push(DiagramProblem::BadTieBreak {
                line,
                text: trimmed.to_owned(),
            }),
        }
        self.tie_break_seen = true;
    }

    /// A status line: who moves and where, or how the game ended.
    fn status(&mut self, line: usize, trimmed: &str) {
        if self.claim.is_some() {
            self.problems.push(DiagramProblem::ExtraStatus { line });
        } else if let Some(c) = parse_status(trimmed) {
            self.claim = Some(c);
            self.status_text = trimmed.to_owned();
        } else {
            self.problems.push(DiagramProblem::BadStatus {
                line,
                text: trimmed.to_owned(),
            });
        }
    }

    /// A row of nine cells, `|` and spaces ignored.
    fn row(&mut self, line: usize, trimmed: &str) {
        let mut cells = 0usize;
        for c in trimmed.chars() {
            let player = match c {
                'X' | 'x' => Some(Player::First),
                'O' | 'o' => Some(Player::Second),
                '.' => None,
                '|' => continue,
                c if c.is_whitespace() => continue,
                found => {
                    self.problems
                        .push(DiagramProblem::BadCharacter { line, found });
                    self.rows += 1;
                    return;
                }
            };
            // Cells past the ninth row or column are counted, not placed (a u8 would wrap).
            let at = (self.rows < 9 && cells < 9)
                .then(|| Move::at(self.rows as u8, cells as u8))
                .flatten();
            if let (Some(p), Some(mv)) = (player, at) {
                self.marks[p] = self.marks[p].with(mv.index() as u32);
            }
            cells += 1;
        }
        if cells != 9 {
            self.problems
                .push(DiagramProblem::RowLength { line, cells });
        }
        self.rows += 1;
    }

    /// The setup the diagram describes and its status claim, or every syntax problem.
    fn into_setup(mut self) -> Result<(Setup, Claim, String), ParsePositionError> {
        if self.rows != 9 {
            self.problems
                .push(DiagramProblem::RowCount { rows: self.rows });
        }
        let Some(claim) = self.claim else {
            let bad_status = |p: &DiagramProblem| matches!(p, DiagramProblem::BadStatus { .. });
            if !self.problems.iter().any(bad_status) {
                self.problems.push(DiagramProblem::MissingStatus);
            }
            return Err(ParsePositionError::Malformed(self.problems));
        };
        if !self.problems.is_empty() {
            return Err(ParsePositionError::Malformed(self.problems));
        }
        let (side_to_move, forced_board) = match claim {
            Claim::ToMove(p, forced) => (p, forced),
            // A finished game: the side that would move next follows from the counts.
            Claim::Over(_) if self.marks.first.count() > self.marks.second.count() => {
                (Player::Second, None)
            }
            Claim::Over(_) => (Player::First, None),
        };
        let setup = Setup {
            marks: self.marks,
            side_to_move,
            forced_board,
            rules: self.rules,
        };
        Ok((setup, claim, self.status_text))
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a diagram (see the [module docs](crate::diagram)) and checks that legal play can
    /// reach it.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let (setup, claim, status_text) = DiagramRead::read(text).into_setup()?;
        let pos = setup.validate()?;
        let stated = match claim {
            Claim::ToMove(..) => Status::Ongoing,
            Claim::Over(s) => s,
        };
        if pos.status() != stated {
            return Err(ParsePositionError::StatusMismatch {
                stated: status_text,
                actual: pos.status(),
            });
        }
        Ok(pos)
    }
}

// A position is stored as its diagram, validated again on load.
#[cfg(feature = "serde")]
boardgames_core::serde_via_str!(Position);
