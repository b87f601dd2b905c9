//! Whole matches against the same matches played in shards and merged, and the errors of
//! `merge`.

use crate::duel::Clock;
use crate::records::RecordFolder;
use crate::{
    merge, merge_files, play_shard, read_shard, GameSpec, MatchReport, MatchSpec, MergeError, Shard,
};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn spec(game: GameSpec, [a, b]: [&str; 2], games: usize, clock: Clock) -> MatchSpec {
    MatchSpec {
        games,
        seed: 7,
        clock,
        ..MatchSpec::new(game, a, b)
    }
}

/// Writes the report's games into the records folder `dir`, as `arena merge` does.
fn write_records(report: &MatchReport, dir: &Path) {
    let info = &report.info;
    let mut files = RecordFolder::create(dir, &info.game, &info.options).unwrap();
    for game in &report.games {
        files.write(game, [&info.a, &info.b]).unwrap();
    }
}

/// The whole match, its records written to `dir` game by game as it is played: its report.
fn whole(spec: &MatchSpec, dir: &Path) -> MatchReport {
    let info = spec.info().unwrap();
    let mut files = RecordFolder::create(dir, &info.game, &info.options).unwrap();
    let names = [info.a.as_str(), info.b.as_str()];
    let file = play_shard(spec, Shard::WHOLE, |progress| {
        files.write(progress.game, names).map_err(|e| e.to_string())
    })
    .unwrap();
    merge(&[file]).unwrap()
}

/// The match played as `count` shards, each written to its file in `dir`; the files, last
/// shard first (merge takes them in any order).
fn shards(spec: &MatchSpec, count: usize, dir: &Path) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for index in (0..count).rev() {
        let shard = Shard::new(index, count).unwrap();
        let file = play_shard(spec, shard, |_| Ok(())).unwrap();
        let path = dir.join(format!("shard-{index}-of-{count}.json"));
        file.write(&path).unwrap();
        paths.push(path);
    }
    paths
}

/// The files of a records folder, by name.
fn contents(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    files
}

/// Plays `a` against `b` whole and in 2 and 3 shards with every move timed 1 ms, and checks
/// the merged shards give the whole match byte for byte: games, summary (times, depths,
/// simulations), printed heading and report, records and every records file.
fn check_shards_give_the_whole(game: GameSpec, players: [&str; 2], games: usize) {
    let dir = folder(&format!("shards-{}", game.name()));
    let spec = spec(game, players, games, Clock::Fixed(Duration::from_millis(1)));
    let whole = whole(&spec, &dir.join("whole"));
    assert_eq!(whole.summary.total.games() as usize, games);
    let info = spec.info().unwrap();
    for count in [2, 3] {
        let paths = shards(&spec, count, &dir);
        let merged = merge_files(&paths).unwrap();
        assert_eq!(merged.info, info);
        let out = dir.join(format!("merged-{count}"));
        write_records(&merged, &out);
        assert_eq!(merged.summary, whole.summary, "{count} shards");
        assert_eq!(merged.to_string(), whole.to_string());
        assert_eq!(merged.info.to_string(), info.to_string());
        assert!(merged.records().eq(whole.records()));
        assert_eq!(merged, whole, "{count} shards");
        assert_eq!(
            contents(&out),
            contents(&dir.join("whole")),
            "{count} shards"
        );
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn tictactoe_shards_merge_to_the_whole_match() {
    check_shards_give_the_whole(GameSpec::TicTacToe, ["random", "ab:depth=3"], 7);
}

#[test]
fn ultimate_shards_merge_to_the_whole_match() {
    check_shards_give_the_whole(GameSpec::Ultimate, ["mcts:sims=40", "ab:depth=2"], 4);
}

/// Timed by the wall clock, the games are still the same: results, moves, records but for
/// their move times, and the moves and depths of the statistics.
#[test]
fn wall_clock_shards_play_the_same_games() {
    let dir = folder("wall");
    let spec = spec(
        GameSpec::TicTacToe,
        ["beginner", "ab:depth=2"],
        6,
        Clock::Wall,
    );
    let whole = whole(&spec, &dir.join("whole"));
    let merged = merge_files(&shards(&spec, 2, &dir)).unwrap();
    let (again, summary) = (&merged.summary, &whole.summary);
    assert_eq!(
        (again.total, again.a_first, again.a_second),
        (summary.total, summary.a_first, summary.a_second)
    );
    for side in 0..2 {
        let (x, y) = (again.stats[side], summary.stats[side]);
        assert_eq!(
            (x.moves, x.depth, x.simulations),
            (y.moves, y.depth, y.simulations)
        );
    }
    let untimed = |text: &str| {
        let mut parts = text.split("[%emt ");
        let mut kept = parts.next().unwrap_or_default().to_owned();
        for part in parts {
            kept.push_str(part.split_once(']').map_or(part, |(_, rest)| rest));
        }
        kept
    };
    assert_eq!(merged.games.len(), whole.games.len());
    for (m, w) in merged.games.iter().zip(&whole.games) {
        assert_eq!(
            (m.index, &m.moves, &m.result),
            (w.index, &w.moves, &w.result)
        );
        assert!(w.record.contains("[%emt "), "{}", w.record);
        assert_eq!(untimed(&m.record), untimed(&w.record));
    }
    std::fs::remove_dir_all(dir).ok();
}

/// The shard files of a 5-game tic-tac-toe match with `seed`, split in `count`, in `dir`.
fn small_match(dir: &Path, seed: u64, count: usize) -> Vec<PathBuf> {
    let spec = MatchSpec {
        seed,
        ..spec(GameSpec::TicTacToe, ["random", "beginner"], 5, Clock::Wall)
    };
    let dir = dir.join(format!("seed-{seed}-{count}"));
    std::fs::create_dir_all(&dir).unwrap();
    let mut paths = shards(&spec, count, &dir);
    paths.reverse();
    paths
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}

#[test]
fn merge_names_missing_duplicate_and_foreign_shards() {
    let dir = folder("merge-errors");
    let two = small_match(&dir, 7, 2);
    assert_eq!(merge_files(&two).unwrap().games.len(), 5);
    let err = merge_files(&two[..1]).unwrap_err();
    assert_eq!(
        err,
        MergeError::Missing {
            count: 2,
            missing: 1,
            indices: vec![1]
        }
    );
    assert_eq!(err.to_string(), "1 of 2 shards missing: 1");
    let err = merge_files(&[two[0].clone(), two[1].clone(), two[0].clone()]).unwrap_err();
    assert_eq!(
        err,
        MergeError::Duplicate {
            file: shown(&two[0]),
            other: shown(&two[0]),
            shard: Shard::new(0, 2).unwrap(),
        }
    );
    let other_seed = small_match(&dir, 8, 2);
    let err = merge_files(&[two[0].clone(), other_seed[1].clone()]).unwrap_err();
    assert_eq!(
        err,
        MergeError::OtherMatch {
            file: shown(&other_seed[1]),
            first: shown(&two[0]),
            what: "seed is 8 here, 7 there".to_owned(),
        }
    );
    let three = small_match(&dir, 7, 3);
    let err = merge_files(&[two[0].clone(), three[1].clone()]).unwrap_err();
    assert!(
        err.to_string().ends_with("split into 3 shards, not 2"),
        "{err}"
    );
    assert_eq!(
        merge_files::<PathBuf>(&[]).unwrap_err(),
        MergeError::NoFiles
    );
    let many = small_match(&dir, 7, 40);
    let err = merge_files(&many[..20]).unwrap_err().to_string();
    assert_eq!(
        err,
        "20 of 40 shards missing: 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, ..."
    );
    std::fs::remove_dir_all(dir).ok();
}

/// A shard file changed by `edit`, written next to `path`.
fn edited(path: &Path, name: &str, edit: impl FnOnce(&mut serde_json::Value)) -> PathBuf {
    let text = std::fs::read_to_string(path).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    edit(&mut value);
    let out = path.with_file_name(name);
    std::fs::write(&out, value.to_string()).unwrap();
    out
}

#[test]
fn merge_rejects_damaged_files() {
    let dir = folder("merge-damaged");
    let two = small_match(&dir, 7, 2);
    let kind = |path: &Path| read_shard(path).map(|_| ()).unwrap_err();
    let text = std::fs::read_to_string(&two[0]).unwrap();
    let cut = dir.join("cut.json");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    assert!(matches!(kind(&cut), MergeError::Corrupt { file, .. } if file == shown(&cut)));
    let missing = dir.join("absent.json");
    assert!(matches!(kind(&missing), MergeError::Read { .. }));
    let other = edited(&two[0], "other.json", |v| {
        v["format"] = "something else".into()
    });
    let err = kind(&other).to_string();
    assert!(
        err.ends_with("not an arena shard file: no \"format\": \"boardgames-arena-shard\""),
        "{err}"
    );
    let newer = edited(&two[0], "v2.json", |v| v["version"] = 2.into());
    assert_eq!(
        kind(&newer),
        MergeError::Version {
            file: shown(&newer),
            found: 2
        }
    );
    let typo = edited(&two[0], "typo.json", |v| {
        v["games"][0]["result"]["end"] = "won".into()
    });
    assert!(matches!(kind(&typo), MergeError::Corrupt { .. }));
    let short = edited(&two[0], "short.json", |v| {
        v["games"].as_array_mut().unwrap().pop();
    });
    let err = kind(&short).to_string();
    assert!(
        err.ends_with(
            "shard 0/2: it should hold 2 games numbered 1 to 2, it holds 1 games numbered 1 to 1"
        ),
        "{err}"
    );
    let swapped = edited(&two[0], "swapped.json", |v| {
        v["games"][1]["a_first"] = true.into()
    });
    assert!(matches!(kind(&swapped), MergeError::Inconsistent { .. }));
    let past = edited(&two[0], "past.json", |v| v["shard"]["index"] = 2.into());
    assert!(kind(&past)
        .to_string()
        .contains("the index must be below the count"));
    let err = merge_files(&[two[0].clone(), short]).unwrap_err();
    assert!(matches!(err, MergeError::Inconsistent { .. }));
    std::fs::remove_dir_all(dir).ok();
}
