//! Whole matches against the same matches played in shards and merged, and the errors of
//! `merge`.

use crate::duel::{self, Clock, GameReport, MatchConfig, Summary};
use crate::games::{self, ArenaGame};
use crate::merge::{self, MergeError};
use crate::records::{self, RecordFiles};
use crate::shard::{Shard, ShardFile};
use crate::spec::Spec;
use crate::{heading, match_info, report, write_merged};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn specs(a: &str, b: &str) -> [Spec; 2] {
    [a.parse().unwrap(), b.parse().unwrap()]
}

fn config<G: ArenaGame>(game: &G, games: usize, clock: Clock) -> MatchConfig {
    MatchConfig {
        games,
        seed: 7,
        max_plies: 1000,
        openings: records::builtin_openings(game),
        clock,
    }
}

/// The whole match, its records written to `dir`: the summary and the reports.
fn whole<G: ArenaGame>(
    game: &G,
    [a, b]: &[Spec; 2],
    config: &MatchConfig,
    dir: &Path,
) -> (Summary, Vec<GameReport>) {
    let mut files = RecordFiles::create(dir, game.name(), &game.options()).unwrap();
    let mut reports = Vec::new();
    let names = [a.text.as_str(), b.text.as_str()];
    let summary = duel::run(game, [a, b], config, 0..config.games, &mut |r, _| {
        reports.push(r.clone());
        files.write(r, names)
    })
    .unwrap();
    (summary, reports)
}

/// The match played as `count` shards, each written to its file in `dir`; the files, last
/// shard first (merge takes them in any order).
fn shards<G: ArenaGame>(
    game: &G,
    [a, b]: &[Spec; 2],
    config: &MatchConfig,
    count: usize,
    dir: &Path,
) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for index in (0..count).rev() {
        let shard = Shard::new(index, count).unwrap();
        let mut reports = Vec::new();
        duel::run(
            game,
            [a, b],
            config,
            shard.games(config.games),
            &mut |r, _| {
                reports.push(r.clone());
                Ok(())
            },
        )
        .unwrap();
        let path = dir.join(format!("shard-{index}-of-{count}.json"));
        let info = match_info(game, [a, b], config, "builtin");
        ShardFile::new(info, shard, &reports).write(&path).unwrap();
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
/// the merged shards give the whole match byte for byte: reports, summary (times, depths,
/// simulations), printed report and every records file.
fn check_shards_give_the_whole<G: ArenaGame>(game: &G, players: [&str; 2], games: usize) {
    let dir = folder(&format!("shards-{}", game.name()));
    let specs = specs(players[0], players[1]);
    let config = config(game, games, Clock::Fixed(Duration::from_millis(1)));
    let (summary, reports) = whole(game, &specs, &config, &dir.join("whole"));
    assert_eq!(summary.total.games() as usize, games);
    let names = [players[0], players[1]];
    let info = match_info(game, [&specs[0], &specs[1]], &config, "builtin");
    for count in [2, 3] {
        let paths = shards(game, &specs, &config, count, &dir);
        let merged = merge::merge(&paths).unwrap();
        assert_eq!(merged.info, info);
        let out = dir.join(format!("merged-{count}"));
        let mut files = RecordFiles::create(&out, game.name(), &game.options()).unwrap();
        let merged_summary = write_merged(&merged, &mut files).unwrap();
        drop(files);
        assert_eq!(merged_summary, summary, "{count} shards");
        assert_eq!(report(&merged_summary, names), report(&summary, names));
        assert_eq!(heading(&merged.info), heading(&info));
        let records = |r: &[GameReport]| r.iter().map(|g| g.record.clone()).collect::<Vec<_>>();
        assert_eq!(records(&merged.reports), records(&reports));
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
    check_shards_give_the_whole(&games::TicTacToe, ["random", "ab:depth=3"], 7);
}

#[test]
fn ultimate_shards_merge_to_the_whole_match() {
    check_shards_give_the_whole(&games::Ultimate, ["mcts:sims=40", "ab:depth=2"], 4);
}

/// Timed by the wall clock, the games are still the same: results, moves, records but for
/// their move times, and the moves and depths of the statistics.
#[test]
fn wall_clock_shards_play_the_same_games() {
    let game = games::TicTacToe;
    let dir = folder("wall");
    let specs = specs("beginner", "ab:depth=2");
    let config = config(&game, 6, Clock::Wall);
    let (summary, reports) = whole(&game, &specs, &config, &dir.join("whole"));
    let merged = merge::merge(&shards(&game, &specs, &config, 2, &dir)).unwrap();
    let mut again = Summary::default();
    merged.reports.iter().for_each(|r| again.add(r));
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
    assert_eq!(merged.reports.len(), reports.len());
    for (m, w) in merged.reports.iter().zip(&reports) {
        assert_eq!(
            (m.index, &m.moves, &m.ending),
            (w.index, &w.moves, &w.ending)
        );
        assert!(w.record.contains("[%emt "), "{}", w.record);
        assert_eq!(untimed(&m.record), untimed(&w.record));
    }
    std::fs::remove_dir_all(dir).ok();
}

/// The shard files of a 5-game tic-tac-toe match with `seed`, split in `count`, in `dir`.
fn small_match(dir: &Path, seed: u64, count: usize) -> Vec<PathBuf> {
    let game = games::TicTacToe;
    let config = MatchConfig {
        seed,
        ..config(&game, 5, Clock::Wall)
    };
    let dir = dir.join(format!("seed-{seed}-{count}"));
    std::fs::create_dir_all(&dir).unwrap();
    let mut paths = shards(&game, &specs("random", "beginner"), &config, count, &dir);
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
    assert_eq!(merge::merge(&two).unwrap().reports.len(), 5);
    let err = merge::merge(&two[..1]).unwrap_err();
    assert_eq!(
        err,
        MergeError::Missing {
            count: 2,
            missing: 1,
            indices: vec![1]
        }
    );
    assert_eq!(err.to_string(), "1 of 2 shards missing: 1");
    let err = merge::merge(&[two[0].clone(), two[1].clone(), two[0].clone()]).unwrap_err();
    assert_eq!(
        err,
        MergeError::Duplicate {
            file: shown(&two[0]),
            other: shown(&two[0]),
            shard: Shard::new(0, 2).unwrap(),
        }
    );
    let other_seed = small_match(&dir, 8, 2);
    let err = merge::merge(&[two[0].clone(), other_seed[1].clone()]).unwrap_err();
    assert_eq!(
        err,
        MergeError::OtherMatch {
            file: shown(&other_seed[1]),
            first: shown(&two[0]),
            what: "seed is 8 here, 7 there".to_owned(),
        }
    );
    let three = small_match(&dir, 7, 3);
    let err = merge::merge(&[two[0].clone(), three[1].clone()]).unwrap_err();
    assert!(
        err.to_string().ends_with("split into 3 shards, not 2"),
        "{err}"
    );
    assert_eq!(merge::merge(&[]).unwrap_err(), MergeError::NoFiles);
    let many = small_match(&dir, 7, 40);
    let err = merge::merge(&many[..20]).unwrap_err().to_string();
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
    let kind = |path: &Path| merge::read(path).map(|_| ()).unwrap_err();
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
    let err = merge::merge(&[two[0].clone(), short]).unwrap_err();
    assert!(matches!(err, MergeError::Inconsistent { .. }));
    std::fs::remove_dir_all(dir).ok();
}
