//! The match loop, its records, headings, openings and endings.

use crate::duel::{self, Clock, MatchConfig};
use crate::games::{self, ArenaGame};
use crate::records::{self, RecordFolder};
use crate::results;
use crate::{GameEntry, GameSpec, MatchSpec, Openings, PlayerSpec};
use boardgames_core::matches::{Outcome, Reason};
use boardgames_core::Player;

fn spec(text: &str) -> PlayerSpec {
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
    let mut files = RecordFolder::create(&dir, game.name(), &game.options()).unwrap();
    let mut seen = Vec::new();
    let summary = duel::run(
        &game,
        [&spec("random"), &spec("expert")],
        &config(6, records::builtin_openings(&game)),
        0..6,
        &mut |report, _| {
            seen.push((report.a_first, report.opening, report.winner()));
            files
                .write(&GameEntry::from(report), ["random", "expert"])
                .map_err(|e| e.to_string())
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
    let mut spec = MatchSpec::new(GameSpec::Ultimate, "random", "ab:depth=2");
    spec.games = 4;
    spec.seed = 3;
    spec.openings = Openings::None;
    assert_eq!(
        spec.info().unwrap().to_string(),
        "ultimate: 4 games, A = random, B = ab:depth=2, openings none, seed 3"
    );
    spec.game = GameSpec::Gomoku {
        size: 9,
        rule: "renju".to_owned(),
    };
    spec.openings = Openings::Builtin;
    assert_eq!(
        spec.info().unwrap().to_string(),
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
    let report = results::GameReport {
        index: 0,
        a_first: false,
        opening: None,
        moves: Vec::new(),
        record: String::new(),
        ending: results::Ending::Forfeit(Player::First, "no move".into()),
        stats: Default::default(),
    };
    assert_eq!(report.winner(), Some(Player::Second));
    assert_eq!(report.result_text(), "second won (forfeit: no move)");
    let won = results::GameReport {
        ending: results::Ending::Rules(Outcome::win(Player::First, Reason::Line)),
        ..report
    };
    assert_eq!(won.result_text(), "first won (line)");
}

/// Plays `games` games of `a` against random, without openings; errors as text.
fn against_random<G: ArenaGame>(game: &G, a: &PlayerSpec, games: usize) -> Result<u32, String> {
    let summary = duel::run(
        game,
        [a, &spec("random")],
        &config(games, vec![]),
        0..games,
        &mut |_, _| Ok(()),
    );
    summary.map(|s| s.total.games()).map_err(|e| e.to_string())
}

/// A network-guided MCTS plays from a weights file; a missing, mismatched or unsupported one
/// is an error naming the file or the game.
#[test]
fn network_players_load_their_weights_or_say_why_not() {
    use boardgames_players::net::Network;
    let dir = std::env::temp_dir().join(format!("arena-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("TicTacToe.bgnn");
    let net = Network::zeros("tictactoe", [3, 3, 3], 9, &[8]).unwrap();
    std::fs::write(&path, net.to_bytes()).unwrap();
    let player = spec(&format!("mcts:sims=50,net={}", path.display()));
    assert_eq!(against_random(&games::TicTacToe, &player, 2), Ok(2));
    let delayed = spec(&format!(
        "mcts:sims=50,net={},mix=1,expand=4",
        path.display()
    ));
    assert_eq!(against_random(&games::TicTacToe, &delayed, 2), Ok(2));
    let error = against_random(&games::Ultimate, &player, 1).unwrap_err();
    assert!(
        error.contains("TicTacToe.bgnn") && error.contains("mismatched"),
        "{error}"
    );
    let missing = spec("mcts:sims=50,net=/no/such/file.bgnn");
    let error = against_random(&games::TicTacToe, &missing, 1).unwrap_err();
    assert!(error.contains("/no/such/file.bgnn: missing"), "{error}");
    let morris = games::Morris { quiet_moves: 50 };
    let error = against_random(&morris, &player, 1).unwrap_err();
    assert!(error.contains("no network player for morris"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Decisive playouts play ultimate, alone or under a network, and are refused elsewhere.
#[test]
fn decisive_playouts_are_for_ultimate() {
    use boardgames_players::net::Network;
    let dir = std::env::temp_dir().join(format!("arena-playout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("u.bgnn");
    let net = Network::zeros("ultimate", [7, 9, 9], 81, &[8]).unwrap();
    std::fs::write(&path, net.to_bytes()).unwrap();
    let alone = spec("mcts:sims=50,playout=boards");
    assert_eq!(against_random(&games::Ultimate, &alone, 2), Ok(2));
    let guided = spec(&format!(
        "mcts:sims=50,net={},mix=1,ptemp=1.5,playout=decisive",
        path.display()
    ));
    assert_eq!(against_random(&games::Ultimate, &guided, 2), Ok(2));
    let error = against_random(&games::TicTacToe, &alone, 1).unwrap_err();
    assert!(error.contains("playout=boards is for ultimate"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn morris_evaluation_weights_are_chosen_or_refused() {
    let morris = games::Morris { quiet_moves: 50 };
    for eval in ["hand", "fitted"] {
        let player = spec(&format!("ab:depth=1,eval={eval}"));
        assert!(against_random(&morris, &player, 1).is_ok());
    }
    let dir = std::env::temp_dir().join(format!("arena-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("Weights.txt");
    let weights = boardgames_players::morris::FittedWeights::new([[[1; 14]; 2]; 2]);
    std::fs::write(&path, weights.to_text(&[])).unwrap();
    let player = spec(&format!("ab:depth=1,eval={}", path.display()));
    assert!(against_random(&morris, &player, 1).is_ok());
    std::fs::write(&path, "boardgames-morris-eval 9\n").unwrap();
    let error = against_random(&morris, &player, 1).unwrap_err();
    assert!(
        error.contains("Weights.txt: weights file version 9"),
        "{error}"
    );
    let error = against_random(&games::TicTacToe, &spec("ab:depth=1,eval=hand"), 1).unwrap_err();
    assert!(error.contains("eval= is for morris"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}
