//! The shard files of one match read back, checked and put together in the order of the whole
//! match.

use crate::duel;
use crate::report::MatchReport;
use crate::shard::{MatchInfo, Shard, ShardFile, FORMAT, VERSION};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// What is wrong with the shard files given to [`merge`](crate::merge()). Each error names
/// the file: its path, or `shard file N` (from 1) for the N-th shard given in memory.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No file at all.
    #[error("no shard file given")]
    NoFiles,
    /// A file that could not be read.
    #[error("{file}: {reason}")]
    Read {
        /// The file.
        file: String,
        /// The system's reason.
        reason: String,
    },
    /// A file that is not a shard file, or a damaged one.
    #[error("{file}: not an arena shard file: {reason}")]
    Corrupt {
        /// The file.
        file: String,
        /// What is wrong.
        reason: String,
    },
    /// A shard file of another version.
    #[error("{file}: shard file version {found}; this arena reads version {VERSION}")]
    Version {
        /// The file.
        file: String,
        /// Its version.
        found: u64,
    },
    /// A file whose games are not those of its shard.
    #[error("{file}: shard {shard}: {reason}")]
    Inconsistent {
        /// The file.
        file: String,
        /// Its shard.
        shard: Shard,
        /// What is wrong.
        reason: String,
    },
    /// A shard of another match (or the same match split another way).
    #[error("{file}: not the match of {first}: {what}")]
    OtherMatch {
        /// The file.
        file: String,
        /// The first file given, which the others are compared with.
        first: String,
        /// What differs.
        what: String,
    },
    /// The same shard twice.
    #[error("{file}: shard {shard} again (also in {other})")]
    Duplicate {
        /// The second file with it.
        file: String,
        /// The first.
        other: String,
        /// The shard.
        shard: Shard,
    },
    /// Shards not given.
    #[error("{missing} of {count} shards missing: {}", list(.indices, *.missing))]
    Missing {
        /// The number of shards of the match.
        count: usize,
        /// How many are missing.
        missing: usize,
        /// The first few missing indices.
        indices: Vec<usize>,
    },
}

/// The missing shards' indices, `...` after the first few.
fn list(indices: &[usize], missing: usize) -> String {
    let mut words: Vec<String> = indices.iter().map(usize::to_string).collect();
    if missing > indices.len() {
        words.push("...".to_owned());
    }
    words.join(", ")
}

/// Puts the shards of one match (in any order) together into the whole match's report: the
/// games in the order of the whole match. The shards must be every shard of one match, split
/// one way, each holding its own games; the error names the first that is not.
pub fn merge(shards: &[ShardFile]) -> Result<MatchReport, MergeError> {
    let labelled = shards
        .iter()
        .enumerate()
        .map(|(k, shard)| Ok((format!("shard file {}", k + 1), shard.clone())));
    merge_labelled(labelled)
}

/// Reads the shard files at `paths` (in any order) and merges them as [`merge`] does; an
/// error names the file by its path.
pub fn merge_files<P: AsRef<Path>>(paths: &[P]) -> Result<MatchReport, MergeError> {
    let labelled = paths.iter().map(|path| {
        let path = path.as_ref();
        read_shard(path).map(|shard| (path.display().to_string(), shard))
    });
    merge_labelled(labelled)
}

/// Merges the shards, each with the name its errors give it.
fn merge_labelled(
    shards: impl Iterator<Item = Result<(String, ShardFile), MergeError>>,
) -> Result<MatchReport, MergeError> {
    let mut by_index: BTreeMap<usize, (String, ShardFile)> = BTreeMap::new();
    let mut first: Option<(String, MatchInfo, usize)> = None;
    for item in shards {
        let (file, shard) = item?;
        if shard.version != VERSION {
            let found = shard.version;
            return Err(MergeError::Version { file, found });
        }
        check_games(&shard).map_err(|reason| MergeError::Inconsistent {
            file: file.clone(),
            shard: shard.shard,
            reason,
        })?;
        if let Some((first_file, info, count)) = &first {
            same_match(&file, &shard, first_file, info, *count)?;
        } else {
            first = Some((file.clone(), shard.info.clone(), shard.shard.count));
        }
        if let Some((other, _)) = by_index.get(&shard.shard.index) {
            return Err(MergeError::Duplicate {
                file,
                other: other.clone(),
                shard: shard.shard,
            });
        }
        by_index.insert(shard.shard.index, (file, shard));
    }
    let (_, info, count) = first.ok_or(MergeError::NoFiles)?;
    if by_index.len() < count {
        let absent = (0..count).filter(|i| !by_index.contains_key(i));
        return Err(MergeError::Missing {
            count,
            missing: count - by_index.len(),
            indices: absent.take(10).collect(),
        });
    }
    let games = by_index.into_values().flat_map(|(_, s)| s.games).collect();
    Ok(MatchReport::new(info, games))
}

/// One shard file, read and checked on its own.
pub fn read_shard(path: &Path) -> Result<ShardFile, MergeError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| MergeError::Read {
        file: file.clone(),
        reason: e.to_string(),
    })?;
    parse(&text, file)
}

impl ShardFile {
    /// A shard file's text read back and checked on its own (its errors name it `shard
    /// file`); [`read_shard`] reads one from a file.
    pub fn from_json(text: &str) -> Result<ShardFile, MergeError> {
        parse(text, "shard file".to_owned())
    }
}

/// The shard file `text`, named `file` in errors.
fn parse(text: &str, file: String) -> Result<ShardFile, MergeError> {
    let corrupt = |reason: String| MergeError::Corrupt {
        file: file.clone(),
        reason,
    };
    let value: Value = serde_json::from_str(text).map_err(|e| corrupt(e.to_string()))?;
    if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(corrupt(format!("no \"format\": \"{FORMAT}\"")));
    }
    match value.get("version").and_then(Value::as_u64) {
        Some(VERSION) => {}
        Some(found) => return Err(MergeError::Version { file, found }),
        None => return Err(corrupt("no \"version\" number".to_owned())),
    }
    let shard: ShardFile = serde_json::from_value(value).map_err(|e| corrupt(e.to_string()))?;
    check_games(&shard).map_err(|reason| MergeError::Inconsistent {
        file,
        shard: shard.shard,
        reason,
    })?;
    Ok(shard)
}

/// A shard's games are the block of the match its shard plays, with each game's colours and
/// opening as the match schedules them.
fn check_games(file: &ShardFile) -> Result<(), String> {
    let shard = Shard::new(file.shard.index, file.shard.count).map_err(|e| e.to_string())?;
    let expected = shard.games(file.info.games);
    let found: Vec<usize> = file.games.iter().map(|g| g.index).collect();
    if !found.iter().copied().eq(expected.clone()) {
        let numbers = |r: &[usize]| match (r.first(), r.last()) {
            (Some(a), Some(b)) => format!("{} games numbered {} to {}", r.len(), a + 1, b + 1),
            _ => "no game".to_owned(),
        };
        let want: Vec<usize> = expected.collect();
        return Err(format!(
            "it should hold {}, it holds {}",
            numbers(&want),
            numbers(&found)
        ));
    }
    for game in &file.games {
        let scheduled = duel::schedule(game.index, file.info.openings.len());
        if (game.a_first, game.opening) != scheduled {
            return Err(format!(
                "game {} has other colours or another opening than the match gives it",
                game.index + 1
            ));
        }
    }
    Ok(())
}

/// `shard` is of the same match as the first file, split the same way.
fn same_match(
    file: &str,
    shard: &ShardFile,
    first: &str,
    info: &MatchInfo,
    count: usize,
) -> Result<(), MergeError> {
    let other = |what: String| MergeError::OtherMatch {
        file: file.to_owned(),
        first: first.to_owned(),
        what,
    };
    if let Some(what) = difference(&shard.info, info) {
        return Err(other(what));
    }
    if shard.shard.count != count {
        return Err(other(format!(
            "split into {} shards, not {count}",
            shard.shard.count
        )));
    }
    Ok(())
}

/// The first setting in which two matches differ, in words. Where the openings came from
/// is left out (the same list may be read from files at different paths); the list counts.
fn difference(here: &MatchInfo, there: &MatchInfo) -> Option<String> {
    let as_map = |info: &MatchInfo| match serde_json::to_value(info) {
        Ok(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    let (here, there) = (as_map(here), as_map(there));
    here.iter()
        .filter(|(key, _)| *key != "openings_source")
        .find(|(key, value)| there.get(*key) != Some(value))
        .map(|(key, value)| {
            let short = |v: Option<&Value>| {
                let text = v.map_or("nothing".to_owned(), Value::to_string);
                if text.chars().count() > 60 {
                    text.chars().take(57).chain("...".chars()).collect()
                } else {
                    text
                }
            };
            let name = match key.as_str() {
                "a" => "player A",
                "b" => "player B",
                "arena" => "the arena's version",
                "max_plies" => "max plies",
                key => key,
            };
            format!(
                "{name} is {} here, {} there",
                short(Some(value)),
                short(there.get(key))
            )
        })
}
