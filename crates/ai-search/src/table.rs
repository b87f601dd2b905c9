//! The transposition tables: a fixed number of two-slot buckets indexed by the position hash.
//!
//! Slot 0 of a bucket keeps the deepest result (depth-preferred, replaced by an equal or deeper
//! one or by any result of a newer search); slot 1 always takes the newest result. Mate scores
//! are stored relative to the node, so they stay right wherever the position is met again.
//!
//! [`TranspositionTable`] belongs to one thread and stores moves as they are;
//! [`SharedTable`] is shared by the threads of a Lazy SMP search, lock-free and without
//! `unsafe`: each entry is two atomic words, the data and the key XOR the data, so a torn
//! entry (one word from one writer, one from another) fails the key check and reads as a miss.
//! It stores a move as its index in the position's move list.

use crate::Score;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (a beta cut-off).
    Lower,
    /// The value is at most the score (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The full position hash (0 marks an empty slot only together with `depth == 0` and no
    /// move; a real hash of 0 is still stored and found).
    pub key: u64,
    /// The best move found, if any.
    pub best: Option<M>,
    /// The score, relative to the node (see [`crate::score`]).
    pub score: Score,
    /// The depth searched below the node.
    pub depth: u8,
    /// What the score bounds.
    pub bound: Bound,
    /// The search that stored it.
    pub generation: u8,
    used: bool,
}

impl<M> Entry<M> {
    const EMPTY: Entry<M> = Entry {
        key: 0,
        best: None,
        score: 0,
        depth: 0,
        bound: Bound::Exact,
        generation: 0,
        used: false,
    };
}

/// A bucket: the depth-preferred slot and the always-replace slot, aligned so that a probe
/// touches one cache line (for moves of up to 8 bytes).
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Bucket<M>([Entry<M>; 2]);

/// A fixed-size transposition table; its memory is allocated once, when it is made.
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    buckets: Vec<Bucket<M>>,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using at most `bytes` bytes (rounded down to a power of two buckets; at least
    /// one bucket).
    pub fn with_bytes(bytes: usize) -> Self {
        let bucket = core::mem::size_of::<Bucket<M>>().max(1);
        let wanted = (bytes / bucket).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            buckets: vec![Bucket([Entry::EMPTY, Entry::EMPTY]); count],
            generation: 0,
        }
    }

    /// The number of entries the table holds.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// The table's memory in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket<M>>()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket([Entry::EMPTY, Entry::EMPTY]));
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // The high bits pick the bucket; the bucket count is a power of two.
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize) & (self.buckets.len() - 1)
    }

    /// The stored result for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.buckets[self.index(key)]
            .0
            .iter()
            .find(|e| e.used && e.key == key)
    }

    /// Stores a result, replacing by the bucket's policy.
    #[inline]
    pub fn store(&mut self, key: u64, best: Option<M>, score: Score, depth: u8, bound: Bound) {
        let generation = self.generation;
        let index = self.index(key);
        let bucket = &mut self.buckets[index].0;
        let entry = Entry {
            key,
            best,
            score,
            depth,
            bound,
            generation,
            used: true,
        };
        let deep = &bucket[0];
        if !deep.used || deep.generation != generation || depth >= deep.depth || deep.key == key {
            // Keep the move of an earlier result for the same position when this one has none.
            let keep = if deep.used && deep.key == key && best.is_none() {
                deep.best
            } else {
                None
            };
            bucket[0] = Entry {
                best: best.or(keep),
                ..entry
            };
        } else {
            bucket[1] = entry;
        }
    }
}

/// A move as a table returns it: the move itself, or its index in the position's move list
/// (which the search turns back into the move once it has generated the moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TableMove<M> {
    None,
    Move(M),
    Index(u16),
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Probed<M> {
    pub(crate) best: TableMove<M>,
    pub(crate) score: Score,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
}

/// The two tables as the search sees them.
pub(crate) trait Table<M: Copy> {
    /// `true` when the table stores move indices (the search then keeps each node's move list
    /// in its original order to find them).
    const INDEXED: bool;
    fn probe_entry(&mut self, key: u64) -> Option<Probed<M>>;
    /// Stores a result: the best move and its index in the node's move list (`u16::MAX` for
    /// none or unknown).
    fn store_entry(
        &mut self,
        key: u64,
        best: Option<M>,
        index: u16,
        score: Score,
        depth: u8,
        bound: Bound,
    );
}

impl<M: Copy> Table<M> for TranspositionTable<M> {
    const INDEXED: bool = false;

    #[inline(always)]
    fn probe_entry(&mut self, key: u64) -> Option<Probed<M>> {
        self.probe(key).map(|e| Probed {
            best: e.best.map_or(TableMove::None, TableMove::Move),
            score: e.score,
            depth: e.depth,
            bound: e.bound,
        })
    }

    #[inline(always)]
    fn store_entry(
        &mut self,
        key: u64,
        best: Option<M>,
        _index: u16,
        score: Score,
        depth: u8,
        bound: Bound,
    ) {
        self.store(key, best, score, depth, bound);
    }
}

/// The move index that means "no move" in a [`SharedTable`] entry (14 bits).
const NO_INDEX: u64 = 0x3FFF;

/// A [`SharedTable`] entry's data, packed in one word: score (bits 0-31), depth (32-39), bound
/// (40-41; 0 marks an empty slot), generation (42-49), move index (50-63).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed(u64);

impl Packed {
    fn new(score: Score, depth: u8, bound: Bound, generation: u8, index: u64) -> Packed {
        let bound = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        Packed(
            u64::from(score as u32)
                | u64::from(depth) << 32
                | bound << 40
                | u64::from(generation) << 42
                | index.min(NO_INDEX) << 50,
        )
    }
    fn used(self) -> bool {
        (self.0 >> 40) & 3 != 0
    }
    fn score(self) -> Score {
        self.0 as u32 as Score
    }
    fn depth(self) -> u8 {
        (self.0 >> 32) as u8
    }
    fn bound(self) -> Bound {
        match (self.0 >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
    fn generation(self) -> u8 {
        (self.0 >> 42) as u8
    }
    fn index(self) -> u64 {
        self.0 >> 50
    }
}

/// One slot of a [`SharedTable`]: the key XOR the data, and the data.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The slot's data if it holds `key` (read whole: a torn slot fails the check).
    #[inline]
    fn read(&self, key: u64) -> Option<Packed> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        let packed = Packed(data);
        (packed.used() && check ^ data == key).then_some(packed)
    }

    /// The slot's key and data, whatever key it holds.
    #[inline]
    fn read_any(&self) -> (u64, Packed) {
        let data = self.data.load(Ordering::Relaxed);
        (self.check.load(Ordering::Relaxed) ^ data, Packed(data))
    }

    #[inline]
    fn write(&self, key: u64, packed: Packed) {
        self.check.store(key ^ packed.0, Ordering::Relaxed);
        self.data.store(packed.0, Ordering::Relaxed);
    }
}

/// A transposition table the threads of one search share, lock-free (see the module docs).
/// Its memory is allocated once, when it is made; the replacement policy is the one of
/// [`TranspositionTable`].
#[derive(Debug)]
pub struct SharedTable {
    /// Two slots a bucket: depth-preferred, then always-replace.
    slots: Vec<[Slot; 2]>,
    generation: u8,
}

impl SharedTable {
    /// A table using at most `bytes` bytes (rounded down to a power of two buckets of 32
    /// bytes; at least one bucket).
    pub fn with_bytes(bytes: usize) -> Self {
        let bucket = core::mem::size_of::<[Slot; 2]>();
        let wanted = (bytes / bucket).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let mut slots = Vec::with_capacity(count);
        slots.resize_with(count, Default::default);
        SharedTable {
            slots,
            generation: 0,
        }
    }

    /// The number of entries the table holds.
    pub fn capacity(&self) -> usize {
        self.slots.len() * 2
    }

    /// The table's memory in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * core::mem::size_of::<[Slot; 2]>()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for bucket in &mut self.slots {
            *bucket = Default::default();
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot; 2] {
        let index = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize;
        &self.slots[index & (self.slots.len() - 1)]
    }

    /// The stored result for `key` as (move index, score, depth, bound); `None` on a miss.
    /// The move index is `None` when the entry has no move.
    pub fn probe(&self, key: u64) -> Option<(Option<u16>, Score, u8, Bound)> {
        let bucket = self.bucket(key);
        let found = bucket[0].read(key).or_else(|| bucket[1].read(key))?;
        let index = (found.index() != NO_INDEX).then_some(found.index() as u16);
        Some((index, found.score(), found.depth(), found.bound()))
    }

    /// Stores a result with the best move's index in the position's move list (`None` for no
    /// move; indices from 16383 up are stored as none).
    pub fn store(&self, key: u64, index: Option<u16>, score: Score, depth: u8, bound: Bound) {
        let generation = self.generation;
        let bucket = self.bucket(key);
        let index = index.map_or(NO_INDEX, u64::from);
        let (deep_key, deep) = bucket[0].read_any();
        let replace_deep = !deep.used()
            || deep.generation() != generation
            || depth >= deep.depth()
            || deep_key == key;
        if replace_deep {
            // Keep the move of an earlier result for the same position when this one has none.
            let index = if index == NO_INDEX && deep.used() && deep_key == key {
                deep.index()
            } else {
                index
            };
            bucket[0].write(key, Packed::new(score, depth, bound, generation, index));
        } else {
            bucket[1].write(key, Packed::new(score, depth, bound, generation, index));
        }
    }
}

/// A thread's handle on a [`SharedTable`], for the search.
pub(crate) struct SharedView<'a>(pub(crate) &'a SharedTable);

impl<M: Copy> Table<M> for SharedView<'_> {
    const INDEXED: bool = true;

    #[inline(always)]
    fn probe_entry(&mut self, key: u64) -> Option<Probed<M>> {
        self.0
            .probe(key)
            .map(|(index, score, depth, bound)| Probed {
                best: index.map_or(TableMove::None, TableMove::Index),
                score,
                depth,
                bound,
            })
    }

    #[inline(always)]
    fn store_entry(
        &mut self,
        key: u64,
        _best: Option<M>,
        index: u16,
        score: Score,
        depth: u8,
        bound: Bound,
    ) {
        let index = (index != u16::MAX).then_some(index);
        self.0.store(key, index, score, depth, bound);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let mut table: TranspositionTable<u8> = TranspositionTable::with_bytes(1 << 12);
        assert!(table.capacity() >= 2 && table.bytes() <= 1 << 12);
        table.store(42, Some(3), 17, 4, Bound::Exact);
        let e = table.probe(42).unwrap();
        assert_eq!(
            (e.best, e.score, e.depth, e.bound),
            (Some(3), 17, 4, Bound::Exact)
        );
        assert!(table.probe(43).is_none());
        table.clear();
        assert!(table.probe(42).is_none());
    }

    #[test]
    fn deep_slot_keeps_the_deeper_result() {
        // One bucket: every key collides.
        let mut table: TranspositionTable<u8> = TranspositionTable::with_bytes(1);
        table.store(1, Some(1), 10, 8, Bound::Exact);
        table.store(2, Some(2), 20, 3, Bound::Lower);
        table.store(3, Some(3), 30, 2, Bound::Upper);
        assert_eq!(table.probe(1).map(|e| e.depth), Some(8));
        assert!(
            table.probe(2).is_none(),
            "always-replace slot was overwritten"
        );
        assert_eq!(table.probe(3).map(|e| e.score), Some(30));
        // A newer search may replace the deep slot.
        table.new_search();
        table.store(4, None, 40, 1, Bound::Exact);
        assert_eq!(table.probe(4).map(|e| e.score), Some(40));
        assert!(table.probe(1).is_none());
    }

    #[test]
    fn shared_table_packs_losslessly_and_keeps_the_policy() {
        let mut table = SharedTable::with_bytes(1);
        assert_eq!(table.capacity(), 2);
        table.new_search();
        for score in [crate::score::loss_in(3), -1, 0, 77, crate::WIN - 1] {
            table.store(9, Some(401), score, 200, Bound::Lower);
            assert_eq!(table.probe(9), Some((Some(401), score, 200, Bound::Lower)));
        }
        // The same position stored without a move keeps the earlier move.
        table.store(9, None, 5, 3, Bound::Upper);
        assert_eq!(table.probe(9), Some((Some(401), 5, 3, Bound::Upper)));
        // Deep slot kept against a shallower key; the always-replace slot takes it.
        table.store(10, Some(1), 6, 7, Bound::Exact);
        table.store(11, None, 7, 1, Bound::Exact);
        assert_eq!(table.probe(10).map(|e| e.2), Some(7));
        assert_eq!(table.probe(11), Some((None, 7, 1, Bound::Exact)));
        assert!(table.probe(12).is_none());
        table.clear();
        assert!(table.probe(10).is_none());
    }

    #[test]
    fn a_torn_shared_entry_reads_as_a_miss() {
        let table = SharedTable::with_bytes(1);
        table.store(21, Some(3), 1, 4, Bound::Exact);
        // Another writer's data under this entry's check word: the key no longer matches.
        let other = Packed::new(99, 9, Bound::Lower, 0, 5);
        table.slots[0][0].data.store(other.0, Ordering::Relaxed);
        assert!(table.probe(21).is_none());
    }
}
