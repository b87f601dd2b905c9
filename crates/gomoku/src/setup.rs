//! Positions from stones or from a diagram, validated: every problem is reported at once.

use crate::error::{SetupError, SetupProblems};
use crate::point::{Point, MAX_SIZE, MIN_SIZE};
use crate::point_set::PointSet;
use crate::position::{Position, Win};
use crate::rule::Rule;
use crate::win::{line_through, winning_axes, AxisSet, Line};
use boardgames_core::{ByPlayer, Player};

/// Every winning run of `colour` on the board (each once).
fn winning_runs(stones: &ByPlayer<PointSet>, size: u8, rule: &Rule, colour: Player) -> Vec<Line> {
    let own = stones.get(colour);
    let opp = stones.get(colour.opponent());
    let mut lines: Vec<Line> = Vec::new();
    for point in own {
        for axis in winning_axes(own, opp, point, size, rule, colour).iter() {
            let line = line_through(own, point, axis);
            if !lines.contains(&line) {
                lines.push(line);
            }
        }
    }
    lines
}

/// The win of `colour`, whose winning runs are `lines`, if one last move can explain it: a
/// stone on every line whose removal leaves `colour` no winning run.
fn explain_win(
    stones: &ByPlayer<PointSet>,
    size: u8,
    rule: &Rule,
    colour: Player,
    lines: &[Line],
) -> Option<Win> {
    let mut common = PointSet::board(size);
    for line in lines {
        common = common.intersection(&line.cells().collect());
    }
    common.iter().find_map(|last| {
        let mut before = *stones;
        before.get_mut(colour).remove(last);
        if !winning_runs(&before, size, rule, colour).is_empty() {
            return None;
        }
        let own = stones.get(colour);
        let axes = winning_axes(own, stones.get(colour.opponent()), last, size, rule, colour);
        Some(canonical_win(own, last, axes))
    })
}

/// The canonical form of a win at `point` on `axes` by the stones `own`: the start of the
/// line when there is one winning line, else the point the lines share.
pub(crate) fn canonical_win(own: &PointSet, point: Point, axes: AxisSet) -> Win {
    let mut iter = axes.iter();
    match (iter.next(), iter.next()) {
        (Some(axis), None) => Win {
            point: line_through(own, point, axis).start,
            axes,
        },
        _ => Win { point, axes },
    }
}

impl Position {
    /// A position with the given stones on a `size` x `size` board under `rule`, checked: the
    /// size must be 5 to 20, the stones on the board and apart, black must have as many
    /// stones as white (black to move) or one more (white to move), and a won position must
    /// be reachable (one winner, the colour that moved last, with every winning line through
    /// one last stone). The status follows from the board.
    ///
    /// ```
    /// use boardgames_core::{Game, Player, Status};
    /// use boardgames_gomoku::{PointSet, Position, Rule};
    ///
    /// let black: PointSet = ["c3", "d3"].iter().map(|s| s.parse().unwrap()).collect();
    /// let white: PointSet = ["c4"].iter().map(|s| s.parse().unwrap()).collect();
    /// let game = Position::from_stones(7, Rule::CARO, black, white).unwrap();
    /// assert_eq!(game.side_to_move(), Player::Second);
    /// assert!(Position::from_stones(7, Rule::CARO, white, black).is_err());
    /// ```
    pub fn from_stones(
        size: u32,
        rule: Rule,
        black: PointSet,
        white: PointSet,
    ) -> Result<Position, SetupError> {
        let mut problems = SetupProblems::empty();
        if !(MIN_SIZE as u32..=MAX_SIZE as u32).contains(&size) {
            problems |= SetupProblems::BAD_SIZE;
        }
        let size = size.min(MAX_SIZE as u32) as u8;
        let board = PointSet::board(size);
        if !black.union(&white).difference(&board).is_empty() {
            problems |= SetupProblems::OFF_BOARD;
        }
        if !black.intersection(&white).is_empty() {
            problems |= SetupProblems::OVERLAP;
        }
        let (nb, nw) = (black.len(), white.len());
        if nb != nw && nb != nw + 1 {
            problems |= SetupProblems::STONE_COUNTS;
        }
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        let stones = ByPlayer::new(black, white);
        let last_mover = if nb > nw {
            Player::First
        } else {
            Player::Second
        };
        let runs = Player::ALL.map(|colour| winning_runs(&stones, size, &rule, colour));
        let win = match (runs[0].is_empty(), runs[1].is_empty()) {
            (true, true) => None,
            (false, false) => {
                return Err(SetupError {
                    problems: SetupProblems::BOTH_WON,
                })
            }
            (black_won, _) => {
                let winner = if black_won {
                    Player::Second
                } else {
                    Player::First
                };
                if winner != last_mover {
                    problems |= SetupProblems::WRONG_WINNER;
                }
                match explain_win(&stones, size, &rule, winner, &runs[winner.index()]) {
                    Some(win) => Some((winner, win)),
                    None => {
                        problems |= SetupProblems::UNREACHABLE_WIN;
                        None
                    }
                }
            }
        };
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        Ok(Position::from_validated(size, rule, stones, win))
    }

    /// Reads a diagram as written by `Display` (or a bare grid of `X`, `O` and `.`, top row
    /// first) and checks it with [`Position::from_stones`]. Row numbers and the column-letter
    /// lines are optional; cells may be separated by spaces or not; `x`, `o` and `+` are
    /// accepted too. The side to move follows from the stone counts.
    ///
    /// ```
    /// use boardgames_core::{Game, Player, Status};
    /// use boardgames_gomoku::{Position, Rule};
    ///
    /// let game = Position::from_diagram(
    ///     "
    ///     . . . . .
    ///     . . . . .
    ///     X X X X X
    ///     O O O O .
    ///     . . . . .",
    ///     Rule::FREESTYLE,
    /// )
    /// .unwrap();
    /// assert_eq!(game.status(), Status::Won(Player::First));
    /// assert_eq!(Position::from_diagram(&game.to_string(), Rule::FREESTYLE), Ok(game));
    /// ```
    pub fn from_diagram(text: &str, rule: Rule) -> Result<Position, SetupError> {
        let mut problems = SetupProblems::empty();
        let mut rows: Vec<Vec<Option<Player>>> = Vec::new();
        for line in text.lines() {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            let Some(first) = tokens.first() else {
                continue;
            };
            if first.eq_ignore_ascii_case("a") {
                continue; // the column letters
            }
            let is_number = |t: &&str| t.bytes().all(|b| b.is_ascii_digit());
            let start = usize::from(is_number(first));
            let end = tokens.len()
                - usize::from(tokens.len() > start && is_number(&tokens[tokens.len() - 1]));
            let mut row = Vec::new();
            for token in &tokens[start..end] {
                for ch in token.chars() {
                    row.push(match ch {
                        'X' | 'x' => Some(Player::First),
                        'O' | 'o' => Some(Player::Second),
                        '.' | '+' => None,
                        _ => {
                            problems |= SetupProblems::BAD_CHARACTER;
                            None
                        }
                    });
                }
            }
            rows.push(row);
        }
        let size = rows.len();
        if !(MIN_SIZE as usize..=MAX_SIZE as usize).contains(&size) {
            problems |= SetupProblems::BAD_SIZE;
        }
        if rows.iter().any(|row| row.len() != size) {
            problems |= SetupProblems::RAGGED_ROWS;
        }
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        let mut stones = ByPlayer::new(PointSet::EMPTY, PointSet::EMPTY);
        for (i, row) in rows.iter().enumerate() {
            for (col, cell) in row.iter().enumerate() {
                if let (Some(colour), Some(point)) =
                    (cell, Point::new(col as u8, (size - 1 - i) as u8))
                {
                    stones.get_mut(*colour).insert(point);
                }
            }
        }
        Position::from_stones(size as u32, rule, stones.first, stones.second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::{Game, Status};

    #[test]
    fn every_problem_is_reported() {
        let err = Position::from_diagram("X X Q\n. .\n", Rule::CARO).unwrap_err();
        assert_eq!(
            err.problems,
            SetupProblems::BAD_CHARACTER | SetupProblems::BAD_SIZE | SetupProblems::RAGGED_ROWS
        );
        let err = Position::from_diagram(
            "X X X . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
            Rule::CARO,
        )
        .unwrap_err();
        assert_eq!(err.problems, SetupProblems::STONE_COUNTS);
        let err =
            Position::from_stones(21, Rule::RENJU, PointSet::EMPTY, PointSet::EMPTY).unwrap_err();
        assert_eq!(err.problems, SetupProblems::BAD_SIZE);
        let a1: PointSet = ["a1"].iter().map(|s| s.parse::<Point>().unwrap()).collect();
        let g7: PointSet = ["g7"].iter().map(|s| s.parse::<Point>().unwrap()).collect();
        let err = Position::from_stones(5, Rule::CARO, a1, a1).unwrap_err();
        assert_eq!(err.problems, SetupProblems::OVERLAP);
        let err = Position::from_stones(5, Rule::CARO, g7, a1).unwrap_err();
        assert_eq!(err.problems, SetupProblems::OFF_BOARD);
    }

    #[test]
    fn wins_must_be_reachable() {
        // White has five but black moved last.
        let err = Position::from_diagram(
            "X X X X . .\nO O O O O .\nX X . . . .\n. . . . . .\n. . . . . .\n. . . . . .",
            Rule::FREESTYLE,
        )
        .unwrap_err();
        assert_eq!(err.problems, SetupProblems::WRONG_WINNER);
        // Both colours have five.
        let err = Position::from_diagram(
            "X X X X X\nO O O O O\n. . . . .\n. . . . .\n. . . . .",
            Rule::FREESTYLE,
        )
        .unwrap_err();
        assert_eq!(err.problems, SetupProblems::BOTH_WON);
        // A run of ten: no single last stone leaves black without a five.
        let err = Position::from_diagram(
            &format!(
                "{}\n{}\n{}",
                "X X X X X X X X X X\nO O O O . O O O O .",
                "O . . . . . . . . .",
                ". . . . . . . . . .\n".repeat(7)
            ),
            Rule::FREESTYLE,
        )
        .unwrap_err();
        assert_eq!(err.problems, SetupProblems::UNREACHABLE_WIN);
    }

    #[test]
    fn a_win_keeps_its_lines_and_a_full_board_draws() {
        let game = Position::from_diagram(
            "X . . . .\n. X . . .\n. . X . .\n. . . X .\nO O O O X",
            Rule::CARO5,
        )
        .unwrap();
        assert_eq!(game.status(), Status::Won(Player::First));
        assert_eq!(game.winning_cells().len(), 5);
        // Under Caro the edge blocks both ends of that diagonal.
        let game = Position::from_diagram(
            "X . . . .\n. X . . .\n. . X . .\n. . . X .\nO O O O X",
            Rule::CARO,
        )
        .unwrap();
        assert_eq!(game.status(), Status::Ongoing);
        let full = Position::from_diagram(
            "X O X O X\nX O X O X\nO X O X O\nO X O X O\nX O X O X",
            Rule::FREESTYLE,
        )
        .unwrap();
        assert_eq!(full.status(), Status::Draw);
        assert_eq!(full.legal_move_count(), 0);
    }
}
