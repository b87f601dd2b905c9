//! Who plays which side: the options every game shares (`--level`, `--first`, `--seed`).

use crate::session::Seat;
use boardgames_core::{ByPlayer, Game, Player};

/// Who moves first when a person plays the computer (seed 000's lobby choices).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FirstMover {
    /// The person plays first.
    Me,
    /// The computer plays first.
    Computer,
    /// Decided at random for each game.
    Random,
}

/// The shared options, and the arguments left for the game itself.
pub struct SeatOptions {
    /// The computer's level; `None` for two people at one terminal.
    pub level: Option<String>,
    /// Who plays first against the computer.
    pub first: FirstMover,
    /// The seed of the computer's random choices.
    pub seed: u64,
    /// The game's own arguments.
    pub rest: Vec<String>,
}

/// The help text for the shared options.
pub const SEAT_HELP: &str =
    "--level LEVEL (play the computer), --first me|computer|random, --seed N";

impl SeatOptions {
    /// Reads `--level`, `--first` and `--seed` from `args`; the rest stays in `rest`.
    pub fn parse(args: &[String]) -> Result<SeatOptions, String> {
        let mut options = SeatOptions {
            level: None,
            first: FirstMover::Me,
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(1),
            rest: Vec::new(),
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            let mut value = |name: &str| {
                iter.next()
                    .cloned()
                    .ok_or_else(|| format!("{name} needs a value"))
            };
            match arg.as_str() {
                "--level" => options.level = Some(value("--level")?),
                "--first" => {
                    options.first = match value("--first")?.as_str() {
                        "me" => FirstMover::Me,
                        "computer" => FirstMover::Computer,
                        "random" => FirstMover::Random,
                        other => {
                            return Err(format!(
                                "--first takes me, computer or random, not {other:?}"
                            ))
                        }
                    }
                }
                "--seed" => {
                    let text = value("--seed")?;
                    options.seed = text
                        .parse()
                        .map_err(|_| format!("--seed takes a number, not {text:?}"))?;
                }
                _ => options.rest.push(arg.clone()),
            }
        }
        Ok(options)
    }

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
