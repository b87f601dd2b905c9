//! Many games stepped together: the Rust side of `VectorEnv`. Every call writes into the
//! caller's buffers (the NumPy arrays the Python object keeps), with no allocation.

use crate::errors::{Error, Result};
use crate::games::{returns, Encoded};
use boardgames_core::{Rng, Status};

/// The output buffers of a batch of `n` games, each row one game.
pub struct Buffers<'a> {
    /// `n * planes * rows * columns` observation values, from the side to move's view.
    pub observations: &'a mut [f32],
    /// `n * actions` legal-action flags.
    pub masks: &'a mut [bool],
    /// `n * 2` rewards of the step, by player.
    pub rewards: &'a mut [f32],
    /// `n` flags: the game ended with this step (and was reset).
    pub dones: &'a mut [bool],
    /// `n` flags: the game was cut at the ply limit with this step (`dones` is set too).
    pub truncations: &'a mut [bool],
    /// `n` players to move (0 or 1).
    pub players: &'a mut [i8],
}

/// A batch of games of one kind, as `VectorEnv` drives it.
pub trait DynBatch: Send + Sync {
    /// The number of games.
    fn len(&self) -> usize;
    /// Sets every game to the start and writes observations, masks and players (rewards and
    /// dones cleared).
    fn reset(&mut self, out: Buffers<'_>) -> Result<()>;
    /// Plays `actions[i]` in game `i`, restarting the games that end. Checks every action
    /// first: on an illegal one, returns the error and changes nothing.
    fn step(&mut self, actions: &[i64], out: Buffers<'_>) -> Result<()>;
    /// Writes a uniformly random legal action for every game.
    fn sample(&mut self, out: &mut [i64]) -> Result<()>;
}

/// `n` games of type `G` and the start they reset to.
pub struct Batch<G: Encoded> {
    start: G,
    games: Vec<G>,
    plies: Vec<u32>,
    max_plies: Option<u32>,
    rng: Rng,
    observation_len: usize,
    action_count: usize,
}

impl<G: Encoded> Batch<G> {
    /// `n` games at `start`; `seed` seeds [`DynBatch::sample`]; a game reaching `max_plies`
    /// plies is cut (truncated) and restarted.
    pub fn new(start: G, n: usize, seed: u64, max_plies: Option<u32>) -> Batch<G> {
        let [planes, rows, columns] = start.shape();
        Batch {
            games: vec![start.clone(); n],
            plies: vec![0; n],
            max_plies,
            observation_len: planes * rows * columns,
            action_count: start.action_count(),
            start,
            rng: Rng::new(seed),
        }
    }

    fn check(&self, out: &Buffers<'_>) -> Result<()> {
        let n = self.games.len();
        let lengths = [
            (out.observations.len(), n * self.observation_len),
            (out.masks.len(), n * self.action_count),
            (out.rewards.len(), n * 2),
            (out.dones.len(), n),
            (out.truncations.len(), n),
            (out.players.len(), n),
        ];
        match lengths.iter().find(|(found, expected)| found != expected) {
            Some((found, expected)) => Err(Error::Other(format!(
                "internal error: buffer of length {found}, expected {expected}"
            ))),
            None => Ok(()),
        }
    }

    /// Writes game `i`'s observation, mask and player.
    fn write(&self, i: usize, out: &mut Buffers<'_>) -> Result<()> {
        let game = &self.games[i];
        let (o, a) = (self.observation_len, self.action_count);
        let player = game.side_to_move();
        game.write_observation(player, &mut out.observations[i * o..(i + 1) * o])?;
        game.write_mask(&mut out.masks[i * a..(i + 1) * a])?;
        out.players[i] = player.index() as i8;
        Ok(())
    }
}

impl<G: Encoded> DynBatch for Batch<G> {
    fn len(&self) -> usize {
        self.games.len()
    }

    fn reset(&mut self, mut out: Buffers<'_>) -> Result<()> {
        self.check(&out)?;
        for i in 0..self.games.len() {
            self.games[i] = self.start.clone();
            self.plies[i] = 0;
            self.write(i, &mut out)?;
        }
        out.rewards.fill(0.0);
        out.dones.fill(false);
        out.truncations.fill(false);
        Ok(())
    }

    fn step(&mut self, actions: &[i64], mut out: Buffers<'_>) -> Result<()> {
        self.check(&out)?;
        if actions.len() != self.games.len() {
            return Err(Error::Option(format!(
                "{} actions for {} games: step takes one action per game",
                actions.len(),
                self.games.len()
            )));
        }
        // Every action is checked before any is played, so that an error changes nothing.
        let mut moves = Vec::with_capacity(actions.len());
        for (i, (&action, game)) in actions.iter().zip(&self.games).enumerate() {
            let id = usize::try_from(action).map_err(|_| {
                Error::Illegal(format!("game {i}: action {action}: not an action id"))
            })?;
            let mv = game
                .action_move(id)
                .map_err(|e| Error::Illegal(format!("game {i}: {}", message(e))))?;
            moves.push(mv);
        }
        for (i, mv) in moves.into_iter().enumerate() {
            let game = &mut self.games[i];
            game.play_unchecked(mv);
            self.plies[i] += 1;
            let status = game.status();
            let truncated = status == Status::Ongoing && Some(self.plies[i]) == self.max_plies;
            let done = status != Status::Ongoing || truncated;
            let [first, second] = returns(status);
            out.rewards[2 * i] = first;
            out.rewards[2 * i + 1] = second;
            out.dones[i] = done;
            out.truncations[i] = truncated;
            if done {
                *game = self.start.clone();
                self.plies[i] = 0;
            }
            self.write(i, &mut out)?;
        }
        Ok(())
    }

    fn sample(&mut self, out: &mut [i64]) -> Result<()> {
        for (game, slot) in self.games.iter().zip(out.iter_mut()) {
            let mv = game.random_move(&mut self.rng).ok_or_else(|| {
                Error::Other("internal error: a game in the batch is over".into())
            })?;
            *slot = game.action_id(mv) as i64;
        }
        Ok(())
    }
}

fn message(error: Error) -> String {
    match error {
        Error::Illegal(m) | Error::Parse(m) | Error::Option(m) | Error::Other(m) => m,
    }
}
