//! The morris expert with the small endgame databases (3 v 3, 4 v 3, 3 v 4, built into a
//! temporary directory): on sampled covered positions it keeps every value, takes the
//! quickest win and the slowest loss.

use boardgames_core::{Game, Rng};
use boardgames_morris_db::check::random_position;
use boardgames_morris_db::{build, build_group, Databases};
use boardgames_players::morris::{Level, MorrisEvaluator, MorrisPlayer, WithDatabases};
use boardgames_players::ComputerPlayer;
use boardgames_search::Limits;
use boardgames_solver::Value;
use std::sync::Arc;

/// Plays the expert (2 plies, with `db`) on 1,000 sampled positions of each class and checks
/// that every move keeps the value; returns the wins, draws and losses seen.
fn keeps_values(db: &Arc<Databases>, classes: &[(u32, u32)]) -> [u32; 3] {
    let mut player = MorrisPlayer::new(Level::Expert, 5)
        .with_limits(Limits::depth(2))
        .with_table_bytes(1 << 20)
        .with_databases(db.clone());
    let mut rng = Rng::new(3);
    let mut seen = [0u32; 3];
    for &(a, b) in classes {
        for _ in 0..1000 {
            let pos = random_position(db, a, b, &mut rng).unwrap();
            let stored = db.value(&pos).unwrap();
            let Some(mv) = player.choose_move(&pos) else {
                assert!(pos.status().is_over());
                continue;
            };
            let mut next = pos;
            next.play(mv).unwrap();
            let kept = db.value(&next).unwrap().parent();
            assert_eq!(kept, stored, "{mv} in\n{pos}");
            seen[match stored {
                Value::Win(_) => 0,
                Value::Draw => 1,
                Value::Loss(_) => 2,
            }] += 1;
        }
    }
    seen
}

#[test]
fn the_player_keeps_every_covered_value() {
    let dir = std::env::temp_dir().join(format!("players-morris-db-{}", std::process::id()));
    let (mut db, _) = build(&dir, 3, |_, _| {}).unwrap();
    build_group(&mut db, 4, 3, &mut |_, _| {}).unwrap();
    let seen = keeps_values(&Arc::new(db), &[(3, 3), (4, 3), (3, 4)]);
    assert!(seen.iter().all(|&n| n > 20), "{seen:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The same on every class of the databases already built in the data directory (up to
/// 5 v 5: `cargo run --release -p boardgames-morris-db -- build --up-to 5` first).
#[test]
#[ignore = "needs the databases of the data directory"]
fn the_player_keeps_every_value_of_the_built_databases() {
    let dir = boardgames_morris_db::default_dir().unwrap();
    let (db, errors) = Databases::open(&dir, 5);
    assert!(errors.is_empty(), "{errors:?}");
    let classes: Vec<(u32, u32)> = db.classes().collect();
    assert!(!classes.is_empty(), "no databases in {}", dir.display());
    let seen = keeps_values(&Arc::new(db), &classes);
    println!(
        "{} classes: wins, draws, losses kept: {seen:?}",
        classes.len()
    );
}

/// The databases' own move is given in won and lost positions only, and keeps the value and
/// its distance; a drawn or an uncovered position is left to the search.
#[test]
fn the_decided_move_is_the_databases_in_won_and_lost_positions() {
    let dir = std::env::temp_dir().join(format!("players-morris-decided-{}", std::process::id()));
    let (db, _) = build(&dir, 3, |_, _| {}).unwrap();
    let db = Arc::new(db);
    let knows = WithDatabases::new(MorrisEvaluator::new(), Some(db.clone()));
    let mut rng = Rng::new(11);
    let mut decided = 0;
    for _ in 0..1000 {
        let pos = random_position(&db, 3, 3, &mut rng).unwrap();
        let stored = db.value(&pos).unwrap();
        match (knows.decided_move(&pos), stored) {
            (None, Value::Draw) => {}
            (None, _) => assert!(pos.status().is_over(), "no move in\n{pos}"),
            (Some(mv), Value::Draw) => panic!("{mv} chosen in a drawn position\n{pos}"),
            (Some(mv), _) => {
                let mut next = pos;
                next.play(mv).unwrap();
                assert_eq!(db.value(&next).unwrap().parent(), stored, "{mv} in\n{pos}");
                decided += 1;
            }
        }
    }
    assert!(decided > 100, "{decided}");
    let start = boardgames_morris::Position::new();
    assert_eq!(knows.decided_move(&start), None);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn without_databases_nothing_changes() {
    let player = MorrisPlayer::new(Level::Expert, 5);
    assert!(player.databases().is_none());
    let beginner = MorrisPlayer::new(Level::Beginner, 5)
        .with_databases(Arc::new(boardgames_morris_db::Databases::default()));
    assert!(beginner.databases().is_none());
}
