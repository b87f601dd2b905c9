//! The learned ultimate player: a usable weights file plays MCTS guided by it; a missing,
//! corrupt or mismatched one is a typed error naming it, and the alpha-beta expert plays.

use boardgames_core::Game;
use boardgames_players::net::{Network, WeightsErrorKind};
use boardgames_players::ultimate::learned::{checked_in, load_network, WEIGHTS_NAME};
use boardgames_players::ultimate::{LearnedPlayer, Level, UltimatePlayer};
use boardgames_players::ComputerPlayer;
use boardgames_search::Limits;
use boardgames_ultimate::Position;
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("learned-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_usable_network_plays_legal_moves() {
    let path = temp("ok.bgnn");
    let net = Network::zeros("ultimate", [7, 9, 9], 81, &[16, 8]).unwrap();
    std::fs::write(&path, net.to_bytes()).unwrap();
    let mut player = LearnedPlayer::from_file(&path, Limits::simulations(200), 3);
    assert!(player.is_learned() && player.error().is_none());
    assert_eq!(player.name(), "learned mcts 200 sims");
    let mut position = Position::new();
    for _ in 0..6 {
        let mv = player.choose_move(&position).unwrap();
        position.play(mv).unwrap();
    }
    assert_eq!(load_network(&path).unwrap().widths(), [16, 8]);
}

#[test]
fn an_unusable_file_is_named_and_the_expert_plays() {
    let tictactoe = temp("tictactoe.bgnn");
    let net = Network::zeros("tictactoe", [3, 3, 3], 9, &[4]).unwrap();
    std::fs::write(&tictactoe, net.to_bytes()).unwrap();
    let corrupt = temp("corrupt.bgnn");
    std::fs::write(&corrupt, b"BGNN not really a network").unwrap();
    let missing = temp("missing.bgnn");
    let cases = [
        (&tictactoe, "mismatched"),
        (&corrupt, "corrupt"),
        (&missing, "missing"),
    ];
    let start = Position::new();
    for (path, kind) in cases {
        let mut player = LearnedPlayer::from_file(path, Limits::simulations(100), 5);
        assert!(!player.is_learned());
        let error = player.error().unwrap().to_string();
        assert!(
            error.contains(&path.display().to_string()) && error.contains(kind),
            "{error}"
        );
        let expected = UltimatePlayer::alpha_beta(Level::Expert, 5).choose_move(&start);
        assert_eq!(player.choose_move(&start), expected);
        assert_eq!(player.name(), "expert");
    }
    assert!(matches!(
        load_network(&missing).unwrap_err().kind,
        WeightsErrorKind::Missing
    ));
}

#[test]
fn the_checked_in_network_reads_and_plays() {
    let net = checked_in().unwrap();
    assert_eq!(net.game(), "ultimate");
    let mut player = LearnedPlayer::new(Ok(net), WEIGHTS_NAME, Limits::simulations(100), 1);
    assert!(player.is_learned());
    let start = Position::new();
    assert!(start.is_legal(player.choose_move(&start).unwrap()));
}

#[test]
fn the_expert_searches_with_the_checked_in_network() {
    let expert = UltimatePlayer::new(Level::Expert, 2);
    assert!(expert.is_learned() && expert.error().is_none());
    assert_eq!(expert.name(), "expert");
    assert!(!UltimatePlayer::alpha_beta(Level::Expert, 2).is_learned());
    assert!(!UltimatePlayer::new(Level::Normal, 2).is_learned());
    // Within smaller limits it still plays whole games of legal moves, the same for a seed.
    let small =
        |seed| UltimatePlayer::new(Level::Expert, seed).with_limits(Limits::simulations(300));
    let (mut a, mut b) = (small(4), small(4));
    let mut position = Position::new();
    while !position.status().is_over() {
        let mv = a.choose_move(&position).unwrap();
        assert_eq!(b.choose_move(&position), Some(mv));
        position.play(mv).unwrap();
    }
    assert_eq!(a.choose_move(&position), None);
}
