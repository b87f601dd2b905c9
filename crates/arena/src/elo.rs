//! The arithmetic of a match result: score, Elo difference and its 95 % interval.
//!
//! The score is `(wins + draws / 2) / games`. The Elo difference that predicts it is
//! `-400 * log10(1 / score - 1)`.
//!
//! The interval is Wilson's score interval, extended to draws: the true scores `p` the
//! observed score `s` does not reject at 95 % under the normal approximation, each judged with
//! its own variance. A game's result (1, 1/2 or 0) with mean `p` and draw share `d` has
//! variance `p (1 - p) - d / 4`, so the bounds are the roots of
//! `(s - p)^2 = (z^2 / n) (p (1 - p) - d / 4)` with `z` = 1.96 and `n` games:
//! `(1 + k) p^2 - (2 s + k) p + (s^2 + k d / 4) = 0`, `k = z^2 / n`. Unlike the plain
//! `s ± z sqrt(variance / n)` it stays informative for a sweep (40 wins of 40: the score is at
//! least 0.912, +407 Elo) and never leaves 0..1. Each bound is turned into Elo; a bound at a
//! score of 0 or 1 is an infinite difference.

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
    let draws = f64::from(tally.draws) / games;
    let k = Z95 * Z95 / games;
    let (a, b, c) = (1.0 + k, 2.0 * score + k, score * score + k * draws / 4.0);
    let root = (b * b - 4.0 * a * c).max(0.0).sqrt();
    // A sweep's bound is exactly 0 or 1; rounding would leave it a hair inside and print a
    // huge finite Elo difference instead of an infinite one.
    let snap = |p: f64| match p {
        p if p >= 1.0 - 1e-9 => 1.0,
        p if p <= 1e-9 => 0.0,
        p => p,
    };
    let low = snap((b - root) / (2.0 * a));
    let high = snap((b + root) / (2.0 * a));
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

    /// 25 wins, 6 draws, 9 losses (an ultimate match's figure), worked by hand:
    /// score s = 28 / 40 = 0.7, Elo = -400 log10(3/7) = 400 (0.845098 - 0.477121) = 147.19;
    /// draw share d = 0.15, k = 1.959964^2 / 40 = 0.0960365; the bounds solve
    /// 1.0960365 p^2 - 1.4960365 p + (0.49 + 0.0960365 * 0.0375) = 0, so
    /// p = (1.4960365 -/+ sqrt(2.2381252 - 4 * 1.0960365 * 0.4936014)) / 2.1920729
    ///   = (1.4960365 -/+ 0.2722130) / 2.1920729 = 0.558291 and 0.806660,
    /// Elo -400 log10(0.441709 / 0.558291) = 40.69 and -400 log10(0.193340 / 0.806660) = 248.15.
    #[test]
    fn a_match_figure_by_hand() {
        let tally = Tally {
            wins: 25,
            draws: 6,
            losses: 9,
        };
        let e = estimate(&tally).unwrap();
        assert!(close(e.score, 0.7, 1e-12));
        assert!(close(e.elo, 147.19, 0.01), "{}", e.elo);
        assert!(
            close(e.score_interval.0, 0.558291, 1e-5),
            "{:?}",
            e.score_interval
        );
        assert!(close(e.score_interval.1, 0.806660, 1e-5));
        assert!(close(e.elo_interval.0, 40.69, 0.01), "{}", e.elo_interval.0);
        assert!(
            close(e.elo_interval.1, 248.15, 0.01),
            "{}",
            e.elo_interval.1
        );
        assert_eq!(
            describe(&e),
            "Elo +147 [+41, +248] (95 %), score 70.0 % [55.8, 80.7]"
        );
    }

    /// An even match is 0 Elo, symmetric bounds; the flipped tally mirrors the estimate.
    #[test]
    fn even_and_flipped() {
        // 10-20-10: s = 0.5, d = 0.5: 1.0960365 p^2 - 1.0960365 p + (0.25 + 0.0120046) = 0,
        // p = 0.5 -/+ sqrt(1.2012960 - 1.1486845) / 2.1920729 = 0.395345 and 0.604655,
        // Elo -400 log10(0.604655 / 0.395345) = -73.81 and +73.81.
        let even = Tally {
            wins: 10,
            draws: 20,
            losses: 10,
        };
        let e = estimate(&even).unwrap();
        assert!(close(e.elo, 0.0, 1e-9));
        assert_eq!(signed(-0.2), "+0");
        assert!(
            close(e.elo_interval.0, -73.81, 0.01),
            "{}",
            e.elo_interval.0
        );
        assert!(close(e.elo_interval.1, 73.81, 0.01));
        let t = Tally {
            wins: 7,
            draws: 2,
            losses: 3,
        };
        let (a, b) = (estimate(&t).unwrap(), estimate(&flipped(&t)).unwrap());
        assert!(close(a.elo, -b.elo, 1e-9));
        assert!(close(a.elo_interval.0, -b.elo_interval.1, 1e-9));
    }

    /// A sweep: an infinite difference, with a finite lower bound. 40-0-0: s = 1, d = 0,
    /// k = 0.0960365: 1.0960365 p^2 - 2.0960365 p + 1 = 0, whose roots are 1 and (their
    /// product being 1 / 1.0960365) 0.912378, Elo -400 log10(0.087622 / 0.912378) = 407.03.
    #[test]
    fn sweeps_and_no_games() {
        let sweep = Tally {
            wins: 40,
            draws: 0,
            losses: 0,
        };
        let e = estimate(&sweep).unwrap();
        assert_eq!(e.elo, f64::INFINITY);
        assert_eq!(signed(e.elo), "+inf");
        assert!(close(e.score_interval.0, 0.912378, 1e-5));
        assert!(
            close(e.elo_interval.0, 407.03, 0.01),
            "{}",
            e.elo_interval.0
        );
        assert_eq!(e.elo_interval.1, f64::INFINITY);
        let swept = estimate(&flipped(&sweep)).unwrap();
        assert_eq!(signed(swept.elo), "-inf");
        assert!(close(swept.elo_interval.1, -407.03, 0.01));
        assert_eq!(estimate(&Tally::default()), None);
        // Every sweep's outer bound is infinite, whatever the rounding of its root.
        for games in 1..=200 {
            let e = estimate(&Tally {
                wins: games,
                draws: 0,
                losses: 0,
            })
            .unwrap();
            assert_eq!(e.elo_interval.1, f64::INFINITY, "{games} games");
            assert!(e.elo_interval.0.is_finite(), "{games} games");
        }
        // 3 wins, 1 draw: s = 7/8, Elo -400 log10(1/7) = 338.04.
        let e = estimate(&Tally {
            wins: 3,
            draws: 1,
            losses: 0,
        })
        .unwrap();
        assert!(close(e.elo, 338.04, 0.01));
        assert!(e.score_interval.1 < 1.0 && e.score_interval.0 > 0.0);
    }
}
