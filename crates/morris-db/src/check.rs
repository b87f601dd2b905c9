//! Checks of the databases against things that do not use them: an independent proof search
//! on the rules alone, symmetric images, and the moves a player makes from them.

use crate::space::{endgame_position, position_of};
use crate::symmetry::COUNT;
use crate::Databases;
use boardgames_core::{Game, MoveList, Player, Rng, Status};
use boardgames_morris::actions::map_point;
use boardgames_morris::{Point, Points, Position};
use boardgames_solver::Value;

/// `true` when the side to move of `pos` has lost already, or loses within `k` plies
/// whatever it plays (it can only delay).
fn lost_within(pos: &Position, k: u32) -> bool {
    match pos.status() {
        Status::Won(_) => return true,
        Status::Draw => return false,
        Status::Ongoing => {}
    }
    if k < 2 {
        return false;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().all(|&mv| {
        let mut next = *pos;
        next.play_unchecked(mv);
        won_within(&next, k - 1)
    })
}

/// `true` when the side to move of `pos` has a move that wins within `k` plies.
fn won_within(pos: &Position, k: u32) -> bool {
    if k == 0 || pos.status().is_over() {
        return false;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().any(|&mv| {
        let mut next = *pos;
        next.play_unchecked(mv);
        lost_within(&next, k - 1)
    })
}

/// The value of `pos` as a search of at most `depth` plies proves it, from the rules alone
/// (an AND-OR search with cut-offs, deepened one ply at a time so that the first proof has
/// the exact distance): `None` when no win or loss ends within `depth` plies.
pub fn proven_value(pos: &Position, depth: u32) -> Option<Value> {
    (0..=depth).find_map(|k| {
        if k % 2 == 0 && lost_within(pos, k) {
            Some(Value::Loss(k as u16))
        } else if k % 2 == 1 && won_within(pos, k) {
            Some(Value::Win(k as u16))
        } else {
            None
        }
    })
}

/// A position of class `a` v `b` drawn uniformly among the indexed ones (up to symmetry),
/// with the side to move also drawn.
pub fn random_position(db: &Databases, a: u32, b: u32, rng: &mut Rng) -> Option<Position> {
    let class = db.class(a, b)?;
    let size = class.index.size();
    loop {
        let i = rng.next_u64() % size;
        let Some((own, opp)) = class.index.position(i) else {
            continue;
        };
        let pos = position_of(own, opp)?;
        return Some(if rng.below(2) == 0 {
            pos
        } else {
            swap_colours(&pos)
        });
    }
}

/// The same position with the colours swapped (black to move with white's pieces).
pub fn swap_colours(pos: &Position) -> Position {
    let me = pos.side_to_move();
    transformed(pos, 0, me.opponent(), true)
}

/// `pos` under board symmetry `s`, with `side` to move, the colours swapped if `swap`.
fn transformed(pos: &Position, s: usize, side: Player, swap: bool) -> Position {
    let map = |p: Points| p.points().map(|q| map_point(s, q)).collect::<Points>();
    let (w, b) = (
        map(pos.pieces(Player::First)),
        map(pos.pieces(Player::Second)),
    );
    let (w, b) = if swap { (b, w) } else { (w, b) };
    endgame_position(w, b, side, pos.rules()).unwrap_or(*pos)
}

/// The position with white on the points named in `white` and black on those in `black`
/// (names separated by spaces: `"a1 d2 g7"`), nobody holding a piece, `side` to move,
/// standard rules; `None` when a name is not a point or no game reaches the setup.
pub fn endgame(white: &str, black: &str, side: Player) -> Option<Position> {
    let set = |names: &str| {
        names
            .split_whitespace()
            .map(|n| n.parse::<Point>().ok())
            .collect::<Option<Points>>()
    };
    endgame_position(set(white)?, set(black)?, side, Default::default())
}

/// The symmetric images of `pos` (all 16, the side to move kept).
pub fn images(pos: &Position) -> Vec<Position> {
    (0..COUNT)
        .map(|s| transformed(pos, s, pos.side_to_move(), false))
        .collect()
}

/// What a check of one class found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Positions sampled.
    pub positions: u64,
    /// Of them, those the search proved (and that agreed).
    pub proven: u64,
}

/// Why a check failed: the position, in diagram text, and what disagreed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what}:\n{position}")]
pub struct CheckFailure {
    /// The position's diagram.
    pub position: String,
    /// What disagreed.
    pub what: String,
}

fn fail(pos: &Position, what: String) -> CheckFailure {
    CheckFailure {
        position: pos.to_string(),
        what,
    }
}

/// Checks `samples` random positions of class `a` v `b`: the stored value agrees with the
/// proof search of `depth` plies wherever it proves something (and a stored win or loss
/// within `depth` plies is proved), every symmetric image has the same value, and the
/// database's best move keeps the value (the quickest win, the slowest loss).
pub fn check_class(
    db: &Databases,
    (a, b): (u32, u32),
    samples: u64,
    depth: u32,
    seed: u64,
) -> Result<CheckReport, CheckFailure> {
    let mut rng = Rng::new(seed ^ u64::from(a * 16 + b));
    let mut report = CheckReport::default();
    for _ in 0..samples {
        let Some(pos) = random_position(db, a, b, &mut rng) else {
            return Ok(report);
        };
        let stored = db
            .value(&pos)
            .ok_or_else(|| fail(&pos, "not covered".into()))?;
        let proved = proven_value(&pos, depth);
        let within = stored != Value::Draw && u32::from(stored.distance()) <= depth;
        if proved.is_some() || within {
            if proved != Some(stored) {
                return Err(fail(&pos, format!("stored {stored}, search {proved:?}")));
            }
            report.proven += 1;
        }
        for image in images(&pos) {
            if db.value(&image) != Some(stored) {
                return Err(fail(&image, format!("image of a position {stored}")));
            }
        }
        check_best_move(db, &pos, stored)?;
        report.positions += 1;
    }
    Ok(report)
}

/// The best move of a covered position keeps its value: no win given away, no draw lost,
/// the quickest win and the slowest loss.
fn check_best_move(db: &Databases, pos: &Position, stored: Value) -> Result<(), CheckFailure> {
    match db.best_move(pos) {
        Some((mv, value)) => {
            let mut next = *pos;
            next.play(mv)
                .map_err(|e| fail(pos, format!("illegal best move: {e}")))?;
            let after = db.value(&next).map(Value::parent);
            if value != stored || after != Some(stored) {
                return Err(fail(
                    pos,
                    format!("{stored}, best move {mv} gives {after:?}"),
                ));
            }
            Ok(())
        }
        None if pos.status().is_over() => Ok(()),
        None => Err(fail(pos, "no best move".into())),
    }
}
