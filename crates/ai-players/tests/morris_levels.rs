//! The morris levels: legal moves in every phase, the same move for the same seed, and the
//! stronger level winning.

use boardgames_core::{Game, Player, Status};
use boardgames_morris::{Move, Phase, Position};
use boardgames_players::morris::{Level, MorrisPlayer};
use boardgames_players::ComputerPlayer;
use boardgames_search::Limits;

/// The longest game played to a result (morris has no length limit without a draw rule).
const MAX_PLIES: usize = 300;

/// What one game showed.
struct Played {
    status: Status,
    moves: Vec<Move>,
    phases_seen: [bool; 3],
}

/// Plays `white` against `black` for at most `max_plies` plies, every move through the
/// checked `play`.
fn play_game(white: &mut MorrisPlayer, black: &mut MorrisPlayer, max_plies: usize) -> Played {
    let mut position = Position::new();
    let mut moves = Vec::new();
    let mut phases_seen = [false; 3];
    while !position.status().is_over() && moves.len() < max_plies {
        let me = position.side_to_move();
        phases_seen[position.phase(me) as usize] = true;
        let player = match me {
            Player::First => &mut *white,
            Player::Second => &mut *black,
        };
        let mv = player.choose_move(&position).unwrap_or_else(|| {
            panic!(
                "{} found no move in a live game:\n{position}",
                player.name()
            )
        });
        if let Err(e) = position.play(mv) {
            panic!(
                "{} played an illegal move {mv}: {e}\n{position}",
                player.name()
            );
        }
        moves.push(mv);
    }
    assert_eq!(
        white.choose_move(&position).is_none() && black.choose_move(&position).is_none(),
        position.status().is_over()
    );
    Played {
        status: position.status(),
        moves,
        phases_seen,
    }
}

/// Wins of `strong` (alternating colours, game `g` seeded with `g`) in `games` games of at
/// most `max_plies` plies.
fn wins(
    strong: impl Fn(u64) -> MorrisPlayer,
    weak: impl Fn(u64) -> MorrisPlayer,
    games: u64,
    max_plies: usize,
) -> u32 {
    let mut won = 0;
    for g in 0..games {
        let (mut a, mut b) = (strong(g), weak(1000 + g));
        let (game, side) = if g % 2 == 0 {
            (play_game(&mut a, &mut b, max_plies), Player::First)
        } else {
            (play_game(&mut b, &mut a, max_plies), Player::Second)
        };
        if game.status == Status::Won(side) {
            won += 1;
        }
    }
    won
}

/// The expert with a small node budget, for debug builds.
fn quick_expert(seed: u64) -> MorrisPlayer {
    MorrisPlayer::new(Level::Expert, seed)
        .with_limits(Limits::none().with_nodes(3_000))
        .with_table_bytes(64 << 10)
}

#[test]
fn levels_parse_and_name_themselves() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
        assert_eq!(level.name().to_uppercase().parse::<Level>(), Ok(level));
        assert_eq!(MorrisPlayer::new(level, 0).name(), level.name());
    }
    let err = "grandmaster".parse::<Level>().unwrap_err();
    assert!(err.to_string().contains("grandmaster"));
    assert!(boardgames_players::morris::level_limits(Level::Beginner).is_none());
    assert!(boardgames_players::morris::level_limits(Level::Normal)
        .unwrap()
        .depth
        .is_some());
    assert!(boardgames_players::morris::level_limits(Level::Expert)
        .unwrap()
        .nodes
        .is_some());
}

#[test]
fn every_level_plays_legal_moves_through_every_phase() {
    let mut phases = [false; 3];
    let makers: [fn(u64) -> MorrisPlayer; 3] = [
        |s| MorrisPlayer::new(Level::Beginner, s),
        |s| MorrisPlayer::new(Level::Normal, s),
        quick_expert,
    ];
    for (i, white) in makers.iter().enumerate() {
        for (j, black) in makers.iter().enumerate() {
            for seed in 0..2 {
                let game = play_game(&mut white(seed), &mut black(seed + 7), 100);
                assert!(!game.moves.is_empty(), "levels {i} v {j}");
                for (seen, now) in phases.iter_mut().zip(game.phases_seen) {
                    *seen |= now;
                }
            }
        }
    }
    assert_eq!(
        phases, [true; 3],
        "placing, moving and flying were all played"
    );
    assert_eq!(Phase::Flying as usize, 2);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for level in [Level::Beginner, Level::Normal] {
        let one = play_game(
            &mut MorrisPlayer::new(level, 5),
            &mut MorrisPlayer::new(Level::Beginner, 6),
            MAX_PLIES,
        );
        // A used player plays the same as a fresh one: every search starts cold.
        let mut used = MorrisPlayer::new(level, 5);
        play_game(
            &mut used,
            &mut MorrisPlayer::new(Level::Beginner, 9),
            MAX_PLIES,
        );
        let two = play_game(
            &mut used,
            &mut MorrisPlayer::new(Level::Beginner, 6),
            MAX_PLIES,
        );
        assert_eq!(one.moves, two.moves, "{level:?}");
        let other = play_game(
            &mut MorrisPlayer::new(level, 77),
            &mut MorrisPlayer::new(Level::Beginner, 6),
            MAX_PLIES,
        );
        assert_ne!(
            one.moves, other.moves,
            "{level:?}: another seed, another game"
        );
    }
    let a = quick_expert(3).choose_move(&Position::new());
    assert_eq!(a, quick_expert(3).choose_move(&Position::new()));
}

#[test]
fn normal_beats_beginner() {
    let won = wins(
        |s| MorrisPlayer::new(Level::Normal, s),
        |s| MorrisPlayer::new(Level::Beginner, s),
        6,
        MAX_PLIES,
    );
    assert!(
        won >= 5,
        "normal won only {won} of 6 games against beginner"
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
fn expert_beats_beginner() {
    let won = wins(
        |s| MorrisPlayer::new(Level::Expert, s),
        |s| MorrisPlayer::new(Level::Beginner, s),
        6,
        MAX_PLIES,
    );
    assert!(
        won >= 5,
        "expert won only {won} of 6 games against beginner"
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
fn expert_beats_normal() {
    let won = wins(
        |s| MorrisPlayer::new(Level::Expert, s),
        |s| MorrisPlayer::new(Level::Normal, s),
        4,
        100,
    );
    // Games the normal level holds to a shuffle count as not won.
    assert!(won >= 2, "expert won only {won} of 4 games against normal");
}

fn after(moves: &[&str]) -> Position {
    let mut position = Position::new();
    for m in moves {
        position.play(m.parse().unwrap()).unwrap();
    }
    position
}

#[test]
fn normal_and_expert_close_a_mill_and_block_one() {
    // White a1 d1 against black d2 f2, who threatens b2: white closes a1-d1-g1 at once and
    // captures a piece of the threat.
    let closing = after(&["a1", "d2", "d1", "f2"]);
    // White a1 d1 against black d2: black must block g1.
    let blocking = after(&["a1", "d2", "d1"]);
    for seed in 0..8 {
        for mut player in [MorrisPlayer::new(Level::Normal, seed), quick_expert(seed)] {
            let mv = player.choose_move(&closing).unwrap();
            assert!(
                ["g1xd2", "g1xf2"].contains(&mv.to_string().as_str()),
                "{} seed {seed}: {mv}",
                player.name()
            );
            let mv = player.choose_move(&blocking).unwrap();
            assert_eq!(mv.to_string(), "g1", "{} seed {seed}", player.name());
        }
    }
}
