//! The library as other programs call it: checked match specs, shards through JSON, merge in
//! memory, and self-play.

use boardgames_arena::{
    merge, play_shard, self_play, ArenaError, Clock, GameSpec, MatchSpec, MergeError, Openings,
    ResultEntry, SelfPlaySpec, Shard, ShardError, ShardFile, SpecError,
};
use boardgames_core::Player;

fn tictactoe(a: &str, b: &str, games: usize) -> MatchSpec {
    MatchSpec {
        games,
        ..MatchSpec::new(GameSpec::TicTacToe, a, b)
    }
}

fn error(spec: &MatchSpec) -> ArenaError {
    play_shard(spec, Shard::WHOLE, |_| Ok(())).unwrap_err()
}

#[test]
fn bad_specs_are_typed_errors() {
    let good = tictactoe("random", "expert", 2);
    assert!(good.info().is_ok());
    let bad_b = MatchSpec {
        player_b: "ab:sims=5".to_owned(),
        ..good.clone()
    };
    assert!(matches!(
        error(&bad_b),
        ArenaError::Player {
            side: 'B',
            error: SpecError::UnknownKey { .. }
        }
    ));
    assert_eq!(
        bad_b.info().unwrap_err().to_string(),
        "player B: ab takes no setting \"sims\": depth, nodes, time, threads, db, eval"
    );
    let no_limit = MatchSpec {
        player_a: "mcts:c=1".to_owned(),
        ..good.clone()
    };
    assert!(matches!(
        error(&no_limit),
        ArenaError::Player { side: 'A', .. }
    ));
    for games in [0, boardgames_arena::MAX_GAMES + 1] {
        let spec = MatchSpec {
            games,
            ..good.clone()
        };
        assert_eq!(error(&spec), ArenaError::Games(games));
    }
    let rule = |size, rule: &str| MatchSpec {
        game: GameSpec::Gomoku {
            size,
            rule: rule.to_owned(),
        },
        ..good.clone()
    };
    assert!(matches!(error(&rule(15, "chess")), ArenaError::Game(e) if e.contains("chess")));
    assert!(matches!(error(&rule(4, "caro")), ArenaError::Game(_)));
    let morris = MatchSpec {
        game: GameSpec::Morris { quiet_moves: 0 },
        ..good.clone()
    };
    assert!(matches!(error(&morris), ArenaError::Game(_)));
    assert_eq!(
        GameSpec::from_name("chess"),
        Err(ArenaError::UnknownGame("chess".to_owned()))
    );
    assert_eq!(
        GameSpec::from_name(" Morris "),
        Ok(GameSpec::Morris { quiet_moves: 50 })
    );
}

#[test]
fn openings_and_shards_are_checked() {
    let mut spec = tictactoe("random", "random", 4);
    spec.openings = Openings::Text {
        origin: "mine.txt".to_owned(),
        text: "b2 a1\nb2 b2\n".to_owned(),
    };
    let err = error(&spec).to_string();
    assert!(err.starts_with("openings mine.txt: line 2: move "), "{err}");
    spec.openings = Openings::Text {
        origin: "mine.txt".to_owned(),
        text: "# a1, c3\na1 c3\n".to_owned(),
    };
    let info = spec.info().unwrap();
    assert_eq!(info.openings, [vec!["a1", "c3"]]);
    assert_eq!(info.openings_source, "mine.txt");
    let file = play_shard(&spec, Shard::WHOLE, |_| Ok(())).unwrap();
    assert!(file.games.iter().all(|g| g.moves[..2] == ["a1", "c3"]));
    // Shard's fields are public: one built by hand is checked too.
    for (index, count) in [(2, 2), (0, 0)] {
        let shard = Shard { index, count };
        let err = play_shard(&spec, shard, |_| Ok(())).unwrap_err();
        assert!(matches!(err, ArenaError::Shard(_)), "{err}");
    }
    assert_eq!("1/0".parse::<Shard>(), Err(ShardError::NoShards(1)));
}

/// The progress function sees every game in order, and its error stops the shard.
#[test]
fn progress_reports_each_game_and_can_stop() {
    let spec = tictactoe("random", "expert", 6);
    let mut seen = Vec::new();
    let file = play_shard(&spec, Shard::new(1, 2).unwrap(), |p| {
        seen.push((p.game.index, p.done, p.total, p.tally.games()));
        Ok(())
    })
    .unwrap();
    assert_eq!(seen, [(3, 1, 3, 1), (4, 2, 3, 2), (5, 3, 3, 3)]);
    assert_eq!(file.report().summary.total.games(), 3);
    let err = play_shard(&spec, Shard::WHOLE, |p| {
        if p.done == 2 {
            Err("disk full".to_owned())
        } else {
            Ok(())
        }
    })
    .unwrap_err();
    assert_eq!(err, ArenaError::Stopped("disk full".to_owned()));
}

/// Shards sent as JSON merge in memory; their errors name the shards by position.
#[test]
fn shards_through_json_merge_in_memory() {
    let mut spec = tictactoe("beginner", "ab:depth=2", 5);
    spec.clock = Clock::Fixed(std::time::Duration::from_millis(2));
    let whole = merge(&[play_shard(&spec, Shard::WHOLE, |_| Ok(())).unwrap()]).unwrap();
    let parts: Vec<ShardFile> = (0..3)
        .map(|i| play_shard(&spec, Shard::new(i, 3).unwrap(), |_| Ok(())).unwrap())
        .map(|f| ShardFile::from_json(&f.to_json().unwrap()).unwrap())
        .collect();
    let merged = merge(&[parts[2].clone(), parts[0].clone(), parts[1].clone()]).unwrap();
    assert_eq!(merged, whole);
    assert_eq!(merged.to_string(), whole.to_string());
    assert_eq!(merged.records().count(), 5);
    assert!(merged.records().all(|r| r.contains("[%emt 0.002]")));
    let estimate = merged.estimate().unwrap();
    assert!(
        estimate.score_interval.0 <= estimate.score && estimate.score <= estimate.score_interval.1
    );
    assert_eq!(merge(&[]).unwrap_err(), MergeError::NoFiles);
    let err = merge(&[parts[0].clone(), parts[0].clone()]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "shard file 2: shard 0/3 again (also in shard file 1)"
    );
    let mut damaged = parts[1].clone();
    damaged.games.pop();
    let err = merge(&[parts[0].clone(), damaged, parts[2].clone()]).unwrap_err();
    assert!(matches!(err, MergeError::Inconsistent { ref file, .. } if file == "shard file 2"));
    assert!(matches!(
        ShardFile::from_json("{\"format\": 1}"),
        Err(MergeError::Corrupt { .. })
    ));
}

fn ultimate_self_play(games: usize) -> SelfPlaySpec {
    SelfPlaySpec {
        seed: 5,
        ..SelfPlaySpec::new(GameSpec::Ultimate, "mcts:sims=30", games)
    }
}

/// Self-play shards put end to end are the whole run; the same seed plays the same games.
#[test]
fn self_play_shards_concatenate_to_the_whole_run() {
    let spec = ultimate_self_play(5);
    let whole = self_play(&spec, Shard::WHOLE).unwrap();
    assert_eq!(whole.len(), 5);
    assert_eq!(self_play(&spec, Shard::WHOLE).unwrap(), whole);
    for count in [2, 3, 7] {
        let mut joined = Vec::new();
        for index in 0..count {
            joined.extend(self_play(&spec, Shard::new(index, count).unwrap()).unwrap());
        }
        assert_eq!(joined, whole, "{count} shards");
    }
    let openings = spec_openings(&spec);
    for (k, game) in whole.iter().enumerate() {
        assert_eq!((game.index, game.opening), (k, Some(k / 2)));
        let opening = &openings[k / 2];
        assert_eq!(game.opening_plies, opening.len());
        assert_eq!(&game.moves[..opening.len()], &opening[..]);
        assert!(!game.record.contains("[%emt"), "{}", game.record);
        assert!(game.record.contains(&game.moves[game.moves.len() - 1]));
        assert!(
            matches!(game.result, ResultEntry::Rules { .. }),
            "{:?}",
            game.result
        );
    }
    // A sweep of random games: a winner exactly when the result names one.
    let random = SelfPlaySpec::new(GameSpec::TicTacToe, "random", 8);
    for game in self_play(&random, Shard::WHOLE).unwrap() {
        let named = game
            .record
            .contains("[Result \"1-0\"]")
            .then_some(Player::First);
        let named = named.or(game
            .record
            .contains("[Result \"0-1\"]")
            .then_some(Player::Second));
        assert_eq!(game.winner(), named, "{}", game.record);
    }
}

/// The built-in openings of a self-play run, as the match reports them.
fn spec_openings(spec: &SelfPlaySpec) -> Vec<Vec<String>> {
    MatchSpec::new(spec.game.clone(), &spec.player, &spec.player)
        .info()
        .unwrap()
        .openings
}

#[test]
fn self_play_seeds_and_errors() {
    let spec = |seed| SelfPlaySpec {
        seed,
        openings: Openings::None,
        ..SelfPlaySpec::new(GameSpec::TicTacToe, "random", 6)
    };
    let moves = |seed| -> Vec<Vec<String>> {
        let games = self_play(&spec(seed), Shard::WHOLE).unwrap();
        games.into_iter().map(|g| g.moves).collect()
    };
    assert_eq!(moves(1), moves(1));
    assert_ne!(moves(1), moves(2));
    let bad = SelfPlaySpec {
        player: "grandmaster".to_owned(),
        ..spec(1)
    };
    let err = self_play(&bad, Shard::WHOLE).unwrap_err();
    assert!(matches!(
        err,
        ArenaError::Player {
            side: 'A',
            error: SpecError::UnknownPlayer(_)
        }
    ));
    let none = SelfPlaySpec {
        games: 0,
        ..spec(1)
    };
    assert_eq!(
        self_play(&none, Shard::WHOLE).unwrap_err(),
        ArenaError::Games(0)
    );
    let empty = self_play(&spec(1), Shard::new(0, 10).unwrap()).unwrap();
    assert!(empty.is_empty());
}
