//! Shared checks of the fuzz targets: text and serde round trips, and the harness invariants
//! over a sequence of moves chosen by the fuzzer's bytes.
//!
//! Every check panics on a broken invariant, which libFuzzer reports as a crash with the
//! input that caused it.

#![forbid(unsafe_code)]

use boardgames_core::{Game, History, MoveError, MoveList};
use std::collections::HashSet;
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// Reads `text` as a `T`; when it reads, writing it and reading that back gives the same value
/// and the same text (the written form is canonical). Returns the value read, if any.
pub fn text_round_trip<T>(text: &str) -> Option<T>
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    match text.parse::<T>() {
        Ok(value) => {
            let written = value.to_string();
            let back: T = written.parse().unwrap_or_else(|e| {
                panic!("{value:?} writes as {written:?}, which does not read back: {e}")
            });
            assert_eq!(back, value, "{written:?} reads back as another value");
            assert_eq!(back.to_string(), written, "writing is not stable");
            Some(value)
        }
        Err(e) => {
            // The error's message is part of the API: writing it must not panic.
            let _ = e.to_string();
            None
        }
    }
}

/// The invariants of a position read from text: its hash is the one computed from scratch,
/// its legal-move count is the length of its move list, and it is over exactly when it has
/// no legal move.
pub fn check_read_position<G: Game>(position: &G) {
    assert_eq!(position.zobrist(), position.zobrist_from_scratch());
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    assert_eq!(moves.len(), position.legal_move_count());
    assert_eq!(position.status().is_over(), moves.is_empty());
}

/// Reads `text` as a move on `position` and plays it on a copy: a refused move leaves the copy
/// as it was.
pub fn check_move_text<G: Game + PartialEq + Debug>(position: &G, text: &str) {
    if let Ok(mv) = position.parse_move(text) {
        let mut copy = position.clone();
        if copy.play(mv).is_err() {
            assert_eq!(&copy, position, "refused move changed the position");
        }
    }
}

/// Deserializes `json` as a `T`; when it loads, serializing and loading again gives the same
/// value.
pub fn serde_round_trip<T>(json: &str) -> Option<T>
where
    T: serde::de::DeserializeOwned + serde::Serialize + PartialEq + Debug,
{
    let value: T = serde_json::from_str(json).ok()?;
    let written = serde_json::to_string(&value).expect("a loaded value serializes");
    let back: T = serde_json::from_str(&written)
        .unwrap_or_else(|e| panic!("{value:?} serializes as {written}, which does not load: {e}"));
    assert_eq!(back, value, "{written} loads as another value");
    Some(value)
}

/// The game-specific parts of a sequence check.
pub trait SequenceGame: Game {
    /// A move built from two bytes, legal or not, to probe the checked play with (`None` when
    /// the bytes name no move).
    fn probe(&self, a: u8, b: u8) -> Option<Self::Move>;

    /// The position written as text and read back, when the game has a text form.
    fn text_round_trip(&self) -> Option<Self> {
        None
    }
}

/// Plays the moves the bytes choose from `start` and checks the harness invariants at every
/// step. Each step reads one command byte and one or two argument bytes:
/// - `0..=3`: the checked play of legal move number `arg % len`, compared with the unchecked
///   play of the same move;
/// - `4`: a probe move (two argument bytes): legal exactly when generated; checked play of an
///   illegal one leaves the position unchanged and reports game over exactly when it is over;
/// - `5`: undo through [`History`], which must restore the position before the last move.
pub fn check_sequence<G: SequenceGame>(start: G, data: &[u8]) {
    let mut history = History::new(start);
    let mut before: Vec<G> = Vec::new();
    // The legal moves of the current position, kept up to date after every change.
    let mut moves = MoveList::new();
    check_position(history.position(), &mut moves);
    let mut bytes = data.iter().copied();
    while let Some(command) = bytes.next() {
        match command % 6 {
            0..=3 => {
                let Some(arg) = bytes.next() else { break };
                if moves.is_empty() {
                    continue;
                }
                let position = history.position().clone();
                let mv = moves[usize::from(arg) % moves.len()];
                play_legal(&mut history, &position, mv);
                before.push(position);
            }
            4 => {
                let (Some(a), Some(b)) = (bytes.next(), bytes.next()) else {
                    break;
                };
                let position = history.position();
                if let Some(mv) = position.probe(a, b) {
                    probe(position, mv, &moves);
                }
                continue;
            }
            _ => {
                let Some(earlier) = before.pop() else {
                    continue;
                };
                history.undo().expect("a move to take back");
                assert_eq!(history.position(), &earlier, "undo");
                assert_eq!(history.position().zobrist(), earlier.zobrist());
            }
        }
        check_position(history.position(), &mut moves);
    }
    check_all_moves(history.position(), &moves);
}

/// Plays a generated move checked (through the history) and unchecked, and compares.
fn play_legal<G: SequenceGame>(history: &mut History<G>, position: &G, mv: G::Move) {
    if let Err(e) = position.check_move(mv) {
        panic!("generated {mv} fails its check in {position:?}: {e}");
    }
    let text = mv.to_string();
    assert_eq!(position.parse_move(&text).ok(), Some(mv), "notation {text}");
    let mut unchecked = position.clone();
    unchecked.play_unchecked(mv);
    if let Err(e) = history.play(mv) {
        panic!("generated {mv} refused in {position:?}: {e}");
    }
    assert_eq!(history.position(), &unchecked, "checked and unchecked {mv}");
}

/// A move outside the generator: is it legal exactly when generated, and is a refused checked
/// play harmless?
fn probe<G: SequenceGame>(position: &G, mv: G::Move, moves: &MoveList<G::Move>) {
    let generated = moves.contains(&mv);
    assert_eq!(
        position.is_legal(mv),
        generated,
        "is_legal({mv}) vs the generator"
    );
    if generated {
        return;
    }
    let mut copy = position.clone();
    let error = match copy.play(mv) {
        Ok(()) => panic!("checked play accepted {mv}, which is not generated, in {position:?}"),
        Err(error) => error,
    };
    assert_eq!(&copy, position, "refused {mv} changed the position");
    assert_eq!(error.mv, mv);
    let _ = error.to_string();
    let over = position.status().is_over();
    assert_eq!(error.reason.is_game_over(), over, "{mv}: {}", error.reason);
}

/// The invariants of one position, with its legal moves left in `moves`.
fn check_position<G: SequenceGame>(position: &G, moves: &mut MoveList<G::Move>) {
    position.legal_moves(moves);
    assert_eq!(moves.len(), position.legal_move_count(), "legal_move_count");
    assert_eq!(
        position.status().is_over(),
        moves.is_empty(),
        "status vs moves"
    );
    assert_eq!(position.zobrist(), position.zobrist_from_scratch(), "hash");
}

/// The checks of the whole legal list and the text round trip, done once per input at its
/// last position: at every step they cost several times the rest, and every position the
/// fuzzer reaches is the last one of some input.
fn check_all_moves<G: SequenceGame>(position: &G, moves: &MoveList<G::Move>) {
    if let Some(back) = position.text_round_trip() {
        assert_eq!(&back, position, "position text round trip");
        assert_eq!(
            back.zobrist(),
            position.zobrist(),
            "hash after the round trip"
        );
    }
    let distinct: HashSet<G::Move> = moves.iter().copied().collect();
    assert_eq!(distinct.len(), moves.len(), "duplicate legal moves");
    for &mv in moves.iter() {
        assert!(
            position.check_move(mv).is_ok(),
            "generated {mv} fails its check"
        );
        let text = mv.to_string();
        assert_eq!(position.parse_move(&text).ok(), Some(mv), "notation {text}");
    }
}

/// Reads the position's text form back, panicking when it does not read.
pub fn reread<G>(position: &G) -> G
where
    G: Display + FromStr + Debug,
    G::Err: Display,
{
    let text = position.to_string();
    text.parse()
        .unwrap_or_else(|e| panic!("{position:?} writes as {text:?}, which does not read: {e}"))
}

/// The morris points in the notation's order, for building probe moves.
const MORRIS_POINTS: [&str; 24] = [
    "a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3", "d5", "d6", "d7", "e3",
    "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7",
];

impl SequenceGame for boardgames_tictactoe::Position {
    fn probe(&self, a: u8, b: u8) -> Option<Self::Move> {
        let text = format!("{}{}", char::from(b'a' + a % 3), 1 + b % 3);
        self.parse_move(&text).ok()
    }

    fn text_round_trip(&self) -> Option<Self> {
        Some(reread(self))
    }
}

impl SequenceGame for boardgames_ultimate::Position {
    fn probe(&self, a: u8, b: u8) -> Option<Self::Move> {
        self.parse_move(&format!("{}{}", 1 + a % 9, 1 + b % 9)).ok()
    }

    fn text_round_trip(&self) -> Option<Self> {
        Some(reread(self))
    }
}

impl SequenceGame for boardgames_gomoku::Position {
    fn probe(&self, a: u8, b: u8) -> Option<Self::Move> {
        // Up to two columns and rows past the board's edge, which must be refused.
        let letters = b"abcdefghijklmnopqrstuv";
        let text = format!("{}{}", char::from(letters[usize::from(a) % 22]), 1 + b % 22);
        self.parse_move(&text).ok()
    }

    fn text_round_trip(&self) -> Option<Self> {
        Some(reread(self))
    }
}

/// A morris move in notation from two bytes: a placement, a slide or fly, either with a
/// capture.
fn morris_probe_text(a: u8, b: u8) -> String {
    let from = MORRIS_POINTS[usize::from(a >> 2) % 24];
    let to = MORRIS_POINTS[usize::from(b) % 24];
    let capture = MORRIS_POINTS[(usize::from(a >> 2) + usize::from(b / 24) * 5 + 1) % 24];
    match a % 4 {
        0 => from.to_owned(),
        1 => format!("{from}-{to}"),
        2 => format!("{from}x{capture}"),
        _ => format!("{from}-{to}x{capture}"),
    }
}

impl SequenceGame for boardgames_morris::Position {
    fn probe(&self, a: u8, b: u8) -> Option<Self::Move> {
        self.parse_move(&morris_probe_text(a, b)).ok()
    }

    fn text_round_trip(&self) -> Option<Self> {
        Some(reread(self))
    }
}

impl SequenceGame for boardgames_morris::Match {
    fn probe(&self, a: u8, b: u8) -> Option<Self::Move> {
        self.parse_move(&morris_probe_text(a, b)).ok()
    }
}

/// What every game's validated setup offers, so one check covers the four games.
pub trait CheckedSetup: Sized + Clone + Debug {
    /// The position a valid setup gives.
    type Position: Game + Display + FromStr;
    /// The problems found, as text, with whether there are none.
    fn problems_text(&self) -> (bool, String);
    /// The position, or the error's problems as text.
    fn validated(&self) -> Result<Self::Position, String>;
    /// A position read back into a setup.
    fn read_back(position: &Self::Position) -> Self;
}

/// Validates `setup`: `problems` and `validate` agree; a valid setup gives a position that
/// keeps the invariants, reads back into a setup that gives it again, and round-trips as text.
pub fn check_setup<S: CheckedSetup>(setup: &S)
where
    <S::Position as FromStr>::Err: Display,
{
    let (none, problems) = setup.problems_text();
    match setup.validated() {
        Ok(position) => {
            assert!(none, "{setup:?} validates despite problems: {problems}");
            let again = S::read_back(&position).validated();
            assert_eq!(again.as_ref(), Ok(&position), "the setup read back");
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            assert_eq!(moves.len(), position.legal_move_count());
            assert_eq!(position.status().is_over(), moves.is_empty());
            assert_eq!(position.zobrist(), position.zobrist_from_scratch());
            assert_eq!(reread(&position), position, "text round trip");
        }
        Err(error) => {
            assert!(!none, "{setup:?} is refused without a problem: {error}");
            assert_eq!(error, problems, "the error lists other problems");
        }
    }
}

/// Bytes read one at a time, zero once exhausted (so every input gives a setup).
pub struct Bytes<'a>(pub std::slice::Iter<'a, u8>);

impl<'a> Bytes<'a> {
    /// The next byte, or zero.
    pub fn byte(&mut self) -> u8 {
        self.0.next().copied().unwrap_or(0)
    }

    /// The bytes left, in pairs.
    pub fn pairs(mut self) -> impl Iterator<Item = (u8, u8)> + 'a {
        std::iter::from_fn(move || Some((*self.0.next()?, *self.0.next()?)))
    }
}

/// The four games' setups behind one interface: the same names in every crate (design.md).
macro_rules! checked_setup {
    ($($game:ident),*) => {$(
        impl CheckedSetup for $game::Setup {
            type Position = $game::Position;
            fn problems_text(&self) -> (bool, String) {
                let problems = self.problems();
                (problems.is_empty(), problems.to_string())
            }
            fn validated(&self) -> Result<$game::Position, String> {
                self.validate().map_err(|e| e.problems().to_string())
            }
            fn read_back(position: &$game::Position) -> Self {
                $game::Setup::from(position)
            }
        }
    )*};
}

checked_setup!(
    boardgames_tictactoe,
    boardgames_ultimate,
    boardgames_gomoku,
    boardgames_morris
);

impl SequenceGame for boardgames_gomoku::opening::OpeningGame {
    fn probe(&self, a: u8, b: u8) -> Option<Self::Move> {
        use boardgames_gomoku::opening::{Colour, Move};
        // Points anywhere on the largest board, so past this board's edge too.
        let point = boardgames_gomoku::Point::new((a >> 3) % 20, b % 20);
        Some(match a % 8 {
            0..=2 => Move::Stone(point?),
            3 => Move::Choose(if b & 1 == 0 {
                Colour::Black
            } else {
                Colour::White
            }),
            4 => Move::PlaceTwo,
            5 => Move::Declare(b % 16),
            6 => Move::Offer(point?),
            _ => Move::Pick(point?),
        })
    }
}
