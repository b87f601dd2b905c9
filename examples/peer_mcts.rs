//! Ultimate tic-tac-toe matches against board-game 0.8's MCTS (`MCTSBot` on its `STTTBoard`):
//! one of our players, named as the arena names players, against the peer given about the
//! same time a move.
//!
//! ```sh
//! cargo run --release --example peer_mcts -- "mcts:time=200ms,net=FILE" -n 100 --ms 200
//! cargo run --release --example peer_mcts -- "mcts:time=200ms" --games 0..50 --ms 200
//! ```
//!
//! The games follow the arena's schedule: game `i` uses the built-in opening `(i / 2) % 16`,
//! our player moves first in the even games. Every move is checked legal on both boards.
//! The peer's MCTS has an iteration budget, not a clock: each move it gets the iterations
//! its last move's rate says fit in `--ms` (the first move of a game is timed on a short
//! search), so its mean time a move is close to `--ms`; both players' mean times are
//! printed. Each game prints one line (`game INDEX win|draw|loss`, our view); the last lines
//! are the tally, its score with the 95 % interval and the Elo difference.

use board_game::ai::mcts::mcts_build_tree;
use board_game::board::{Board, Outcome, Player as PeerPlayer};
use board_game::games::sttt::{Coord, STTTBoard};
use boardgames_arena::{elo, net_leaf, GameSpec, Kind, MatchSpec, PlayerSpec, Tally};
use boardgames_core::{Game, Player, Status};
use boardgames_players::ultimate::UltimatePlayer;
use boardgames_players::{ComputerPlayer, MctsPlayer};
use boardgames_search::{Leaf, Limits};
use boardgames_ultimate::{Move, Position};
use clap::Parser;
use rand08::SeedableRng;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(about = "Ultimate matches against board-game 0.8's MCTS")]
struct Args {
    /// Our player, as the arena names it: `mcts:time=200ms`, `mcts:time=200ms,net=FILE`,
    /// `expert`, ...
    player: String,
    /// Games, from game 0.
    #[arg(short = 'n', default_value_t = 20)]
    games: usize,
    /// A range of game numbers instead (`50..100`), to play a match in parts.
    #[arg(long = "games")]
    range: Option<String>,
    /// The peer's time a move, in milliseconds.
    #[arg(long, default_value_t = 200)]
    ms: u64,
    /// The peer's exploration weight (its values are in 0..1, as ours).
    #[arg(long, default_value_t = 1.0)]
    exploration: f32,
    /// The seed of both players' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// One of our players.
fn our_player(spec: &PlayerSpec, seed: u64) -> Result<Box<dyn ComputerPlayer<Position>>, String> {
    let mut limits = Limits::none();
    limits.time = spec.time;
    limits.simulations = spec.simulations;
    limits.nodes = spec.nodes;
    limits.depth = spec.depth;
    Ok(match (spec.kind, &spec.net) {
        (Kind::Level(level), _) => Box::new(UltimatePlayer::new(level, seed)),
        (Kind::AlphaBetaLevel(level), _) => Box::new(UltimatePlayer::alpha_beta(level, seed)),
        (Kind::Mcts, None) => match spec.playout.ultimate() {
            None => Box::new(tuned(MctsPlayer::<Position>::new(limits, seed), spec)?),
            Some(playout) => Box::new(tuned(MctsPlayer::with_leaf(playout, limits, seed), spec)?),
        },
        (Kind::Mcts, Some(_)) => {
            let leaf = net_leaf("ultimate", &Position::new(), spec)?;
            match spec.playout.ultimate() {
                None => Box::new(tuned(MctsPlayer::with_leaf(leaf, limits, seed), spec)?),
                Some(playout) => {
                    let leaf = leaf.with_playout(playout);
                    Box::new(tuned(MctsPlayer::with_leaf(leaf, limits, seed), spec)?)
                }
            }
        }
        _ => return Err(format!("{}: not a player of this match", spec.text)),
    })
}

/// An MCTS player with the spec's exploration, first-play urgency and expansion threshold.
fn tuned<L: Leaf<Position>>(
    player: MctsPlayer<Position, L>,
    spec: &PlayerSpec,
) -> Result<MctsPlayer<Position, L>, String> {
    let c = spec
        .exploration
        .unwrap_or(boardgames_search::mcts::DEFAULT_EXPLORATION);
    let mut player = player
        .with_exploration(c)
        .map_err(|e| e.to_string())?
        .with_expand_after(spec.expand_after.unwrap_or(1));
    if let Some(r) = spec.fpu {
        player = player.with_fpu_reduction(r).map_err(|e| e.to_string())?;
    }
    Ok(player)
}

/// board-game's MCTS, its iterations set from its last move's rate.
struct Peer {
    rng: rand08::rngs::SmallRng,
    exploration: f32,
    budget: Duration,
    /// Iterations a second, as last measured.
    rate: f64,
    time: Duration,
    moves: u32,
}

impl Peer {
    fn choose(&mut self, board: &STTTBoard) -> Coord {
        if self.rate == 0.0 {
            let start = Instant::now();
            mcts_build_tree(board, 2_000, self.exploration, &mut self.rng);
            self.rate = 2_000.0 / start.elapsed().as_secs_f64();
        }
        let iterations = (self.rate * self.budget.as_secs_f64()).max(100.0) as u64;
        let start = Instant::now();
        let tree = mcts_build_tree(board, iterations, self.exploration, &mut self.rng);
        let spent = start.elapsed();
        self.rate = iterations as f64 / spent.as_secs_f64().max(1e-6);
        self.time += spent;
        self.moves += 1;
        tree.best_move()
    }
}

fn to_coord(mv: Move) -> Coord {
    Coord::from_oo(mv.board(), mv.cell())
}

fn from_coord(c: Coord) -> Option<Move> {
    Move::new(c.om(), c.os())
}

/// Plays `mv` on both boards; an error if either finds it illegal.
fn play_both(pos: &mut Position, board: &mut STTTBoard, mv: Move) -> Result<(), String> {
    if !pos.is_legal(mv) {
        return Err(format!("{mv} is illegal here"));
    }
    pos.play_unchecked(mv);
    board
        .play(to_coord(mv))
        .map_err(|e| format!("the peer's board refuses {mv}: {e:?}"))
}

/// One game; the result from our side, and our time spent.
fn game(
    ours: &mut dyn ComputerPlayer<Position>,
    peer: &mut Peer,
    opening: &[String],
    we_first: bool,
) -> Result<(f64, Duration, u32), String> {
    let mut pos = Position::new();
    let mut board = STTTBoard::default();
    for text in opening {
        let mv: Move = text.parse().map_err(|e| format!("opening {text}: {e:?}"))?;
        play_both(&mut pos, &mut board, mv)?;
    }
    let us = if we_first {
        Player::First
    } else {
        Player::Second
    };
    let (mut spent, mut moves) = (Duration::ZERO, 0);
    while !pos.status().is_over() {
        let mv = if pos.side_to_move() == us {
            let start = Instant::now();
            let mv = ours.choose_move(&pos).ok_or("our player gave no move")?;
            spent += start.elapsed();
            moves += 1;
            mv
        } else {
            from_coord(peer.choose(&board)).ok_or("the peer's move is off the board")?
        };
        play_both(&mut pos, &mut board, mv)?;
    }
    let agree = match (board.outcome(), pos.status()) {
        (Some(Outcome::Draw), Status::Draw) => true,
        (Some(Outcome::WonBy(p)), Status::Won(w)) => (p == PeerPlayer::A) == (w == Player::First),
        _ => false,
    };
    if !agree {
        return Err(format!(
            "the boards disagree on the end: {:?}",
            board.outcome()
        ));
    }
    let score = match pos.status() {
        Status::Won(w) if w == us => 1.0,
        Status::Won(_) => 0.0,
        _ => 0.5,
    };
    Ok((score, spent, moves))
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    let spec: PlayerSpec = args.player.parse().map_err(|e| format!("{e}"))?;
    let range = match &args.range {
        Some(text) => {
            let (a, b) = text.split_once("..").ok_or("--games takes START..END")?;
            a.parse().map_err(|_| "bad start")?..b.parse().map_err(|_| "bad end")?
        }
        None => 0..args.games,
    };
    let ultimate = GameSpec::from_name("ultimate").map_err(|e| e.to_string())?;
    let openings = MatchSpec::new(ultimate, "random", "random")
        .info()
        .map_err(|e| e.to_string())?
        .openings;
    let (mut tally, mut ours_time, mut ours_moves) = (Tally::default(), Duration::ZERO, 0);
    let mut peer = Peer {
        rng: rand08::rngs::SmallRng::seed_from_u64(args.seed),
        exploration: args.exploration,
        budget: Duration::from_millis(args.ms),
        rate: 0.0,
        time: Duration::ZERO,
        moves: 0,
    };
    for i in range {
        let seed =
            boardgames_core::zobrist::splitmix64(args.seed ^ (i as u64).wrapping_mul(0x9e37));
        let mut ours = our_player(&spec, seed)?;
        peer.rng = rand08::rngs::SmallRng::seed_from_u64(seed ^ 1);
        peer.rate = 0.0;
        let opening = &openings[(i / 2) % openings.len()];
        let (score, spent, moves) = game(ours.as_mut(), &mut peer, opening, i % 2 == 0)?;
        ours_time += spent;
        ours_moves += moves;
        let word = if score == 1.0 {
            tally.wins += 1;
            "win"
        } else if score == 0.0 {
            tally.losses += 1;
            "loss"
        } else {
            tally.draws += 1;
            "draw"
        };
        println!("game {i} {word}");
    }
    report(&args, &tally, ours_time, ours_moves, &peer);
    Ok(())
}

fn report(args: &Args, tally: &Tally, ours_time: Duration, ours_moves: u32, peer: &Peer) {
    let mean = |t: Duration, n: u32| t.as_secs_f64() * 1000.0 / f64::from(n.max(1));
    println!(
        "{} vs board-game MCTS ({} ms, c {}): {}-{}-{}",
        args.player, args.ms, args.exploration, tally.wins, tally.draws, tally.losses
    );
    if let Some(e) = elo::estimate(tally) {
        println!("{}", elo::describe(&e));
    }
    println!(
        "mean time a move: ours {:.0} ms, the peer's {:.0} ms",
        mean(ours_time, ours_moves),
        mean(peer.time, peer.moves)
    );
}
