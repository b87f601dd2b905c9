//! The arithmetic of a match result: score, Elo difference and its 95 % interval.
//!
//! The score is `(wins + draws / 2) / games`. The Elo difference that predicts it is
//! `-400 * log10(1 / score - 1)`. The interval is the usual normal approximation (as engine
//! testers such as cutechess-cli report it): the standard error of the mean score per game,
//! `sqrt(variance / games)` with the variance of the game results (1, 1/2, 0) around the
//! score, times 1.96 on either side, each bound turned into Elo. A bound at a score of 0 or 1
//! is an infinite Elo difference.

/// The two-sided 95 % quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses from one player's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: 1 a win, 1/2 a draw.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The mean score per game, `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| self.points() / f64::from(games))
    }
}

/// The Elo difference that predicts a mean score of `score` (infinite at 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// A match result with its uncertainty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean score.
    pub score: f64,
    /// The 95 % interval of the mean score.
    pub score_interval: (f64, f64),
    /// The Elo difference.
    pub elo: f64,
    /// The 95 % interval of the Elo difference.
    pub elo_interval: (f64, f64),
}

/// The estimate of a tally, `None` before any game.
pub fn estimate(tally: &Tally) -> Option<Estimate> {
    let score = tally.score()?;
    let games = f64::from(tally.games());
    let share = |n: u32| f64::from(n) / games;
    let variance = share(tally.wins) * (1.0 - score).powi(2)
        + share(tally.draws) * (0.5 - score).powi(2)
        + share(tally.losses) * score.powi(2);
    let margin = Z95 * (variance / games).sqrt();
    let low = (score - margin).max(0.0);
    let high = (score + margin).min(1.0);
    Some(Estimate {
        score,
        score_interval: (low, high),
        elo: elo_from_score(score),
        elo_interval: (elo_from_score(low), elo_from_score(high)),
    })
}

/// An Elo difference with its sign, rounded: `+147`, `-30`, `+inf`.
pub fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_owned()
    } else {
        // Rounded to 0, a small negative difference would print as "-0".
        let elo = if elo.abs() < 0.5 { 0.0 } else { elo };
        format!("{:+.0}", elo)
    }
}

/// The estimate as one line: `Elo +147 [+50, +274] (95 %), score 70.0 % [57.1, 82.9]`.
pub fn describe(estimate: &Estimate) -> String {
    format!(
        "Elo {} [{}, {}] (95 %), score {:.1} % [{:.1}, {:.1}]",
        signed(estimate.elo),
        signed(estimate.elo_interval.0),
        signed(estimate.elo_interval.1),
        100.0 * estimate.score,
        100.0 * estimate.score_interval.0,
        100.0 * estimate.score_interval.1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same games from the opponent's view.
    fn flipped(t: &Tally) -> Tally {
        Tally {
            wins: t.losses,
            draws: t.draws,
            losses: t.wins,
        }
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// 25 wins, 6 draws, 9 losses (the issue's ultimate figure), worked by hand:
    /// score = 28 / 40 = 0.7; Elo = -400 log10(3/7) = 400 (0.845098 - 0.477121) = 147.19;
    /// variance = 0.625 * 0.09 + 0.15 * 0.04 + 0.225 * 0.49 = 0.1725; standard error
    /// sqrt(0.1725 / 40) = 0.065670; margin 1.96 * that = 0.128711; score interval
    /// [0.571289, 0.828711]; Elo bounds -400 log10(0.428711 / 0.571289) = 49.87 and
    /// -400 log10(0.171289 / 0.828711) = 273.87.
    #[test]
    fn the_issue_figure_by_hand() {
        let tally = Tally {
            wins: 25,
            draws: 6,
            losses: 9,
        };
        let e = estimate(&tally).unwrap();
        assert!(close(e.score, 0.7, 1e-12));
        assert!(close(e.elo, 147.19, 0.01), "{}", e.elo);
        assert!(close(e.score_interval.0, 0.571289, 1e-5));
        assert!(close(e.score_interval.1, 0.828711, 1e-5));
        assert!(close(e.elo_interval.0, 49.87, 0.02), "{}", e.elo_interval.0);
        assert!(
            close(e.elo_interval.1, 273.87, 0.02),
            "{}",
            e.elo_interval.1
        );
        assert_eq!(
            describe(&e),
            "Elo +147 [+50, +274] (95 %), score 70.0 % [57.1, 82.9]"
        );
    }

    /// An even match is 0 Elo, symmetric bounds; the flipped tally mirrors the estimate.
    #[test]
    fn even_and_flipped() {
        // 10-20-10: score 0.5, variance (10 * 0.25 + 10 * 0.25) / 40 = 0.125,
        // margin 1.96 * sqrt(0.125 / 40) = 0.109565, Elo bounds -400 log10(0.609565/0.390435)
        // = -77.39 and +77.39.
        let even = Tally {
            wins: 10,
            draws: 20,
            losses: 10,
        };
        let e = estimate(&even).unwrap();
        assert!(close(e.elo, 0.0, 1e-9));
        assert_eq!(signed(-0.2), "+0");
        assert!(
            close(e.elo_interval.0, -77.39, 0.01),
            "{}",
            e.elo_interval.0
        );
        assert!(close(e.elo_interval.1, 77.39, 0.01));
        let t = Tally {
            wins: 7,
            draws: 2,
            losses: 3,
        };
        let (a, b) = (estimate(&t).unwrap(), estimate(&flipped(&t)).unwrap());
        assert!(close(a.elo, -b.elo, 1e-9));
        assert!(close(a.elo_interval.0, -b.elo_interval.1, 1e-9));
    }

    /// All wins: an infinite difference, and with every result equal the variance is 0, so
    /// both bounds are infinite too. A score interval that reaches 1 has an infinite bound.
    #[test]
    fn sweeps_and_no_games() {
        let sweep = Tally {
            wins: 8,
            draws: 0,
            losses: 0,
        };
        let e = estimate(&sweep).unwrap();
        assert_eq!(e.elo, f64::INFINITY);
        assert_eq!(signed(e.elo), "+inf");
        assert_eq!(signed(elo_from_score(0.0)), "-inf");
        assert_eq!(estimate(&Tally::default()), None);
        // 3 wins, 1 draw: score 0.875 = 7/8, Elo -400 log10(1/7) = 338.04.
        let e = estimate(&Tally {
            wins: 3,
            draws: 1,
            losses: 0,
        })
        .unwrap();
        assert!(close(e.elo, 338.04, 0.01));
        assert_eq!(e.elo_interval.1, f64::INFINITY);
    }
}
