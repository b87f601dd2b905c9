//! A match's report: its heading, W-D-L, score, Elo with its interval, results by colour and
//! each player's time and search figures, as the arena prints them.

use crate::elo::{self, Estimate};
use crate::results::{GameReport, SideStats, Summary};
use crate::shard::{GameEntry, MatchInfo, ShardFile};
use serde_json::Value;
use std::fmt;

/// A match's games (a whole match's, or one shard's) and what they add up to.
///
/// Its [`Display`](fmt::Display) is the text report the arena prints under the heading (the
/// [`MatchInfo`]'s `Display`):
///
/// ```text
/// A ab:depth=3: 7 wins, 1 draws, 0 losses in 8 games (7.5 points)
/// A - B: Elo +470 [+89, +581] (95 %), score 93.8 % [62.5, 96.6]
/// A moving first: 4-0-0; A moving second: 3-1-0 (W-D-L)
/// player                         moves   mean/move    longest  reached
/// A ab:depth=3                     173     0.02 ms    0.07 ms  depth 3.0
/// B mcts:sims=200                  169     0.10 ms    0.59 ms  190 simulations
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    /// The match.
    pub info: MatchInfo,
    /// The results and statistics, added up in the games' order.
    pub summary: Summary,
    /// The games, in the order of the match.
    pub games: Vec<GameEntry>,
}

impl MatchReport {
    /// The report of `games` of the match `info`.
    pub(crate) fn new(info: MatchInfo, games: Vec<GameEntry>) -> MatchReport {
        let mut summary = Summary::default();
        for game in &games {
            summary.add(&GameReport::from(game));
        }
        MatchReport {
            info,
            summary,
            games,
        }
    }

    /// The games' record texts, in the order of the match.
    pub fn records(&self) -> impl Iterator<Item = &str> + '_ {
        self.games.iter().map(|game| game.record.as_str())
    }

    /// A's score and Elo difference over B with their 95 % intervals; `None` without games.
    pub fn estimate(&self) -> Option<Estimate> {
        elo::estimate(&self.summary.total)
    }
}

// The shard file's report lives here, beside the report it builds, so that the shard file
// format does not depend on the report.
impl ShardFile {
    /// The report of this shard's games alone (a whole match's, for
    /// [`Shard::WHOLE`](crate::Shard::WHOLE)).
    pub fn report(&self) -> MatchReport {
        MatchReport::new(self.info.clone(), self.games.clone())
    }
}

/// The match's heading: the game (with its options, if any), the players, the openings, the
/// seed: `ultimate: 8 games, A = ab:depth=3, B = mcts:sims=200, openings 16 (builtin), seed 1`.
impl fmt::Display for MatchInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let openings = match self.openings.len() {
            0 => "none".to_owned(),
            n => format!("{n} ({})", self.openings_source),
        };
        let options = match &self.options {
            Value::Object(map) if map.is_empty() => String::new(),
            Value::Null => String::new(),
            options => format!(" {options}"),
        };
        write!(
            f,
            "{}{options}: {} games, A = {}, B = {}, openings {openings}, seed {}",
            self.game, self.games, self.a, self.b, self.seed
        )
    }
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (summary, names) = (&self.summary, [&self.info.a, &self.info.b]);
        let t = summary.total;
        writeln!(
            f,
            "A {}: {} wins, {} draws, {} losses in {} games ({:.1} points)",
            names[0],
            t.wins,
            t.draws,
            t.losses,
            t.games(),
            t.points()
        )?;
        if let Some(e) = self.estimate() {
            writeln!(f, "A - B: {}", elo::describe(&e))?;
        }
        let (w, s) = (summary.a_first, summary.a_second);
        writeln!(
            f,
            "A moving first: {}-{}-{}; A moving second: {}-{}-{} (W-D-L)",
            w.wins, w.draws, w.losses, s.wins, s.draws, s.losses
        )?;
        writeln!(
            f,
            "{:<28} {:>7} {:>11} {:>10}  reached",
            "player", "moves", "mean/move", "longest"
        )?;
        for (label, (name, stats)) in ["A", "B"].iter().zip(names.iter().zip(&summary.stats)) {
            f.write_str(&side_line(&format!("{label} {name}"), stats))?;
        }
        if summary.capped > 0 || summary.forfeits > 0 {
            writeln!(
                f,
                "games drawn at the ply cap: {}; lost by forfeit: {}",
                summary.capped, summary.forfeits
            )?;
        }
        Ok(())
    }
}

/// One player's line of the report.
fn side_line(name: &str, stats: &SideStats) -> String {
    let mean = |(sum, count): (u64, u64)| (count > 0).then(|| sum as f64 / count as f64);
    let reached = match (mean(stats.depth), mean(stats.simulations)) {
        (Some(d), _) => format!("depth {d:.1}"),
        (None, Some(s)) => format!("{s:.0} simulations"),
        (None, None) => "-".to_owned(),
    };
    format!(
        "{name:<28} {:>7} {:>8.2} ms {:>7.2} ms  {reached}\n",
        stats.moves,
        stats.mean_time().as_secs_f64() * 1e3,
        stats.longest.as_secs_f64() * 1e3,
    )
}
