//! [`OpeningGame`]: a gomoku game under an opening rule, the seats apart from the colours.

use super::error::{IllegalMove, NewOpeningError};
use super::moves::{Colour, Move, ParseMoveError, MAX_OFFERS};
use super::script::{Actor, Entry, Kind, Opening, Step, END};
use super::symmetry::{canonical, stabiliser, twin_among};
use crate::point::{Point, MAX_POINTS};
use crate::point_set::PointSet;
use crate::rule::Rule;
use crate::Position;
use boardgames_core::{
    play_random_moves, Game, MoveList, Player, RandomSource, Status, UniformIndex,
};

/// Why typed input could not be played (`Game::play_text`): the text is not a move, or the
/// move is not legal now.
// Named beside the game it belongs to: this module imports `error.rs`, not the other way round.
pub type InputError = boardgames_core::InputError<OpeningGame>;

/// Hash keys of what an opening game adds to the stones: 16 steps, 2 black seats, 11 offer
/// counts, then one key per offered point.
const KEY_COUNT: usize = 16 + 2 + 11 + MAX_POINTS;
const KEYS: [u64; KEY_COUNT] = boardgames_core::zobrist::keys(0x006f_7065_6e69_6e67);
const SEAT_KEYS: usize = 16;
const COUNT_KEYS: usize = 18;
const OFFER_KEYS: usize = 29;

fn stage_key(stage: u8) -> u64 {
    KEYS[usize::from(stage.min(15))]
}

fn seat_key(black_seat: Option<Player>) -> u64 {
    black_seat.map_or(0, |seat| KEYS[SEAT_KEYS + seat.index()])
}

fn count_key(count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        KEYS[COUNT_KEYS + usize::from(count.min(MAX_OFFERS))]
    }
}

fn offer_key(point: Point) -> u64 {
    KEYS[OFFER_KEYS + point.index()]
}

/// The seat and the colour that won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Winner {
    /// The winning seat.
    pub seat: Player,
    /// The colour it played.
    pub colour: Colour,
}

/// A gomoku game under an opening rule (or none): the stones, whose turn it is among the two
/// **seats**, which seat plays which colour, and where the opening stands.
///
/// It implements [`Game`] with [`Player::First`] and [`Player::Second`] as the seats, so
/// perft, the conformance harness, random playouts and the search run on it unchanged. With
/// no opening it is the plain game, the first seat playing black.
///
/// ```
/// use boardgames_core::{Game, Player, Status};
/// use boardgames_gomoku::opening::{Colour, IllegalMove, Opening, OpeningGame, Step, Zone};
/// use boardgames_gomoku::Rule;
///
/// let mut game = OpeningGame::new(15, Rule::RENJU, Some(Opening::Pro)).unwrap();
/// assert_eq!(game.step(), Step::Stone(Zone::Centre));
/// let wrong = game.parse_move("a1").unwrap();
/// assert!(matches!(game.play(wrong).unwrap_err().reason, IllegalMove::OutsideZone { .. }));
/// for text in ["h8", "h9"] {
///     game.play(game.parse_move(text).unwrap()).unwrap();
/// }
/// // Black's second stone must be outside the central 5x5 (d4 to l12 is outside).
/// assert!(game.play(game.parse_move("j10").unwrap()).is_err());
/// game.play(game.parse_move("l12").unwrap()).unwrap();
/// assert_eq!(game.step(), Step::Play);
/// assert_eq!(game.seat_of(Colour::White), Some(Player::Second));
/// assert_eq!(game.status(), Status::Ongoing);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct OpeningGame {
    position: Position,
    opening: Option<Opening>,
    /// The index of the current step in the opening's script, [`END`] once play is free.
    stage: u8,
    /// The seat playing black; `None` while nobody has chosen (Swap, Swap2).
    black_seat: Option<Player>,
    /// How many fifth moves are to be offered (0 until declared or fixed by a fork).
    offer_count: u8,
    /// The fifth moves offered so far (not on the board).
    offers: PointSet,
    /// The hash of everything but the stones, kept up to date with each change.
    extra: u64,
}

impl OpeningGame {
    /// A new `size` x `size` game under `rule` and the `opening` rule (`None`: the plain game,
    /// the first seat black). Openings that do not fit the board are refused.
    pub fn new(
        size: u32,
        rule: Rule,
        opening: Option<Opening>,
    ) -> Result<OpeningGame, NewOpeningError> {
        let position = Position::new(size, rule)?;
        if let Some(opening) = opening {
            opening.check(size, rule)?;
        }
        let mut game = OpeningGame {
            position,
            opening,
            stage: if opening.is_some() { 0 } else { END },
            black_seat: match opening {
                Some(o) if !o.starts_with_black_seat() => None,
                _ => Some(Player::First),
            },
            offer_count: 0,
            offers: PointSet::EMPTY,
            extra: 0,
        };
        game.extra = game.extra_from_scratch();
        Ok(game)
    }

    /// The stones on the board, as the plain game sees them (its players are the colours:
    /// [`Player::First`] is black).
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The opening rule, if any.
    pub const fn opening(&self) -> Option<Opening> {
        self.opening
    }

    /// What the seat to act may do now; [`Step::Play`] once the opening is over.
    pub fn step(&self) -> Step {
        let Some(entry) = self.entry() else {
            return Step::Play;
        };
        match entry.kind {
            Kind::Stone(zone) => Step::Stone(zone),
            Kind::Colour => Step::ChooseColour,
            Kind::ColourOrTwo => Step::ChooseColourOrPlaceTwo,
            Kind::ColourOrOffer(count) => Step::ChooseColourOrOffer { count },
            Kind::Declare(max) => Step::Declare { max },
            Kind::Offer => Step::Offer {
                made: self.offers.len() as u8,
                count: self.offer_count,
            },
            Kind::Pick => Step::Pick,
        }
    }

    /// `true` while the opening rule still constrains the moves.
    pub const fn in_opening(&self) -> bool {
        self.stage != END
    }

    /// The seat playing `colour`, or `None` while the opening has not decided it (Swap and
    /// Swap2 before the choice). In the RIF openings the seats hold colours tentatively from
    /// the start, and each swap exchanges them.
    pub fn seat_of(&self, colour: Colour) -> Option<Player> {
        self.black_seat.map(|black| match colour {
            Colour::Black => black,
            Colour::White => black.opponent(),
        })
    }

    /// The colour `seat` plays, or `None` while undecided.
    pub fn colour_of(&self, seat: Player) -> Option<Colour> {
        self.black_seat.map(|black| {
            if seat == black {
                Colour::Black
            } else {
                Colour::White
            }
        })
    }

    /// The colour of the next stone placed (black when an even number of stones is on the
    /// board).
    pub fn colour_to_place(&self) -> Colour {
        Colour::of_player(self.position.side_to_move())
    }

    /// The fifth moves offered so far (they are not on the board until one is picked).
    pub const fn offers(&self) -> &PointSet {
        &self.offers
    }

    /// How many fifth moves are to be offered, once declared (Soosõrv-8) or chosen
    /// (Taraguchi-10's offer branch).
    pub const fn offer_count(&self) -> Option<u8> {
        if self.offer_count == 0 {
            None
        } else {
            Some(self.offer_count)
        }
    }

    /// The winning seat and its colour, once the game is won.
    pub fn winner(&self) -> Option<Winner> {
        match self.status() {
            Status::Won(seat) => Some(Winner {
                seat,
                colour: self.colour_of(seat).unwrap_or(Colour::of_player(seat)),
            }),
            _ => None,
        }
    }

    /// The current step of the script, `None` once play is free.
    fn entry(&self) -> Option<Entry> {
        let script = self.opening?.script();
        script.get(usize::from(self.stage)).copied()
    }

    /// The seat that acts now.
    fn actor(&self) -> Player {
        let seat = |colour: Colour| self.seat_of(colour).unwrap_or(colour.as_player());
        match self.entry().map(|e| e.actor) {
            None => seat(self.colour_to_place()),
            Some(Actor::Black) => seat(Colour::Black),
            Some(Actor::White) => seat(Colour::White),
            Some(Actor::FirstSeat) => Player::First,
            Some(Actor::SecondSeat) => Player::Second,
        }
    }

    fn extra_from_scratch(&self) -> u64 {
        let mut hash = stage_key(self.stage) ^ seat_key(self.black_seat);
        hash ^= count_key(self.offer_count);
        for point in self.offers.iter() {
            hash ^= offer_key(point);
        }
        hash
    }

    fn set_stage(&mut self, stage: u8) {
        self.extra ^= stage_key(self.stage) ^ stage_key(stage);
        self.stage = stage;
    }

    fn set_black_seat(&mut self, seat: Player) {
        self.extra ^= seat_key(self.black_seat) ^ seat_key(Some(seat));
        self.black_seat = Some(seat);
    }

    fn set_offer_count(&mut self, count: u8) {
        self.extra ^= count_key(self.offer_count) ^ count_key(count);
        self.offer_count = count;
    }

    fn add_offer(&mut self, point: Point) {
        if !self.offers.contains(point) {
            self.offers.insert(point);
            self.extra ^= offer_key(point);
        }
    }

    fn clear_offers(&mut self) {
        for point in self.offers.iter() {
            self.extra ^= offer_key(point);
        }
        self.offers = PointSet::EMPTY;
    }
}

// Legality and move generation.
impl OpeningGame {
    /// The points the stone-level position allows for the next stone (on the board, empty,
    /// not forbidden).
    fn board_points(&self) -> MoveList<Point> {
        let mut points = MoveList::new();
        self.position.legal_moves(&mut points);
        points
    }

    /// How many different fifth moves (no two symmetrical) the position has, counted up to
    /// `cap`.
    fn distinct_fifths(&self, cap: u8) -> u32 {
        let syms = stabiliser(&self.position);
        let size = self.position.size();
        let mut seen = PointSet::EMPTY;
        for point in self.board_points() {
            seen.insert(canonical(point, &syms, size));
            if seen.len() >= usize::from(cap) {
                break;
            }
        }
        seen.len() as u32
    }

    fn check_offer(&self, point: Point) -> Result<(), IllegalMove> {
        self.position.check_move(point)?;
        if self.offers.contains(point) {
            return Err(IllegalMove::AlreadyOffered { point });
        }
        let count = match self.entry().map(|e| e.kind) {
            Some(Kind::ColourOrOffer(count)) => count,
            _ => self.offer_count,
        };
        if self.offers.is_empty() {
            let available = self.distinct_fifths(count);
            if available < u32::from(count) {
                return Err(IllegalMove::TooFewDistinctPoints { count, available });
            }
        }
        let syms = stabiliser(&self.position);
        match twin_among(point, self.offers.iter(), &syms, self.position.size()) {
            Some(twin) => Err(IllegalMove::SymmetricalOffer { point, twin }),
            None => Ok(()),
        }
    }

    fn check_declare(&self, count: u8, max: u8) -> Result<(), IllegalMove> {
        if count == 0 || count > max {
            return Err(IllegalMove::CountOutOfRange { count, max });
        }
        let available = self.distinct_fifths(count);
        if available < u32::from(count) {
            return Err(IllegalMove::TooFewDistinctPoints { count, available });
        }
        Ok(())
    }

    fn check_step(&self, entry: Entry, mv: Move) -> Result<(), IllegalMove> {
        match (entry.kind, mv) {
            (Kind::Stone(zone), Move::Stone(point)) => {
                self.position.check_move(point)?;
                if zone.contains(point, self.position.size()) {
                    Ok(())
                } else {
                    Err(IllegalMove::OutsideZone { point, zone })
                }
            }
            (Kind::Colour | Kind::ColourOrTwo | Kind::ColourOrOffer(_), Move::Choose(_)) => Ok(()),
            (Kind::ColourOrTwo, Move::PlaceTwo) => Ok(()),
            (Kind::ColourOrOffer(_) | Kind::Offer, Move::Offer(point)) => self.check_offer(point),
            (Kind::Declare(max), Move::Declare(count)) => self.check_declare(count, max),
            (Kind::Pick, Move::Pick(point)) if self.offers.contains(point) => Ok(()),
            (Kind::Pick, Move::Pick(point)) => Err(IllegalMove::NotOffered { point }),
            _ => Err(IllegalMove::NotNow {
                mv,
                step: self.step(),
            }),
        }
    }

    /// Fills `moves` with the legal moves of the current step.
    fn generate(&self, entry: Entry, moves: &mut MoveList<Move>) {
        const COLOURS: [Move; 2] = [Move::Choose(Colour::Black), Move::Choose(Colour::White)];
        let size = self.position.size();
        match entry.kind {
            Kind::Stone(zone) => moves.extend(
                self.board_points()
                    .into_iter()
                    .filter(|&p| zone.contains(p, size))
                    .map(Move::Stone),
            ),
            Kind::Colour => moves.extend(COLOURS),
            Kind::ColourOrTwo => moves.extend(COLOURS.into_iter().chain([Move::PlaceTwo])),
            Kind::ColourOrOffer(count) => {
                moves.extend(COLOURS);
                if self.distinct_fifths(count) >= u32::from(count) {
                    moves.extend(self.board_points().into_iter().map(Move::Offer));
                }
            }
            Kind::Declare(max) => {
                let available = self.distinct_fifths(max).min(u32::from(max)) as u8;
                moves.extend((1..=available).map(Move::Declare));
            }
            Kind::Offer => {
                // The offers' canonical points once, then one lookup per point.
                let syms = stabiliser(&self.position);
                let taken: PointSet = self
                    .offers
                    .iter()
                    .map(|p| canonical(p, &syms, size))
                    .collect();
                moves.extend(
                    self.board_points()
                        .into_iter()
                        .filter(|&p| !taken.contains(canonical(p, &syms, size)))
                        .map(Move::Offer),
                );
            }
            Kind::Pick => moves.extend(self.offers.iter().map(Move::Pick)),
        }
    }
}

impl Game for OpeningGame {
    type Move = Move;
    type ParseMoveError = ParseMoveError;
    type Illegal = IllegalMove;

    /// A seat may act twice in a row during the opening (a stone, then a declaration or its
    /// offers), so searches must not assume alternation.
    const ALTERNATES: bool = false;

    /// The seat that acts now (which may act twice in a row: a stone and a declaration, or
    /// several offers).
    fn side_to_move(&self) -> Player {
        self.actor()
    }

    /// The stone-level status with the winning colour turned into its seat.
    fn status(&self) -> Status {
        match self.position.status() {
            Status::Won(colour) => {
                Status::Won(self.seat_of(Colour::of_player(colour)).unwrap_or(colour))
            }
            other => other,
        }
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        if self.position.status().is_over() {
            return;
        }
        match self.entry() {
            Some(entry) => self.generate(entry, moves),
            None => moves.extend(self.board_points().into_iter().map(Move::Stone)),
        }
    }

    fn legal_move_count(&self) -> usize {
        if self.entry().is_none() {
            return self.position.legal_move_count();
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.position.status().is_over() {
            return Err(IllegalMove::GameOver);
        }
        match (self.entry(), mv) {
            (Some(entry), _) => self.check_step(entry, mv),
            (None, Move::Stone(point)) => Ok(self.position.check_move(point)?),
            (None, _) => Err(IllegalMove::NotNow {
                mv,
                step: Step::Play,
            }),
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let Some(entry) = self.entry() else {
            if let Move::Stone(point) = mv {
                self.position.play_unchecked(point);
            }
            return;
        };
        match mv {
            Move::Stone(point) => {
                self.position.play_unchecked(point);
                self.set_stage(entry.next);
            }
            Move::Choose(colour) => {
                let actor = self.actor();
                let black = if colour == Colour::Black {
                    actor
                } else {
                    actor.opponent()
                };
                self.set_black_seat(black);
                self.set_stage(entry.next);
            }
            Move::PlaceTwo => self.set_stage(entry.alt),
            Move::Declare(count) => {
                self.set_offer_count(count);
                self.set_stage(entry.next);
            }
            Move::Offer(point) => self.offer(entry, point),
            Move::Pick(point) => {
                self.clear_offers();
                self.position.play_unchecked(point);
                self.set_stage(entry.next);
            }
        }
    }

    fn zobrist(&self) -> u64 {
        self.position.zobrist() ^ self.extra
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.position.zobrist_from_scratch() ^ self.extra_from_scratch()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        Move::parse_on(text, self.position.size())
    }

    /// The empty points (each takes at most one stone) plus the opening's choices still to
    /// come (at most one per script step, and the offers).
    fn max_remaining_plies(&self) -> Option<usize> {
        let size = usize::from(self.position.size());
        let empty = size * size
            - self.position.stones(Player::First).len()
            - self.position.stones(Player::Second).len();
        let choices = match self.opening {
            Some(opening) if self.in_opening() => opening.script().len() + usize::from(MAX_OFFERS),
            _ => 0,
        };
        Some(empty + choices)
    }

    fn random_move<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.in_opening() {
            let mut moves = MoveList::new();
            self.legal_moves(&mut moves);
            return (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u32) as usize]);
        }
        self.position.random_move(rng).map(Move::Stone)
    }

    /// Random opening choices, then the stone-level position's fast playout.
    fn random_playout<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: usize,
    ) -> (Status, usize) {
        let mut plies = play_random_moves(self, rng, max_plies, Self::in_opening);
        // Still in the opening means the game ended there (or the plies ran out): the
        // stone-level position alone would play on past the opening's rules.
        if !self.in_opening() && plies < max_plies {
            plies += self.position.random_playout(rng, max_plies - plies).1;
        }
        (self.status(), plies)
    }
}

impl OpeningGame {
    /// Adds an offer; the first one of Taraguchi-10's fork also fixes the count and enters the
    /// offer step. The last offer moves on to the pick.
    fn offer(&mut self, entry: Entry, point: Point) {
        let mut entry = entry;
        if let Kind::ColourOrOffer(count) = entry.kind {
            self.set_offer_count(count);
            self.set_stage(entry.alt);
            match self.entry() {
                Some(next) => entry = next,
                None => return,
            }
        }
        self.add_offer(point);
        if self.offers.len() >= usize::from(self.offer_count) {
            self.set_stage(entry.next);
        }
    }
}
