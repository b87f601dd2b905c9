//! A tiny game for the unit tests of the match layer: a pile
//! of stones, each move takes one or two or passes, and whoever takes the last stone wins.
//! Passing is the one reversible move, so repetitions and quiet moves can be tested.

use super::{MatchRules, Reason};
use crate::{Game, MoveError, MoveList, Player, Status};
use core::fmt;
use core::str::FromStr;

/// A move: take one or two stones, or pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Step {
    /// Take this many stones (1 or 2).
    Take(u8),
    /// Take nothing.
    Pass,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Take(n) => write!(f, "{n}"),
            Step::Pass => f.write_str("pass"),
        }
    }
}

/// A move that is not `1`, `2` or `pass`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected 1, 2 or pass")]
pub struct BadStep;

impl FromStr for Step {
    type Err = BadStep;
    fn from_str(text: &str) -> Result<Step, BadStep> {
        match text {
            "1" => Ok(Step::Take(1)),
            "2" => Ok(Step::Take(2)),
            "pass" => Ok(Step::Pass),
            _ => Err(BadStep),
        }
    }
}

/// Why a step is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Refused {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Fewer stones are left than the step takes.
    #[error("not enough stones")]
    TooMany,
}

impl MoveError for Refused {
    fn is_game_over(&self) -> bool {
        matches!(self, Refused::GameOver)
    }
}

/// The pile and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Countdown {
    left: u32,
    to_move: Player,
}

impl Countdown {
    /// A pile of `stones`, first to move.
    pub fn new(stones: u32) -> Countdown {
        Countdown {
            left: stones,
            to_move: Player::First,
        }
    }

    /// The stones left.
    pub fn left(&self) -> u32 {
        self.left
    }
}

impl fmt::Display for Countdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} left, {} to move", self.left, self.to_move)
    }
}

impl FromStr for Countdown {
    type Err = String;
    fn from_str(text: &str) -> Result<Countdown, String> {
        let (left, rest) = text
            .split_once(" left, ")
            .ok_or("expected \"N left, P to move\"")?;
        let left = left.parse().map_err(|_| "bad count")?;
        let to_move = match rest {
            "first to move" => Player::First,
            "second to move" => Player::Second,
            _ => return Err("bad side to move".into()),
        };
        Ok(Countdown { left, to_move })
    }
}

impl Game for Countdown {
    type Move = Step;
    type ParseMoveError = BadStep;
    type Illegal = Refused;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn status(&self) -> Status {
        if self.left == 0 {
            Status::Won(self.to_move.opponent())
        } else {
            Status::Ongoing
        }
    }

    fn legal_moves(&self, moves: &mut MoveList<Step>) {
        moves.clear();
        if self.left > 0 {
            moves.extend([Step::Take(1), Step::Pass]);
            if self.left > 1 {
                moves.push(Step::Take(2));
            }
        }
    }

    fn check_move(&self, mv: Step) -> Result<(), Refused> {
        match mv {
            _ if self.left == 0 => Err(Refused::GameOver),
            Step::Take(n) if !(1..=2).contains(&n) || u32::from(n) > self.left => {
                Err(Refused::TooMany)
            }
            _ => Ok(()),
        }
    }

    fn play_unchecked(&mut self, mv: Step) {
        if let Step::Take(n) = mv {
            self.left = self.left.saturating_sub(u32::from(n));
        }
        self.to_move = self.to_move.opponent();
    }

    fn zobrist(&self) -> u64 {
        u64::from(self.left) << 1 | self.to_move as u64
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.zobrist()
    }

    fn max_remaining_plies(&self) -> Option<usize> {
        None
    }
}

impl MatchRules for Countdown {
    fn end_reason(&self) -> Reason {
        Reason::NoPieces
    }

    fn game_over(_status: Status) -> Refused {
        Refused::GameOver
    }

    fn is_irreversible(&self, mv: Step) -> bool {
        mv != Step::Pass
    }

    /// Each take needs at most `limit` passes before it: at most `(left + 1) * limit + left`.
    fn bound_with_quiet_limit(&self, limit: u32) -> Option<usize> {
        let left = self.left as usize;
        Some((left + 1) * limit as usize + left)
    }
}
