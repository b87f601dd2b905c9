//! Tic-tac-toe: an evaluator and three levels (beginner, normal, expert).
//!
//! - [`Level::Beginner`]: a random legal move (it may still take a win by chance).
//! - [`Level::Normal`]: wins at once when it can, otherwise blocks an immediate threat,
//!   otherwise takes the centre, then a corner, then an edge. It does not look ahead, so a fork
//!   beats it.
//! - [`Level::Expert`]: perfect play from a full search; never loses.
//!
//! Choices between equal moves are random, from a seed: the same seed and position give the
//! same move.

use crate::ComputerPlayer;
use boardgames_core::{grid3, zobrist, Game, Player, Rng};
use boardgames_search::{Evaluator, Limits, Score, Searcher};
use boardgames_tictactoe::{Cell, Marks, Position};

/// Scores a position by its open lines: a line holding only one player's marks is worth 1 for
/// one mark and 8 for two, to that player.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToeEvaluator;

impl Evaluator<Position> for TicTacToeEvaluator {
    fn evaluate(&self, position: &Position) -> Score {
        let me = position.side_to_move();
        let (mine, theirs) = (position.marks(me).0, position.marks(me.opponent()).0);
        let worth = |n: u32| match n {
            1 => 1,
            2 => 8,
            _ => 0,
        };
        grid3::LINES
            .iter()
            .map(|&line| {
                let (m, t) = ((mine & line).count_ones(), (theirs & line).count_ones());
                match (m, t) {
                    (m, 0) => worth(m),
                    (0, t) => -worth(t),
                    _ => 0,
                }
            })
            .sum()
    }
}

pub use crate::{Level, ParseLevelError};

/// A tic-tac-toe computer player at one level.
pub struct TicTacToePlayer {
    level: Level,
    seed: u64,
    searcher: Searcher<Position, TicTacToeEvaluator>,
}

impl TicTacToePlayer {
    /// A player at `level`, breaking ties with `seed`.
    pub fn new(level: Level, seed: u64) -> Self {
        TicTacToePlayer {
            level,
            seed,
            searcher: Searcher::new(TicTacToeEvaluator).with_table_bytes(1 << 16),
        }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    fn rng_for(&self, position: &Position) -> Rng {
        Rng::new(zobrist::splitmix64(self.seed ^ position.zobrist()))
    }

    fn expert_move(&mut self, position: &Position) -> Option<Cell> {
        let mut best: Vec<Cell> = Vec::new();
        let mut best_value = Score::MIN;
        for cell in position.empty_cells().iter().filter_map(Cell::from_index) {
            let child = position.with_move(cell);
            // The child's score is the opponent's; negated it orders our moves (shorter wins
            // and longer losses first).
            let value =
                match boardgames_search::terminal_score(child.status(), child.side_to_move(), 0) {
                    Some(s) => -s,
                    None => -self.searcher.search(&child, &Limits::none()).score,
                };
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(cell);
            }
        }
        pick(&best, &mut self.rng_for(position))
    }
}

fn pick(cells: &[Cell], rng: &mut Rng) -> Option<Cell> {
    if cells.is_empty() {
        None
    } else {
        Some(cells[rng.below(cells.len() as u32) as usize])
    }
}

/// The empty cells where `player` would complete a line.
pub fn winning_cells(position: &Position, player: Player) -> Marks {
    let empty = position.empty_cells();
    let mine = position.marks(player).0;
    empty
        .iter()
        .filter(|&c| grid3::has_line(mine | 1 << c))
        .fold(Marks::EMPTY, |m, c| m.with(c))
}

/// The normal level's move: win, else block, else centre, corner, edge.
fn normal_move(position: &Position, rng: &mut Rng) -> Option<Cell> {
    if position.status().is_over() {
        return None;
    }
    let me = position.side_to_move();
    let cells = |m: Marks| -> Vec<Cell> { m.iter().filter_map(Cell::from_index).collect() };
    let wins = winning_cells(position, me);
    if !wins.is_empty() {
        return pick(&cells(wins), rng);
    }
    let blocks = winning_cells(position, me.opponent());
    if !blocks.is_empty() {
        return pick(&cells(blocks), rng);
    }
    let empty = position.empty_cells();
    let centre = Marks::from_cell(4);
    let corners = Marks(0b101_000_101);
    for class in [centre, corners, Marks::FULL] {
        let free = empty.intersect(class);
        if !free.is_empty() {
            return pick(&cells(free), rng);
        }
    }
    None
}

impl ComputerPlayer<Position> for TicTacToePlayer {
    fn choose_move(&mut self, position: &Position) -> Option<Cell> {
        if position.status().is_over() {
            return None;
        }
        match self.level {
            Level::Beginner => position.random_move(&mut self.rng_for(position)),
            Level::Normal => normal_move(position, &mut self.rng_for(position)),
            Level::Expert => self.expert_move(position),
        }
    }

    fn name(&self) -> String {
        self.level.name().to_owned()
    }
}
