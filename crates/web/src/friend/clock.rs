//! The clocks of friend games, run by the server from the committed actions' times. Each
//! side's clock starts after that side's first move (as the big game servers do, so nobody
//! loses on time before the game has started); from then on only the side to move's clock
//! runs, from the moment the move before it was committed.

use crate::friend::store::Entry;
use boardgames_core::Player;
use serde::{Deserialize, Serialize};

/// The longest starting time, in milliseconds (a day).
pub const MAX_INITIAL_MS: u64 = 86_400_000;
/// The largest increment, in milliseconds (an hour).
pub const MAX_INCREMENT_MS: u64 = 3_600_000;

/// How a clock counts: the page's time controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// One amount of time for the whole game.
    Sudden,
    /// The amount plus an increment after each move.
    Fischer,
    /// The same time for every move.
    PerMove,
}

/// A time control, in milliseconds: `{"kind": "fischer", "initial": 300000, "increment": 3000}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// How it counts.
    pub kind: Kind,
    /// Each side's time at the start (or for each move).
    pub initial: u64,
    /// Added after each move (Fischer only).
    #[serde(default)]
    pub increment: u64,
}

impl TimeControl {
    /// The control if its numbers are in range, or what is wrong with it.
    pub fn checked(self) -> Result<TimeControl, String> {
        if !(1_000..=MAX_INITIAL_MS).contains(&self.initial) {
            return Err(format!(
                "\"initial\" must be from 1000 to {MAX_INITIAL_MS} milliseconds"
            ));
        }
        if self.increment > MAX_INCREMENT_MS {
            return Err(format!(
                "\"increment\" must be at most {MAX_INCREMENT_MS} milliseconds"
            ));
        }
        if self.increment > 0 && self.kind != Kind::Fischer {
            return Err("only a \"fischer\" clock has an increment".into());
        }
        Ok(self)
    }
}

/// Both clocks after the actions: the time each side has left when its turn starts, and the
/// side whose clock runs (since `since_ms`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    /// Time left, `first` then `second`, at the start of the running turn.
    pub left: [i64; 2],
    /// The side whose clock runs, if one does.
    pub running: Option<Player>,
    /// When the running clock started.
    pub since_ms: i64,
}

impl Clocks {
    /// The clocks of a game with `control` after `entries`, `to_move` the side to move now
    /// (`None` once the game is over).
    pub fn after(control: &TimeControl, entries: &[Entry], to_move: Option<Player>) -> Clocks {
        let initial = i64::try_from(control.initial).unwrap_or(i64::MAX);
        let increment = i64::try_from(control.increment).unwrap_or(0);
        let mut left = [initial; 2];
        let mut moved = [false; 2];
        let mut last_move_ms = None;
        for entry in entries {
            // A fallen flag: that side's time is all spent.
            let flag = entry.action.get("flag").and_then(serde_json::Value::as_str);
            if let Some(loser) = flag.and_then(crate::friend::seat_named) {
                left[loser.index()] = 0;
            }
            let (true, Some(seat)) = (entry.action.is_string(), entry.seat) else {
                continue;
            };
            let s = seat.index();
            if moved[s] {
                let elapsed = entry.at_ms - last_move_ms.unwrap_or(entry.at_ms);
                left[s] = match control.kind {
                    Kind::PerMove => initial,
                    Kind::Fischer => left[s] - elapsed + increment,
                    Kind::Sudden => left[s] - elapsed,
                };
            }
            moved[s] = true;
            last_move_ms = Some(entry.at_ms);
        }
        let running = to_move.filter(|side| moved[side.index()]);
        Clocks {
            left,
            running,
            since_ms: last_move_ms.unwrap_or(0),
        }
    }

    /// When the running clock's flag falls, if one runs.
    pub fn deadline_ms(&self) -> Option<i64> {
        self.running
            .map(|side| self.since_ms.saturating_add(self.left[side.index()]))
    }

    /// Time left for `side` at `now_ms`, never below zero.
    pub fn left_at(&self, side: Player, now_ms: i64) -> i64 {
        let base = self.left[side.index()];
        let spent = if self.running == Some(side) {
            now_ms - self.since_ms
        } else {
            0
        };
        (base - spent).max(0)
    }
}

#[cfg(test)]
mod tests {
    use super::{Clocks, Kind, TimeControl};
    use crate::friend::store::Entry;
    use boardgames_core::Player::{First, Second};
    use serde_json::json;

    fn mv(seat: boardgames_core::Player, at_ms: i64) -> Entry {
        Entry {
            action: json!("m"),
            seat: Some(seat),
            at_ms,
        }
    }

    #[test]
    fn each_clock_starts_after_its_sides_first_move() {
        let control = TimeControl {
            kind: Kind::Fischer,
            initial: 10_000,
            increment: 1_000,
        };
        let none = Clocks::after(&control, &[], Some(First));
        assert_eq!(none.running, None);
        let one = Clocks::after(&control, &[mv(First, 5_000)], Some(Second));
        assert_eq!((one.running, one.deadline_ms()), (None, None));
        let entries = [mv(First, 5_000), mv(Second, 9_000)];
        let two = Clocks::after(&control, &entries, Some(First));
        assert_eq!(two.left, [10_000, 10_000]);
        assert_eq!(two.deadline_ms(), Some(19_000));
        assert_eq!(two.left_at(First, 12_000), 7_000);
        assert_eq!(two.left_at(Second, 12_000), 10_000);
        let entries = [mv(First, 5_000), mv(Second, 9_000), mv(First, 12_000)];
        let three = Clocks::after(&control, &entries, Some(Second));
        // First spent 3 s and got 1 s back; second's clock now runs from 12 s.
        assert_eq!(three.left, [8_000, 10_000]);
        assert_eq!(three.deadline_ms(), Some(22_000));
    }

    #[test]
    fn a_move_time_is_given_anew_and_bad_controls_are_refused() {
        let control = TimeControl {
            kind: Kind::PerMove,
            initial: 2_000,
            increment: 0,
        };
        let entries = [mv(First, 0), mv(Second, 100), mv(First, 1_900)];
        let clocks = Clocks::after(&control, &entries, Some(Second));
        assert_eq!(clocks.left, [2_000, 2_000]);
        assert_eq!(clocks.deadline_ms(), Some(3_900));
        let bad = TimeControl {
            increment: 5,
            ..control
        };
        assert!(bad.checked().unwrap_err().contains("fischer"));
        let short = TimeControl {
            initial: 10,
            ..control
        };
        assert!(short.checked().is_err());
    }
}
