//! The solver's view of a group of classes: `a` v `b` together with `b` v `a` (a move that
//! captures nothing hands the turn over, so each leads into the other), numbered one after
//! the other; captures lead out of the group into classes solved before.

use crate::index::ClassIndex;
use crate::Databases;
use boardgames_core::{ByPlayer, Game, MoveList, Player};
use boardgames_morris::bits::{in_mills, neighbours, FULL};
use boardgames_morris::{Points, Position, Rules, Setup};
use boardgames_solver::{Node, Predecessors, Space, Successor, Value};

/// The position where the side to move (white, by convention) has `own` and the other player
/// `opp`, nobody holding a piece, under the standard rules.
pub(crate) fn position_of(own: u32, opp: u32) -> Option<Position> {
    endgame_position(Points(own), Points(opp), Player::First, Rules::default())
}

/// The position with white's pieces `white` and black's `black`, nobody holding a piece,
/// `side` to move, if a game can reach it.
pub(crate) fn endgame_position(
    white: Points,
    black: Points,
    side: Player,
    rules: Rules,
) -> Option<Position> {
    Setup {
        pieces: ByPlayer::new(white, black),
        in_hand: ByPlayer::new(0, 0),
        side_to_move: side,
        rules,
    }
    .validate()
    .ok()
}

/// One or two classes solved together, and the databases their captures lead to.
pub(crate) struct Group<'a> {
    /// The classes, the second (if any) being the first with the players swapped.
    pub(crate) classes: Vec<ClassIndex>,
    pub(crate) exits: &'a Databases,
}

impl Group<'_> {
    /// The class of a group index, and the index within it.
    fn split(&self, index: u64) -> (usize, u64) {
        let first = self.classes[0].size();
        if index < first {
            (0, index)
        } else {
            (1, index - first)
        }
    }

    /// The group index of the position where the side to move has `own` (`a` pieces) and the
    /// other player `opp` (`b` pieces), which must be one of the group's classes.
    fn index(&self, own: u32, opp: u32) -> u64 {
        let (a, b) = (own.count_ones(), opp.count_ones());
        if self.classes[0].pieces() == (a, b) {
            self.classes[0].index(own, opp)
        } else {
            self.classes[0].size() + self.classes[1 % self.classes.len()].index(own, opp)
        }
    }
}

impl Space for Group<'_> {
    fn size(&self) -> u64 {
        self.classes.iter().map(ClassIndex::size).sum()
    }

    fn successors(&self, index: u64, visit: &mut impl FnMut(Successor)) -> Node {
        let (class, local) = self.split(index);
        let Some((own, opp)) = self.classes[class].position(local) else {
            return Node::Unused;
        };
        let Some(pos) = position_of(own, opp) else {
            return Node::Unused;
        };
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &mv in &moves {
            let mut next = pos;
            next.play_unchecked(mv);
            let (mover, other) = (next.pieces(Player::Second).0, next.pieces(Player::First).0);
            if mv.capture().is_none() {
                visit(Successor::Inside(self.index(mover, other)));
            } else if mover.count_ones() < 3 {
                visit(Successor::Outside(Value::Loss(0)));
            } else {
                // The builder loads every class a capture leads to before solving.
                let value = self.exits.lookup(mover, other).unwrap_or(Value::Draw);
                visit(Successor::Outside(value));
            }
        }
        Node::Inner
    }
}

impl Predecessors for Group<'_> {
    /// The other player moved last, without capturing: a piece of theirs outside their mills
    /// (a move into a mill captures) came from an empty point next to it, or from any empty
    /// point when they fly (three pieces).
    fn predecessors(&self, index: u64, visit: &mut impl FnMut(u64)) {
        let (class, local) = self.split(index);
        let Some((own, opp)) = self.classes[class].position(local) else {
            return;
        };
        let empty = !(own | opp) & FULL;
        let flying = opp.count_ones() == 3;
        let mut movable = opp & !in_mills(opp);
        while movable != 0 {
            let to = movable & movable.wrapping_neg();
            movable ^= to;
            let mut from = if flying {
                empty
            } else {
                neighbours(to) & empty
            };
            while from != 0 {
                let f = from & from.wrapping_neg();
                from ^= f;
                visit(self.index(opp ^ to ^ f, own));
            }
        }
    }
}
