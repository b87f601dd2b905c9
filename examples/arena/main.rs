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

mod duel;
mod elo;
mod games;
mod players;
mod records;
mod spec;

use clap::{Parser, ValueEnum};
use duel::{MatchConfig, SideStats, Summary};
use games::ArenaGame;
use indicatif::{ProgressBar, ProgressStyle};
use records::RecordFiles;
use spec::Spec;
use std::path::PathBuf;

/// The games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameName {
    Tictactoe,
    Ultimate,
    Gomoku,
    Morris,
}

/// Plays N games between two players and reports the score with its Elo interval.
#[derive(Parser, Debug)]
#[command(name = "arena", version)]
struct Cli {
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
    /// [default: target/arena/GAME-SECONDS].
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
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
    let outcome = match cli.game {
        GameName::Tictactoe => arena(&games::TicTacToe, &cli),
        GameName::Ultimate => arena(&games::Ultimate, &cli),
        GameName::Gomoku => games::Gomoku::new(cli.size, &cli.rule).and_then(|g| arena(&g, &cli)),
        GameName::Morris => arena(
            &games::Morris {
                quiet_moves: cli.quiet_moves,
            },
            &cli,
        ),
    };
    if let Err(message) = outcome {
        eprintln!("error: {message}");
        std::process::exit(2);
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

/// Runs the match and prints the report.
fn arena<G: ArenaGame>(game: &G, cli: &Cli) -> Result<(), String> {
    let config = MatchConfig {
        games: cli.games as usize,
        seed: cli.seed,
        max_plies: cli.max_plies,
        openings: openings(game, &cli.openings)?,
    };
    let path = cli
        .records
        .clone()
        .unwrap_or_else(|| default_records(game.name()));
    let mut files = RecordFiles::create(&path)?;
    println!("{}", heading(game, cli, &config));
    let bar = progress_bar(cli);
    let names = [cli.a.text.as_str(), cli.b.text.as_str()];
    let summary = duel::run(game, [&cli.a, &cli.b], &config, &mut |report, summary| {
        bar.inc(1);
        let t = summary.total;
        bar.set_message(format!("A {}-{}-{}", t.wins, t.draws, t.losses));
        files.write(game, report, names)
    });
    bar.finish_and_clear();
    let summary = summary?;
    print!("{}", report(&summary, names));
    println!("records: {}", files.dir.display());
    Ok(())
}

fn heading<G: ArenaGame>(game: &G, cli: &Cli, config: &MatchConfig) -> String {
    let openings = match config.openings.len() {
        0 => "none".to_owned(),
        n => format!("{n} ({})", cli.openings),
    };
    format!(
        "{} {}: {} games, A = {}, B = {}, openings {openings}, seed {}",
        game.name(),
        game.options(),
        config.games,
        cli.a.text,
        cli.b.text,
        config.seed
    )
}

fn progress_bar(cli: &Cli) -> ProgressBar {
    if cli.no_progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(u64::from(cli.games));
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
        }
    }

    /// Random against the perfect expert: the expert never loses, colours alternate, and each
    /// written record replays through the referee to the result the arena scored.
    #[test]
    fn tiny_tictactoe_match_and_its_records() {
        let dir = std::env::temp_dir().join(format!("arena-test-{}", std::process::id()));
        let mut files = RecordFiles::create(&dir).unwrap();
        let game = games::TicTacToe;
        let mut seen = Vec::new();
        let summary = duel::run(
            &game,
            [&spec("random"), &spec("expert")],
            &config(6, records::builtin_openings(&game)),
            &mut |report, _| {
                seen.push((report.a_first, report.opening, report.winner()));
                files.write(&game, report, ["random", "expert"])
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
            },
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
