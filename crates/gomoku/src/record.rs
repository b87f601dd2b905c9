//! What the generic match layer ([`boardgames_core::matches`]) needs of gomoku: a won game
//! ends by five; a drawn one by the board full, by Gomocup's stone cap (`size * size - 25`
//! under `+gomocup_draw`, a move rule), or by renju black having no allowed point (a
//! blockade). Records name the game `gomoku` with the `Size` and `Rule` tags, and the
//! `Opening` tag for a game under an opening rule ([`OpeningGame`], whose moves include the
//! opening's actions such as `black` or `declare:3`); Piskvork's `.psq` files are in
//! [`crate::psq`].

use crate::opening::{self, Opening, OpeningGame};
use crate::{IllegalMove, Position, Rule, DEFAULT_SIZE};
use boardgames_core::matches::record::RecordGame;
use boardgames_core::matches::{MatchRules, Reason};
use boardgames_core::{Game, Status};

impl MatchRules for Position {
    fn end_reason(&self) -> Reason {
        let size = usize::from(self.size());
        let cap = self.rule().draw_at(self.size());
        match self.status() {
            Status::Won(_) => Reason::Five,
            _ if cap.is_some_and(|n| self.stone_count() >= n as usize) => Reason::MoveRule,
            _ if self.stone_count() == size * size => Reason::BoardFull,
            _ => Reason::Blockade,
        }
    }

    fn game_over(_status: Status) -> IllegalMove {
        IllegalMove::GameOver
    }
}

impl RecordGame for Position {
    const NAME: &'static str = "gomoku";
    /// `Opening` is read only to refuse it: such a record is an [`OpeningGame`]'s.
    const OPTION_TAGS: &'static [&'static str] = &["Size", "Rule", "Opening"];

    fn option_tags(&self) -> Vec<(&'static str, String)> {
        vec![
            ("Size", self.size().to_string()),
            ("Rule", self.rule().to_string()),
        ]
    }

    fn from_option_tags(tags: &[(&str, &str)]) -> Result<Position, String> {
        let (size, rule, opening) = size_and_rule(tags)?;
        if opening.is_some() {
            return Err("a game under an opening rule is read as an OpeningGame".into());
        }
        Position::new(size, rule).map_err(|e| e.to_string())
    }

    boardgames_core::record_setup_as_text!();
}

/// The size and rule tags of a record, with their defaults.
fn size_and_rule(tags: &[(&str, &str)]) -> Result<(u32, Rule, Option<Opening>), String> {
    let mut size = u32::from(DEFAULT_SIZE);
    let mut rule = Rule::default();
    let mut opening = None;
    for &(name, value) in tags {
        match name {
            "Size" => {
                size = value
                    .parse()
                    .map_err(|_| format!("{value:?} is not a board size"))?
            }
            "Rule" => {
                rule = value
                    .parse()
                    .map_err(|e: crate::ParseRuleError| e.to_string())?
            }
            "Opening" => {
                opening = Some(
                    value
                        .parse()
                        .map_err(|e: opening::ParseOpeningError| e.to_string())?,
                )
            }
            other => return Err(format!("gomoku has no option {other:?}")),
        }
    }
    Ok((size, rule, opening))
}

/// The game under an opening rule: the same reasons as the stones' position (the status
/// names the winning seat; the reason is the board's).
impl MatchRules for OpeningGame {
    fn end_reason(&self) -> Reason {
        self.position().end_reason()
    }

    fn game_over(_status: Status) -> opening::IllegalMove {
        opening::IllegalMove::GameOver
    }
}

impl RecordGame for OpeningGame {
    const NAME: &'static str = "gomoku";
    const OPTION_TAGS: &'static [&'static str] = &["Size", "Rule", "Opening"];

    fn option_tags(&self) -> Vec<(&'static str, String)> {
        let mut tags = self.position().option_tags();
        if let Some(opening) = self.opening() {
            tags.push(("Opening", opening.to_string()));
        }
        tags
    }

    fn from_option_tags(tags: &[(&str, &str)]) -> Result<OpeningGame, String> {
        let (size, rule, opening) = size_and_rule(tags)?;
        OpeningGame::new(size, rule, opening).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::harness::{check_conformance, HarnessConfig};
    use boardgames_core::matches::record::Record;
    use boardgames_core::matches::{check_record_round_trip, DrawRules, Match, Outcome};
    use boardgames_core::Player;

    fn read(text: &str) -> Result<Match<Position>, boardgames_core::matches::record::RecordError> {
        text.parse::<Record>()?.to_match()
    }

    #[test]
    fn matches_pass_the_harness_and_records_round_trip() {
        let config = HarnessConfig {
            cases: 8,
            max_plies: 100,
            probe_every: 10,
        };
        let caro = Position::new(9, Rule::CARO).unwrap();
        check_conformance(&Match::new(caro, DrawRules::NONE), &config);
        let renju = Position::new(15, Rule::RENJU.with_gomocup_draw(true)).unwrap();
        check_conformance(&Match::new(renju, DrawRules::NONE), &config);
        check_record_round_trip(&caro, DrawRules::NONE, 24);
        check_record_round_trip(
            &Position::new(7, Rule::FREESTYLE).unwrap(),
            DrawRules::NONE,
            24,
        );
        check_record_round_trip(&renju, DrawRules::NONE, 8);
    }

    #[test]
    fn reasons_five_board_full_and_the_gomocup_cap() {
        let five = "[Game \"gomoku\"]\n[Size \"15\"]\n[Rule \"freestyle\"]\n[Result \"1-0\"]\n[Reason \"five\"]\n\n\
                    1. h8 a1 2. i8 a2 3. j8 a3 4. k8 a4 5. l8 1-0";
        let game = read(five).unwrap();
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Player::First, Reason::Five))
        );
        assert_eq!(game.to_record().to_string(), format!("{five}\n"));
        // Gomocup's cap on a 6x6 board: 36 - 25 = 11 stones end the game.
        let capped = Position::new(6, Rule::FREESTYLE.with_gomocup_draw(true)).unwrap();
        let mut game = Match::new(capped, DrawRules::NONE);
        for mv in [
            "a1", "b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2",
        ] {
            game.play_text(mv).unwrap();
        }
        assert_eq!(game.outcome(), Some(Outcome::draw(Reason::MoveRule)));
        let text = game.to_record().to_string();
        assert!(text.contains("[Rule \"freestyle+gomocup_draw\"]"), "{text}");
        assert_eq!(read(&text).unwrap(), game);
    }

    #[test]
    fn a_match_under_an_opening_passes_the_harness() {
        let config = HarnessConfig {
            cases: 6,
            max_plies: 60,
            probe_every: 10,
        };
        let swap2 = OpeningGame::new(15, Rule::STANDARD, Some(Opening::Swap2)).unwrap();
        check_conformance(&Match::new(swap2, DrawRules::NONE), &config);
    }

    #[test]
    fn opening_games_round_trip_with_their_actions() {
        for opening in [Opening::Swap2, Opening::Soosorv8, Opening::Pro] {
            let rule = if opening == Opening::Soosorv8 {
                Rule::RENJU
            } else {
                Rule::STANDARD
            };
            let start = OpeningGame::new(15, rule, Some(opening)).unwrap();
            check_record_round_trip(&start, DrawRules::NONE, 16);
        }
        let text = "[Game \"gomoku\"]\n[Size \"15\"]\n[Rule \"standard\"]\n[Opening \"swap2\"]\n[Result \"*\"]\n\n1. h8 h9 2. j10 black *";
        let game: Match<OpeningGame> = text.parse::<Record>().unwrap().to_match().unwrap();
        assert_eq!(game.len(), 4);
        assert_eq!(game.to_record().to_string(), format!("{text}\n"));
        let err = read(text).unwrap_err();
        assert!(err.to_string().contains("OpeningGame"), "{err}");
    }

    #[test]
    fn bad_records_name_the_ply() {
        let err = read("[Game \"gomoku\"]\n[Size \"9\"]\n\n1. e5 j9 *").unwrap_err();
        assert_eq!(err.ply(), Some(1));
        assert!(err.to_string().starts_with("ply 1 (\"j9\"): "), "{err}");
        let err = read("[Game \"gomoku\"]\n[Size \"30\"]\n\n*").unwrap_err();
        assert!(err.to_string().starts_with("tag Size: "), "{err}");
    }
}
