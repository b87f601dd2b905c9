//! The match itself: the moves with their times and comments, undo, resignation, draw
//! offers, clocks, the draw rules and the outcome.

use super::clock::{Clocks, TimeControl, TimeSource};
use super::error::MatchError;
use super::outcome::{DrawRules, MatchRules, Outcome, Reason};
use crate::{ByPlayer, Game, MoveList, Player, RandomSource, Status};
use core::time::Duration;
use std::sync::Arc;

/// A pending draw offer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Offer {
    pub(super) by: Player,
    /// The offer was made on the offerer's own turn and survives the move that goes with it.
    pub(super) keeps_next_move: bool,
}

/// One move of the match, with what it changed.
#[derive(Clone, PartialEq, Debug)]
struct Ply<G: Game> {
    before: G,
    mv: G::Move,
    quiet_before: u32,
    clocks_before: Option<ByPlayer<Duration>>,
    spent: Option<Duration>,
    comment: Option<String>,
}

/// One move as the match recorded it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveEntry<'a, M> {
    /// The move.
    pub mv: M,
    /// The time the move took, when known (a timed match measures it; a record may give it).
    pub spent: Option<Duration>,
    /// The comment attached to the move.
    pub comment: Option<&'a str>,
}

/// A game in progress with its history: undo, resignation, draw offers, clocks, draw rules
/// and the result with its reason. It implements [`Game`] too (every way the match can end is
/// folded into its status), so the referee, a search or the conformance harness can drive it.
///
/// Actions are checked: on an error nothing changes.
#[derive(Clone, Debug)]
pub struct Match<G: MatchRules> {
    pub(super) rules: DrawRules,
    pub(super) start: G,
    current: G,
    plies: Vec<Ply<G>>,
    quiet: u32,
    pub(super) offer: Option<Offer>,
    /// An end the position does not show: resignation, agreement, or a fallen flag.
    pub(super) decided: Option<Outcome>,
    pub(super) clocks: Option<Clocks>,
    pub(super) tags: Vec<(String, String)>,
}

impl<G: MatchRules> PartialEq for Match<G> {
    /// Equal moves (with times and comments), positions, offers, outcomes, tags, time
    /// controls and clocks: a clone equals its original at any moment, and a match read back
    /// from its record (on another time source) equals the match written, showing the same
    /// time left.
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules
            && self.start == other.start
            && self.current == other.current
            && self.plies == other.plies
            && self.quiet == other.quiet
            && self.live_offer() == other.live_offer()
            && self.tags == other.tags
            && self.outcome() == other.outcome()
            && match (&self.clocks, &other.clocks) {
                (None, None) => true,
                (Some(a), Some(b)) => a.same_as(b, self.current.side_to_move()),
                _ => false,
            }
    }
}

impl<G: MatchRules> Match<G> {
    /// A match starting at `start` under the draw rules `rules`, without clocks.
    pub fn new(start: G, rules: DrawRules) -> Match<G> {
        Match {
            rules,
            current: start.clone(),
            start,
            plies: Vec::new(),
            quiet: 0,
            offer: None,
            decided: None,
            clocks: None,
            tags: Vec::new(),
        }
    }

    /// This match with clocks under `control`, read from `time`. Both clocks start full and
    /// the side to move's clock runs from now (moves already played are not charged).
    pub fn with_clock(mut self, control: TimeControl, time: Arc<dyn TimeSource>) -> Match<G> {
        let mut clocks = Clocks::new(control, time);
        if self.outcome().is_some() {
            clocks.stop(self.side_to_move());
        }
        self.clocks = Some(clocks);
        self
    }

    /// The position now.
    #[inline]
    pub fn position(&self) -> &G {
        &self.current
    }

    /// The position the match started from.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The draw rules in force.
    pub fn draw_rules(&self) -> DrawRules {
        self.rules
    }

    /// The time control, if the match is timed.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.clocks.as_ref().map(|c| c.control)
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = G::Move> + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<G::Move> {
        self.plies.last().map(|p| p.mv)
    }

    /// The moves with their times and comments, oldest first.
    pub fn entries(&self) -> impl ExactSizeIterator<Item = MoveEntry<'_, G::Move>> + '_ {
        self.plies.iter().map(|p| MoveEntry {
            mv: p.mv,
            spent: p.spent,
            comment: p.comment.as_deref(),
        })
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// `true` when no move has been played.
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// The number of moves in a row, up to now, with nothing irreversible.
    pub fn quiet_moves(&self) -> u32 {
        self.quiet
    }

    /// How many times the current position (with the same side to move) has occurred,
    /// counting this one. Only positions since the last irreversible move can repeat it.
    pub fn repetitions(&self) -> usize {
        let since = self.plies.len().saturating_sub(self.quiet as usize);
        1 + self.plies[since..]
            .iter()
            .filter(|p| p.before == self.current)
            .count()
    }

    /// The draw the draw rules call at the current position, if any.
    fn rule_draw(&self) -> Option<Reason> {
        if self.current.status().is_over() {
            return None;
        }
        if self.rules.quiet_moves.is_some_and(|n| self.quiet >= n) {
            return Some(Reason::MoveRule);
        }
        // A position needs at least two plies to come back with the same side to move.
        if self.rules.threefold && self.quiet >= 2 && self.repetitions() >= 3 {
            return Some(Reason::Repetition);
        }
        None
    }

    /// How the match has ended, or `None` while it goes on. A fallen flag counts from the
    /// moment the time ran out, even before anyone acts.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.decided {
            return Some(outcome);
        }
        let status = self.current.status();
        if status.is_over() {
            return Some(Outcome {
                status,
                reason: self.current.end_reason(),
            });
        }
        if let Some(reason) = self.rule_draw() {
            return Some(Outcome::draw(reason));
        }
        let to_move = self.current.side_to_move();
        match &self.clocks {
            Some(clocks) if clocks.fallen(to_move) => {
                Some(Outcome::win(to_move.opponent(), Reason::Time))
            }
            _ => None,
        }
    }

    /// Why the match is drawn, if it is.
    pub fn draw_reason(&self) -> Option<Reason> {
        self.outcome()
            .filter(|o| o.status == Status::Draw)
            .map(|o| o.reason)
    }

    /// The error for an action once the match is over. A fallen flag needs no recording: once
    /// the time has run out, [`Match::outcome`] says so for good.
    fn refuse_if_over(&self) -> Result<(), MatchError<G>> {
        match self.outcome() {
            None => Ok(()),
            Some(Outcome {
                status: Status::Won(winner),
                reason: Reason::Time,
            }) => Err(MatchError::FlagFell {
                loser: winner.opponent(),
            }),
            Some(outcome) => Err(MatchError::GameOver { outcome }),
        }
    }

    /// The time `player` has left now, if the match is timed.
    pub fn clock(&self, player: Player) -> Option<Duration> {
        let clocks = self.clocks.as_ref()?;
        let to_move = self.current.side_to_move();
        if clocks.running && self.outcome().is_some() {
            // Over by a fallen flag not yet recorded: the flag shows zero.
            return Some(if player == to_move {
                Duration::ZERO
            } else {
                clocks.remaining[player]
            });
        }
        Some(clocks.left(player, to_move))
    }

    /// Plays `mv`: checked against the rules and the match (over, flag fallen). The time it
    /// took is measured on a timed match.
    pub fn play_move(&mut self, mv: G::Move) -> Result<(), MatchError<G>> {
        self.refuse_if_over()?;
        self.current
            .check_move(mv)
            .map_err(|reason| MatchError::Illegal(crate::PlayError { mv, reason }))?;
        self.push(mv, None);
        Ok(())
    }

    /// Reads `text` in the game's notation and plays it as [`Match::play_move`] does.
    pub fn play_text(&mut self, text: &str) -> Result<(), MatchError<G>> {
        self.refuse_if_over()?;
        let mv = self
            .current
            .parse_move(text)
            .map_err(|error| MatchError::Parse {
                text: text.to_owned(),
                error,
            })?;
        self.play_move(mv)
    }

    /// Plays `mv` as having taken `spent` (a record's time), checked like
    /// [`Match::play_move`]; on a timed match a move slower than the time left is refused
    /// with [`MatchError::FlagFell`].
    pub fn play_move_timed(&mut self, mv: G::Move, spent: Duration) -> Result<(), MatchError<G>> {
        self.refuse_if_over()?;
        self.current
            .check_move(mv)
            .map_err(|reason| MatchError::Illegal(crate::PlayError { mv, reason }))?;
        let to_move = self.current.side_to_move();
        if let Some(clocks) = &self.clocks {
            if spent >= clocks.remaining[to_move] {
                return Err(MatchError::FlagFell { loser: to_move });
            }
        }
        self.push(mv, Some(spent));
        Ok(())
    }

    /// Plays a move known to be legal, charging the clock `spent` (or the measured time).
    fn push(&mut self, mv: G::Move, spent: Option<Duration>) {
        let mover = self.current.side_to_move();
        let irreversible = self.current.is_irreversible(mv);
        let clocks_before = self.clocks.as_ref().map(|c| c.remaining);
        let spent = match &mut self.clocks {
            Some(clocks) => {
                let spent = spent.unwrap_or_else(|| clocks.elapsed());
                clocks.charge(mover, spent);
                Some(spent)
            }
            None => spent,
        };
        self.plies.push(Ply {
            before: self.current.clone(),
            mv,
            quiet_before: self.quiet,
            clocks_before,
            spent,
            comment: None,
        });
        self.current.play_unchecked(mv);
        self.quiet = if irreversible {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        // The offer lapses when the offering side moves again.
        self.offer = match self.offer {
            Some(offer) if offer.by == mover && offer.keeps_next_move => Some(Offer {
                keeps_next_move: false,
                ..offer
            }),
            Some(offer) if offer.by == mover => None,
            other => other,
        };
        self.stop_clocks_if_over();
    }

    fn stop_clocks_if_over(&mut self) {
        if self.outcome().is_some() {
            let to_move = self.current.side_to_move();
            if let Some(clocks) = &mut self.clocks {
                clocks.stop(to_move);
            }
        }
    }

    /// Takes back the last move and returns it; `None` when no move was played. An end
    /// since that move (resignation, agreement, a fallen flag) is taken back too, a pending
    /// draw offer is cancelled, and the clocks return to their times when that move began,
    /// the mover's turn starting now.
    pub fn undo(&mut self) -> Option<G::Move> {
        let ply = self.plies.pop()?;
        self.current = ply.before;
        self.quiet = ply.quiet_before;
        self.offer = None;
        self.decided = None;
        if let (Some(clocks), Some(before)) = (&mut self.clocks, ply.clocks_before) {
            clocks.restore(before);
        }
        Some(ply.mv)
    }

    /// `player` resigns: the opponent wins.
    pub fn resign(&mut self, player: Player) -> Result<Outcome, MatchError<G>> {
        self.refuse_if_over()?;
        Ok(self.finish(Outcome::win(player.opponent(), Reason::Resignation)))
    }

    pub(super) fn finish(&mut self, outcome: Outcome) -> Outcome {
        self.offer = None;
        self.decided = Some(outcome);
        let to_move = self.current.side_to_move();
        if let Some(clocks) = &mut self.clocks {
            clocks.stop(to_move);
        }
        outcome
    }

    /// The player whose draw offer is pending, if any.
    pub fn pending_offer(&self) -> Option<Player> {
        self.live_offer().map(|o| o.by)
    }

    /// The pending offer; none once the match is over (a flag may fall with one open).
    pub(super) fn live_offer(&self) -> Option<Offer> {
        self.offer.filter(|_| self.outcome().is_none())
    }

    /// `player` offers a draw. The offer stands until the opponent accepts or declines it,
    /// or until `player` moves again (an offer made on one's own turn goes with that turn's
    /// move). Offering while the opponent's offer is open accepts that offer.
    pub fn offer_draw(&mut self, player: Player) -> Result<(), MatchError<G>> {
        self.refuse_if_over()?;
        match self.offer {
            Some(o) if o.by == player => Err(MatchError::AlreadyOffered { player }),
            Some(_) => {
                self.finish(Outcome::draw(Reason::Agreement));
                Ok(())
            }
            None => {
                self.offer = Some(Offer {
                    by: player,
                    keeps_next_move: self.current.side_to_move() == player,
                });
                Ok(())
            }
        }
    }

    /// `player` accepts the opponent's pending offer: the match is drawn by agreement.
    pub fn accept_draw(&mut self, player: Player) -> Result<Outcome, MatchError<G>> {
        self.refuse_if_over()?;
        if self.pending_offer() != Some(player.opponent()) {
            return Err(MatchError::NoOffer { player });
        }
        Ok(self.finish(Outcome::draw(Reason::Agreement)))
    }

    /// `player` declines the opponent's pending offer.
    pub fn decline_draw(&mut self, player: Player) -> Result<(), MatchError<G>> {
        self.refuse_if_over()?;
        if self.pending_offer() != Some(player.opponent()) {
            return Err(MatchError::NoOffer { player });
        }
        self.offer = None;
        Ok(())
    }

    /// Attaches `text` to the last move (replacing any comment there). Comments are one
    /// line without braces, so a record holds them as given.
    pub fn comment(&mut self, text: &str) -> Result<(), MatchError<G>> {
        check_text("comment", text, |c| c == '{' || c == '}' || c.is_control())?;
        let last = self.plies.last_mut().ok_or(MatchError::NoMoveToComment)?;
        last.comment = Some(text.to_owned());
        Ok(())
    }

    /// Sets a descriptive tag such as `First`, `Second`, `Date` or `Event` (a record's tag
    /// pair). Names are letters, digits and `_`; values are one line. Tags the record
    /// writes itself (`Game`, `Result`, the options...) are set through the match instead.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), MatchError<G>> {
        check_text("tag name", name, |c| {
            !(c.is_ascii_alphanumeric() || c == '_')
        })?;
        check_text("tag value", value, char::is_control)?;
        if is_reserved_tag(name) {
            return Err(MatchError::BadText {
                what: "tag name",
                text: name.to_owned(),
                why: "the record writes this tag itself",
            });
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
        Ok(())
    }

    /// The value of a descriptive tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The descriptive tags, in the order they were set.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.tags.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

/// Refuses empty text or text with a character `bad` flags (or a `"` or `\`, which a record's
/// tag would have to escape).
fn check_text<G: Game>(
    what: &'static str,
    text: &str,
    bad: impl Fn(char) -> bool,
) -> Result<(), MatchError<G>> {
    let why = if what == "tag name" && text.is_empty() {
        Some("it is empty")
    } else if text.chars().any(|c| bad(c) || c == '"' || c == '\\') {
        Some("it holds a control character, a brace, a quote or a backslash")
    } else {
        None
    };
    match why {
        None => Ok(()),
        Some(why) => Err(MatchError::BadText {
            what,
            text: text.to_owned(),
            why,
        }),
    }
}

impl<G: MatchRules> Game for Match<G> {
    type Move = G::Move;
    type ParseMoveError = G::ParseMoveError;
    type Illegal = G::Illegal;

    fn side_to_move(&self) -> Player {
        self.current.side_to_move()
    }

    /// The position's result, or the match's end (resignation, agreement, time, a draw rule).
    fn status(&self) -> Status {
        self.outcome().map_or(Status::Ongoing, |o| o.status)
    }

    fn legal_moves(&self, moves: &mut MoveList<G::Move>) {
        if self.outcome().is_some() {
            moves.clear();
        } else {
            self.current.legal_moves(moves);
        }
    }

    fn legal_move_count(&self) -> usize {
        if self.outcome().is_some() {
            0
        } else {
            self.current.legal_move_count()
        }
    }

    fn check_move(&self, mv: G::Move) -> Result<(), G::Illegal> {
        if let Some(outcome) = self.outcome() {
            return Err(G::game_over(outcome.status));
        }
        self.current.check_move(mv)
    }

    fn play_unchecked(&mut self, mv: G::Move) {
        self.push(mv, None);
    }

    fn zobrist(&self) -> u64 {
        self.current.zobrist()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.current.zobrist_from_scratch()
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, G::ParseMoveError> {
        self.current.parse_move(text)
    }

    /// The rules' bound, tightened by a quiet-move limit where the game can say how.
    fn max_remaining_plies(&self) -> Option<usize> {
        if self.outcome().is_some() {
            return Some(0);
        }
        let own = self.current.max_remaining_plies();
        let quiet = self
            .rules
            .quiet_moves
            .and_then(|n| self.current.bound_with_quiet_limit(n));
        match (own, quiet) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn random_move<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<G::Move> {
        if self.outcome().is_some() {
            None
        } else {
            self.current.random_move(rng)
        }
    }
}

/// Tags the record writes from the match itself; [`Match::set_tag`] refuses them.
const RESERVED: [&str; 9] = [
    "Game",
    "Setup",
    "Threefold",
    "QuietMoves",
    "TimeControl",
    "Clocks",
    "Offer",
    "Result",
    "Reason",
];

pub(super) fn is_reserved_tag(name: &str) -> bool {
    RESERVED.contains(&name)
}
