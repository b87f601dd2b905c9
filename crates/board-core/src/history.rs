//! A game record with undo, generic over every game.

use crate::{Game, PlayError};

/// The moves played from a starting position, with undo.
///
/// Games are copy-make, so undo keeps the position before each move: undoing restores the
/// exact earlier position and hash. The memory is one position per move played.
#[derive(Clone, Debug, PartialEq)]
pub struct History<G: Game> {
    start: G,
    current: G,
    earlier: Vec<(G, G::Move)>,
}

impl<G: Game> History<G> {
    /// A record starting at `start`, with no move played.
    pub fn new(start: G) -> Self {
        History {
            current: start.clone(),
            start,
            earlier: Vec::new(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &G {
        &self.current
    }

    /// The position the record started from.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// Plays `mv` if it is legal. On an illegal move nothing changes.
    pub fn play(&mut self, mv: G::Move) -> Result<(), PlayError<G::Move, G::Illegal>> {
        let before = self.current.clone();
        self.current.play(mv)?;
        self.earlier.push((before, mv));
        Ok(())
    }

    /// Takes back the last move and returns it; `None` when no move was played.
    pub fn undo(&mut self) -> Option<G::Move> {
        let (before, mv) = self.earlier.pop()?;
        self.current = before;
        Some(mv)
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = G::Move> + '_ {
        self.earlier.iter().map(|(_, mv)| *mv)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<G::Move> {
        self.earlier.last().map(|(_, mv)| *mv)
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.earlier.len()
    }

    /// `true` when no move has been played.
    pub fn is_empty(&self) -> bool {
        self.earlier.is_empty()
    }

    /// The positions of the record, from the start to the current one.
    pub fn positions(&self) -> impl Iterator<Item = &G> + '_ {
        self.earlier
            .iter()
            .map(|(p, _)| p)
            .chain(core::iter::once(&self.current))
    }
}
