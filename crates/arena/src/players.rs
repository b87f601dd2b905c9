//! The players of a match, whatever their kind, built from their specs behind the one trait
//! ([`Contestant`]) that also reports what each move's search reached.

use crate::contestant::{Contestant, MoveInfo};
use crate::games::ArenaGame;
use crate::player_spec::{Kind, PlayerSpec, Playout};
use boardgames_core::actions::{Actions, Observe};
use boardgames_core::{Game, Rng};
use boardgames_players::net::{NetLeaf, Network};
use boardgames_players::{ComputerPlayer, MctsPlayer};
use boardgames_search::mcts::ParallelGame;
use boardgames_search::{Leaf, Limits};
use std::sync::Arc;

/// A computer level of ai-players (its search is not reported).
struct LevelPlayer<P: Game>(Box<dyn ComputerPlayer<P>>);

impl<P: Game> Contestant<P> for LevelPlayer<P> {
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        self.0.choose_move(position)
    }

    fn info(&self) -> MoveInfo {
        MoveInfo::default()
    }
}

/// Uniformly random legal moves.
struct RandomPlayer(Rng);

impl<P: Game> Contestant<P> for RandomPlayer {
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        position.random_move(&mut self.0)
    }

    fn info(&self) -> MoveInfo {
        MoveInfo::default()
    }
}

impl<P: Game, L: Leaf<P>> Contestant<P> for MctsPlayer<P, L> {
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        self.choose_move(position)
    }

    fn info(&self) -> MoveInfo {
        MoveInfo {
            depth: None,
            simulations: self.last_result().map(|r| r.simulations),
        }
    }
}

/// The limits of a searching spec.
pub(crate) fn limits(spec: &PlayerSpec) -> Limits {
    let mut limits = Limits::none();
    limits.depth = spec.depth;
    limits.nodes = spec.nodes;
    limits.simulations = spec.simulations;
    limits.time = spec.time;
    limits
}

/// A fresh player for one game of a match, its choices seeded by `seed`.
pub(crate) fn build<G: ArenaGame>(
    game: &G,
    spec: &PlayerSpec,
    seed: u64,
) -> Result<Box<dyn Contestant<G::Pos>>, String> {
    Ok(match spec.kind {
        Kind::Random => Box::new(RandomPlayer(Rng::new(seed))),
        Kind::Level(level) => Box::new(LevelPlayer(game.level(level, seed))),
        Kind::AlphaBetaLevel(level) => Box::new(LevelPlayer(game.alpha_beta_level(level, seed))),
        Kind::AlphaBeta if spec.databases || spec.eval.is_some() => game.alpha_beta_with(
            limits(spec),
            spec.threads,
            spec.databases,
            spec.eval.as_ref(),
        )?,
        Kind::AlphaBeta => game.alpha_beta(limits(spec), spec.threads),
        Kind::Mcts if spec.playout != Playout::Random => game.mcts_with_playout(spec, seed)?,
        Kind::Mcts if spec.net.is_some() => game.net_mcts(spec, seed)?,
        Kind::Mcts => Box::new(mcts(MctsPlayer::<G::Pos>::new(limits(spec), seed), spec)?),
    })
}

/// An MCTS player with the spec's threads, exploration, first-play urgency and expansion
/// threshold.
fn mcts<P: ParallelGame, L: Leaf<P> + Send>(
    player: MctsPlayer<P, L>,
    spec: &PlayerSpec,
) -> Result<MctsPlayer<P, L>, String> {
    let mut player = player.with_threads(spec.threads);
    if let Some(c) = spec.exploration {
        player = player.with_exploration(c).map_err(|e| e.to_string())?;
    }
    if let Some(r) = spec.fpu {
        player = player.with_fpu_reduction(r).map_err(|e| e.to_string())?;
    }
    if let Some(visits) = spec.expand_after {
        player = player.with_expand_after(visits);
    }
    Ok(player)
}

/// The leaf evaluator of the network of the spec's weights file (its `net`, an error if it
/// has none or it cannot be used), for `game` starting at `start`, with the spec's playout
/// share (`mix`) and prior temperature (`ptemp`).
pub fn net_leaf<P>(game: &str, start: &P, spec: &PlayerSpec) -> Result<NetLeaf<P>, String>
where
    P: Game + Actions + Observe,
{
    let path = spec.net.as_deref().unwrap_or_default();
    let net = Network::load(path).map_err(|e| e.to_string())?;
    let mut leaf = NetLeaf::new(Arc::new(net), game, start, path)
        .map_err(|e| e.to_string())?
        .with_playout_share(spec.mix.unwrap_or(0.0));
    if let Some(t) = spec.prior_temperature {
        leaf = leaf.with_prior_temperature(t).map_err(|e| e.to_string())?;
    }
    Ok(leaf)
}

/// MCTS guided by the network of the spec's weights file, for `game` starting at `start`.
pub(crate) fn net_mcts<P>(
    game: &str,
    start: &P,
    spec: &PlayerSpec,
    seed: u64,
) -> Result<Box<dyn Contestant<P>>, String>
where
    P: ParallelGame + Actions + Observe + 'static,
{
    let leaf = net_leaf(game, start, spec)?;
    Ok(Box::new(mcts(
        MctsPlayer::with_leaf(leaf, limits(spec), seed),
        spec,
    )?))
}

/// MCTS whose playouts are `playout`'s: with the spec's network (its share of the leaf
/// values) if it names one, else alone.
pub(crate) fn mcts_with_playout<P, Q>(
    game: &str,
    start: &P,
    spec: &PlayerSpec,
    seed: u64,
    playout: Q,
) -> Result<Box<dyn Contestant<P>>, String>
where
    P: ParallelGame + Actions + Observe + 'static,
    Q: Leaf<P> + Send + 'static,
{
    let limits = limits(spec);
    Ok(if spec.net.is_some() {
        let leaf = net_leaf(game, start, spec)?.with_playout(playout);
        Box::new(mcts(MctsPlayer::with_leaf(leaf, limits, seed), spec)?)
    } else {
        Box::new(mcts(MctsPlayer::with_leaf(playout, limits, seed), spec)?)
    })
}
