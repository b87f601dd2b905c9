//! Bulk work on many threads: perft and random playouts, beside their one-thread versions.
//!
//! Scoped threads of the standard library (`std::thread::scope`), no thread pool: each call
//! starts its threads and joins them before it returns. The threads take work from a shared
//! counter, so a thread that finishes early takes the next piece.

use crate::{perft, Game, MoveList, Player, RandomSource, Rng, Status};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Perft on `threads` threads (0 counts as 1): the same count as [`perft`]. The work is split
/// at the first ply, or at the second when the first has fewer than eight moves a thread.
pub fn perft_parallel<G: Game + Sync>(position: &G, depth: u32, threads: usize) -> u64 {
    let threads = threads.max(1);
    if depth <= 2 || threads == 1 {
        return perft(position, depth);
    }
    let mut frontier = children(position);
    let mut split = 1;
    if frontier.len() < 8 * threads && depth > 3 {
        frontier = frontier.iter().flat_map(children).collect();
        split = 2;
    }
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut sum = 0;
                    while let Some(child) = frontier.get(next.fetch_add(1, Ordering::Relaxed)) {
                        sum += perft(child, depth - split);
                    }
                    sum
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum()
    })
}

/// The positions after each legal move, in move order.
fn children<G: Game>(position: &G) -> Vec<G> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            child
        })
        .collect()
}

/// The outcomes of a batch of random playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutTally {
    /// Games the first player won.
    pub first: u64,
    /// Games the second player won.
    pub second: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games cut off at the ply cap.
    pub unfinished: u64,
    /// Plies played, all games together.
    pub plies: u64,
}

impl PlayoutTally {
    /// The number of games.
    pub fn games(&self) -> u64 {
        self.first + self.second + self.draws + self.unfinished
    }

    /// Counts one game.
    pub fn add(&mut self, status: Status, plies: usize) {
        match status {
            Status::Won(Player::First) => self.first += 1,
            Status::Won(Player::Second) => self.second += 1,
            Status::Draw => self.draws += 1,
            Status::Ongoing => self.unfinished += 1,
        }
        self.plies += plies as u64;
    }

    /// Both tallies together.
    pub fn merge(self, other: PlayoutTally) -> PlayoutTally {
        PlayoutTally {
            first: self.first + other.first,
            second: self.second + other.second,
            draws: self.draws + other.draws,
            unfinished: self.unfinished + other.unfinished,
            plies: self.plies + other.plies,
        }
    }
}

/// `count` random playouts ([`Game::random_playout`]) from `position`, each capped at
/// `max_plies`, drawing from `rng`.
pub fn playouts<G: Game, R: RandomSource + ?Sized>(
    position: &G,
    count: u64,
    rng: &mut R,
    max_plies: usize,
) -> PlayoutTally {
    let mut tally = PlayoutTally::default();
    for _ in 0..count {
        let mut game = position.clone();
        let (status, plies) = game.random_playout(rng, max_plies);
        tally.add(status, plies);
    }
    tally
}

/// [`playouts`] on `threads` threads (0 counts as 1): thread `i` plays its share of the
/// `count` games from its own stream, `Rng::new(seed).fork(i)`, so the tally depends only on
/// the seed and the thread count (one thread plays the stream `Rng::new(seed)`, as
/// [`playouts`] does).
pub fn playouts_parallel<G: Game + Sync>(
    position: &G,
    count: u64,
    seed: u64,
    max_plies: usize,
    threads: usize,
) -> PlayoutTally {
    let threads = threads.max(1) as u64;
    let base = Rng::new(seed);
    if threads == 1 {
        return playouts(position, count, &mut base.clone(), max_plies);
    }
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|i| {
                let share = count / threads + u64::from(i < count % threads);
                let mut rng = base.fork(i);
                scope.spawn(move || playouts(position, share, &mut rng, max_plies))
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .fold(PlayoutTally::default(), PlayoutTally::merge)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim-like toy game: take 1 or 2 from a pile; whoever takes the last wins.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    struct Pile(u8, Player);

    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    struct Take(u8);

    impl core::fmt::Display for Take {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    #[derive(Clone, PartialEq, Debug, thiserror::Error)]
    #[error("bad take")]
    struct Bad;

    impl crate::MoveError for Bad {
        fn is_game_over(&self) -> bool {
            false
        }
    }

    impl core::str::FromStr for Take {
        type Err = Bad;
        fn from_str(s: &str) -> Result<Take, Bad> {
            s.parse().map(Take).map_err(|_| Bad)
        }
    }

    impl Game for Pile {
        type Move = Take;
        type ParseMoveError = Bad;
        type Illegal = Bad;
        fn side_to_move(&self) -> Player {
            self.1
        }
        fn status(&self) -> Status {
            if self.0 == 0 {
                Status::Won(self.1.opponent())
            } else {
                Status::Ongoing
            }
        }
        fn legal_moves(&self, moves: &mut MoveList<Take>) {
            moves.clear();
            moves.extend((1..=self.0.min(2)).map(Take));
        }
        fn check_move(&self, mv: Take) -> Result<(), Bad> {
            if (1..=self.0.min(2)).contains(&mv.0) {
                Ok(())
            } else {
                Err(Bad)
            }
        }
        fn play_unchecked(&mut self, mv: Take) {
            self.0 -= mv.0;
            self.1 = self.1.opponent();
        }
        fn zobrist(&self) -> u64 {
            u64::from(self.0)
        }
        fn zobrist_from_scratch(&self) -> u64 {
            u64::from(self.0)
        }
        fn max_remaining_plies(&self) -> Option<usize> {
            Some(usize::from(self.0))
        }
    }

    #[test]
    fn parallel_perft_counts_what_perft_counts() {
        for pile in [3u8, 9, 20] {
            let start = Pile(pile, Player::First);
            for depth in 0..8 {
                let want = perft(&start, depth);
                for threads in [0, 1, 2, 3] {
                    assert_eq!(perft_parallel(&start, depth, threads), want, "pile {pile}");
                }
            }
        }
    }

    #[test]
    fn parallel_playouts_tally_every_game() {
        let start = Pile(10, Player::First);
        let one = playouts(&start, 1000, &mut Rng::new(7), 100);
        assert_eq!(one.games(), 1000);
        assert_eq!(one.draws + one.unfinished, 0);
        assert_eq!(playouts_parallel(&start, 1000, 7, 100, 1), one);
        for threads in [2, 3] {
            let tally = playouts_parallel(&start, 1001, 7, 100, threads);
            assert_eq!(tally.games(), 1001);
            assert!(tally.plies >= 5 * 1001 && tally.plies <= 10 * 1001);
            assert_eq!(tally, playouts_parallel(&start, 1001, 7, 100, threads));
        }
        // A cap shorter than every game: all unfinished.
        let capped = playouts_parallel(&start, 50, 1, 2, 2);
        assert_eq!((capped.unfinished, capped.plies), (50, 100));
    }
}
