//! Lasting scores: every finished game of `play` counts in a small file in the user's data
//! directory, per game, mode (two players, or against the computer) and level, shown when a
//! session starts and ends. `--reset-records` clears the game's scores. A damaged file is
//! reported and set aside (renamed `.damaged`), never a crash and never silently lost.
//!
//! The directory is `$BOARDGAMES_DATA_DIR` when set (tests use it), else the platform's data
//! directory: `$XDG_DATA_HOME/boardgames` or `~/.local/share/boardgames` on Linux,
//! `~/Library/Application Support/boardgames` on macOS, `%APPDATA%\boardgames` on Windows.
//! The file, `scores.tsv`, has a header line and one tab-separated line per entry:
//! `game mode level a b draws`, where `a` and `b` are the first and second player's wins in
//! two-player games, and the person's and the computer's wins against the computer.

use std::collections::BTreeMap;
use std::path::PathBuf;

const HEADER: &str = "# boardgames play scores, version 1: game, mode, level, a, b, draws";
const FILE: &str = "scores.tsv";

/// Which scores a session counts in.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Key {
    /// The game (`tictactoe`, ...).
    pub game: String,
    /// `two-players` or `computer`.
    pub mode: String,
    /// The computer's level (`-` for two players).
    pub level: String,
}

/// The wins of each side and the draws of one key.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Tally {
    /// First player's wins (two players), or the person's.
    pub a: u64,
    /// Second player's wins (two players), or the computer's.
    pub b: u64,
    /// Draws.
    pub draws: u64,
}

/// The scores file, read once and written after each game.
pub struct Scores {
    path: Option<PathBuf>,
    entries: BTreeMap<Key, Tally>,
}

/// The directory the scores live in, if the platform says.
fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("BOARDGAMES_DATA_DIR") {
        return Some(dir);
    }
    let base = if cfg!(windows) {
        var("APPDATA")
    } else if cfg!(target_os = "macos") {
        var("HOME").map(|h| h.join("Library/Application Support"))
    } else {
        var("XDG_DATA_HOME").or_else(|| var("HOME").map(|h| h.join(".local/share")))
    };
    base.map(|b| b.join("boardgames"))
}

fn parse_line(line: &str) -> Option<(Key, Tally)> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [game, mode, level, a, b, draws] = fields[..] else {
        return None;
    };
    if [game, mode, level].iter().any(|f| f.is_empty()) {
        return None;
    }
    let key = Key {
        game: game.to_owned(),
        mode: mode.to_owned(),
        level: level.to_owned(),
    };
    let tally = Tally {
        a: a.parse().ok()?,
        b: b.parse().ok()?,
        draws: draws.parse().ok()?,
    };
    Some((key, tally))
}

impl Scores {
    /// Reads the scores; `notes` gets what the person should know (a damaged file set
    /// aside, a directory that cannot be used).
    pub fn open(notes: &mut String) -> Scores {
        let Some(dir) = data_dir() else {
            notes.push_str("No data directory: scores last this session only.\n");
            return Scores {
                path: None,
                entries: BTreeMap::new(),
            };
        };
        let path = dir.join(FILE);
        let entries = match std::fs::read_to_string(&path) {
            Ok(text) => Scores::parse(&text).unwrap_or_else(|line| {
                let aside = dir.join(format!("{FILE}.damaged"));
                let moved = std::fs::rename(&path, &aside);
                notes.push_str(&match moved {
                    Ok(()) => format!(
                        "The scores file {} is damaged (line {line}); it was set aside as {} and new scores start.\n",
                        path.display(),
                        aside.display()
                    ),
                    Err(e) => format!(
                        "The scores file {} is damaged (line {line}) and could not be set aside ({e}); it is left as it is and this session's scores are not saved.\n",
                        path.display()
                    ),
                });
                BTreeMap::new()
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => BTreeMap::new(),
            Err(e) => {
                notes.push_str(&format!(
                    "Cannot read the scores file {}: {e}; scores last this session only.\n",
                    path.display()
                ));
                return Scores {
                    path: None,
                    entries: BTreeMap::new(),
                };
            }
        };
        let path = (!notes.contains("could not be set aside")).then_some(path);
        Scores { path, entries }
    }

    /// The entries of `text`, or the 1-based number of its first bad line.
    fn parse(text: &str) -> Result<BTreeMap<Key, Tally>, usize> {
        let mut entries = BTreeMap::new();
        for (i, line) in text.lines().enumerate() {
            if i == 0 && line == HEADER {
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            let (key, tally) = parse_line(line).ok_or(i + 1)?;
            if entries.insert(key, tally).is_some() {
                return Err(i + 1);
            }
        }
        Ok(entries)
    }

    /// The tally of `key`.
    pub fn get(&self, key: &Key) -> Tally {
        self.entries.get(key).copied().unwrap_or_default()
    }

    /// Clears every score of `game`.
    pub fn reset(&mut self, game: &str) -> String {
        self.entries.retain(|k, _| k.game != game);
        self.save()
            .unwrap_or_else(|| format!("The lasting scores of {game} are cleared.\n"))
    }

    /// Counts one game for `key`; returns a message when the file cannot be written.
    pub fn add(&mut self, key: &Key, update: impl FnOnce(&mut Tally)) -> Option<String> {
        update(self.entries.entry(key.clone()).or_default());
        self.save()
    }

    /// Writes the file; a message when it cannot be written.
    fn save(&self) -> Option<String> {
        let path = self.path.as_ref()?;
        let mut text = format!("{HEADER}\n");
        for (k, t) in &self.entries {
            text.push_str(&format!(
                "{}\t{}\t{}\t{}\t{}\t{}\n",
                k.game, k.mode, k.level, t.a, t.b, t.draws
            ));
        }
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(path, text));
        written
            .err()
            .map(|e| format!("Cannot save the scores to {}: {e}.\n", path.display()))
    }
}

/// The lasting scores a session counts in: its key and the file.
pub struct Lasting {
    scores: Scores,
    key: Key,
}

impl Lasting {
    /// Opens the scores for `game` under the session's options, clearing them first on
    /// `--reset-records`, and shows them.
    pub fn open(
        game: &str,
        options: &crate::seats::SeatOptions,
        console: &mut crate::console::Console,
    ) -> Lasting {
        let mut notes = String::new();
        let mut scores = Scores::open(&mut notes);
        let clean = |t: &str| t.replace(['\t', '\n', '\r'], " ");
        let key = if options.plays_computer() {
            // Without --level the computer is MCTS (--engine mcts).
            let level = options.level.as_deref().map_or("mcts".to_owned(), clean);
            Key {
                game: game.to_owned(),
                mode: "computer".to_owned(),
                level,
            }
        } else {
            Key {
                game: game.to_owned(),
                mode: "two-players".to_owned(),
                level: "-".to_owned(),
            }
        };
        if options.reset_records {
            notes.push_str(&scores.reset(game));
        }
        console.say(&notes);
        Lasting { scores, key }
    }

    /// Counts a finished game: `person` is the human side against the computer.
    pub fn count(
        &mut self,
        status: boardgames_core::Status,
        person: Option<boardgames_core::Player>,
        console: &mut crate::console::Console,
    ) {
        use boardgames_core::{Player, Status};
        let computer = self.key.mode == "computer";
        let note = self.scores.add(&self.key, |t| match status {
            Status::Won(p) if computer && Some(p) == person => t.a += 1,
            Status::Won(_) if computer => t.b += 1,
            Status::Won(Player::First) => t.a += 1,
            Status::Won(Player::Second) => t.b += 1,
            _ => t.draws += 1,
        });
        if let Some(note) = note {
            console.say(&note);
        }
    }

    /// The line showing the lasting scores (`names`: the players' names on screen).
    pub fn text(&self, names: boardgames_core::ByPlayer<&str>) -> String {
        let t = self.scores.get(&self.key);
        let k = &self.key;
        if k.mode == "computer" {
            format!(
                "Lasting scores, {} against the computer ({}): you {}, the computer {}, draws {}.\n",
                k.game, k.level, t.a, t.b, t.draws
            )
        } else {
            format!(
                "Lasting scores, {}, two players: {} {}, {} {}, draws {}.\n",
                k.game,
                names[boardgames_core::Player::First],
                t.a,
                names[boardgames_core::Player::Second],
                t.b,
                t.draws
            )
        }
    }
}
