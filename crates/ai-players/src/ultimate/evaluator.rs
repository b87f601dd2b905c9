//! The ultimate tic-tac-toe evaluator: small boards won, two-in-a-row threats on the small
//! boards and on the macro board, and the value of a free choice. Table lookups on 9-bit
//! masks, one pass over the open boards, no allocation.

use super::tables::{
    board_values_of, lane, open_singles, pop, winning_cells, LANE_ONES, LINES_NONE, LINES_ONE,
    THROUGH_LANES,
};
use boardgames_core::{Game, Player};
use boardgames_search::{Evaluator, Score};
use boardgames_ultimate::Position;

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
    /// The factor of each open small board's value: 6 per empty cell that would win the
    /// board at once (a small threat) and 1 per line holding one own mark and no opponent
    /// mark, times the board's relevance (see [`UltimateEvaluator`]).
    pub small_board: Score,
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
            small_board: 1,
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
        // Each board's relevance in a 7-bit lane: 1, plus the open macro lines through it,
        // plus those of them already holding a won board.
        let relevance_me =
            LANE_ONES + THROUGH_LANES[alive_me as usize] + THROUGH_LANES[started_me as usize];
        let relevance_them =
            LANE_ONES + THROUGH_LANES[alive_them as usize] + THROUGH_LANES[started_them as usize];

        let mut value = w.won_board * (pop(won_me) - pop(won_them))
            + w.macro_threat * (pop(macro_me) - pop(macro_them))
            + w.macro_single
                * (pop(open_singles(won_me, blocks_me) as u16)
                    - pop(open_singles(won_them, blocks_them) as u16));
        let (mut small, mut threats_me, mut threats_them) = (0, 0u16, 0u16);
        // A fixed nine-board loop (unrolled, lane shifts by constants); a finished board's
        // marks count for nothing.
        for b in 0..9u32 {
            let keep = 0u16.wrapping_sub(open >> b & 1);
            // Both players' values and threat flags on this board: one table lookup.
            let packed = board_values_of(mine[b as usize], theirs[b as usize]) & keep;
            let (value_me, value_them) = ((packed & 0x3F) as Score, (packed >> 7 & 0x3F) as Score);
            small += lane(relevance_me, b) * value_me - lane(relevance_them, b) * value_them;
            threats_me |= (packed >> 6 & 1) << b;
            threats_them |= (packed >> 13 & 1) << b;
        }
        value += w.small_board * small;
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
