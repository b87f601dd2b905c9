//! The search takes the shortest forced win in morris (and the loser delays it): wins in one
//! by a capture, by a block and by the last placement, and forced mill sequences of three,
//! five and seven plies, checked against plain negamax where that is affordable.

use boardgames_core::Game;
use boardgames_morris::{Move, Position};
use boardgames_players::morris::MorrisEvaluator;
use boardgames_search::{negamax, score, Limits, Proof, SearchResult, Searcher};

fn pos(diagram: &str) -> Position {
    diagram
        .parse()
        .unwrap_or_else(|e| panic!("bad test diagram: {e}\n{diagram}"))
}

fn search(position: &Position, limits: Limits) -> SearchResult<Move> {
    Searcher::new(MorrisEvaluator::new())
        .with_table_bytes(4 << 20)
        .search(position, &limits)
}

/// Asserts that the side to move wins in exactly `plies` plies: the search proves it, negamax
/// finds no win two plies sooner, and the chosen move leaves the opponent a loss in
/// `plies - 1`.
fn assert_shortest_win(position: &Position, plies: usize) -> Move {
    let result = search(position, Limits::depth(plies as u32 + 2));
    assert_eq!(result.proof, Some(Proof::Win), "{position}\n{result:?}");
    assert_eq!(result.plies_to_end(), Some(plies), "{position}\n{result:?}");
    assert_eq!(result.score, score::win_in(plies));
    assert_eq!(
        result.pv.len(),
        plies,
        "the principal variation plays the win out"
    );
    if plies > 2 {
        let sooner = negamax(position, plies as u32 - 2, &MorrisEvaluator::new());
        assert!(!score::is_decisive(sooner), "a faster win exists: {sooner}");
    }
    let best = result.best_move.unwrap();
    let mut child = *position;
    child.play(best).expect("the best move is legal");
    if plies == 1 {
        assert!(child.status().is_over(), "{best} does not end the game");
    } else {
        let reply = search(&child, Limits::depth(plies as u32 + 1));
        assert_eq!(reply.proof, Some(Proof::Loss), "after {best}");
        assert_eq!(reply.plies_to_end(), Some(plies - 1), "after {best}");
    }
    best
}

#[test]
fn win_in_one_by_capturing_the_third_piece() {
    // White slides g4-g1, closing a1-d1-g1; black is down to three pieces and keeps two.
    let position = pos("
7 .-----------.-----------.
6 |   B-------.-------.   |
5 |   |   .---B---.   |   |
4 .---.---W       W---.---W
3 |   |   .---.---B   |   |
2 |   .-------.-------.   |
1 W-----------W-----------.
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0
");
    let best = assert_shortest_win(&position, 1);
    assert_eq!(best.from().unwrap().to_string(), "g4");
    assert_eq!(best.to().to_string(), "g1");
    assert!(best.capture().is_some());
}

#[test]
fn win_in_one_by_blocking_every_piece() {
    // Black's four pieces a1 d1 g1 a4 have one free neighbour left, b4: c4-b4 shuts it.
    let position = pos("
7 W-----------.-----------.
6 |   .-------.-------.   |
5 |   |   .---.---.   |   |
4 B---.---W       .---.---W
3 |   |   .---.---.   |   |
2 |   .-------W-------.   |
1 B-----------B-----------B
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0
");
    let best = assert_shortest_win(&position, 1);
    assert_eq!(best.to_string(), "c4-b4");
}

#[test]
fn win_in_one_with_the_last_placement() {
    // Black places its ninth piece and closes a mill (a7 or b2); white, with three pieces on
    // the board and none in hand, keeps two.
    let position = pos("
7 .-----------.-----------W
6 |   B-------B-------.   |
5 |   |   B---.---.   |   |
4 B---.---W       B---.---.
3 |   |   .---W---.   |   |
2 |   .-------B-------B   |
1 B-----------.-----------.
  a   b   c   d   e   f   g
to move: black
in hand: white 0, black 1
");
    let best = assert_shortest_win(&position, 1);
    assert!(best.is_placement() && best.capture().is_some());
    assert!(["a7", "b2"].contains(&best.to().to_string().as_str()));
}

#[test]
fn forced_mill_in_three() {
    // Black a7-a4 leaves the mill a7-d7-g7 and opens a4-b4-c4: two mills to close next
    // (b6-b4, or a4-a7 back), and white, flying with three pieces, can block one.
    let position = pos("
7 B-----------B-----------B
6 |   B-------B-------.   |
5 |   |   .---W---.   |   |
4 .---.---B       .---.---.
3 |   |   W---.---.   |   |
2 |   .-------.-------.   |
1 W-----------.-----------.
  a   b   c   d   e   f   g
to move: black
in hand: white 0, black 0
");
    assert_shortest_win(&position, 3);
}

#[test]
fn forced_mills_in_three_with_a_capture_first() {
    // White a1-a4 closes a4-b4-c4 at once, and whatever black does, another mill follows.
    let position = pos("
7 B-----------.-----------W
6 |   B-------B-------W   |
5 |   |   B---W---.   |   |
4 .---W---W       B---.---.
3 |   |   .---.---W   |   |
2 |   .-------.-------.   |
1 W-----------W-----------W
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0
");
    let best = assert_shortest_win(&position, 3);
    assert!(best.capture().is_some(), "{best}");
}

#[test]
fn forced_mills_in_five() {
    // Two mills in a row: black, down to three pieces after the first, cannot stop the second.
    let position = pos("
7 W-----------W-----------.
6 |   W-------.-------W   |
5 |   |   B---.---.   |   |
4 B---.---.       B---.---W
3 |   |   W---W---W   |   |
2 |   .-------W-------B   |
1 .-----------.-----------.
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0
");
    assert_shortest_win(&position, 5);
}

#[test]
fn forced_mills_in_seven_and_the_loser_delays() {
    // Black needs three mills against white's four pieces; white, losing, holds out for six
    // more plies (the reply search proves a loss in 6, not sooner).
    let position = pos("
7 B-----------.-----------W
6 |   B-------B-------B   |
5 |   |   B---B---.   |   |
4 B---W---.       .---.---W
3 |   |   .---.---.   |   |
2 |   .-------B-------W   |
1 B-----------.-----------.
  a   b   c   d   e   f   g
to move: black
in hand: white 0, black 0
");
    assert_shortest_win(&position, 7);
    // With time to spare, iterative deepening stops once the win is proven within its depth.
    let result = search(&position, Limits::depth(20));
    assert_eq!(result.plies_to_end(), Some(7));
    assert!(result.depth <= 9, "searched on to depth {}", result.depth);
}
