//! The databases of a directory: loading, lookups, best moves.

use crate::index::ClassIndex;
use crate::{file_name, header, DbError};
use boardgames_core::{Game, MoveList, Player, Status};
use boardgames_morris::{Move, Position};
use boardgames_solver::{Table, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One solved class: its index and its values.
#[derive(Clone, Debug)]
pub struct Class {
    pub(crate) index: ClassIndex,
    pub(crate) table: Table,
}

impl Class {
    /// The index of the class.
    pub fn index(&self) -> &ClassIndex {
        &self.index
    }

    /// The values of the class.
    pub fn table(&self) -> &Table {
        &self.table
    }
}

/// The solved classes found in a directory (or built into it), looked up by position.
#[derive(Clone, Debug, Default)]
pub struct Databases {
    dir: PathBuf,
    classes: BTreeMap<(u32, u32), Class>,
    /// Bit `10 a + b` set when class `a` v `b` is loaded: the search asks at every node, and
    /// most of its positions are in classes not built.
    loaded: u128,
}

/// The bit of class `a` v `b` in [`Databases::loaded`] (0 outside 0..=9 pieces).
#[inline]
fn class_bit(a: u32, b: u32) -> u128 {
    if a <= 9 && b <= 9 {
        1 << (10 * a + b)
    } else {
        0
    }
}

impl Databases {
    /// No class, for the directory `dir` (where [`Databases::load`] and the builder look).
    pub fn empty(dir: &Path) -> Databases {
        Databases {
            dir: dir.to_owned(),
            classes: BTreeMap::new(),
            loaded: 0,
        }
    }

    /// Every class file of `dir` up to `up_to` pieces a side that reads back whole, with
    /// the typed error of each file that is present but refused (corrupt, truncated,
    /// foreign or of an old format). A missing directory or file is no error: that class is
    /// simply not covered.
    pub fn open(dir: &Path, up_to: u32) -> (Databases, Vec<DbError>) {
        Databases::open_classes(dir, &crate::classes(up_to))
    }

    /// As [`Databases::open`], for the classes `list` only.
    pub fn open_classes(dir: &Path, list: &[(u32, u32)]) -> (Databases, Vec<DbError>) {
        let mut db = Databases::empty(dir);
        let mut errors = Vec::new();
        for &(a, b) in list {
            match db.load(a, b) {
                Ok(_) => {}
                Err(DbError::Table(boardgames_solver::TableError::Io { source, .. }))
                    if source.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => errors.push(e),
            }
        }
        (db, errors)
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Loads class `a` v `b` from its file (already loaded: nothing to do).
    pub fn load(&mut self, a: u32, b: u32) -> Result<&Class, DbError> {
        if !self.classes.contains_key(&(a, b)) {
            let path = self.dir.join(file_name(a, b));
            // A missing file is found before the index, which takes a while to set up.
            if let Err(source) = std::fs::metadata(&path) {
                return Err(boardgames_solver::TableError::Io { path, source }.into());
            }
            let index = ClassIndex::new(a, b);
            let table = Table::read_from(&path, &header(a, b, index.size()))?;
            self.insert(a, b, Class { index, table });
        }
        Ok(&self.classes[&(a, b)])
    }

    pub(crate) fn insert(&mut self, a: u32, b: u32, class: Class) {
        self.loaded |= class_bit(a, b);
        self.classes.insert((a, b), class);
    }

    /// The class `a` v `b`, if loaded.
    pub fn class(&self, a: u32, b: u32) -> Option<&Class> {
        self.classes.get(&(a, b))
    }

    /// The loaded classes, as (mover's pieces, other player's pieces).
    pub fn classes(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.classes.keys().copied()
    }

    /// The value for the side to move of the position where it has the pieces `own` and the
    /// other player `opp`, nobody holding a piece, if its class is loaded.
    #[inline]
    pub fn lookup(&self, own: u32, opp: u32) -> Option<Value> {
        let class = self.classes.get(&(own.count_ones(), opp.count_ones()))?;
        class.table.value(class.index.index(own, opp))
    }

    /// The value of `position` for the side to move, when the databases cover it: both
    /// players done placing, standard rules (flying), and a loaded class, or a game won by
    /// leaving a player two pieces (`Loss(0)`).
    #[inline]
    pub fn value(&self, position: &Position) -> Option<Value> {
        if !position.rules().flying
            || position.in_hand(Player::First) + position.in_hand(Player::Second) > 0
        {
            return None;
        }
        let me = position.side_to_move();
        let (own, opp) = (position.pieces(me).0, position.pieces(me.opponent()).0);
        let (a, b) = (own.count_ones(), opp.count_ones());
        // A class not loaded: no answer, without the cost of the status (a finished game
        // has a side with two pieces, or a side to move without a move: the search sees
        // those itself).
        if self.loaded & class_bit(a, b) == 0 && a.min(b) >= crate::MIN_PIECES {
            return None;
        }
        match position.status() {
            Status::Won(_) => Some(Value::Loss(0)),
            Status::Draw => Some(Value::Draw),
            Status::Ongoing => self.lookup(own, opp),
        }
    }

    /// The best move of a covered position and its value for the side to move: the quickest
    /// win, else a draw, else the slowest loss (the first such move in the legal order).
    /// `None` when the position or one of its successors is not covered, or the game is over.
    pub fn best_move(&self, position: &Position) -> Option<(Move, Value)> {
        self.value(position)?;
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let mut best: Option<(Move, Value)> = None;
        for &mv in &moves {
            let mut next = *position;
            next.play_unchecked(mv);
            let value = self.value(&next)?.parent();
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((mv, value));
            }
        }
        best
    }
}
