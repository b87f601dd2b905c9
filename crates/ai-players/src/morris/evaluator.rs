//! The nine men's morris evaluator: pieces, mills, open mills that close next turn, running
//! mills, blocked pieces, mobility and the danger of a blockade, weighted by the stage of the
//! game, with fitted weights (or the older hand-set ones). Straight-line bit operations on
//! the two 24-bit piece sets (a few hundred instructions), no loop over points, no
//! allocation.

use boardgames_core::Game;
use boardgames_morris::bits::{
    closing_points, in_mills, mill_marks, neighbours, ring_back, ring_forward,
    slide_closing_points, spoke_in, spoke_out, FULL,
};
use boardgames_morris::{adjacent, mills_through, Move, Phase, Position};
use boardgames_search::{Evaluator, Score};

use super::fitted::FittedWeights;
use super::terms::terms;

/// The weights of one stage of the game, in score units (a piece is worth `piece`, 100 by
/// default).
///
/// Every term is counted for both players and the difference taken, except
/// `opponent_stuck`, which only the side to move can earn.
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
}

impl Weights {
    /// The default weights while either player still places pieces.
    pub const PLACING: Weights = Weights {
        piece: 100,
        mill: 12,
        open_mill: 22,
        running_mill: 0,
        mobility: 4,
        blocked: -4,
        opponent_stuck: 0,
    };

    /// The default weights once both players have placed everything.
    pub const MOVING: Weights = Weights {
        piece: 100,
        mill: 10,
        open_mill: 30,
        running_mill: 60,
        mobility: 10,
        blocked: -8,
        opponent_stuck: 250,
    };
}

/// Scores a morris position from the side to move's view.
///
/// **Fitted weights** ([`MorrisEvaluator::new`], the default): the sum of fourteen terms of
/// each player ([`super::TERM_NAMES`]: pieces, pieces in hand, mills, open mills, two open
/// mills at once, running mills, mobility, blocked pieces, pieces hemmed in by the opponent,
/// no slide at all, one or two slides only, mills one step further off, flying, pieces that
/// block the opponent's mills), each times its weight for the stage and for the side to move
/// or the waiting player ([`FittedWeights`]). The weights were fitted by a logistic regression
/// to the results of self-play games (the file `data/morris-eval-v2.txt` says how to make it
/// again).
///
/// **Hand-set weights** ([`MorrisEvaluator::hand_set`], [`MorrisEvaluator::with_weights`]):
/// the stage is *placing* while either player has a piece in hand, *moving* after; each stage
/// has its own [`Weights`]. For each player: pieces on the board and in hand, complete mills,
/// open mills (empty points where the player's next placement, slide or flight closes a mill:
/// see [`Position::closing_points`]), running mills, and for a player who slides (or will)
/// the number of slides and of blocked pieces. A flying player has neither mobility nor
/// blocked pieces. The side to move gains when its opponent slides and has no slide left.
///
/// The hand-set weights were chosen by matches between variants of them at equal node
/// budgets.
///
/// The evaluation knows nothing of repetitions or draw rules: it scores the bare position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MorrisEvaluator {
    placing: Weights,
    moving: Weights,
    /// The fitted weights, which replace the hand-set ones when present.
    fitted: Option<FittedWeights>,
}

impl Default for MorrisEvaluator {
    fn default() -> Self {
        MorrisEvaluator::new()
    }
}

/// The point sets a sliding player is scored on: the destinations of their slides in each
/// direction (ring forward, ring back, spoke inwards, spoke outwards), their blocked pieces,
/// and the points where a piece leaving a mill closes another. All empty for a flying player.
#[derive(Clone, Copy, Debug, Default)]
struct Sliding {
    slides: [u32; 4],
    blocked: u32,
    running: u32,
}

impl Sliding {
    #[inline(always)]
    fn of(own: u32, empty: u32, phase: Phase) -> Sliding {
        if phase == Phase::Flying {
            return Sliding::default();
        }
        let running = if phase == Phase::Moving {
            empty & slide_closing_points(own, in_mills(own))
        } else {
            0
        };
        Sliding {
            slides: [
                ring_forward(own) & empty,
                ring_back(own) & empty,
                spoke_in(own) & empty,
                spoke_out(own) & empty,
            ],
            blocked: own & !neighbours(empty),
            running,
        }
    }
}

/// `|a| - |b|` for two sets of points, with one population count.
#[inline(always)]
fn size_difference(a: u32, b: u32) -> Score {
    ((a as u64) | (((!b & FULL) as u64) << 32)).count_ones() as Score - 24
}

impl MorrisEvaluator {
    /// The evaluator with the fitted weights built into the crate
    /// (`data/morris-eval-v2.txt`, see [`FittedWeights`]); the hand-set weights
    /// ([`MorrisEvaluator::hand_set`]) should that file not parse.
    pub fn new() -> Self {
        match super::fitted::built_in() {
            Some(fitted) => MorrisEvaluator::with_fitted(fitted),
            None => MorrisEvaluator::hand_set(),
        }
    }

    /// The evaluator with the hand-set weights ([`Weights::PLACING`], [`Weights::MOVING`]).
    pub const fn hand_set() -> Self {
        MorrisEvaluator::with_weights(Weights::PLACING, Weights::MOVING)
    }

    /// The evaluator with other hand-set weights for the placing and the moving stage.
    pub const fn with_weights(placing: Weights, moving: Weights) -> Self {
        MorrisEvaluator {
            placing,
            moving,
            fitted: None,
        }
    }

    /// The evaluator scoring with fitted weights: the sum of each term
    /// ([`super::terms::TERM_NAMES`]) of both players times its weight in the stage.
    pub const fn with_fitted(fitted: FittedWeights) -> Self {
        MorrisEvaluator {
            placing: Weights::PLACING,
            moving: Weights::MOVING,
            fitted: Some(fitted),
        }
    }

    /// The fitted weights this evaluator scores with, if any.
    pub const fn fitted(&self) -> Option<&FittedWeights> {
        self.fitted.as_ref()
    }

    /// The weights of the placing and the moving stage.
    pub const fn weights(&self) -> (Weights, Weights) {
        (self.placing, self.moving)
    }
}

impl Evaluator<Position> for MorrisEvaluator {
    fn evaluate(&self, position: &Position) -> Score {
        if let Some(fitted) = &self.fitted {
            let me = position.side_to_move();
            let placing = position.in_hand(me) + position.in_hand(me.opponent()) > 0;
            return fitted.score(usize::from(!placing), &terms(position));
        }
        let me = position.side_to_move();
        let them = me.opponent();
        let (own, opp) = (position.pieces(me).0, position.pieces(them).0);
        let empty = !(own | opp) & FULL;
        let (my_hand, their_hand) = (position.in_hand(me), position.in_hand(them));
        let w = if my_hand + their_hand > 0 {
            &self.placing
        } else {
            &self.moving
        };
        let (my_phase, their_phase) = (position.phase(me), position.phase(them));
        let my_open = closing_points(own, empty, my_phase);
        let their_open = closing_points(opp, empty, their_phase);
        let mine = Sliding::of(own, empty, my_phase);
        let theirs = Sliding::of(opp, empty, their_phase);

        let mobility: Score = (0..4)
            .map(|d| size_difference(mine.slides[d], theirs.slides[d]))
            .sum();
        let mut score = w.piece
            * (size_difference(own, opp) + my_hand as Score - their_hand as Score)
            + w.mill * size_difference(mill_marks(own), mill_marks(opp))
            + w.open_mill * size_difference(my_open, their_open)
            + w.running_mill * size_difference(mine.running, theirs.running)
            + w.mobility * mobility
            + w.blocked * size_difference(mine.blocked, theirs.blocked);

        if their_phase == Phase::Moving && neighbours(opp) & empty == 0 {
            score += w.opponent_stuck;
        }
        score
    }

    /// Captures first, then moves onto a point where the opponent would close a mill.
    #[inline]
    fn order_hint(&self, position: &Position, mv: Move) -> Score {
        let mut hint = if mv.capture().is_some() { 4000 } else { 0 };
        // Does the destination complete a line of two opponent pieces that the opponent could
        // fill next turn (a slide needs a piece next to it, off that line)?
        let them = position.side_to_move().opponent();
        let opp = position.pieces(them);
        let to = mv.to();
        let slides = position.phase(them) == Phase::Moving;
        let blocks = mills_through(to).iter().any(|&mill| {
            mill.without(to.index()).is_subset(opp)
                && (!slides || adjacent(to).difference(mill).intersects(opp))
        });
        if blocks {
            hint += 2000;
        }
        hint
    }
}
