//! Who plays which side: the options every game shares (`--level`, `--first`, `--seed`),
//! read by clap as part of each game's command line.

use crate::session::Seat;
use boardgames_core::{ByPlayer, Game, Player};

/// Who moves first when a person plays the computer (seed 000's lobby choices).
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
    /// The seed of the computer's random choices [default: from the clock].
    #[arg(long, value_name = "N", default_value_t = clock_seed(), hide_default_value = true)]
    pub seed: u64,
}

/// A different seed each run, so the computer does not repeat its games.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

impl SeatOptions {
    /// The seats for one game: two people, or a person and `computer` on the side chosen.
    pub fn seats<G: Game + 'static>(
        &self,
        game_number: u64,
        computer: impl FnOnce() -> Seat<G>,
    ) -> ByPlayer<Seat<G>> {
        if self.level.is_none() {
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
}
