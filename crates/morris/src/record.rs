//! A game in progress with its history: the draw rules that need it (threefold repetition,
//! N quiet moves) and draws by agreement. The [`Position`] itself stays small and `Copy`.

use crate::{DrawError, IllegalMove, Move, ParseMoveError, Position};
use boardgames_core::{Game, MoveList, Player, RandomSource, Status};

/// Automatic draw rules for engines and servers. Both are off by default: the rules of the game
/// end only by a win or by agreement.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DrawRules {
    /// A draw on the third occurrence of the same position (same pieces, same pieces in hand)
    /// with the same side to move.
    pub threefold: bool,
    /// A draw after this many moves in a row with neither a placement nor a capture (50 is
    /// common).
    pub quiet_moves: Option<u32>,
}

impl DrawRules {
    /// No automatic draw.
    pub const NONE: DrawRules = DrawRules {
        threefold: false,
        quiet_moves: None,
    };

    /// Threefold repetition and 50 quiet moves.
    pub const COMMON: DrawRules = DrawRules {
        threefold: true,
        quiet_moves: Some(50),
    };
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// One player offered a draw and the other accepted.
    Agreement,
    /// The same position occurred for the third time (threefold rule).
    Repetition,
    /// The quiet-move limit was reached.
    QuietMoves,
}

/// One move of the record, with what it changed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Ply {
    before: Position,
    mv: Move,
    quiet_before: u32,
    offer_before: Option<Player>,
}

/// A game record: the position, the moves that led to it (with undo), the draw rules in force,
/// the count of quiet moves, and draw offers.
///
/// `Match` implements [`Game`] too, with the draw rules folded into its status, so generic
/// code (the referee, a search) can play under them.
///
/// ```
/// use boardgames_morris::{DrawReason, DrawRules, Match, Position};
/// use boardgames_core::{Game, Player, Status};
///
/// let mut game = Match::new(Position::new(), DrawRules::NONE);
/// game.play("d1".parse()?)?;
/// game.offer_draw(Player::First)?;
/// game.accept_draw(Player::Second)?;
/// assert_eq!(game.status(), Status::Draw);
/// assert_eq!(game.draw_reason(), Some(DrawReason::Agreement));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Debug)]
pub struct Match {
    rules: DrawRules,
    start: Position,
    current: Position,
    plies: Vec<Ply>,
    quiet: u32,
    offer: Option<Player>,
    agreed: bool,
}

impl Match {
    /// A record starting at `start` under `rules`.
    pub fn new(start: Position, rules: DrawRules) -> Match {
        Match {
            rules,
            start,
            current: start,
            plies: Vec::new(),
            quiet: 0,
            offer: None,
            agreed: false,
        }
    }

    /// The position now.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The position the record started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The draw rules in force.
    pub fn draw_rules(&self) -> DrawRules {
        self.rules
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// `true` when no move has been played.
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// The number of moves in a row, up to now, with neither a placement nor a capture.
    pub fn quiet_moves(&self) -> u32 {
        self.quiet
    }

    /// How many times the current position (with the same side to move) has occurred,
    /// counting this one. Only positions since the last placement or capture can repeat it.
    pub fn repetitions(&self) -> usize {
        let since = self.plies.len().saturating_sub(self.quiet as usize);
        1 + self.plies[since..]
            .iter()
            .filter(|p| p.before == self.current)
            .count()
    }

    /// Why the game is drawn, if it is.
    pub fn draw_reason(&self) -> Option<DrawReason> {
        if self.agreed {
            return Some(DrawReason::Agreement);
        }
        if self.current.status().is_over() {
            return None;
        }
        if self.rules.quiet_moves.is_some_and(|n| self.quiet >= n) {
            return Some(DrawReason::QuietMoves);
        }
        if self.rules.threefold && self.quiet >= 4 && self.repetitions() >= 3 {
            return Some(DrawReason::Repetition);
        }
        None
    }

    /// The player whose draw offer is pending, if any.
    pub fn pending_offer(&self) -> Option<Player> {
        self.offer
    }

    /// `player` offers a draw. It stays open until the opponent accepts or declines it, or
    /// plays a move (which declines it). Offering while the opponent's offer is open accepts
    /// that offer.
    pub fn offer_draw(&mut self, player: Player) -> Result<(), DrawError> {
        if self.status().is_over() {
            return Err(DrawError::GameOver);
        }
        match self.offer {
            Some(p) if p == player => Err(DrawError::AlreadyOffered { player }),
            Some(_) => {
                self.agreed = true;
                self.offer = None;
                Ok(())
            }
            None => {
                self.offer = Some(player);
                Ok(())
            }
        }
    }

    /// `player` accepts the opponent's pending offer: the game is drawn.
    pub fn accept_draw(&mut self, player: Player) -> Result<(), DrawError> {
        if self.status().is_over() {
            return Err(DrawError::GameOver);
        }
        if self.offer != Some(player.opponent()) {
            return Err(DrawError::NoOffer { player });
        }
        self.offer = None;
        self.agreed = true;
        Ok(())
    }

    /// `player` declines the opponent's pending offer.
    pub fn decline_draw(&mut self, player: Player) -> Result<(), DrawError> {
        if self.status().is_over() {
            return Err(DrawError::GameOver);
        }
        if self.offer != Some(player.opponent()) {
            return Err(DrawError::NoOffer { player });
        }
        self.offer = None;
        Ok(())
    }

    /// Takes back the last move and returns it (a draw agreed since is taken back too);
    /// `None` when no move was played.
    pub fn undo(&mut self) -> Option<Move> {
        let ply = self.plies.pop()?;
        self.current = ply.before;
        self.quiet = ply.quiet_before;
        self.offer = ply.offer_before;
        self.agreed = false;
        Some(ply.mv)
    }

    /// The most plies the draw rules leave from here: with a quiet-move limit of N, at most N
    /// quiet moves before each remaining placement or capture and after the last one.
    fn ply_bound(&self) -> Option<usize> {
        let n = self.rules.quiet_moves? as usize;
        let pos = &self.current;
        let irreversible: usize = Player::ALL
            .iter()
            .map(|&p| {
                let total = pos.in_hand(p) + pos.on_board(p);
                (pos.in_hand(p) + total.saturating_sub(2)) as usize
            })
            .sum();
        Some((irreversible + 1) * n + irreversible)
    }
}

impl Game for Match {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type Illegal = IllegalMove;

    fn side_to_move(&self) -> Player {
        self.current.side_to_move()
    }

    /// The position's result, or a draw by agreement or by a draw rule.
    fn status(&self) -> Status {
        if self.agreed {
            return Status::Draw;
        }
        match self.current.status() {
            Status::Ongoing if self.draw_reason().is_some() => Status::Draw,
            status => status,
        }
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        if self.draw_reason().is_some() {
            moves.clear();
        } else {
            self.current.legal_moves(moves);
        }
    }

    fn legal_move_count(&self) -> usize {
        if self.draw_reason().is_some() {
            0
        } else {
            self.current.legal_move_count()
        }
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.draw_reason().is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.current.check_move(mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        let mover = self.current.side_to_move();
        self.plies.push(Ply {
            before: self.current,
            mv,
            quiet_before: self.quiet,
            offer_before: self.offer,
        });
        self.current.apply(mv);
        self.quiet = if mv.is_placement() || mv.capture().is_some() {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        if self.offer == Some(mover.opponent()) {
            self.offer = None;
        }
    }

    fn zobrist(&self) -> u64 {
        self.current.zobrist()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.current.zobrist_from_scratch()
    }

    /// Bounded only by a quiet-move limit.
    fn max_remaining_plies(&self) -> Option<usize> {
        self.ply_bound()
    }

    fn random_move<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.draw_reason().is_some() {
            None
        } else {
            self.current.random_move(rng)
        }
    }
}
