//! Perft: counting the move sequences of a given length, the standard check of a move
//! generator.

use crate::{Game, MoveList};

/// The number of sequences of exactly `depth` legal moves from `position`. A finished game
/// contributes no sequences past its end. The last ply is counted with
/// [`Game::legal_move_count`] (bulk counting). [`crate::perft_parallel`] gives the same count
/// on several threads.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.legal_move_count() as u64,
        _ => {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = position.clone();
                    child.play_unchecked(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by first move: each legal move with the number of sequences it starts.
pub fn perft_divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
