//! The evaluation terms of a morris position, counted for each player: what the fitted
//! evaluation weighs ([`super::FittedWeights`]) and what the fitting tool reads.

use boardgames_core::Game;
use boardgames_morris::bits::{
    closing_points, in_mills, mill_completions, mill_marks, neighbours, ring_back, ring_forward,
    slide_closing_points, spoke_in, spoke_out, FULL,
};
use boardgames_morris::{Phase, Position};
use boardgames_search::Score;

/// The number of terms counted for each player.
pub const TERMS: usize = 14;

/// The terms' names, as the weights file spells them (in the order of [`terms`]).
///
/// - `pieces`: pieces on the board and in hand (all not yet captured); `hand`: pieces still to
///   place;
/// - `mills`: complete mills; `open_mills`: empty points where the player closes a mill on
///   their next turn; `double_open`: 1 when there are two or more of those (one can be
///   blocked, not both); `running_mills`: empty points where a piece leaving a mill closes
///   another at once (a mill on every move; sliding players);
/// - `mobility`: slides the player could make (also counted while placing: the slides the
///   pieces will have); `blocked`: pieces with no empty neighbour; `hemmed`: pieces whose
///   every neighbour is an opponent's (they can only move once the opponent moves away);
///   `stuck`: 1 for a player who slides (or will) and has no slide at all, the blockade that
///   loses; `cramped`: 1 for one or two slides only, the danger of it;
/// - `potential_mills`: empty points that would complete two of the player's pieces in a line
///   but cannot be reached next turn; `flying`: 1 for a player down to three pieces who flies;
///   `blocking`: the player's pieces that stand where the opponent would complete a mill.
pub const TERM_NAMES: [&str; TERMS] = [
    "pieces",
    "hand",
    "mills",
    "open_mills",
    "double_open",
    "running_mills",
    "mobility",
    "blocked",
    "hemmed",
    "stuck",
    "cramped",
    "potential_mills",
    "flying",
    "blocking",
];

/// The terms of one player.
pub type Terms = [Score; TERMS];

/// The terms of the side to move (first) and of the waiting player (second).
#[inline]
pub fn terms(position: &Position) -> [Terms; 2] {
    let me = position.side_to_move();
    let them = me.opponent();
    let (own, opp) = (position.pieces(me).0, position.pieces(them).0);
    let mine = Side::new(own, opp, position.phase(me), position.in_hand(me));
    let theirs = Side::new(opp, own, position.phase(them), position.in_hand(them));
    [mine.terms(), theirs.terms()]
}

/// One player's pieces, the opponent's and how the player moves.
struct Side {
    own: u32,
    opp: u32,
    empty: u32,
    phase: Phase,
    hand: u32,
}

/// The size of a set of points (a table lookup per 12 bits where the target has no
/// population count instruction: the evaluation counts some thirty sets).
#[inline(always)]
fn count(x: u32) -> Score {
    boardgames_core::select::pop24(x) as Score
}

impl Side {
    #[inline(always)]
    fn new(own: u32, opp: u32, phase: Phase, hand: u32) -> Side {
        let empty = !(own | opp) & FULL;
        Side {
            own,
            opp,
            empty,
            phase,
            hand,
        }
    }

    /// The slides (or future slides) of a player who does not fly.
    #[inline(always)]
    fn slides(&self) -> Score {
        let (own, empty) = (self.own, self.empty);
        count(ring_forward(own) & empty)
            + count(ring_back(own) & empty)
            + count(spoke_in(own) & empty)
            + count(spoke_out(own) & empty)
    }

    #[inline(always)]
    fn terms(&self) -> Terms {
        let (own, opp, empty) = (self.own, self.opp, self.empty);
        let flying = self.phase == Phase::Flying;
        let open = closing_points(own, empty, self.phase);
        let running = if self.phase == Phase::Moving {
            empty & slide_closing_points(own, in_mills(own))
        } else {
            0
        };
        let (slides, blocked, hemmed) = if flying {
            (0, 0, 0)
        } else {
            (
                self.slides(),
                own & !neighbours(empty),
                own & !neighbours(empty | own),
            )
        };
        let sliding = !flying && own != 0;
        let opens = count(open);
        [
            count(own) + self.hand as Score,
            self.hand as Score,
            count(mill_marks(own)),
            opens,
            Score::from(opens >= 2),
            count(running),
            slides,
            count(blocked),
            count(hemmed),
            Score::from(sliding && slides == 0),
            Score::from(sliding && (1..=2).contains(&slides)),
            count(mill_completions(own) & empty & !open),
            Score::from(flying),
            count(own & mill_completions(opp)),
        ]
    }
}
