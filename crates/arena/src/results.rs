//! What games and matches came to: how a game ended, its report, each side's time and
//! search figures, and a match's running result. The match loop (`duel`) makes them, the
//! shard files (`shard`) store them and the report (`report`) adds them up; this module uses
//! none of those, so each of them builds on it.

use crate::contestant::MoveInfo;
use crate::elo::Tally;
use boardgames_core::matches::Outcome;
use boardgames_core::{Player, Status};
use std::time::Duration;

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    /// The rules ended it (a win, a draw, a draw rule), with the reason.
    Rules(Outcome),
    /// It reached the ply cap and counts as a draw.
    PlyCap,
    /// A player gave no move or an illegal one, and loses.
    Forfeit(Player, String),
}

/// One finished game.
#[derive(Clone, Debug)]
pub(crate) struct GameReport {
    /// Its number, from 0.
    pub index: usize,
    /// Whether A moved first.
    pub a_first: bool,
    /// The opening's number in the list, if there was one.
    pub opening: Option<usize>,
    /// Every move, the opening's included, in notation.
    pub moves: Vec<String>,
    /// The game's record in the project's record format (docs/records.md): players, the
    /// time of each move, the result and its reason.
    pub record: String,
    /// How it ended.
    pub ending: Ending,
    /// What A's and B's moves took and reached in this game.
    pub stats: [SideStats; 2],
}

impl GameReport {
    /// The side that won, if any.
    pub fn winner(&self) -> Option<Player> {
        match &self.ending {
            Ending::Rules(Outcome {
                status: Status::Won(p),
                ..
            }) => Some(*p),
            Ending::Forfeit(loser, _) => Some(loser.opponent()),
            _ => None,
        }
    }

    /// The result in words: `first won (line)`, `draw (repetition)`, `second won (forfeit:
    /// ...)`, `draw (ply cap)`.
    pub fn result_text(&self) -> String {
        match &self.ending {
            Ending::Rules(Outcome {
                status: Status::Won(p),
                reason,
            }) => format!("{} won ({reason})", p.name()),
            Ending::Rules(Outcome { reason, .. }) => format!("draw ({reason})"),
            Ending::PlyCap => "draw (ply cap)".to_owned(),
            Ending::Forfeit(loser, why) => {
                format!("{} won (forfeit: {why})", loser.opponent().name())
            }
        }
    }
}

/// What one player's moves took and reached, over a game or the match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    /// Moves chosen (the openings' excluded).
    pub moves: u64,
    /// Time spent choosing them.
    pub time: Duration,
    /// The longest move.
    pub longest: Duration,
    /// Sum and count of alpha-beta depths.
    pub depth: (u64, u64),
    /// Sum and count of MCTS simulations.
    pub simulations: (u64, u64),
}

impl SideStats {
    /// Adds one move that took `took` and reached `info`.
    pub(crate) fn add(&mut self, took: Duration, info: MoveInfo) {
        self.moves += 1;
        self.time += took;
        self.longest = self.longest.max(took);
        if let Some(d) = info.depth {
            self.depth = (self.depth.0 + u64::from(d), self.depth.1 + 1);
        }
        if let Some(s) = info.simulations {
            self.simulations = (self.simulations.0 + s, self.simulations.1 + 1);
        }
    }

    /// Adds the moves of `other` (another game's) to these. The sums saturate: the figures
    /// may come from a shard file edited by hand.
    pub(crate) fn absorb(&mut self, other: &SideStats) {
        let add =
            |(s, c): (u64, u64), (t, d): (u64, u64)| (s.saturating_add(t), c.saturating_add(d));
        self.moves = self.moves.saturating_add(other.moves);
        self.time = self.time.saturating_add(other.time);
        self.longest = self.longest.max(other.longest);
        self.depth = add(self.depth, other.depth);
        self.simulations = add(self.simulations, other.simulations);
    }

    /// Mean time a move.
    pub fn mean_time(&self) -> Duration {
        let nanos = self.time.as_nanos() / u128::from(self.moves.max(1));
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }
}

/// The running result of a match, from A's view: the games' reports added in their order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// All games.
    pub total: Tally,
    /// Games where A moved first.
    pub a_first: Tally,
    /// Games where A moved second.
    pub a_second: Tally,
    /// Games that reached the ply cap.
    pub capped: u32,
    /// Games lost by forfeit.
    pub forfeits: u32,
    /// A's and B's moves.
    pub stats: [SideStats; 2],
}

impl Summary {
    /// Adds one game's result and its players' statistics.
    pub(crate) fn add(&mut self, report: &GameReport) {
        let a_side = if report.a_first {
            Player::First
        } else {
            Player::Second
        };
        let tally = if report.a_first {
            &mut self.a_first
        } else {
            &mut self.a_second
        };
        for t in [&mut self.total, tally] {
            match report.winner() {
                Some(w) if w == a_side => t.wins += 1,
                Some(_) => t.losses += 1,
                None => t.draws += 1,
            }
        }
        self.capped += u32::from(report.ending == Ending::PlyCap);
        self.forfeits += u32::from(matches!(report.ending, Ending::Forfeit(..)));
        self.stats[0].absorb(&report.stats[0]);
        self.stats[1].absorb(&report.stats[1]);
    }
}
