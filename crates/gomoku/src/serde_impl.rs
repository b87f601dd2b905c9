//! Serde support (feature `serde`): points as `h8`, rules as their text (`renju`,
//! `custom(...)`, `+gomocup_draw`), positions as their full text (header and diagram),
//! all through `boardgames_core::serde_via_str!`, so loading a position checks it again.

boardgames_core::serde_via_str!(crate::Point);
boardgames_core::serde_via_str!(crate::Rule);
boardgames_core::serde_via_str!(crate::Position);

#[cfg(test)]
mod tests {
    use crate::{Point, Position, Rule, Setup};
    use boardgames_core::{Game, Player, Status};

    #[test]
    fn points_rules_and_positions_round_trip() {
        let p: Point = "h8".parse().unwrap();
        assert_eq!(serde_json::to_string(&p).unwrap(), "\"h8\"");
        assert_eq!(
            serde_json::from_str::<Point>("\"T20\"")
                .unwrap()
                .to_string(),
            "t20"
        );
        assert!(serde_json::from_str::<Point>("\"u1\"").is_err());

        assert_eq!(serde_json::to_string(&Rule::CARO5).unwrap(), "\"caro5\"");
        assert_eq!(
            serde_json::from_str::<Rule>("\"freestyle\"").unwrap(),
            Rule::FREESTYLE
        );
        assert!(serde_json::from_str::<Rule>("\"gomoku\"").is_err());
        let custom = Rule {
            overline_wins: boardgames_core::ByPlayer::new(true, false),
            ..Rule::CARO
        };
        let text = serde_json::to_string(&custom).unwrap();
        assert_eq!(serde_json::from_str::<Rule>(&text).unwrap(), custom);

        let mut game = Position::new(9, Rule::STANDARD).unwrap();
        for mv in ["e5", "a1", "f5", "a2", "g5", "a3", "h5", "b9", "d5"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        assert_eq!(game.status(), Status::Won(Player::First));
        let text = serde_json::to_string(&game).unwrap();
        let back: Position = serde_json::from_str(&text).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.zobrist(), game.zobrist());

        let setup = Setup {
            rule: Rule::RENJU.with_gomocup_draw(true),
            size: 7,
            to_move: Player::Second,
            ..Setup::default()
        };
        let analysis = setup.validate().unwrap();
        let text = serde_json::to_string(&analysis).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), analysis);
    }

    #[test]
    fn loading_checks_the_position_again() {
        let bad = r#""caro, black to move\nX X . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .""#;
        let err = serde_json::from_str::<Position>(bad).unwrap_err();
        assert!(
            err.to_string().contains("black must have as many stones"),
            "{err}"
        );
        let no_header = r#"". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .""#;
        assert!(serde_json::from_str::<Position>(no_header).is_err());
    }
}
