//! Uniformly random playouts without allocation.
//!
//! A uniformly random game places the empty points in a uniformly random order, so the loop
//! draws from a list of the empty points on the stack (swap-remove keeps every draw uniform).
//! Beside the position it keeps, also on the stack, each colour's stones as words along all
//! four directions (rows, columns, diagonals, anti-diagonals), so the "five in a row through
//! this stone?" filter is a few shifts of four words; the rule's judge runs only when it fires.

use crate::line_words::LineWords;
use crate::point::{Point, MAX_POINTS, MAX_SIZE};
use crate::position::Position;
use boardgames_core::{Player, RandomSource, Status, UniformIndex};

const N: usize = MAX_SIZE as usize;

/// Every point of each board size, as (row << 8) | column: the empty list of an empty board.
static ALL_POINTS: [[u16; MAX_POINTS]; N + 1] = {
    let mut lists = [[0u16; MAX_POINTS]; N + 1];
    let mut size = 0;
    while size <= N {
        let mut i = 0;
        while i < size * size {
            lists[size][i] = ((i / size) as u16) << 8 | (i % size) as u16;
            i += 1;
        }
        size += 1;
    }
    lists
};

/// The state of a playout beside the position: the empty points and both colours' lines.
struct Playout {
    /// Each empty point as (row << 8) | column; the first `left` are live.
    empty: [u16; MAX_POINTS],
    left: usize,
    lines: [LineWords; 2],
}

impl Playout {
    fn new(position: &Position) -> Playout {
        let size = position.size();
        let mut playout = Playout {
            empty: [0; MAX_POINTS],
            left: 0,
            lines: [LineWords::EMPTY; 2],
        };
        if position.stone_count() == 0 {
            playout.left = size as usize * size as usize;
            playout.empty = ALL_POINTS[size as usize];
            return playout;
        }
        for colour in Player::ALL {
            for point in position.stones(colour) {
                playout.lines[colour.index()].add(point);
            }
        }
        let stones = position
            .stones(Player::First)
            .union(position.stones(Player::Second));
        for row in 0..size {
            let mut free = !stones.rows[row as usize] & ((1u32 << size) - 1);
            while free != 0 {
                let col = free.trailing_zeros() as u16;
                free &= free - 1;
                playout.empty[playout.left] = (row as u16) << 8 | col;
                playout.left += 1;
            }
        }
        playout
    }

    /// Plays a random empty point for `colour` (the side to move); `true` when the game is
    /// over after it. Called with a constant colour so each copy is specialised.
    #[inline(always)]
    fn step<R: RandomSource + ?Sized>(
        &mut self,
        position: &mut Position,
        rng: &mut R,
        colour: Player,
    ) -> bool {
        let pick = rng.below(self.left as u32) as usize;
        let packed = self.empty[pick];
        self.left -= 1;
        self.empty[pick] = self.empty[self.left];
        let (col, row) = (packed as u8, (packed >> 8) as u8);
        let point = Point::from_parts(col, row);
        position.put_stone(colour, point);
        let five = self.lines[colour.index()].add_makes_five(point);
        // Only a five or a full board can end the game.
        (five || self.left == 0) && position.judge(colour, point, five)
    }
}

/// Plays uniformly random moves from `position` until the game ends or `max_plies` moves are
/// played; returns the status and the number of moves.
pub(crate) fn random_playout<R: RandomSource + ?Sized>(
    position: &mut Position,
    rng: &mut R,
    max_plies: usize,
) -> (Status, usize) {
    if position.status.is_over() || max_plies == 0 {
        return (position.status, 0);
    }
    let mut playout = Playout::new(position);
    let mut plies = 0;
    if position.to_move == Player::Second {
        plies += 1;
        if playout.step(position, rng, Player::Second) || plies == max_plies {
            return (position.status, plies);
        }
    }
    // Black then white: the game is not over, so at least one point is empty.
    loop {
        plies += 1;
        if playout.step(position, rng, Player::First) || plies == max_plies {
            break;
        }
        plies += 1;
        if playout.step(position, rng, Player::Second) || plies == max_plies {
            break;
        }
    }
    (position.status, plies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;
    use boardgames_core::{Game, Rng};

    /// The same draws made through checked play, one move at a time.
    fn reference(start: &Position, seed: u64, max_plies: usize) -> (Position, usize) {
        let mut pos = *start;
        let mut rng = Rng::new(seed);
        let mut empty: Vec<Point> = Vec::new();
        for row in 0..pos.size() {
            for col in 0..pos.size() {
                let p = Point::new(col, row).unwrap();
                if pos.stone_at(p).is_none() {
                    empty.push(p);
                }
            }
        }
        let mut plies = 0;
        while !pos.status().is_over() && plies < max_plies {
            let pick = rng.below(empty.len() as u32) as usize;
            let p = empty.swap_remove(pick);
            pos.play(p).unwrap();
            plies += 1;
        }
        (pos, plies)
    }

    #[test]
    fn playouts_match_checked_play_of_the_same_draws() {
        let mut rng = Rng::new(77);
        for (i, (_, rule)) in Rule::NAMED[..5].iter().enumerate() {
            for size in [5u32, 6, 9, 15, 20] {
                for seed in 0..20u64 {
                    // From the start, and from a position a few random moves in (either side
                    // to move), with and without a ply cap.
                    let mut start = Position::new(size, *rule).unwrap();
                    for _ in 0..(seed % 7) {
                        let mv = start.random_move(&mut rng).unwrap();
                        start.play(mv).unwrap();
                    }
                    let cap = if seed % 3 == 0 { 5 } else { usize::MAX };
                    let seed = seed * 31 + i as u64;
                    let mut fast = start;
                    let (status, plies) = random_playout(&mut fast, &mut Rng::new(seed), cap);
                    let (slow, slow_plies) = reference(&start, seed, cap);
                    assert_eq!(fast, slow, "{rule} {size} seed {seed}");
                    assert_eq!((status, plies), (slow.status(), slow_plies));
                    assert_eq!(fast.zobrist(), fast.zobrist_from_scratch());
                }
            }
        }
    }

    #[test]
    fn a_finished_game_plays_nothing() {
        let mut game = Position::new(5, Rule::FREESTYLE).unwrap();
        game.random_playout(&mut Rng::new(1), usize::MAX);
        assert!(game.status().is_over());
        let before = game;
        assert_eq!(
            game.random_playout(&mut Rng::new(2), usize::MAX),
            (before.status(), 0)
        );
        assert_eq!(game, before);
    }
}
