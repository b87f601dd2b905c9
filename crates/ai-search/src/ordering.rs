//! Move ordering: the table move first, then killer moves and the countermove (the reply that
//! last refuted the previous move), then the history table and the evaluator's hint. Memory is
//! fixed when the searcher is made.

use crate::score::MAX_PLY;
use crate::Score;
use boardgames_core::Player;
use core::hash::{Hash, Hasher};

const HISTORY_SLOTS: usize = 4096;

/// Killer moves per ply, and per player a history table and a countermove table, both
/// indexed by a hash of a move.
#[derive(Clone, Debug)]
pub(crate) struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<Score>,
    counters: Vec<Option<M>>,
}

/// A small, fast hasher for putting moves into history slots (FNV-1a).
struct SlotHasher(u64);

impl Hasher for SlotHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01B3);
        }
    }
}

fn slot<M: Hash>(player: Player, mv: &M) -> usize {
    let mut h = SlotHasher(0xCBF2_9CE4_8422_2325);
    mv.hash(&mut h);
    player.index() * HISTORY_SLOTS + (h.finish() as usize & (HISTORY_SLOTS - 1))
}

impl<M: Copy + Eq + Hash> Ordering<M> {
    pub(crate) fn new() -> Self {
        Ordering {
            killers: vec![[None, None]; MAX_PLY],
            history: vec![0; 2 * HISTORY_SLOTS],
            counters: vec![None; 2 * HISTORY_SLOTS],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.killers.fill([None, None]);
        self.history.fill(0);
        self.counters.fill(None);
    }

    /// The move that last refuted `previous` for `player`.
    pub(crate) fn counter(&self, player: Player, previous: Option<M>) -> Option<M> {
        previous.and_then(|p| self.counters[slot(player, &p)])
    }

    /// Records `mv` as the refutation of `previous`.
    pub(crate) fn set_counter(&mut self, player: Player, previous: Option<M>, mv: M) {
        if let Some(p) = previous {
            self.counters[slot(player, &p)] = Some(mv);
        }
    }

    /// The two killer moves of `ply`, the latest first.
    #[inline]
    pub(crate) fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply]
    }

    pub(crate) fn history(&self, player: Player, mv: &M) -> Score {
        self.history[slot(player, mv)]
    }

    /// Records a move that caused a cut-off at `ply` with `depth` plies left.
    pub(crate) fn reward(&mut self, player: Player, ply: usize, depth: u32, mv: M) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[slot(player, &mv)];
        *h = h.saturating_add((depth * depth) as Score);
        if *h > 1 << 24 {
            for v in &mut self.history {
                *v /= 2;
            }
        }
    }
}
