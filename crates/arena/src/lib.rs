//! Matches between two players of any game of the workspace (tic-tac-toe, ultimate, gomoku,
//! morris), played whole or in shards anywhere, merged into one report with the Elo difference
//! and its 95 % interval; and self-play games for training data. The `arena` example is a
//! command line over this crate.
//!
//! - [`MatchSpec`]: the game ([`GameSpec`]), players A and B as spec strings (`random`,
//!   `expert`, `ab:depth=6`, `mcts:sims=20000`, ...; see [`PlayerSpec`]), the number of games,
//!   the seed, the ply cap, the [`Openings`] and the [`Clock`]. [`MatchSpec::info`] checks it.
//! - [`play_shard`] plays one [`Shard`] of the match (its block of games, each the game the
//!   whole match plays) into a [`ShardFile`], the versioned JSON file a shard writes
//!   ([`ShardFile::to_json`], [`ShardFile::from_json`], [`read_shard`]). A whole match is the
//!   single shard [`Shard::WHOLE`] (`0/1`).
//! - [`merge`] (or [`merge_files`]) checks that shard files are every shard of one match and
//!   puts them together into the [`MatchReport`]: W-D-L, score and Elo with their intervals,
//!   each player's time, depth and simulations, the games and their records in the match's
//!   order. Its `Display` is the arena's text report; [`RecordFolder`] writes the records.
//! - [`self_play`] plays games of one player against itself ([`SelfPlaySpec`]), in shards too.
//!
//! Bad input (an unknown player, bad options or openings, a shard that does not exist, a
//! damaged shard file) is a typed error ([`ArenaError`], [`MergeError`]) saying what is wrong.
//!
//! ```
//! use boardgames_arena::{merge, play_shard, GameSpec, MatchSpec, Shard};
//!
//! let mut spec = MatchSpec::new(GameSpec::TicTacToe, "random", "ab:depth=3");
//! spec.games = 6;
//! // The whole match, as one shard.
//! let whole = play_shard(&spec, Shard::WHOLE, |_| Ok(()))?;
//! let report = merge(&[whole])?;
//! assert_eq!(report.summary.total.games(), 6);
//! println!("{}\n{report}", report.info);
//!
//! // The same match in two shards (played on two machines, sent as JSON), merged.
//! let mut files = Vec::new();
//! for index in [1, 0] {
//!     let file = play_shard(&spec, Shard::new(index, 2)?, |_| Ok(()))?;
//!     files.push(boardgames_arena::ShardFile::from_json(&file.to_json()?)?);
//! }
//! let merged = merge(&files)?;
//! assert_eq!(merged.summary.total, report.summary.total);
//! let moves = |r: &boardgames_arena::MatchReport| -> Vec<Vec<String>> {
//!     r.games.iter().map(|g| g.moves.clone()).collect()
//! };
//! assert_eq!(moves(&merged), moves(&report));
//!
//! // Bad input is a typed error.
//! spec.player_b = "grandmaster".to_owned();
//! assert!(play_shard(&spec, Shard::WHOLE, |_| Ok(())).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod contestant;
mod duel;
pub mod elo;
mod error;
mod games;
mod merge;
mod player_spec;
mod players;
mod records;
mod report;
mod results;
mod run;
mod self_play;
mod shard;

#[cfg(test)]
mod shard_tests;
#[cfg(test)]
mod tests;

pub use duel::Clock;
pub use elo::{Estimate, Tally};
pub use error::{ArenaError, MAX_GAMES};
pub use merge::{merge, merge_files, read_shard, MergeError};
pub use player_spec::{Eval, Kind, PlayerSpec, Playout, SpecError};
pub use players::net_leaf;
pub use records::{RecordFolder, RecordsError};
pub use report::MatchReport;
pub use results::{SideStats, Summary};
pub use run::{play_shard, GameSpec, MatchSpec, Openings, Progress};
pub use self_play::{self_play, SelfPlayGame, SelfPlaySpec};
pub use shard::{
    GameEntry, MatchInfo, ResultEntry, Shard, ShardError, ShardFile, StatsEntry, FORMAT, VERSION,
};
