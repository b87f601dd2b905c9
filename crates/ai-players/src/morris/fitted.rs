//! The fitted evaluation weights and their file: a weight for each term
//! ([`super::terms::TERM_NAMES`]) of the side to move and of the waiting player, in each stage
//! (placing, moving), fitted to the results of self-play games.

use super::terms::{Terms, TERMS, TERM_NAMES};
use boardgames_search::Score;
use std::path::{Path, PathBuf};

/// The first line of a weights file.
pub const WEIGHTS_MAGIC: &str = "boardgames-morris-eval";

/// The version of the weights file this crate reads and writes.
pub const WEIGHTS_VERSION: u32 = 1;

/// The weights built into the crate (`data/morris-eval-v2.txt`).
pub const BUILT_IN_WEIGHTS: &str = include_str!("../../data/morris-eval-v2.txt");

/// The stages, as the weights file names them: `placing` while either player holds a piece,
/// `moving` after.
pub const STAGES: [&str; 2] = ["placing", "moving"];

/// The sides, as the weights file names them.
pub const SIDES: [&str; 2] = ["to_move", "waiting"];

/// The largest weight a file may give (in score units, a piece being about 100).
const MAX_WEIGHT: Score = 100_000;

/// What is wrong with a weights file.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The first line is not `boardgames-morris-eval VERSION`.
    #[error("not a morris evaluation weights file (the first line is not \"{WEIGHTS_MAGIC} N\")")]
    NotWeights,
    /// Another version of the format.
    #[error("weights file version {0}, this program reads version {WEIGHTS_VERSION}")]
    Version(u32),
    /// A line that is not `STAGE SIDE TERM WEIGHT` with known names and a weight in range.
    #[error("line {line}: {reason}")]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A weight the file does not give.
    #[error("no weight for {stage} {side} {term}")]
    Missing {
        /// The stage.
        stage: &'static str,
        /// The side.
        side: &'static str,
        /// The term.
        term: &'static str,
    },
}

/// The fitted weights: `[stage][side][term]`, stage 0 placing and 1 moving, side 0 the side
/// to move and 1 the waiting player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FittedWeights {
    weights: [[Terms; 2]; 2],
}

impl FittedWeights {
    /// The weights of `[stage][side][term]` (see the type's documentation).
    pub const fn new(weights: [[Terms; 2]; 2]) -> Self {
        FittedWeights { weights }
    }

    /// The weights, `[stage][side][term]`.
    pub const fn weights(&self) -> &[[Terms; 2]; 2] {
        &self.weights
    }

    /// The score of the terms of the side to move and the waiting player in `stage`.
    #[inline(always)]
    pub fn score(&self, stage: usize, terms: &[Terms; 2]) -> Score {
        let w = &self.weights[stage];
        (0..TERMS)
            .map(|k| w[0][k] * terms[0][k] + w[1][k] * terms[1][k])
            .sum()
    }

    /// The weights of the file at `path`.
    pub fn read(path: &Path) -> Result<Self, WeightsError> {
        let text = std::fs::read_to_string(path).map_err(|source| WeightsError::Io {
            path: path.to_owned(),
            source,
        })?;
        Self::parse(&text)
    }

    /// The weights of a file's text: the line `boardgames-morris-eval 1`, then one line
    /// `STAGE SIDE TERM WEIGHT` for every stage, side and term (any order; `#` starts a
    /// comment, blank lines are skipped), an integer weight of at most 100,000 in size.
    pub fn parse(text: &str) -> Result<Self, WeightsError> {
        let mut lines = text.lines().enumerate();
        let first = lines.next().map(|(_, l)| l.trim()).unwrap_or_default();
        let version = match first.split_whitespace().collect::<Vec<_>>()[..] {
            [WEIGHTS_MAGIC, v] => v.parse::<u32>().map_err(|_| WeightsError::NotWeights)?,
            _ => return Err(WeightsError::NotWeights),
        };
        if version != WEIGHTS_VERSION {
            return Err(WeightsError::Version(version));
        }
        let mut given = [[[None; TERMS]; 2]; 2];
        for (n, line) in lines {
            let line = line.split('#').next().unwrap_or_default().trim();
            if !line.is_empty() {
                let (s, d, k, w) = parse_line(line).map_err(|reason| WeightsError::Line {
                    line: n + 1,
                    reason,
                })?;
                if given[s][d][k].replace(w).is_some() {
                    return Err(WeightsError::Line {
                        line: n + 1,
                        reason: "a weight given twice".to_owned(),
                    });
                }
            }
        }
        let mut weights = [[[0; TERMS]; 2]; 2];
        for (s, stage) in STAGES.into_iter().enumerate() {
            for (d, side) in SIDES.into_iter().enumerate() {
                for (k, term) in TERM_NAMES.into_iter().enumerate() {
                    weights[s][d][k] =
                        given[s][d][k].ok_or(WeightsError::Missing { stage, side, term })?;
                }
            }
        }
        Ok(FittedWeights { weights })
    }

    /// The file's text for these weights (which [`FittedWeights::parse`] reads back), after
    /// the comment lines `comments`.
    pub fn to_text(&self, comments: &[String]) -> String {
        let mut text = format!("{WEIGHTS_MAGIC} {WEIGHTS_VERSION}\n");
        for line in comments {
            text += &format!("# {line}\n");
        }
        for (s, stage) in STAGES.into_iter().enumerate() {
            for (d, side) in SIDES.into_iter().enumerate() {
                for (k, term) in TERM_NAMES.into_iter().enumerate() {
                    text += &format!("{stage} {side} {term} {}\n", self.weights[s][d][k]);
                }
            }
        }
        text
    }
}

/// One weight line: the stage's, side's and term's indices and the weight.
fn parse_line(line: &str) -> Result<(usize, usize, usize, Score), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let [stage, side, term, weight] = words[..] else {
        return Err(format!("expected STAGE SIDE TERM WEIGHT, found {line:?}"));
    };
    let find = |names: &[&str], name: &str, what: &str| {
        names
            .iter()
            .position(|n| *n == name)
            .ok_or_else(|| format!("unknown {what} {name:?} ({})", names.join(", ")))
    };
    let s = find(&STAGES, stage, "stage")?;
    let d = find(&SIDES, side, "side")?;
    let k = find(&TERM_NAMES, term, "term")?;
    let w = weight
        .parse::<Score>()
        .ok()
        .filter(|w| w.abs() <= MAX_WEIGHT)
        .ok_or_else(|| format!("bad weight {weight:?}: an integer of at most {MAX_WEIGHT}"))?;
    Ok((s, d, k, w))
}

/// The built-in weights, parsed once; `None` if the built-in file were bad (the evaluator then
/// keeps the hand-set weights).
pub fn built_in() -> Option<FittedWeights> {
    static BUILT: std::sync::OnceLock<Option<FittedWeights>> = std::sync::OnceLock::new();
    *BUILT.get_or_init(|| FittedWeights::parse(BUILT_IN_WEIGHTS).ok())
}
