//! The transposition table: a fixed number of two-slot buckets indexed by the position hash.
//!
//! Slot 0 of a bucket keeps the deepest result (depth-preferred, replaced by an equal or deeper
//! one or by any result of a newer search); slot 1 always takes the newest result. Mate scores
//! are stored relative to the node, so they stay right wherever the position is met again.

use crate::Score;

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
}
