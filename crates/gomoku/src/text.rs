//! A position as text: a header line (rule, side to move, and the number of setup stones for
//! a position from a [`crate::Setup`]) followed by the diagram. `Display` writes it and
//! `FromStr` reads it back, checking the position again.

use crate::error::{colour, ParsePositionError};
use crate::point::{Point, MAX_SIZE, MIN_SIZE};
use crate::point_set::PointSet;
use crate::position::Position;
use crate::rule::Rule;
use crate::setup::Setup;
use boardgames_core::{ByPlayer, Game, Player};
use core::fmt;
use core::str::FromStr;

impl fmt::Display for Position {
    /// The header line, `RULE, COLOUR to move` (with `, setup N` for a position from a setup
    /// of `N` stones), then the plain diagram.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {} to move",
            self.rule(),
            colour(self.side_to_move())
        )?;
        if let Some(stones) = self.setup_stone_count() {
            write!(f, ", setup {stones}")?;
        }
        writeln!(f)?;
        fmt::Display::fmt(&self.diagram(), f)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads what `Display` writes. The first non-blank line is the header: a rule as
    /// [`Rule`]'s `FromStr` reads it, then `black to move` or `white to move`, then
    /// optionally `setup N`, separated by commas. The diagram follows, top row first: `X`
    /// black, `O` white, `.` empty (`x`, `o` and `+` are read too), cells separated by spaces
    /// or not, with optional row numbers and column-letter lines. The board size is the number
    /// of rows.
    ///
    /// Without `setup N` the position must be one a game from the empty board reaches: black
    /// has as many stones as white when black is to move and one more when white is, and a
    /// win, if any, is the last mover's, all its lines through one last stone. With
    /// `setup N` the first `N` stones came from a [`Setup`] (whose checks apply when no move
    /// was played since) and the rest were played.
    ///
    /// ```
    /// use boardgames_core::{Game, Player, Status};
    /// use boardgames_gomoku::{Position, Rule};
    ///
    /// let game: Position = "freestyle, white to move
    ///     . . . . .
    ///     . . . . .
    ///     X X X X X
    ///     O O O O .
    ///     . . . . ."
    ///     .parse()
    ///     .unwrap();
    /// assert_eq!(game.status(), Status::Won(Player::First));
    /// assert_eq!(game.to_string().parse::<Position>(), Ok(game));
    /// assert!("freestyle, black to move\n. . . . .".parse::<Position>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let header = lines.next().ok_or(ParsePositionError::Empty)?;
        let (rule, to_move, setup_stones) = parse_header(header)?;
        let (stones, size) = parse_grid(lines)?;
        let setup = Setup {
            stones,
            to_move,
            size: size as u32,
            rule,
        };
        Ok(setup.validate_played(setup_stones)?)
    }
}

/// The rule, the side to move and the setup's stone count of a header line.
fn parse_header(header: &str) -> Result<(Rule, Player, Option<usize>), ParsePositionError> {
    let bad = || ParsePositionError::BadHeader {
        header: header.to_owned(),
    };
    let parts: Vec<String> = header
        .split(',')
        .map(|part| part.trim().to_ascii_lowercase())
        .collect();
    let setup = match parts.get(2) {
        None => None,
        Some(part) => {
            let n = part.strip_prefix("setup").ok_or_else(bad)?;
            Some(n.trim().parse::<usize>().map_err(|_| bad())?)
        }
    };
    if !(2..=3).contains(&parts.len()) {
        return Err(bad());
    }
    let to_move = match parts[1].as_str() {
        "black to move" => Player::First,
        "white to move" => Player::Second,
        _ => return Err(bad()),
    };
    Ok((parts[0].parse()?, to_move, setup))
}

/// The stones of a diagram's lines and its size (the number of rows), or the first syntax
/// problem.
fn parse_grid<'a>(
    lines: impl Iterator<Item = &'a str>,
) -> Result<(ByPlayer<PointSet>, usize), ParsePositionError> {
    let mut rows: Vec<Vec<Option<Player>>> = Vec::new();
    for line in lines {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.first().is_some_and(|t| t.eq_ignore_ascii_case("a")) {
            continue; // the column letters
        }
        let is_number = |t: &&str| t.bytes().all(|b| b.is_ascii_digit());
        let start = usize::from(tokens.first().is_some_and(is_number));
        let end = tokens.len()
            - usize::from(tokens.len() > start && is_number(&tokens[tokens.len() - 1]));
        let mut row = Vec::new();
        for ch in tokens[start..end].iter().flat_map(|t| t.chars()) {
            row.push(match ch {
                'X' | 'x' => Some(Player::First),
                'O' | 'o' => Some(Player::Second),
                '.' | '+' => None,
                found => {
                    let row = rows.len() + 1;
                    return Err(ParsePositionError::BadCharacter { found, row });
                }
            });
        }
        rows.push(row);
    }
    let size = rows.len();
    if !(MIN_SIZE as usize..=MAX_SIZE as usize).contains(&size) {
        return Err(ParsePositionError::BadSize { rows: size });
    }
    let mut stones = ByPlayer::new(PointSet::EMPTY, PointSet::EMPTY);
    for (i, row) in rows.iter().enumerate() {
        if row.len() != size {
            let (row, cells) = (i + 1, row.len());
            return Err(ParsePositionError::RaggedRow { row, cells, size });
        }
        for (col, cell) in row.iter().enumerate() {
            if let (Some(colour), Some(point)) = (cell, Point::new(col as u8, (size - 1 - i) as u8))
            {
                stones.get_mut(*colour).insert(point);
            }
        }
    }
    Ok((stones, size))
}
