//! Who plays which side: the options every game shares (`--level`, `--first`, `--seed`),
//! read by clap as part of each game's command line.

use boardgames_core::{ByPlayer, Game, Player};
use boardgames_players::{ComputerPlayer, MctsPlayer};
use boardgames_search::Limits;
use std::time::Duration;

/// A computer player: picks a move for the position, or `None` to give up.
pub type ChooseMove<G> = Box<dyn FnMut(&G) -> Option<<G as Game>::Move>>;

/// Who makes the moves of one side. Computer players plug in here.
pub enum Seat<G: Game> {
    /// A person at the terminal.
    Human,
    /// A program choosing moves, with the name shown on screen.
    Computer(String, ChooseMove<G>),
}

impl<G: Game> Seat<G> {
    /// The seat of a computer player, under the player's own name.
    pub fn computer(mut player: impl ComputerPlayer<G> + 'static) -> Seat<G> {
        Seat::Computer(
            player.name(),
            Box::new(move |position| player.choose_move(position)),
        )
    }
}

/// Which kind of computer plays: the game's levels, or Monte Carlo tree search.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Engine {
    /// The game's computer levels (--level).
    Levels,
    /// Monte Carlo tree search with random playouts, --think milliseconds a move.
    Mcts,
}

/// Who moves first when a person plays the computer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum FirstMover {
    /// The person plays first.
    Me,
    /// The computer plays first.
    Computer,
    /// Decided at random for each game.
    Random,
}

/// The options every game shares: who sits at each side.
#[derive(clap::Args, Debug)]
pub struct SeatOptions {
    /// Play the computer at this level (beginner, normal, expert); without it, two people
    /// share the terminal.
    #[arg(long, value_name = "beginner|normal|expert")]
    pub level: Option<String>,
    /// Who moves first against the computer.
    #[arg(long, value_enum, default_value_t = FirstMover::Me)]
    pub first: FirstMover,
    /// The computer's engine: the game's levels, or MCTS (which needs no --level).
    #[arg(long, value_enum, default_value_t = Engine::Levels)]
    pub engine: Engine,
    /// The MCTS computer's time a move, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub think: u64,
    /// The seed of the computer's random choices [default: from the clock].
    #[arg(long, value_name = "N", default_value_t = clock_seed(), hide_default_value = true)]
    pub seed: u64,
    /// A clock for each side: 5m (sudden death), 5m+3s (Fischer increment) or 30s/move; the
    /// side whose time runs out loses.
    #[arg(long, value_name = "CONTROL")]
    pub time: Option<boardgames_core::matches::TimeControl>,
    /// Clear this game's lasting scores before playing.
    #[arg(long)]
    pub reset_records: bool,
}

/// A different seed each run, so the computer does not repeat its games.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

impl SeatOptions {
    /// The computer's level named by `--level`, if any, read as the game's own levels.
    pub fn computer_level<L: std::str::FromStr>(&self) -> Result<Option<L>, String>
    where
        L::Err: std::fmt::Display,
    {
        let level = self.level.as_deref().map(str::parse).transpose();
        level.map_err(|e: L::Err| e.to_string())
    }

    /// `true` when a computer takes a side (`--level` or `--engine mcts`).
    pub fn plays_computer(&self) -> bool {
        self.level.is_some() || self.engine == Engine::Mcts
    }

    /// The MCTS computer of game `number` under `--engine mcts`, else `None`.
    pub fn mcts_player<P: boardgames_core::Game>(&self, number: u64) -> Option<MctsPlayer<P>> {
        (self.engine == Engine::Mcts).then(|| {
            let limits = Limits::time(Duration::from_millis(self.think));
            MctsPlayer::new(limits, self.seed ^ number)
        })
    }

    /// The seats for one game: two people, or a person and `computer` on the side chosen.
    pub fn seats<G: Game + 'static>(
        &self,
        game_number: u64,
        computer: impl FnOnce() -> Seat<G>,
    ) -> ByPlayer<Seat<G>> {
        if !self.plays_computer() {
            return ByPlayer::new(Seat::Human, Seat::Human);
        }
        let computer_side = match self.first {
            FirstMover::Me => Player::Second,
            FirstMover::Computer => Player::First,
            FirstMover::Random => {
                let coin = boardgames_core::zobrist::splitmix64(self.seed ^ game_number) & 1;
                if coin == 0 {
                    Player::First
                } else {
                    Player::Second
                }
            }
        };
        match computer_side {
            Player::First => ByPlayer::new(computer(), Seat::Human),
            Player::Second => ByPlayer::new(Seat::Human, computer()),
        }
    }

    /// The seats for one game against the computer of the options: the MCTS player under
    /// `--engine mcts`, else the game's own player that `levelled` makes from the seed of game
    /// `number`.
    pub fn computer_seats<G, P>(
        &self,
        number: u64,
        levelled: impl FnOnce(u64) -> P,
    ) -> ByPlayer<Seat<G>>
    where
        G: Game + 'static,
        P: ComputerPlayer<G> + 'static,
    {
        self.seats(number, || match self.mcts_player::<G>(number) {
            Some(mcts) => Seat::computer(mcts),
            None => Seat::computer(levelled(self.seed ^ number)),
        })
    }
}
