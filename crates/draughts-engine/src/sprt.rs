//! A sequential probability ratio test (SPRT) on game pairs, to stop a match as soon as
//! it has shown which of two Elo differences is the truth.
//!
//! Each opening is played twice with colours swapped; a *pair*'s score for the player
//! under test is 0, ½, 1, 1½ or 2, so a match is a [`Pentanomial`] tally of pair scores
//! (pairs rather than games, because the two games of an opening are correlated).
//!
//! The hypotheses are logistic Elo differences: H0 says `elo0`, H1 says `elo1`, where
//! an Elo difference `e` stands for the expected score per game
//! `s(e) = 1 / (1 + 10^(-e/400))` (the formula of [`elo_of_score`](crate::stats::elo_of_score),
//! inverted). Write a pair's score as a fraction `a_k = k/4` (k = 0..4 half points),
//! `n_k` for the pairs counted with score `a_k`, `N = Σ n_k`, and `p̂_k = n_k / N`.
//!
//! The log-likelihood ratio is the generalised one (as fishtest computes it): under each
//! hypothesis, the pentanomial distribution is the maximum-likelihood one whose mean is
//! `s = s(elo)`, which is `p_k = p̂_k / (1 + λ (a_k - s))`, with `λ` the root of
//!
//! ```text
//! Σ_k p̂_k (a_k - s) / (1 + λ (a_k - s)) = 0
//! ```
//!
//! on the interval where every `1 + λ (a_k - s)` is positive (the left side falls from
//! +∞ to -∞ there, so bisection finds it). Then
//!
//! ```text
//! LLR = Σ_k n_k ln(p1_k / p0_k) = Σ_k n_k [ln(1 + λ0 (a_k - s0)) - ln(1 + λ1 (a_k - s1))]
//! ```
//!
//! For small Elo differences it is close to the normal approximation
//! `N (s1 - s0) (2 ā - s0 - s1) / (2 σ²)`, with `ā` and `σ²` the mean and variance of
//! the pair scores `a`. As in fishtest, a count of zero is taken as 0.001 (so that no
//! outcome is impossible under the fitted distributions); no pairs at all give 0.
//!
//! The test stops when the LLR leaves `(ln(β / (1 - α)), ln((1 - β) / α))`: below the
//! lower bound H0 is accepted, above the upper one H1. `α` is the chance of accepting
//! H1 when H0 is true, `β` that of accepting H0 when H1 is.
//!
//! ```
//! use draughts_engine::sprt::{Decision, Outcome, Pentanomial, Sprt};
//!
//! let sprt: Sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05".parse()?;
//! let (lower, upper) = sprt.bounds();
//! assert!((upper - 19f64.ln()).abs() < 1e-12 && lower == -upper);
//! let mut pairs = Pentanomial::default();
//! for _ in 0..400 {
//!     pairs.add(Outcome::Win, Outcome::Draw);
//!     pairs.add(Outcome::Draw, Outcome::Draw);
//!     pairs.add(Outcome::Loss, Outcome::Draw);
//! }
//! // An even score: closer to H0 (0 Elo) than to H1 (10 Elo).
//! let llr = sprt.llr(&pairs);
//! assert!(llr < 0.0);
//! assert_eq!(sprt.decide(llr), if llr < lower { Some(Decision::H0) } else { None });
//! # Ok::<(), draughts_engine::sprt::SprtError>(())
//! ```

use std::fmt;
use std::str::FromStr;

/// What a zero count is taken as, so that the fitted distributions give every pair
/// score some chance (fishtest's choice).
const ZERO_COUNT: f64 = 1e-3;

/// The largest Elo difference a hypothesis may name: its expected score is then still
/// clearly inside (0, 1).
const MAX_ELO: f64 = 1000.0;

/// One game's result for the player under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Lost: no point.
    Loss,
    /// Drawn: half a point.
    Draw,
    /// Won: a point.
    Win,
}

impl Outcome {
    /// The game's score in half points: 0, 1 or 2.
    pub fn half_points(self) -> usize {
        match self {
            Outcome::Loss => 0,
            Outcome::Draw => 1,
            Outcome::Win => 2,
        }
    }
}

/// Pairs counted by their score: index `k` holds the pairs worth `k/2` points (0, ½,
/// 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs by score in half points.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Counts the pair of games with these results.
    pub fn add(&mut self, first: Outcome, second: Outcome) {
        self.counts[first.half_points() + second.half_points()] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The same pairs seen from the other player's side (the counts reversed).
    pub fn reversed(&self) -> Pentanomial {
        let mut counts = self.counts;
        counts.reverse();
        Pentanomial { counts }
    }
}

impl fmt::Display for Pentanomial {
    /// `pairs 0/½/1/1½/2: 3, 12, 40, 10, 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.counts;
        write!(f, "pairs 0/0.5/1/1.5/2: {a}, {b}, {c}, {d}, {e}")
    }
}

/// Which hypothesis the test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The Elo difference is `elo0` (or less).
    H0,
    /// The Elo difference is `elo1` (or more).
    H1,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::H0 => "H0 accepted",
            Decision::H1 => "H1 accepted",
        })
    }
}

/// The settings of a test: H0 `elo0` against H1 `elo1` (logistic Elo, `elo0 < elo1`),
/// with error rates `alpha` (accepting H1 under H0) and `beta` (accepting H0 under H1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Default for Sprt {
    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05`.
    fn default() -> Sprt {
        Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

impl Sprt {
    /// Checks that the test can be run: Elo differences within ±[`MAX_ELO`] with
    /// `elo0 < elo1`, error rates inside (0, 1) adding up to less than 1.
    ///
    /// # Errors
    /// A [`SprtError`] naming the first setting that is wrong.
    pub fn check(&self) -> Result<(), SprtError> {
        for (key, value) in [("elo0", self.elo0), ("elo1", self.elo1)] {
            if !(-MAX_ELO..=MAX_ELO).contains(&value) {
                let key = key.to_string();
                return Err(SprtError::EloRange { key, value });
            }
        }
        for (key, value) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(value > 0.0 && value < 1.0) {
                let key = key.to_string();
                return Err(SprtError::Probability { key, value });
            }
        }
        if self.elo0 >= self.elo1 {
            return Err(SprtError::EloOrder {
                elo0: self.elo0,
                elo1: self.elo1,
            });
        }
        if self.alpha + self.beta >= 1.0 {
            return Err(SprtError::ErrorRates {
                alpha: self.alpha,
                beta: self.beta,
            });
        }
        Ok(())
    }

    /// The LLR bounds `(ln(β / (1 - α)), ln((1 - β) / α))`: below the first H0 is
    /// accepted, above the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 to H0 given `pairs` (see the module's
    /// documentation); 0 without pairs.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs
            .counts
            .map(|n| if n == 0 { ZERO_COUNT } else { f64::from(n) });
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        // Σ n_k ln(1 + λ (a_k - s)) = ln L(p̂) - ln L(p) for the fitted p of mean s.
        let shortfall = |s: f64| {
            let lambda = lagrange_multiplier(&counts, s);
            (0..5)
                .map(|k| counts[k] * (1.0 + lambda * (pair_fraction(k) - s)).ln())
                .sum::<f64>()
        };
        shortfall(s0) - shortfall(s1)
    }

    /// The decision an LLR calls for, if any.
    pub fn decide(&self, llr: f64) -> Option<Decision> {
        let (lower, upper) = self.bounds();
        if llr <= lower {
            Some(Decision::H0)
        } else if llr >= upper {
            Some(Decision::H1)
        } else {
            None
        }
    }
}

/// The expected score per game of a logistic Elo difference: 0 is ½, +191 about ¾.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The score fraction of a pair worth `k` half points: `k/4`.
fn pair_fraction(k: usize) -> f64 {
    k as f64 / 4.0
}

/// The root `λ` of `Σ n_k (a_k - s) / (1 + λ (a_k - s)) = 0` with every
/// `1 + λ (a_k - s) > 0`, for positive counts and `0 < s < 1`: the left side falls
/// strictly from +∞ at `λ = -1/(1 - s)` to -∞ at `λ = 1/s`, so bisection halves the
/// interval until its ends meet in floating point.
fn lagrange_multiplier(counts: &[f64; 5], s: f64) -> f64 {
    debug_assert!(s > 0.0 && s < 1.0 && counts.iter().all(|&n| n > 0.0));
    let slope = |lambda: f64| {
        (0..5)
            .map(|k| {
                let d = pair_fraction(k) - s;
                counts[k] * d / (1.0 + lambda * d)
            })
            .sum::<f64>()
    };
    let (mut low, mut high) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if slope(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    0.5 * (low + high)
}

/// A `--sprt` setting that cannot be used.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// An item without `=`, or with an empty key.
    #[error("{0:?} is not key=value (use elo0=0,elo1=5,alpha=0.05,beta=0.05)")]
    NotKeyValue(String),
    /// A key other than `elo0`, `elo1`, `alpha`, `beta`.
    #[error("unknown SPRT setting {0:?}: use elo0, elo1, alpha or beta")]
    UnknownKey(String),
    /// A key given twice.
    #[error("{0} is given twice")]
    Repeated(String),
    /// A value that is not a number.
    #[error("{key}={value:?} is not a number")]
    NotANumber {
        /// The setting.
        key: String,
        /// Its value as written.
        value: String,
    },
    /// An Elo difference that is not finite or too large.
    #[error("{key}={value} is out of range (-{MAX_ELO} to {MAX_ELO})")]
    EloRange {
        /// `elo0` or `elo1`.
        key: String,
        /// The value.
        value: f64,
    },
    /// `alpha` or `beta` not strictly between 0 and 1.
    #[error("{key}={value} is not a probability strictly between 0 and 1")]
    Probability {
        /// `alpha` or `beta`.
        key: String,
        /// The value.
        value: f64,
    },
    /// `alpha + beta >= 1`: the bounds would not enclose 0.
    #[error("alpha + beta must be below 1 (alpha={alpha}, beta={beta})")]
    ErrorRates {
        /// The value of `alpha`.
        alpha: f64,
        /// The value of `beta`.
        beta: f64,
    },
    /// `elo0` not below `elo1`.
    #[error("elo0 ({elo0}) must be below elo1 ({elo1})")]
    EloOrder {
        /// The value of `elo0`.
        elo0: f64,
        /// The value of `elo1`.
        elo1: f64,
    },
}

impl FromStr for Sprt {
    type Err = SprtError;

    /// Reads `elo0=0,elo1=5,alpha=0.05,beta=0.05`; keys left out keep these defaults.
    ///
    /// # Errors
    /// A [`SprtError`] naming what is wrong.
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let mut sprt = Sprt::default();
        let mut seen: Vec<String> = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let Some((key, value)) = item
                .split_once('=')
                .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim()))
                .filter(|(k, _)| !k.is_empty())
            else {
                return Err(SprtError::NotKeyValue(item.to_string()));
            };
            if !["elo0", "elo1", "alpha", "beta"].contains(&key.as_str()) {
                return Err(SprtError::UnknownKey(key));
            }
            if seen.contains(&key) {
                return Err(SprtError::Repeated(key));
            }
            let number: f64 = value.parse().map_err(|_| SprtError::NotANumber {
                key: key.clone(),
                value: value.to_string(),
            })?;
            match key.as_str() {
                "elo0" => sprt.elo0 = number,
                "elo1" => sprt.elo1 = number,
                "alpha" => sprt.alpha = number,
                _ => sprt.beta = number,
            }
            seen.push(key);
        }
        sprt.check()?;
        Ok(sprt)
    }
}

impl fmt::Display for Sprt {
    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05`, which reads back to the same settings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(counts: [u32; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            ..Sprt::default()
        }
    }

    /// The normal approximation `N (s1 - s0) (2 ā - s0 - s1) / (2 σ²)`.
    fn normal_llr(sprt: &Sprt, pairs: &Pentanomial) -> f64 {
        let n = f64::from(pairs.pairs());
        let mean = (0..5)
            .map(|k| f64::from(pairs.counts[k]) * pair_fraction(k))
            .sum::<f64>()
            / n;
        let variance = (0..5)
            .map(|k| f64::from(pairs.counts[k]) * (pair_fraction(k) - mean).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (score_of_elo(sprt.elo0), score_of_elo(sprt.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    #[test]
    fn bounds_and_decisions() {
        let test = Sprt::default();
        let (lower, upper) = test.bounds();
        assert!((lower + 2.944_438_979).abs() < 1e-8 && (upper - 2.944_438_979).abs() < 1e-8);
        let skewed = Sprt {
            alpha: 0.01,
            beta: 0.1,
            ..Sprt::default()
        };
        // ln(0.1/0.99) and ln(0.9/0.01).
        let (lower, upper) = skewed.bounds();
        assert!((lower + 2.292_534_757).abs() < 1e-8, "{lower}");
        assert!((upper - 4.499_809_670).abs() < 1e-8, "{upper}");
        assert_eq!(skewed.decide(-2.3), Some(Decision::H0));
        assert_eq!(skewed.decide(4.5), Some(Decision::H1));
        assert_eq!(skewed.decide(4.4), None);
        assert_eq!(Decision::H1.to_string(), "H1 accepted");
    }

    /// Figures computed independently in Python, by maximising the likelihood over the
    /// simplex under the mean constraint with a general optimiser (no Lagrange
    /// multiplier).
    #[test]
    fn known_values() {
        for (counts, elo0, elo1, expected) in [
            ([12, 95, 210, 110, 23], 0.0, 5.0, EXPECTED_A),
            ([3, 10, 40, 12, 5], -5.0, 5.0, EXPECTED_B),
            ([0, 30, 100, 45, 0], 0.0, 10.0, EXPECTED_C),
        ] {
            let llr = sprt(elo0, elo1).llr(&pairs(counts));
            assert!(
                (llr - expected).abs() < 1e-7,
                "{counts:?}: {llr} against {expected}"
            );
        }
    }

    const EXPECTED_A: f64 = 1.155_250_905;
    const EXPECTED_B: f64 = 0.448_334_175;
    const EXPECTED_C: f64 = 1.345_683_851;

    #[test]
    fn close_to_the_normal_approximation_for_small_differences() {
        for counts in [
            [12, 95, 210, 110, 23],
            [40, 160, 300, 150, 35],
            [5, 50, 400, 60, 2],
        ] {
            let test = sprt(-2.0, 3.0);
            let (exact, normal) = (test.llr(&pairs(counts)), normal_llr(&test, &pairs(counts)));
            assert!(
                (exact - normal).abs() < 0.02 * normal.abs().max(1.0),
                "{counts:?}: {exact} {normal}"
            );
        }
    }

    #[test]
    fn symmetries() {
        for counts in [[12, 95, 210, 110, 23], [3, 10, 40, 12, 5], [0, 2, 9, 0, 1]] {
            let p = pairs(counts);
            let llr = sprt(-5.0, 5.0).llr(&p);
            // Swapping the hypotheses negates the ratio.
            assert!((sprt(-5.0, 5.0).llr(&p) + swapped(&p, -5.0, 5.0)).abs() < 1e-9);
            // Seen from the other side (wins and losses swapped), symmetric hypotheses
            // give the opposite ratio; in general (e0, e1) become (-e1, -e0).
            assert!(
                (sprt(-5.0, 5.0).llr(&p.reversed()) + llr).abs() < 1e-9,
                "{counts:?}"
            );
            let one_sided = sprt(0.0, 8.0).llr(&p);
            assert!((sprt(-8.0, 0.0).llr(&p.reversed()) + one_sided).abs() < 1e-9);
            // Twice the pairs, in the same shares, twice the evidence.
            let doubled = pairs(counts.map(|n| 2 * n));
            if counts.iter().all(|&n| n > 0) {
                assert!((sprt(-5.0, 5.0).llr(&doubled) - 2.0 * llr).abs() < 1e-9);
            }
        }
    }

    /// The LLR of H0 to H1: the hypotheses' likelihoods the other way round.
    fn swapped(p: &Pentanomial, elo0: f64, elo1: f64) -> f64 {
        let counts = p
            .counts
            .map(|n| if n == 0 { ZERO_COUNT } else { f64::from(n) });
        let shortfall = |s: f64| {
            let lambda = lagrange_multiplier(&counts, s);
            (0..5)
                .map(|k| counts[k] * (1.0 + lambda * (pair_fraction(k) - s)).ln())
                .sum::<f64>()
        };
        shortfall(score_of_elo(elo1)) - shortfall(score_of_elo(elo0))
    }

    #[test]
    fn evidence_points_the_right_way() {
        let test = Sprt::default();
        assert_eq!(test.llr(&Pentanomial::default()), 0.0);
        // Mostly won pairs: far above H1's 5 Elo.
        let strong = pairs([3, 15, 60, 90, 60]);
        assert_eq!(test.decide(test.llr(&strong)), Some(Decision::H1));
        assert_eq!(
            test.decide(test.llr(&strong.reversed())),
            Some(Decision::H0)
        );
        // One more won pair raises the ratio, one more lost pair lowers it.
        let base = pairs([10, 40, 80, 40, 10]);
        let llr = test.llr(&base);
        assert!(test.llr(&pairs([10, 40, 80, 40, 11])) > llr);
        assert!(test.llr(&pairs([11, 40, 80, 40, 10])) < llr);
        // An even score lies below the midpoint of 0 and 5 Elo.
        assert!(llr < 0.0);
        // Every pair drawn 1-1: a score of exactly one half, no spread, still finite.
        let flat = test.llr(&pairs([0, 0, 500, 0, 0]));
        assert!(flat.is_finite() && flat < 0.0, "{flat}");
    }

    proptest::proptest! {
        #[test]
        fn finite_and_mirrored(
            counts in proptest::array::uniform5(0u32..3000),
            elo0 in -1000.0f64..999.0,
            width in 0.1f64..400.0,
        ) {
            let test = sprt(elo0, (elo0 + width).min(1000.0));
            let p = pairs(counts);
            let llr = test.llr(&p);
            proptest::prop_assert!(llr.is_finite());
            let mirrored = sprt(-test.elo1, -test.elo0).llr(&p.reversed());
            proptest::prop_assert!((llr + mirrored).abs() <= 1e-6 * llr.abs().max(1.0), "{} {}", llr, mirrored);
        }
    }

    #[test]
    fn tally_of_pairs() {
        let mut p = Pentanomial::default();
        p.add(Outcome::Win, Outcome::Win);
        p.add(Outcome::Win, Outcome::Loss);
        p.add(Outcome::Draw, Outcome::Loss);
        p.add(Outcome::Loss, Outcome::Draw);
        assert_eq!(p.counts, [0, 2, 1, 0, 1]);
        assert_eq!(p.pairs(), 4);
        assert_eq!(p.reversed().counts, [1, 0, 1, 2, 0]);
        assert_eq!(p.to_string(), "pairs 0/0.5/1/1.5/2: 0, 2, 1, 0, 1");
    }

    #[test]
    fn settings_read_and_write() {
        let read: Sprt = "elo0=0,elo1=5,alpha=0.05,beta=0.05".parse().unwrap();
        assert_eq!(read, Sprt::default());
        let partial: Sprt = " ELO1 = 10 , beta=0.1,".parse().unwrap();
        assert_eq!((partial.elo0, partial.elo1, partial.beta), (0.0, 10.0, 0.1));
        let odd = Sprt {
            elo0: -1.5,
            elo1: 2.25,
            alpha: 0.001,
            beta: 0.2,
        };
        assert_eq!(odd.to_string().parse::<Sprt>(), Ok(odd));
        for (text, error) in [
            ("elo0=0,elo2=5", "unknown SPRT setting \"elo2\""),
            ("elo0", "not key=value"),
            ("=5", "not key=value"),
            ("elo0=x", "is not a number"),
            ("elo0=1,elo0=2", "given twice"),
            ("alpha=0", "not a probability"),
            ("beta=1", "not a probability"),
            ("alpha=-0.1", "not a probability"),
            ("alpha=NaN", "not a probability"),
            ("alpha=0.6,beta=0.5", "alpha + beta must be below 1"),
            ("elo0=5,elo1=5", "must be below elo1"),
            ("elo0=10", "must be below elo1"),
            ("elo1=inf", "out of range"),
            ("elo0=-1e9", "out of range"),
            ("elo1=NaN", "out of range"),
        ] {
            let message = text.parse::<Sprt>().unwrap_err().to_string();
            assert!(message.contains(error), "{text}: {message}");
        }
    }
}
