//! `$BOARDGAMES_MORRIS_DB` naming an empty directory: the first use builds the small classes
//! there, and players made with `with_env_databases` use them. (Its own test binary: the
//! databases are read once per process.)

use boardgames_morris_db::file_name;
use boardgames_players::morris::{env_databases, Level, MorrisPlayer};

#[test]
fn the_first_use_builds_the_small_classes_into_the_named_directory() {
    let dir = std::env::temp_dir().join(format!("players-env-db-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::env::set_var("BOARDGAMES_MORRIS_DB", &dir);
    let (db, errors) = env_databases();
    assert!(errors.is_empty(), "{errors:?}");
    let db = db.as_ref().unwrap();
    assert_eq!(db.classes().count(), 4);
    for (a, b) in [(3, 3), (4, 3), (3, 4), (4, 4)] {
        assert!(db.class(a, b).is_some());
        assert!(dir.join(file_name(a, b)).exists());
    }
    let player = MorrisPlayer::new(Level::Expert, 1).with_env_databases();
    assert!(player.databases().is_some());
    std::fs::remove_dir_all(&dir).ok();
}
