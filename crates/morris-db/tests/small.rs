//! The small classes (3 v 3, 4 v 3 and 3 v 4), built once into a temporary directory: the
//! full verification, an independent proof search on sampled positions, symmetric images,
//! best moves, known positions, and refused files.

use boardgames_core::Player;
use boardgames_morris::Position;
use boardgames_morris_db::check::{check_class, endgame, proven_value};
use boardgames_morris_db::{build, file_name, verify_group, Databases, DbError};
use boardgames_solver::{TableError, Value};
use std::path::PathBuf;
use std::sync::OnceLock;

/// The databases up to the 4 v 3 group (4 v 4 is left to the command: it takes longer).
fn small() -> &'static (PathBuf, Databases) {
    static DB: OnceLock<(PathBuf, Databases)> = OnceLock::new();
    DB.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("morris-db-small-{}", std::process::id()));
        let (db, reports) = build(&dir, 3, |_, _| {}).unwrap();
        assert_eq!(reports.len(), 1);
        let mut db = db;
        boardgames_morris_db::build_group(&mut db, 4, 3, &mut |_, _| {}).unwrap();
        (dir, db)
    })
}

#[test]
fn every_stored_value_agrees_with_its_successors() {
    let (_, db) = small();
    verify_group(db, 3, 3, |_| {}).unwrap();
    verify_group(db, 4, 3, |_| {}).unwrap();
}

#[test]
fn samples_agree_with_a_proof_search_their_images_and_their_best_moves() {
    let (_, db) = small();
    let mut proven = 0;
    for class in [(3, 3), (4, 3), (3, 4)] {
        let report = check_class(db, class, 200, 3, 11).unwrap();
        assert_eq!(report.positions, 200);
        proven += report.proven;
    }
    // Many 3 v 3 and 4 v 3 positions are quick wins for the side to move: the search proves
    // them.
    assert!(proven > 50, "{proven}");
}

#[test]
fn named_positions_have_their_values() {
    let (_, db) = small();
    // White flies into a mill and leaves black two pieces.
    let pos = endgame("a1 a4 d2", "g7 f6 e5", Player::First).unwrap();
    assert_eq!(db.value(&pos), Some(Value::Win(1)));
    assert_eq!(proven_value(&pos, 1), Some(Value::Win(1)));
    // The same with black to move: black blocks a7 and holds (flying, three each).
    let defend = endgame("a1 a4 d2", "g7 f6 e5", Player::Second).unwrap();
    let (mv, value) = db.best_move(&defend).unwrap();
    assert_eq!(mv.to().to_string(), "a7");
    assert!(value > Value::Loss(2), "{value}");
    // Placing, or without flying, is not covered.
    assert_eq!(db.value(&Position::new()), None);
}

#[test]
fn a_damaged_or_foreign_file_is_refused_by_name() {
    let (dir, _) = small();
    let copy = dir.with_extension("damaged");
    std::fs::create_dir_all(&copy).unwrap();
    let original = std::fs::read(dir.join(file_name(3, 3))).unwrap();
    let cases: [(&str, Vec<u8>); 3] = [
        ("truncated", original[..original.len() / 2].to_vec()),
        ("corrupt", {
            let mut b = original.clone();
            b[1000] ^= 1;
            b
        }),
        ("foreign", std::fs::read(dir.join(file_name(4, 3))).unwrap()),
    ];
    for (what, bytes) in cases {
        std::fs::write(copy.join(file_name(3, 3)), bytes).unwrap();
        let (db, errors) = Databases::open(&copy, 3);
        assert!(db.class(3, 3).is_none(), "{what}");
        assert_eq!(errors.len(), 1, "{what}");
        let text = errors[0].to_string();
        assert!(text.contains("morris-3v3.table"), "{what}: {text}");
        assert!(
            matches!(
                &errors[0],
                DbError::Table(
                    TableError::Length { .. }
                        | TableError::Checksum { .. }
                        | TableError::Foreign { .. }
                )
            ),
            "{what}: {text}"
        );
    }
    // A missing file is no error: the class is simply not covered.
    std::fs::remove_file(copy.join(file_name(3, 3))).unwrap();
    let (db, errors) = Databases::open(&copy, 3);
    assert!(errors.is_empty() && db.class(3, 3).is_none());
    std::fs::remove_dir_all(&copy).unwrap();
}

#[test]
fn a_second_build_loads_what_the_first_wrote() {
    let (dir, db) = small();
    let (again, reports) = build(dir, 3, |_, _| {}).unwrap();
    assert!(reports.iter().all(|r| !r.built));
    assert_eq!(
        again.class(3, 3).unwrap().table(),
        db.class(3, 3).unwrap().table()
    );
}

/// The solver without predecessors gives the 3 v 3, 4 v 3 and 3 v 4 tables again (a minute:
/// ignored).
#[test]
#[ignore = "slow: one sweep over each group per distance"]
fn the_sweeping_solver_agrees_on_the_small_classes() {
    let (_, db) = small();
    let swept = boardgames_morris_db::sweep_group(db, 3, 3);
    assert_eq!(&swept, db.class(3, 3).unwrap().table());
    let swept = boardgames_morris_db::sweep_group(db, 4, 3);
    let mut stored = db.class(4, 3).unwrap().table().codes().to_vec();
    stored.extend_from_slice(db.class(3, 4).unwrap().table().codes());
    assert_eq!(swept.codes(), &stored[..]);
}
