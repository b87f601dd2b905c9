//! What the generic match layer ([`boardgames_core::matches`]) needs of tic-tac-toe: a won
//! game ends by a line, a drawn one by the board full; records name the game `tictactoe` and
//! have no options.

use crate::{IllegalMove, Position};
use boardgames_core::matches::record::RecordGame;
use boardgames_core::matches::{MatchRules, Reason};
use boardgames_core::{Game, Status};

impl MatchRules for Position {
    fn end_reason(&self) -> Reason {
        match self.status() {
            Status::Won(_) => Reason::Line,
            _ => Reason::BoardFull,
        }
    }

    fn game_over(_status: Status) -> IllegalMove {
        IllegalMove::GameOver
    }
}

impl RecordGame for Position {
    const NAME: &'static str = "tictactoe";
    const OPTION_TAGS: &'static [&'static str] = &[];

    fn option_tags(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    fn from_option_tags(tags: &[(&str, &str)]) -> Result<Position, String> {
        match tags.first() {
            None => Ok(Position::new()),
            Some((name, _)) => Err(format!("tic-tac-toe has no option {name:?}")),
        }
    }

    boardgames_core::record_setup_as_text!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::harness::{check_conformance, HarnessConfig};
    use boardgames_core::matches::record::Record;
    use boardgames_core::matches::{check_record_round_trip, DrawRules, Match, Outcome};
    use boardgames_core::Player;

    #[test]
    fn a_match_passes_the_harness_and_records_round_trip() {
        let start = Match::new(Position::new(), DrawRules::NONE);
        check_conformance(&start, &HarnessConfig::default());
        check_record_round_trip(&Position::new(), DrawRules::NONE, 128);
    }

    #[test]
    fn a_record_names_the_reason_and_the_bad_ply() {
        let text = "[Game \"tictactoe\"]\n[Result \"1-0\"]\n[Reason \"line\"]\n\n1. a1 b1 2. a2 b2 3. a3 1-0";
        let game: Match<Position> = text.parse::<Record>().unwrap().to_match().unwrap();
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Player::First, Reason::Line))
        );
        assert_eq!(game.to_record().to_string(), format!("{text}\n"));
        let bad = "[Game \"tictactoe\"]\n\n1. a1 a1 *";
        let err = bad
            .parse::<Record>()
            .unwrap()
            .to_match::<Position>()
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "ply 1 (\"a1\"): this cell already has a mark"
        );
    }
}
