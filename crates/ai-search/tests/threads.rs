//! Threads: one thread is exactly the searcher as it was before Lazy SMP (same move, score,
//! depth and node count on fixed positions), and several threads give playable results.

use boardgames_core::{Game, MoveList};
use boardgames_search::{Evaluator, Limits, NoKnowledge, Score, Searcher, Techniques};
use core::hash::{Hash, Hasher};

/// FNV-1a: a hasher whose output is fixed forever (std's may change between releases).
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01B3);
        }
    }
}

/// An evaluator with opinions: a fixed pseudo-random score per position and hint per move, so
/// that ordering, aspiration and the table all matter (and any change in them shows).
#[derive(Clone, Copy, Debug)]
struct Scrambled;

impl<G: Game> Evaluator<G> for Scrambled {
    fn evaluate(&self, position: &G) -> Score {
        (position.zobrist() % 201) as Score - 100
    }
    fn order_hint(&self, _position: &G, mv: G::Move) -> Score {
        let mut h = Fnv(0xCBF2_9CE4_8422_2325);
        mv.hash(&mut h);
        (h.finish() % 50) as Score
    }
}

fn ultimate(moves: &str) -> boardgames_ultimate::Position {
    let mut p = boardgames_ultimate::Position::new();
    for m in moves.split_whitespace() {
        p.play(m.parse().unwrap()).unwrap();
    }
    p
}

/// A search's fingerprint: best move, score, depth, nodes.
type Print = (String, Score, u32, u64);

fn run<G: Game, E: Evaluator<G>>(s: &mut Searcher<G, E>, p: &G, depth: u32) -> Print {
    let r = s.search(p, &Limits::depth(depth));
    let best = r.best_move.map(|m| m.to_string()).unwrap_or_default();
    (best, r.score, r.depth, r.nodes)
}

/// Fixed ultimate positions (from the AI-depth suite) and what the searcher of commit 80d8581,
/// before Lazy SMP, returned on each with three settings: (a) scrambled evaluator, 1 MiB table,
/// depth step 2, depth 8; (b) scrambled, 64 KiB table, depth 7; (c) no knowledge, 256 KiB
/// table, every technique but aspiration, depth 6.
#[allow(clippy::type_complexity)]
const BEFORE: [(&str, [(&str, Score, u32, u64); 3]); 4] = [
    (
        "",
        [
            ("36", -62, 8, 2058409),
            ("91", 65, 7, 855281),
            ("11", 0, 6, 24972),
        ],
    ),
    (
        "55 57 73 31",
        [
            ("16", -61, 8, 398251),
            ("17", 63, 7, 94142),
            ("11", 0, 6, 2887),
        ],
    ),
    (
        "59 99 95 51 17 76 63 32 28 87",
        [
            ("79", -58, 8, 185465),
            ("79", 62, 7, 73316),
            ("71", 0, 6, 2855),
        ],
    ),
    (
        "56 62 23 33 31 13 39 97 73 38 85 51 14 46 68 86 67 79 91 17",
        [
            ("77", -56, 8, 72869),
            ("71", 57, 7, 44485),
            ("71", 0, 6, 1919),
        ],
    ),
];

fn settings(threads: usize, p: &boardgames_ultimate::Position) -> [Print; 3] {
    let no_aspiration = Techniques {
        aspiration: false,
        ..Techniques::ALL
    };
    let mut a = Searcher::new(Scrambled)
        .with_table_bytes(1 << 20)
        .with_depth_step(2)
        .with_threads(threads);
    let mut b = Searcher::new(Scrambled)
        .with_table_bytes(1 << 16)
        .with_threads(threads);
    let mut c = Searcher::new(NoKnowledge)
        .with_table_bytes(1 << 18)
        .with_techniques(no_aspiration)
        .with_threads(threads);
    [run(&mut a, p, 8), run(&mut b, p, 7), run(&mut c, p, 6)]
}

#[test]
fn one_thread_is_bit_for_bit_the_searcher_before_lazy_smp() {
    for (moves, want) in BEFORE {
        let p = ultimate(moves);
        let want = want.map(|(m, s, d, n)| (m.to_string(), s, d, n));
        // The default searcher and an explicit single thread alike.
        assert_eq!(settings(1, &p), want, "after {moves:?}");
        let default = Searcher::new(Scrambled).with_table_bytes(1 << 16);
        assert_eq!(run(&mut { default }, &p, 7), want[1], "after {moves:?}");
    }
    let t: boardgames_tictactoe::Position = "X../.O./...".parse().unwrap();
    let mut searcher = Searcher::new(Scrambled).with_table_bytes(1 << 12);
    assert_eq!(run(&mut searcher, &t, 7), ("a2".to_string(), 0, 7, 1880));
}

#[test]
fn two_threads_keep_the_value_at_each_depth() {
    // Lazy SMP changes the tree searched, not the value at a fixed depth: every shared entry
    // is a true bound of its own depth.
    for (moves, want) in BEFORE.iter().skip(1) {
        let p = ultimate(moves);
        for _ in 0..3 {
            let got = settings(2, &p);
            for (g, w) in got.iter().zip(want) {
                assert_eq!((g.1, g.2), (w.1, w.2), "after {moves:?}");
                let mv: boardgames_ultimate::Move = g.0.parse().unwrap();
                assert!(p.is_legal(mv), "{} after {moves:?}", g.0);
            }
        }
    }
}

#[test]
fn threads_prove_tictactoe_like_one_thread() {
    let mut moves = MoveList::new();
    let start = boardgames_tictactoe::Position::new();
    start.legal_moves(&mut moves);
    for &first in &moves {
        let mut p = start;
        p.play(first).unwrap();
        let one = Searcher::new(NoKnowledge).search(&p, &Limits::depth(9));
        let mut three = Searcher::new(NoKnowledge).with_threads(3);
        let many = three.search(&p, &Limits::depth(9));
        assert_eq!(
            (many.score, many.proof),
            (one.score, one.proof),
            "after {first}"
        );
        let mut line = p;
        for &mv in &many.pv {
            line.play(mv).unwrap();
        }
    }
}

#[test]
fn a_node_limit_is_shared_between_threads() {
    let p = ultimate("");
    let mut searcher = Searcher::new(Scrambled).with_threads(2);
    let result = searcher.search(&p, &Limits::depth(20).with_nodes(200_000));
    assert!(result.depth < 20);
    // Each thread stops within one check interval (1024 nodes) of its half, apart from the
    // first iteration, which always completes (a few thousand nodes here).
    assert!(
        result.nodes <= 200_000 + 2 * 1024 + 20_000,
        "{} nodes",
        result.nodes
    );
    assert!(p.is_legal(result.best_move.unwrap()));
}

#[test]
fn threads_report_the_deepest_completed_iteration_and_its_value() {
    // The threads stop when the first of them completes the target depth, and the result is
    // the deepest iteration any of them completed (a helper's or the main thread's): its
    // depth and value are those of one thread searching to that depth. An odd target with a
    // depth step of 2 is off the helpers' schedule of even depths, and was once never
    // reached by them.
    let searcher = |threads| {
        Searcher::new(Scrambled)
            .with_table_bytes(1 << 20)
            .with_depth_step(2)
            .with_threads(threads)
    };
    let (mut one, mut two) = (searcher(1), searcher(2));
    for (moves, _) in BEFORE {
        let p = ultimate(moves);
        for target in [5, 7, 8] {
            let alone = one.search(&p, &Limits::depth(target));
            for _ in 0..3 {
                let together = two.search(&p, &Limits::depth(target));
                assert_eq!(together.depth, target, "after {moves:?}");
                assert_eq!(together.score, alone.score, "after {moves:?} to {target}");
                assert_eq!(together.pv.first(), together.best_move.as_ref());
                let mut line = p;
                for &mv in &together.pv {
                    assert!(line.play(mv).is_ok(), "{mv} after {moves:?}");
                }
            }
        }
        // Stopped by a node limit, whatever depth the threads report is a completed one.
        for nodes in [20_000, 150_000] {
            let stopped = two.search(&p, &Limits::none().with_nodes(nodes));
            assert!(stopped.depth >= 2, "after {moves:?}");
            let alone = one.search(&p, &Limits::depth(stopped.depth));
            assert_eq!(stopped.score, alone.score, "after {moves:?}, {nodes} nodes");
        }
    }
}
