//! The board as a text diagram (`Display`) and its validated reader (`FromStr`).
//!
//! ```text
//! 7 W-----------.-----------B
//!   |           |           |
//! 6 |   .-------.-------.   |
//!   |   |       |       |   |
//! 5 |   |   .---.---.   |   |
//!   |   |   |       |   |   |
//! 4 .---.---.       .---.---.
//!   |   |   |       |   |   |
//! 3 |   |   .---.---.   |   |
//!   |   |       |       |   |
//! 2 |   .-------.-------.   |
//!   |           |           |
//! 1 .-----------.-----------.
//!   a   b   c   d   e   f   g
//! to move: white
//! in hand: white 8, black 8
//! ```
//!
//! `W` is a white piece, `B` a black one, `.` an empty point. A `rules: no flying` line follows
//! when flying is switched off.

use crate::error::{DiagramProblem, ParsePositionError};
use crate::{Point, Points, Position, Rules, Setup};
use boardgames_core::notation::Square;
use boardgames_core::{ByPlayer, Player};
use core::fmt;
use core::str::FromStr;

/// The board drawn with `.` on every point, rows 7 down to 1.
const TEMPLATE: [&str; 13] = [
    ".-----------.-----------.",
    "|           |           |",
    "|   .-------.-------.   |",
    "|   |       |       |   |",
    "|   |   .---.---.   |   |",
    "|   |   |       |   |   |",
    ".---.---.       .---.---.",
    "|   |   |       |   |   |",
    "|   |   .---.---.   |   |",
    "|   |       |       |   |",
    "|   .-------.-------.   |",
    "|           |           |",
    ".-----------.-----------.",
];

/// The column of grid column `col` in a drawn line (after the two-character row label).
const fn text_column(col: u8) -> usize {
    2 + 4 * col as usize
}

fn piece_char(pos: &Position, point: Point) -> char {
    match pos.piece_at(point) {
        Some(Player::First) => 'W',
        Some(Player::Second) => 'B',
        None => '.',
    }
}

impl Position {
    /// The board alone, without the side to move or the hands, with its coordinates; each
    /// point drawn by `mark` (the play example highlights legal points with it).
    pub fn board_drawing(&self, mut mark: impl FnMut(Point) -> char) -> String {
        let mut out = String::new();
        for (i, template) in TEMPLATE.iter().enumerate() {
            let mut line: Vec<char> = template.chars().collect();
            if i % 2 == 0 {
                let row = 6 - (i / 2) as u8;
                for col in 0..7u8 {
                    if let Some(p) = Point::at_square(Square::new(col, row)) {
                        line[4 * col as usize] = mark(p);
                    }
                }
                out.push_str(&format!("{} ", row + 1));
            } else {
                out.push_str("  ");
            }
            out.extend(line);
            out.push('\n');
        }
        out.push_str("  a   b   c   d   e   f   g\n");
        out
    }
}

impl fmt::Display for Position {
    /// The diagram: the board with coordinates, then `to move:` and `in hand:` lines (and
    /// `rules: no flying` when flying is off). [`Position::from_str`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_drawing(|p| piece_char(self, p)))?;
        writeln!(f, "to move: {}", crate::colour(self.to_move))?;
        write!(
            f,
            "in hand: white {}, black {}",
            self.in_hand.first, self.in_hand.second
        )?;
        if !self.rules.flying {
            write!(f, "\nrules: no flying")?;
        }
        Ok(())
    }
}

fn read_colour(text: &str) -> Option<Player> {
    match text.trim().to_ascii_lowercase().as_str() {
        "white" | "w" | "first" => Some(Player::First),
        "black" | "b" | "second" => Some(Player::Second),
        _ => None,
    }
}

/// Reads `white N, black M` (either order, commas optional).
fn read_hands(text: &str) -> Option<ByPlayer<u8>> {
    let words: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() != 4 {
        return None;
    }
    let mut hands = ByPlayer::new(None, None);
    for pair in words.chunks(2) {
        let player = read_colour(pair[0])?;
        let n: u8 = pair[1].parse().ok().filter(|&n| n <= 9)?;
        if hands[player].replace(n).is_some() {
            return None;
        }
    }
    Some(ByPlayer::new(hands.first?, hands.second?))
}

/// What the lines of a diagram say, before the position is checked.
struct DiagramRead {
    problems: Vec<DiagramProblem>,
    pieces: ByPlayer<Points>,
    seen_rows: [bool; 7],
    side_to_move: Option<Player>,
    in_hand: Option<ByPlayer<u8>>,
    rules: Rules,
}

impl DiagramRead {
    /// Reads every line, collecting every problem.
    fn read(text: &str) -> DiagramRead {
        let mut read = DiagramRead {
            problems: Vec::new(),
            pieces: ByPlayer::new(Points::EMPTY, Points::EMPTY),
            seen_rows: [false; 7],
            side_to_move: None,
            in_hand: None,
            rules: Rules::default(),
        };
        for raw in text.lines() {
            let line = raw.trim_end();
            let trimmed = line.trim_start();
            if !trimmed.is_empty() && !read.labelled_line(trimmed) {
                read.board_line(line, trimmed);
            }
        }
        read
    }

    /// Reads a `to move:`, `in hand:` or `rules:` line; `false` when the line is none of
    /// them.
    fn labelled_line(&mut self, trimmed: &str) -> bool {
        let lower = trimmed.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("to move:") {
            match read_colour(rest) {
                Some(p) => self.side_to_move = Some(p),
                None => self.problems.push(DiagramProblem::BadTurn {
                    text: rest.trim().to_owned(),
                }),
            }
        } else if let Some(rest) = lower.strip_prefix("in hand:") {
            match read_hands(rest) {
                Some(h) => self.in_hand = Some(h),
                None => self.problems.push(DiagramProblem::BadHand {
                    text: rest.trim().to_owned(),
                }),
            }
        } else if let Some(rest) = lower.strip_prefix("rules:") {
            match rest.trim() {
                "flying" => self.rules.flying = true,
                "no flying" => self.rules.flying = false,
                other => self.problems.push(DiagramProblem::BadRules {
                    text: other.to_owned(),
                }),
            }
        } else {
            return false;
        }
        true
    }

    /// A line of the drawing: a point row labelled `1` to `7`, or a line between rows or the
    /// letters below them (not checked beyond their characters).
    fn board_line(&mut self, line: &str, trimmed: &str) {
        let bytes = line.as_bytes();
        let row = match (bytes.first(), bytes.get(1)) {
            (Some(d @ b'1'..=b'7'), Some(b' ')) => d - b'1',
            _ => {
                let filler = trimmed.chars().all(|c| matches!(c, '|' | '-' | ' '));
                let letters = trimmed
                    .chars()
                    .all(|c| c.is_whitespace() || ('a'..='g').contains(&c));
                if !filler && !letters {
                    self.problems.push(DiagramProblem::UnexpectedLine {
                        line: trimmed.to_owned(),
                    });
                }
                return;
            }
        };
        if std::mem::replace(&mut self.seen_rows[row as usize], true) {
            self.problems
                .push(DiagramProblem::DuplicateRow { row: row + 1 });
            return;
        }
        let chars: Vec<char> = line.chars().collect();
        for col in 0..7u8 {
            let Some(point) = Point::at_square(Square::new(col, row)) else {
                continue;
            };
            match chars.get(text_column(col)).copied().unwrap_or(' ') {
                'W' | 'w' => self.pieces.first = self.pieces.first.with(point.index()),
                'B' | 'b' => self.pieces.second = self.pieces.second.with(point.index()),
                '.' => {}
                found => self
                    .problems
                    .push(DiagramProblem::BadPiece { point, found }),
            }
        }
    }

    /// The setup the diagram describes, or every syntax problem (missing rows and lines
    /// included).
    fn into_setup(mut self) -> Result<Setup, ParsePositionError> {
        for (row, seen) in self.seen_rows.iter().enumerate() {
            if !seen {
                self.problems
                    .push(DiagramProblem::MissingRow { row: row as u8 + 1 });
            }
        }
        // A missing line is reported only when no unreadable one stood in its place.
        let bad_turn = |p: &DiagramProblem| matches!(p, DiagramProblem::BadTurn { .. });
        let bad_hand = |p: &DiagramProblem| matches!(p, DiagramProblem::BadHand { .. });
        if self.side_to_move.is_none() && !self.problems.iter().any(bad_turn) {
            self.problems.push(DiagramProblem::MissingTurn);
        }
        if self.in_hand.is_none() && !self.problems.iter().any(bad_hand) {
            self.problems.push(DiagramProblem::MissingHand);
        }
        match (self.side_to_move, self.in_hand) {
            (Some(side_to_move), Some(in_hand)) if self.problems.is_empty() => Ok(Setup {
                pieces: self.pieces,
                in_hand,
                side_to_move,
                rules: self.rules,
            }),
            _ => Err(ParsePositionError::Malformed(self.problems)),
        }
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads the diagram written by `Display`: seven point rows labelled `7` to `1` (the
    /// lines between them and the letter row are optional and not checked), `to move:` and
    /// `in hand:` lines, and an optional `rules:` line. `W`/`w` white, `B`/`b` black, `.`
    /// empty. Every malformed part is reported; a well-formed diagram is then validated and
    /// every impossibility named.
    ///
    /// ```
    /// use boardgames_morris::{ParsePositionError, Position};
    /// let start = Position::new();
    /// assert_eq!(start.to_string().parse::<Position>(), Ok(start));
    /// let text = start.to_string().replace("to move: white", "to move: black");
    /// assert!(matches!(text.parse::<Position>(), Err(ParsePositionError::Invalid(_))));
    /// ```
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        Ok(DiagramRead::read(text).into_setup()?.validate()?)
    }
}

// A position is stored as its diagram, validated again on load.
#[cfg(feature = "serde")]
boardgames_core::serde_via_str!(Position);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SetupError, SetupProblems};

    #[test]
    fn the_start_is_drawn_with_coordinates() {
        let text = Position::new().to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "7 .-----------.-----------.");
        assert_eq!(lines[6], "4 .---.---.       .---.---.");
        assert_eq!(lines[13], "  a   b   c   d   e   f   g");
        assert_eq!(lines[14], "to move: white");
        assert_eq!(lines[15], "in hand: white 9, black 9");
        assert_eq!(lines.len(), 16);
    }

    #[test]
    fn every_point_is_drawn_where_its_name_says() {
        for p in Point::ALL {
            let pos = Position::from_parts(
                ByPlayer::new(p.set(), Points::EMPTY),
                ByPlayer::new(0, 0),
                Player::Second,
                Rules::default(),
            );
            let text = pos.to_string();
            let line = text.lines().nth(2 * (6 - p.square().row as usize)).unwrap();
            assert_eq!(
                line.chars().nth(text_column(p.square().col)),
                Some('W'),
                "{p}"
            );
            assert_eq!(text.matches('W').count(), 1);
        }
    }

    #[test]
    fn malformed_diagrams_list_every_problem() {
        let text = Position::new()
            .to_string()
            .replace("7 .---", "7 X---")
            .replace("to move: white\n", "")
            .replace("3 |   |   .", "3 |   |   ?");
        let Err(ParsePositionError::Malformed(problems)) = text.parse::<Position>() else {
            panic!("accepted")
        };
        assert_eq!(
            problems,
            vec![
                DiagramProblem::BadPiece {
                    point: "a7".parse().unwrap(),
                    found: 'X'
                },
                DiagramProblem::BadPiece {
                    point: "c3".parse().unwrap(),
                    found: '?'
                },
                DiagramProblem::MissingTurn,
            ]
        );
        let text: String = Position::new()
            .to_string()
            .lines()
            .filter(|l| !l.starts_with('5'))
            .map(|l| format!("{l}\nwhat\n"))
            .collect();
        let Err(ParsePositionError::Malformed(problems)) = text.parse::<Position>() else {
            panic!("accepted")
        };
        assert!(problems.contains(&DiagramProblem::MissingRow { row: 5 }));
        assert!(problems.contains(&DiagramProblem::UnexpectedLine {
            line: "what".into()
        }));
        let bad_hand = Position::new().to_string().replace("black 9", "black 10");
        assert!(matches!(
            bad_hand.parse::<Position>(),
            Err(ParsePositionError::Malformed(p)) if matches!(p[..], [DiagramProblem::BadHand { .. }])
        ));
    }

    #[test]
    fn impossible_positions_name_every_problem() {
        // Ten white pieces on the board plus nine in hand, and the wrong side to move.
        let text = Position::new()
            .to_string()
            .replace("1 .-----------.-----------.", "1 W-----------W-----------W")
            .replace("to move: white", "to move: black");
        assert_eq!(
            text.parse::<Position>(),
            Err(ParsePositionError::Invalid(SetupError::new(
                SetupProblems::TOO_MANY_WHITE | SetupProblems::HANDS_VS_TURN
            )))
        );
    }

    #[test]
    fn no_flying_round_trips() {
        let pos = Position::with_rules(Rules { flying: false });
        let text = pos.to_string();
        assert!(text.ends_with("rules: no flying"));
        assert_eq!(text.parse::<Position>(), Ok(pos));
    }
}
