//! Threat shapes: five, straight four, four, open, split and closed
//! three, and the combinations four-three, double four and double three; at a point or over
//! the whole board, for either colour, judged under the game's rule.
//!
//! The shapes of one axis come from one table lookup keyed by the content of that axis
//! (module [`self::line`]); the combinations count the shapes of the four axes.
//!
//! ```
//! use boardgames_core::Player;
//! use boardgames_gomoku::threat::{LineShape, Shape};
//! use boardgames_gomoku::{Axis, Position};
//!
//! let game: Position = "freestyle, black to move
//!     . . . . . . .
//!     . . . . . . .
//!     . . . . . . .
//!     . X X X . . .
//!     . . . . . . .
//!     . O O . . . .
//!     . . . O . . ."
//!     .parse()
//!     .unwrap();
//! let e4 = "e4".parse().unwrap();
//! let threats = game.threats_at(Player::First, e4);
//! assert_eq!(threats.line(Axis::Horizontal), LineShape::StraightFour);
//! assert_eq!(threats.best(), Some(Shape::StraightFour));
//! // The whole board: every point where black makes a four (a4 and f4 make ones with a
//! // single completion).
//! let board = game.threats(Player::First);
//! let names = |set: boardgames_gomoku::PointSet| set.iter().map(|p| p.to_string()).collect::<Vec<_>>();
//! assert_eq!(names(board.points_with(Shape::Four)), ["a4", "e4", "f4"]);
//! assert_eq!(names(board.points_with(Shape::StraightFour)), ["e4"]);
//! ```

pub mod line;
pub mod pattern;

pub use line::{line_key, line_key_on_line, shape_table, LineKey, LineShape};
pub use pattern::{pattern_table, Pattern};

use crate::line_words::LineWords;
use crate::point::{Axis, Point, MAX_POINTS};
use crate::point_set::PointSet;
use crate::position::Position;
use boardgames_core::Player;
use core::fmt;

/// A shape a move makes, counting all four axes through the point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Shape {
    /// A winning run.
    Five,
    /// A straight (open) four on some axis.
    StraightFour,
    /// Two or more fours (on two axes, or two on one axis).
    DoubleFour,
    /// A four and a live (open or split) three on another axis.
    FourThree,
    /// At least one four.
    Four,
    /// Two or more live threes.
    DoubleThree,
    /// An open three on some axis.
    OpenThree,
    /// A split three on some axis.
    SplitThree,
    /// A closed (sleeping) three on some axis.
    ClosedThree,
}

impl Shape {
    /// Every shape, strongest first (the order [`Threats::best`] uses).
    pub const ALL: [Shape; 9] = [
        Shape::Five,
        Shape::StraightFour,
        Shape::DoubleFour,
        Shape::FourThree,
        Shape::Four,
        Shape::DoubleThree,
        Shape::OpenThree,
        Shape::SplitThree,
        Shape::ClosedThree,
    ];

    /// The shape's name in English.
    pub const fn name(self) -> &'static str {
        match self {
            Shape::Five => "five",
            Shape::StraightFour => "straight four",
            Shape::DoubleFour => "double four",
            Shape::FourThree => "four-three",
            Shape::Four => "four",
            Shape::DoubleThree => "double three",
            Shape::OpenThree => "open three",
            Shape::SplitThree => "split three",
            Shape::ClosedThree => "closed three",
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The shapes of the four axes through one point for one colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Threats(pub [LineShape; 4]);

impl Threats {
    /// No shape on any axis.
    pub const NONE: Threats = Threats([LineShape::None; 4]);

    /// The shape along `axis`.
    #[inline]
    pub const fn line(&self, axis: Axis) -> LineShape {
        self.0[axis.index()]
    }

    /// The number of fours over the four axes (a double four on one axis counts two).
    #[inline]
    pub fn fours(&self) -> u32 {
        self.0.iter().map(|s| s.fours()).sum()
    }

    /// The number of axes with a live (open or split) three.
    #[inline]
    pub fn live_threes(&self) -> u32 {
        self.0.iter().filter(|s| s.is_live_three()).count() as u32
    }

    /// `true` when the point makes (or is part of) `shape`.
    pub fn contains(&self, shape: Shape) -> bool {
        let any = |line: LineShape| self.0.contains(&line);
        match shape {
            Shape::Five => any(LineShape::Five),
            Shape::StraightFour => any(LineShape::StraightFour),
            Shape::DoubleFour => self.fours() >= 2,
            Shape::FourThree => self.fours() >= 1 && self.live_threes() >= 1,
            Shape::Four => self.fours() >= 1,
            Shape::DoubleThree => self.live_threes() >= 2,
            Shape::OpenThree => any(LineShape::OpenThree),
            Shape::SplitThree => any(LineShape::SplitThree),
            Shape::ClosedThree => any(LineShape::ClosedThree),
        }
    }

    /// The strongest shape, in the order of [`Shape::ALL`].
    pub fn best(&self) -> Option<Shape> {
        Shape::ALL.into_iter().find(|&s| self.contains(s))
    }

    /// `true` when no axis has a shape.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&s| s == LineShape::None)
    }
}

/// The [`Threats`] of every empty point of the board for one colour: where that colour's next
/// stone makes a five, a four, a three...
#[derive(Clone, Debug)]
pub struct ThreatBoard {
    threats: [Threats; MAX_POINTS],
    points: PointSet,
}

impl ThreatBoard {
    /// The threats of a stone at `point` (none for an occupied point or one off the board).
    pub fn get(&self, point: Point) -> Threats {
        self.threats[point.index()]
    }

    /// The empty points where a stone makes `shape`.
    pub fn points_with(&self, shape: Shape) -> PointSet {
        self.points
            .iter()
            .filter(|p| self.threats[p.index()].contains(shape))
            .collect()
    }

    /// The empty points with some shape, and their threats, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Point, Threats)> + '_ {
        self.points
            .iter()
            .map(|p| (p, self.threats[p.index()]))
            .filter(|(_, t)| !t.is_empty())
    }
}

impl Position {
    /// The shape along `axis` through `point` for `colour`: with a stone of `colour` imagined
    /// on an empty point, or the stone already there. [`LineShape::None`] for a point off the
    /// board or holding the other colour.
    #[inline]
    pub fn line_shape(&self, colour: Player, point: Point, axis: Axis) -> LineShape {
        self.threats_at(colour, point).line(axis)
    }

    /// The shapes through `point` for `colour` on all four axes (see [`Position::line_shape`]).
    #[inline]
    pub fn threats_at(&self, colour: Player, point: Point) -> Threats {
        let (own, opp) = (self.stones(colour), self.stones(colour.opponent()));
        if !point.is_on_board(self.size()) || opp.contains(point) {
            return Threats::NONE;
        }
        let rule = self.rule();
        let table = shape_table(&rule, colour);
        let shape = |axis: Axis| {
            let key = line_key(own, opp, point, axis, self.size(), &rule, colour);
            table.get(key.index()).copied().unwrap_or_default()
        };
        self.true_threes(colour, point, Threats(Axis::ALL.map(shape)))
    }

    /// For a colour restricted by forbidden points (renju's black): a live three counts only
    /// if some move making it a straight four is not forbidden; otherwise it is reported as
    /// a closed three.
    fn true_threes(&self, colour: Player, point: Point, mut threats: Threats) -> Threats {
        if !*self.rule().forbidden_points.get(colour) || threats.live_threes() == 0 {
            return threats;
        }
        let mut board = self.board();
        board.stones.get_mut(colour).insert(point);
        for (shape, axis) in threats.0.iter_mut().zip(Axis::ALL) {
            if shape.is_live_three() && board.straight_four_point(colour, point, axis).is_none() {
                *shape = LineShape::ClosedThree;
            }
        }
        threats
    }

    /// The threats of every empty point for `colour`. Reads each colour's stones once into
    /// words along the four directions, so each axis of each point is one shift.
    pub fn threats(&self, colour: Player) -> ThreatBoard {
        let (own, opp) = (self.stones(colour), self.stones(colour.opponent()));
        let (own_words, opp_words) = (LineWords::new(own), LineWords::new(opp));
        let rule = self.rule();
        let table = shape_table(&rule, colour);
        let points = self.empty_points();
        let mut threats = [Threats::NONE; MAX_POINTS];
        for point in points {
            let shape = |axis: Axis| {
                let windows = (own_words.window(point, axis), opp_words.window(point, axis));
                let key = line::key_from_window(
                    own,
                    opp,
                    point,
                    axis,
                    self.size(),
                    &rule,
                    colour,
                    windows,
                );
                table.get(key.index()).copied().unwrap_or_default()
            };
            threats[point.index()] = self.true_threes(colour, point, Threats(Axis::ALL.map(shape)));
        }
        ThreatBoard { threats, points }
    }
}
