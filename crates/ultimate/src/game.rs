//! The `boardgames_core::Game` implementation: the generic door used by perft, search, the
//! referee and the conformance harness.

use crate::{IllegalMove, Move, ParseMoveError, Position};
use boardgames_core::bitboard::SetCells;
use boardgames_core::{Game, MoveList, Player, RandomSource, Status};

/// Why typed input could not be played (`Game::play_text`): it could not be read, or the move
/// is illegal.
///
/// ```
/// use boardgames_ultimate::{InputError, Position};
/// use boardgames_core::Game;
///
/// let mut game = Position::new();
/// game.play_text("53").unwrap();
/// assert!(matches!(game.play_text("5"), Err(InputError::Parse(_))));
/// assert!(matches!(game.play_text("11"), Err(InputError::Illegal(_))));
/// ```
// Named beside the `Game` impl whose move parser and legality check it joins, not in
// `error.rs`: the alias names the position, whose module imports the errors.
pub type InputError = boardgames_core::InputError<Position>;

impl Game for Position {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type Illegal = IllegalMove;

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side()
    }

    #[inline]
    fn status(&self) -> Status {
        self.current_status()
    }

    /// Every legal move in cell-index order (`11`, `12`, ... `99`).
    #[inline]
    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        self.for_each_legal_board(|board, empty| {
            moves.extend(SetCells(empty).map(|cell| Move::of(board, cell as u8)));
        });
    }

    #[inline]
    fn legal_move_count(&self) -> usize {
        self.count_legal()
    }

    #[inline]
    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.legal_mask().contains(mv.index() as u32)
    }

    /// Plays `mv` without checking it. An illegal move gives a position the rules cannot
    /// reach (a mark on a dead cell, two marks on one cell), never a panic.
    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.zobrist_from_scratch_impl()
    }

    fn max_remaining_plies(&self) -> Option<usize> {
        Some(self.live_cells().count() as usize)
    }

    #[inline]
    fn random_move<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        self.pick_random(rng)
    }

    #[inline]
    fn random_playout<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: usize,
    ) -> (Status, usize) {
        self.playout(rng, max_plies)
    }
}
