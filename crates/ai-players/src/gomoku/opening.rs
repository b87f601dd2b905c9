//! The computer's opening decisions ([`OpeningPlayer`]): stones that leave a balanced
//! position when the opponent may still swap, a colour chosen from its own evaluation, a
//! declared number of offers that evens the position out, the best fifth moves to offer and
//! the offered one worst for black to pick. Once the opening is over it plays as
//! [`GomokuPlayer`].

use super::evaluator::GomokuEvaluator;
use super::player::GomokuPlayer;
use super::tracked::SearchPosition;
use crate::{ComputerPlayer, Level};
use boardgames_core::{zobrist, Game, MoveList, Player};
use boardgames_gomoku::opening::{Colour, Move, Opening, OpeningGame, Step};
use boardgames_gomoku::{Point, Position};
use boardgames_search::{Limits, Score, Searcher};

/// How far from black's even score a position may be for Swap2's chooser to take a colour
/// rather than place two more stones: about one open three's worth in the evaluation.
const CLEAR_EDGE: Score = 60;

/// A gomoku computer player for games under an opening rule. It acts for whichever seat it
/// is given, and never stalls: every step has a decision, and a decision that turns out
/// illegal falls back to the first legal move.
///
/// ```
/// use boardgames_core::Game;
/// use boardgames_gomoku::opening::{Opening, OpeningGame};
/// use boardgames_gomoku::Rule;
/// use boardgames_players::gomoku::{Level, OpeningPlayer};
/// use boardgames_players::ComputerPlayer;
///
/// let mut game = OpeningGame::new(15, Rule::STANDARD, Some(Opening::Swap2)).unwrap();
/// let mut first = OpeningPlayer::new(Level::Beginner, 1);
/// let mut second = OpeningPlayer::new(Level::Beginner, 2);
/// while game.in_opening() {
///     let player = if game.side_to_move() == boardgames_core::Player::First {
///         &mut first
///     } else {
///         &mut second
///     };
///     let mv = player.choose_move(&game).unwrap();
///     game.play(mv).unwrap();
/// }
/// assert!(game.position().stone_count() >= 4);
/// ```
pub struct OpeningPlayer {
    stones: GomokuPlayer,
    level: Level,
    seed: u64,
}

impl OpeningPlayer {
    /// A player at `level`, its choices seeded by `seed`.
    pub fn new(level: Level, seed: u64) -> OpeningPlayer {
        OpeningPlayer {
            stones: GomokuPlayer::new(level, seed),
            level,
            seed,
        }
    }

    /// The opening decision for the current step (the step is not [`Step::Play`]).
    fn decide(&self, game: &OpeningGame) -> Option<Move> {
        let position = game.position();
        match game.step() {
            Step::Stone(_) => {
                let keeps = matches!(game.opening(), Some(Opening::Pro | Opening::LongPro));
                self.place_stone(game, keeps)
            }
            Step::ChooseColour | Step::ChooseColourOrOffer { .. } => {
                Some(Move::Choose(self.better_colour(position)))
            }
            Step::ChooseColourOrPlaceTwo => {
                if self.black_score(position).abs() >= CLEAR_EDGE {
                    Some(Move::Choose(self.better_colour(position)))
                } else {
                    Some(Move::PlaceTwo)
                }
            }
            Step::Declare { max } => Some(Move::Declare(self.declared_count(position, max))),
            Step::Offer { .. } => self.best_offer(game),
            Step::Pick => game
                .offers()
                .iter()
                .min_by_key(|&p| (self.score_after(position, p), self.tie(p)))
                .map(Move::Pick),
            _ => None,
        }
    }

    /// The next stone: the best for its colour when the placer keeps that colour (Pro, Long
    /// Pro), else the one leaving black's score nearest even (the opponent may swap next).
    fn place_stone(&self, game: &OpeningGame, keeps: bool) -> Option<Move> {
        let position = game.position();
        let colour = game.colour_to_place();
        let candidates = candidates(game, |mv| matches!(mv, Move::Stone(_)));
        let choice = if keeps {
            candidates.into_iter().max_by_key(|&p| {
                let black = self.score_after(position, p);
                let own = if colour == Colour::Black {
                    black
                } else {
                    -black
                };
                (own, self.tie(p))
            })
        } else {
            // Scores within a few points of each other are equally even: among them the stone
            // nearest the others keeps the fight in the middle of the board.
            candidates.into_iter().min_by_key(|&p| {
                let mut next = *position;
                next.play_unchecked(p);
                let evenness = self.balance(&next).abs() / EVEN_BAND;
                (evenness, spread(position, p), self.tie(p))
            })
        };
        choice.map(Move::Stone)
    }

    /// The fifth move to offer: the best for black among the legal offers, since white will
    /// pick the worst of them.
    fn best_offer(&self, game: &OpeningGame) -> Option<Move> {
        let position = game.position();
        candidates(game, |mv| matches!(mv, Move::Offer(_)))
            .into_iter()
            .max_by_key(|&p| (self.score_after(position, p), self.tie(p)))
            .map(Move::Offer)
    }

    /// Soosõrv-8: more offers give white more to choose from, so the better black stands the
    /// more the declarer asks for; four around an even position.
    fn declared_count(&self, position: &Position, max: u8) -> u8 {
        let lean = self.black_score(position) / (CLEAR_EDGE / 2);
        (4 + lean).clamp(1, Score::from(max)) as u8
    }

    /// The colour with the better score in this player's evaluation (a short search for the
    /// searching levels, the static score for the beginner).
    fn better_colour(&self, position: &Position) -> Colour {
        match self.black_score(position) {
            s if s > 0 => Colour::Black,
            s if s < 0 => Colour::White,
            // An even position: either will do; the seed decides.
            _ if self.seed & 1 == 0 => Colour::Black,
            _ => Colour::White,
        }
    }

    /// Black's score after the next stone goes on `point`.
    fn score_after(&self, position: &Position, point: Point) -> Score {
        let mut next = *position;
        next.play_unchecked(point);
        self.black_score(&next)
    }

    /// The position's score from black's view: the static score for the beginner, an even
    /// depth of search for the others (an odd depth would favour the side to move, whose
    /// extra stone the leaves count).
    fn black_score(&self, position: &Position) -> Score {
        match self.level {
            Level::Beginner => black_view(position),
            Level::Normal => searched(position, 2),
            _ => searched(position, 4),
        }
    }

    /// Black's score for judging a stone the opponent may swap: at least a two-ply search at
    /// every level. The static score alone calls a self-blocking line (black, white, black
    /// side by side) perfectly even, and the beginner would lay such openings.
    fn balance(&self, position: &Position) -> Score {
        match self.level {
            Level::Beginner => searched(position, 2),
            _ => self.black_score(position),
        }
    }

    /// A seeded tie-break among equal choices.
    fn tie(&self, point: Point) -> u64 {
        zobrist::mix64(self.seed ^ point.index() as u64)
    }
}

/// Black's scores closer than this count as equally even when placing a balanced stone.
const EVEN_BAND: Score = 8;

/// How far `point` lies from the stones and the centre: the sum of squared distances to each
/// stone, plus the squared distance to the centre on an empty board.
fn spread(position: &Position, point: Point) -> i32 {
    let square = |p: Point, c: i32, r: i32| {
        let (dc, dr) = (i32::from(p.col()) - c, i32::from(p.row()) - r);
        dc * dc + dr * dr
    };
    let centre = i32::from(position.size() / 2);
    Player::ALL
        .iter()
        .flat_map(|&c| position.stones(c).iter())
        .map(|s| square(point, i32::from(s.col()), i32::from(s.row())))
        .sum::<i32>()
        + square(point, centre, centre)
}

/// Black's score after a search of `depth` plies.
fn searched(position: &Position, depth: u32) -> Score {
    let mut searcher = Searcher::make_unmake(GomokuEvaluator::new()).with_table_bytes(1 << 16);
    let found = searcher.search(&SearchPosition::new(*position), &Limits::depth(depth));
    if position.side_to_move() == Player::First {
        found.score
    } else {
        -found.score
    }
}

/// The static score from black's view.
fn black_view(position: &Position) -> Score {
    let score = GomokuEvaluator::new().static_score(&SearchPosition::new(*position));
    if position.side_to_move() == Player::First {
        score
    } else {
        -score
    }
}

/// The points of the legal moves that `wanted` accepts, narrowed to those within two lines
/// of a stone (or, on an empty board, to the points nearest the centre) when there are any.
fn candidates(game: &OpeningGame, wanted: impl Fn(Move) -> bool) -> Vec<Point> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let points: Vec<Point> = moves
        .into_iter()
        .filter(|&mv| wanted(mv))
        .filter_map(Move::point)
        .collect();
    let position = game.position();
    let stones: Vec<Point> = Player::ALL
        .iter()
        .flat_map(|&c| position.stones(c).iter())
        .collect();
    let near = |p: Point, q: Point| {
        (p.col() as i32 - q.col() as i32).abs() <= 2 && (p.row() as i32 - q.row() as i32).abs() <= 2
    };
    let close: Vec<Point> = if stones.is_empty() {
        let centre = i32::from(position.size() / 2);
        let reach = |p: Point| {
            (p.col() as i32 - centre)
                .abs()
                .max((p.row() as i32 - centre).abs())
        };
        let nearest = points.iter().map(|&p| reach(p)).min().unwrap_or(0);
        points
            .iter()
            .copied()
            .filter(|&p| reach(p) <= nearest + 1)
            .collect()
    } else {
        points
            .iter()
            .copied()
            .filter(|&p| stones.iter().any(|&s| near(p, s)))
            .collect()
    };
    if close.is_empty() {
        points
    } else {
        close
    }
}

impl ComputerPlayer<OpeningGame> for OpeningPlayer {
    fn choose_move(&mut self, game: &OpeningGame) -> Option<Move> {
        if game.status().is_over() {
            return None;
        }
        let choice = if game.in_opening() {
            self.decide(game)
        } else {
            self.stones.choose_move(game.position()).map(Move::Stone)
        };
        match choice {
            Some(mv) if game.is_legal(mv) => Some(mv),
            // Never stall: the first legal move.
            _ => {
                let mut moves = MoveList::new();
                game.legal_moves(&mut moves);
                moves.first().copied()
            }
        }
    }

    fn name(&self) -> String {
        self.stones.name()
    }
}
