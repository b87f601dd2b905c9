//! The arena: N games between two players of any game, with the result's Elo difference and
//! its 95 % interval.
//!
//!     cargo run --release --example arena -- ultimate mcts:200ms ab:200ms -n 40
//!     cargo run --release --example arena -- gomoku expert normal --size 15 --rule caro
//!     cargo run --release --example arena -- morris expert mcts:sims=20000 --openings my.txt
//!
//! Players: `random`, `beginner`, `normal`, `expert`, `ab:depth=6` / `ab:time=200ms` /
//! `ab:nodes=N` (alpha-beta with the game's evaluator), `mcts:time=200ms` / `mcts:sims=N`
//! (MCTS with random playouts; also `c=` and `threads=`). See `spec.rs`.
//!
//! Colours alternate: game 1 gives A the first move, game 2 the same opening with B first,
//! and so on through the openings (a built-in set per game, or a file), so that games differ
//! and neither player gains from the first move. Each game's players are new, seeded from
//! `--seed` and the game's number. Every game is played as a `boardgames_core::matches::Match`
//! and written to a records folder in the project's record format, which the referee's
//! `record` op replays, with a JSON-lines and a CSV summary (see `records.rs`).
//!
//! A match can be split over machines: `--shard I/N` plays only shard I (from 0) of N, a block
//! of the same games with the same seeds, and writes a shard file (`--out`, see `shard.rs`);
//! `arena merge FILE...` checks the files are the N shards of one match and prints the report
//! and writes the records the whole match gives (see `merge.rs`, `docs/arena.md`).

mod duel;
mod elo;
mod games;
mod merge;
mod players;
mod records;
mod shard;
#[cfg(test)]
mod shard_tests;
mod spec;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use duel::{Clock, GameReport, MatchConfig, SideStats, Summary};
use games::ArenaGame;
use indicatif::{ProgressBar, ProgressStyle};
use records::RecordFiles;
use serde_json::Value;
use shard::{MatchInfo, Shard, ShardFile};
use spec::Spec;
use std::ops::Range;
use std::path::PathBuf;

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
    a: Spec,
    /// Player B, as A.
    b: Spec,
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

fn play_command(args: &PlayArgs) -> Result<(), String> {
    match args.game {
        GameName::Tictactoe => arena(&games::TicTacToe, args),
        GameName::Ultimate => arena(&games::Ultimate, args),
        GameName::Gomoku => games::Gomoku::new(args.size, &args.rule).and_then(|g| arena(&g, args)),
        GameName::Morris => arena(
            &games::Morris {
                quiet_moves: args.quiet_moves,
            },
            args,
        ),
    }
}

/// The openings the command line asks for.
fn openings<G: ArenaGame>(game: &G, choice: &str) -> Result<Vec<Vec<String>>, String> {
    match choice {
        "builtin" => Ok(records::builtin_openings(game)),
        "none" => Ok(Vec::new()),
        path => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("openings {path}: {e}"))?;
            records::parse_openings(game, &text).map_err(|e| format!("openings {path}: {e}"))
        }
    }
}

fn default_records(game: &str) -> PathBuf {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    PathBuf::from(format!("target/arena/{game}-{seconds}"))
}

/// What a match is, as its heading and its shard files say.
fn match_info<G: ArenaGame>(
    game: &G,
    [a, b]: [&Spec; 2],
    config: &MatchConfig,
    openings_source: &str,
) -> MatchInfo {
    MatchInfo {
        arena: env!("CARGO_PKG_VERSION").to_owned(),
        game: game.name().to_owned(),
        options: game.options(),
        a: a.text.clone(),
        b: b.text.clone(),
        games: config.games,
        seed: config.seed,
        max_plies: config.max_plies,
        openings_source: openings_source.to_owned(),
        openings: config.openings.clone(),
    }
}

/// Runs the match, or the shard the command line asks for, and prints the report.
fn arena<G: ArenaGame>(game: &G, args: &PlayArgs) -> Result<(), String> {
    let config = MatchConfig {
        games: args.games as usize,
        seed: args.seed,
        max_plies: args.max_plies,
        openings: openings(game, &args.openings)?,
        clock: Clock::Wall,
    };
    let info = match_info(game, [&args.a, &args.b], &config, &args.openings);
    println!("{}", heading(&info));
    match args.shard {
        None => whole(game, args, &config, &info),
        Some(shard) => part(game, args, &config, info, shard),
    }
}

/// The whole match, its records in a folder.
fn whole<G: ArenaGame>(
    game: &G,
    args: &PlayArgs,
    config: &MatchConfig,
    info: &MatchInfo,
) -> Result<(), String> {
    let path = args
        .records
        .clone()
        .unwrap_or_else(|| default_records(game.name()));
    let mut files = RecordFiles::create(&path, &info.game, &info.options)?;
    let names = [info.a.as_str(), info.b.as_str()];
    let games = 0..config.games;
    let summary = play(game, args, config, games, &mut |report| {
        files.write(report, names)
    })?;
    print!("{}", report(&summary, names));
    println!("records: {}", files.dir.display());
    Ok(())
}

/// One shard of the match, its games in a shard file (and in a records folder if asked).
fn part<G: ArenaGame>(
    game: &G,
    args: &PlayArgs,
    config: &MatchConfig,
    info: MatchInfo,
    shard: Shard,
) -> Result<(), String> {
    let games = shard.games(config.games);
    println!("shard {shard}: {}", describe_games(&games, config.games));
    let mut files = match &args.records {
        Some(dir) => Some(RecordFiles::create(dir, &info.game, &info.options)?),
        None => None,
    };
    let names = [args.a.text.as_str(), args.b.text.as_str()];
    let mut reports = Vec::new();
    let summary = play(game, args, config, games, &mut |report| {
        reports.push(report.clone());
        files.as_mut().map_or(Ok(()), |f| f.write(report, names))
    })?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| shard.default_path(game.name()));
    ShardFile::new(info, shard, &reports).write(&out)?;
    print!("{}", report(&summary, names));
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

/// Plays the games `games` with a progress bar, calling `on_game` after each.
fn play<G: ArenaGame>(
    game: &G,
    args: &PlayArgs,
    config: &MatchConfig,
    games: Range<usize>,
    on_game: &mut dyn FnMut(&GameReport) -> Result<(), String>,
) -> Result<Summary, String> {
    let bar = progress_bar(args.no_progress, games.len());
    let summary = duel::run(
        game,
        [&args.a, &args.b],
        config,
        games,
        &mut |report, summary| {
            bar.inc(1);
            let t = summary.total;
            bar.set_message(format!("A {}-{}-{}", t.wins, t.draws, t.losses));
            on_game(report)
        },
    );
    bar.finish_and_clear();
    summary
}

/// `arena merge`: the shard files put together, reported and written as the whole match.
fn merge_command(paths: &[PathBuf], records: Option<PathBuf>) -> Result<(), String> {
    let merged = merge::merge(paths).map_err(|e| e.to_string())?;
    let info = &merged.info;
    println!("{}", heading(info));
    let path = records.unwrap_or_else(|| default_records(&info.game));
    let mut files = RecordFiles::create(&path, &info.game, &info.options)?;
    let summary = write_merged(&merged, &mut files)?;
    print!("{}", report(&summary, [&info.a, &info.b]));
    println!("records: {}", files.dir.display());
    Ok(())
}

/// Adds up the merged games in order and writes their records, as the whole match does.
fn write_merged(merged: &merge::Merged, files: &mut RecordFiles) -> Result<Summary, String> {
    let mut summary = Summary::default();
    for report in &merged.reports {
        summary.add(report);
        files.write(report, [&merged.info.a, &merged.info.b])?;
    }
    Ok(summary)
}

/// The match's first line: the game (with its options, if any), the players, the openings.
fn heading(info: &MatchInfo) -> String {
    let openings = match info.openings.len() {
        0 => "none".to_owned(),
        n => format!("{n} ({})", info.openings_source),
    };
    let options = match &info.options {
        Value::Object(map) if map.is_empty() => String::new(),
        Value::Null => String::new(),
        options => format!(" {options}"),
    };
    format!(
        "{}{options}: {} games, A = {}, B = {}, openings {openings}, seed {}",
        info.game, info.games, info.a, info.b, info.seed
    )
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

/// The match's report: result, Elo with its interval, results by colour, and each player's
/// time and search figures.
fn report(summary: &Summary, names: [&str; 2]) -> String {
    let t = summary.total;
    let mut text = format!(
        "A {}: {} wins, {} draws, {} losses in {} games ({:.1} points)\n",
        names[0],
        t.wins,
        t.draws,
        t.losses,
        t.games(),
        t.points()
    );
    if let Some(e) = elo::estimate(&t) {
        text.push_str(&format!("A - B: {}\n", elo::describe(&e)));
    }
    let (f, s) = (summary.a_first, summary.a_second);
    text.push_str(&format!(
        "A moving first: {}-{}-{}; A moving second: {}-{}-{} (W-D-L)\n",
        f.wins, f.draws, f.losses, s.wins, s.draws, s.losses
    ));
    text.push_str(&format!(
        "{:<28} {:>7} {:>11} {:>10}  reached\n",
        "player", "moves", "mean/move", "longest"
    ));
    for (label, (name, stats)) in ["A", "B"].iter().zip(names.iter().zip(&summary.stats)) {
        text.push_str(&side_line(&format!("{label} {name}"), stats));
    }
    if summary.capped > 0 || summary.forfeits > 0 {
        text.push_str(&format!(
            "games drawn at the ply cap: {}; lost by forfeit: {}\n",
            summary.capped, summary.forfeits
        ));
    }
    text
}

fn side_line(name: &str, stats: &SideStats) -> String {
    let mean = |(sum, count): (u64, u64)| (count > 0).then(|| sum as f64 / count as f64);
    let reached = match (mean(stats.depth), mean(stats.simulations)) {
        (Some(d), _) => format!("depth {d:.1}"),
        (None, Some(s)) => format!("{s:.0} simulations"),
        (None, None) => "-".to_owned(),
    };
    format!(
        "{name:<28} {:>7} {:>8.2} ms {:>7.2} ms  {reached}\n",
        stats.moves,
        stats.mean_time().as_secs_f64() * 1e3,
        stats.longest.as_secs_f64() * 1e3,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::matches::{Outcome, Reason};
    use boardgames_core::Player;

    fn spec(text: &str) -> Spec {
        text.parse().unwrap()
    }

    fn config(games: usize, openings: Vec<Vec<String>>) -> MatchConfig {
        MatchConfig {
            games,
            seed: 3,
            max_plies: 1000,
            openings,
            clock: Clock::Wall,
        }
    }

    /// Random against the perfect expert: the expert never loses, colours alternate, and each
    /// written record replays through the referee to the result the arena scored.
    #[test]
    fn tiny_tictactoe_match_and_its_records() {
        let dir = std::env::temp_dir().join(format!("arena-test-{}", std::process::id()));
        let game = games::TicTacToe;
        let mut files = RecordFiles::create(&dir, game.name(), &game.options()).unwrap();
        let mut seen = Vec::new();
        let summary = duel::run(
            &game,
            [&spec("random"), &spec("expert")],
            &config(6, records::builtin_openings(&game)),
            0..6,
            &mut |report, _| {
                seen.push((report.a_first, report.opening, report.winner()));
                files.write(report, ["random", "expert"])
            },
        )
        .unwrap();
        assert_eq!(summary.total.games(), 6);
        assert_eq!(summary.total.wins, 0, "random beat the perfect player");
        assert_eq!(summary.a_first.games(), 3);
        let firsts: Vec<bool> = seen.iter().map(|s| s.0).collect();
        assert_eq!(firsts, [true, false, true, false, true, false]);
        let openings: Vec<Option<usize>> = seen.iter().map(|s| s.1).collect();
        assert_eq!(
            openings,
            [Some(0), Some(0), Some(1), Some(1), Some(2), Some(2)]
        );
        let lines = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
        assert_eq!(lines.lines().count(), 6);
        for (index, (line, (a_first, _, winner))) in lines.lines().zip(&seen).enumerate() {
            let expected = match winner {
                Some(Player::First) => "first",
                Some(Player::Second) => "second",
                None => "draw",
            };
            let state = boardgames_referee::answer(line);
            assert_eq!(state["status"], expected, "{line} -> {state}");
            let text = std::fs::read_to_string(files.record_path(index)).unwrap();
            let first = if *a_first { "random" } else { "expert" };
            assert!(text.contains(&format!("[First \"{first}\"]")), "{text}");
            assert!(text.contains("[%emt "), "{text}");
            let request = serde_json::json!({ "op": "record", "game": "tictactoe", "text": text });
            let replayed = boardgames_referee::answer(&request.to_string());
            assert_eq!(replayed["status"], expected, "{text} -> {replayed}");
        }
        let csv = std::fs::read_to_string(dir.join("results.csv")).unwrap();
        assert_eq!(csv.lines().count(), 7);
        assert!(csv
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("1,random,expert,1,"));
        std::fs::remove_dir_all(dir).ok();
    }

    /// MCTS and alpha-beta in a short ultimate match: nobody forfeits (no illegal move), the
    /// reports carry their simulations and depths.
    #[test]
    fn tiny_ultimate_match_with_searchers() {
        let game = games::Ultimate;
        let summary = duel::run(
            &game,
            [&spec("mcts:sims=60"), &spec("ab:depth=2")],
            &config(2, records::builtin_openings(&game)),
            0..2,
            &mut |_, _| Ok(()),
        )
        .unwrap();
        assert_eq!(summary.forfeits, 0);
        assert_eq!(summary.total.games(), 2);
        let [a, b] = summary.stats;
        // At most 60 simulations a move: fewer once the solver proves the position.
        assert_eq!(a.simulations.1, a.moves);
        assert!(a.simulations.0 <= 60 * a.moves && a.simulations.0 > a.moves);
        assert_eq!(b.depth, (2 * b.moves, b.moves));
        assert_eq!(a.depth.1 + b.simulations.1, 0);
    }

    #[test]
    fn the_heading_shows_options_only_when_there_are_some() {
        let (a, b) = (spec("random"), spec("ab:depth=2"));
        let config = config(4, Vec::new());
        let info = match_info(&games::Ultimate, [&a, &b], &config, "none");
        assert_eq!(
            heading(&info),
            "ultimate: 4 games, A = random, B = ab:depth=2, openings none, seed 3"
        );
        let gomoku = games::Gomoku::new(9, "renju").unwrap();
        let config = MatchConfig {
            openings: records::builtin_openings(&gomoku),
            ..config
        };
        let info = match_info(&gomoku, [&a, &b], &config, "builtin");
        assert_eq!(
            heading(&info),
            "gomoku {\"rule\":\"renju\",\"size\":9}: 4 games, A = random, B = ab:depth=2, \
             openings 10 (builtin), seed 3"
        );
    }

    #[test]
    fn builtin_openings_are_legal_and_unfinished() {
        fn check<G: ArenaGame>(game: &G) {
            let list = records::builtin_openings(game);
            assert!(list.len() >= 8, "{}", game.name());
            for moves in &list {
                records::check_opening(game, moves).unwrap();
            }
        }
        check(&games::TicTacToe);
        check(&games::Ultimate);
        check(&games::Morris { quiet_moves: 50 });
        for size in [7, 9, 15, 20] {
            check(&games::Gomoku::new(size, "freestyle").unwrap());
        }
    }

    #[test]
    fn openings_files_are_checked() {
        let game = games::Ultimate;
        let text = "# two openings\n55 51\n\n  11, 19  # corner\n";
        let list = records::parse_openings(&game, text).unwrap();
        assert_eq!(list, [vec!["55", "51"], vec!["11", "19"]]);
        let err = records::parse_openings(&game, "55 51\n55 55\n").unwrap_err();
        assert!(err.starts_with("line 2: move 1"), "{err}");
        assert_eq!(
            records::parse_openings(&game, "# nothing\n").unwrap_err(),
            "no opening in the file"
        );
        let ttt = games::TicTacToe;
        let err = records::parse_openings(&ttt, "a1 b1 a2 b2 a3").unwrap_err();
        assert!(err.contains("the game is over"), "{err}");
        assert!(games::Gomoku::new(4, "caro").is_err());
        assert!(games::Gomoku::new(15, "chess").is_err());
    }

    #[test]
    fn a_forfeit_is_a_loss_and_the_cap_a_draw() {
        let game = games::TicTacToe;
        let capped = duel::run(
            &game,
            [&spec("random"), &spec("random")],
            &MatchConfig {
                games: 2,
                seed: 1,
                max_plies: 3,
                openings: Vec::new(),
                clock: Clock::Wall,
            },
            0..2,
            &mut |report, _| {
                assert_eq!(report.moves.len(), 3);
                assert_eq!(report.result_text(), "draw (ply cap)");
                assert!(report
                    .record
                    .contains("[Termination \"ply cap, scored a draw\"]"));
                Ok(())
            },
        )
        .unwrap();
        assert_eq!((capped.capped, capped.total.draws), (2, 2));
        let report = duel::GameReport {
            index: 0,
            a_first: false,
            opening: None,
            moves: Vec::new(),
            record: String::new(),
            ending: duel::Ending::Forfeit(Player::First, "no move".into()),
            stats: Default::default(),
        };
        assert_eq!(report.winner(), Some(Player::Second));
        assert_eq!(report.result_text(), "second won (forfeit: no move)");
        let won = duel::GameReport {
            ending: duel::Ending::Rules(Outcome::win(Player::First, Reason::Line)),
            ..report
        };
        assert_eq!(won.result_text(), "first won (line)");
    }
}
