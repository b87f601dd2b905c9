//! Tic-tac-toe, the solver's first game: every position a game reaches, numbered in base 3
//! with one representative per symmetry class, solved by both solvers, verified, and compared
//! with an exhaustive negamax of every reachable position (symmetric images included).

use boardgames_core::{ByPlayer, Game, MoveList, Player, Status};
use boardgames_solver::{
    best_of, solve, solve_by_sweeps, verify, Node, Predecessors, Space, Successor, Value,
};
use boardgames_tictactoe::{Cell, Marks, Position, Setup};
use std::collections::HashMap;

struct TicTacToe;

/// The base-3 index of a position: digit `c` is 0, 1 (X) or 2 (O) for cell `c`.
fn index(pos: &Position) -> u64 {
    Cell::ALL.iter().rev().fold(0, |acc, &c| {
        acc * 3
            + match pos.mark_at(c) {
                None => 0,
                Some(Player::First) => 1,
                Some(Player::Second) => 2,
            }
    })
}

/// The position of an index, if a game reaches it (the side to move follows from the counts).
fn position(mut index: u64) -> Option<Position> {
    let mut marks = [Marks::EMPTY, Marks::EMPTY];
    for c in 0..9 {
        match index % 3 {
            1 => marks[0] = marks[0].with(c),
            2 => marks[1] = marks[1].with(c),
            _ => {}
        }
        index /= 3;
    }
    let side_to_move = if marks[0].count() > marks[1].count() {
        Player::Second
    } else {
        Player::First
    };
    Position::try_from(Setup {
        marks: ByPlayer::new(marks[0], marks[1]),
        side_to_move,
    })
    .ok()
}

fn terminal_value(pos: &Position) -> Option<Value> {
    match pos.status() {
        Status::Ongoing => None,
        Status::Draw => Some(Value::Draw),
        Status::Won(_) => Some(Value::Loss(0)),
    }
}

impl Space for TicTacToe {
    fn size(&self) -> u64 {
        3u64.pow(9)
    }

    fn successors(&self, i: u64, visit: &mut impl FnMut(Successor)) -> Node {
        let Some(pos) = position(i).filter(|p| p.canonical() == *p) else {
            return Node::Unused;
        };
        if let Some(value) = terminal_value(&pos) {
            return Node::Terminal(value);
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &mv in &moves {
            let mut next = pos;
            next.play_unchecked(mv);
            visit(Successor::Inside(index(&next.canonical())));
        }
        Node::Inner
    }
}

impl Predecessors for TicTacToe {
    fn predecessors(&self, i: u64, visit: &mut impl FnMut(u64)) {
        let Some(pos) = position(i) else { return };
        // The player who moved last is the one not to move; taking back one of their marks
        // gives a position with that player to move, which must not be finished.
        let last = pos.side_to_move().opponent();
        let digit = if last == Player::First { 1 } else { 2 };
        let mut place = 1;
        for _ in 0..9 {
            if i / place % 3 == digit {
                if let Some(prev) = position(i - digit * place) {
                    if terminal_value(&prev).is_none() {
                        visit(index(&prev.canonical()));
                    }
                }
            }
            place *= 3;
        }
    }
}

fn negamax(pos: &Position, memo: &mut HashMap<Position, Value>) -> Value {
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let value = terminal_value(pos).unwrap_or_else(|| {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let children: Vec<Value> = moves
            .iter()
            .map(|&mv| {
                let mut next = *pos;
                next.play_unchecked(mv);
                negamax(&next, memo)
            })
            .collect();
        best_of(children)
    });
    memo.insert(*pos, value);
    value
}

#[test]
fn every_reachable_position_agrees_with_negamax() {
    let table = solve(&TicTacToe, |_| {}).unwrap();
    verify(&TicTacToe, &table, |_| {}).unwrap();
    assert_eq!(solve_by_sweeps(&TicTacToe, |_| {}), table);
    let counts = table.counts();
    // 765 positions up to symmetry (terminal ones included), of 5478 reachable.
    assert_eq!(counts.positions(), 765);
    let mut memo = HashMap::new();
    let mut reachable = 0;
    for i in 0..TicTacToe.size() {
        let Some(pos) = position(i) else { continue };
        reachable += 1;
        let stored = table.value(index(&pos.canonical()));
        assert_eq!(stored, Some(negamax(&pos, &mut memo)), "{pos:?}");
    }
    assert_eq!(reachable, 5478);
    // The empty board is a draw; X's first move in a corner leaves O a draw only in the centre.
    assert_eq!(table.value(0), Some(Value::Draw));
    let corner = Position::new().with_move(Cell::ALL[0]);
    let mut moves = MoveList::new();
    corner.legal_moves(&mut moves);
    let drawing: Vec<u32> = moves
        .iter()
        .filter(|&&mv| {
            let mut next = corner;
            next.play_unchecked(mv);
            table.value(index(&next.canonical())) == Some(Value::Draw)
        })
        .map(|&mv| mv.index())
        .collect();
    assert_eq!(drawing, [4]);
}
