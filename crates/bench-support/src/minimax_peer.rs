//! The peer of the AI-depth benchmark: the `minimax` crate (minimax-rs) searching the same
//! ultimate tic-tac-toe positions with the same evaluator, so the two searches can be timed to
//! the same depth side by side.
//!
//! The rules are ultimate's own `Position` (copy-make, as our searcher plays it); the
//! evaluation is ai-players' `UltimateEvaluator`, its score (well inside `i16`) passed through
//! unchanged.

use boardgames_core::{Game as _, Status};
use boardgames_players::ultimate::UltimateEvaluator;
use boardgames_search::Evaluator as _;
use boardgames_ultimate::{Move, Position};
use minimax::{Strategy, Winner};
use std::time::{Duration, Instant};

/// minimax-rs's view of ultimate tic-tac-toe.
pub struct UltimateRules;

impl minimax::Game for UltimateRules {
    type S = Position;
    type M = Move;

    fn generate_moves(state: &Position, moves: &mut Vec<Move>) -> Option<Winner> {
        if let Some(winner) = Self::get_winner(state) {
            return Some(winner);
        }
        let legal = state.legal_mask();
        moves.extend(legal.iter().filter_map(|i| Move::from_index(i as u8)));
        None
    }

    fn apply(state: &mut Position, mv: Move) -> Option<Position> {
        let mut next = *state;
        next.play_unchecked(mv);
        Some(next)
    }

    fn get_winner(state: &Position) -> Option<Winner> {
        match state.status() {
            Status::Ongoing => None,
            Status::Draw => Some(Winner::Draw),
            // The game ends on the winner's move, so the winner is the player who just moved.
            Status::Won(p) if p == state.side_to_move() => Some(Winner::PlayerToMove),
            Status::Won(_) => Some(Winner::PlayerJustMoved),
        }
    }

    fn zobrist_hash(state: &Position) -> u64 {
        state.zobrist()
    }

    fn notation(_state: &Position, mv: Move) -> Option<String> {
        Some(mv.to_string())
    }

    fn table_index(mv: Move) -> u16 {
        mv.index() as u16
    }

    fn max_table_index() -> u16 {
        80
    }
}

/// The same evaluation as our searcher's, for minimax-rs.
#[derive(Clone, Copy, Default)]
pub struct PeerEvaluator(UltimateEvaluator);

impl minimax::Evaluator for PeerEvaluator {
    type G = UltimateRules;

    fn evaluate(&self, state: &Position) -> minimax::Evaluation {
        let score = self.0.evaluate(state);
        score.clamp(-(i16::MAX as i32 - 1), i16::MAX as i32 - 1) as minimax::Evaluation
    }
}

/// The minimax-rs strategies compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeerStrategy {
    /// `Negamax`: plain alpha-beta, no table.
    AlphaBeta,
    /// `IterativeSearch` with its default options: iterative deepening, a two-tier
    /// transposition table, null-window (PVS) searches.
    Iterative,
    /// `IterativeSearch` tuned: the defaults plus countermoves, the countermove history, an
    /// aspiration window of 50 and deepening two plies at a time (as ours does on ultimate):
    /// the fastest options we found on these positions.
    IterativeTuned,
}

impl PeerStrategy {
    /// Every strategy.
    pub const ALL: [PeerStrategy; 3] = [
        PeerStrategy::AlphaBeta,
        PeerStrategy::Iterative,
        PeerStrategy::IterativeTuned,
    ];

    /// The name in tables.
    pub fn name(self) -> &'static str {
        match self {
            PeerStrategy::AlphaBeta => "minimax-rs Negamax",
            PeerStrategy::Iterative => "minimax-rs IterativeSearch",
            PeerStrategy::IterativeTuned => "minimax-rs IterativeSearch tuned",
        }
    }
}

/// A minimax-rs strategy ready to search to `depth`, its table (`table_bytes`, as ours)
/// already allocated.
pub fn strategy(
    strategy: PeerStrategy,
    depth: u8,
    table_bytes: usize,
) -> Box<dyn Strategy<UltimateRules>> {
    let options = minimax::IterativeOptions::new().with_table_byte_size(table_bytes);
    let iterative = |options: minimax::IterativeOptions| {
        let mut search = minimax::IterativeSearch::new(PeerEvaluator::default(), options);
        search.set_max_depth(depth);
        Box::new(search) as Box<dyn Strategy<UltimateRules>>
    };
    match strategy {
        PeerStrategy::AlphaBeta => Box::new(minimax::Negamax::new(PeerEvaluator::default(), depth)),
        PeerStrategy::Iterative => iterative(options),
        PeerStrategy::IterativeTuned => iterative(
            options
                .with_countermoves()
                .with_countermove_history()
                .with_aspiration_window(50)
                .with_double_step_increment(),
        ),
    }
}

/// Searches `position` to `depth` with minimax-rs and returns the move and the time the
/// search took (the strategy and its table are made before the clock starts, as ours).
pub fn search(
    kind: PeerStrategy,
    position: &Position,
    depth: u8,
    table_bytes: usize,
) -> (Option<Move>, Duration) {
    let mut strategy = strategy(kind, depth, table_bytes);
    let started = Instant::now();
    let mv = strategy.choose_move(position);
    (mv, started.elapsed())
}
