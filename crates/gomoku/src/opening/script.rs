//! The opening rules as data: each rule is a short script of steps, each step saying what may
//! be done and which seat does it. One interpreter ([`super::OpeningGame`]) plays them all.
//!
//! The fallible operations on an [`Opening`] (reading its name, checking that it fits a
//! board) live in `choose.rs`: the errors they return name an `Opening`, a `Step` or a `Zone`
//! of this module, which so imports no error.

use crate::point::Point;
use core::fmt;

/// An opening rule, chosen per game on top of the win [`Rule`](crate::Rule).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Opening {
    /// Black's first stone at the centre; black's second stone (move 3) outside the central
    /// 5x5.
    Pro,
    /// As [`Opening::Pro`], with move 3 outside the central 7x7.
    LongPro,
    /// The first seat places black, white, black anywhere; the second seat chooses its colour;
    /// white plays move 4.
    Swap,
    /// As [`Opening::Swap`], but the second seat may instead place two more stones (white,
    /// then black) and let the first seat choose; then white moves.
    Swap2,
    /// RIF Soosõrv-8: one of the 26 openings, swap, white's fourth stone and a declared 1 to 8
    /// fifth-move offers, swap, black offers them, white picks one and plays move 6.
    Soosorv8,
    /// RIF Taraguchi-10: stones 1 to 4 in growing central squares with a swap after each;
    /// then a fifth stone in the central 9x9 with a swap after it, or ten fifth-move offers.
    Taraguchi10,
}

impl Opening {
    /// Every opening rule, in the order of the referee's names.
    pub const ALL: [Opening; 6] = [
        Opening::Pro,
        Opening::LongPro,
        Opening::Swap,
        Opening::Swap2,
        Opening::Soosorv8,
        Opening::Taraguchi10,
    ];

    /// The name used by the referee and on the command line: `pro`, `long_pro`, `swap`,
    /// `swap2`, `soosorv8`, `taraguchi10`.
    pub const fn name(self) -> &'static str {
        match self {
            Opening::Pro => "pro",
            Opening::LongPro => "long_pro",
            Opening::Swap => "swap",
            Opening::Swap2 => "swap2",
            Opening::Soosorv8 => "soosorv8",
            Opening::Taraguchi10 => "taraguchi10",
        }
    }

    /// The smallest board the opening is played on. The openings built around the centre
    /// need an odd size (a centre point) and their largest central square plus two free
    /// lines on every side, so that a zone never covers the board or leaves only its edge.
    pub const fn min_size(self) -> u8 {
        match self {
            Opening::Pro => 9,
            Opening::LongPro => 11,
            Opening::Swap | Opening::Swap2 => crate::point::MIN_SIZE,
            Opening::Soosorv8 => 9,
            Opening::Taraguchi10 => 13,
        }
    }

    /// `true` when the opening is built around the centre point (so the board size must be
    /// odd).
    pub const fn needs_centre(self) -> bool {
        !matches!(self, Opening::Swap | Opening::Swap2)
    }

    /// The script of the rule.
    pub(crate) const fn script(self) -> &'static [Entry] {
        match self {
            Opening::Pro => &PRO,
            Opening::LongPro => &LONG_PRO,
            Opening::Swap => &SWAP,
            Opening::Swap2 => &SWAP2,
            Opening::Soosorv8 => &SOOSORV8,
            Opening::Taraguchi10 => &TARAGUCHI10,
        }
    }

    /// Which seat plays black before any choice: the first seat, or nobody yet when the
    /// first seat places stones of both colours (Swap, Swap2).
    pub(crate) const fn starts_with_black_seat(self) -> bool {
        !matches!(self, Opening::Swap | Opening::Swap2)
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a stone may go during the opening, around the centre of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Zone {
    /// Anywhere on the board.
    Anywhere,
    /// Only the centre point.
    Centre,
    /// Inside the central square of this side (3, 5, 7 or 9).
    Within(u8),
    /// Outside the central square of this side (5 or 7).
    Outside(u8),
}

impl Zone {
    /// `true` when `point` lies in the zone on a `size` x `size` board (`point` on the board).
    pub fn contains(self, point: Point, size: u8) -> bool {
        let centre = (size / 2) as i32;
        let reach = (point.col() as i32 - centre)
            .abs()
            .max((point.row() as i32 - centre).abs());
        match self {
            Zone::Anywhere => true,
            Zone::Centre => reach == 0,
            Zone::Within(side) => reach <= (side as i32 - 1) / 2,
            Zone::Outside(side) => reach > (side as i32 - 1) / 2,
        }
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Zone::Anywhere => f.write_str("anywhere"),
            Zone::Centre => f.write_str("at the centre"),
            Zone::Within(n) => write!(f, "inside the central {n}x{n}"),
            Zone::Outside(n) => write!(f, "outside the central {n}x{n}"),
        }
    }
}

/// What the acting seat may do now.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Step {
    /// Place the next stone inside `zone` (black on an even stone count, white on an odd one).
    Stone(Zone),
    /// Choose a colour: `black` or `white`.
    ChooseColour,
    /// Swap2: choose a colour, or `place2`.
    ChooseColourOrPlaceTwo,
    /// Taraguchi-10 after move 4: choose a colour (a fifth stone inside the central 9x9
    /// follows), or start offering `count` fifth moves.
    ChooseColourOrOffer {
        /// How many fifth moves the offer holds.
        count: u8,
    },
    /// Declare how many fifth moves black will offer, from 1 to `max`.
    Declare {
        /// The most the rule allows.
        max: u8,
    },
    /// Offer another fifth move: `made` of `count` so far.
    Offer {
        /// Offers made so far.
        made: u8,
        /// Offers to make in all.
        count: u8,
    },
    /// Pick one of the offered fifth moves.
    Pick,
    /// The opening is over: the side to move places a stone anywhere, as in a plain game.
    Play,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Stone(zone) => write!(f, "place a stone {zone}"),
            Step::ChooseColour => f.write_str("choose a colour (black or white)"),
            Step::ChooseColourOrPlaceTwo => {
                f.write_str("choose a colour (black or white) or place two more stones (place2)")
            }
            Step::ChooseColourOrOffer { count } => write!(
                f,
                "choose a colour (black or white) or offer {count} fifth moves (offer:POINT)"
            ),
            Step::Declare { max } => {
                write!(
                    f,
                    "declare how many fifth moves black offers (declare:1 to declare:{max})"
                )
            }
            Step::Offer { made, count } => {
                write!(
                    f,
                    "offer a fifth move (offer:POINT), {made} of {count} made"
                )
            }
            Step::Pick => f.write_str("pick one of the offered fifth moves (pick:POINT)"),
            Step::Play => f.write_str("place a stone"),
        }
    }
}

/// Who acts at a step of a script.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Actor {
    /// The seat playing black (tentatively, before a swap).
    Black,
    /// The seat playing white.
    White,
    /// The first seat, whatever its colour (Swap: "player A").
    FirstSeat,
    /// The second seat ("player B").
    SecondSeat,
}

/// What a script step allows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Stone(Zone),
    Colour,
    ColourOrTwo,
    /// A colour, or the first of `count` offers (which jumps to the step `alt`).
    ColourOrOffer(u8),
    /// A declared count of offers, from 1 to the number given.
    Declare(u8),
    /// Another offer, until the count declared or fixed at the fork is reached.
    Offer,
    Pick,
}

/// One step of a script: what may be done, by whom, and the step that follows (`next`; `alt`
/// for the second branch of a choice). [`END`] means the opening is over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Entry {
    pub(crate) kind: Kind,
    pub(crate) actor: Actor,
    pub(crate) next: u8,
    pub(crate) alt: u8,
}

/// The index past the last step: the opening is over.
pub(crate) const END: u8 = u8::MAX;

const fn at(kind: Kind, actor: Actor, next: u8) -> Entry {
    Entry {
        kind,
        actor,
        next,
        alt: END,
    }
}

const fn fork(kind: Kind, actor: Actor, next: u8, alt: u8) -> Entry {
    Entry {
        kind,
        actor,
        next,
        alt,
    }
}

use Actor::{Black, FirstSeat, SecondSeat, White};

const PRO: [Entry; 3] = [
    at(Kind::Stone(Zone::Centre), Black, 1),
    at(Kind::Stone(Zone::Anywhere), White, 2),
    at(Kind::Stone(Zone::Outside(5)), Black, END),
];

const LONG_PRO: [Entry; 3] = [
    at(Kind::Stone(Zone::Centre), Black, 1),
    at(Kind::Stone(Zone::Anywhere), White, 2),
    at(Kind::Stone(Zone::Outside(7)), Black, END),
];

const SWAP: [Entry; 4] = [
    at(Kind::Stone(Zone::Anywhere), FirstSeat, 1),
    at(Kind::Stone(Zone::Anywhere), FirstSeat, 2),
    at(Kind::Stone(Zone::Anywhere), FirstSeat, 3),
    at(Kind::Colour, SecondSeat, END),
];

const SWAP2: [Entry; 7] = [
    at(Kind::Stone(Zone::Anywhere), FirstSeat, 1),
    at(Kind::Stone(Zone::Anywhere), FirstSeat, 2),
    at(Kind::Stone(Zone::Anywhere), FirstSeat, 3),
    // A colour ends the opening; place2 goes on to two more stones.
    fork(Kind::ColourOrTwo, SecondSeat, END, 4),
    at(Kind::Stone(Zone::Anywhere), SecondSeat, 5),
    at(Kind::Stone(Zone::Anywhere), SecondSeat, 6),
    at(Kind::Colour, FirstSeat, END),
];

/// Soosõrv-8 (RIF): the tentative black puts one of the 26 openings (centre, 3x3, 5x5); the
/// tentative white may swap; white puts move 4 anywhere and declares 1 to 8 fifth moves; the
/// other seat (black) may swap; black offers that many; white picks one and plays move 6.
const SOOSORV8: [Entry; 9] = [
    at(Kind::Stone(Zone::Centre), Black, 1),
    at(Kind::Stone(Zone::Within(3)), Black, 2),
    at(Kind::Stone(Zone::Within(5)), Black, 3),
    at(Kind::Colour, White, 4),
    at(Kind::Stone(Zone::Anywhere), White, 5),
    at(Kind::Declare(8), White, 6),
    at(Kind::Colour, Black, 7),
    at(Kind::Offer, Black, 8),
    at(Kind::Pick, White, END),
];

/// Taraguchi-10 (RIF): a swap after each of the first four stones (centre, 3x3, 5x5, 7x7);
/// then either a swap, a fifth stone inside the 9x9 and a last swap, or ten fifth-move
/// offers of which white picks one.
const TARAGUCHI10: [Entry; 12] = [
    at(Kind::Stone(Zone::Centre), Black, 1),
    at(Kind::Colour, White, 2),
    at(Kind::Stone(Zone::Within(3)), White, 3),
    at(Kind::Colour, Black, 4),
    at(Kind::Stone(Zone::Within(5)), Black, 5),
    at(Kind::Colour, White, 6),
    at(Kind::Stone(Zone::Within(7)), White, 7),
    fork(Kind::ColourOrOffer(10), Black, 8, 10),
    at(Kind::Stone(Zone::Within(9)), Black, 9),
    at(Kind::Colour, White, END),
    at(Kind::Offer, Black, 11),
    at(Kind::Pick, White, END),
];
