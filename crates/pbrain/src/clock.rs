//! Time and memory: what the manager's `INFO` keys allow, turned into a thinking time per
//! move and a transposition-table size.
//!
//! The thinking time is the smallest of: the turn limit, a share of the match time left (plus
//! most of the increment a manager adds each move, which the protocol does not announce: the
//! clock infers it from `time_left`), and [`HARD_CAP`]; minus a safety margin for the answer's
//! way back through the pipe and for the search noticing its deadline (30 ms and 10%). A turn
//! limit of 0 asks for an instant move.

use std::time::Duration;

/// The longest the engine ever thinks, whatever the limits say: the answer then always comes
/// within 5 s.
pub const HARD_CAP: Duration = Duration::from_millis(4_000);

/// The thinking time below which the engine plays its instant move instead of searching.
pub const INSTANT: Duration = Duration::from_millis(15);

/// The memory a threat search may take for each node it visits: the VCF's and the VCT's
/// failures by position, the proof-number VCT's tree (up to two positions of 32 bytes a
/// node) and the moves of each position it expands.
pub const BYTES_PER_THREAT_NODE: u64 = 160;

/// The manager's limits, in milliseconds as `INFO` gives them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    /// `timeout_turn`: the most time for one move (0: play at once).
    pub turn_ms: u64,
    /// `timeout_match`: the time for the whole game (0: no limit).
    pub match_ms: u64,
    /// `time_left`: what is left of the match time, if the manager said.
    pub left_ms: Option<u64>,
    /// `max_memory` in bytes (0: no limit).
    pub max_memory: u64,
    /// The time the manager adds to `time_left` each move, as last inferred
    /// ([`Clock::note_time_left`]; 0 until seen).
    pub increment_ms: u64,
    /// What `time_left` will be if the manager adds nothing: the last `time_left` minus the
    /// time the engine then took to answer ([`Clock::note_answer`]); `None` when no answer
    /// has been timed since.
    pub expected_left_ms: Option<u64>,
}

impl Default for Clock {
    /// Gomocup's usual defaults until the manager says otherwise: 5 s a move, no match
    /// limit, no memory limit.
    fn default() -> Self {
        Clock {
            turn_ms: 5_000,
            match_ms: 0,
            left_ms: None,
            max_memory: 0,
            increment_ms: 0,
            expected_left_ms: None,
        }
    }
}

impl Clock {
    /// The time to think for one move with `empty` empty points on the board.
    pub fn budget(&self, empty: usize) -> Duration {
        let mut ms = self.turn_ms;
        if let Some(left) = self.left_ms.filter(|_| self.match_ms > 0) {
            // Spread the match time over the moves a game may still need (at most half the
            // empty points, at least 15), and keep a reserve; add 90% of the increment, which
            // comes back with the next move, but never bet more than half of what is usable
            // on one move (the inferred increment may be wrong, or stop).
            let moves = (empty as u64 / 2).clamp(15, 60);
            let usable = left.saturating_sub(left / 10);
            let increment = self.increment_ms - self.increment_ms / 10;
            let share = (usable / moves).saturating_add(increment);
            ms = ms.min(share.min(usable / 2));
        }
        let ms = ms.min(HARD_CAP.as_millis() as u64);
        // The margin: 30 ms plus 10% for the search's deadline checks, the checks after it,
        // the pipes, and a loaded machine's scheduling. On a quiet machine the answer comes
        // within 15 ms of the thinking time; at a load of 7 on 2 cores, 30 ms + 15% left
        // answers within 0.1 ms of a 200 ms limit, so a turn limit that short on so loaded a
        // machine is at the edge. Every millisecond given away here is search lost: at 500 ms
        // a move, 40 ms + 20% left the search less than 300 ms of it.
        let margin = 30 + ms / 10;
        Duration::from_millis(ms.saturating_sub(margin))
    }

    /// Takes `INFO time_left`: `left` ms are left of the match time. When an answer was timed
    /// since the last one, what the manager added beyond it is the increment (a manager
    /// counting the answer's way back through the pipe adds less: the estimate errs low).
    /// An increment is at most the turn limit (more could never be spent on one move) and
    /// is 0 when `left` is no more than expected.
    pub fn note_time_left(&mut self, left: u64) {
        if let Some(expected) = self.expected_left_ms.take() {
            self.increment_ms = left.saturating_sub(expected).min(self.turn_ms);
        }
        self.left_ms = Some(left);
    }

    /// Notes an answer that took `used` after the last `time_left` (see
    /// [`Clock::note_time_left`]). Nothing to note without a match limit.
    pub fn note_answer(&mut self, used: Duration) {
        self.expected_left_ms = self
            .left_ms
            .filter(|_| self.match_ms > 0)
            .map(|left| left.saturating_sub(used.as_millis() as u64));
    }

    /// Forgets what was inferred about the increment (a new game, whose limits may differ).
    pub fn forget_increment(&mut self) {
        self.increment_ms = 0;
        self.expected_left_ms = None;
    }

    /// The transposition table's size: a quarter of the memory limit (the threat searches'
    /// tables and the process need the rest), at most 64 MiB, and 16 MiB with no limit.
    pub fn table_bytes(&self) -> usize {
        const MAX: u64 = 64 << 20;
        let bytes = if self.max_memory == 0 {
            16 << 20
        } else {
            (self.max_memory / 4).min(MAX)
        };
        bytes as usize
    }

    /// The most nodes the threat searches may visit in `time`, to keep what they remember
    /// within a quarter of the memory limit: [`BYTES_PER_THREAT_NODE`] a node.
    pub fn threat_nodes(&self, time: Duration) -> u64 {
        let by_time = (time.as_millis() as u64).saturating_mul(2_000).max(2_000);
        let by_memory = if self.max_memory == 0 {
            u64::MAX
        } else {
            self.max_memory / 4 / BYTES_PER_THREAT_NODE
        };
        by_time.min(by_memory).max(500)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_limit_with_a_margin() {
        let clock = Clock {
            turn_ms: 1_000,
            ..Clock::default()
        };
        assert_eq!(clock.budget(200), Duration::from_millis(1_000 - 30 - 100));
        let fast = Clock {
            turn_ms: 200,
            ..Clock::default()
        };
        assert_eq!(fast.budget(200), Duration::from_millis(200 - 30 - 20));
        let instant = Clock {
            turn_ms: 0,
            ..Clock::default()
        };
        assert!(instant.budget(200) < INSTANT);
    }

    #[test]
    fn the_match_time_left_is_shared_and_everything_is_capped() {
        let clock = Clock {
            turn_ms: 1_000_000,
            match_ms: 100_000,
            left_ms: Some(30_000),
            ..Clock::default()
        };
        // 27 s spread over 60 moves (200 empty points: 100 moves, capped at 60): 450 ms.
        assert_eq!(clock.budget(200), Duration::from_millis(450 - 30 - 45));
        let nearly_out = Clock {
            left_ms: Some(100),
            ..clock
        };
        assert!(nearly_out.budget(200) < INSTANT);
        let unlimited = Clock {
            turn_ms: 1_000_000,
            ..Clock::default()
        };
        assert!(unlimited.budget(200) <= HARD_CAP);
    }

    /// 3 s a game plus 100 ms a move, 500 ms at most a move: the clock after the manager
    /// said `time_left` 3100 (the first move's increment added) and the engine answered in
    /// 40 ms.
    fn answered_in_40_ms() -> Clock {
        let mut clock = Clock {
            turn_ms: 500,
            match_ms: 3_000,
            ..Clock::default()
        };
        clock.note_time_left(3_100);
        assert_eq!(clock.increment_ms, 0, "nothing to infer before an answer");
        clock.note_answer(Duration::from_millis(40));
        assert_eq!(clock.expected_left_ms, Some(3_060));
        clock
    }

    #[test]
    fn the_increment_is_inferred_from_time_left() {
        let mut clock = answered_in_40_ms();
        let before = clock.budget(200);
        // The manager, counting 45 ms for the answer, added 100: 3155 left.
        clock.note_time_left(3_155);
        assert_eq!(clock.increment_ms, 95);
        assert_eq!(clock.expected_left_ms, None);
        // 2840 usable (3155 less a tenth) over 60 moves: 47, and 90% of the increment: 86.
        assert_eq!(clock.budget(200), Duration::from_millis(133 - 30 - 13));
        assert!(clock.budget(200) > before);
        // Without an answer timed in between, another time_left infers nothing new.
        clock.note_time_left(3_000);
        assert_eq!(clock.increment_ms, 95);
    }

    #[test]
    fn no_increment_is_inferred_when_time_only_goes() {
        let mut clock = answered_in_40_ms();
        // The manager counted 55 ms and added nothing.
        clock.note_time_left(3_045);
        assert_eq!(clock.increment_ms, 0);
        // No match limit: the answer sets nothing to compare.
        let mut unlimited = Clock {
            left_ms: Some(1_000_000),
            ..Clock::default()
        };
        unlimited.note_answer(Duration::from_millis(40));
        assert_eq!(unlimited.expected_left_ms, None);
    }

    #[test]
    fn an_inferred_increment_is_bounded() {
        // A jump of time_left (a new game without START) counts as at most the turn limit.
        let mut clock = answered_in_40_ms();
        clock.note_time_left(1_000_000);
        assert_eq!(clock.increment_ms, 500);
        // With little time left, one move never takes more than half of what is usable.
        clock.note_time_left(200);
        assert_eq!(clock.budget(200), Duration::from_millis(90 - 30 - 9));
        // A new game forgets it.
        clock.forget_increment();
        assert_eq!(clock.increment_ms, 0);
        assert_eq!(clock.expected_left_ms, None);
    }

    #[test]
    fn memory() {
        let clock = Clock {
            max_memory: 83_886_080,
            ..Clock::default()
        };
        assert_eq!(clock.table_bytes(), 20 << 20);
        assert!(
            clock.threat_nodes(Duration::from_secs(10)) <= 83_886_080 / 4 / BYTES_PER_THREAT_NODE
        );
        assert_eq!(Clock::default().table_bytes(), 16 << 20);
    }
}
