//! Random game graphs with cycles, self-loops, repeated moves and known exits: both solvers
//! agree, the verification passes, and a damaged table fails it.

use boardgames_solver::{
    solve, solve_by_sweeps, verify, Node, Predecessors, Space, Successor, Table, Value,
};

/// A graph of `n` positions: each has a list of moves, inside or out.
struct Graph {
    moves: Vec<Vec<Successor>>,
    terminal: Vec<Option<Value>>,
}

/// A small xorshift generator (the test needs no quality, only repeatability).
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

impl Graph {
    fn random(seed: u64, n: u64) -> Graph {
        let mut rng = Xorshift(seed | 1);
        let mut moves = Vec::new();
        let mut terminal = Vec::new();
        for _ in 0..n {
            terminal.push(match rng.below(20) {
                0 => Some(Value::Loss(0)),
                1 => Some(Value::Draw),
                _ => None,
            });
            let degree = rng.below(5);
            let list = (0..degree)
                .map(|_| match rng.below(10) {
                    0 => Successor::Outside(Value::Win(rng.below(6) as u16)),
                    1 => Successor::Outside(Value::Loss(rng.below(6) as u16)),
                    2 if rng.below(4) == 0 => Successor::Outside(Value::Draw),
                    _ => Successor::Inside(rng.below(n)),
                })
                .collect();
            moves.push(list);
        }
        Graph { moves, terminal }
    }
}

impl Space for Graph {
    fn size(&self) -> u64 {
        self.moves.len() as u64
    }

    fn successors(&self, i: u64, visit: &mut impl FnMut(Successor)) -> Node {
        if let Some(v) = self.terminal[i as usize] {
            return Node::Terminal(v);
        }
        self.moves[i as usize].iter().copied().for_each(visit);
        Node::Inner
    }
}

impl Predecessors for Graph {
    fn predecessors(&self, i: u64, visit: &mut impl FnMut(u64)) {
        for (p, list) in self.moves.iter().enumerate() {
            if self.terminal[p].is_none() && list.contains(&Successor::Inside(i)) {
                visit(p as u64);
            }
        }
    }
}

#[test]
fn both_solvers_agree_on_random_graphs_and_pass_verification() {
    let mut kinds = [0u64; 3];
    for seed in 1..=200 {
        let graph = Graph::random(seed, 40 + seed % 30);
        let table = solve(&graph, |_| {}).unwrap();
        assert_eq!(solve_by_sweeps(&graph, |_| {}), table, "seed {seed}");
        verify(&graph, &table, |_| {}).unwrap();
        let counts = table.counts();
        kinds[0] += counts.wins;
        kinds[1] += counts.draws;
        kinds[2] += counts.losses;
    }
    // The graphs exercise every kind of value.
    assert!(kinds.iter().all(|&k| k > 100), "{kinds:?}");
}

#[test]
fn verification_finds_a_changed_value() {
    let graph = Graph::random(7, 60);
    let table = solve(&graph, |_| {}).unwrap();
    let mut changed = 0;
    for i in 0..table.len() {
        let mut codes = table.codes().to_vec();
        let other = match table.value(i) {
            Some(Value::Draw) => Value::Win(1),
            Some(Value::Win(d)) => Value::Win(d + 1),
            Some(Value::Loss(d)) => Value::Loss(d + 2),
            None => continue,
        };
        codes[i as usize] = other.code();
        let err = verify(&graph, &Table::from_codes(codes), |_| {}).unwrap_err();
        assert!(err.index <= i);
        changed += 1;
    }
    assert!(changed > 30);
}

#[test]
fn a_cycle_with_no_exit_is_drawn() {
    let graph = Graph {
        moves: vec![
            vec![Successor::Inside(1)],
            vec![Successor::Inside(0), Successor::Outside(Value::Win(4))],
        ],
        terminal: vec![None, None],
    };
    let table = solve(&graph, |_| {}).unwrap();
    assert_eq!(table.value(0), Some(Value::Draw));
    assert_eq!(table.value(1), Some(Value::Draw));
}
