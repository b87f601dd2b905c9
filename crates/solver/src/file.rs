//! The table file: a header naming what the table holds, the codes, and a checksum.
//!
//! Layout (all integers little-endian):
//!
//! | bytes | content                                                                 |
//! |-------|-------------------------------------------------------------------------|
//! | 8     | magic `BGSOLVER`                                                        |
//! | 4     | [`FORMAT_VERSION`]                                                      |
//! | 32    | the table's name (ASCII, zero-padded): the game and class it solves     |
//! | 4     | the version of the game's index (a new numbering is a new version)      |
//! | 8     | the number of codes `n`                                                 |
//! | 2 `n` | the codes ([`crate::Value::code`])                                      |
//! | 8     | the checksum: FNV-1a (64 bits) of every byte before it                  |

use crate::table::Table;
use core::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The version of the file layout.
pub const FORMAT_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"BGSOLVER";
const NAME_BYTES: usize = 32;
const HEADER_BYTES: usize = 8 + 4 + NAME_BYTES + 4 + 8;

/// What a table file must say it holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TableHeader {
    /// The game and class (at most 32 ASCII bytes), e.g. `morris 4v3`.
    pub name: String,
    /// The version of the game's index.
    pub index_version: u32,
    /// The number of codes.
    pub len: u64,
}

/// Why a table file could not be written or read. Every variant names the file.
#[derive(Debug)]
pub enum TableError {
    /// The file could not be opened, read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file does not start like a table file.
    NotATable {
        /// The file.
        path: PathBuf,
    },
    /// The file has another layout version.
    FormatVersion {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u32,
    },
    /// The file holds another table (another game, class, index version or size).
    Foreign {
        /// The file.
        path: PathBuf,
        /// What it holds.
        found: String,
        /// What was asked for.
        expected: String,
    },
    /// The file is shorter or longer than its header says.
    Length {
        /// The file.
        path: PathBuf,
        /// Its length in bytes.
        found: u64,
        /// The length its header gives.
        expected: u64,
    },
    /// The checksum does not match the contents: the file is corrupt.
    Checksum {
        /// The file.
        path: PathBuf,
    },
    /// The header to write is not valid (a name too long or not ASCII, or the wrong size).
    BadHeader {
        /// The file.
        path: PathBuf,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            TableError::NotATable { path } => {
                write!(f, "{}: not a solver table file", path.display())
            }
            TableError::FormatVersion { path, found } => write!(
                f,
                "{}: table format version {found}, this program reads {FORMAT_VERSION}",
                path.display()
            ),
            TableError::Foreign {
                path,
                found,
                expected,
            } => write!(
                f,
                "{}: holds {found}, expected {expected}",
                path.display()
            ),
            TableError::Length {
                path,
                found,
                expected,
            } => write!(
                f,
                "{}: {found} bytes, its header says {expected} (truncated or padded)",
                path.display()
            ),
            TableError::Checksum { path } => {
                write!(f, "{}: checksum mismatch (corrupt file)", path.display())
            }
            TableError::BadHeader { path } => write!(
                f,
                "{}: the table's name must be ASCII of at most {NAME_BYTES} bytes and its length the table's",
                path.display()
            ),
        }
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TableError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// FNV-1a, 64 bits, continued from `hash` (start with [`checksum`]`(&[])`'s value).
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash
}

/// The checksum of a table file's contents: FNV-1a, 64 bits.
pub fn checksum(bytes: &[u8]) -> u64 {
    fnv1a(0xCBF2_9CE4_8422_2325, bytes)
}

fn describe(name: &str, index_version: u32, len: u64) -> String {
    format!("'{name}' (index version {index_version}, {len} positions)")
}

impl TableHeader {
    fn bytes(&self, path: &Path) -> Result<Vec<u8>, TableError> {
        if !self.name.is_ascii() || self.name.len() > NAME_BYTES {
            return Err(TableError::BadHeader {
                path: path.to_owned(),
            });
        }
        let mut out = Vec::with_capacity(HEADER_BYTES);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        let mut name = [0u8; NAME_BYTES];
        name[..self.name.len()].copy_from_slice(self.name.as_bytes());
        out.extend_from_slice(&name);
        out.extend_from_slice(&self.index_version.to_le_bytes());
        out.extend_from_slice(&self.len.to_le_bytes());
        Ok(out)
    }
}

impl Table {
    /// Writes the table to `path` under `header` (whose length must be the table's): to a
    /// temporary file beside it first, renamed into place once complete, so that an
    /// interrupted write never leaves a partial table under the name.
    pub fn write_to(&self, path: &Path, header: &TableHeader) -> Result<(), TableError> {
        if header.len != self.len() {
            return Err(TableError::BadHeader {
                path: path.to_owned(),
            });
        }
        let mut bytes = header.bytes(path)?;
        bytes.reserve(self.codes().len() * 2 + 8);
        for &code in self.codes() {
            bytes.extend_from_slice(&code.to_le_bytes());
        }
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        let io = |source| TableError::Io {
            path: path.to_owned(),
            source,
        };
        let temporary = path.with_extension("partial");
        let mut file = std::fs::File::create(&temporary).map_err(io)?;
        file.write_all(&bytes).map_err(io)?;
        file.sync_all().map_err(io)?;
        std::fs::rename(&temporary, path).map_err(io)
    }

    /// Reads the table of `path`, which must hold what `expected` says, in this layout version,
    /// whole and with a matching checksum.
    pub fn read_from(path: &Path, expected: &TableHeader) -> Result<Table, TableError> {
        let bytes = std::fs::read(path).map_err(|source| TableError::Io {
            path: path.to_owned(),
            source,
        })?;
        Table::from_bytes(&bytes, path, expected)
    }

    /// Reads a table from the bytes of a file (`path` names it in errors).
    pub fn from_bytes(
        bytes: &[u8],
        path: &Path,
        expected: &TableHeader,
    ) -> Result<Table, TableError> {
        let path_buf = || path.to_owned();
        if bytes.len() < 12 || &bytes[..8] != MAGIC {
            return Err(TableError::NotATable { path: path_buf() });
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let version = word(8);
        if version != FORMAT_VERSION {
            return Err(TableError::FormatVersion {
                path: path_buf(),
                found: version,
            });
        }
        if bytes.len() < HEADER_BYTES + 8 {
            return Err(TableError::Length {
                path: path_buf(),
                found: bytes.len() as u64,
                expected: (HEADER_BYTES + 8) as u64,
            });
        }
        let name_bytes = &bytes[12..12 + NAME_BYTES];
        let name_end = name_bytes
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(NAME_BYTES);
        let name = String::from_utf8_lossy(&name_bytes[..name_end]).into_owned();
        let index_version = word(12 + NAME_BYTES);
        let mut len_bytes = [0u8; 8];
        len_bytes.copy_from_slice(&bytes[16 + NAME_BYTES..HEADER_BYTES]);
        let len = u64::from_le_bytes(len_bytes);
        if name != expected.name || index_version != expected.index_version || len != expected.len {
            return Err(TableError::Foreign {
                path: path_buf(),
                found: describe(&name, index_version, len),
                expected: describe(&expected.name, expected.index_version, expected.len),
            });
        }
        let total = (HEADER_BYTES as u64)
            .saturating_add(len.saturating_mul(2))
            .saturating_add(8);
        if bytes.len() as u64 != total {
            return Err(TableError::Length {
                path: path_buf(),
                found: bytes.len() as u64,
                expected: total,
            });
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut sum_bytes = [0u8; 8];
        sum_bytes.copy_from_slice(sum);
        if checksum(body) != u64::from_le_bytes(sum_bytes) {
            return Err(TableError::Checksum { path: path_buf() });
        }
        let codes = body[HEADER_BYTES..]
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        Ok(Table::from_codes(codes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Value;

    fn sample() -> (Table, TableHeader) {
        let table = Table::from_codes(vec![
            Value::Win(3).code(),
            Value::Draw.code(),
            crate::UNUSED,
            Value::Loss(0).code(),
        ]);
        let header = TableHeader {
            name: "toy 2".into(),
            index_version: 1,
            len: 4,
        };
        (table, header)
    }

    fn bytes_of(table: &Table, header: &TableHeader) -> Vec<u8> {
        let dir = std::env::temp_dir().join(format!("solver-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("toy.table");
        table.write_to(&path, header).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(Table::read_from(&path, header).unwrap(), *table);
        std::fs::remove_dir_all(&dir).unwrap();
        bytes
    }

    #[test]
    fn a_written_table_reads_back_and_damage_is_named() {
        let (table, header) = sample();
        let bytes = bytes_of(&table, &header);
        let path = Path::new("toy.table");
        let read = |b: &[u8], h: &TableHeader| Table::from_bytes(b, path, h).unwrap_err();
        let mut flipped = bytes.clone();
        flipped[HEADER_BYTES + 1] ^= 0x10;
        assert!(matches!(
            read(&flipped, &header),
            TableError::Checksum { .. }
        ));
        let cut = &bytes[..bytes.len() - 3];
        assert!(matches!(read(cut, &header), TableError::Length { .. }));
        assert!(matches!(
            read(b"PK\x03\x04 a zip", &header),
            TableError::NotATable { .. }
        ));
        let mut old = bytes.clone();
        old[8] = 0;
        assert!(matches!(
            read(&old, &header),
            TableError::FormatVersion { found: 0, .. }
        ));
        let other = TableHeader {
            name: "toy 3".into(),
            ..header.clone()
        };
        let err = read(&bytes, &other);
        assert!(matches!(err, TableError::Foreign { .. }));
        assert!(
            err.to_string().starts_with("toy.table: holds 'toy 2'"),
            "{err}"
        );
        assert!(read(&bytes[..20], &header)
            .to_string()
            .contains("toy.table"));
    }

    #[test]
    fn a_header_that_does_not_fit_is_refused() {
        let (table, mut header) = sample();
        header.len = 5;
        let path = Path::new("/nonexistent/x.table");
        assert!(matches!(
            table.write_to(path, &header),
            Err(TableError::BadHeader { .. })
        ));
        header.len = 4;
        header.name = "x".repeat(40);
        assert!(matches!(
            table.write_to(path, &header),
            Err(TableError::BadHeader { .. })
        ));
    }
}
