//! Game records: one PGN-like text format for every game.
//!
//! ```text
//! [Game "gomoku"]
//! [Size "15"]
//! [Rule "caro"]
//! [First "Alice"]
//! [Second "Bob"]
//! [TimeControl "300+3"]
//! [Clocks "281.5 290"]
//! [Result "1-0"]
//! [Reason "resignation"]
//!
//! 1. h8 {[%emt 2.5] the centre} h9 2. i8 i9 1-0
//! ```
//!
//! Tag pairs first, one per line (`[Name "value"]`, `\"`, `\\` and `\n` escaped), then the
//! moves in the game's own notation, numbered (`1.` before each move of the first player;
//! numbers are optional when reading), each optionally followed by a `{comment}` whose
//! `[%emt S]` prefix is the time the move took in seconds, and the result token `1-0`
//! (first won), `0-1`, `1/2-1/2` or `*` (going on), which must agree with the `Result` tag.
//!
//! The tags the record writes itself: `Game` (the game's name), the game's options
//! ([`RecordGame::option_tags`]), `Setup` (the start position's text, when it is not the
//! options' initial position and the game has a text form), `Threefold` and `QuietMoves` (the [`DrawRules`]),
//! `TimeControl` ([`TimeControl`]'s form), `Clocks` (each side's time left, in seconds),
//! `Offer` (a pending draw offer), `Result` and `Reason` (a [`Reason`] word). Any other tag
//! (`First`, `Second`, `Date`, `Event`...) is kept as the match's descriptive tag.
//!
//! Reading replays every move: an error names the 0-based ply and the reason, or the tag
//! at fault. Writing then reading gives an equal [`Match`].

use super::clock::{parse_duration, Seconds};
use super::play::is_reserved_tag;
use super::{DrawRules, Match, MatchError, MatchRules, MonotonicTime, Outcome, Reason};
use super::{TimeControl, TimeSource};
use crate::{ByPlayer, Game, Player, Status};
use core::fmt;
use core::str::FromStr;
use core::time::Duration;
use std::sync::Arc;

/// What a game supplies to be written and read as a record: its name, its options as tags,
/// and, for a start that is not the options' initial position, its position text.
pub trait RecordGame: MatchRules {
    /// The game's name in the `Game` tag (the referee's name: `tictactoe`, `gomoku`...).
    const NAME: &'static str;

    /// The names of the option tags the game reads.
    const OPTION_TAGS: &'static [&'static str];

    /// This position's options as tag pairs, from [`RecordGame::OPTION_TAGS`].
    fn option_tags(&self) -> Vec<(&'static str, String)>;

    /// The initial position under the options given (absent ones take their defaults), or
    /// what is wrong with them.
    fn from_option_tags(tags: &[(&str, &str)]) -> Result<Self, String>;

    /// The position as the `Setup` tag's text (games write their diagram), or `None` for a
    /// game whose positions have no text form (its records always start from the initial
    /// position).
    fn setup_text(&self) -> Option<String> {
        None
    }

    /// Reads a `Setup` tag's text, validating the position.
    fn from_setup_text(_text: &str) -> Result<Self, String> {
        Err("this game's records cannot start from a set-up position".into())
    }
}

/// Writes the two [`RecordGame`] methods of a game whose position has a text form
/// (`Display` and a validating `FromStr`, the workspace's diagram convention): the `Setup` tag
/// holds that text, and reading it parses and so re-validates the position. Use it inside the
/// `impl RecordGame for Position` block.
#[macro_export]
macro_rules! record_setup_as_text {
    () => {
        fn setup_text(&self) -> ::core::option::Option<::std::string::String> {
            ::core::option::Option::Some(::std::string::ToString::to_string(self))
        }

        fn from_setup_text(text: &str) -> ::core::result::Result<Self, ::std::string::String> {
            text.parse::<Self>()
                .map_err(|error| ::std::string::ToString::to_string(&error))
        }
    };
}

/// One move of a record, as text.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RecordMove {
    /// The move in the game's notation.
    pub text: String,
    /// The time it took, when known.
    pub spent: Option<Duration>,
    /// Its comment.
    pub comment: Option<String>,
}

/// A record as text: tag pairs and moves, read and written without knowing the game.
/// [`Record::to_match`] checks it against a game; [`Record::from_match`] writes one.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Record {
    /// The tag pairs, in order.
    pub tags: Vec<(String, String)>,
    /// The moves, in order.
    pub moves: Vec<RecordMove>,
}

/// Why a record could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is malformed at this line (1-based).
    #[error("line {line}: {why}")]
    Syntax {
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// A tag is missing, unknown where it must be known, or has a bad value.
    #[error("tag {name}: {why}")]
    Tag {
        /// The tag's name.
        name: String,
        /// What is wrong.
        why: String,
    },
    /// A move could not be read or played: its 0-based ply, its text and why.
    #[error("ply {ply} ({text:?}): {why}")]
    Move {
        /// The 0-based index of the move.
        ply: usize,
        /// The move's text.
        text: String,
        /// Why.
        why: String,
    },
}

impl RecordError {
    /// The 0-based ply of a bad move, if a move is at fault.
    pub fn ply(&self) -> Option<usize> {
        match self {
            RecordError::Move { ply, .. } => Some(*ply),
            _ => None,
        }
    }

    fn tag(name: &str, why: impl fmt::Display) -> RecordError {
        RecordError::Tag {
            name: name.to_owned(),
            why: why.to_string(),
        }
    }
}

/// The result token for a status.
pub fn result_token(status: Status) -> &'static str {
    match status {
        Status::Won(Player::First) => "1-0",
        Status::Won(Player::Second) => "0-1",
        Status::Draw => "1/2-1/2",
        Status::Ongoing => "*",
    }
}

fn parse_result(token: &str) -> Option<Status> {
    match token {
        "1-0" => Some(Status::Won(Player::First)),
        "0-1" => Some(Status::Won(Player::Second)),
        "1/2-1/2" => Some(Status::Draw),
        "*" => Some(Status::Ongoing),
        _ => None,
    }
}

impl Record {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The game named by the `Game` tag.
    pub fn game(&self) -> Option<&str> {
        self.tag("Game")
    }

    /// Writes `game` as a record.
    pub fn from_match<G: RecordGame>(game: &Match<G>) -> Record {
        let mut tags: Vec<(String, String)> = vec![("Game".into(), G::NAME.into())];
        let options = game.start.option_tags();
        let pairs: Vec<(&str, &str)> = options.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let initial = G::from_option_tags(&pairs);
        tags.extend(options.iter().map(|(n, v)| (n.to_string(), v.clone())));
        if initial.as_ref() != Ok(&game.start) {
            if let Some(text) = game.start.setup_text() {
                tags.push(("Setup".into(), text));
            }
        }
        if game.rules.threefold {
            tags.push(("Threefold".into(), "yes".into()));
        }
        if let Some(n) = game.rules.quiet_moves {
            tags.push(("QuietMoves".into(), n.to_string()));
        }
        // A descriptive tag named like one of the game's options would be read as the option.
        let descriptive = game
            .tags
            .iter()
            .filter(|(n, _)| !G::OPTION_TAGS.contains(&n.as_str()));
        tags.extend(descriptive.cloned());
        if let Some(clocks) = &game.clocks {
            tags.push(("TimeControl".into(), clocks.control.to_string()));
            let left = |p| Seconds(game.clock(p).unwrap_or(Duration::ZERO));
            let text = format!("{} {}", left(Player::First), left(Player::Second));
            tags.push(("Clocks".into(), text));
        }
        if let Some(offer) = game.live_offer() {
            let keeps = if offer.keeps_next_move {
                " before moving"
            } else {
                ""
            };
            tags.push(("Offer".into(), format!("{}{keeps}", offer.by)));
        }
        let outcome = game.outcome();
        let status = outcome.map_or(Status::Ongoing, |o| o.status);
        tags.push(("Result".into(), result_token(status).into()));
        if let Some(outcome) = outcome {
            tags.push(("Reason".into(), outcome.reason.to_string()));
        }
        let moves = game
            .entries()
            .map(|e| RecordMove {
                text: e.mv.to_string(),
                spent: e.spent,
                comment: e.comment.map(str::to_owned),
            })
            .collect();
        Record { tags, moves }
    }

    /// Replays the record as a match of `G`, timed from the system's monotonic clock.
    pub fn to_match<G: RecordGame>(&self) -> Result<Match<G>, RecordError> {
        self.to_match_with_time(Arc::new(MonotonicTime::new()))
    }

    /// Replays the record as a match of `G`, a timed one reading `time`: every tag checked,
    /// every move replayed, the result checked against the moves.
    pub fn to_match_with_time<G: RecordGame>(
        &self,
        time: Arc<dyn TimeSource>,
    ) -> Result<Match<G>, RecordError> {
        match self.game() {
            Some(name) if name == G::NAME => {}
            Some(name) => {
                return Err(RecordError::tag(
                    "Game",
                    format!("{name:?} is not {}", G::NAME),
                ))
            }
            None => return Err(RecordError::tag("Game", "missing")),
        }
        let mut game = Match::new(self.start::<G>()?, self.draw_rules()?);
        if let Some(text) = self.tag("TimeControl") {
            let control: TimeControl = text
                .parse()
                .map_err(|e| RecordError::tag("TimeControl", e))?;
            game = game.with_clock(control, time);
        }
        for (name, value) in &self.tags {
            if !is_reserved_tag(name) && !G::OPTION_TAGS.contains(&name.as_str()) {
                game.set_tag(name, value)
                    .map_err(|e| RecordError::tag(name, e))?;
            }
        }
        self.replay(&mut game)?;
        self.apply_offer(&mut game)?;
        self.apply_result(&mut game)?;
        self.apply_clocks(&mut game)?;
        Ok(game)
    }

    fn start<G: RecordGame>(&self) -> Result<G, RecordError> {
        if let Some(text) = self.tag("Setup") {
            return G::from_setup_text(text).map_err(|e| RecordError::tag("Setup", e));
        }
        let options: Vec<(&str, &str)> = self
            .tags
            .iter()
            .filter(|(n, _)| G::OPTION_TAGS.contains(&n.as_str()))
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        G::from_option_tags(&options).map_err(|why| RecordError::Tag {
            name: options.first().map_or("options", |(n, _)| n).to_owned(),
            why,
        })
    }

    fn draw_rules(&self) -> Result<DrawRules, RecordError> {
        let threefold = match self.tag("Threefold") {
            None | Some("no") => false,
            Some("yes") => true,
            Some(other) => {
                return Err(RecordError::tag(
                    "Threefold",
                    format!("{other:?} is not yes or no"),
                ))
            }
        };
        let quiet_moves = match self.tag("QuietMoves") {
            None => None,
            Some(text) => Some(text.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| {
                RecordError::tag("QuietMoves", format!("{text:?} is not a positive count"))
            })?),
        };
        Ok(DrawRules {
            threefold,
            quiet_moves,
        })
    }

    fn replay<G: RecordGame>(&self, game: &mut Match<G>) -> Result<(), RecordError> {
        for (ply, entry) in self.moves.iter().enumerate() {
            let error = |why: String| RecordError::Move {
                ply,
                text: entry.text.clone(),
                why,
            };
            let mv = game
                .position()
                .parse_move(&entry.text)
                .map_err(|e| error(e.to_string()))?;
            let played = match entry.spent {
                Some(spent) => game.play_move_timed(mv, spent),
                None if game.clocks.is_some() => game.play_move_timed(mv, Duration::ZERO),
                None => game.play_move(mv),
            };
            played.map_err(|e| error(move_error(e)))?;
            if let Some(text) = &entry.comment {
                game.comment(text).map_err(|e| error(e.to_string()))?;
            }
        }
        Ok(())
    }

    fn apply_offer<G: RecordGame>(&self, game: &mut Match<G>) -> Result<(), RecordError> {
        let Some(text) = self.tag("Offer") else {
            return Ok(());
        };
        let (name, keeps) = match text.strip_suffix(" before moving") {
            Some(name) => (name, true),
            None => (text, false),
        };
        let by = match name {
            "first" => Player::First,
            "second" => Player::Second,
            _ => {
                return Err(RecordError::tag(
                    "Offer",
                    format!("{text:?} is not first or second"),
                ))
            }
        };
        if keeps && game.side_to_move() != by {
            return Err(RecordError::tag(
                "Offer",
                "only the side to move can offer before moving",
            ));
        }
        if game.outcome().is_some() {
            return Err(RecordError::tag("Offer", "the game is over"));
        }
        game.offer = Some(super::play::Offer {
            by,
            keeps_next_move: keeps,
        });
        Ok(())
    }

    fn apply_result<G: RecordGame>(&self, game: &mut Match<G>) -> Result<(), RecordError> {
        let text = self.tag("Result").unwrap_or("*");
        let status = parse_result(text).ok_or_else(|| {
            RecordError::tag("Result", format!("{text:?} is not 1-0, 0-1, 1/2-1/2 or *"))
        })?;
        let reason = match self.tag("Reason") {
            None => None,
            Some(word) => Some(
                word.parse::<Reason>()
                    .map_err(|e| RecordError::tag("Reason", e))?,
            ),
        };
        let wanted = match (status, reason) {
            (Status::Ongoing, None) => None,
            (Status::Ongoing, Some(_)) => {
                return Err(RecordError::tag("Reason", "a game going on has no reason"))
            }
            (_, None) => return Err(RecordError::tag("Reason", "missing for a finished game")),
            (status, Some(reason)) => Some(Outcome { status, reason }),
        };
        if let (None, Some(outcome)) = (game.outcome(), wanted) {
            declare(game, outcome)?;
        }
        match (game.outcome(), wanted) {
            (found, wanted) if found == wanted => Ok(()),
            (found, _) => Err(RecordError::tag(
                "Result",
                format!(
                    "the moves give {}, the record says {text} {}",
                    found.map_or("a game going on".to_owned(), |o| o.to_string()),
                    reason.map_or("", |r| r.name()),
                ),
            )),
        }
    }

    fn apply_clocks<G: RecordGame>(&self, game: &mut Match<G>) -> Result<(), RecordError> {
        let Some(text) = self.tag("Clocks") else {
            return Ok(());
        };
        let bad = |why: &str| RecordError::tag("Clocks", format!("{text:?}: {why}"));
        let running = game.outcome().is_none();
        let Some(clocks) = &mut game.clocks else {
            return Err(bad("no TimeControl"));
        };
        let mut parts = text.split(' ');
        let (Some(first), Some(second), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad("expected two times in seconds"));
        };
        let left = ByPlayer::new(
            parse_duration(first).map_err(bad)?,
            parse_duration(second).map_err(bad)?,
        );
        if Player::ALL.iter().any(|&p| left[p] > clocks.remaining[p]) {
            return Err(bad("more time left than the moves' times allow"));
        }
        if running {
            clocks.restore(left);
        } else {
            clocks.remaining = left;
        }
        Ok(())
    }
}

/// The reason of a refused move, without repeating the move.
fn move_error<G: Game>(error: MatchError<G>) -> String {
    match error {
        MatchError::Illegal(e) => e.reason.to_string(),
        other => other.to_string(),
    }
}

/// Ends `game` as the record's result says, for the ends the moves cannot show.
fn declare<G: RecordGame>(game: &mut Match<G>, outcome: Outcome) -> Result<(), RecordError> {
    let done = match (outcome.status, outcome.reason) {
        (Status::Won(winner), Reason::Resignation) => game.resign(winner.opponent()).map(drop),
        (Status::Draw, Reason::Agreement) => {
            game.finish(outcome);
            Ok(())
        }
        (Status::Won(winner), Reason::Time) if game.side_to_move() != winner => {
            let loser = winner.opponent();
            if let Some(clocks) = &mut game.clocks {
                clocks.remaining[loser] = Duration::ZERO;
                clocks.running = false;
            }
            game.decided = Some(outcome);
            Ok(())
        }
        _ => return Ok(()),
    };
    done.map_err(|e| RecordError::tag("Result", e))
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

fn unescape(value: &str) -> Result<String, String> {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('\\') => out.push('\\'),
                Some('"') => out.push('"'),
                Some('n') => out.push('\n'),
                other => {
                    return Err(format!(
                        "bad escape \\{}",
                        other.map_or(String::new(), String::from)
                    ))
                }
            },
            '"' => return Err("an unescaped quote inside the value".into()),
            c => out.push(c),
        }
    }
    Ok(out)
}

impl fmt::Display for Record {
    /// Writes the tags, a blank line, and the moves in lines of at most about 80 columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        writeln!(f)?;
        let mut line = String::new();
        let mut emit = |token: String, f: &mut fmt::Formatter<'_>| -> fmt::Result {
            if !line.is_empty() && line.len() + 1 + token.len() > 80 {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
            Ok(())
        };
        for (ply, mv) in self.moves.iter().enumerate() {
            let mut token = String::new();
            if ply % 2 == 0 {
                token = format!("{}. ", ply / 2 + 1);
            }
            token.push_str(&mv.text);
            emit(token, f)?;
            let emt = mv.spent.map(|d| format!("[%emt {}]", Seconds(d)));
            let text = mv.comment.as_ref().filter(|c| !c.is_empty());
            let comment = match (emt, text) {
                (None, None) => None,
                (Some(e), None) => Some(e),
                (None, Some(c)) => Some(c.clone()),
                (Some(e), Some(c)) => Some(format!("{e} {c}")),
            };
            if let Some(comment) = comment {
                emit(format!("{{{comment}}}"), f)?;
            }
        }
        emit(self.tag("Result").unwrap_or("*").to_owned(), f)?;
        writeln!(f, "{line}")
    }
}

/// Reads one `[Name "value"]` line.
fn parse_tag(text: &str) -> Result<(String, String), String> {
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or("a tag is [Name \"value\"]")?;
    let (name, value) = inner.split_once(' ').ok_or("a tag is [Name \"value\"]")?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("bad tag name {name:?}"));
    }
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or("a tag's value is in double quotes")?;
    Ok((name.to_owned(), unescape(value)?))
}

/// Splits the move text into tokens, a `{comment}` being one token; each with its line.
fn tokens(text: &str, first_line: usize) -> Result<Vec<(usize, String)>, RecordError> {
    let mut out = Vec::new();
    let mut line = first_line;
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            line += usize::from(c == '\n');
            chars.next();
        } else if c == '{' {
            chars.next();
            let mut comment = String::from("{");
            loop {
                match chars.next() {
                    Some('}') => break,
                    Some('\n') | None => {
                        let why = "a comment is closed by } on the same line".to_owned();
                        return Err(RecordError::Syntax { line, why });
                    }
                    Some(c) => comment.push(c),
                }
            }
            out.push((line, comment));
        } else {
            let mut token = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '{' {
                    break;
                }
                token.push(c);
                chars.next();
            }
            out.push((line, token));
        }
    }
    Ok(out)
}

/// Splits a comment's `[%emt S]` prefix from its text.
fn parse_comment(
    body: &str,
    line: usize,
) -> Result<(Option<Duration>, Option<String>), RecordError> {
    // An empty comment is no comment: written after a move time it would read back as none.
    let Some(rest) = body.strip_prefix("[%emt ") else {
        return Ok((None, (!body.is_empty()).then(|| body.to_owned())));
    };
    let (time, text) = rest.split_once(']').ok_or_else(|| RecordError::Syntax {
        line,
        why: "[%emt is closed by ]".into(),
    })?;
    let spent = parse_duration(time).map_err(|why| RecordError::Syntax {
        line,
        why: format!("bad move time {time:?}: {why}"),
    })?;
    let text = text.strip_prefix(' ').unwrap_or(text);
    Ok((Some(spent), (!text.is_empty()).then(|| text.to_owned())))
}

/// `token` without a leading move number (`12.` or `12...`), which a token of digits alone
/// is not (ultimate's `53` is a move).
fn strip_move_number(token: &str) -> &str {
    let digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if digits.len() < token.len() && digits.starts_with('.') {
        digits.trim_start_matches('.')
    } else {
        token
    }
}

/// Reads the move text: moves, comments, move numbers and the closing result token.
fn parse_moves(
    text: &str,
    first_line: usize,
) -> Result<(Vec<RecordMove>, Option<String>), RecordError> {
    let mut moves: Vec<RecordMove> = Vec::new();
    let mut result = None;
    for (line, token) in tokens(text, first_line)? {
        if result.is_some() {
            let why = format!("{token:?} after the result");
            return Err(RecordError::Syntax { line, why });
        }
        if let Some(body) = token.strip_prefix('{') {
            let last = moves.last_mut().ok_or_else(|| RecordError::Syntax {
                line,
                why: "a comment before any move".into(),
            })?;
            if last.spent.is_some() || last.comment.is_some() {
                let why = "a second comment on one move".into();
                return Err(RecordError::Syntax { line, why });
            }
            (last.spent, last.comment) = parse_comment(body, line)?;
            continue;
        }
        if parse_result(&token).is_some() {
            result = Some(token);
            continue;
        }
        let mv = strip_move_number(&token);
        if parse_result(mv).is_some() {
            // A result glued to a move number (`2.*`).
            result = Some(mv.to_owned());
        } else if strip_move_number(mv) != mv {
            let why = format!("{token:?} is not a move number followed by a move");
            return Err(RecordError::Syntax { line, why });
        } else if !mv.is_empty() {
            moves.push(RecordMove {
                text: mv.to_owned(),
                ..RecordMove::default()
            });
        }
    }
    Ok((moves, result))
}

impl FromStr for Record {
    type Err = RecordError;

    /// Reads the text form, checking its syntax (not yet the game: see [`Record::to_match`]).
    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut offset = 0;
        let mut line_no = 1;
        for line in text.split_inclusive('\n') {
            let trimmed = line.trim();
            if !trimmed.starts_with('[') {
                if !trimmed.is_empty() {
                    break;
                }
            } else {
                let tag =
                    parse_tag(trimmed).map_err(|why| RecordError::Syntax { line: line_no, why })?;
                if tags.iter().any(|(n, _)| *n == tag.0) {
                    let why = format!("tag {} given twice", tag.0);
                    return Err(RecordError::Syntax { line: line_no, why });
                }
                tags.push(tag);
            }
            offset += line.len();
            line_no += 1;
        }
        let (moves, result) = parse_moves(&text[offset..], line_no)?;
        let record = Record { tags, moves };
        let tagged = record.tag("Result").unwrap_or("*");
        if parse_result(tagged).is_none() {
            let why = format!("{tagged:?} is not 1-0, 0-1, 1/2-1/2 or *");
            return Err(RecordError::tag("Result", why));
        }
        match result {
            Some(token) if token != tagged => Err(RecordError::tag(
                "Result",
                format!("{tagged:?} but the moves end with {token:?}"),
            )),
            _ => Ok(record),
        }
    }
}

impl<G: RecordGame> Match<G> {
    /// The match as a [`Record`] (write it with `to_string()`).
    pub fn to_record(&self) -> Record {
        Record::from_match(self)
    }
}
