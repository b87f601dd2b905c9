//! The arena: N games between two players of any game, with the result's Elo difference and
//! its 95 % interval.
//!
//!     cargo run --release --example arena -- ultimate mcts:200ms ab:200ms -n 40
//!     cargo run --release --example arena -- gomoku expert normal --size 15 --rule caro
//!     cargo run --release --example arena -- morris expert mcts:sims=20000 --openings my.txt
//!
//! Players: `random`, `beginner`, `normal`, `expert`, `ab:depth=6` / `ab:time=200ms` /
//! `ab:nodes=N` (alpha-beta with the game's evaluator), `mcts:time=200ms` / `mcts:sims=N`
//! (MCTS with random playouts; also `c=` and `threads=`): `boardgames_arena::PlayerSpec`.
//!
//! Colours alternate: game 1 gives A the first move, game 2 the same opening with B first,
//! and so on through the openings (a built-in set per game, or a file), so that games differ
//! and neither player gains from the first move. Each game's players are new, seeded from
//! `--seed` and the game's number. Every game is played as a `boardgames_core::matches::Match`
//! and written to a records folder in the project's record format, which the referee's
//! `record` op replays, with a JSON-lines and a CSV summary (`boardgames_arena::RecordFolder`).
//!
//! A match can be split over machines: `--shard I/N` plays only shard I (from 0) of N, a block
//! of the same games with the same seeds, and writes a shard file (`--out`);
//! `arena merge FILE...` checks the files are the N shards of one match and prints the report
//! and writes the records the whole match gives (`docs/arena.md`).
//!
//! This file is the command line: the matches, shards, merge, report and records are the
//! library `boardgames-arena` (`crates/arena`).

use boardgames_arena::{
    merge, merge_files, play_shard, GameSpec, MatchInfo, MatchReport, MatchSpec, Openings,
    PlayerSpec, RecordFolder, Shard, ShardFile,
};
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameName {
    Tictactoe,
    Ultimate,
    Gomoku,
    Morris,
}

/// Plays N games between two players and reports the score with its Elo interval; or merges
/// the shard files of a match played in parts (`--shard`).
#[derive(Parser, Debug)]
#[command(
    name = "arena",
    version,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: Option<PlayArgs>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Merges the shard files of one match (written by `--shard`) into the report and the
    /// records the whole match gives.
    Merge {
        /// The shard files, one for each shard, in any order.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// The records folder [default: target/arena/GAME-SECONDS].
        #[arg(long, value_name = "DIR")]
        records: Option<PathBuf>,
    },
}

/// A match, or one shard of it.
#[derive(clap::Args, Debug)]
struct PlayArgs {
    /// The game.
    #[arg(value_enum)]
    game: GameName,
    /// Player A: random, beginner, normal, expert, ab:depth=6, ab:time=200ms, mcts:time=200ms,
    /// mcts:sims=20000 (with c=1.0, threads=2 ...).
    a: PlayerSpec,
    /// Player B, as A.
    b: PlayerSpec,
    /// Games to play (colours alternate; an even number gives each player each opening with
    /// each colour).
    #[arg(short = 'n', long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// The seed of the players' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// `builtin` (the game's small set), `none` (every game from the start), or a file with
    /// one opening a line.
    #[arg(long, default_value = "builtin")]
    openings: String,
    /// The records folder: each game's record (001.txt, ...), games.jsonl and results.csv
    /// [default: target/arena/GAME-SECONDS; with --shard: none, the shard file holds them].
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// Plays only shard I of N (I from 0 to N-1): a block of the match's games, each the
    /// same as in the whole match; `arena merge` puts the shard files together.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// The shard file [default: target/arena/GAME-shard-I-of-N.json].
    #[arg(long, value_name = "FILE", requires = "shard")]
    out: Option<PathBuf>,
    /// Plies after which a game is scored a draw.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// Gomoku's board size.
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Gomoku's rule: caro, caro5, caro6, standard, freestyle, renju.
    #[arg(long, default_value = "caro")]
    rule: String,
    /// Morris: moves in a row with neither placement nor capture that draw (threefold
    /// repetition draws too).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..))]
    quiet_moves: u32,
    /// No progress bar.
    #[arg(long)]
    no_progress: bool,
}

fn main() {
    let cli = Cli::parse();
    let outcome = match (&cli.command, &cli.play) {
        (Some(Command::Merge { files, records }), _) => merge_command(files, records.clone()),
        (None, Some(args)) => play_command(args),
        (None, None) => {
            // clap asks for the game first; this is only a safety net.
            let _ = Cli::command().print_help();
            Err("a game and two players, or merge FILE...".to_owned())
        }
    };
    if let Err(message) = outcome {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}

/// The match the command line describes.
fn match_spec(args: &PlayArgs) -> Result<MatchSpec, String> {
    let game = match args.game {
        GameName::Tictactoe => GameSpec::TicTacToe,
        GameName::Ultimate => GameSpec::Ultimate,
        GameName::Gomoku => GameSpec::Gomoku {
            size: args.size,
            rule: args.rule.clone(),
        },
        GameName::Morris => GameSpec::Morris {
            quiet_moves: args.quiet_moves,
        },
    };
    let openings = match args.openings.as_str() {
        "builtin" => Openings::Builtin,
        "none" => Openings::None,
        path => Openings::Text {
            origin: path.to_owned(),
            text: std::fs::read_to_string(path).map_err(|e| format!("openings {path}: {e}"))?,
        },
    };
    Ok(MatchSpec {
        games: args.games as usize,
        seed: args.seed,
        max_plies: args.max_plies,
        openings,
        ..MatchSpec::new(game, &args.a.text, &args.b.text)
    })
}

/// Runs the match, or the shard the command line asks for, and prints the report.
fn play_command(args: &PlayArgs) -> Result<(), String> {
    let spec = match_spec(args)?;
    let info = spec.info().map_err(|e| e.to_string())?;
    println!("{info}");
    match args.shard {
        None => whole(&spec, &info, args),
        Some(shard) => part(&spec, &info, args, shard),
    }
}

fn default_records(game: &str) -> PathBuf {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    PathBuf::from(format!("target/arena/{game}-{seconds}"))
}

/// The default shard file: `target/arena/GAME-shard-I-of-N.json`.
fn default_shard_path(shard: Shard, game: &str) -> PathBuf {
    let name = format!("{game}-shard-{}-of-{}.json", shard.index, shard.count);
    Path::new("target/arena").join(name)
}

fn create_records(dir: &Path, info: &MatchInfo) -> Result<RecordFolder, String> {
    RecordFolder::create(dir, &info.game, &info.options).map_err(|e| e.to_string())
}

/// The whole match (the single shard 0/1), its records written to a folder as it is played.
fn whole(spec: &MatchSpec, info: &MatchInfo, args: &PlayArgs) -> Result<(), String> {
    let path = args
        .records
        .clone()
        .unwrap_or_else(|| default_records(spec.game.name()));
    let mut files = create_records(&path, info)?;
    let file = play(spec, args, Shard::WHOLE, Some(&mut files))?;
    let report = merge(&[file]).map_err(|e| e.to_string())?;
    print!("{report}");
    println!("records: {}", files.dir.display());
    Ok(())
}

/// One shard of the match, its games in a shard file (and in a records folder if asked).
fn part(spec: &MatchSpec, info: &MatchInfo, args: &PlayArgs, shard: Shard) -> Result<(), String> {
    println!(
        "shard {shard}: {}",
        describe_games(&shard.games(spec.games), spec.games)
    );
    let mut files = match &args.records {
        Some(dir) => Some(create_records(dir, info)?),
        None => None,
    };
    let file = play(spec, args, shard, files.as_mut())?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| default_shard_path(shard, spec.game.name()));
    file.write(&out)
        .map_err(|e| format!("{}: {e}", out.display()))?;
    print!("{}", file.report());
    if let Some(files) = files {
        println!("records: {}", files.dir.display());
    }
    println!("shard file: {}", out.display());
    Ok(())
}

fn describe_games(games: &Range<usize>, of: usize) -> String {
    match games.len() {
        0 => format!("no game of {of}"),
        n => format!("games {} to {} ({n} of {of})", games.start + 1, games.end),
    }
}

/// Plays `shard` with a progress bar, writing each game to `files` if given.
fn play(
    spec: &MatchSpec,
    args: &PlayArgs,
    shard: Shard,
    mut files: Option<&mut RecordFolder>,
) -> Result<ShardFile, String> {
    let bar = progress_bar(args.no_progress, shard.games(spec.games).len());
    let names = [spec.player_a.as_str(), spec.player_b.as_str()];
    let file = play_shard(spec, shard, |progress| {
        bar.inc(1);
        let t = progress.tally;
        bar.set_message(format!("A {}-{}-{}", t.wins, t.draws, t.losses));
        match files.as_deref_mut() {
            Some(files) => files.write(progress.game, names).map_err(|e| e.to_string()),
            None => Ok(()),
        }
    });
    bar.finish_and_clear();
    file.map_err(|e| e.to_string())
}

/// `arena merge`: the shard files put together, reported and written as the whole match.
fn merge_command(paths: &[PathBuf], records: Option<PathBuf>) -> Result<(), String> {
    let report = merge_files(paths).map_err(|e| e.to_string())?;
    println!("{}", report.info);
    let path = records.unwrap_or_else(|| default_records(&report.info.game));
    write_records(&report, &path)?;
    print!("{report}");
    println!("records: {}", path.display());
    Ok(())
}

/// Writes the report's games into the records folder `dir`, in the match's order.
fn write_records(report: &MatchReport, dir: &Path) -> Result<(), String> {
    let info = &report.info;
    let mut files = create_records(dir, &report.info)?;
    for game in &report.games {
        files
            .write(game, [&info.a, &info.b])
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn progress_bar(hidden: bool, games: usize) -> ProgressBar {
    if hidden {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games as u64);
    let template = "{bar:30} {pos}/{len} games  {elapsed_precise}  ETA {eta_precise}  {msg}";
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command line's settings become the library's match: game options, openings,
    /// counts; a missing openings file is an error naming it.
    #[test]
    fn the_command_line_gives_the_match() {
        let args = |line: &str| match Cli::try_parse_from(line.split_whitespace()) {
            Ok(Cli {
                play: Some(args), ..
            }) => args,
            other => panic!("{line}: {other:?}"),
        };
        let play = args("arena gomoku expert ab:depth=2 -n 6 --size 9 --rule renju --seed 4");
        let spec = match_spec(&play).unwrap();
        assert_eq!(
            spec.game,
            GameSpec::Gomoku {
                size: 9,
                rule: "renju".to_owned()
            }
        );
        assert_eq!((spec.games, spec.seed, spec.max_plies), (6, 4, 1000));
        assert_eq!(spec.player_b, "ab:depth=2");
        assert_eq!(spec.openings, Openings::Builtin);
        let play = args("arena morris random random --quiet-moves 9 --openings none");
        let spec = match_spec(&play).unwrap();
        assert_eq!(spec.game, GameSpec::Morris { quiet_moves: 9 });
        assert_eq!(spec.openings, Openings::None);
        let play = args("arena ultimate random random --openings /nonexistent/openings.txt");
        let err = match_spec(&play).unwrap_err();
        assert!(
            err.starts_with("openings /nonexistent/openings.txt: "),
            "{err}"
        );
        assert!(Cli::try_parse_from(["arena", "ultimate", "random", "ab:"]).is_err());
        assert_eq!(describe_games(&(0..0), 3), "no game of 3");
        assert_eq!(describe_games(&(4..8), 8), "games 5 to 8 (4 of 8)");
    }
}
