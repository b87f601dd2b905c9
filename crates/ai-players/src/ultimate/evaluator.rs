//! The ultimate tic-tac-toe evaluator: small boards won, two-in-a-row threats on the small
//! boards and on the macro board, and the value of a free choice. Table lookups on 9-bit
//! masks, one pass over the open boards, no allocation.

use super::tables::{
    board_counts_of, open_singles, pop, winning_cells, LINES_NONE, LINES_ONE, THROUGH_COUNT,
};
use ai_search::{Evaluator, Score};
use board_core::bitboard::SetCells;
use board_core::Player;
use ultimate::Position;

/// The weights of the evaluation terms, in score units (a won small board is 100 by default).
///
/// Every term is counted for both players and the difference taken, except the three tempo
/// terms (`free_choice`, `board_next`, `game_next`), which only the side to move gets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights {
    /// Each small board won.
    pub won_board: Score,
    /// Each open board that would complete a macro line of won boards (a macro threat).
    pub macro_threat: Score,
    /// Each macro line holding one won board and no board won by the opponent or drawn.
    pub macro_single: Score,
    /// Each empty cell that would win a small board at once (a small threat), times the
    /// board's relevance (see [`UltimateEvaluator`]).
    pub small_threat: Score,
    /// Each line of a small board holding one own mark and no opponent mark, times the
    /// board's relevance.
    pub small_single: Score,
    /// Each open board that is a macro threat and holds a small threat of the same player:
    /// one move from winning the game.
    pub double_threat: Score,
    /// The side to move may play in any open board (it was sent to a finished one).
    pub free_choice: Score,
    /// The side to move can win a small board with this move.
    pub board_next: Score,
    /// The side to move can win the game with this move (a small threat on a macro threat
    /// board it may play in).
    pub game_next: Score,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            won_board: 100,
            macro_threat: 90,
            macro_single: 20,
            small_threat: 6,
            small_single: 1,
            double_threat: 40,
            free_choice: 30,
            board_next: 30,
            game_next: 400,
        }
    }
}

/// Scores an ultimate tic-tac-toe position from the side to move's view.
///
/// For each player: the small boards won, the open macro-board cells that would complete a
/// line of won boards (a drawn board blocks every macro line through it, like an opponent's
/// board), the macro lines still open with one won board, and on every open small board its
/// two-in-a-row threats and open lines of one mark, weighted by the board's *relevance*: one
/// plus the macro lines through it still open to that player, plus those of them already
/// holding one of that player's boards. The side to move gets a bonus when it may play
/// anywhere (it was sent to a finished board) and when the boards it may play in let it win a
/// small board, or the game, with this move.
///
/// The value is antisymmetric in the players ([`UltimateEvaluator::static_value`] of one side
/// is minus that of the other), invariant under the eight symmetries of the square applied to
/// boards and cells alike, and bounded well inside `i16` (so the minimax-rs bench uses it
/// unchanged).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct UltimateEvaluator {
    weights: Weights,
}

/// What one pass over the position finds, for both players.
struct Survey {
    /// The static value for the player the survey was made for.
    value: Score,
    /// The open boards where that player has a small threat.
    threat_boards: u16,
    /// The open boards that would complete that player's macro line.
    macro_threats: u16,
}

impl UltimateEvaluator {
    /// The evaluator with the default [`Weights`].
    pub fn new() -> Self {
        UltimateEvaluator::default()
    }

    /// The evaluator with other weights.
    pub fn with_weights(weights: Weights) -> Self {
        UltimateEvaluator { weights }
    }

    /// The weights in use.
    pub fn weights(&self) -> Weights {
        self.weights
    }

    /// The value of the marks and boards for `player`, whoever is to move (no tempo term):
    /// `static_value(p, X) == -static_value(p, O)`.
    pub fn static_value(&self, position: &Position, player: Player) -> Score {
        self.survey(position, player).value
    }

    /// One pass over the open boards for `me` against the opponent.
    #[inline(always)]
    fn survey(&self, position: &Position, me: Player) -> Survey {
        let w = &self.weights;
        let them = me.opponent();
        let (mine, theirs) = (position.board_masks(me), position.board_masks(them));
        let won_me = position.boards_won(me).0 & 0x1FF;
        let won_them = position.boards_won(them).0 & 0x1FF;
        let drawn = position.drawn_boards().0 & 0x1FF;
        let open = !(won_me | won_them | drawn) & 0x1FF;
        let blocks_me = won_them | drawn;
        let blocks_them = won_me | drawn;
        let alive_me = LINES_NONE[blocks_me as usize];
        let alive_them = LINES_NONE[blocks_them as usize];
        // Open macro lines already holding one won board count again in relevance.
        let started_me = alive_me & LINES_ONE[won_me as usize];
        let started_them = alive_them & LINES_ONE[won_them as usize];
        let macro_me = winning_cells(won_me, blocks_me);
        let macro_them = winning_cells(won_them, blocks_them);
        let (relevance_me, relevance_them) = (
            &THROUGH_COUNT[alive_me as usize],
            &THROUGH_COUNT[alive_them as usize],
        );
        let (started_count_me, started_count_them) = (
            &THROUGH_COUNT[started_me as usize],
            &THROUGH_COUNT[started_them as usize],
        );

        let mut value = w.won_board * (pop(won_me) - pop(won_them))
            + w.macro_threat * (pop(macro_me) - pop(macro_them))
            + w.macro_single
                * (pop(open_singles(won_me, blocks_me) as u16)
                    - pop(open_singles(won_them, blocks_them) as u16));
        let (mut threats_me, mut threats_them) = (0u16, 0u16);
        for b in SetCells(open) {
            let b = b as usize;
            // Threat cells and open lines of one, both players, from one table lookup.
            let counts = board_counts_of(mine[b], theirs[b]) as Score;
            let (wins_me, singles_me) = (counts & 15, counts >> 4 & 15);
            let (wins_them, singles_them) = (counts >> 8 & 15, counts >> 12);
            let small_me = w.small_threat * wins_me + w.small_single * singles_me;
            let small_them = w.small_threat * wins_them + w.small_single * singles_them;
            let weight_me = 1 + relevance_me[b] as Score + started_count_me[b] as Score;
            let weight_them = 1 + relevance_them[b] as Score + started_count_them[b] as Score;
            value += weight_me * small_me - weight_them * small_them;
            threats_me |= ((wins_me != 0) as u16) << b;
            threats_them |= ((wins_them != 0) as u16) << b;
        }
        value += w.double_threat * (pop(threats_me & macro_me) - pop(threats_them & macro_them));
        Survey {
            value,
            threat_boards: threats_me,
            macro_threats: macro_me,
        }
    }
}

impl Evaluator<Position> for UltimateEvaluator {
    fn evaluate(&self, position: &Position) -> Score {
        let w = &self.weights;
        let me = position.side_to_move();
        let survey = self.survey(position, me);
        let mut value = survey.value;
        let reach = match position.forced_board() {
            Some(board) => 1u16 << board,
            None => {
                value += w.free_choice;
                // Every board with a threat is open, so it is reachable.
                0x1FF
            }
        };
        let winnable = survey.threat_boards & reach;
        if winnable != 0 {
            value += w.board_next;
            if winnable & survey.macro_threats != 0 {
                value += w.game_next;
            }
        }
        value
    }
}
