//! The learned ultimate player: MCTS guided by a network from a weights file, falling back to
//! the alpha-beta expert when the file cannot be used.

use super::UltimatePlayer;
use crate::net::{NetLeaf, Network, WeightsError};
use crate::{ComputerPlayer, Level, MctsPlayer};
use boardgames_core::Game;
use boardgames_search::Limits;
use boardgames_ultimate::Position;
use std::path::Path;
use std::sync::Arc;

/// MCTS guided by an ultimate network (its value at the leaves, its policy as priors).
pub type NetMcts = MctsPlayer<Position, NetLeaf<Position>>;

/// The game name a network for ultimate carries in its file.
pub const GAME: &str = "ultimate";

/// The file name of the checked-in network, in the crate's `data` folder.
pub const WEIGHTS_NAME: &str = "ultimate-v2.bgnn";

/// The best network trained so far, built into the crate (`data/ultimate-v2.bgnn`; its
/// `README.md` says how it was made).
pub const WEIGHTS: &[u8] = include_bytes!("../../data/ultimate-v2.bgnn");

/// The checked-in network ([`WEIGHTS`]), read and checked.
pub fn checked_in() -> Result<Arc<Network>, WeightsError> {
    let net = Network::from_bytes(WEIGHTS, WEIGHTS_NAME)?;
    check(&net, WEIGHTS_NAME)?;
    Ok(Arc::new(net))
}

/// Reads an ultimate network from `path`: an error naming the file if it is missing,
/// unreadable, corrupt or made for another game or observation shape.
pub fn load_network(path: impl AsRef<Path>) -> Result<Arc<Network>, WeightsError> {
    let name = path.as_ref().display().to_string();
    let net = Network::load(path)?;
    check(&net, &name)?;
    Ok(Arc::new(net))
}

/// An error unless `net` reads ultimate's observation and actions.
fn check(net: &Network, name: &str) -> Result<(), WeightsError> {
    use boardgames_ultimate::actions::{ACTION_COUNT, OBSERVATION_SHAPE as S};
    net.check(name, GAME, [S.planes, S.rows, S.columns], ACTION_COUNT)
}

/// Which player a [`LearnedPlayer`] turned out to be.
enum Inner {
    Net(Box<NetMcts>),
    Fallback(Box<UltimatePlayer>),
}

/// MCTS guided by a learned network within its limits, or, when the network could not be
/// used, the alpha-beta expert ([`UltimatePlayer::alpha_beta`]); [`LearnedPlayer::error`]
/// then says why.
pub struct LearnedPlayer {
    inner: Inner,
    error: Option<WeightsError>,
}

impl LearnedPlayer {
    /// The player of the network `net` (named `name` in errors), searching each move within
    /// `limits`, seeded by `seed`; the expert if the network is not for ultimate.
    pub fn new(
        net: Result<Arc<Network>, WeightsError>,
        name: &str,
        limits: Limits,
        seed: u64,
    ) -> Self {
        let leaf = net.and_then(|net| {
            check(&net, name)?;
            NetLeaf::new(net, GAME, &Position::new(), name)
        });
        match leaf {
            Ok(leaf) => LearnedPlayer {
                inner: Inner::Net(Box::new(MctsPlayer::with_leaf(leaf, limits, seed))),
                error: None,
            },
            Err(error) => LearnedPlayer {
                inner: Inner::Fallback(Box::new(UltimatePlayer::alpha_beta(Level::Expert, seed))),
                error: Some(error),
            },
        }
    }

    /// The player of the weights file at `path` (see [`LearnedPlayer::new`]).
    pub fn from_file(path: impl AsRef<Path>, limits: Limits, seed: u64) -> Self {
        let name = path.as_ref().display().to_string();
        LearnedPlayer::new(load_network(path), &name, limits, seed)
    }

    /// Why the network could not be used (the player is then the alpha-beta expert).
    pub fn error(&self) -> Option<&WeightsError> {
        self.error.as_ref()
    }

    /// Whether the network plays (not the fallback).
    pub fn is_learned(&self) -> bool {
        matches!(self.inner, Inner::Net(_))
    }
}

impl ComputerPlayer<Position> for LearnedPlayer {
    fn choose_move(&mut self, position: &Position) -> Option<<Position as Game>::Move> {
        match &mut self.inner {
            Inner::Net(player) => player.choose_move(position),
            Inner::Fallback(player) => player.choose_move(position),
        }
    }

    /// `learned` and the limits (`learned mcts 800 sims`), or the expert's name.
    fn name(&self) -> String {
        match &self.inner {
            Inner::Net(player) => format!("learned {}", player.name()),
            Inner::Fallback(player) => player.name(),
        }
    }
}
