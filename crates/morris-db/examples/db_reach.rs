//! What the endgame databases could have told in played games: reads arena records (one
//! game a file, e.g. a match's `--records` folder) and, for each game, the first position
//! both players done placing whose class is built, at which ply, its value for the player
//! with the databases (the one whose name holds `db=on`, else the first), the moves of each
//! side that turned a covered value against the side that made them (a win given up for a
//! draw or a loss, a draw for a loss: mistakes the databases see), and the result. Then, over all games, which classes (the larger side
//! first, both done placing) the games pass through, decided and drawn apart.
//!
//!     cargo run --release -p boardgames-morris-db --example db_reach -- RECORDS_DIR...
//!
//! With `DB_REACH_TRACE` set, each move of the side with databases that lost ground is
//! printed with its position and the value of every move there.
//!
//! The databases are those of the default data directory.

use boardgames_core::matches::record::Record;
use boardgames_core::{Game, Player};
use boardgames_morris::Position;
use boardgames_morris_db::{default_dir, Databases};
use boardgames_solver::Value;
use std::collections::{BTreeMap, BTreeSet};

/// A value for `viewer`, from a position's value for its side to move.
fn for_viewer(value: Value, position: &Position, viewer: Player) -> Value {
    if position.side_to_move() == viewer {
        value
    } else {
        value.parent()
    }
}

/// W, D or L: the outcome of a value, without its distance.
fn outcome(value: Value) -> char {
    match value {
        Value::Win(_) => 'W',
        Value::Draw => 'D',
        Value::Loss(_) => 'L',
    }
}

/// One game as the databases see it.
#[derive(Default)]
struct Reach {
    /// The first covered position: ply, class as (side to move, other), value for the viewer.
    entry: Option<(usize, (u32, u32), Value)>,
    /// Moves of each side that changed the covered value's outcome against itself:
    /// (viewer's, opponent's).
    errors: (u32, u32),
    /// Those moves: the ply of the position they lead to, the outcomes before and after
    /// (for the viewer), and whether the viewer made it.
    changes: Vec<(usize, char, char, bool)>,
    /// The classes passed through, larger side first.
    classes: BTreeSet<(u32, u32)>,
    /// The pieces each side had when both were done placing, larger side first.
    moving_from: Option<(u32, u32)>,
}

/// Prints `position` and the databases' value of each of its moves (with
/// `DB_REACH_TRACE` set, for each move of the databases' side that lost ground).
fn trace(db: &Databases, position: &Position) {
    let mut moves = boardgames_core::MoveList::new();
    position.legal_moves(&mut moves);
    let values: Vec<String> = moves
        .iter()
        .map(|&mv| {
            let mut next = *position;
            next.play_unchecked(mv);
            let value = db.value(&next).map(Value::parent);
            format!("{mv} {value:?}")
        })
        .collect();
    eprintln!("{position:?}\n{position}\n{}", values.join(", "));
}

fn analyse(db: &Databases, positions: &[Position], viewer: Player) -> Reach {
    let mut reach = Reach::default();
    let mut last: Option<char> = None;
    for (ply, pos) in positions.iter().enumerate() {
        if pos.in_hand(Player::First) + pos.in_hand(Player::Second) > 0 {
            continue;
        }
        let counts = (pos.on_board(Player::First), pos.on_board(Player::Second));
        let class = (counts.0.max(counts.1), counts.0.min(counts.1));
        if class.1 >= 3 {
            reach.classes.insert(class);
            reach.moving_from.get_or_insert(class);
        }
        if pos.status().is_over() {
            break;
        }
        let Some(value) = db.value(pos) else {
            last = None;
            continue;
        };
        let mine = for_viewer(value, pos, viewer);
        let me = pos.side_to_move();
        let class = (pos.on_board(me), pos.on_board(me.opponent()));
        reach.entry.get_or_insert((ply, class, mine));
        let now = outcome(mine);
        if let Some(before) = last {
            // The move into this position was made by the side not to move now.
            let mover_is_viewer = me != viewer;
            let rank = |c: char| "LDW".find(c).unwrap_or(1);
            if mover_is_viewer && rank(now) < rank(before) {
                reach.errors.0 += 1;
                reach.changes.push((ply, before, now, true));
                if std::env::var_os("DB_REACH_TRACE").is_some() {
                    trace(db, &positions[ply - 1]);
                }
            } else if !mover_is_viewer && rank(now) > rank(before) {
                reach.errors.1 += 1;
                reach.changes.push((ply, before, now, false));
            }
        }
        last = Some(now);
    }
    reach
}

fn main() {
    let dir = default_dir().expect("a data directory");
    let (db, errors) = Databases::open(&dir, 9);
    assert!(errors.is_empty(), "{errors:?}");
    let built: Vec<String> = db.classes().map(|(a, b)| format!("{a}v{b}")).collect();
    println!("classes: {}", built.join(" "));
    let mut files: Vec<_> = std::env::args()
        .skip(1)
        .flat_map(|d| std::fs::read_dir(d).into_iter().flatten().flatten())
        .map(|e| e.path())
        .collect();
    files.sort();
    println!("game  result  moving-from  entry(ply class value)  errors(db other)  classes");
    let mut through: BTreeMap<(u32, u32), (u32, u32)> = BTreeMap::new();
    let mut summary = BTreeMap::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(record) = text.parse::<Record>() else {
            continue;
        };
        let Ok(game) = record.to_match::<Position>() else {
            continue;
        };
        let named_db = |tag| record.tag(tag).is_some_and(|n| n.contains("db=on"));
        let viewer = if named_db("Second") && !named_db("First") {
            Player::Second
        } else {
            Player::First
        };
        let mut positions = vec![*game.start()];
        for mv in game.moves() {
            let mut next = *positions.last().expect("a start");
            next.play_unchecked(mv);
            positions.push(next);
        }
        let result = match (record.tag("Result"), viewer) {
            (Some("1-0"), Player::First) | (Some("0-1"), Player::Second) => 'W',
            (Some("1-0"), _) | (Some("0-1"), _) => 'L',
            _ => 'D',
        };
        let reach = analyse(&db, &positions, viewer);
        for &class in &reach.classes {
            let entry = through.entry(class).or_default();
            if result == 'D' {
                entry.1 += 1;
            } else {
                entry.0 += 1;
            }
        }
        let entry = match reach.entry {
            Some((ply, (a, b), value)) => format!("{ply:>3} {a}v{b} {value:?}"),
            None => "-".to_owned(),
        };
        let key = (result, reach.entry.map(|e| outcome(e.2)));
        *summary.entry(key).or_insert(0) += 1;
        let mut classes: Vec<String> = reach
            .classes
            .iter()
            .map(|(a, b)| format!("{a}v{b}"))
            .collect();
        for &(ply, before, now, by_viewer) in &reach.changes {
            let who = if by_viewer { "db" } else { "other" };
            classes.push(format!("[ply {ply}: {before}->{now} by {who}]"));
        }
        println!(
            "{}  {result} {:>4}  {:>5}  {entry:<24}  {} {}  {}",
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            positions.len() - 1,
            reach
                .moving_from
                .map_or("-".to_owned(), |(a, b)| format!("{a}v{b}")),
            reach.errors.0,
            reach.errors.1,
            classes.join(" ")
        );
    }
    println!("\nresult (db side) / value at first covered position: games");
    for ((result, entry), n) in summary {
        println!("  {result} / {}: {n}", entry.map_or('-', |c| c));
    }
    println!("\nclass (larger first): games through it, decided / drawn");
    for ((a, b), (decided, drawn)) in through {
        println!("  {a}v{b}: {decided} / {drawn}");
    }
}
