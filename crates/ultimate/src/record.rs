//! What the generic match layer ([`boardgames_core::matches`]) needs of ultimate tic-tac-toe:
//! a game won by a line of small boards ends by a line; one where every small board finished
//! without such a line ends by the board full (drawn, or won on the `boards_won` tie-break).
//! Records name the game `ultimate`; the `TieBreak` tag is the one option.

use crate::{IllegalMove, Position, Rules, TieBreak};
use boardgames_core::grid3::has_line;
use boardgames_core::matches::record::RecordGame;
use boardgames_core::matches::{MatchRules, Reason};
use boardgames_core::{Game, Status};

impl MatchRules for Position {
    fn end_reason(&self) -> Reason {
        match self.status() {
            Status::Won(p) if has_line(self.boards_won(p).0) => Reason::Line,
            _ => Reason::BoardFull,
        }
    }

    fn game_over(status: Status) -> IllegalMove {
        IllegalMove::GameOver { status }
    }
}

impl RecordGame for Position {
    const NAME: &'static str = "ultimate";
    const OPTION_TAGS: &'static [&'static str] = &["TieBreak"];

    fn option_tags(&self) -> Vec<(&'static str, String)> {
        vec![("TieBreak", self.rules().tie_break.to_string())]
    }

    fn from_option_tags(tags: &[(&str, &str)]) -> Result<Position, String> {
        let mut rules = Rules::default();
        for &(name, value) in tags {
            match name {
                "TieBreak" => {
                    rules.tie_break = value.parse::<TieBreak>().map_err(|e| e.to_string())?
                }
                other => return Err(format!("ultimate has no option {other:?}")),
            }
        }
        Ok(Position::with_rules(rules))
    }

    boardgames_core::record_setup_as_text!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::harness::{check_conformance, HarnessConfig};
    use boardgames_core::matches::record::Record;
    use boardgames_core::matches::{check_record_round_trip, DrawRules, Match};

    /// The tie-break is the one option a record carries and it decides how a full board ends,
    /// so matches under each pass the harness and write and read back their records.
    #[test]
    fn matches_under_either_tie_break_pass_the_harness_and_round_trip() {
        let config = HarnessConfig {
            cases: 8,
            max_plies: 81,
            probe_every: 4,
        };
        for (tie_break, records) in TieBreak::ALL.into_iter().zip([48, 16]) {
            let start = Position::with_rules(Rules::default().with_tie_break(tie_break));
            check_conformance(&Match::new(start, DrawRules::NONE), &config);
            check_record_round_trip(&start, DrawRules::NONE, records);
        }
    }

    #[test]
    fn bad_options_and_moves_are_named() {
        let read = |text: &str| text.parse::<Record>().unwrap().to_match::<Position>();
        let err = read("[Game \"ultimate\"]\n[TieBreak \"coin\"]\n\n*").unwrap_err();
        assert!(err.to_string().starts_with("tag TieBreak: "), "{err}");
        let err = read("[Game \"ultimate\"]\n\n1. 55 11 *").unwrap_err();
        assert_eq!(err.ply(), Some(1));
    }
}
