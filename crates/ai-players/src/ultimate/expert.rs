//! The expert's learned search: MCTS whose priors are the built-in network's policy (flattened
//! by a temperature) and whose leaves are valued by random playouts, a fixed number of
//! simulations a move.

use super::learned::{checked_in, NetMcts, GAME, WEIGHTS_NAME};
use crate::net::{NetLeaf, WeightsError};
use boardgames_core::{zobrist, Game};
use boardgames_search::Limits;
use boardgames_ultimate::Position;

/// The expert's simulations a move (0.1 to 0.2 s in a release build).
pub const EXPERT_SIMULATIONS: u64 = 60_000;

/// The share of a random playout in the expert's leaf values (the rest is the network's
/// value): all of it. Measured at equal time, the playouts value leaves better than the
/// network's value head, and its policy is what the network adds.
pub const EXPERT_PLAYOUT_SHARE: f64 = 1.0;

/// The softmax temperature of the expert's priors: the network's logits divided by 1.5. The
/// network learned from searches of a few hundred simulations; in a search of tens of
/// thousands, flatter priors let it look at more moves, and it plays better for it.
pub const EXPERT_PRIOR_TEMPERATURE: f64 = 1.5;

/// The expert's search: a leaf evaluator of the built-in network, its limits and seed. Each
/// move is searched from a new tree seeded by the seed and the position, so that the move
/// depends on them alone.
#[derive(Clone)]
pub(super) struct LearnedSearch {
    leaf: NetLeaf<Position>,
    pub(super) limits: Limits,
    seed: u64,
}

impl LearnedSearch {
    /// The expert's search with the built-in network; an error naming it if it cannot be used.
    pub(super) fn new(seed: u64) -> Result<Self, WeightsError> {
        let leaf = NetLeaf::new(checked_in()?, GAME, &Position::new(), WEIGHTS_NAME)?
            .with_playout_share(EXPERT_PLAYOUT_SHARE)
            .with_prior_temperature(EXPERT_PRIOR_TEMPERATURE)
            .expect("the expert's prior temperature is above 0");
        Ok(LearnedSearch {
            leaf,
            limits: Limits::simulations(EXPERT_SIMULATIONS),
            seed,
        })
    }

    /// The move of a search of `position` from a new tree (`None` once the game is over).
    pub(super) fn choose_move(&self, position: &Position) -> Option<<Position as Game>::Move> {
        if position.status().is_over() {
            return None;
        }
        let seed = zobrist::splitmix64(self.seed ^ position.zobrist());
        let mut player =
            NetMcts::with_leaf(self.leaf.clone(), self.limits.clone(), seed).with_tree_reuse(false);
        player.search(position).best_move
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::MoveList;
    use boardgames_search::Leaf;

    #[test]
    fn the_expert_flattens_the_networks_priors() {
        let expert = LearnedSearch::new(1).unwrap();
        let plain =
            NetLeaf::new(checked_in().unwrap(), GAME, &Position::new(), WEIGHTS_NAME).unwrap();
        let start = Position::new();
        let mut moves = MoveList::new();
        start.legal_moves(&mut moves);
        let priors = |mut leaf: NetLeaf<Position>| {
            let mut priors = Vec::new();
            assert!(leaf.priors(&start, &moves, &mut priors));
            priors
        };
        let flat = plain
            .clone()
            .with_prior_temperature(EXPERT_PRIOR_TEMPERATURE)
            .unwrap();
        assert_eq!(priors(expert.leaf.clone()), priors(flat));
        let top = |p: Vec<f32>| p.into_iter().fold(0.0, f32::max);
        assert!(top(priors(expert.leaf)) < top(priors(plain)));
    }
}
