//! Serde support (feature `serde`): points as `h8`, rules by name (or their fields for a
//! custom rule), positions as size, rule and diagram, validated again on load.

use crate::rule::{Ends, Rule};
use crate::{Point, Position};
use boardgames_core::ByPlayer;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl Serialize for Point {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Point, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// The fields of a custom rule.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleFields {
    overline_wins: ByPlayer<bool>,
    forbidden_points: ByPlayer<bool>,
    /// `None` for ends that do not matter, else whether the edge blocks.
    caro_edge_blocks: Option<bool>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RuleForm {
    Name(String),
    Fields(RuleFields),
}

impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.name() {
            Some(name) => serializer.serialize_str(name),
            None => RuleFields {
                overline_wins: self.overline_wins,
                forbidden_points: self.forbidden_points,
                caro_edge_blocks: match self.ends {
                    Ends::Ignored => None,
                    Ends::NotBothBlocked { edge_blocks } => Some(edge_blocks),
                },
            }
            .serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Rule {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rule, D::Error> {
        match RuleForm::deserialize(deserializer)? {
            RuleForm::Name(name) => name.parse().map_err(D::Error::custom),
            RuleForm::Fields(fields) => Ok(Rule {
                overline_wins: fields.overline_wins,
                forbidden_points: fields.forbidden_points,
                ends: match fields.caro_edge_blocks {
                    None => Ends::Ignored,
                    Some(edge_blocks) => Ends::NotBothBlocked { edge_blocks },
                },
            }),
        }
    }
}

/// A position as written: its size, rule and diagram.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionForm {
    size: u8,
    rule: Rule,
    diagram: String,
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PositionForm {
            size: self.size(),
            rule: self.rule(),
            diagram: self.to_string(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Position {
    /// Reads the diagram and checks it like [`Position::from_diagram`]; the size must agree.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let form = PositionForm::deserialize(deserializer)?;
        let position =
            Position::from_diagram(&form.diagram, form.rule).map_err(D::Error::custom)?;
        if position.size() != form.size {
            return Err(D::Error::custom(format!(
                "the diagram is {}x{} but the size says {}",
                position.size(),
                position.size(),
                form.size
            )));
        }
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Point, Position, Rule};
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
    }

    #[test]
    fn loading_checks_the_position_again() {
        let bad = r#"{"size":5,"rule":"caro","diagram":"X X . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . ."}"#;
        let err = serde_json::from_str::<Position>(bad).unwrap_err();
        assert!(
            err.to_string().contains("black must have as many stones"),
            "{err}"
        );
        let wrong_size = r#"{"size":6,"rule":"caro","diagram":". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . ."}"#;
        assert!(serde_json::from_str::<Position>(wrong_size).is_err());
        let extra = r#"{"size":5,"rule":"caro","diagram":"","moves":[]}"#;
        assert!(serde_json::from_str::<Position>(extra).is_err());
    }
}
