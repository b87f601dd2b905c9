//! Nine men's morris in the referee. Options: `{"draw_rule": "none"}` (the default: no
//! automatic draw) or `{"draw_rule": {"threefold": true, "quiet_moves": 50}}` (either key may
//! be left out): a draw on the third occurrence of a position with the same side to move,
//! and/or after N moves in a row with neither a placement nor a capture.
//!
//! The draw rules need the game's history, which the `Copy` position does not keep, so the
//! referee serves [`Morris`]: the bare position when no draw rule is set (perft and playouts at
//! full speed), or a [`Match`] record when one is.
//!
//! `search` runs ai-players' morris evaluator on the bare position: with a draw rule set, it
//! searches the match's current position and ignores the rule and the history (the search
//! does not see repetitions). With `$BOARDGAMES_MORRIS_DB` naming a directory of endgame
//! databases, the search knows the exact value of every position they cover.

use crate::RefereeGame;
use boardgames_core::{Game, MoveList, Player, RandomSource, Status};
use boardgames_morris::{DrawRules, IllegalMove, Match, Move, ParseMoveError, Position};
use boardgames_players::morris::MorrisEvaluator;
use boardgames_search::{Limits, SearchResult, Searcher};
use serde_json::{Map, Value};

/// A morris game as the referee plays it: with or without draw rules.
#[derive(PartialEq, Debug)]
pub enum Morris {
    /// No draw rule: the position alone.
    Plain(Position),
    /// Draw rules in force: the position with its history (boxed, so that the plain form
    /// stays a small copy).
    Ruled(Box<Match>),
}

/// Perft and playouts clone the game at every node: inlined, the plain form is a copy of
/// the position (a derived clone of an enum holding a whole match was a call and a copy of
/// its size, 18% more instructions in a morris perft).
impl Clone for Morris {
    #[inline(always)]
    fn clone(&self) -> Morris {
        match self {
            Morris::Plain(position) => Morris::Plain(*position),
            Morris::Ruled(game) => Morris::Ruled(game.clone()),
        }
    }
}

fn draw_rules(value: &Value) -> Result<DrawRules, String> {
    const HELP: &str = "\"draw_rule\" must be \"none\" or an object such as {\"threefold\": true, \"quiet_moves\": 50}";
    match value {
        Value::Null => Ok(DrawRules::NONE),
        Value::String(s) if s == "none" => Ok(DrawRules::NONE),
        Value::Object(fields) => {
            let mut rules = DrawRules::NONE;
            for (key, v) in fields {
                match (key.as_str(), v) {
                    ("threefold", Value::Bool(b)) => rules.threefold = *b,
                    ("threefold", other) => {
                        return Err(format!("\"threefold\" must be true or false, got {other}"))
                    }
                    ("quiet_moves", Value::Null) => rules.quiet_moves = None,
                    ("quiet_moves", v) => {
                        let n = v
                            .as_u64()
                            .filter(|&n| n > 0 && n <= u32::MAX as u64)
                            .ok_or_else(|| {
                                format!("\"quiet_moves\" must be a positive integer, got {v}")
                            })?;
                        rules.quiet_moves = Some(n as u32);
                    }
                    (other, _) => {
                        return Err(format!(
                            "unknown draw rule {other:?}: the keys are \"threefold\" and \"quiet_moves\""
                        ))
                    }
                }
            }
            Ok(rules)
        }
        other => Err(format!("{HELP}, got {other}")),
    }
}

impl RefereeGame for Morris {
    fn from_options(options: &Map<String, Value>) -> Result<Self, String> {
        let mut rules = DrawRules::NONE;
        for (key, value) in options {
            match key.as_str() {
                "draw_rule" => rules = draw_rules(value)?,
                other => {
                    return Err(format!(
                        "unknown option {other:?}: morris takes only \"draw_rule\""
                    ))
                }
            }
        }
        Ok(if rules == DrawRules::NONE {
            Morris::Plain(Position::new())
        } else {
            Morris::Ruled(Box::new(Match::new(Position::new(), rules)))
        })
    }

    fn search(&self, limits: &Limits, threads: usize) -> Result<SearchResult<Move>, String> {
        let position = match self {
            Morris::Plain(position) => position,
            Morris::Ruled(game) => game.position(),
        };
        let db = boardgames_players::morris::env_databases().0.clone();
        let evaluator = boardgames_players::morris::WithDatabases::new(MorrisEvaluator::new(), db);
        let mut searcher = Searcher::new(evaluator)
            .with_table_bytes(SEARCH_TABLE_BYTES)
            .with_threads(threads);
        Ok(searcher.search(position, limits))
    }
}

/// The transposition table of a `search` request.
const SEARCH_TABLE_BYTES: usize = 32 << 20;

/// Forwards a call to whichever form the game has.
macro_rules! each {
    ($self:expr, $g:ident => $e:expr) => {
        match $self {
            Morris::Plain($g) => $e,
            Morris::Ruled($g) => $e,
        }
    };
}

impl Game for Morris {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type Illegal = IllegalMove;

    fn side_to_move(&self) -> Player {
        each!(self, g => g.side_to_move())
    }

    fn status(&self) -> Status {
        each!(self, g => g.status())
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        each!(self, g => g.legal_moves(moves))
    }

    fn legal_move_count(&self) -> usize {
        each!(self, g => g.legal_move_count())
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        each!(self, g => g.check_move(mv))
    }

    fn play_unchecked(&mut self, mv: Move) {
        each!(self, g => g.play_unchecked(mv))
    }

    fn zobrist(&self) -> u64 {
        each!(self, g => g.zobrist())
    }

    fn zobrist_from_scratch(&self) -> u64 {
        each!(self, g => g.zobrist_from_scratch())
    }

    fn max_remaining_plies(&self) -> Option<usize> {
        each!(self, g => g.max_remaining_plies())
    }

    fn random_move<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        each!(self, g => g.random_move(rng))
    }

    fn random_playout<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: usize,
    ) -> (Status, usize) {
        each!(self, g => g.random_playout(rng, max_plies))
    }
}
