//! Logistic fitting: the weights that best predict game results from quiet positions.
//!
//! Each quiet position of a game (neither side can capture) is a sample: its feature
//! vector from the side to move's view ([`LinearEval::features`]) and a target of 1, ½
//! or 0 as the side to move went on to win, draw or lose. The model predicts
//! `sigmoid(eval / K)`; `K` is fitted first with the starting weights, then the
//! weights minimise the logistic loss (cross-entropy) by full-batch gradient descent
//! (Adam). The evaluation is linear in the weights, so the loss is convex in them and
//! the gradient exact. Samples are split into a training and a hold-out set by game,
//! so positions of one game never sit on both sides.

use crate::error::TuneError;
use crate::plot::{line_chart, Series};
use draughts_core::{Game, GameResult, Variant};
use draughts_eval::{Drawish, Feature, LinearEval, Weights, FEATURE_COUNT, MAX_WEIGHT};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::fmt::Write as _;
use std::path::Path;

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The side to move's feature differences.
    pub features: [i32; FEATURE_COUNT],
    /// How the weighted sum is scaled down in drawish endings.
    pub drawish: Drawish,
    /// 1, ½ or 0: the side to move's result.
    pub target: f64,
}

impl Sample {
    /// The evaluation with real-valued `weights` (no rounding).
    pub fn eval(&self, weights: &[f64; FEATURE_COUNT]) -> f64 {
        let sum: f64 = self
            .features
            .iter()
            .zip(weights)
            .map(|(&x, w)| f64::from(x) * w)
            .sum();
        sum / f64::from(self.drawish.divisor(sum))
    }
}

/// The quiet positions of a game after its first `skip_plies` plies, labelled with
/// `result` (a game without a winner or a draw gives none). Positions where the game is
/// over are left out.
///
/// ```
/// use draughts_core::{English, Game, GameResult};
/// use draughts_tune::samples_from_game;
///
/// let mut game = Game::<English>::new();
/// game.play_text("11-15")?;
/// game.play_text("23-19")?;
/// // Black (to move first in English) won: the start position is a 1 for Black.
/// let samples = samples_from_game(&game, GameResult::BlackWins, 0);
/// assert_eq!(samples.len(), 3);
/// assert_eq!(samples[0].target, 1.0);
/// assert_eq!(samples[1].target, 0.0);
/// # Ok::<(), draughts_core::MoveTextError>(())
/// ```
pub fn samples_from_game<V: Variant>(
    game: &Game<V>,
    result: GameResult,
    skip_plies: usize,
) -> Vec<Sample> {
    let winner = match result {
        GameResult::WhiteWins | GameResult::BlackWins => result.winner(),
        GameResult::Draw => None,
        _ => return Vec::new(),
    };
    game.positions()
        .iter()
        .skip(skip_plies)
        .filter(|pos| pos.is_quiet() && pos.winner().is_none())
        .map(|pos| {
            let (features, drawish) = LinearEval::<V>::features(pos);
            let target = match winner {
                None => 0.5,
                Some(color) if color == pos.turn() => 1.0,
                Some(_) => 0.0,
            };
            Sample {
                features,
                drawish,
                target,
            }
        })
        .collect()
}

/// How the weights are fitted.
#[derive(Clone, Debug, PartialEq)]
pub struct FitConfig {
    /// Gradient steps.
    pub iterations: usize,
    /// Adam's step size in weight units (hundredths of a man), decayed linearly to a
    /// tenth of itself over the run.
    pub learning_rate: f64,
    /// The fraction of the games held out to measure the fit.
    pub holdout: f64,
    /// Weights kept at their starting value: the man stays 100, the unit of the rest.
    pub fixed: Vec<Feature>,
    /// Plies skipped at the start of each game (the opening, shared by many games).
    pub skip_plies: usize,
    /// The weight of a penalty `l2 * sum(((w - start) / 100)^2)` added to the loss: it
    /// keeps the weights near the starting ones where the data says little. A lower
    /// loss on self-play results is not the same as stronger play (features that merely
    /// go with winning get credit), so a fit is checked by matches.
    pub l2: f64,
    /// The seed of the split.
    pub seed: u64,
}

impl Default for FitConfig {
    /// 1000 steps of size 1, a fifth of the games held out, the man fixed, no ply
    /// skipped, no penalty.
    fn default() -> FitConfig {
        FitConfig {
            iterations: 1000,
            learning_rate: 1.0,
            holdout: 0.2,
            fixed: vec![Feature::Men],
            skip_plies: 0,
            l2: 0.0,
            seed: 1,
        }
    }
}

/// One point of the loss curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LossPoint {
    /// The gradient step (0 = the starting weights).
    pub iteration: usize,
    /// Mean loss on the training samples.
    pub train: f64,
    /// Mean loss on the hold-out samples (`NaN` without any).
    pub holdout: f64,
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct FitOutcome {
    /// The scale of the sigmoid, fitted with the starting weights.
    pub k: f64,
    /// The fitted weights, rounded and clamped.
    pub weights: Weights,
    /// Losses along the way, every 10 steps and at the end.
    pub curve: Vec<LossPoint>,
    /// Training and hold-out samples.
    pub samples: (usize, usize),
    /// The starting weights' losses.
    pub start: LossPoint,
    /// The rounded fitted weights' losses.
    pub end: LossPoint,
}

/// Mean logistic loss (cross-entropy) of `weights` on `samples` with scale `k`; `NaN`
/// for no samples.
pub fn loss(samples: &[Sample], weights: &[f64; FEATURE_COUNT], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(s.eval(weights) / k).clamp(1e-12, 1.0 - 1e-12);
            -(s.target * p.ln() + (1.0 - s.target) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
}

pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The `k` that minimises the loss of `weights`: a golden-section search on `ln k`
/// from 10 to 10,000.
pub fn fit_k(samples: &[Sample], weights: &[f64; FEATURE_COUNT]) -> f64 {
    best_k(|k| loss(samples, weights, k))
}

/// The `k` from 10 to 10,000 that minimises `loss(k)`: a golden-section search on
/// `ln k`.
pub(crate) fn best_k(loss: impl Fn(f64) -> f64) -> f64 {
    let f = |ln_k: f64| loss(ln_k.exp());
    let (mut a, mut b) = (10f64.ln(), 10_000f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - ratio * (b - a), a + ratio * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - ratio * (b - a);
            fc = f(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + ratio * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Splits games into training and hold-out samples: a `holdout` fraction of the games,
/// chosen at random with `seed`, goes to the second set.
pub fn split_samples<V: Variant>(
    games: &[(Game<V>, GameResult)],
    holdout: f64,
    skip_plies: usize,
    seed: u64,
) -> (Vec<Sample>, Vec<Sample>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (game, result) in games {
        let samples = samples_from_game(game, *result, skip_plies);
        if rng.random_bool(holdout.clamp(0.0, 1.0)) {
            test.extend(samples);
        } else {
            train.extend(samples);
        }
    }
    (train, test)
}

/// Fits weights to `train` from `start`, measuring on `holdout` as it goes.
///
/// # Errors
/// [`TuneError::Config`] without training samples or with an invalid setting.
pub fn fit(
    train: &[Sample],
    holdout: &[Sample],
    start: &Weights,
    config: &FitConfig,
) -> Result<FitOutcome, TuneError> {
    if train.is_empty() {
        return Err(TuneError::Config(
            "no training positions: give more games".into(),
        ));
    }
    if !(config.l2 >= 0.0 && config.l2.is_finite()) {
        return Err(TuneError::Config(format!(
            "the L2 penalty must be 0 or more, not {}",
            config.l2
        )));
    }
    if !(config.learning_rate > 0.0 && config.learning_rate.is_finite()) {
        return Err(TuneError::Config(format!(
            "the learning rate must be positive, not {}",
            config.learning_rate
        )));
    }
    let mut weights: [f64; FEATURE_COUNT] = start.as_array().map(f64::from);
    let k = fit_k(train, &weights);
    let point = |iteration, w: &[f64; FEATURE_COUNT]| LossPoint {
        iteration,
        train: loss(train, w, k),
        holdout: loss(holdout, w, k),
    };
    let first = point(0, &weights);
    let mut curve = vec![first];
    let free: [bool; FEATURE_COUNT] =
        std::array::from_fn(|i| !config.fixed.contains(&Feature::ALL[i]));
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-12);
    let (mut m, mut v) = ([0.0; FEATURE_COUNT], [0.0; FEATURE_COUNT]);
    let n = train.len() as f64;
    for step in 1..=config.iterations {
        let mut gradient = [0.0; FEATURE_COUNT];
        for s in train {
            let eval = s.eval(&weights);
            let p = sigmoid(eval / k);
            let scale = (p - s.target) / (k * f64::from(s.drawish.divisor(eval)));
            for (g, &x) in gradient.iter_mut().zip(&s.features) {
                *g += scale * f64::from(x);
            }
        }
        let progress = step as f64 / config.iterations as f64;
        let rate = config.learning_rate * (1.0 - 0.9 * progress);
        for i in 0..FEATURE_COUNT {
            if !free[i] {
                continue;
            }
            let drift = (weights[i] - f64::from(start.as_array()[i])) / 100.0;
            let g = gradient[i] / n + 2.0 * config.l2 * drift / 100.0;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            weights[i] = (weights[i] - rate * m_hat / (v_hat.sqrt() + epsilon))
                .clamp(-f64::from(MAX_WEIGHT), f64::from(MAX_WEIGHT));
        }
        if step % 10 == 0 || step == config.iterations {
            curve.push(point(step, &weights));
        }
    }
    let rounded = Weights::from_array(weights.map(|w| w.round() as i32));
    Ok(FitOutcome {
        k,
        weights: rounded,
        curve,
        samples: (train.len(), holdout.len()),
        start: first,
        end: point(config.iterations, &rounded.as_array().map(f64::from)),
    })
}

impl FitOutcome {
    /// The loss curve as CSV: `iteration,train_loss,holdout_loss`.
    pub fn curve_csv(&self) -> String {
        curve_csv(&self.curve)
    }

    /// Writes the loss curve to `csv` and plots it to `svg`.
    ///
    /// # Errors
    /// [`TuneError::Io`] or [`TuneError::Plot`] naming the file.
    pub fn write_curve(&self, csv: &Path, svg: &Path) -> Result<(), TuneError> {
        write_curve(&self.curve, self.k, "gradient step", csv, svg)
    }
}

/// A loss curve as CSV: `iteration,train_loss,holdout_loss`.
pub fn curve_csv(curve: &[LossPoint]) -> String {
    let mut text = String::from("iteration,train_loss,holdout_loss\n");
    for p in curve {
        let _ = writeln!(text, "{},{:.6},{:.6}", p.iteration, p.train, p.holdout);
    }
    text
}

/// Writes a loss curve (sigmoid scale `k`, steps called `step` on the x axis) to `csv`
/// and plots it to `svg`.
///
/// # Errors
/// [`TuneError::Io`] or [`TuneError::Plot`] naming the file.
pub fn write_curve(
    curve: &[LossPoint],
    k: f64,
    step: &str,
    csv: &Path,
    svg: &Path,
) -> Result<(), TuneError> {
    std::fs::write(csv, curve_csv(curve)).map_err(TuneError::io(csv))?;
    let series = |name: &str, f: fn(&LossPoint) -> f64| Series {
        name: name.into(),
        points: curve.iter().map(|p| (p.iteration as f64, f(p))).collect(),
    };
    line_chart(
        svg,
        &format!("Logistic loss (K = {k:.0})"),
        step,
        "mean cross-entropy",
        &[
            series("training", |p| p.train),
            series("hold-out", |p| p.holdout),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::English;

    /// Samples whose result follows material alone: the fit must find material worth
    /// something and lower the loss.
    fn material_samples() -> Vec<Sample> {
        let mut samples = Vec::new();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
        for _ in 0..4000 {
            let men = rng.random_range(-3..=3);
            let tempo = rng.random_range(-20..=20);
            let p = sigmoid(f64::from(men) * 100.0 / 150.0);
            let target = if rng.random_bool(p) { 1.0 } else { 0.0 };
            let mut features = [0; FEATURE_COUNT];
            features[Feature::Men.index()] = men;
            features[Feature::Tempo.index()] = tempo;
            samples.push(Sample {
                features,
                drawish: Drawish::NONE,
                target,
            });
        }
        samples
    }

    /// The man at 100 and a tempo weight the data does not support.
    fn material_start() -> Weights {
        let mut start = Weights::ZERO;
        start.set(Feature::Men, 100);
        start.set(Feature::Tempo, 15);
        start
    }

    #[test]
    fn k_and_weights_recover_a_known_model() {
        let samples = material_samples();
        let (train, test) = samples.split_at(3000);
        // Men fixed at 100: K should come out near the 150 the data was made with.
        let start = material_start();
        let config = FitConfig {
            iterations: 300,
            ..FitConfig::default()
        };
        let outcome = fit(train, test, &start, &config).unwrap();
        assert_eq!(outcome.weights[Feature::Men], 100);
        // Tempo predicts nothing here: its weight shrinks towards 0.
        assert!(
            outcome.weights[Feature::Tempo].abs() < 5,
            "{:?}",
            outcome.weights
        );
        assert!(outcome.end.train < outcome.start.train);
        assert!(outcome.end.holdout < outcome.start.holdout);
        assert_eq!(outcome.curve.first().map(|p| p.iteration), Some(0));
        assert_eq!(outcome.curve.last().map(|p| p.iteration), Some(300));
        let k = fit_k(train, &outcome.weights.as_array().map(f64::from));
        assert!((100.0..220.0).contains(&k), "{k}");
        assert_eq!(outcome.curve_csv().lines().count(), 1 + outcome.curve.len());
    }

    #[test]
    fn the_penalty_holds_weights_near_the_start() {
        let samples = material_samples();
        let start = material_start();
        let free = FitConfig {
            iterations: 200,
            ..FitConfig::default()
        };
        let held = FitConfig {
            l2: 1.0,
            ..free.clone()
        };
        let free = fit(&samples, &[], &start, &free).unwrap();
        let held = fit(&samples, &[], &start, &held).unwrap();
        let (free, held) = (free.weights[Feature::Tempo], held.weights[Feature::Tempo]);
        assert!(held > free + 3 && held <= 15, "{free} {held}");
        let bad = FitConfig {
            l2: -1.0,
            ..FitConfig::default()
        };
        assert!(fit(&samples, &[], &start, &bad).is_err());
    }

    #[test]
    fn loss_and_errors() {
        let draw = Sample {
            features: [0; FEATURE_COUNT],
            drawish: Drawish::NONE,
            target: 0.5,
        };
        let zero = [0.0; FEATURE_COUNT];
        assert!((loss(&[draw], &zero, 100.0) - std::f64::consts::LN_2).abs() < 1e-12);
        assert!(loss(&[], &zero, 100.0).is_nan());
        let err = fit(&[], &[], &Weights::ENGLISH, &FitConfig::default()).unwrap_err();
        assert!(matches!(err, TuneError::Config(_)));
        let bad = FitConfig {
            learning_rate: 0.0,
            ..FitConfig::default()
        };
        assert!(fit(&[draw], &[], &Weights::ENGLISH, &bad).is_err());
    }

    #[test]
    fn games_split_by_game() {
        let mut game = Game::<English>::new();
        for text in ["11-15", "23-19", "8-11", "22-17"] {
            game.play_text(text).unwrap();
        }
        let games = vec![(game.clone(), GameResult::Draw); 50];
        let (train, test) = split_samples(&games, 0.2, 1, 3);
        assert_eq!((train.len() + test.len()) % 4, 0);
        assert!(!train.is_empty() && !test.is_empty());
        assert!(train.iter().chain(&test).all(|s| s.target == 0.5));
        assert!(samples_from_game(&game, GameResult::Unfinished, 0).is_empty());
    }
}
