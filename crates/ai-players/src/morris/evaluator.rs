//! The nine men's morris evaluator: pieces, mills, open mills that close next turn, running
//! mills, blocked pieces and mobility, weighted by the stage of the game. A few dozen bit
//! operations on the two 24-bit piece sets, no table, no loop over points, no allocation.

use ai_search::{Evaluator, Score};
use board_core::{Game, Player};
use morris::bits::{
    closing_points, in_mills, mill_completions, mill_count, neighbours, ring_back, ring_forward,
    slide_closing_points, spoke_in, spoke_out,
};
use morris::{Move, Phase, Position};

/// The weights of one stage of the game, in score units (a piece is worth `piece`, 100 by
/// default).
///
/// Every term is counted for both players and the difference taken, except the two tempo
/// terms (`capture_next`, `unstoppable`), which depend on who moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights {
    /// Each piece on the board or in hand.
    pub piece: Score,
    /// Each complete mill (its pieces are safe from capture and it may reopen).
    pub mill: Score,
    /// Each empty point where the player closes a mill on their next turn (an open mill).
    pub open_mill: Score,
    /// Each empty point where a piece leaving a mill closes another one at once (a running or
    /// double mill: a mill on every move). Sliding players only.
    pub running_mill: Score,
    /// Each slide a sliding player could make (counted also while placing: the mobility the
    /// pieces will have).
    pub mobility: Score,
    /// Each piece with no empty neighbour (counted for sliding and placing players).
    pub blocked: Score,
    /// The opponent of the side to move slides and has no slide at all: unless the side to
    /// move frees a piece, the opponent loses on their turn.
    pub opponent_stuck: Score,
    /// The side to move can close a mill now (it captures this turn).
    pub capture_next: Score,
    /// The opponent closes a mill next turn whatever the side to move does (two open mills,
    /// or one the side to move cannot reach), and the side to move has no mill of its own to
    /// close first.
    pub unstoppable: Score,
}

impl Weights {
    /// The default weights while either player still places pieces.
    pub const PLACING: Weights = Weights {
        piece: 100,
        mill: 12,
        open_mill: 22,
        running_mill: 0,
        mobility: 2,
        blocked: -4,
        opponent_stuck: 0,
        capture_next: 80,
        unstoppable: 70,
    };

    /// The default weights once both players have placed everything.
    pub const MOVING: Weights = Weights {
        piece: 100,
        mill: 10,
        open_mill: 30,
        running_mill: 60,
        mobility: 5,
        blocked: -8,
        opponent_stuck: 250,
        capture_next: 80,
        unstoppable: 70,
    };
}

/// Scores a morris position from the side to move's view.
///
/// The stage is *placing* while either player has a piece in hand, *moving* after; each stage
/// has its own [`Weights`]. For each player: pieces on the board and in hand, complete mills,
/// open mills (empty points where the player's next placement, slide or flight closes a mill:
/// see [`Position::closing_points`]), running mills, and for a player who slides (or will)
/// the number of slides and of blocked pieces. A flying player has neither mobility nor
/// blocked pieces. The side to move gains when it can capture now and loses when the opponent
/// captures next turn whatever it does.
///
/// The evaluation knows nothing of repetitions or draw rules: it scores the bare position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MorrisEvaluator {
    placing: Weights,
    moving: Weights,
}

impl Default for MorrisEvaluator {
    fn default() -> Self {
        MorrisEvaluator::new()
    }
}

/// What the evaluation counts for one player.
#[derive(Clone, Copy, Debug, Default)]
struct Side {
    pieces: Score,
    mills: Score,
    open: u32,
    running: Score,
    mobility: Score,
    blocked: Score,
}

/// The number of slides the pieces `own` have onto `empty` points.
#[inline(always)]
fn slides(own: u32, empty: u32) -> u32 {
    (ring_forward(own) & empty).count_ones()
        + (ring_back(own) & empty).count_ones()
        + (spoke_in(own) & empty).count_ones()
        + (spoke_out(own) & empty).count_ones()
}

impl MorrisEvaluator {
    /// The evaluator with the default weights ([`Weights::PLACING`], [`Weights::MOVING`]).
    pub const fn new() -> Self {
        MorrisEvaluator {
            placing: Weights::PLACING,
            moving: Weights::MOVING,
        }
    }

    /// The evaluator with other weights for the placing and the moving stage.
    pub const fn with_weights(placing: Weights, moving: Weights) -> Self {
        MorrisEvaluator { placing, moving }
    }

    /// The weights of the placing and the moving stage.
    pub const fn weights(&self) -> (Weights, Weights) {
        (self.placing, self.moving)
    }

    /// The counts of one player; `open` is the set of their closing points.
    #[inline(always)]
    fn side(position: &Position, player: Player, empty: u32, open: u32) -> Side {
        let own = position.pieces(player).0;
        let phase = position.phase(player);
        let (mobility, blocked, running) = match phase {
            Phase::Flying => (0, 0, 0),
            Phase::Placing => (
                slides(own, empty),
                (own & !neighbours(empty)).count_ones(),
                0,
            ),
            Phase::Moving => (
                slides(own, empty),
                (own & !neighbours(empty)).count_ones(),
                (empty & slide_closing_points(own, in_mills(own))).count_ones(),
            ),
        };
        Side {
            pieces: (position.on_board(player) + position.in_hand(player)) as Score,
            mills: mill_count(own) as Score,
            open: open.count_ones(),
            running: running as Score,
            mobility: mobility as Score,
            blocked: blocked as Score,
        }
    }
}

impl Evaluator<Position> for MorrisEvaluator {
    fn evaluate(&self, position: &Position) -> Score {
        let me = position.side_to_move();
        let them = me.opponent();
        let empty = position.empty_points().0;
        let placing = position.in_hand(me) + position.in_hand(them) > 0;
        let w = if placing { &self.placing } else { &self.moving };
        let my_open = closing_points(position.pieces(me).0, empty, position.phase(me));
        let their_open = closing_points(position.pieces(them).0, empty, position.phase(them));
        let mine = Self::side(position, me, empty, my_open);
        let theirs = Self::side(position, them, empty, their_open);

        let term = |weight: Score, a: Score, b: Score| weight * (a - b);
        let mut score = term(w.piece, mine.pieces, theirs.pieces)
            + term(w.mill, mine.mills, theirs.mills)
            + term(w.open_mill, mine.open as Score, theirs.open as Score)
            + term(w.running_mill, mine.running, theirs.running)
            + term(w.mobility, mine.mobility, theirs.mobility)
            + term(w.blocked, mine.blocked, theirs.blocked);

        if position.phase(them) == Phase::Moving && theirs.mobility == 0 {
            score += w.opponent_stuck;
        }
        if my_open != 0 {
            score += w.capture_next;
        } else if their_open != 0 {
            // One open mill the side to move can reach is blocked; two, or one out of reach,
            // close next turn.
            let reach = match position.phase(me) {
                Phase::Placing | Phase::Flying => empty,
                Phase::Moving => neighbours(position.pieces(me).0),
            };
            if their_open.count_ones() >= 2 || their_open & reach == 0 {
                score -= w.unstoppable;
            }
        }
        score
    }

    /// Captures first (of pieces that hold an opponent's open mill, first of all), then moves
    /// onto a point where the opponent would close a mill, then moves that open a mill.
    #[inline]
    fn order_hint(&self, position: &Position, mv: Move) -> Score {
        let me = position.side_to_move();
        let them = me.opponent();
        let own = position.pieces(me).0;
        let opp = position.pieces(them).0;
        let empty = position.empty_points().0;
        let to = mv.to().set().0;
        let their_phase = position.phase(them);
        let their_open = closing_points(opp, empty, their_phase);
        let mut hint = 0;
        if let Some(c) = mv.capture() {
            hint += 4000;
            // Taking a piece that holds an opponent's open mill removes that threat.
            let c = c.set().0;
            if their_open != 0
                && closing_points(opp & !c, empty | c, their_phase) & !c != their_open
            {
                hint += 500;
            }
        }
        if their_open & to != 0 {
            hint += 2000;
        }
        let from = mv.from().map_or(0, |f| f.set().0);
        let after = (own & !from) | to;
        let new_open = mill_completions(after) & (empty | from) & !to;
        if new_open.count_ones() > (mill_completions(own) & empty).count_ones() {
            hint += 300;
        }
        hint
    }
}
