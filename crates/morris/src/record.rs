//! A game in progress with its history: morris's [`Match`] is the generic
//! [`boardgames_core::matches::Match`] over [`Position`], with the draw rules that need the
//! history (threefold repetition, N quiet moves), draws by agreement, resignation and clocks.
//! This module supplies what the generic layer asks of morris: the reasons a position ends
//! (blockade, no pieces), which moves are irreversible (placements and captures) and the
//! record options (the `Flying` tag). The [`Position`] itself stays small and `Copy`.
//!
//! ```
//! use boardgames_morris::{DrawRules, Match, Position, Reason};
//! use boardgames_core::{Game, Player, Status};
//!
//! let mut game = Match::new(Position::new(), DrawRules::NONE);
//! game.play("d1".parse()?)?;
//! game.offer_draw(Player::First)?;
//! game.accept_draw(Player::Second)?;
//! assert_eq!(game.status(), Status::Draw);
//! assert_eq!(game.draw_reason(), Some(Reason::Agreement));
//! let text = game.to_record().to_string();
//! assert!(text.starts_with("[Game \"morris\"]\n[Flying \"yes\"]\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{IllegalMove, Move, Position, Rules};
use boardgames_core::matches::record::RecordGame;
use boardgames_core::matches::MatchRules;
use boardgames_core::{Game, Player, Status};

pub use boardgames_core::matches::{DrawRules, MatchError, Reason};

/// A morris game record: the generic match over [`Position`] (see the module docs).
pub type Match = boardgames_core::matches::Match<Position>;

impl MatchRules for Position {
    /// A player left with two pieces (in hand and on the board together) has no pieces; a
    /// player who cannot move is blocked.
    fn end_reason(&self) -> Reason {
        match self.status().winner() {
            Some(winner) => {
                let loser = winner.opponent();
                if self.in_hand(loser) + self.on_board(loser) < 3 {
                    Reason::NoPieces
                } else {
                    Reason::Blockade
                }
            }
            None => Reason::Blockade,
        }
    }

    fn game_over(_status: Status) -> IllegalMove {
        IllegalMove::GameOver
    }

    /// Placements and captures can never be taken back by later moves.
    fn is_irreversible(&self, mv: Move) -> bool {
        mv.is_placement() || mv.capture().is_some()
    }

    /// With a quiet-move limit of N, at most N quiet moves before each remaining placement or
    /// capture and after the last one.
    fn bound_with_quiet_limit(&self, limit: u32) -> Option<usize> {
        let irreversible: usize = Player::ALL
            .iter()
            .map(|&p| {
                let total = self.in_hand(p) + self.on_board(p);
                (self.in_hand(p) + total.saturating_sub(2)) as usize
            })
            .sum();
        Some((irreversible + 1) * limit as usize + irreversible)
    }
}

impl RecordGame for Position {
    const NAME: &'static str = "morris";
    const OPTION_TAGS: &'static [&'static str] = &["Flying"];

    fn option_tags(&self) -> Vec<(&'static str, String)> {
        let flying = if self.rules().flying { "yes" } else { "no" };
        vec![("Flying", flying.to_owned())]
    }

    fn from_option_tags(tags: &[(&str, &str)]) -> Result<Position, String> {
        let mut rules = Rules::default();
        for &(name, value) in tags {
            match (name, value) {
                ("Flying", "yes") => rules.flying = true,
                ("Flying", "no") => rules.flying = false,
                ("Flying", other) => return Err(format!("{other:?} is not yes or no")),
                (other, _) => return Err(format!("morris has no option {other:?}")),
            }
        }
        Ok(Position::with_rules(rules))
    }

    boardgames_core::record_setup_as_text!();
}
