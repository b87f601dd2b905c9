//! What MCTS does at a new leaf: a random playout, or an evaluator's value (and its policy).

use crate::{Evaluator, Proven};
use boardgames_core::{Game, Rng, Status};

/// The value of a leaf of the MCTS tree, and optionally prior probabilities for its moves.
///
/// Values are from the view of the leaf's side to move, in `-1.0..=1.0` (1 a win, 0 a draw,
/// -1 a loss). Each search thread owns a clone, so a leaf evaluator may keep buffers in `self`.
pub trait Leaf<G: Game>: Clone {
    /// The value of the ongoing `position` for its side to move, in `-1.0..=1.0` (values
    /// outside are clamped).
    fn value(&mut self, position: &G, rng: &mut Rng) -> f64;

    /// Prior probabilities for `moves` (the legal moves of `position`, in their order) into
    /// `priors`, one per move, summing to about 1. Returns `false` for no policy: the search
    /// then uses plain UCT; with priors it uses the PUCT rule. The default has no policy.
    fn priors(&mut self, _position: &G, _moves: &[G::Move], _priors: &mut Vec<f32>) -> bool {
        false
    }
}

/// The value of a status for `side`: 1 won, -1 lost, 0 drawn or unfinished.
#[inline]
pub(crate) fn status_value(status: Status, side: boardgames_core::Player) -> f64 {
    match status {
        Status::Won(p) if p == side => 1.0,
        Status::Won(_) => -1.0,
        Status::Draw | Status::Ongoing => 0.0,
    }
}

/// Leaves valued by one uniformly random playout to the end ([`Game::random_playout`]): MCTS
/// with no game knowledge. A playout longer than `max_plies` counts as a draw.
#[derive(Clone, Copy, Debug)]
pub struct RandomPlayout {
    /// The longest playout, in plies (a cap for games without a bound on their length).
    pub max_plies: usize,
}

impl Default for RandomPlayout {
    fn default() -> Self {
        RandomPlayout { max_plies: 1000 }
    }
}

impl<G: Game> Leaf<G> for RandomPlayout {
    #[inline]
    fn value(&mut self, position: &G, rng: &mut Rng) -> f64 {
        let side = position.side_to_move();
        let mut playout = position.clone();
        let (status, _) = playout.random_playout(rng, self.max_plies);
        status_value(status, side)
    }
}

/// Leaves valued by an alpha-beta [`Evaluator`]: `tanh(score / scale)`, or 1 and -1 where it
/// knows the result ([`Evaluator::proven`]); with `policy` on, the evaluator's order hints
/// become priors (a softmax of `hint / temperature`).
#[derive(Clone, Debug)]
pub struct Heuristic<E> {
    /// The evaluator.
    pub evaluator: E,
    /// The score that maps to a value of about 0.76 (`tanh(1)`).
    pub scale: f64,
    /// The softmax temperature of the order hints, or `None` for no policy.
    pub policy_temperature: Option<f64>,
}

impl<E> Heuristic<E> {
    /// Values by `evaluator` at the given scale, no policy.
    pub fn new(evaluator: E, scale: f64) -> Self {
        Heuristic {
            evaluator,
            scale,
            policy_temperature: None,
        }
    }

    /// This leaf evaluator with the order hints as a policy at `temperature`.
    pub fn with_policy(mut self, temperature: f64) -> Self {
        self.policy_temperature = Some(temperature);
        self
    }
}

impl<G: Game, E: Evaluator<G> + Clone> Leaf<G> for Heuristic<E> {
    fn value(&mut self, position: &G, _rng: &mut Rng) -> f64 {
        // A result the evaluator knows is the game's end.
        match self.evaluator.proven(position) {
            Some(Proven::Win(_)) => return 1.0,
            Some(Proven::Loss(_)) => return -1.0,
            None => {}
        }
        let score = crate::score::clamp_eval(self.evaluator.evaluate(position));
        (f64::from(score) / self.scale.max(f64::MIN_POSITIVE)).tanh()
    }

    fn priors(&mut self, position: &G, moves: &[G::Move], priors: &mut Vec<f32>) -> bool {
        let Some(temperature) = self.policy_temperature else {
            return false;
        };
        let t = temperature.max(f64::MIN_POSITIVE);
        priors.clear();
        priors.extend(
            moves
                .iter()
                .map(|&mv| f64::from(self.evaluator.order_hint(position, mv)) / t)
                .map(|x| x as f32),
        );
        softmax(priors);
        true
    }
}

/// `values` turned into probabilities in place: a softmax, shifted by the maximum so that no
/// exponent overflows; all equal when none is finite.
pub fn softmax(values: &mut [f32]) {
    let top = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    if !top.is_finite() {
        let uniform = 1.0 / values.len().max(1) as f32;
        values.iter_mut().for_each(|v| *v = uniform);
        return;
    }
    let mut sum = 0.0;
    for v in values.iter_mut() {
        *v = (*v - top).exp();
        sum += *v;
    }
    values.iter_mut().for_each(|v| *v /= sum);
}
