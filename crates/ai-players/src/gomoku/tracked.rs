//! [`SearchPosition`]: a gomoku position that keeps the threat shapes of every empty point up
//! to date as stones are played, so the evaluator reads them instead of scanning the board.

use super::classes::{class_table, near_group, point_class, ClassValues};
use super::lines::Line;
use super::values::{packed_terms, unpack_terms, Cell, Class, CLASSES, EVAL_TERMS};
use boardgames_core::{ByPlayer, Game, MoveList, Player, RandomSource, Status, Unmake};
use boardgames_gomoku::threat::{line_key_on_line, shape_table, LineShape, Threats};
use boardgames_gomoku::{
    Axis, IllegalMove, LineWords, ParsePointError, Point, PointSet, Position, Rule, MAX_SIZE,
};
use boardgames_search::Score;
use core::fmt;

/// The number of point indices ([`Point::index`]) of the largest board.
const POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// How far along a line a stone changes the shapes of other points: the eleven-point window
/// of a shape reaches five points each way.
const REACH: u32 = 5;

/// The neighbourhood of a stone, by row offset -2..=2, as column bits -2..=2: the eight
/// neighbours, and the points two steps away along the four axes.
const NEAR_PATTERN: [u32; 5] = [0b10101, 0b01110, 0b11011, 0b01110, 0b10101];

/// A gomoku [`Position`] with the shapes ([`Threats`]) a stone of either colour would make on
/// each empty point, kept up to date move by move, with their evaluation terms and threat
/// classes summed per colour (see [`SearchPosition::terms`] and [`Class`]), and the empty
/// points near the stones.
///
/// It plays like the position (it implements [`Game`] with the same moves, hash and
/// status); each move re-reads only the points within five steps along the four lines through
/// the new stone (whole lines under rules where a run's far end can matter, such as caro6).
/// The shapes are those of [`Position::threats_at`], except that under renju black's live
/// threes are not tested for being true threes (a heuristic's view; black's forbidden points
/// themselves are tested exactly by the evaluator), and black's points that may be forbidden
/// count no class and no term ([`Cell::of`]). Once the game is over the shapes are no longer
/// updated.
///
/// It also takes moves back in place ([`Unmake`]): a search built with
/// [`boardgames_search::Searcher::make_unmake`] changes one position and restores it instead of
/// copying these four kilobytes at every node.
///
/// ```
/// use boardgames_players::gomoku::{Class, SearchPosition};
/// use boardgames_core::{Game, Player};
/// use boardgames_gomoku::{Position, Rule};
///
/// let mut game = SearchPosition::new(Position::new(15, Rule::CARO).unwrap());
/// for mv in ["h8", "a1", "i8", "a2", "j8"] {
///     game.play(game.parse_move(mv).unwrap()).unwrap();
/// }
/// // Black's open three: two points make a straight four, two more a four.
/// assert_eq!(game.count(Player::First, Class::OpenFour), 2);
/// assert_eq!(game.count(Player::First, Class::Four), 4);
/// assert_eq!(game.count(Player::First, Class::Five), 0);
/// ```
#[derive(Clone)]
pub struct SearchPosition {
    position: Position,
    /// The shapes, classes and value of each empty point by colour and point index; none on
    /// occupied points.
    cells: ByPlayer<[Cell; POINTS]>,
    /// The evaluation terms (`eval_terms`) summed over the empty points, by
    /// colour, packed ([`packed_terms`]).
    terms: ByPlayer<u128>,
    /// The number of points in each threat class, by colour.
    counts: ByPlayer<[u16; CLASSES]>,
    /// The rule's point class values ([`ClassValues::for_rule`]), if it has them, and the
    /// class of each word of packed shapes.
    class_values: Option<(&'static ClassValues, &'static [u16])>,
    /// The point class values summed over the empty points, by colour: to the side to move,
    /// to the side that waits (0 without class values). A point's value is its class's in
    /// the group of the colour's stones near it ([`near_group`]).
    class_sums: ByPlayer<[Score; 2]>,
    /// The empty points near stones.
    near: PointSet,
    /// For each point, the stones of each colour on its near pattern ([`NEAR_PATTERN`]: the
    /// eight neighbours and the points two steps away along the four lines).
    neighbours: ByPlayer<[u8; POINTS]>,
    /// Each colour's stones along the lines of the four axes.
    words: ByPlayer<LineWords>,
    /// The shape tables of the two colours under the rule.
    tables: ByPlayer<&'static [LineShape]>,
    /// Whether a stone can change shapes anywhere along its lines (not only within five
    /// points).
    whole_lines: bool,
    /// The number of stones when this position was made with [`SearchPosition::new`]: the
    /// root of a search, from which [`SearchPosition::plies_from_root`] counts.
    root_stones: u16,
    /// The cells changed by the moves made with [`Unmake::make`] and not yet taken back,
    /// with their old values: (colour index << 16 | point index, old cell). Empty outside a
    /// make/unmake walk ([`Game::play_unchecked`] keeps none).
    changed: Vec<(u32, Cell)>,
}

/// What [`SearchPosition`] needs to take a move back ([`Unmake::unmake`]): the state before the
/// move except the cells, which the position logs as they change.
#[derive(Clone, Copy, Debug)]
pub struct SearchUndo {
    position: Position,
    point: Point,
    near: PointSet,
    terms: ByPlayer<u128>,
    counts: ByPlayer<[u16; CLASSES]>,
    class_sums: ByPlayer<[Score; 2]>,
    /// The length of the change log before the move.
    mark: u32,
}

impl SearchPosition {
    /// The position with its shapes computed.
    pub fn new(position: Position) -> SearchPosition {
        let rule = position.rule();
        let mut tracked = SearchPosition {
            position,
            cells: ByPlayer::splat([Cell::NONE; POINTS]),
            terms: ByPlayer::splat(0),
            counts: ByPlayer::splat([0; CLASSES]),
            class_values: None,
            class_sums: ByPlayer::splat([0; 2]),
            near: PointSet::EMPTY,
            neighbours: ByPlayer::splat([0; POINTS]),
            words: ByPlayer::splat(LineWords::EMPTY),
            tables: ByPlayer::new(
                shape_table(&rule, Player::First),
                shape_table(&rule, Player::Second),
            ),
            whole_lines: whole_lines(&rule),
            root_stones: position.stone_count() as u16,
            changed: Vec::new(),
        };
        let stones = position
            .stones(Player::First)
            .union(position.stones(Player::Second));
        for stone in stones {
            tracked.mark_near(stone);
        }
        for colour in Player::ALL {
            for stone in position.stones(colour) {
                tracked.count_neighbour(colour, stone, 1);
                tracked.words.get_mut(colour).add(stone);
            }
        }
        if !position.status().is_over() {
            for stone in stones {
                tracked.refresh_lines::<false>(stone);
            }
        }
        tracked
    }

    /// The moves played since this position was made with [`SearchPosition::new`] or last
    /// marked with [`SearchPosition::mark_root`] (0 at a search's root: every move adds a
    /// stone). The evaluator searches more moves at the root
    /// ([`crate::gomoku::GomokuEvaluator::with_root_width`]).
    #[inline]
    pub fn plies_from_root(&self) -> usize {
        self.position
            .stone_count()
            .saturating_sub(usize::from(self.root_stones))
    }

    /// Makes this position the root [`SearchPosition::plies_from_root`] counts from (for a
    /// position played forward from the one it was made from, before searching it).
    pub fn mark_root(&mut self) {
        self.root_stones = self.position.stone_count() as u16;
    }

    /// The position.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The shapes a stone of `colour` would make on `point` (none on an occupied point or
    /// one off the board).
    #[inline]
    pub fn threats(&self, colour: Player, point: Point) -> Threats {
        self.cell(colour, point).threats()
    }

    /// The shapes a stone of `colour` would make on `point` with their classes and value
    /// (none on an occupied point or one off the board).
    #[inline]
    pub fn cell(&self, colour: Player, point: Point) -> Cell {
        if point.is_on_board(self.position.size()) {
            self.cells.get(colour)[point.index()]
        } else {
            Cell::NONE
        }
    }

    /// The evaluation terms of every empty point for `colour`, summed: how many axes of the
    /// empty points would get each shape from a stone of `colour`, and how many points would
    /// get two fours, a four and a live three, two live threes, in the order
    /// [`crate::gomoku::EvalWeights`] describes. The evaluator weighs them.
    #[inline]
    pub fn terms(&self, colour: Player) -> [u16; EVAL_TERMS] {
        unpack_terms(*self.terms.get(colour))
    }

    /// This position keeping the point class values `values` summed over each colour's
    /// empty points ([`SearchPosition::class_sums`]), move by move from now on; the
    /// evaluator then scores by them ([`crate::gomoku::GomokuEvaluator`]). Off unless
    /// asked: keeping them costs a few per cent of the speed, and the built-in tables
    /// ([`ClassValues::for_rule`]) have not yet played better than the terms.
    pub fn with_class_values(mut self, values: &'static ClassValues) -> SearchPosition {
        self.class_values = Some((values, &*class_table().of_bits));
        for colour in Player::ALL {
            let mut sums = [0; 2];
            for point in self.position.empty_points() {
                let cell = self.cells.get(colour)[point.index()];
                let group = near_group(self.neighbours(colour, point));
                let [to_move, waiting] = values.value(point_class(cell), group);
                sums[0] += to_move;
                sums[1] += waiting;
            }
            *self.class_sums.get_mut(colour) = sums;
        }
        self
    }

    /// The class of `cell` under the kept class values' table (class 0 for a dead cell).
    #[inline(always)]
    fn class_of(of_bits: &[u16], cell: Cell) -> usize {
        if cell.is_dead() {
            0
        } else {
            usize::from(of_bits[cell.shape_bits() as usize])
        }
    }

    /// The point class values ([`ClassValues`]) of every empty point for `colour`, summed:
    /// their values to the side to move and to the side that waits; `None` unless the
    /// position keeps them ([`SearchPosition::with_class_values`]).
    #[inline]
    pub fn class_sums(&self, colour: Player) -> Option<[Score; 2]> {
        self.class_values.map(|_| *self.class_sums.get(colour))
    }

    /// The number of empty points where a stone of `colour` would make a shape of `class`.
    #[inline]
    pub fn count(&self, colour: Player, class: Class) -> u32 {
        u32::from(self.counts.get(colour)[class as usize])
    }

    /// The shape a stone of `colour` at index `at` of `line` makes along it under `rule`, with
    /// the line's own and opposing stones `words` (bit `i`: index `i`).
    #[inline(always)]
    fn shape_on_line(
        &self,
        (colour, rule): (Player, &Rule),
        words: (u32, u32),
        line: &Line,
        at: u32,
    ) -> LineShape {
        let key = line_key_on_line(words.0, words.1, line.len, at, rule, colour);
        self.tables
            .get(colour)
            .get(key.index())
            .copied()
            .unwrap_or_default()
    }

    /// Calls `found` with each empty point other than `point` on the line through `point`
    /// along `axis`, within the reach of its shapes, and the shape a stone of `colour` on
    /// `point` would make along `axis` once a stone of the other colour stands on that point:
    /// what a blocking stone there leaves of the shape (read from the line words, the board
    /// unchanged).
    pub(crate) fn shapes_blocked(
        &self,
        colour: Player,
        point: Point,
        axis: Axis,
        mut found: impl FnMut(Point, LineShape),
    ) {
        let size = self.position.size();
        let line = Line::through(point, axis, size);
        let rule = self.position.rule();
        let word = |c: Player| line.word_of(self.words.get(c), point, axis);
        let (own, opp) = (word(colour), word(colour.opponent()));
        let lo = line.at.saturating_sub(REACH);
        let hi = (line.at + REACH).min(line.len - 1);
        for i in lo..=hi {
            if i == line.at || (own | opp) >> i & 1 != 0 {
                continue;
            }
            let shape = self.shape_on_line((colour, &rule), (own, opp | 1 << i), &line, line.at);
            let (col, row) = line.cell(i);
            if let Some(at) = Point::new(col as u8, row as u8) {
                found(at, shape);
            }
        }
    }

    /// The empty points near stones: the eight neighbours of each stone and the points two
    /// steps away along its four lines. Empty when the board is.
    #[inline]
    pub fn near(&self) -> &PointSet {
        &self.near
    }

    /// Places a stone of the side to move on the empty `point` (unchecked), then updates the
    /// shapes along its four lines.
    #[inline]
    fn place<const LOG: bool>(&mut self, point: Point) {
        let colour = self.position.side_to_move();
        self.position.play_unchecked(point);
        self.words.get_mut(colour).add(point);
        let index = point.index();
        for colour in Player::ALL {
            self.set::<LOG>(colour, index, Cell::NONE);
        }
        if let Some((values, _)) = self.class_values {
            // The point, now taken, is worth nothing: take away what its empty cell with no
            // shape was worth in its near group.
            for colour in Player::ALL {
                let group = near_group(u32::from(self.neighbours.get(colour)[index]));
                let [to_move, waiting] = values.value(0, group);
                let sums = self.class_sums.get_mut(colour);
                sums[0] -= to_move;
                sums[1] -= waiting;
            }
        }
        self.mark_near(point);
        self.count_neighbour(colour, point, 1);
        self.regroup_near(colour, point);
        if !self.position.status().is_over() {
            self.refresh_lines::<LOG>(point);
        }
    }

    /// The stones of `colour` on the near pattern of `point` (its eight neighbours and the
    /// points two steps away along its four lines): how closely a stone there would work with
    /// them, where it makes no shape yet.
    #[inline]
    pub fn neighbours(&self, colour: Player, point: Point) -> u32 {
        u32::from(self.neighbours.get(colour)[point.index()])
    }

    /// Adds `delta` (1 or -1 as a wrapping byte) to the neighbour counts of `colour` around a
    /// stone on `point`.
    #[inline(always)]
    fn count_neighbour(&mut self, colour: Player, point: Point, delta: u8) {
        let size = self.position.size() as i32;
        let (col, row) = (point.col() as i32, point.row() as i32);
        let counts = self.neighbours.get_mut(colour);
        for (k, pattern) in NEAR_PATTERN.into_iter().enumerate() {
            let r = row + k as i32 - 2;
            if !(0..size).contains(&r) {
                continue;
            }
            for j in 0..5 {
                let c = col + j - 2;
                if pattern >> j & 1 != 0 && (0..size).contains(&c) {
                    let i = r as usize * MAX_SIZE as usize + c as usize;
                    counts[i] = counts[i].wrapping_add(delta);
                }
            }
        }
    }

    /// Moves the class values of the empty points near the new stone of `colour` on `point`
    /// (whose counts [`SearchPosition::count_neighbour`] has just raised) to their new near
    /// groups, where the group changed.
    #[inline(always)]
    fn regroup_near(&mut self, colour: Player, point: Point) {
        let Some((values, of_bits)) = self.class_values else {
            return;
        };
        let size = self.position.size() as i32;
        let (col, row) = (point.col() as i32, point.row() as i32);
        let mut sums = *self.class_sums.get(colour);
        for (k, pattern) in NEAR_PATTERN.into_iter().enumerate() {
            let r = row + k as i32 - 2;
            if !(0..size).contains(&r) {
                continue;
            }
            let taken = self.position.stones(Player::First).rows[r as usize]
                | self.position.stones(Player::Second).rows[r as usize];
            for j in 0..5 {
                let c = col + j - 2;
                if pattern >> j & 1 == 0 || !(0..size).contains(&c) || taken >> c & 1 != 0 {
                    continue;
                }
                let i = r as usize * MAX_SIZE as usize + c as usize;
                let count = u32::from(self.neighbours.get(colour)[i]);
                let (old, new) = (near_group(count - 1), near_group(count));
                if old != new {
                    let class = Self::class_of(of_bits, self.cells.get(colour)[i]);
                    let ([old_move, old_wait], [new_move, new_wait]) =
                        (values.value(class, old), values.value(class, new));
                    sums[0] += new_move - old_move;
                    sums[1] += new_wait - old_wait;
                }
            }
        }
        *self.class_sums.get_mut(colour) = sums;
    }

    /// Adds the neighbourhood of the stone on `point` to the near points (keeping them
    /// empty).
    #[inline(always)]
    fn mark_near(&mut self, point: Point) {
        let size = self.position.size() as i32;
        let row_mask = (1u32 << size) - 1;
        let (col, row) = (point.col() as u32, point.row() as i32);
        for (k, pattern) in NEAR_PATTERN.into_iter().enumerate() {
            let r = row + k as i32 - 2;
            if (0..size).contains(&r) {
                let r = r as usize;
                let taken = self.position.stones(Player::First).rows[r]
                    | self.position.stones(Player::Second).rows[r];
                let near = &mut self.near.rows[r];
                *near = (*near | (pattern << col) >> 2) & row_mask & !taken;
            }
        }
    }

    /// Re-reads the shapes of the empty points on the four lines through `point` that a
    /// stone there can change.
    fn refresh_lines<const LOG: bool>(&mut self, point: Point) {
        let size = self.position.size();
        let rule = self.position.rule();
        let restricted = rule.forbidden_points;
        for axis in Axis::ALL {
            let line = Line::through(point, axis, size);
            let words = ByPlayer::new(
                line.word_of(&self.words.first, point, axis),
                line.word_of(&self.words.second, point, axis),
            );
            let (lo, hi) = if self.whole_lines {
                (0, line.len - 1)
            } else {
                (
                    line.at.saturating_sub(REACH),
                    (line.at + REACH).min(line.len - 1),
                )
            };
            let span = ((2u32 << hi) - 1) & !((1u32 << lo) - 1);
            let mut todo = span & !(words.first | words.second);
            while todo != 0 {
                let i = todo.trailing_zeros();
                todo &= todo - 1;
                let (col, row) = line.cell(i);
                let index = row as usize * MAX_SIZE as usize + col as usize;
                for colour in Player::ALL {
                    let own = *words.get(colour);
                    // Fewer than two own stones within four points make no shape; own stones
                    // only ever come, so the point had none before either.
                    if (((own as u64) << 4 >> i) & 0x1FF).count_ones() < 2 {
                        continue;
                    }
                    let opp = *words.get(colour.opponent());
                    let shape = self.shape_on_line((colour, &rule), (own, opp), &line, i);
                    let old = self.cells.get(colour)[index];
                    if old.shape_bits() >> (4 * axis.index()) & 0xF != shape as u32 {
                        let restricted = *restricted.get(colour);
                        let new = old.with_shape(axis.index(), shape, restricted);
                        self.set::<LOG>(colour, index, new);
                    }
                }
            }
        }
    }

    /// Sets the cell of `colour` on the point with index `index`, updating the terms and the
    /// class counts; with `LOG`, logs the old cell for [`Unmake::unmake`].
    #[inline(always)]
    fn set<const LOG: bool>(&mut self, colour: Player, index: usize, new: Cell) {
        let slot = &mut self.cells.get_mut(colour)[index];
        let old = *slot;
        if old == new {
            return;
        }
        *slot = new;
        if LOG {
            self.changed
                .push(((colour.index() as u32) << 16 | index as u32, old));
        }
        let (old_classes, new_classes) = (old.classes(), new.classes());
        // Every lane of the sum holds at least the old cell's terms: no borrow crosses lanes.
        let terms = self.terms.get_mut(colour);
        *terms = (*terms + packed_terms(new)).wrapping_sub(packed_terms(old));
        if let Some((values, of_bits)) = self.class_values {
            let group = near_group(u32::from(self.neighbours.get(colour)[index]));
            let ([old_move, old_wait], [new_move, new_wait]) = (
                values.value(Self::class_of(of_bits, old), group),
                values.value(Self::class_of(of_bits, new), group),
            );
            let sums = self.class_sums.get_mut(colour);
            sums[0] += new_move - old_move;
            sums[1] += new_wait - old_wait;
        }
        let counts = self.counts.get_mut(colour);
        let mut gone = old_classes & !new_classes;
        while gone != 0 {
            counts[gone.trailing_zeros() as usize] -= 1;
            gone &= gone - 1;
        }
        let mut came = new_classes & !old_classes;
        while came != 0 {
            counts[came.trailing_zeros() as usize] += 1;
            came &= came - 1;
        }
    }
}

/// `true` under rules where a stone can change a shape more than five points away: where an
/// overline wins and blocked ends count, the end of a run through a window's edge matters.
fn whole_lines(rule: &Rule) -> bool {
    let overline =
        *rule.overline_wins.get(Player::First) || *rule.overline_wins.get(Player::Second);
    overline
        && matches!(
            rule.ends,
            boardgames_gomoku::rule::Ends::NotBothBlocked { .. }
        )
}

impl From<Position> for SearchPosition {
    fn from(position: Position) -> SearchPosition {
        SearchPosition::new(position)
    }
}

impl PartialEq for SearchPosition {
    /// Equal positions: the shapes follow from the position.
    fn eq(&self, other: &SearchPosition) -> bool {
        self.position == other.position
    }
}

impl fmt::Debug for SearchPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchPosition")
            .field("position", &self.position)
            .field("terms", &self.terms)
            .field("counts", &self.counts)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for SearchPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.position, f)
    }
}

impl Game for SearchPosition {
    type Move = Point;
    type ParseMoveError = ParsePointError;
    type Illegal = IllegalMove;

    #[inline]
    fn side_to_move(&self) -> Player {
        self.position.side_to_move()
    }

    #[inline]
    fn status(&self) -> Status {
        self.position.status()
    }

    fn legal_moves(&self, moves: &mut MoveList<Point>) {
        self.position.legal_moves(moves);
    }

    fn legal_move_count(&self) -> usize {
        self.position.legal_move_count()
    }

    #[inline]
    fn check_move(&self, mv: Point) -> Result<(), IllegalMove> {
        self.position.check_move(mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Point) {
        self.place::<false>(mv);
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.position.zobrist()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.position.zobrist_from_scratch()
    }

    fn parse_move(&self, text: &str) -> Result<Point, ParsePointError> {
        self.position.parse_move(text)
    }

    fn max_remaining_plies(&self) -> Option<usize> {
        self.position.max_remaining_plies()
    }

    fn random_move<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Point> {
        self.position.random_move(rng)
    }
}

impl Unmake for SearchPosition {
    type Undo = SearchUndo;

    /// Plays `mv` like [`Game::play_unchecked`], logging the cells it changes.
    #[inline]
    fn make(&mut self, mv: Point) -> SearchUndo {
        let undo = SearchUndo {
            position: self.position,
            point: mv,
            near: self.near,
            terms: self.terms,
            counts: self.counts,
            class_sums: self.class_sums,
            mark: self.changed.len() as u32,
        };
        self.place::<true>(mv);
        undo
    }

    /// Restores the state before the move: the saved position, near points, terms and
    /// counts, the stone's line words, and the logged cells (newest first, so that a cell
    /// changed twice gets its oldest value).
    #[inline]
    fn unmake(&mut self, undo: SearchUndo) {
        let colour = undo.position.side_to_move();
        self.count_neighbour(colour, undo.point, u8::MAX);
        self.words.get_mut(colour).remove(undo.point);
        let mark = (undo.mark as usize).min(self.changed.len());
        for &(key, old) in self.changed[mark..].iter().rev() {
            let colour = if key >> 16 == 0 {
                Player::First
            } else {
                Player::Second
            };
            self.cells.get_mut(colour)[(key & 0xFFFF) as usize] = old;
        }
        self.changed.truncate(mark);
        self.position = undo.position;
        self.near = undo.near;
        self.terms = undo.terms;
        self.counts = undo.counts;
        self.class_sums = undo.class_sums;
    }
}
