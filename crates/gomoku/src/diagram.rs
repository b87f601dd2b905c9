//! The board as text: coordinates, stones, and optional marks for the last move and a win.

use crate::point::{Point, MAX_SIZE};
use crate::point_set::PointSet;
use crate::position::Position;
use boardgames_core::notation::column_letter;
use boardgames_core::Player;
use core::fmt;

/// A drawing of a position, with optional marks; `Display` writes it.
///
/// Black stones are `X`, white `O`, empty points `.`; column letters above and below, row
/// numbers on both sides. The last move is drawn in parentheses, `(X)`, and highlighted
/// stones (a winning line) as `#` for black and `@` for white. [`Position`]'s own `Display`
/// is a header line (rule, side to move) followed by the plain drawing, which `FromStr` reads
/// back.
///
/// ```
/// use boardgames_core::Game;
/// use boardgames_gomoku::{Position, Rule};
///
/// let mut game = Position::new(5, Rule::CARO).unwrap();
/// game.play("c3".parse().unwrap()).unwrap();
/// let text = game.diagram().last_move(Some("c3".parse().unwrap())).to_string();
/// assert_eq!(
///     text,
///     "   a b c d e\n 5 . . . . .  5\n 4 . . . . .  4\n 3 . .(X). .  3\n 2 . . . . .  2\n 1 . . . . .  1\n   a b c d e\n"
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Diagram<'a> {
    position: &'a Position,
    last_move: Option<Point>,
    highlight: PointSet,
}

impl Position {
    /// A drawing of the position, to which marks can be added.
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram {
            position: self,
            last_move: None,
            highlight: PointSet::EMPTY,
        }
    }
}

impl Diagram<'_> {
    /// Marks `point` as the last move.
    pub fn last_move(mut self, point: Option<Point>) -> Self {
        self.last_move = point;
        self
    }

    /// Highlights the stones on `points` (for example [`Position::winning_cells`]).
    pub fn highlight(mut self, points: PointSet) -> Self {
        self.highlight = points;
        self
    }

    fn letters(f: &mut fmt::Formatter<'_>, size: u8) -> fmt::Result {
        f.write_str("  ")?;
        for col in 0..size {
            write!(f, " {}", column_letter(col))?;
        }
        f.write_str("\n")
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.position.size().min(MAX_SIZE);
        Diagram::letters(f, size)?;
        for row in (0..size).rev() {
            write!(f, "{:>2}", row as u32 + 1)?;
            for col in 0..size {
                let Some(point) = Point::new(col, row) else {
                    continue;
                };
                let marked = self.last_move == Some(point);
                let before_marked = col > 0 && self.last_move == Point::new(col - 1, row);
                f.write_str(if marked {
                    "("
                } else if before_marked {
                    ")"
                } else {
                    " "
                })?;
                let lit = self.highlight.contains(point);
                f.write_str(match (self.position.stone_at(point), lit) {
                    (Some(Player::First), false) => "X",
                    (Some(Player::Second), false) => "O",
                    (Some(Player::First), true) => "#",
                    (Some(Player::Second), true) => "@",
                    (None, _) => ".",
                })?;
            }
            let after_marked = self.last_move == Point::new(size - 1, row);
            writeln!(
                f,
                "{}{:>2}",
                if after_marked { ")" } else { " " },
                row as u32 + 1
            )?;
        }
        Diagram::letters(f, size)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Rule};
    use boardgames_core::Game;

    #[test]
    fn marks_at_the_edge_and_the_win() {
        let mut game = Position::new(5, Rule::FREESTYLE).unwrap();
        for mv in ["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let text = game
            .diagram()
            .last_move(Some("e1".parse().unwrap()))
            .highlight(game.winning_cells())
            .to_string();
        assert!(text.contains(" 1 # # # #(#) 1\n"), "{text}");
        assert!(text.contains(" 2 O O O O .  2\n"), "{text}");
        let plain = game.to_string();
        assert!(plain.starts_with("freestyle, white to move\n"), "{plain}");
        assert_eq!(plain.parse::<Position>(), Ok(game));
    }
}
