//! The win rule of a game, as data: which runs of stones win for each colour.

use boardgames_core::{ByPlayer, Player};
use core::fmt;
use core::str::FromStr;

/// What lies just beyond one end of a run of stones.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum End {
    /// An empty point.
    Empty,
    /// An opponent stone.
    Stone,
    /// The edge of the board (the point beyond is off the board).
    Edge,
}

/// Whether blocked ends can spoil a five, and what blocks an end.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ends {
    /// The ends of a run do not matter.
    Ignored,
    /// The Caro test: a run blocked at both ends does not win. An end is blocked by an
    /// opponent stone, and by the board edge when `edge_blocks` is set.
    NotBothBlocked {
        /// Whether the board edge blocks an end like an opponent stone does.
        edge_blocks: bool,
    },
}

impl Ends {
    /// `true` when `end` blocks a run under this test.
    #[inline]
    pub const fn blocks(self, end: End) -> bool {
        match (self, end) {
            (Ends::Ignored, _) => false,
            (Ends::NotBothBlocked { .. }, End::Stone) => true,
            (Ends::NotBothBlocked { edge_blocks }, End::Edge) => edge_blocks,
            (Ends::NotBothBlocked { .. }, End::Empty) => false,
        }
    }
}

/// The win rule of a game: for each colour, whether a run of six or more stones wins and
/// whether renju forbidden points apply; and the Caro blocked-ends test.
///
/// The named rules are constants ([`Rule::CARO`], [`Rule::CARO5`], [`Rule::CARO6`],
/// [`Rule::STANDARD`], [`Rule::FREESTYLE`], [`Rule::RENJU`]) and parse from their names:
///
/// ```
/// use boardgames_gomoku::Rule;
/// use boardgames_core::Player;
/// use boardgames_gomoku::rule::End;
///
/// let caro: Rule = "caro".parse().unwrap();
/// assert_eq!(caro, Rule::CARO);
/// // An exact five with an opponent stone at one end and the edge at the other: no win.
/// assert!(!caro.run_wins(Player::First, 5, End::Stone, End::Edge));
/// // Under caro5 the edge does not block.
/// assert!(Rule::CARO5.run_wins(Player::First, 5, End::Stone, End::Edge));
/// assert!(!Rule::STANDARD.run_wins(Player::Second, 6, End::Empty, End::Empty));
/// assert!(Rule::FREESTYLE.run_wins(Player::Second, 6, End::Stone, End::Stone));
/// assert!("gomoku".parse::<Rule>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rule {
    /// For each colour, whether a run of six or more wins (`false`: the five must be exact).
    pub overline_wins: ByPlayer<bool>,
    /// For each colour, whether renju forbidden points (double three, double four, overline)
    /// restrict its moves.
    pub forbidden_points: ByPlayer<bool>,
    /// Whether a run blocked at both ends still wins.
    pub ends: Ends,
    /// Gomocup's draw convention (off in every named rule): the game is drawn once
    /// `size * size - 25` stones are on the board and nobody has won, as Gomocup's referee
    /// stops renju games. Written `+gomocup_draw` after the rule's name.
    pub gomocup_draw: bool,
}

/// A rule name that is not one of the known rules.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown rule {name:?}: expected one of caro, caro5, caro6, standard, freestyle, renju, or custom(overline: W; forbidden: W; ends: E), optionally followed by +gomocup_draw")]
pub struct ParseRuleError {
    /// The name given.
    pub name: String,
}

impl Rule {
    /// Caro (the default): exactly five, not blocked at both ends; the board edge
    /// blocks.
    pub const CARO: Rule = Rule {
        overline_wins: ByPlayer::new(false, false),
        forbidden_points: ByPlayer::new(false, false),
        ends: Ends::NotBothBlocked { edge_blocks: true },
        gomocup_draw: false,
    };
    /// Gomocup Caro, rule 9: exactly five, not blocked at both ends by opponent stones; the
    /// edge does not block.
    pub const CARO5: Rule = Rule {
        overline_wins: ByPlayer::new(false, false),
        forbidden_points: ByPlayer::new(false, false),
        ends: Ends::NotBothBlocked { edge_blocks: false },
        gomocup_draw: false,
    };
    /// Gomocup Caro, rule 8: five or more, not blocked at both ends by opponent stones; the
    /// edge does not block.
    pub const CARO6: Rule = Rule {
        overline_wins: ByPlayer::new(true, true),
        forbidden_points: ByPlayer::new(false, false),
        ends: Ends::NotBothBlocked { edge_blocks: false },
        gomocup_draw: false,
    };
    /// Standard gomoku: exactly five; blocked ends do not matter.
    pub const STANDARD: Rule = Rule {
        overline_wins: ByPlayer::new(false, false),
        forbidden_points: ByPlayer::new(false, false),
        ends: Ends::Ignored,
        gomocup_draw: false,
    };
    /// Freestyle gomoku: five or more.
    pub const FREESTYLE: Rule = Rule {
        overline_wins: ByPlayer::new(true, true),
        forbidden_points: ByPlayer::new(false, false),
        ends: Ends::Ignored,
        gomocup_draw: false,
    };
    /// Renju: black must make exactly five and may not play forbidden points (overline,
    /// double four, double three; see [`crate::forbidden`]); white wins with five or more.
    pub const RENJU: Rule = Rule {
        overline_wins: ByPlayer::new(false, true),
        forbidden_points: ByPlayer::new(true, false),
        ends: Ends::Ignored,
        gomocup_draw: false,
    };

    /// The named rules with their names.
    pub const NAMED: [(&'static str, Rule); 6] = [
        ("caro", Rule::CARO),
        ("caro5", Rule::CARO5),
        ("caro6", Rule::CARO6),
        ("standard", Rule::STANDARD),
        ("freestyle", Rule::FREESTYLE),
        ("renju", Rule::RENJU),
    ];

    /// The name of this rule if it is one of [`Rule::NAMED`].
    pub fn name(&self) -> Option<&'static str> {
        Rule::NAMED
            .iter()
            .find(|(_, rule)| rule == self)
            .map(|(name, _)| *name)
    }

    /// `true` when a run of `len` stones of `colour`, with `lo` and `hi` just beyond its two
    /// ends, wins under this rule. The one place the win condition is written down: the game's
    /// win check, the threat tables and the tests all ask it.
    #[inline]
    pub const fn run_wins(&self, colour: Player, len: u32, lo: End, hi: End) -> bool {
        if len < 5 {
            return false;
        }
        if len > 5 && !*self.overline_wins.get(colour) {
            return false;
        }
        !(self.ends.blocks(lo) && self.ends.blocks(hi))
    }

    /// This rule with Gomocup's draw convention ([`Rule::gomocup_draw`]) turned on or off.
    ///
    /// ```
    /// use boardgames_gomoku::Rule;
    /// let rule = Rule::RENJU.with_gomocup_draw(true);
    /// assert_eq!(rule.to_string(), "renju+gomocup_draw");
    /// assert_eq!("renju+gomocup_draw".parse::<Rule>(), Ok(rule));
    /// // 15 * 15 - 25 stones on the board end the game as a draw.
    /// assert_eq!(rule.draw_at(15), Some(200));
    /// assert_eq!(Rule::RENJU.draw_at(15), None);
    /// ```
    pub const fn with_gomocup_draw(self, on: bool) -> Rule {
        Rule {
            gomocup_draw: on,
            ..self
        }
    }

    /// The number of stones at which a game on a `size` x `size` board is drawn by
    /// Gomocup's convention, when it is on (never below one stone).
    pub const fn draw_at(&self, size: u8) -> Option<u32> {
        if !self.gomocup_draw {
            return None;
        }
        let all = size as u32 * size as u32;
        Some(if all > 26 { all - 25 } else { 1 })
    }

    /// `true` when some colour is restricted by forbidden points (renju).
    #[inline]
    pub const fn has_forbidden_points(&self) -> bool {
        self.forbidden_points.first || self.forbidden_points.second
    }
}

impl Default for Rule {
    /// Caro, the default rule.
    fn default() -> Rule {
        Rule::CARO
    }
}

impl FromStr for Rule {
    type Err = ParseRuleError;

    /// Reads what `Display` writes: a rule name (`caro`, `caro5`, `caro6`, `standard`,
    /// `freestyle`, `renju`, any case, surrounding whitespace ignored) or a custom rule
    /// `custom(overline: W; forbidden: W; ends: E)` with `W` one of `none`, `black`, `white`,
    /// `both` and `E` one of `ignored`, `stones`, `stones-and-edge`; then optionally
    /// `+gomocup_draw`.
    fn from_str(text: &str) -> Result<Rule, ParseRuleError> {
        let error = || ParseRuleError {
            name: text.to_owned(),
        };
        let wanted = text.trim().to_ascii_lowercase();
        let (base, gomocup_draw) = match wanted.strip_suffix(GOMOCUP_DRAW) {
            Some(base) => (base.trim_end(), true),
            None => (wanted.as_str(), false),
        };
        let rule = match Rule::NAMED.iter().find(|(name, _)| *name == base) {
            Some((_, rule)) => *rule,
            None => parse_custom(base).ok_or_else(error)?,
        };
        Ok(Rule {
            gomocup_draw,
            ..rule
        })
    }
}

/// The suffix of a rule with Gomocup's draw convention.
const GOMOCUP_DRAW: &str = "+gomocup_draw";

/// The colours named by `who`: `none`, `black`, `white` or `both`.
fn parse_colours(who: &str) -> Option<ByPlayer<bool>> {
    Some(match who.trim() {
        "none" => ByPlayer::new(false, false),
        "black" => ByPlayer::new(true, false),
        "white" => ByPlayer::new(false, true),
        "both" => ByPlayer::new(true, true),
        _ => return None,
    })
}

/// The name of the colours set in `set` (see [`parse_colours`]).
fn colours_name(set: ByPlayer<bool>) -> &'static str {
    match (set.first, set.second) {
        (false, false) => "none",
        (true, false) => "black",
        (false, true) => "white",
        (true, true) => "both",
    }
}

/// Reads `custom(overline: W; forbidden: W; ends: E)` (lower case, see [`Rule::from_str`]).
fn parse_custom(text: &str) -> Option<Rule> {
    let body = text.strip_prefix("custom(")?.strip_suffix(')')?;
    let mut fields = body.split(';').map(|field| field.split_once(':'));
    let mut value = |key: &str| match fields.next()? {
        Some((k, v)) if k.trim() == key => Some(v.trim()),
        _ => None,
    };
    let overline_wins = parse_colours(value("overline")?)?;
    let forbidden_points = parse_colours(value("forbidden")?)?;
    let ends = match value("ends")? {
        "ignored" => Ends::Ignored,
        "stones" => Ends::NotBothBlocked { edge_blocks: false },
        "stones-and-edge" => Ends::NotBothBlocked { edge_blocks: true },
        _ => return None,
    };
    if fields.next().is_some() {
        return None;
    }
    Some(Rule {
        overline_wins,
        forbidden_points,
        ends,
        gomocup_draw: false,
    })
}

impl fmt::Display for Rule {
    /// The rule's name, or `custom(overline: W; forbidden: W; ends: E)` for a custom rule
    /// (see [`Rule::from_str`]), followed by `+gomocup_draw` when that convention is on.
    /// `FromStr` reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = Rule {
            gomocup_draw: false,
            ..*self
        };
        match base.name() {
            Some(name) => f.write_str(name)?,
            None => write!(
                f,
                "custom(overline: {}; forbidden: {}; ends: {})",
                colours_name(self.overline_wins),
                colours_name(self.forbidden_points),
                match self.ends {
                    Ends::Ignored => "ignored",
                    Ends::NotBothBlocked { edge_blocks: false } => "stones",
                    Ends::NotBothBlocked { edge_blocks: true } => "stones-and-edge",
                }
            )?,
        }
        if self.gomocup_draw {
            f.write_str(GOMOCUP_DRAW)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{First as Black, Second as White};

    #[test]
    fn names_round_trip() {
        for (name, rule) in Rule::NAMED {
            assert_eq!(name.parse::<Rule>(), Ok(rule));
            assert_eq!(rule.to_string(), name);
        }
        assert_eq!(" Caro5 ".parse::<Rule>(), Ok(Rule::CARO5));
        let err = "renju2".parse::<Rule>().unwrap_err();
        assert!(err.to_string().contains("renju2"));
        let custom = Rule {
            ends: Ends::NotBothBlocked { edge_blocks: true },
            ..Rule::FREESTYLE
        };
        assert_eq!(custom.name(), None);
        assert_eq!(
            custom.to_string(),
            "custom(overline: both; forbidden: none; ends: stones-and-edge)"
        );
        assert_eq!(custom.to_string().parse::<Rule>(), Ok(custom));
        let odd = Rule {
            overline_wins: ByPlayer::new(false, true),
            forbidden_points: ByPlayer::new(false, true),
            ends: Ends::NotBothBlocked { edge_blocks: false },
            gomocup_draw: true,
        };
        assert_eq!(odd.to_string().parse::<Rule>(), Ok(odd));
        for bad in [
            "custom(overline: both)",
            "custom(ends: stones; overline: none; forbidden: none)",
            "renju+gomocup",
            "custom(overline: all; forbidden: none; ends: stones)",
        ] {
            assert!(bad.parse::<Rule>().is_err(), "{bad}");
        }
    }

    #[test]
    fn seed_table_as_run_questions() {
        use End::*;
        // open five, one end blocked, both ends blocked, edge + stone, six in a row
        let cases = [
            (5, Empty, Empty, [true, true, true]),
            (5, Stone, Empty, [true, true, true]),
            (5, Stone, Stone, [false, true, true]),
            (5, Edge, Stone, [false, true, true]),
            (6, Empty, Empty, [false, false, true]),
        ];
        for (len, lo, hi, [caro, standard, freestyle]) in cases {
            assert_eq!(Rule::CARO.run_wins(Black, len, lo, hi), caro);
            assert_eq!(Rule::STANDARD.run_wins(Black, len, lo, hi), standard);
            assert_eq!(Rule::FREESTYLE.run_wins(Black, len, lo, hi), freestyle);
        }
        assert!(!Rule::CARO.run_wins(Black, 4, Empty, Empty));
    }

    #[test]
    fn gomocup_caro_edge_and_overlines() {
        use End::*;
        assert!(Rule::CARO5.run_wins(White, 5, Edge, Stone));
        assert!(!Rule::CARO5.run_wins(White, 5, Stone, Stone));
        assert!(!Rule::CARO5.run_wins(White, 6, Empty, Empty));
        assert!(Rule::CARO6.run_wins(White, 6, Edge, Stone));
        assert!(!Rule::CARO6.run_wins(White, 7, Stone, Stone));
    }

    #[test]
    fn renju_is_asymmetric() {
        use End::*;
        assert!(!Rule::RENJU.run_wins(Black, 6, Empty, Empty));
        assert!(Rule::RENJU.run_wins(White, 6, Empty, Empty));
        assert!(Rule::RENJU.has_forbidden_points());
        assert!(!Rule::CARO.has_forbidden_points());
    }
}
