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

use crate::{InvalidSetup, Move, Position, Problems, Rules, Setup, TieBreak};
use boardgames_core::{ByPlayer, Player, Status};
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

/// One thing wrong with the text of a diagram. Lines count from 1.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum DiagramError {
    /// A row holds a character that is not a cell, a space or `|`.
    #[error("line {line}: unexpected character {found:?} (cells are X, O or .)")]
    BadCharacter {
        /// The line number.
        line: usize,
        /// The character.
        found: char,
    },
    /// A row does not hold exactly nine cells.
    #[error("line {line}: {cells} cells in the row, expected 9")]
    RowLength {
        /// The line number.
        line: usize,
        /// The number of cells read.
        cells: usize,
    },
    /// The diagram does not have exactly nine rows of cells.
    #[error("{rows} rows of cells, expected 9")]
    RowCount {
        /// The number of rows read.
        rows: usize,
    },
    /// No status line follows the rows.
    #[error("missing status line, such as \"X to move, board 5\", \"O to move, any board\", \"X wins\" or \"draw\"")]
    MissingStatus,
    /// A status line could not be read.
    #[error("line {line}: unreadable status {text:?}: expected \"X to move, board N\" (N 1-9), \"X to move, any board\", \"X wins\", \"O wins\" or \"draw\"")]
    BadStatus {
        /// The line number.
        line: usize,
        /// The text of the line.
        text: String,
    },
    /// More than one status line.
    #[error("line {line}: a second status line")]
    ExtraStatus {
        /// The line number.
        line: usize,
    },
    /// A tie-break line names no known tie-break, or repeats.
    #[error("line {line}: unreadable tie-break {text:?}: expected \"tie-break: boards_won\" or \"tie-break: none\"")]
    BadTieBreak {
        /// The line number.
        line: usize,
        /// The text of the line.
        text: String,
    },
}

/// Why a diagram could not become a position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is not a diagram: every problem found.
    #[error("malformed diagram: {}", join(.0))]
    Malformed(Vec<DiagramError>),
    /// The diagram reads, but no legal game reaches it: every problem found.
    #[error(transparent)]
    Impossible(#[from] InvalidSetup),
    /// The position is possible, but the status line says otherwise.
    #[error("the status line says {stated:?}, but the position is {actual}")]
    StatusMismatch {
        /// The status line given.
        stated: String,
        /// The status of the position (`ongoing`, `first`, `second` or `draw`).
        actual: Status,
    },
}

impl ParsePositionError {
    /// The impossibilities found, if the diagram read well enough to check them.
    pub fn problems(&self) -> Option<Problems> {
        match self {
            ParsePositionError::Impossible(e) => Some(e.problems),
            _ => None,
        }
    }
}

fn join(errors: &[DiagramError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
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

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a diagram (see the [module docs](crate::diagram)) and checks that legal play can
    /// reach it.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let mut errors = Vec::new();
        let mut marks = ByPlayer::new(crate::Cells::EMPTY, crate::Cells::EMPTY);
        let mut rows = 0usize;
        let mut claim = None;
        let mut status_text = String::new();
        let mut rules = Rules::SEED;
        let mut tie_break_seen = false;
        for (n, raw) in text.lines().enumerate() {
            let line = n + 1;
            let trimmed = raw.trim();
            let lower = trimmed.to_ascii_lowercase();
            if trimmed.is_empty() || trimmed.chars().all(|c| matches!(c, '-' | '+' | ' ')) {
                continue;
            }
            if let Some(rest) = lower.strip_prefix("tie-break:") {
                match rest.trim().parse::<TieBreak>() {
                    Ok(t) if !tie_break_seen => rules = rules.with_tie_break(t),
                    _ => errors.push(DiagramError::BadTieBreak {
                        line,
                        text: trimmed.to_owned(),
                    }),
                }
                tie_break_seen = true;
                continue;
            }
            if is_status_line(&lower) {
                if claim.is_some() {
                    errors.push(DiagramError::ExtraStatus { line });
                } else if let Some(c) = parse_status(trimmed) {
                    claim = Some(c);
                    status_text = trimmed.to_owned();
                } else {
                    errors.push(DiagramError::BadStatus {
                        line,
                        text: trimmed.to_owned(),
                    });
                }
                continue;
            }
            let mut cells = 0usize;
            let mut bad = false;
            for c in trimmed.chars() {
                let player = match c {
                    'X' | 'x' => Some(Player::First),
                    'O' | 'o' => Some(Player::Second),
                    '.' => None,
                    '|' => continue,
                    c if c.is_whitespace() => continue,
                    found => {
                        errors.push(DiagramError::BadCharacter { line, found });
                        bad = true;
                        break;
                    }
                };
                if rows < 9 && cells < 9 {
                    if let (Some(p), Some(mv)) = (player, Move::at(rows as u8, cells as u8)) {
                        marks[p] = marks[p].with(mv.index() as u32);
                    }
                }
                cells += 1;
            }
            if !bad && cells != 9 {
                errors.push(DiagramError::RowLength { line, cells });
            }
            rows += 1;
        }
        if rows != 9 {
            errors.push(DiagramError::RowCount { rows });
        }
        let claim = match claim {
            Some(c) => c,
            None => {
                if !errors
                    .iter()
                    .any(|e| matches!(e, DiagramError::BadStatus { .. }))
                {
                    errors.push(DiagramError::MissingStatus);
                }
                return Err(ParsePositionError::Malformed(errors));
            }
        };
        if !errors.is_empty() {
            return Err(ParsePositionError::Malformed(errors));
        }
        let (side, forced) = match claim {
            Claim::ToMove(p, forced) => (p, forced),
            Claim::Over(_) => {
                let side = if marks.first.count() > marks.second.count() {
                    Player::Second
                } else {
                    Player::First
                };
                (side, None)
            }
        };
        let setup = Setup {
            marks,
            side_to_move: side,
            forced_board: forced,
            rules,
        };
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

#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    /// A position serializes as its diagram text.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    /// A position deserializes from its diagram text, checked like any typed diagram.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
