//! The ultimate levels: legal moves only, repeatable for a seed, and stronger levels beat
//! weaker ones.

use boardgames_core::{random_position, Game, Player, Rng, Status};
use boardgames_players::ultimate::{Level, UltimatePlayer};
use boardgames_players::ComputerPlayer;
use boardgames_search::Limits;
use boardgames_ultimate::Position;
use std::collections::HashSet;

/// Plays one game; returns the status and the number of moves.
fn play(first: &mut UltimatePlayer, second: &mut UltimatePlayer) -> (Status, usize) {
    let mut pos = Position::new();
    let mut plies = 0;
    while !pos.status().is_over() {
        let player = match pos.side_to_move() {
            Player::First => &mut *first,
            Player::Second => &mut *second,
        };
        let mv = player.choose_move(&pos).expect("a move in a live game");
        pos.play(mv).expect("a legal move");
        plies += 1;
    }
    assert_eq!(
        first.choose_move(&pos),
        None,
        "no move once the game is over"
    );
    (pos.status(), plies)
}

/// Games between `strong` and `weak` (made by the closures from a seed), alternating who
/// moves first; returns the strong side's wins, draws and losses.
fn match_up(
    games: u64,
    strong: impl Fn(u64) -> UltimatePlayer,
    weak: impl Fn(u64) -> UltimatePlayer,
) -> (u32, u32, u32) {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game in 0..games {
        let (mut s, mut w) = (strong(game), weak(game + 1_000));
        let (status, _) = if game % 2 == 0 {
            play(&mut s, &mut w)
        } else {
            play(&mut w, &mut s)
        };
        let strong_side = if game % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        match status {
            Status::Won(p) if p == strong_side => wins += 1,
            Status::Won(_) => losses += 1,
            _ => draws += 1,
        }
    }
    (wins, draws, losses)
}

/// The expert with a small node budget, affordable in a debug build.
fn small_expert(seed: u64) -> UltimatePlayer {
    UltimatePlayer::new(Level::Expert, seed).with_limits(Limits::none().with_nodes(3_000))
}

#[test]
fn every_level_plays_legal_moves_in_random_positions() {
    let mut rng = Rng::new(11);
    let mut players = [
        UltimatePlayer::new(Level::Beginner, 1),
        UltimatePlayer::new(Level::Normal, 2),
        small_expert(3),
    ];
    for game in 0..6 {
        let pos = random_position(Position::new(), 10 + 10 * game, &mut rng);
        for player in &mut players {
            let choice = player.choose_move(&pos);
            if pos.status().is_over() {
                assert_eq!(choice, None);
            } else {
                let mv = choice.expect("a move");
                assert!(pos.is_legal(mv), "{} played {mv} in\n{pos}", player.name());
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_move() {
    let mut pos = Position::new();
    for mv in ["55", "51", "13"] {
        pos.play(mv.parse().unwrap()).unwrap();
    }
    for level in Level::ALL {
        let a = UltimatePlayer::new(level, 9).choose_move(&pos);
        // A player that has already played other positions still answers the same.
        let mut b = UltimatePlayer::new(level, 9);
        let _ = b.choose_move(&Position::new());
        assert_eq!(a, b.choose_move(&pos), "{level:?}");
    }
}

#[test]
fn the_beginner_varies_with_the_seed() {
    let pos = Position::new();
    let moves: HashSet<_> = (0..100)
        .filter_map(|seed| UltimatePlayer::new(Level::Beginner, seed).choose_move(&pos))
        .collect();
    assert!(
        moves.len() > 40,
        "only {} different first moves",
        moves.len()
    );
}

#[test]
fn level_names_round_trip() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
        assert_eq!(UltimatePlayer::new(level, 0).name(), level.name());
    }
    assert_eq!("Expert".parse::<Level>(), Ok(Level::Expert));
    let err = "grandmaster".parse::<Level>().unwrap_err();
    assert!(err.to_string().contains("beginner, normal or expert"));
}

#[test]
fn a_small_expert_beats_the_beginner() {
    let (wins, draws, losses) =
        match_up(8, small_expert, |s| UltimatePlayer::new(Level::Beginner, s));
    assert!(
        wins >= 7,
        "expert: {wins} wins, {draws} draws, {losses} losses"
    );
}

#[test]
fn normal_beats_the_beginner() {
    let (wins, draws, losses) = match_up(
        8,
        |s| UltimatePlayer::new(Level::Normal, s),
        |s| UltimatePlayer::new(Level::Beginner, s),
    );
    assert!(
        wins >= 6,
        "normal: {wins} wins, {draws} draws, {losses} losses"
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
fn the_expert_beats_the_beginner_and_the_normal_level() {
    let expert = |s| UltimatePlayer::new(Level::Expert, s);
    let (wins, draws, losses) = match_up(6, expert, |s| UltimatePlayer::new(Level::Beginner, s));
    assert_eq!(
        wins, 6,
        "vs beginner: {wins} wins, {draws} draws, {losses} losses"
    );
    let (wins, draws, losses) = match_up(6, expert, |s| UltimatePlayer::new(Level::Normal, s));
    assert!(
        wins >= 4 && losses == 0,
        "vs normal: {wins} wins, {draws} draws, {losses} losses"
    );
}
