//! Matches split into shards, and the shard file that holds a shard's games.
//!
//! Shard `I` of `N` (`I` from 0 to `N - 1`, as Slurm's array indices and Kubernetes' completion
//! indices count) plays the games `floor(I * G / N)` to `floor((I + 1) * G / N) - 1` (numbers
//! from 0) of the match of `G` games: a block of the same list of games, with the same seeds,
//! that the whole match plays, so each game is the one the whole match plays. A shard can be
//! empty (more shards than games).

use crate::results::{Ending, GameReport, SideStats};
use boardgames_core::matches::{Outcome, Reason};
use boardgames_core::{Player, Status};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;
use std::ops::Range;
use std::path::Path;
use std::time::Duration;

/// The `format` of a shard file.
pub const FORMAT: &str = "boardgames-arena-shard";
/// The version of the shard file this arena writes and reads.
pub const VERSION: u64 = 1;

/// One shard of a match: its index from 0 and the number of shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// The index, from 0 to `count - 1`.
    pub index: usize,
    /// The number of shards.
    pub count: usize,
}

/// What is wrong with a shard (`INDEX/COUNT`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not `INDEX/COUNT`.
    #[error("shard {0:?}: expected INDEX/COUNT such as 0/10 (indices from 0)")]
    Syntax(String),
    /// A count of 0.
    #[error("shard {0}/0: the count must be at least 1")]
    NoShards(usize),
    /// An index past the last shard.
    #[error("shard {index}/{count}: the index must be below the count (indices from 0)")]
    IndexTooLarge {
        /// The index given.
        index: usize,
        /// The count given.
        count: usize,
    },
}

impl std::str::FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(text.to_owned());
        let (index, count) = text.trim().split_once('/').ok_or_else(syntax)?;
        let number = |s: &str| {
            let s = s.trim();
            let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| s.parse::<usize>().ok()).flatten()
        };
        let (index, count) = number(index).zip(number(count)).ok_or_else(syntax)?;
        Shard::new(index, count)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// The whole match as one shard: `0/1`.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`, or why not.
    pub fn new(index: usize, count: usize) -> Result<Shard, ShardError> {
        match (index, count) {
            (_, 0) => Err(ShardError::NoShards(index)),
            (i, n) if i >= n => Err(ShardError::IndexTooLarge { index, count }),
            _ => Ok(Shard { index, count }),
        }
    }

    /// The numbers (from 0) of this shard's games in a match of `games` games: games
    /// `floor(index * games / count)` to `floor((index + 1) * games / count) - 1`.
    pub fn games(&self, games: usize) -> Range<usize> {
        // In u128: index * games may not fit a usize for a huge count. A count of 0 (a shard
        // built by hand) has no games.
        let count = self.count.max(1) as u128;
        let bound = |i: usize| (i as u128 * games as u128 / count).min(games as u128) as usize;
        bound(self.index)..bound(self.index.saturating_add(1))
    }
}

/// What every shard of one match shares, and what the report's heading says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchInfo {
    /// The version of the arena that played it.
    pub arena: String,
    /// The game, as the referee names it.
    pub game: String,
    /// The game's referee options (board size, rule, draw rule).
    pub options: Value,
    /// Player A's spec.
    pub a: String,
    /// Player B's spec.
    pub b: String,
    /// Games in the whole match.
    pub games: usize,
    /// The seed of the players' choices.
    pub seed: u64,
    /// Plies after which a game is scored a draw.
    pub max_plies: usize,
    /// Where the openings came from (`builtin`, `none` or a file), for the heading.
    pub openings_source: String,
    /// The openings.
    pub openings: Vec<Vec<String>>,
}

/// A shard's results as its file holds them: JSON, version [`VERSION`]:
///
/// ```text
/// {"format": "boardgames-arena-shard", "version": 1,
///  "match": {"arena": "0.1.0", "game": "ultimate", "options": {}, "a": "ab:depth=3",
///            "b": "mcts:sims=200", "games": 8, "seed": 1, "max_plies": 1000,
///            "openings_source": "builtin", "openings": [["55", "51"], ...]},
///  "shard": {"index": 0, "count": 2},
///  "games": [{"index": 0, "a_first": true, "opening": 0,
///             "result": {"end": "rules", "winner": "first", "reason": "line"},
///             "a": {"moves": 30, "time_ns": ..., "longest_ns": ..., "depth_sum": 90,
///                   "depth_count": 30, "simulations_sum": 0, "simulations_count": 0},
///             "b": {...}, "moves": ["55", "51", ...], "record": "[Event \"arena\"] ..."}]}
/// ```
///
/// `match` is what every shard of one match shares; `games` holds each game's result (`end`:
/// `rules` with `winner` (`first`, `second` or null) and `reason`, `ply_cap`, or `forfeit`
/// with `loser` and `why`), each player's moves, time and search figures, the moves and the
/// record text. [`merge`](crate::merge()) and [`read_shard`](crate::read_shard) read the
/// files back.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ShardFile {
    /// [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u64,
    /// The match it is part of.
    #[serde(rename = "match")]
    pub info: MatchInfo,
    /// Which shard.
    pub shard: Shard,
    /// Its games, in order.
    pub games: Vec<GameEntry>,
}

/// One game in a shard file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEntry {
    /// The game's number in the match, from 0.
    pub index: usize,
    /// Whether A moved first.
    pub a_first: bool,
    /// The opening's number, from 0.
    pub opening: Option<usize>,
    /// How it ended.
    pub result: ResultEntry,
    /// A's moves and search.
    pub a: StatsEntry,
    /// B's moves and search.
    pub b: StatsEntry,
    /// The moves, the opening's included.
    pub moves: Vec<String>,
    /// The record text.
    pub record: String,
}

/// How a game ended, in a shard file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum ResultEntry {
    /// The rules ended it.
    Rules {
        /// The winner, or none for a draw.
        winner: Option<Player>,
        /// Why.
        reason: Reason,
    },
    /// The ply cap: a draw.
    PlyCap,
    /// A player forfeited.
    Forfeit {
        /// Who.
        loser: Player,
        /// Why.
        why: String,
    },
}

impl ResultEntry {
    /// The side that won, if any.
    pub fn winner(&self) -> Option<Player> {
        match self {
            ResultEntry::Rules { winner, .. } => *winner,
            ResultEntry::PlyCap => None,
            ResultEntry::Forfeit { loser, .. } => Some(loser.opponent()),
        }
    }
}

/// One player's moves in one game, in a shard file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatsEntry {
    /// Moves chosen.
    pub moves: u64,
    /// Their total time in nanoseconds.
    pub time_ns: u64,
    /// The longest in nanoseconds.
    pub longest_ns: u64,
    /// Sum of the alpha-beta depths reached.
    pub depth_sum: u64,
    /// Moves with an alpha-beta depth.
    pub depth_count: u64,
    /// Sum of the MCTS simulations.
    pub simulations_sum: u64,
    /// Moves with MCTS simulations.
    pub simulations_count: u64,
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

impl From<&SideStats> for StatsEntry {
    fn from(s: &SideStats) -> StatsEntry {
        StatsEntry {
            moves: s.moves,
            time_ns: nanos(s.time),
            longest_ns: nanos(s.longest),
            depth_sum: s.depth.0,
            depth_count: s.depth.1,
            simulations_sum: s.simulations.0,
            simulations_count: s.simulations.1,
        }
    }
}

impl From<&StatsEntry> for SideStats {
    fn from(s: &StatsEntry) -> SideStats {
        SideStats {
            moves: s.moves,
            time: Duration::from_nanos(s.time_ns),
            longest: Duration::from_nanos(s.longest_ns),
            depth: (s.depth_sum, s.depth_count),
            simulations: (s.simulations_sum, s.simulations_count),
        }
    }
}

impl From<&Ending> for ResultEntry {
    fn from(ending: &Ending) -> ResultEntry {
        match ending {
            Ending::Rules(outcome) => ResultEntry::Rules {
                winner: match outcome.status {
                    Status::Won(p) => Some(p),
                    _ => None,
                },
                reason: outcome.reason,
            },
            Ending::PlyCap => ResultEntry::PlyCap,
            Ending::Forfeit(loser, why) => ResultEntry::Forfeit {
                loser: *loser,
                why: why.clone(),
            },
        }
    }
}

impl From<&ResultEntry> for Ending {
    fn from(entry: &ResultEntry) -> Ending {
        match entry {
            ResultEntry::Rules {
                winner: Some(p),
                reason,
            } => Ending::Rules(Outcome::win(*p, *reason)),
            ResultEntry::Rules {
                winner: None,
                reason,
            } => Ending::Rules(Outcome::draw(*reason)),
            ResultEntry::PlyCap => Ending::PlyCap,
            ResultEntry::Forfeit { loser, why } => Ending::Forfeit(*loser, why.clone()),
        }
    }
}

impl GameEntry {
    /// The side that won, if any.
    pub fn winner(&self) -> Option<Player> {
        self.result.winner()
    }

    /// The result in words: `first won (line)`, `draw (repetition)`, `second won (forfeit:
    /// ...)`, `draw (ply cap)`.
    pub fn result_text(&self) -> String {
        GameReport::from(self).result_text()
    }
}

impl From<&GameReport> for GameEntry {
    fn from(r: &GameReport) -> GameEntry {
        GameEntry {
            index: r.index,
            a_first: r.a_first,
            opening: r.opening,
            result: (&r.ending).into(),
            a: (&r.stats[0]).into(),
            b: (&r.stats[1]).into(),
            moves: r.moves.clone(),
            record: r.record.clone(),
        }
    }
}

impl From<&GameEntry> for GameReport {
    fn from(e: &GameEntry) -> GameReport {
        GameReport {
            index: e.index,
            a_first: e.a_first,
            opening: e.opening,
            moves: e.moves.clone(),
            record: e.record.clone(),
            ending: (&e.result).into(),
            stats: [(&e.a).into(), (&e.b).into()],
        }
    }
}

impl ShardFile {
    /// The file of `shard` of the match `info`, with its games.
    pub(crate) fn new(info: MatchInfo, shard: Shard, games: Vec<GameEntry>) -> ShardFile {
        ShardFile {
            format: FORMAT.to_owned(),
            version: VERSION,
            info,
            shard,
            games,
        }
    }

    /// The file's text: pretty-printed JSON (read back by
    /// [`ShardFile::from_json`](ShardFile::from_json)).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self)
    }

    /// Writes the file at `path` (creating its folder): first under a temporary name, then
    /// renamed, so that a shard killed while writing leaves no file that looks whole.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let text = self.to_json()?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let mut partial = path.as_os_str().to_owned();
        partial.push(".part");
        std::fs::write(&partial, text + "\n")?;
        std::fs::rename(&partial, path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_values_are_checked() {
        let shard = |s: &str| s.parse::<Shard>();
        assert_eq!(
            shard("0/10"),
            Ok(Shard {
                index: 0,
                count: 10
            })
        );
        assert_eq!(
            shard(" 9 / 10 "),
            Ok(Shard {
                index: 9,
                count: 10
            })
        );
        assert_eq!(
            shard("10/10"),
            Err(ShardError::IndexTooLarge {
                index: 10,
                count: 10
            })
        );
        assert_eq!(shard("0/0"), Err(ShardError::NoShards(0)));
        for bad in [
            "", "3", "1/", "/2", "a/2", "1/b", "-1/2", "+1/2", "1/2/3", "1.0/2",
        ] {
            assert_eq!(shard(bad), Err(ShardError::Syntax(bad.to_owned())), "{bad}");
        }
        let err = shard("4/4").unwrap_err().to_string();
        assert_eq!(
            err,
            "shard 4/4: the index must be below the count (indices from 0)"
        );
    }

    /// The shards' blocks cover the games once, in order, whatever the counts.
    #[test]
    fn shards_cover_every_game_once() {
        for games in [1, 2, 7, 8, 100] {
            for count in [1, 2, 3, 10, 64] {
                let mut next = 0;
                for index in 0..count {
                    let range = Shard { index, count }.games(games);
                    assert_eq!(range.start, next, "{index}/{count} of {games}");
                    assert!(range.len() <= games.div_ceil(count));
                    next = range.end;
                }
                assert_eq!(next, games);
            }
        }
        let huge = Shard {
            index: usize::MAX - 1,
            count: usize::MAX,
        };
        assert!(huge.games(100_000).end <= 100_000);
    }

    #[test]
    fn results_keep_their_form() {
        let endings = [
            Ending::Rules(Outcome::win(Player::Second, Reason::Line)),
            Ending::Rules(Outcome::draw(Reason::BoardFull)),
            Ending::PlyCap,
            Ending::Forfeit(Player::First, "no move".into()),
        ];
        for ending in &endings {
            let entry = ResultEntry::from(ending);
            let text = serde_json::to_string(&entry).unwrap();
            let back: ResultEntry = serde_json::from_str(&text).unwrap();
            assert_eq!(Ending::from(&back), *ending, "{text}");
        }
        let text = serde_json::to_string(&ResultEntry::from(&endings[1])).unwrap();
        assert_eq!(
            text,
            r#"{"end":"rules","winner":null,"reason":"board full"}"#
        );
    }
}
