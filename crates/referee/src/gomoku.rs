//! Gomoku in the referee. Options: `{"size": 5..=20, "rule": "caro" | "caro5" | "caro6" |
//! "standard" | "freestyle" | "renju"}`, defaults 15 and `caro`. Under renju black's forbidden
//! points (RIF 9.2/9.3, exact) are not in the legal list. A rule name followed by
//! `+gomocup_draw` (`"renju+gomocup_draw"`) also draws the game at size² − 25 stones, as
//! Gomocup does.
//!
//! `search` runs ai-players' gomoku evaluator (threat shapes under the game's rule, moves
//! near the stones) on every rule and size.
//!
//! The option `"opening"` (`pro`, `long_pro`, `swap`, `swap2`, `soosorv8`, `taraguchi10`)
//! plays the game under an opening rule ([`OpeningGame`]): `first` and `second` are then the
//! seats, the opening's non-stone actions are moves (`black`, `white`, `place2`,
//! `declare:N`, `offer:h8`, `pick:h8`), and `state` adds `colours` (the seat of each colour,
//! `null` while undecided), `step` (what the seat to act may do) and the `offers` made.

use crate::request::Request;
use crate::RefereeGame;
use boardgames_gomoku::opening::{Colour, Opening, OpeningGame, Step};
use boardgames_gomoku::{Point, Position, Rule};
use boardgames_players::gomoku::{GomokuEvaluator, SearchPosition};
use boardgames_search::{Limits, SearchResult, Searcher};
use serde_json::{Map, Value};

/// The transposition table of a `search` request.
const SEARCH_TABLE_BYTES: usize = 32 << 20;

impl RefereeGame for Position {
    fn from_options(options: &Map<String, Value>) -> Result<Self, String> {
        let mut size = u32::from(boardgames_gomoku::DEFAULT_SIZE);
        let mut rule = Rule::CARO;
        for (key, value) in options {
            match (key.as_str(), value) {
                ("size", Value::Number(n)) => {
                    size = n
                        .as_u64()
                        .and_then(|n| u32::try_from(n).ok())
                        .ok_or_else(|| format!("\"size\" must be a whole number from 5 to 20, got {n}"))?;
                }
                ("size", other) => {
                    return Err(format!("\"size\" must be a whole number from 5 to 20, got {other}"))
                }
                ("rule", Value::String(name)) => {
                    rule = name.parse().map_err(|e| format!("{e}"))?;
                }
                ("rule", other) => {
                    return Err(format!(
                        "\"rule\" must be one of \"caro\", \"caro5\", \"caro6\", \"standard\", \"freestyle\", \"renju\", got {other}"
                    ))
                }
                (other, _) => {
                    return Err(format!(
                        "unknown option {other:?}: gomoku takes only \"size\" and \"rule\""
                    ))
                }
            }
        }
        Position::new(size, rule).map_err(|e| e.to_string())
    }

    fn search(&self, limits: &Limits, threads: usize) -> Result<SearchResult<Point>, String> {
        let mut searcher = Searcher::new(GomokuEvaluator::new())
            .with_table_bytes(SEARCH_TABLE_BYTES)
            .with_threads(threads);
        Ok(searcher.search(&SearchPosition::new(*self), limits))
    }
}

/// Serves a gomoku request: under an opening rule when the options name one, else the plain
/// game.
pub fn serve(request: &Request) -> Result<Value, Value> {
    if request.options.contains_key("opening") {
        crate::ops::serve::<OpeningGame>(request)
    } else {
        crate::ops::serve::<Position>(request)
    }
}

impl RefereeGame for OpeningGame {
    fn from_options(options: &Map<String, Value>) -> Result<Self, String> {
        let mut plain = options.clone();
        let opening = match plain.remove("opening") {
            None | Some(Value::Null) => None,
            Some(Value::String(name)) => Some(name.parse::<Opening>().map_err(|e| e.to_string())?),
            Some(other) => {
                return Err(format!(
                    "\"opening\" must be one of \"pro\", \"long_pro\", \"swap\", \"swap2\", \"soosorv8\", \"taraguchi10\", got {other}"
                ))
            }
        };
        let base = Position::from_options(&plain).map_err(|e| {
            e.replace(
                "only \"size\" and \"rule\"",
                "only \"size\", \"rule\" and \"opening\"",
            )
        })?;
        OpeningGame::new(u32::from(base.size()), base.rule(), opening).map_err(|e| e.to_string())
    }

    /// Searches the stones once the opening is over (the answer is the plain game's); the
    /// opening's own choices are not searched.
    fn search_answer(&self, engine: &str, limits: &Limits, threads: usize) -> Result<Value, Value> {
        if self.in_opening() {
            return Err(crate::answers::error(format!(
                "\"search\" starts once the opening is over: now the seat to move must {}",
                self.step()
            )));
        }
        self.position().search_answer(engine, limits, threads)
    }

    /// Adds `colours` (the seat of each colour, `null` while undecided), `step` and `offers`.
    fn state_fields(&self, answer: &mut Map<String, Value>) {
        let seat = |colour: Colour| match self.seat_of(colour) {
            Some(seat) => Value::from(seat.name()),
            None => Value::Null,
        };
        answer.insert(
            "colours".into(),
            serde_json::json!({ "black": seat(Colour::Black), "white": seat(Colour::White) }),
        );
        answer.insert("step".into(), Value::from(step_name(self.step())));
        let offers: Vec<String> = self.offers().iter().map(|p| p.to_string()).collect();
        answer.insert("offers".into(), Value::from(offers));
    }
}

/// The short name of an opening step in a `state` answer.
fn step_name(step: Step) -> &'static str {
    match step {
        Step::Stone(_) => "stone",
        Step::ChooseColour => "choose_colour",
        Step::ChooseColourOrPlaceTwo => "choose_colour_or_place2",
        Step::ChooseColourOrOffer { .. } => "choose_colour_or_offer",
        Step::Declare { .. } => "declare",
        Step::Offer { .. } => "offer",
        Step::Pick => "pick",
        _ => "play",
    }
}
