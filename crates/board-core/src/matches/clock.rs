//! Clocks: the time controls, the time sources (the system's monotonic clock, or a manual one
//! tests move by hand), and the two players' clocks a match runs.

use crate::{ByPlayer, Player};
use core::fmt;
use core::str::FromStr;
use core::time::Duration;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Where a match reads the time: a reading is the time since some fixed epoch, and readings
/// never go backwards. Injected so tests (and replays) can be exact.
pub trait TimeSource: fmt::Debug + Send + Sync {
    /// The time now, since the source's epoch.
    fn now(&self) -> Duration;
}

/// The system's monotonic clock, counted from when this source was made.
#[derive(Clone, Copy, Debug)]
pub struct MonotonicTime {
    epoch: Instant,
}

impl MonotonicTime {
    /// A source whose epoch is now.
    pub fn new() -> MonotonicTime {
        MonotonicTime {
            epoch: Instant::now(),
        }
    }
}

impl Default for MonotonicTime {
    fn default() -> Self {
        MonotonicTime::new()
    }
}

impl TimeSource for MonotonicTime {
    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }
}

/// A clock that moves only when told: clones share the same time, so a test keeps one
/// handle and gives the match another.
///
/// ```
/// use boardgames_core::matches::{ManualTime, TimeSource};
/// use std::time::Duration;
/// let time = ManualTime::new();
/// let handle = time.clone();
/// handle.advance(Duration::from_millis(1500));
/// assert_eq!(time.now(), Duration::from_millis(1500));
/// ```
#[derive(Clone, Debug, Default)]
pub struct ManualTime {
    nanos: Arc<AtomicU64>,
}

impl ManualTime {
    /// A manual clock at zero.
    pub fn new() -> ManualTime {
        ManualTime::default()
    }

    /// Moves the time forward by `step` (saturating at about 584 years).
    pub fn advance(&self, step: Duration) {
        let step = u64::try_from(step.as_nanos()).unwrap_or(u64::MAX);
        let now = self.nanos.load(Ordering::SeqCst);
        self.nanos.store(now.saturating_add(step), Ordering::SeqCst);
    }
}

impl TimeSource for ManualTime {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.nanos.load(Ordering::SeqCst))
    }
}

/// The longest time a clock shows and [`parse_duration`] reads: `u64::MAX` milliseconds,
/// about 585 million years. A time control reads only times up to it, and Fischer increments
/// stop adding there.
pub const MAX_CLOCK: Duration = Duration::from_millis(u64::MAX);

/// How much time the players get.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum TimeControl {
    /// `total` for the whole game (written `300`, or `5m`).
    SuddenDeath {
        /// Each player's time for the game.
        total: Duration,
    },
    /// `total`, plus `increment` added after each of the player's moves (`300+3`, `5m+3s`).
    Fischer {
        /// Each player's time at the start.
        total: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// A fixed time for each move, unused time lost (`30/move`).
    PerMove {
        /// The time for one move.
        per_move: Duration,
    },
}

impl TimeControl {
    /// The time on each clock at the start of the game (and, per move, of each turn).
    pub const fn initial(self) -> Duration {
        match self {
            TimeControl::SuddenDeath { total } | TimeControl::Fischer { total, .. } => total,
            TimeControl::PerMove { per_move } => per_move,
        }
    }

    /// The time left after a move that took `spent` with `left` on the clock before it. The
    /// increments stop at [`MAX_CLOCK`], the most a record's `Clocks` tag can hold, so a clock
    /// never shows a time the record it writes cannot read back.
    fn after_move(self, left: Duration, spent: Duration) -> Duration {
        match self {
            TimeControl::SuddenDeath { .. } => left.saturating_sub(spent),
            TimeControl::Fischer { increment, .. } => left
                .saturating_sub(spent)
                .saturating_add(increment)
                .min(MAX_CLOCK),
            TimeControl::PerMove { per_move } => per_move,
        }
    }
}

/// A duration written as seconds with up to three decimals and no trailing zeros (`300`,
/// `2.5`): the form of time controls and of records' times, which [`parse_duration`] reads.
pub(crate) struct Seconds(pub(crate) Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let millis = self.0.as_millis();
        let (secs, frac) = (millis / 1000, millis % 1000);
        if frac == 0 {
            write!(f, "{secs}")
        } else {
            let text = format!("{frac:03}");
            write!(f, "{secs}.{}", text.trim_end_matches('0'))
        }
    }
}

impl fmt::Display for TimeControl {
    /// The record form: seconds, `300`, `300+3` or `30/move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::SuddenDeath { total } => write!(f, "{}", Seconds(total)),
            TimeControl::Fischer { total, increment } => {
                write!(f, "{}+{}", Seconds(total), Seconds(increment))
            }
            TimeControl::PerMove { per_move } => write!(f, "{}/move", Seconds(per_move)),
        }
    }
}

/// Why a time control could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("bad time control {text:?}: {why}; expected seconds or units such as 300, 5m, 300+3, 5m+3s or 30s/move")]
pub struct ParseTimeControlError {
    /// The text given.
    pub text: String,
    /// What was wrong.
    pub why: &'static str,
}

/// A decimal number as exact nanoseconds of its unit (`1.5` is 1_500_000_000): digits past
/// the ninth decimal are dropped. Exact so that what a record writes reads back the same.
fn decimal_nanos(number: &str) -> Result<u128, &'static str> {
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return Err("a time must be a number");
    }
    let whole: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| "time out of range")?
    };
    let mut nanos = 0u128;
    for (i, b) in fraction.bytes().take(9).enumerate() {
        nanos += u128::from(b - b'0') * 10u128.pow(8 - i as u32);
    }
    whole
        .checked_mul(1_000_000_000)
        .and_then(|w| w.checked_add(nanos))
        .ok_or("time out of range")
}

/// Reads `90`, `1.5`, `90s`, `5m`, `1h`, `500ms` or combinations such as `1m30s`, to the
/// whole millisecond (the precision records write).
pub fn parse_duration(text: &str) -> Result<Duration, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Err("a time is missing");
    }
    let mut millis: u128 = 0;
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let (number, tail) = rest.split_at(end);
        let nanos = decimal_nanos(number)?;
        let unit_end = tail
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(tail.len());
        let (unit, tail) = tail.split_at(unit_end);
        // Milliseconds per unit, times the unit count in nanos (1e-9 units).
        let unit_millis: u128 = match unit {
            "" | "s" => 1_000,
            "ms" => 1,
            "m" | "min" => 60_000,
            "h" => 3_600_000,
            _ => return Err("unknown unit (use h, m, s or ms)"),
        };
        let part = nanos.checked_mul(unit_millis).ok_or("time out of range")? / 1_000_000_000;
        millis = millis.checked_add(part).ok_or("time out of range")?;
        rest = tail;
    }
    u64::try_from(millis)
        .map(Duration::from_millis)
        .map_err(|_| "time out of range")
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let error = |why| ParseTimeControlError {
            text: text.to_owned(),
            why,
        };
        let trimmed = text.trim();
        let control = if let Some(per_move) = trimmed.strip_suffix("/move") {
            TimeControl::PerMove {
                per_move: parse_duration(per_move).map_err(error)?,
            }
        } else if let Some((total, increment)) = trimmed.split_once('+') {
            TimeControl::Fischer {
                total: parse_duration(total).map_err(error)?,
                increment: parse_duration(increment).map_err(error)?,
            }
        } else {
            TimeControl::SuddenDeath {
                total: parse_duration(trimmed).map_err(error)?,
            }
        };
        if control.initial().is_zero() {
            return Err(error("the time for the game (or move) must be above zero"));
        }
        Ok(control)
    }
}

#[cfg(feature = "serde")]
crate::serde_via_str!(TimeControl);

/// The two clocks of a timed match. Only the side to move's clock runs.
#[derive(Clone, Debug)]
pub(crate) struct Clocks {
    pub(crate) control: TimeControl,
    /// Each side's time when its current (or next) turn began.
    pub(crate) remaining: ByPlayer<Duration>,
    turn_start: Duration,
    pub(crate) running: bool,
    source: Arc<dyn TimeSource>,
}

impl Clocks {
    pub(crate) fn new(control: TimeControl, source: Arc<dyn TimeSource>) -> Clocks {
        Clocks {
            control,
            remaining: ByPlayer::splat(control.initial()),
            turn_start: source.now(),
            running: true,
            source,
        }
    }

    /// `true` when both clocks show the same: on one shared time source, the same times and
    /// turn start (so a clone equals its original at any moment); on different sources
    /// (a match and its record read back), the same time left now.
    pub(crate) fn same_as(&self, other: &Clocks, to_move: Player) -> bool {
        // A fallen flag stops the clock as surely as an end recorded.
        let live = |c: &Clocks| c.running && !c.fallen(to_move);
        if self.control != other.control || live(self) != live(other) {
            return false;
        }
        if Arc::ptr_eq(&self.source, &other.source) {
            return self.remaining == other.remaining && self.turn_start == other.turn_start;
        }
        Player::ALL
            .iter()
            .all(|&p| self.left(p, to_move) == other.left(p, to_move))
    }

    /// The time the side to move has used on this turn so far.
    pub(crate) fn elapsed(&self) -> Duration {
        if self.running {
            self.source.now().saturating_sub(self.turn_start)
        } else {
            Duration::ZERO
        }
    }

    /// The time `player` has left now.
    pub(crate) fn left(&self, player: Player, to_move: Player) -> Duration {
        if player == to_move {
            self.remaining[player].saturating_sub(self.elapsed())
        } else {
            self.remaining[player]
        }
    }

    /// `true` when the side to move's flag has fallen (its time is used up).
    pub(crate) fn fallen(&self, to_move: Player) -> bool {
        self.running && self.elapsed() >= self.remaining[to_move]
    }

    /// Charges `mover` for a move that took `spent` and starts the opponent's turn now.
    pub(crate) fn charge(&mut self, mover: Player, spent: Duration) {
        self.remaining[mover] = self.control.after_move(self.remaining[mover], spent);
        self.turn_start = self.source.now();
    }

    /// Stops both clocks, charging the side to move for this turn so far.
    pub(crate) fn stop(&mut self, to_move: Player) {
        if self.running {
            self.remaining[to_move] = self.remaining[to_move].saturating_sub(self.elapsed());
            self.running = false;
        }
    }

    /// Sets the clocks back to `remaining` with the side to move's turn starting now.
    pub(crate) fn restore(&mut self, remaining: ByPlayer<Duration>) {
        self.remaining = remaining;
        self.running = true;
        self.turn_start = self.source.now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write() {
        let cases = [
            ("300", "300"),
            ("5m", "300"),
            ("5m+3s", "300+3"),
            ("300+3", "300+3"),
            ("1m30s", "90"),
            ("2.5", "2.5"),
            ("30s/move", "30/move"),
            ("500ms/move", "0.5/move"),
        ];
        for (text, written) in cases {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(control.to_string(), written, "{text}");
            assert_eq!(written.parse::<TimeControl>(), Ok(control));
        }
        for bad in ["", "0", "5x", "+3", "5m+", "abc/move", "1e400"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
        let err = "5q".parse::<TimeControl>().unwrap_err();
        assert!(err.to_string().contains("unknown unit"), "{err}");
    }

    #[test]
    fn fischer_adds_the_increment_and_per_move_resets() {
        let fischer: TimeControl = "10+2".parse().unwrap();
        let left = fischer.after_move(Duration::from_secs(10), Duration::from_secs(3));
        assert_eq!(left, Duration::from_secs(9));
        let per_move: TimeControl = "5/move".parse().unwrap();
        let left = per_move.after_move(Duration::from_secs(5), Duration::from_secs(4));
        assert_eq!(left, Duration::from_secs(5));
    }

    /// Found by the `records` fuzz target: an increment of 13111111111111111 s took a clock
    /// past what `parse_duration` reads, so the record's `Clocks` tag did not read back.
    #[test]
    fn increments_stop_at_the_longest_readable_time() {
        let huge: TimeControl = "3001+13111111111111111".parse().unwrap();
        let mut left = huge.initial();
        for _ in 0..3 {
            left = huge.after_move(left, Duration::from_millis(2500));
            assert!(left <= MAX_CLOCK);
        }
        assert_eq!(left, MAX_CLOCK);
        let written = format!("{}", Seconds(left));
        assert_eq!(parse_duration(&written), Ok(MAX_CLOCK), "{written}");
        assert!(parse_duration("18446744073709551.616").is_err());
    }
}
