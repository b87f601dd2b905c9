//! Finds won positions whose best line ends in a blockade (the loser has three or more pieces
//! and no move) without a capture on the way: the named blockade positions of the players'
//! tests come from here.
//!
//!     cargo run --release -p boardgames-morris-db --example blockades -- 5 5 5 [COUNT] [SEED]
//!
//! (class `a` v `b`, wins in at most `d` plies). Prints each position's diagram, its value and
//! the winning first moves.

use boardgames_core::{Game, MoveList, Rng, Status};
use boardgames_morris::Position;
use boardgames_morris_db::check::random_position;
use boardgames_morris_db::{default_dir, Databases};
use boardgames_solver::Value;

/// The databases' line from `pos` to the end: `Some(true)` when it ends in a blockade with no
/// capture on the way.
fn blockade_line(db: &Databases, mut pos: Position) -> Option<bool> {
    loop {
        if let Status::Won(_) = pos.status() {
            let loser = pos.side_to_move();
            return Some(pos.on_board(loser) >= 3);
        }
        let (mv, _) = db.best_move(&pos)?;
        if mv.capture().is_some() {
            return Some(false);
        }
        pos.play_unchecked(mv);
    }
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (a, b, most) = (
        args.first().copied().unwrap_or(5),
        args.get(1).copied().unwrap_or(5),
        args.get(2).copied().unwrap_or(5),
    );
    let count = args.get(3).copied().unwrap_or(5);
    let mut rng = Rng::new(u64::from(args.get(4).copied().unwrap_or(1)));
    let dir = default_dir().expect("a data directory");
    let (db, errors) = Databases::open(&dir, a.max(b));
    assert!(errors.is_empty(), "{errors:?}");
    let mut found = 0;
    for _ in 0..50_000_000u64 {
        let Some(pos) = random_position(&db, a, b, &mut rng) else {
            break;
        };
        let Some(Value::Win(d)) = db.value(&pos) else {
            continue;
        };
        if d < 3 || d > most as u16 || blockade_line(&db, pos) != Some(true) {
            continue;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let winning: Vec<String> = moves
            .iter()
            .filter(|&&mv| {
                let mut next = pos;
                next.play_unchecked(mv);
                db.value(&next).map(Value::parent) == Some(Value::Win(d))
            })
            .map(|mv| mv.to_string())
            .collect();
        println!(
            "{pos:?}\n{pos}\n{} moves; win in {d}: {}\n",
            moves.len(),
            winning.join(" ")
        );
        found += 1;
        if found == count {
            break;
        }
    }
}
