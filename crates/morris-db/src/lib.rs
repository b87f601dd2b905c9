//! # boardgames-morris-db
//!
//! Endgame databases for nine men's morris: the value (win, loss or draw for the side to
//! move, with the number of plies to the end under best play) of every position of the moving
//! and flying phases, both players done placing, with up to a chosen number of pieces a side,
//! under the standard rules of [`boardgames_morris`] (flying at three pieces, a player who
//! cannot move loses, captures as part of the move that closes a mill, pieces in mills
//! protected unless all are). Repetitions are draws in the fixed-point sense: a position
//! from which neither side can force a win is a draw, however long the game may go on.
//!
//! - A *class* `a` v `b` holds the positions where the side to move has `a` pieces and the
//!   other player `b`; [`ClassIndex`] numbers them up to the board's 16 symmetries.
//! - [`build`] solves the classes in order of pieces (a capture leads into a class solved
//!   before) with [`boardgames_solver::solve`], `a` v `b` together with `b` v `a`, and writes
//!   one file per class ([`file_name`]) in the solver's checksummed table format; classes
//!   already present are kept, so an interrupted build resumes with the class it was on.
//! - [`Databases`]: the classes of a directory, a position's [`Databases::value`] and
//!   [`Databases::best_move`]. A file that is corrupt, truncated, foreign or of another
//!   format version is refused with a [`DbError`] naming it; its class is then not covered.
//! - [`verify_group`]: the full check of a solved group against its successors;
//!   [`check::check_class`]: samples against an independent proof search on the rules alone,
//!   symmetric images, and the best moves.
//!
//! The files go to the user's data directory ([`default_dir`]), never next to the program.
//!
//! ```
//! use boardgames_core::Player;
//! use boardgames_morris_db::{build, check::endgame};
//! use boardgames_solver::Value;
//!
//! let dir = std::env::temp_dir().join(format!("morris-db-doc-{}", std::process::id()));
//! let (db, _reports) = build(&dir, 3, |_group, _progress| {})?;
//! // White flies to a7, closes a1-a4-a7 and leaves black two pieces: a win in one ply.
//! let pos = endgame("a1 a4 d2", "g7 f6 e5", Player::First).unwrap();
//! assert_eq!(db.value(&pos), Some(Value::Win(1)));
//! assert_eq!(db.best_move(&pos).unwrap().0.to_string(), "d2-a7xg7");
//! # std::fs::remove_dir_all(&dir).ok();
//! # Ok::<(), boardgames_morris_db::DbError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod check;
mod db;
mod index;
mod space;
mod symmetry;

pub use db::{Class, Databases};
pub use index::ClassIndex;
pub use symmetry::{image, COUNT as SYMMETRIES};

use boardgames_solver::TableHeader;
use boardgames_solver::{solve, verify, Counts, Mismatch, Progress, SolveError, Table, TableError};
use space::Group;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The version of the numbering of positions ([`ClassIndex`]): a file numbered otherwise is
/// refused as foreign.
pub const INDEX_VERSION: u32 = 1;

/// The fewest pieces a side has in a class (with two, the game is over).
pub const MIN_PIECES: u32 = 3;

/// Why databases could not be built, read or checked.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// A class file could not be read or written, or was refused (the error names it).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The solver failed (a bug of the position space).
    #[error("solving {class}: {source}")]
    Solve {
        /// The group, e.g. `4v3`.
        class: String,
        /// What the solver said.
        source: SolveError,
    },
    /// A stored value disagrees with its successors.
    #[error("class {class}: {source}")]
    Verify {
        /// The group, e.g. `4v3`.
        class: String,
        /// The first disagreement.
        source: Mismatch,
    },
    /// The directory could not be created.
    #[error("{}: {source}", path.display())]
    Dir {
        /// The directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A class was asked for outside 3..=9 pieces a side.
    #[error("class {a}v{b}: each side has from 3 to 9 pieces")]
    NoSuchClass {
        /// The side to move's pieces.
        a: u32,
        /// The other player's pieces.
        b: u32,
    },
}

/// The file of class `a` v `b`: `morris-AvB.table`.
pub fn file_name(a: u32, b: u32) -> String {
    format!("morris-{a}v{b}.table")
}

/// What the file of class `a` v `b` says it holds.
pub fn header(a: u32, b: u32, len: u64) -> TableHeader {
    TableHeader {
        name: format!("nine men's morris {a}v{b} flying"),
        index_version: INDEX_VERSION,
        len,
    }
}

/// The directory of the databases: `$BOARDGAMES_MORRIS_DB` if set, else
/// `$XDG_DATA_HOME/boardgames/morris-db`, else `~/.local/share/boardgames/morris-db`.
pub fn default_dir() -> Option<PathBuf> {
    let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = set("BOARDGAMES_MORRIS_DB") {
        return Some(dir.into());
    }
    let data = set("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| set("HOME").map(|h| PathBuf::from(h).join(".local").join("share")))?;
    Some(data.join("boardgames").join("morris-db"))
}

/// Every class with 3 to `up_to` pieces a side, in the order they are built.
pub fn classes(up_to: u32) -> Vec<(u32, u32)> {
    classes_of(&groups(up_to))
}

/// The groups (`a` v `b` with `b` v `a`, `a >= b`) with 3 to `up_to` pieces a side, fewer
/// pieces first.
pub fn groups(up_to: u32) -> Vec<(u32, u32)> {
    let n = up_to.min(9);
    groups_for(&[(n, n)]).unwrap_or_default()
}

/// The classes of the groups `list`: `a` v `b`, then `b` v `a` if different.
pub fn classes_of(list: &[(u32, u32)]) -> Vec<(u32, u32)> {
    list.iter()
        .flat_map(|&(a, b)| group_classes(a, b))
        .collect()
}

/// The classes the captures of group `a` v `b` lead to (those with at least 3 pieces a
/// side): the side with `a` leaves the other `b - 1`, the side with `b` leaves `a - 1`.
pub fn exits(a: u32, b: u32) -> Vec<(u32, u32)> {
    [(b - 1, a), (a - 1, b)]
        .into_iter()
        .filter(|&(x, _)| x >= MIN_PIECES)
        .collect()
}

/// The groups needed to build the groups `targets` (each `a` v `b` or `b` v `a`): the
/// targets and every group their captures lead to, down to 3 pieces a side, fewer pieces
/// first. Group `a` v `b` leads to `a` v `b - 1` (the side with `a` captures) and to
/// `a - 1` v `b` (the other side captures). `--up-to N` is the closure of `N` v `N`.
pub fn groups_for(targets: &[(u32, u32)]) -> Result<Vec<(u32, u32)>, DbError> {
    let mut needed = std::collections::BTreeSet::new();
    let mut stack = Vec::new();
    for &(a, b) in targets {
        if !(MIN_PIECES..=9).contains(&a) || !(MIN_PIECES..=9).contains(&b) {
            return Err(DbError::NoSuchClass { a, b });
        }
        stack.push((a.max(b), a.min(b)));
    }
    while let Some((a, b)) = stack.pop() {
        if b < MIN_PIECES || !needed.insert((a, b)) {
            continue;
        }
        stack.push((a, b - 1));
        stack.push(((a - 1).max(b), (a - 1).min(b)));
    }
    let mut list: Vec<(u32, u32)> = needed.into_iter().collect();
    list.sort_by_key(|&(a, b)| (a + b, a));
    Ok(list)
}

/// Reads a list of groups such as `7v3,8v4` (either order of each pair).
pub fn parse_groups(text: &str) -> Result<Vec<(u32, u32)>, String> {
    text.split(',')
        .map(|item| {
            let item = item.trim();
            let (a, b) = item
                .split_once('v')
                .ok_or_else(|| format!("{item:?}: a class is written AvB, e.g. 7v3"))?;
            let count = |n: &str| {
                n.parse::<u32>()
                    .ok()
                    .filter(|n| (MIN_PIECES..=9).contains(n))
                    .ok_or_else(|| format!("{item:?}: each side has from 3 to 9 pieces"))
            };
            Ok((count(a)?, count(b)?))
        })
        .collect()
}

/// What building one group took.
#[derive(Clone, Debug)]
pub struct GroupReport {
    /// The group, as its larger class (`a >= b`).
    pub group: (u32, u32),
    /// The tallies of each class of the group (`a` v `b`, then `b` v `a` if different).
    pub counts: Vec<((u32, u32), Counts)>,
    /// The indices of the group (its tables hold two bytes each).
    pub indices: u64,
    /// Seconds spent solving and writing (0 when the files were already there).
    pub seconds: f64,
    /// `false` when the files were there already and were only loaded.
    pub built: bool,
}

/// Builds (or loads, where the files are whole) every class up to `up_to` pieces a side in
/// `dir`, fewer pieces first; `progress` hears the group being solved (`"4v3"`) and how far
/// it is. Returns the databases and a report per group.
pub fn build(
    dir: &Path,
    up_to: u32,
    mut progress: impl FnMut(&str, Progress),
) -> Result<(Databases, Vec<GroupReport>), DbError> {
    build_groups(dir, &groups(up_to), &mut progress)
}

/// Builds (or loads, where the files are whole) the groups `list` in `dir`, in that order:
/// each one's captures must lead to groups built before it or already in `dir` (the order of
/// [`groups_for`] does). Returns the databases and a report per group.
pub fn build_groups(
    dir: &Path,
    list: &[(u32, u32)],
    mut progress: impl FnMut(&str, Progress),
) -> Result<(Databases, Vec<GroupReport>), DbError> {
    std::fs::create_dir_all(dir).map_err(|source| DbError::Dir {
        path: dir.to_owned(),
        source,
    })?;
    let mut db = Databases::empty(dir);
    let mut reports = Vec::new();
    for &(a, b) in list {
        reports.push(build_group(&mut db, a.max(b), a.min(b), &mut progress)?);
    }
    Ok((db, reports))
}

fn group_classes(a: u32, b: u32) -> Vec<(u32, u32)> {
    if a == b {
        vec![(a, b)]
    } else {
        vec![(a, b), (b, a)]
    }
}

/// Loads group `a` v `b` from its files, or solves it and writes them. The classes its
/// captures lead to must be in `db` or in its directory.
pub fn build_group(
    db: &mut Databases,
    a: u32,
    b: u32,
    progress: &mut impl FnMut(&str, Progress),
) -> Result<GroupReport, DbError> {
    if !(MIN_PIECES..=9).contains(&a) || !(MIN_PIECES..=9).contains(&b) {
        return Err(DbError::NoSuchClass { a, b });
    }
    let members = group_classes(a, b);
    let start = Instant::now();
    let loaded = members.iter().all(|&(x, y)| db.load(x, y).is_ok());
    if !loaded {
        for (x, y) in exits(a, b) {
            db.load(x, y)?;
        }
        let label = format!("{a}v{b}");
        let indices: Vec<ClassIndex> = members
            .iter()
            .map(|&(x, y)| ClassIndex::new(x, y))
            .collect();
        let group = Group {
            classes: indices.clone(),
            exits: db,
        };
        let table = solve(&group, |p| progress(&label, p)).map_err(|source| DbError::Solve {
            class: label.clone(),
            source,
        })?;
        let mut offset = 0;
        for (&(x, y), index) in members.iter().zip(indices) {
            let size = index.size();
            let class_table = table.slice(offset..offset + size);
            offset += size;
            class_table.write_to(&db.dir().join(file_name(x, y)), &header(x, y, size))?;
            db.insert(
                x,
                y,
                Class {
                    index,
                    table: class_table,
                },
            );
        }
    }
    let counts = members
        .iter()
        .filter_map(|&(x, y)| Some(((x, y), db.class(x, y)?.table.counts())))
        .collect();
    Ok(GroupReport {
        group: (a, b),
        counts,
        indices: members
            .iter()
            .filter_map(|&(x, y)| Some(db.class(x, y)?.index.size()))
            .sum(),
        seconds: start.elapsed().as_secs_f64(),
        built: !loaded,
    })
}

/// Solves group `a` v `b` again with the solver that needs no predecessors
/// ([`boardgames_solver::solve_by_sweeps`]), for comparison with the stored tables (the classes
/// its captures lead to must be loaded in `db`). One sweep over the group per distance: slow.
pub fn sweep_group(db: &Databases, a: u32, b: u32) -> Table {
    let group = Group {
        classes: group_classes(a, b)
            .into_iter()
            .map(|(x, y)| ClassIndex::new(x, y))
            .collect(),
        exits: db,
    };
    boardgames_solver::solve_by_sweeps(&group, |_| {})
}

/// Checks every value of group `a` v `b` (loaded in `db`, with the classes its captures lead
/// to) against the values of its successors; `progress` hears the positions checked.
pub fn verify_group(
    db: &Databases,
    a: u32,
    b: u32,
    progress: impl FnMut(u64),
) -> Result<(), DbError> {
    let members = group_classes(a, b);
    let mut codes = Vec::new();
    let mut indices = Vec::new();
    for &(x, y) in &members {
        let class = db.class(x, y).ok_or(DbError::NoSuchClass { a: x, b: y })?;
        codes.extend_from_slice(class.table.codes());
        indices.push(class.index.clone());
    }
    let group = Group {
        classes: indices,
        exits: db,
    };
    verify(&group, &Table::from_codes(codes), progress).map_err(|source| DbError::Verify {
        class: format!("{a}v{b}"),
        source,
    })
}
