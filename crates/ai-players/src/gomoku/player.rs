//! The gomoku computer player: its levels' limits, and the threat searches and the beginner's
//! move around the alpha-beta search.

use super::evaluator::{GomokuEvaluator, MAX_WIDTH};
use super::threats::{vcf, vct, ThreatLimits, ThreatWin};
use super::tracked::SearchPosition;
use super::values::Class;
use crate::{ComputerPlayer, Level, LevelSearch, Seeded};
use boardgames_core::{zobrist, Game, MoveList, Rng};
use boardgames_gomoku::{Point, Position};
use boardgames_search::{Evaluator, Limits, MakeUnmake, Score, Searcher};

/// The search limits of a level (`None` for the beginner, who does not search): normal
/// searches 3 plies with a lightly blurred evaluation, expert 200,000 nodes; both with the
/// four extension ([`GomokuEvaluator::with_four_extension`]) and every near point searched at
/// the root ([`GomokuEvaluator::with_root_width`]).
pub fn level_limits(level: Level) -> Option<Limits> {
    match level {
        Level::Beginner => None,
        Level::Normal => Some(Limits::depth(3)),
        Level::Expert => Some(Limits::none().with_nodes(200_000)),
    }
}

/// The transposition table of a level's searcher: none for the beginner, who does not
/// search, 1 MiB for the normal level's 3 plies, 8 MiB for the expert.
pub const fn level_table_bytes(level: Level) -> usize {
    match level {
        Level::Beginner => 0,
        Level::Normal => 1 << 20,
        Level::Expert => 8 << 20,
    }
}

/// The amplitude of the seeded noise a level adds to the evaluation.
const fn level_noise(level: Level) -> Score {
    match level {
        Level::Beginner | Level::Expert => 2,
        Level::Normal => 30,
    }
}

/// A gomoku computer player at one level. It searches the [`SearchPosition`] of the position
/// it is given; the beginner plays a five, else blocks a five, else a random point near stones.
pub struct GomokuPlayer {
    inner: LevelSearch<SearchPosition, Seeded<GomokuEvaluator>, MakeUnmake>,
}

impl GomokuPlayer {
    /// A player at `level`, its choices seeded by `seed`.
    pub fn new(level: Level, seed: u64) -> Self {
        // The four extension and every near point at the root: each made the expert
        // stronger at equal nodes in matches against the expert without it (docs/strength.md).
        let evaluator = GomokuEvaluator::new()
            .with_four_extension(true)
            .with_root_width(MAX_WIDTH);
        let evaluator = Seeded::new(evaluator, seed, level_noise(level));
        let searcher = Searcher::make_unmake(evaluator).with_table_bytes(level_table_bytes(level));
        GomokuPlayer {
            inner: LevelSearch::from_parts(level, seed, level_limits(level), searcher),
        }
    }

    /// This player searching with other limits (a searching level only; the beginner keeps
    /// its way). For tests and tuning: keep a node or depth limit for repeatable moves.
    pub fn with_limits(self, limits: Limits) -> Self {
        GomokuPlayer {
            inner: self.inner.with_limits(limits),
        }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.inner.level()
    }
}

impl ComputerPlayer<Position> for GomokuPlayer {
    fn choose_move(&mut self, position: &Position) -> Option<Point> {
        if position.status().is_over() {
            return None;
        }
        let tracked = SearchPosition::new(*position);
        if self.inner.searches() {
            threat_move(self.inner.level(), position).or_else(|| self.inner.search_move(&tracked))
        } else {
            beginner_move(&tracked, self.inner.seed())
        }
    }

    fn name(&self) -> String {
        self.inner.name()
    }
}

/// The win a searching level plays without searching: a VCF ([`vcf()`]) for both, then a VCT
/// ([`vct()`], two threats deep) for the expert. Node budgets, not time, so the move repeats.
fn threat_move(level: Level, position: &Position) -> Option<Point> {
    let (vcf_nodes, vct_nodes) = match level {
        Level::Beginner => return None,
        Level::Normal => (2_000, 0),
        Level::Expert => (20_000, 10_000),
    };
    let limits = ThreatLimits::default().with_nodes(vcf_nodes);
    if let Some(win) = vcf(position, &limits).win() {
        return Some(win.first_move());
    }
    let limits = ThreatLimits::default()
        .with_nodes(vct_nodes)
        .with_max_moves(2);
    (vct_nodes > 0)
        .then(|| vct(position, &limits).win().map(ThreatWin::first_move))
        .flatten()
}

/// The beginner's move: a five, else a block of the opponent's five (the evaluator's forced
/// moves), else a random point near the stones.
fn beginner_move(position: &SearchPosition, seed: u64) -> Option<Point> {
    let me = position.side_to_move();
    let mut moves = MoveList::new();
    let forced =
        position.count(me, Class::Five) > 0 || position.count(me.opponent(), Class::Five) > 0;
    if forced || position.near().is_empty() {
        GomokuEvaluator::new().search_moves(position, &mut moves);
    } else {
        let pos = position.position();
        moves.extend(position.near().iter().filter(|&p| pos.is_legal(p)));
        if moves.is_empty() {
            pos.legal_moves(&mut moves);
        }
    }
    let mut rng = Rng::new(zobrist::splitmix64(seed ^ position.zobrist()));
    let pick = rng.below(moves.len().max(1) as u32) as usize;
    moves.get(pick).copied()
}
