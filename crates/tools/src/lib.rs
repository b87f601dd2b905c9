//! # boardgames-tools
//!
//! The workspace's research tools, as examples of this unpublished package (run from the
//! workspace root, with `--release`, since they search):
//!
//! - `fit_eval`: fits the gomoku evaluation weights (`boardgames_players::gomoku::EvalWeights`)
//!   to the results of recorded games;
//! - `fit_classes`: fits the values of the gomoku evaluator's point classes
//!   (`boardgames_players::gomoku::ClassValues`) to the results or the search scores of
//!   recorded games (`selfplay --scores 1` records the scores);
//! - `fit_policy`: fits a move ordering to the moves of recorded games;
//! - `proofs`: how many won positions of a file the engine proves won in one turn, and how
//!   (`examples/data/won-positions.txt` is such a file);
//! - `morris_selfplay`, `fit_morris`, `morris_openings`: self-play games of the morris search,
//!   the morris evaluation weights fitted to their results
//!   (`boardgames_players::morris::FittedWeights`), and late-game start positions taken from
//!   them for arena matches.
//!
//! The gomoku games come from the match manager of the engine (`MATCH_GAMES=FILE` of
//! `cargo run --release -p pbrain-boardgames --example match`). They enable the unstable
//! `research` feature of `boardgames-players`; nothing else in the workspace does.
//!
//! The library itself is empty.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
