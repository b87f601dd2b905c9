//! The content of one line through a point, as a table key, and the shape each key makes.
//!
//! A [`LineKey`] is what a colour needs to know about the eleven points centred on a point
//! along one axis: the point itself (taken to hold the colour's stone) and five points on
//! each side, each empty, own, opponent or off the board. Where a side's fifth point holds an
//! own stone, the run goes on past the window and the key records whether its far end is
//! blocked. Every five, four or three through the centre lies inside that window, so one
//! table lookup per axis gives the [`LineShape`]. The tables are built on first use, one per
//! kind of rule (does an overline win? which ends block?).
//!
//! This is a deliberate public API for engines that keep their own line words incrementally
//! (the gomoku players of `boardgames-players` do): [`line_key`] reads a key from the board,
//! [`line_key_on_line`] from the words of one whole line, and [`shape_table`] is the table
//! that [`LineKey::index`] indexes ([`LineKey::shape`] does both). The key's numbering is
//! opaque and may change between releases; only its use as a table index is promised.

use crate::point::{Axis, Point, MAX_SIZE};
use crate::point_set::PointSet;
use crate::rule::{End, Ends, Rule};
use crate::win::end_at;
use boardgames_core::Player;
use std::sync::OnceLock;

/// The shape one axis makes through a point, for one colour, judged under the rule.
///
/// The point holds (or is imagined to hold) a stone of the colour. A *completion* is an
/// empty point of the axis where one more stone makes a winning run (under the rule) through
/// the point. For a colour restricted by forbidden points (renju's black), the position's
/// queries also check that a live three can become a straight four by an allowed move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
#[repr(u8)]
pub enum LineShape {
    /// None of the shapes below.
    #[default]
    None = 0,
    /// Closed (sleeping) three: one more stone makes a four, but no move makes a straight
    /// four.
    ClosedThree,
    /// Split three: one stone in the gap of the three (`X.XX`) makes a straight four.
    SplitThree,
    /// Open three: one stone at an end of three in a row (`.XXX.`) makes a straight four.
    OpenThree,
    /// Four: exactly one completion.
    Four,
    /// Two fours on the same axis (`X.XXX.X`): two completions, not a straight four.
    DoubleFour,
    /// Straight (open) four: four in a row with a completion at each end.
    StraightFour,
    /// A winning run through the point.
    Five,
    /// A run of six or more that does not win under the rule.
    Overline,
    /// A run of exactly five that does not win: blocked at both ends under Caro.
    BlockedFive,
}

impl LineShape {
    /// How many fours the axis holds: 2 for [`LineShape::DoubleFour`], 1 for a four or a
    /// straight four, else 0.
    #[inline]
    pub const fn fours(self) -> u32 {
        match self {
            LineShape::DoubleFour => 2,
            LineShape::Four | LineShape::StraightFour => 1,
            _ => 0,
        }
    }

    /// `true` for an open or a split three (a three that can become a straight four).
    #[inline]
    pub const fn is_live_three(self) -> bool {
        matches!(self, LineShape::OpenThree | LineShape::SplitThree)
    }

    /// Every line shape, in declaration order.
    pub const ALL: [LineShape; 10] = [
        LineShape::None,
        LineShape::ClosedThree,
        LineShape::SplitThree,
        LineShape::OpenThree,
        LineShape::Four,
        LineShape::DoubleFour,
        LineShape::StraightFour,
        LineShape::Five,
        LineShape::Overline,
        LineShape::BlockedFive,
    ];
}

/// The ways one side of the window can look: 121 with the edge within four points, and
/// 81 x 4 with the fifth point on the board.
pub(super) const SIDES: usize = 121 + 81 * 4;
/// The number of distinct keys: one side times the other.
pub(super) const KEYS: usize = SIDES * SIDES;
/// Where the sides whose first `k` points are on the board (then the edge) start.
const EDGE_OFFSET: [u16; 5] = [0, 1, 4, 13, 40];

/// The content of one axis through a point for one colour (see the module doc): an index
/// into the shape tables ([`LineKey::index`]), whose numbering is opaque.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LineKey(pub(super) u32);

/// The state of a point of the window as the classifier sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Cell {
    Empty,
    Own,
    Opp,
    Edge,
}

/// Base-3 value of the first `k` cells of a side from a 4-bit mask of them: `FORWARD[k][m]`
/// reads cell `d` (1..=4) at bit `d - 1`, `BACKWARD[k][m]` at bit `4 - d`; cell 1 is the most
/// significant digit. The digits of a side are `T[own] + 2 * T[opp]`.
const fn digit_tables(backward: bool) -> [[u16; 16]; 5] {
    let mut tables = [[0u16; 16]; 5];
    let mut k = 0;
    while k <= 4 {
        let mut m = 0;
        while m < 16 {
            let mut value = 0u16;
            let mut d = 1;
            while d <= k {
                let bit = if backward { 4 - d } else { d - 1 };
                value = value * 3 + ((m >> bit) & 1) as u16;
                d += 1;
            }
            tables[k][m] = value;
            m += 1;
        }
        k += 1;
    }
    tables
}
const FORWARD: [[u16; 16]; 5] = digit_tables(false);
const BACKWARD: [[u16; 16]; 5] = digit_tables(true);

/// How many steps (up to 5) the line through `point` along `(dc, dr)` stays on the board
/// backwards and forwards.
#[inline(always)]
fn steps(point: Point, (dc, dr): (i32, i32), size: u8) -> (i32, i32) {
    let (c0, r0) = (point.col() as i32, point.row() as i32);
    let last = size as i32 - 1;
    let room = |x: i32, d: i32| match d {
        1 => last - x,
        -1 => x,
        _ => 5,
    };
    let forward = room(c0, dc).min(room(r0, dr)).clamp(0, 5);
    let back = room(c0, -dc).min(room(r0, -dr)).clamp(0, 5);
    (back, forward)
}

/// The stones of `set` on the eleven points centred on `point` along `(dc, dr)`: the point
/// `d` steps away at bit `5 + d` (points off the board read as empty).
#[inline(always)]
fn window(set: &PointSet, point: Point, (dc, dr): (i32, i32)) -> u32 {
    let (c0, r0) = (point.col() as i32, point.row() as i32);
    if dr == 0 {
        // The row word holds the whole line: one shift.
        return ((set.rows[r0 as usize] as u64) << 5 >> c0) as u32 & 0x7FF;
    }
    // Rows past the board read as empty, and column x sits at bit x + 8 of a widened word so
    // that columns down to -8 read as empty too; columns past 20 are empty in every word.
    let read = |d: i32| -> u32 {
        let row = (r0 + dr * d) as usize;
        let word = set.rows.get(row).copied().unwrap_or(0) as u64;
        ((word << 8) >> ((c0 + dc * d + 8) as u32 & 63)) as u32 & 1
    };
    let mut bits = 0u32;
    for i in 0..11 {
        bits |= read(i - 5) << i;
    }
    bits
}

/// The index of one side from its `steps` on the board, the digits of its first four cells,
/// and the state of the fifth; `beyond_blocked` is asked only when the fifth holds an own
/// stone.
#[inline(always)]
fn side_index(
    steps: i32,
    digits: u16,
    fifth_own: bool,
    fifth_opp: bool,
    beyond_blocked: impl FnOnce() -> bool,
) -> u16 {
    if steps < 5 {
        return EDGE_OFFSET[steps as usize] + digits;
    }
    let fifth = if fifth_opp {
        1
    } else if !fifth_own {
        0
    } else if beyond_blocked() {
        2
    } else {
        3
    };
    121 + digits * 4 + fifth
}

/// Whether the run of `own` stones from `from` steps away from `point` along `(dc, dr)` ends
/// at a point that blocks under `ends`.
fn run_end_blocks(
    own: &PointSet,
    opp: &PointSet,
    point: Point,
    (dc, dr): (i32, i32),
    from: i32,
    size: u8,
    ends: Ends,
) -> bool {
    let (c0, r0) = (point.col() as i32, point.row() as i32);
    let last = size as i32 - 1;
    let on_board = |c: i32, r: i32| c >= 0 && r >= 0 && c <= last && r <= last;
    let mut d = from;
    while on_board(c0 + dc * d, r0 + dr * d)
        && own.rows[(r0 + dr * d) as usize] >> (c0 + dc * d) & 1 != 0
    {
        d += 1;
    }
    ends.blocks(end_at(opp, c0 + dc * d, r0 + dr * d, size))
}

/// The key of the axis `axis` through `point` for the stones `own` of `colour` against
/// `opp`, on a `size` x `size` board under `rule`. The point itself is taken to hold an own
/// stone whatever is there.
#[inline]
pub fn line_key(
    own: &PointSet,
    opp: &PointSet,
    point: Point,
    axis: Axis,
    size: u8,
    rule: &Rule,
    colour: Player,
) -> LineKey {
    let delta = axis.delta();
    let windows = (window(own, point, delta), window(opp, point, delta));
    key_from_window(own, opp, point, axis, size, rule, colour, windows)
}

/// The key from the eleven-point windows `(mine, theirs)` of the axis (see `window`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn key_from_window(
    own: &PointSet,
    opp: &PointSet,
    point: Point,
    axis: Axis,
    size: u8,
    rule: &Rule,
    colour: Player,
    (mine, theirs): (u32, u32),
) -> LineKey {
    let ends = rule.ends;
    // Only where an overline can win and ends count does the far end of a run through the
    // fifth point matter; elsewhere the table gives the same shape either way.
    let track_beyond = tracks_beyond(rule, colour);
    let size = size.min(MAX_SIZE);
    let (dc, dr) = axis.delta();
    let (back, forward) = steps(point, (dc, dr), size);
    key_from_sides(
        (mine, theirs),
        (back, forward),
        || track_beyond && run_end_blocks(own, opp, point, (-dc, -dr), 6, size, ends),
        || track_beyond && run_end_blocks(own, opp, point, (dc, dr), 6, size, ends),
    )
}

/// `true` when the key records the end beyond a run through a window's fifth point: only
/// where an overline can win and blocked ends count.
#[inline(always)]
fn tracks_beyond(rule: &Rule, colour: Player) -> bool {
    *rule.overline_wins.get(colour) && matches!(rule.ends, Ends::NotBothBlocked { .. })
}

/// The key from the windows, the steps the line stays on the board backwards and forwards
/// (capped at 5), and whether the end beyond a run through each side's fifth point blocks
/// (asked only when that point holds an own stone).
#[inline(always)]
fn key_from_sides(
    (mine, theirs): (u32, u32),
    (back, forward): (i32, i32),
    back_blocked: impl FnOnce() -> bool,
    forward_blocked: impl FnOnce() -> bool,
) -> LineKey {
    let k_back = back.min(4) as usize;
    let k_forward = forward.min(4) as usize;
    let back_digits = BACKWARD[k_back][(mine >> 1 & 0xF) as usize]
        + 2 * BACKWARD[k_back][(theirs >> 1 & 0xF) as usize];
    let forward_digits = FORWARD[k_forward][(mine >> 6 & 0xF) as usize]
        + 2 * FORWARD[k_forward][(theirs >> 6 & 0xF) as usize];
    let back_index = side_index(
        back,
        back_digits,
        mine & 1 != 0,
        theirs & 1 != 0,
        back_blocked,
    );
    let forward_index = side_index(
        forward,
        forward_digits,
        mine >> 10 & 1 != 0,
        theirs >> 10 & 1 != 0,
        forward_blocked,
    );
    LineKey(back_index as u32 * SIDES as u32 + forward_index as u32)
}

/// The key of point `at` of one whole line of `len` points, read from the line's words: bit
/// `i` of `own` (of `opp`) is set when the line's point `i` holds a stone of `colour` (of the
/// other colour). Point `i + 1` is one step forwards (along [`Axis::delta`]) from point `i`.
///
/// For a line of the board read that way this is the key [`line_key`] gives for the point
/// and axis, without reading the board point by point: a search that keeps line words can
/// update the shapes along the four lines through a new stone with one shift per point.
/// Bits at `len` and above are ignored; `len` is capped at 20 and `at` at `len - 1`.
///
/// ```
/// use boardgames_core::Player;
/// use boardgames_gomoku::threat::{line_key_on_line, LineShape};
/// use boardgames_gomoku::Rule;
///
/// // A line of 15 points: black on 3, 4 and 5, white on 7. Black at 6 makes a four (its
/// // one completion is 2, as 7 is taken).
/// let (black, white) = (0b111 << 3, 1 << 7);
/// let key = line_key_on_line(black, white, 15, 6, &Rule::FREESTYLE, Player::First);
/// assert_eq!(key.shape(&Rule::FREESTYLE, Player::First), LineShape::Four);
/// // At 2 it makes a straight four.
/// let key = line_key_on_line(black, white, 15, 2, &Rule::FREESTYLE, Player::First);
/// assert_eq!(key.shape(&Rule::FREESTYLE, Player::First), LineShape::StraightFour);
/// ```
#[inline]
pub fn line_key_on_line(
    own: u32,
    opp: u32,
    len: u32,
    at: u32,
    rule: &Rule,
    colour: Player,
) -> LineKey {
    let len = len.clamp(1, MAX_SIZE as u32);
    let at = at.min(len - 1);
    let mask = (1u32 << len) - 1;
    let (own, opp) = (own & mask, opp & mask);
    let window = |word: u32| ((word as u64) << 5 >> at) as u32 & 0x7FF;
    let (mine, theirs) = (window(own), window(opp));
    let back = at.min(5) as i32;
    let forward = (len - 1 - at).min(5) as i32;
    let track_beyond = tracks_beyond(rule, colour);
    let ends = rule.ends;
    // The end of a run of own stones: an opponent stone, the edge past the line's ends, or
    // an empty point.
    let end = |index: i32| {
        if index < 0 || index >= len as i32 {
            End::Edge
        } else if opp >> index & 1 != 0 {
            End::Stone
        } else {
            End::Empty
        }
    };
    key_from_sides(
        (mine, theirs),
        (back, forward),
        || {
            // The run through point `at - 5` going backwards ends at the highest point below
            // it without an own stone.
            let below = !own & ((2u32 << (at - 5)) - 1);
            let index = if below == 0 {
                -1
            } else {
                31 - below.leading_zeros() as i32
            };
            track_beyond && ends.blocks(end(index))
        },
        || {
            // The run through point `at + 5` going forwards.
            let index = at + 5 + (!(own >> (at + 5))).trailing_zeros();
            track_beyond && ends.blocks(end(index as i32))
        },
    )
}

/// One side decoded: the five points outwards, and the end beyond a run through the fifth.
#[derive(Clone, Copy, Debug)]
pub(super) struct Side {
    pub(super) cells: [Cell; 5],
    pub(super) beyond: End,
}

pub(super) fn decode_side(index: usize) -> Side {
    let mut cells = [Cell::Edge; 5];
    let mut beyond = End::Empty;
    let (on_board, mut digits, fifth) = if index < 121 {
        let k = EDGE_OFFSET
            .iter()
            .rposition(|&o| o as usize <= index)
            .unwrap_or(0);
        (k, index - EDGE_OFFSET[k] as usize, None)
    } else {
        let rest = index - 121;
        (4, rest / 4, Some(rest % 4))
    };
    for d in (0..on_board).rev() {
        cells[d] = match digits % 3 {
            0 => Cell::Empty,
            1 => Cell::Own,
            _ => Cell::Opp,
        };
        digits /= 3;
    }
    if let Some(fifth) = fifth {
        cells[4] = match fifth {
            0 => Cell::Empty,
            1 => Cell::Opp,
            2 => {
                beyond = End::Stone;
                Cell::Own
            }
            _ => Cell::Own,
        };
    }
    Side { cells, beyond }
}

/// The index of a side: the inverse of [`decode_side`] (the end beyond the fifth point
/// matters only when that point holds an own stone).
pub(super) fn encode_side(side: &Side) -> usize {
    let on_board = side
        .cells
        .iter()
        .position(|&c| c == Cell::Edge)
        .unwrap_or(5);
    let digits = side.cells[..on_board.min(4)]
        .iter()
        .fold(0, |value, &cell| value * 3 + cell_digit(cell));
    if on_board < 5 {
        return EDGE_OFFSET[on_board] as usize + digits;
    }
    let fifth = match side.cells[4] {
        Cell::Opp => 1,
        Cell::Own if side.beyond == End::Stone => 2,
        Cell::Own => 3,
        _ => 0,
    };
    121 + digits * 4 + fifth
}

/// The base-3 digit of a cell on the board: empty 0, own 1, opponent 2.
const fn cell_digit(cell: Cell) -> usize {
    match cell {
        Cell::Own => 1,
        Cell::Opp => 2,
        _ => 0,
    }
}

/// An eleven-point window with the centre at index 5, and the ends past its two extremes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Window {
    pub(super) cells: [Cell; 11],
    pub(super) beyond: [End; 2],
}

pub(super) const CENTRE: usize = 5;

impl Window {
    pub(super) fn from_key(key: usize) -> Window {
        let back = decode_side(key / SIDES);
        let forward = decode_side(key % SIDES);
        let mut cells = [Cell::Own; 11];
        for d in 0..5 {
            cells[CENTRE - 1 - d] = back.cells[d];
            cells[CENTRE + 1 + d] = forward.cells[d];
        }
        Window {
            cells,
            beyond: [back.beyond, forward.beyond],
        }
    }

    /// The key of this window: the inverse of [`Window::from_key`].
    pub(super) fn key(&self) -> usize {
        let side = |d: fn(usize) -> usize, beyond: End| Side {
            cells: core::array::from_fn(|k| self.cells[d(k)]),
            beyond,
        };
        let back = side(|k| CENTRE - 1 - k, self.beyond[0]);
        let forward = side(|k| CENTRE + 1 + k, self.beyond[1]);
        encode_side(&back) * SIDES + encode_side(&forward)
    }

    fn end(&self, index: Option<usize>, side: usize) -> End {
        match index.map(|i| self.cells[i]) {
            None => self.beyond[side],
            Some(Cell::Opp) => End::Stone,
            Some(Cell::Edge) => End::Edge,
            // An own stone cannot end a run; empty is empty.
            Some(_) => End::Empty,
        }
    }

    /// The run of own stones through `at` (an own cell): first and last index, length and
    /// the two ends. A run that reaches a window extreme may go on past it, so its length is
    /// then a lower bound; a run through the centre that reaches an extreme is at least six
    /// long anyway, and the key records the end beyond it.
    fn run(&self, at: usize) -> (usize, usize, u32, End, End) {
        let mut lo = at;
        while lo > 0 && self.cells[lo - 1] == Cell::Own {
            lo -= 1;
        }
        let mut hi = at;
        while hi < 10 && self.cells[hi + 1] == Cell::Own {
            hi += 1;
        }
        let len = (hi - lo + 1) as u32;
        let lo_end = self.end(lo.checked_sub(1), 0);
        let hi_end = self.end(if hi < 10 { Some(hi + 1) } else { None }, 1);
        (lo, hi, len, lo_end, hi_end)
    }

    /// The completions: empty points where one more stone makes a winning run through the
    /// centre, as a bit set of indices.
    fn completions(&mut self, rule: &Rule) -> u16 {
        let mut set = 0u16;
        for q in 1..10 {
            if self.cells[q] != Cell::Empty {
                continue;
            }
            self.cells[q] = Cell::Own;
            let (lo, hi, len, lo_end, hi_end) = self.run(q);
            if lo <= CENTRE && CENTRE <= hi && rule.run_wins(Player::First, len, lo_end, hi_end) {
                set |= 1 << q;
            }
            self.cells[q] = Cell::Empty;
        }
        set
    }

    /// The shape through the centre, with no three considered (`None` below a four).
    fn four_shape(&mut self, rule: &Rule) -> LineShape {
        let (lo, hi, len, lo_end, hi_end) = self.run(CENTRE);
        if len >= 5 {
            return if rule.run_wins(Player::First, len, lo_end, hi_end) {
                LineShape::Five
            } else if len > 5 {
                LineShape::Overline
            } else {
                LineShape::BlockedFive
            };
        }
        let completions = self.completions(rule);
        if completions == 0 {
            return LineShape::None;
        }
        let both_ends = lo > 0
            && hi < 10
            && completions >> (lo - 1) & 1 != 0
            && completions >> (hi + 1) & 1 != 0;
        if len == 4 && both_ends {
            LineShape::StraightFour
        } else if completions.count_ones() >= 2 {
            LineShape::DoubleFour
        } else {
            LineShape::Four
        }
    }

    fn classify(&mut self, rule: &Rule) -> LineShape {
        let others = (1..10)
            .filter(|&i| i != CENTRE && self.cells[i] == Cell::Own)
            .count();
        if others < 2 {
            return LineShape::None;
        }
        let shape = self.four_shape(rule);
        if shape != LineShape::None {
            return shape;
        }
        let (mut open, mut split, mut closed) = (false, false, false);
        for q in 1..10 {
            if self.cells[q] != Cell::Empty {
                continue;
            }
            self.cells[q] = Cell::Own;
            match self.four_shape(rule) {
                LineShape::StraightFour => {
                    let (lo, hi, ..) = self.run(CENTRE);
                    if q == lo || q == hi {
                        open = true;
                    } else {
                        split = true;
                    }
                }
                LineShape::Four | LineShape::DoubleFour => closed = true,
                _ => {}
            }
            self.cells[q] = Cell::Empty;
        }
        if open {
            LineShape::OpenThree
        } else if split {
            LineShape::SplitThree
        } else if closed {
            LineShape::ClosedThree
        } else {
            LineShape::None
        }
    }
}

/// Which table a colour uses under a rule: overline wins or not, times the three end tests.
#[inline]
pub(super) const fn flavour(rule: &Rule, colour: Player) -> usize {
    let ends = match rule.ends {
        Ends::Ignored => 0,
        Ends::NotBothBlocked { edge_blocks: true } => 1,
        Ends::NotBothBlocked { edge_blocks: false } => 2,
    };
    *rule.overline_wins.get(colour) as usize * 3 + ends
}

static TABLES: [OnceLock<Box<[LineShape]>>; 6] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

fn build_table(rule: &Rule) -> Box<[LineShape]> {
    (0..KEYS)
        .map(|key| Window::from_key(key).classify(rule))
        .collect()
}

/// The shape table of `colour` under `rule`: the [`LineShape`] of every [`LineKey::index`].
/// Built on first use (about 200,000 entries; each kind of rule has its own). Engines that
/// look many keys up at once keep the slice rather than calling [`LineKey::shape`] per key.
pub fn shape_table(rule: &Rule, colour: Player) -> &'static [LineShape] {
    let table_rule = Rule {
        overline_wins: boardgames_core::ByPlayer::splat(*rule.overline_wins.get(colour)),
        forbidden_points: boardgames_core::ByPlayer::splat(false),
        ends: rule.ends,
        gomocup_draw: false,
    };
    TABLES[flavour(rule, colour)].get_or_init(|| build_table(&table_rule))
}

impl LineKey {
    /// The key's index into a [`shape_table`] (below the table's length).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The shape this line content makes for `colour` under `rule`.
    #[inline]
    pub fn shape(self, rule: &Rule, colour: Player) -> LineShape {
        shape_table(rule, colour)
            .get(self.0 as usize)
            .copied()
            .unwrap_or(LineShape::None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_decodes_and_sides_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..SIDES {
            let side = decode_side(i);
            // The edge, once reached, goes on.
            let first_edge = side
                .cells
                .iter()
                .position(|&c| c == Cell::Edge)
                .unwrap_or(5);
            assert!(
                side.cells[first_edge..].iter().all(|&c| c == Cell::Edge),
                "{i}"
            );
            assert!(seen.insert(format!("{side:?}")));
            assert_eq!(encode_side(&side), i);
        }
        assert!(LineShape::ALL.windows(2).all(|w| w[0] < w[1]));
    }
}
