//! Match statistics: wins, draws and losses, the score, and the Elo difference with a
//! 95% interval. The engine's `match` command and the tuner share them.
//!
//! The Elo difference is the logistic one, `-400 log10(1/s - 1)` for a score fraction
//! `s`. Its interval maps `s ± 1.96 se` through the same formula, with `se` from the
//! trinomial (win/draw/loss) variance of the per-game score: `var = Σ p_i (x_i - s)²`,
//! `se = sqrt(var / n)`. A bound at or past 0 or 1 is an infinite Elo, never a NaN.

use std::fmt;

/// The two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses from one player's side.
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
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win is 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The score as a fraction of the games, `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| self.points() / f64::from(games))
    }

    /// The Elo difference and its 95% interval, `None` before the first game.
    pub fn elo(&self) -> Option<Elo> {
        let score = self.score()?;
        let n = f64::from(self.games());
        let variance = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / n;
        let margin = Z95 * (variance / n).sqrt();
        Some(Elo {
            difference: elo_of_score(score),
            lower: elo_of_score(score - margin),
            upper: elo_of_score(score + margin),
        })
    }
}

/// The Elo difference for a score fraction: 0.5 is 0, 0.75 is about +191. Scores at or
/// below 0 are minus infinity, at or above 1 plus infinity (and a NaN is 0).
pub fn elo_of_score(score: f64) -> f64 {
    if score.is_nan() {
        0.0
    } else if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The estimate.
    pub difference: f64,
    /// The lower end of the 95% interval.
    pub lower: f64,
    /// The upper end of the 95% interval.
    pub upper: f64,
}

impl fmt::Display for Elo {
    /// `+88.7 (95%: -58.2 .. +271.4)`; infinite ends as `-inf`/`+inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (95%: {} .. {})",
            signed(self.difference),
            signed(self.lower),
            signed(self.upper)
        )
    }
}

/// `+12.3`, `-4.0`, `+inf`, `-inf`.
fn signed(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".into()
    } else if x == f64::NEG_INFINITY {
        "-inf".into()
    } else {
        format!("{x:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo_of_score(0.5), 0.0);
        assert!(close(elo_of_score(0.75), 190.8));
        assert!(close(elo_of_score(0.25), -190.8));
        assert!(close(elo_of_score(0.64), 100.0));
        assert!(close(elo_of_score(10.0 / 11.0), 400.0));
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
        assert_eq!(elo_of_score(f64::NAN), 0.0);
    }

    #[test]
    fn even_match_is_zero_with_a_symmetric_interval() {
        let elo = tally(10, 20, 10).elo().unwrap();
        assert_eq!(elo.difference, 0.0);
        assert!(elo.lower < 0.0 && close(elo.lower, -elo.upper));
        // All draws: no spread at all.
        let elo = tally(0, 8, 0).elo().unwrap();
        assert_eq!((elo.difference, elo.lower, elo.upper), (0.0, 0.0, 0.0));
    }

    #[test]
    fn interval_from_the_trinomial_variance() {
        // s = 0.7, var = (60·0.09 + 20·0.04 + 20·0.49) / 100 = 0.16, se = 0.04.
        let t = tally(60, 20, 20);
        assert_eq!(t.points(), 70.0);
        assert_eq!(t.score(), Some(0.7));
        let elo = t.elo().unwrap();
        assert!(close(elo.difference, elo_of_score(0.7)));
        assert!(close(elo.lower, elo_of_score(0.7 - Z95 * 0.04)));
        assert!(close(elo.upper, elo_of_score(0.7 + Z95 * 0.04)));
        assert!(close(elo.difference, 147.2), "{elo}");
        assert_eq!(elo.to_string(), "+147.2 (95%: +86.2 .. +218.3)");
    }

    #[test]
    fn one_sided_results_are_infinite_not_nan() {
        let all_wins = tally(8, 0, 0).elo().unwrap();
        assert_eq!(all_wins.difference, f64::INFINITY);
        assert_eq!(all_wins.to_string(), "+inf (95%: +inf .. +inf)");
        let all_losses = tally(0, 0, 3).elo().unwrap();
        assert_eq!(all_losses.difference, f64::NEG_INFINITY);
        // Nearly all wins: the upper end passes a score of 1.
        let nearly = tally(9, 1, 0).elo().unwrap();
        assert!(nearly.difference.is_finite() && nearly.lower.is_finite());
        assert_eq!(nearly.upper, f64::INFINITY);
        for elo in [all_wins, all_losses, nearly] {
            assert!(!elo.difference.is_nan() && !elo.lower.is_nan() && !elo.upper.is_nan());
        }
        assert_eq!(tally(0, 0, 0).elo(), None);
        assert_eq!(tally(0, 0, 0).score(), None);
    }
}
