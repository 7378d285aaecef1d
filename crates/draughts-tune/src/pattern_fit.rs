//! Logistic fitting of a pattern table together with the feature weights.
//!
//! The model is the evaluation of [`LinearEval`] with a [`Patterns`] table: the weighted
//! features plus, for every region of the board, the learned value of the arrangement
//! of men on it (blended between an opening and an endgame value by the game's
//! [`Phase`]: the fit makes tables blended by [`Phase::Advance`]). It is linear in its ~100,000 parameters but sparse: a position touches one
//! arrangement per region. So instead of the full-batch descent of [`crate::fit`], the
//! parameters are fitted by stochastic gradient descent with AdaGrad step sizes, a few
//! passes (epochs) over the shuffled training positions, against the same logistic
//! loss and with `K` fitted first on the starting weights, so that the scores keep
//! their scale (a man about 100).
//!
//! Colour symmetry is kept by fitting the table `T` of [`Patterns`]: each position
//! moves `T[r][a]` one way and its mirror entry `T[r'][a']` the other.

use crate::dataset::DataSet;
use crate::error::TuneError;
use crate::fit::{fit_k, sigmoid, LossPoint, Sample};
use draughts_core::{Color, Game, GameResult, Position, Variant};
use draughts_eval::{
    Drawish, Feature, FeatureValues, Patterns, Phase, Weights, FEATURE_COUNT, MAX_SLOTS, MAX_VALUE,
    MAX_WEIGHT, VALUE_SCALE,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// One training position for a pattern fit, compactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternSample {
    /// The side to move's feature differences.
    pub features: [i16; FEATURE_COUNT],
    /// The arrangement on each slot, regions, strips, then odd regions (White's view).
    pub arrangements: [u16; MAX_SLOTS],
    /// How the score is scaled down in drawish endings.
    pub drawish: Drawish,
    /// The game's phase (for the opening/endgame blend), as the table's [`Phase`]
    /// measures it.
    pub phase: u16,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// The side to move's result in halves: 2 win, 1 draw, 0 loss.
    pub target: u8,
    /// A search's score for the side to move, if the position was labelled with one.
    pub score: Option<i16>,
}

impl PatternSample {
    /// The sample of `pos` whose side to move went on to score `target` halves.
    pub fn new<V: Variant>(pos: &Position<V>, patterns: &Patterns<V>, target: u8) -> Self {
        let values = FeatureValues::compute(pos);
        let features = values.relative(pos.turn());
        PatternSample {
            features: features.map(|x| x.clamp(i16::MIN.into(), i16::MAX.into()) as i16),
            arrangements: patterns.arrangements(pos),
            drawish: Drawish::of(pos),
            phase: patterns.phase().of(pos, &values).clamp(0, u16::MAX.into()) as u16,
            white_to_move: pos.turn() == Color::White,
            target: target.min(2),
            score: None,
        }
    }

    /// The result as a probability: 1 a win, 0.5 a draw, 0 a loss.
    fn result(&self) -> f64 {
        f64::from(self.target) / 2.0
    }

    /// What the model is fitted to: `lambda` times the result plus `1 - lambda` times
    /// the search's score as a probability (through the sigmoid of scale `k`); the
    /// result alone without a score.
    fn target(&self, lambda: f64, k: f64) -> f64 {
        match self.score {
            Some(score) if lambda < 1.0 => {
                lambda * self.result() + (1.0 - lambda) * sigmoid(f64::from(score) / k)
            }
            _ => self.result(),
        }
    }

    fn as_feature_sample(&self) -> Sample {
        Sample {
            features: self.features.map(i32::from),
            drawish: self.drawish,
            target: self.result(),
        }
    }
}

/// The quiet positions of games (neither side can capture, the game not over), after
/// `skip_plies` plies, split by game into training and hold-out sets: a `holdout`
/// fraction of the games, chosen with `seed`, goes to the second. Games without a
/// result give nothing.
pub fn pattern_samples<V: Variant>(
    games: &[(Game<V>, GameResult)],
    holdout: f64,
    skip_plies: usize,
    seed: u64,
) -> (Vec<PatternSample>, Vec<PatternSample>) {
    let patterns = Patterns::<V>::zero();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (game, result) in games {
        let winner = match result {
            GameResult::WhiteWins | GameResult::BlackWins => result.winner(),
            GameResult::Draw => None,
            _ => continue,
        };
        let samples = game
            .positions()
            .iter()
            .skip(skip_plies)
            .filter(|pos| pos.is_quiet() && pos.winner().is_none())
            .map(|pos| {
                let target = match winner {
                    None => 1,
                    Some(color) if color == pos.turn() => 2,
                    Some(_) => 0,
                };
                PatternSample::new(pos, &patterns, target)
            });
        if rng.random_bool(holdout.clamp(0.0, 1.0)) {
            test.extend(samples);
        } else {
            train.extend(samples);
        }
    }
    (train, test)
}

/// The quiet positions of a data file ([`crate::generate_data`]) as samples labelled
/// with their result and score, split by game into training and hold-out sets as
/// [`pattern_samples`] splits them.
pub fn data_samples<V: Variant>(
    data: &DataSet<V>,
    holdout: f64,
    seed: u64,
) -> (Vec<PatternSample>, Vec<PatternSample>) {
    let patterns = Patterns::<V>::zero();
    let held = held_games(data.games, holdout, seed);
    let (mut train, mut test) = (Vec::new(), Vec::new());
    // A table is fitted on quiet positions only, as from games.
    for labelled in data.positions.iter().filter(|l| l.position.is_quiet()) {
        let sample = PatternSample {
            score: Some(labelled.score),
            ..PatternSample::new(&labelled.position, &patterns, labelled.result)
        };
        if held.get(labelled.game as usize).copied().unwrap_or(false) {
            test.push(sample);
        } else {
            train.push(sample);
        }
    }
    (train, test)
}

/// Which of `games` games are held out: each with chance `holdout`, drawn with `seed`.
pub(crate) fn held_games(games: usize, holdout: f64, seed: u64) -> Vec<bool> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..games)
        .map(|_| rng.random_bool(holdout.clamp(0.0, 1.0)))
        .collect()
}

/// How a pattern table is fitted.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternFitConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// AdaGrad step size of the feature weights (hundredths of a man).
    pub feature_rate: f64,
    /// AdaGrad step size of the pattern values (hundredths of a man).
    pub pattern_rate: f64,
    /// Weight decay of the pattern values per update (an L2 penalty): pulls values of
    /// rarely seen arrangements towards 0.
    pub l2: f64,
    /// Feature weights kept at their starting value (at least the man, the unit).
    /// Fitting the features along with the table lowered the loss but played weaker at
    /// equal depth in our measurements, so the default keeps them all.
    pub fixed: Vec<Feature>,
    /// The seed of the shuffles.
    pub seed: u64,
    /// The weight of the game's result in the target, against the search's score for
    /// positions that have one ([`PatternSample::score`]): 1 fits results alone.
    pub lambda: f64,
    /// Whether the table's odd regions are fitted too; if not, they stay zero, the
    /// engine skips them, and the table is written as file version 3.
    pub odd_regions: bool,
}

impl Default for PatternFitConfig {
    /// 3 epochs, steps 1 (features) and 4 (patterns), decay 1e-5, every feature
    /// weight fixed, no odd regions. The decay is the setting that matters: on 17,500 International
    /// games, 1e-5 played 128 Elo stronger at depth 6 than 1e-4, and 0 (no decay) hardly
    /// better than 1e-4 (BENCHMARKS.md).
    fn default() -> PatternFitConfig {
        PatternFitConfig {
            epochs: 3,
            feature_rate: 1.0,
            pattern_rate: 4.0,
            l2: 1e-5,
            fixed: Feature::ALL.to_vec(),
            seed: 1,
            lambda: 1.0,
            odd_regions: false,
        }
    }
}

/// What a pattern fit found.
#[derive(Clone, Debug)]
pub struct PatternFitOutcome<V: Variant> {
    /// The scale of the sigmoid, fitted with the starting weights and no patterns.
    pub k: f64,
    /// The fitted feature weights, rounded.
    pub weights: Weights,
    /// The fitted pattern table, rounded.
    pub patterns: Patterns<V>,
    /// Losses after each epoch (`iteration` = epoch; 0 = the start).
    pub curve: Vec<LossPoint>,
    /// The rounded model's losses.
    pub end: LossPoint,
}

/// The model being fitted, in real numbers.
struct Model {
    weights: [f64; FEATURE_COUNT],
    /// `T`, `[opening, endgame]` per slot and arrangement, in score units.
    table: Vec<[f64; 2]>,
    /// `offsets[s]`: the entry of arrangement 0 of slot `s`.
    offsets: Vec<usize>,
    /// `mirror[e]`: the entry that mirrors entry `e` ([`Patterns::mirror`]).
    mirror: Vec<u32>,
    slots: usize,
    /// [`Phase::full`] of the fitted table's phase.
    full: u32,
}

impl Model {
    /// The model of `start` and a zero table, over every slot or (without
    /// `odd_regions`) the slots before the odd regions.
    fn new<V: Variant>(start: &Weights, odd_regions: bool) -> Model {
        let slots = if odd_regions {
            Patterns::<V>::SLOTS
        } else {
            Patterns::<V>::FIRST_ODD
        };
        let mirror = (0..slots)
            .flat_map(|s| (0..Patterns::<V>::slot_size(s) as u16).map(move |a| (s, a)))
            .map(|(s, a)| Patterns::<V>::mirror(s, a) as u32)
            .collect();
        Model {
            weights: start.as_array().map(f64::from),
            table: vec![[0.0; 2]; Patterns::<V>::ENTRIES],
            offsets: (0..slots).map(Patterns::<V>::offset).collect(),
            mirror,
            slots,
            full: Phase::Advance.full::<V>() as u32,
        }
    }

    /// The two table entries slot `slot` touches in `s`: its own and its mirror.
    #[inline]
    fn entries(&self, s: &PatternSample, slot: usize) -> (usize, usize) {
        let own = self.offsets[slot] + usize::from(s.arrangements[slot]);
        (own, self.mirror[own] as usize)
    }

    fn share(&self, s: &PatternSample) -> f64 {
        f64::from(u32::from(s.phase).min(self.full)) / f64::from(self.full)
    }

    fn eval(&self, s: &PatternSample) -> f64 {
        let phase = self.share(s);
        let features: f64 = s
            .features
            .iter()
            .zip(&self.weights)
            .map(|(&x, w)| f64::from(x) * w)
            .sum();
        let mut white = 0.0;
        for r in 0..self.slots {
            let (own, mirror) = self.entries(s, r);
            let (t, m) = (self.table[own], self.table[mirror]);
            white += phase * (t[0] - m[0]) + (1.0 - phase) * (t[1] - m[1]);
        }
        let sign = if s.white_to_move { 1.0 } else { -1.0 };
        let sum = features + sign * white;
        sum / f64::from(s.drawish.divisor(sum))
    }

    fn loss(&self, samples: &[PatternSample], targets: &[f64], k: f64) -> f64 {
        let total: f64 = samples
            .iter()
            .zip(targets)
            .map(|(s, &y)| {
                let p = sigmoid(self.eval(s) / k).clamp(1e-12, 1.0 - 1e-12);
                -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
            })
            .sum();
        total / samples.len() as f64
    }

    /// The model rounded to what the engine evaluates.
    fn rounded(&self) -> (Weights, Vec<[i16; 2]>) {
        let limit = f64::from(MAX_WEIGHT);
        let weights =
            Weights::from_array(self.weights.map(|w| w.clamp(-limit, limit).round() as i32));
        let scale = f64::from(VALUE_SCALE);
        let max = f64::from(MAX_VALUE);
        let table = self
            .table
            .iter()
            .map(|v| v.map(|x| (x * scale).clamp(-max, max).round() as i16))
            .collect();
        (weights, table)
    }

    /// The rounded model back in real numbers, to measure what the engine will see.
    fn from_rounded<V: Variant>(weights: &Weights, patterns: &Patterns<V>) -> Model {
        let mut model = Model::new::<V>(weights, true);
        let scale = f64::from(VALUE_SCALE);
        for (t, v) in model.table.iter_mut().zip(patterns.values()) {
            *t = v.map(|x| f64::from(x) / scale);
        }
        model
    }
}

/// Fits feature weights (from `start`) and a pattern table (from zero) to `train`,
/// measuring on `holdout` after every epoch; `progress` gets the epoch just finished.
///
/// # Errors
/// [`TuneError::Config`] without training samples or with an invalid setting.
pub fn fit_patterns<V: Variant>(
    train: &[PatternSample],
    holdout: &[PatternSample],
    start: &Weights,
    config: &PatternFitConfig,
    progress: &(dyn Fn(&LossPoint) + Sync),
) -> Result<PatternFitOutcome<V>, TuneError> {
    if train.is_empty() {
        return Err(TuneError::Config(
            "no training positions: give more games".into(),
        ));
    }
    for (name, value) in [
        ("feature step", config.feature_rate),
        ("pattern step", config.pattern_rate),
    ] {
        if !(value > 0.0 && value.is_finite()) {
            return Err(TuneError::Config(format!(
                "the {name} must be positive, not {value}"
            )));
        }
    }
    if !(0.0..=1.0).contains(&config.lambda) {
        return Err(TuneError::Config(format!(
            "the weight of the result must be in 0..=1, not {}",
            config.lambda
        )));
    }
    if !(config.l2 >= 0.0 && config.l2 < 1.0) {
        return Err(TuneError::Config(format!(
            "the pattern decay must be in 0..1, not {}",
            config.l2
        )));
    }
    let k_sample: Vec<Sample> = train
        .iter()
        .step_by((train.len() / 200_000).max(1))
        .map(PatternSample::as_feature_sample)
        .collect();
    let k = fit_k(&k_sample, &start.as_array().map(f64::from));
    let mut model = Model::new::<V>(start, config.odd_regions);
    let targets = |samples: &[PatternSample]| -> Vec<f64> {
        samples.iter().map(|s| s.target(config.lambda, k)).collect()
    };
    let (train_targets, holdout_targets) = (targets(train), targets(holdout));
    let point = |epoch, model: &Model| LossPoint {
        iteration: epoch,
        train: model.loss(train, &train_targets, k),
        holdout: if holdout.is_empty() {
            f64::NAN
        } else {
            model.loss(holdout, &holdout_targets, k)
        },
    };
    let mut curve = vec![point(0, &model)];
    progress(&curve[0]);
    let free: [bool; FEATURE_COUNT] =
        std::array::from_fn(|i| !config.fixed.contains(&Feature::ALL[i]));
    let mut feature_sums = [1e-8f64; FEATURE_COUNT];
    let mut pattern_sums = vec![[1e-8f64; 2]; model.table.len()];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    for epoch in 1..=config.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        for &i in &order {
            let s = &train[i as usize];
            let eval = model.eval(s);
            let p = sigmoid(eval / k);
            let g = (p - train_targets[i as usize]) / (k * f64::from(s.drawish.divisor(eval)));
            for f in 0..FEATURE_COUNT {
                let x = f64::from(s.features[f]);
                if free[f] && x != 0.0 {
                    let grad = g * x;
                    feature_sums[f] += grad * grad;
                    model.weights[f] -= config.feature_rate * grad / feature_sums[f].sqrt();
                }
            }
            let phase = model.share(s);
            let sign = if s.white_to_move { g } else { -g };
            for r in 0..model.slots {
                let (own, mirror) = model.entries(s, r);
                if own == mirror {
                    continue;
                }
                for (ph, share) in [phase, 1.0 - phase].into_iter().enumerate() {
                    if share == 0.0 {
                        continue;
                    }
                    for (entry, direction) in [(own, 1.0), (mirror, -1.0)] {
                        let value = &mut model.table[entry][ph];
                        let grad = direction * sign * share + config.l2 * *value;
                        let sum = &mut pattern_sums[entry][ph];
                        *sum += grad * grad;
                        *value -= config.pattern_rate * grad / sum.sqrt();
                    }
                }
            }
        }
        let p = point(epoch, &model);
        progress(&p);
        curve.push(p);
    }
    let (weights, table) = model.rounded();
    let patterns =
        Patterns::<V>::from_values(table).map_err(|e| TuneError::Config(e.to_string()))?;
    let end = point(config.epochs, &Model::from_rounded(&weights, &patterns));
    Ok(PatternFitOutcome {
        k,
        weights,
        patterns,
        curve,
        end,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, Turkish};
    use draughts_eval::{Evaluator, LinearEval};

    fn game_from(moves: &[&str]) -> Game<English> {
        let mut game = Game::<English>::new();
        for m in moves {
            game.play_text(m).expect("legal");
        }
        game
    }

    /// A Turkish game of `plies` moves picked by a fixed linear congruential generator.
    fn turkish_game(plies: usize) -> Game<Turkish> {
        let mut game = Game::<Turkish>::new();
        let mut seed = 17u64;
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            game.play(&moves[(seed >> 33) as usize % moves.len()])
                .expect("legal");
        }
        game
    }

    #[test]
    fn the_model_scores_as_the_engine() {
        let game = game_from(&["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17"]);
        model_scores_as_the_engine(&game, Weights::ENGLISH);
        model_scores_as_the_engine(&turkish_game(30), Weights::TURKISH);
    }

    fn model_scores_as_the_engine<V: Variant>(game: &Game<V>, mut weights: Weights) {
        let mut patterns = Patterns::<V>::zero();
        weights.set(Feature::Tempo, 7);
        let regions = Patterns::<V>::REGIONS;
        for (i, pos) in game.positions().iter().enumerate() {
            let a = patterns.arrangements(pos);
            patterns.set(
                i % regions,
                a[i % regions],
                [(37 * i as i16) % 400 - 200, 55 - i as i16],
            );
        }
        let model = Model::from_rounded(&weights, &patterns);
        let eval = LinearEval::<V>::with_patterns(weights, std::sync::Arc::new(patterns.clone()));
        for pos in game.positions() {
            let s = PatternSample::new(pos, &patterns, 1);
            let exact = model.eval(&s);
            let engine = f64::from(eval.evaluate(pos));
            // The engine rounds twice towards zero: the blend and the divisor.
            assert!((exact - engine).abs() < 2.0, "{pos:?}: {exact} vs {engine}");
        }
    }

    #[test]
    fn targets_mix_the_result_and_the_score() {
        let pos = Position::<English>::initial();
        let mut s = PatternSample::new(&pos, &Patterns::zero(), 2);
        assert_eq!(s.target(0.3, 100.0), 1.0, "no score: the result alone");
        s.score = Some(0);
        assert!((s.target(0.3, 100.0) - (0.3 + 0.7 * 0.5)).abs() < 1e-12);
        assert_eq!(s.target(1.0, 100.0), 1.0);
        s.score = Some(-30_000);
        assert!(s.target(0.0, 100.0) < 1e-9);
    }

    #[test]
    fn a_data_file_fits_on_scores() {
        let path = std::env::temp_dir().join(format!("fit-{}.data", std::process::id()));
        let config = crate::DataConfig {
            games: 12,
            nodes: 400,
            random_plies: 6,
            max_plies: 80,
            seed: 5,
            threatened: false,
            rescored: false,
            database: None,
        };
        let eval = LinearEval::<English>::default();
        crate::generate_data(&config, &[Position::initial()], &eval, None, &path, &|_| {})
            .expect("plays");
        let data = crate::read_data::<English>(&path).expect("reads");
        std::fs::remove_file(&path).ok();
        let (train, holdout) = data_samples(&data, 0.25, 1);
        assert_eq!(train.len() + holdout.len(), data.positions.len());
        assert!(train.iter().all(|s| s.score.is_some()));
        let config = PatternFitConfig {
            lambda: 0.25,
            ..PatternFitConfig::default()
        };
        let outcome =
            fit_patterns::<English>(&train, &holdout, &Weights::ENGLISH, &config, &|_| {})
                .expect("fits");
        assert!(outcome.curve[3].train < outcome.curve[0].train);
        let bad = PatternFitConfig {
            lambda: 1.5,
            ..config
        };
        assert!(
            fit_patterns::<English>(&train, &holdout, &Weights::ENGLISH, &bad, &|_| {}).is_err()
        );
    }

    #[test]
    fn fitting_lowers_the_loss_and_keeps_the_man() {
        let won = game_from(&[
            "11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14",
        ]);
        fits_and_keeps_the_man(&won, Weights::ENGLISH);
        fits_and_keeps_the_man(&turkish_game(40), Weights::TURKISH);
    }

    /// Twenty copies of `won` with mixed results and one more won by Black: the fit
    /// lowers the loss, keeps the fixed weight of a man, and touches the odd regions
    /// only when asked to.
    fn fits_and_keeps_the_man<V: Variant>(won: &Game<V>, start: Weights) {
        let games: Vec<_> = (0..20)
            .map(|i| {
                let result = [
                    GameResult::BlackWins,
                    GameResult::WhiteWins,
                    GameResult::Draw,
                ][i % 3];
                (won.clone(), result)
            })
            .chain(std::iter::once((won.clone(), GameResult::BlackWins)))
            .collect();
        let (train, holdout) = pattern_samples(&games, 0.0, 0, 1);
        assert!(holdout.is_empty());
        assert!(!train.is_empty());
        let config = PatternFitConfig {
            epochs: 5,
            fixed: vec![Feature::Men],
            ..PatternFitConfig::default()
        };
        let outcome = fit_patterns::<V>(&train, &holdout, &start, &config, &|_| {}).expect("fits");
        assert_eq!(outcome.curve.len(), 6);
        assert!(outcome.curve[5].train < outcome.curve[0].train);
        assert_eq!(outcome.weights.get(Feature::Men), start.get(Feature::Men));
        assert!(outcome.curve[0].holdout.is_nan());
        // The odd regions are fitted only when asked for.
        let odd = |patterns: &Patterns<V>| {
            patterns.values()[Patterns::<V>::offset(Patterns::<V>::FIRST_ODD)..]
                .iter()
                .any(|v| *v != [0, 0])
        };
        assert!(!odd(&outcome.patterns));
        let with_odd = PatternFitConfig {
            odd_regions: true,
            ..config.clone()
        };
        let fitted = fit_patterns::<V>(&train, &holdout, &start, &with_odd, &|_| {}).expect("fits");
        assert!(odd(&fitted.patterns));
        assert!(fitted.curve[5].train < fitted.curve[0].train);
        let bad = PatternFitConfig {
            pattern_rate: 0.0,
            ..config
        };
        assert!(fit_patterns::<V>(&train, &holdout, &start, &bad, &|_| {}).is_err());
        assert!(
            fit_patterns::<V>(&[], &holdout, &start, &PatternFitConfig::default(), &|_| {})
                .is_err()
        );
    }
}
