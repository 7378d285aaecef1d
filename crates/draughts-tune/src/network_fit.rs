//! Fitting a [`Network`]'s correction on labelled positions.
//!
//! The model is the engine's evaluation as it stands (the *base*: weighted features and
//! pattern table, kept fixed) plus the network's correction, the sum scaled down in
//! drawish endings as the engine scales it, against the logistic loss of the pattern
//! fit: the target mixes the game's result and the search's score by `lambda`, with
//! the sigmoid's scale `k` fitted on the base first. The network starts at zero
//! correction, so the fit can only learn what the base misses.
//!
//! It is fitted in real numbers by mini-batch gradient descent with Adam steps. Each
//! batch is cut into fixed chunks whose gradients are computed on every core and
//! added in order, and every epoch shuffles with a stream of its own, so a seed gives
//! the same network on any machine and a run resumed from its saved state
//! ([`NetworkFit::to_bytes`]) ends where an unbroken one does. Then it is rounded to
//! the engine's integers ([`NetworkFit::network`]).

use crate::dataset::DataSet;
use crate::error::TuneError;
use crate::fit::{best_k, sigmoid, LossPoint};
use crate::pattern_fit::held_games;
use draughts_core::{Color, Position, Variant};
use draughts_eval::{Drawish, LinearEval, Network, HIDDEN, KINDS, MAN};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::path::Path;

/// Samples per chunk of a batch, the unit of parallel work.
const CHUNK: usize = 64;

/// One labelled position, as the network fit needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetworkSample {
    /// White's and Black's views ([`Network::views`]).
    pub views: [[u64; KINDS]; 2],
    /// The base evaluation for the side to move, before the drawish divisor.
    pub base: i32,
    /// How the sum is scaled down in drawish endings.
    pub drawish: Drawish,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// The side to move's result in halves: 2 win, 1 draw, 0 loss.
    pub result: u8,
    /// The search's score for the side to move.
    pub score: i16,
}

impl NetworkSample {
    /// The sample of `pos`, with `base` evaluating it.
    pub fn new<V: Variant>(
        pos: &Position<V>,
        base: &LinearEval<V>,
        result: u8,
        score: i16,
    ) -> NetworkSample {
        NetworkSample {
            views: Network::views(pos),
            base: base.breakdown(pos).sum(),
            drawish: Drawish::of(pos),
            white_to_move: pos.turn() == Color::White,
            result: result.min(2),
            score,
        }
    }

    /// `lambda` times the result plus `1 - lambda` times the score as a probability.
    fn target(&self, lambda: f64, k: f64) -> f64 {
        lambda * f64::from(self.result) / 2.0 + (1.0 - lambda) * sigmoid(f64::from(self.score) / k)
    }

    fn sign(&self) -> f64 {
        if self.white_to_move {
            1.0
        } else {
            -1.0
        }
    }

    /// The evaluation for the side to move with `correction` (White's) added.
    fn eval(&self, correction: f64) -> (f64, f64) {
        let total = f64::from(self.base) + self.sign() * correction;
        let divisor = f64::from(self.drawish.divisor(total));
        (total / divisor, divisor)
    }
}

/// The positions of a data file as network samples, evaluated by `base`, split by game
/// into training and hold-out sets as [`crate::data_samples`] splits them: every
/// position, the [`DataConfig::threatened`](crate::DataConfig::threatened) ones too.
pub fn network_samples<V: Variant>(
    data: &DataSet<V>,
    base: &LinearEval<V>,
    holdout: f64,
    seed: u64,
) -> (Vec<NetworkSample>, Vec<NetworkSample>) {
    let held = held_games(data.games, holdout, seed);
    let samples: Vec<(bool, NetworkSample)> = data
        .positions
        .par_iter()
        .map(|l| {
            let is_held = held.get(l.game as usize).copied().unwrap_or(false);
            let sample = NetworkSample::new(&l.position, base, l.result, l.score);
            (is_held, sample)
        })
        .collect();
    let (test, train): (Vec<_>, Vec<_>) = samples.into_iter().partition(|(h, _)| *h);
    let strip = |v: Vec<(bool, NetworkSample)>| v.into_iter().map(|(_, s)| s).collect();
    (strip(train), strip(test))
}

/// How a network is fitted.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkFitConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Adam's step size.
    pub rate: f64,
    /// Positions per gradient step.
    pub batch: usize,
    /// The weight of the game's result in the target, against the search's score.
    pub lambda: f64,
    /// The seed of the starting weights and the shuffles.
    pub seed: u64,
    /// Hidden units, `1..=HIDDEN`. A warm start may add units to its network's, which
    /// start as a fresh fit's do.
    pub hidden: usize,
    /// Output heads: 1, or 2 for a correction that depends on the side to move
    /// ([`Network::set_waiting_output`]); a second head starts as a copy of the first.
    pub heads: usize,
    /// The sigmoid's scale, or `None` to fit it on the base: a fixed scale makes the
    /// losses of fits over different bases comparable.
    pub k: Option<f64>,
}

impl Default for NetworkFitConfig {
    /// 8 epochs, step 0.001, batches of 256, `lambda` 0.5 (as the pattern fit), 32
    /// hidden units, one head.
    fn default() -> NetworkFitConfig {
        NetworkFitConfig {
            epochs: 8,
            rate: 0.001,
            batch: 256,
            lambda: 0.5,
            seed: 1,
            hidden: 32,
            heads: 1,
            k: None,
        }
    }
}

impl NetworkFitConfig {
    pub(crate) fn check(&self) -> Result<(), TuneError> {
        let bad = |what: &str| Err(TuneError::Config(what.to_string()));
        if !(self.rate > 0.0 && self.rate.is_finite()) {
            return bad("the step size must be positive");
        }
        if self.batch == 0 {
            return bad("a batch needs at least one position");
        }
        if !(0.0..=1.0).contains(&self.lambda) {
            return bad("the weight of the result must be in 0..=1");
        }
        if !(1..=HIDDEN).contains(&self.hidden) {
            return bad(&format!("a network has 1 to {HIDDEN} hidden units"));
        }
        if !(1..=2).contains(&self.heads) {
            return bad("a network has one or two heads");
        }
        if self.k.is_some_and(|k| !(k.is_finite() && k > 0.0)) {
            return bad("the sigmoid's scale must be positive");
        }
        Ok(())
    }
}

/// A network being fitted: its weights in real numbers, Adam's moments, and how far it
/// has come. Layout of the weights: one row of a weight per hidden unit for each input,
/// then the biases, then the output weights of each head (in men, [`MAN`] score units).
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkFit {
    inputs: usize,
    hidden: usize,
    heads: usize,
    params: Vec<f32>,
    moments: Vec<[f32; 2]>,
    steps: u64,
    /// The sigmoid's scale: [`NetworkFitConfig::k`], or fitted on the base.
    pub k: f64,
    /// Epochs done.
    pub epochs: usize,
    /// The losses after each epoch (the training loss as seen during the epoch).
    pub curve: Vec<LossPoint>,
}

/// The Adam constants.
const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl NetworkFit {
    /// A fresh fit for `V`: random input weights (seeded), biases of one half, output
    /// weights zero, and `k` as `config` gives it or fitted to the base's losses on
    /// `train`.
    ///
    /// # Errors
    /// [`TuneError::Config`] without training samples or with an invalid setting.
    pub fn new<V: Variant>(
        train: &[NetworkSample],
        config: &NetworkFitConfig,
    ) -> Result<NetworkFit, TuneError> {
        let fresh = Network::<V>::with_units(1);
        Self::starting_from(&fresh, 0, train, config)
    }

    /// A fit that starts from `net`'s units (a warm start: going on from a shipped
    /// network on new data) rather than from zero correction, with as many more as
    /// `config.hidden` asks, started as [`NetworkFit::new`] starts them; `k` fitted on
    /// the base as there.
    ///
    /// # Errors
    /// As [`NetworkFit::new`], and [`TuneError::Config`] if `net` has more units than
    /// `config.hidden`, or two heads where `config.heads` asks for one.
    pub fn from_network<V: Variant>(
        net: &Network<V>,
        train: &[NetworkSample],
        config: &NetworkFitConfig,
    ) -> Result<NetworkFit, TuneError> {
        if net.units() > config.hidden {
            return Err(TuneError::Config(format!(
                "the starting network has {} hidden units, more than the {} asked for",
                net.units(),
                config.hidden
            )));
        }
        if net.two_heads() && config.heads < 2 {
            return Err(TuneError::Config(
                "the starting network has two heads, more than the one asked for".into(),
            ));
        }
        Self::starting_from(net, net.units(), train, config)
    }

    /// A fit whose first `kept` units are `net`'s, the others drawn from the seed.
    fn starting_from<V: Variant>(
        net: &Network<V>,
        kept: usize,
        train: &[NetworkSample],
        config: &NetworkFitConfig,
    ) -> Result<NetworkFit, TuneError> {
        config.check()?;
        if train.is_empty() {
            return Err(TuneError::Config("no training positions".into()));
        }
        let (inputs, hidden) = (Network::<V>::INPUTS, config.hidden);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed);
        let mut params = Vec::with_capacity((inputs + 2) * hidden);
        for input in 0..inputs {
            for unit in 0..hidden {
                params.push(match unit < kept {
                    true => net.input_weight(input, unit) as f32,
                    false => rng.random_range(-0.1..0.1),
                });
            }
        }
        let men = f64::from(MAN);
        let kept_or = |unit, value: f64, fresh| if unit < kept { value as f32 } else { fresh };
        params.extend((0..hidden).map(|unit| kept_or(unit, net.bias(unit), 0.5)));
        let output = |unit| kept_or(unit, net.output_weight(unit) / men, 0.0);
        params.extend((0..hidden).map(output));
        if config.heads == 2 {
            let waiting = |unit| kept_or(unit, net.waiting_output_weight(unit) / men, 0.0);
            params.extend((0..hidden).map(waiting));
        }
        let every = (train.len() / 200_000).max(1);
        let k = config.k.unwrap_or_else(|| {
            best_k(|k| {
                let losses = train.iter().step_by(every).map(|s| {
                    let y = s.target(config.lambda, k);
                    log_loss(sigmoid(s.eval(0.0).0 / k), y)
                });
                losses.sum::<f64>()
            })
        });
        Ok(NetworkFit {
            inputs,
            hidden,
            heads: config.heads,
            moments: vec![[0.0; 2]; params.len()],
            params,
            steps: 0,
            k,
            epochs: 0,
            curve: Vec::new(),
        })
    }

    /// One more pass over `train` (shuffled by the seed and the epoch's number), then
    /// the hold-out loss: the point added to [`NetworkFit::curve`].
    ///
    /// # Errors
    /// [`TuneError::Config`] with an invalid setting.
    pub fn epoch(
        &mut self,
        train: &[NetworkSample],
        holdout: &[NetworkSample],
        config: &NetworkFitConfig,
    ) -> Result<LossPoint, TuneError> {
        config.check()?;
        let seed = config.seed ^ (self.epochs as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut order: Vec<u32> = (0..train.len() as u32).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let mut total = 0.0;
        for batch in order.chunks(config.batch) {
            let parts: Vec<(Vec<f32>, f64)> = batch
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut grad = vec![0.0; self.params.len()];
                    let loss = chunk
                        .iter()
                        .map(|&i| self.gradient(&train[i as usize], config.lambda, &mut grad))
                        .sum::<f64>();
                    (grad, loss)
                })
                .collect();
            let mut grad = vec![0.0; self.params.len()];
            for (part, loss) in parts {
                total += loss;
                grad.iter_mut().zip(part).for_each(|(g, p)| *g += p);
            }
            self.step(&grad, batch.len(), config.rate);
        }
        self.epochs += 1;
        let point = LossPoint {
            iteration: self.epochs,
            train: total / train.len().max(1) as f64,
            holdout: self.loss(holdout, config.lambda),
        };
        self.curve.push(point);
        Ok(point)
    }

    /// An Adam step along the summed gradient of `n` samples.
    fn step(&mut self, grad: &[f32], n: usize, rate: f64) {
        self.steps += 1;
        let t = self.steps.min(1 << 20) as i32;
        let (c1, c2) = (1.0 - BETA1.powi(t), 1.0 - BETA2.powi(t));
        let rate = rate as f32;
        let scale = 1.0 / n as f32;
        for ((p, m), &g) in self.params.iter_mut().zip(&mut self.moments).zip(grad) {
            let g = g * scale;
            m[0] = BETA1 * m[0] + (1.0 - BETA1) * g;
            m[1] = BETA2 * m[1] + (1.0 - BETA2) * g * g;
            *p -= rate * (m[0] / c1) / ((m[1] / c2).sqrt() + EPSILON);
        }
    }

    /// `G` of one view by head `head`, and the units' sums before clipping (the first
    /// `hidden` lanes).
    fn view(&self, kinds: &[u64; KINDS], head: usize) -> (f64, [f32; HIDDEN]) {
        let (squares, hidden) = (self.inputs / KINDS, self.hidden);
        let bias = self.inputs * hidden;
        let mut sum = [0.0f32; HIDDEN];
        sum[..hidden].copy_from_slice(&self.params[bias..bias + hidden]);
        for_each_input(kinds, squares, |input| {
            let row = &self.params[input * hidden..(input + 1) * hidden];
            sum.iter_mut().zip(row).for_each(|(s, w)| *s += w);
        });
        let output = &self.params[self.head(head)..self.head(head) + hidden];
        let g: f32 = sum
            .iter()
            .zip(output)
            .map(|(s, v)| s.clamp(0.0, 1.0) * v)
            .sum();
        (f64::from(g) * f64::from(MAN), sum)
    }

    /// Where head `head`'s output weights start.
    fn head(&self, head: usize) -> usize {
        (self.inputs + 1 + head) * self.hidden
    }

    /// The heads that read White's and Black's views of `s`: the mover's (0) and the
    /// waiting head (the last).
    fn heads_of(&self, s: &NetworkSample) -> [usize; 2] {
        let waiting = self.heads - 1;
        match s.white_to_move {
            true => [0, waiting],
            false => [waiting, 0],
        }
    }

    /// White's correction of `s`, in score units.
    fn correction(&self, s: &NetworkSample) -> f64 {
        let [white, black] = self.heads_of(s);
        self.view(&s.views[0], white).0 - self.view(&s.views[1], black).0
    }

    /// Adds the gradient of `s`'s loss to `grad`; returns the loss.
    fn gradient(&self, s: &NetworkSample, lambda: f64, grad: &mut [f32]) -> f64 {
        let [white, black] = self.heads_of(s);
        let (own, other) = (self.view(&s.views[0], white), self.view(&s.views[1], black));
        let (eval, divisor) = s.eval(own.0 - other.0);
        let p = sigmoid(eval / self.k);
        let y = s.target(lambda, self.k);
        // d loss / d G(White's view), G in men.
        let d = (p - y) / (self.k * divisor) * s.sign() * f64::from(MAN);
        let (squares, hidden) = (self.inputs / KINDS, self.hidden);
        let bias = self.inputs * hidden;
        let views = [
            (&s.views[0], own.1, d, white),
            (&s.views[1], other.1, -d, black),
        ];
        for (kinds, sum, dg, head) in views {
            let dg = dg as f32;
            let mut units = [0.0f32; HIDDEN];
            let out = self.head(head);
            for j in 0..hidden {
                let output = self.params[out + j];
                grad[out + j] += dg * sum[j].clamp(0.0, 1.0);
                if sum[j] > 0.0 && sum[j] < 1.0 {
                    units[j] = dg * output;
                    grad[bias + j] += units[j];
                }
            }
            for_each_input(kinds, squares, |input| {
                let row = &mut grad[input * hidden..(input + 1) * hidden];
                row.iter_mut().zip(&units).for_each(|(g, u)| *g += u);
            });
        }
        log_loss(p, y)
    }

    /// The mean loss on `samples` in real numbers; `NaN` for none.
    pub fn loss(&self, samples: &[NetworkSample], lambda: f64) -> f64 {
        mean_loss(samples, lambda, self.k, |s| s.eval(self.correction(s)).0)
    }

    /// The network rounded to the engine's integers.
    pub fn network<V: Variant>(&self) -> Network<V> {
        let hidden = self.hidden;
        let mut net = Network::<V>::with_units(hidden);
        let bias = self.inputs * hidden;
        for (input, row) in self.params[..bias].chunks_exact(hidden).enumerate() {
            for (unit, &w) in row.iter().enumerate() {
                net.set_input(input, unit, f64::from(w));
            }
        }
        let men = f64::from(MAN);
        for unit in 0..hidden {
            net.set_bias(unit, f64::from(self.params[bias + unit]));
            net.set_output(unit, f64::from(self.params[self.head(0) + unit]) * men);
            if self.heads == 2 {
                let waiting = f64::from(self.params[self.head(1) + unit]);
                net.set_waiting_output(unit, waiting * men);
            }
        }
        net
    }

    /// The mean loss on `samples` of the base with `net`'s correction, evaluated as the
    /// engine evaluates (integers, rounding and all).
    pub fn rounded_loss<V: Variant>(
        &self,
        net: &Network<V>,
        samples: &[NetworkSample],
        lambda: f64,
    ) -> f64 {
        mean_loss(samples, lambda, self.k, |s| {
            let score = s.base + net.score_of(&s.views, s.white_to_move);
            f64::from(s.drawish.scale(score))
        })
    }

    /// The base's mean loss on `samples` (no correction).
    pub fn base_loss(&self, samples: &[NetworkSample], lambda: f64) -> f64 {
        mean_loss(samples, lambda, self.k, |s| s.eval(0.0).0)
    }

    /// The state as bytes, to resume from ([`NetworkFit::from_bytes`]): the magic
    /// `DNFT`, the counts and `k`, the curve, the weights and the moments, all
    /// little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = b"DNFT".to_vec();
        for n in [self.inputs as u64, self.steps, self.epochs as u64] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(&self.k.to_le_bytes());
        for p in &self.curve {
            out.extend_from_slice(&p.train.to_le_bytes());
            out.extend_from_slice(&p.holdout.to_le_bytes());
        }
        let moments = self.moments.iter().flatten();
        for x in self.params.iter().chain(moments) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    /// Reads the state [`NetworkFit::to_bytes`] wrote for `V`.
    ///
    /// # Errors
    /// [`TuneError::Config`] if the bytes are not such a state.
    pub fn from_bytes<V: Variant>(bytes: &[u8]) -> Result<NetworkFit, TuneError> {
        let bad = || TuneError::Config("not a network fit's state for this variant".into());
        let rest = bytes.strip_prefix(b"DNFT").ok_or_else(bad)?;
        let mut words = rest.chunks_exact(8).map(|c| {
            let mut b = [0; 8];
            b.copy_from_slice(c);
            b
        });
        let mut next = || words.next().ok_or_else(bad);
        let inputs = u64::from_le_bytes(next()?) as usize;
        let steps = u64::from_le_bytes(next()?);
        let epochs = u64::from_le_bytes(next()?) as usize;
        let k = f64::from_le_bytes(next()?);
        if inputs != Network::<V>::INPUTS || epochs > 1 << 20 {
            return Err(bad());
        }
        let mut curve = Vec::with_capacity(epochs);
        for epoch in 1..=epochs {
            let (train, holdout) = (f64::from_le_bytes(next()?), f64::from_le_bytes(next()?));
            curve.push(LossPoint {
                iteration: epoch,
                train,
                holdout,
            });
        }
        let floats: Vec<f32> = rest[(4 + 2 * epochs) * 8..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        // The weights and two moments each: the hidden units and heads follow from their
        // count (`inputs + 2` and `inputs + 3` are coprime and above `HIDDEN`, so at
        // most one count of heads divides it).
        let per_unit = |heads: usize| 3 * (inputs + 1 + heads);
        let heads = (1..=2)
            .find(|&h| floats.len() % per_unit(h) == 0)
            .ok_or_else(bad)?;
        let hidden = floats.len() / per_unit(heads);
        if !(1..=HIDDEN).contains(&hidden) {
            return Err(bad());
        }
        let (params, moments) = floats.split_at(floats.len() / 3);
        Ok(NetworkFit {
            inputs,
            hidden,
            heads,
            params: params.to_vec(),
            moments: moments.chunks_exact(2).map(|m| [m[0], m[1]]).collect(),
            steps,
            k,
            epochs,
            curve,
        })
    }
}

/// What [`fit_network`] reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FitEvent {
    /// A saved state was found: the fit goes on after this many epochs.
    Resumed {
        /// Epochs done before.
        epochs: usize,
    },
    /// A warm start's network before any step: its hold-out loss.
    Started {
        /// The starting network's hold-out loss.
        holdout: f64,
    },
    /// The base alone, and the sigmoid's scale the fit uses.
    Base {
        /// The sigmoid's scale.
        k: f64,
        /// The base's training loss.
        train: f64,
        /// The base's hold-out loss.
        holdout: f64,
    },
    /// An epoch is done (and saved).
    Epoch(LossPoint),
}

/// Fits a network on `train` for `config.epochs` epochs, from `start` (a warm start) or
/// from zero correction, saving the fit's state to `state` after every epoch and
/// resuming from it: a killed run goes on where it stopped and ends with the network an
/// unbroken run gives. The state file begins with the line `settings`, which must
/// describe everything that changes the samples or the steps (the data, the base, the
/// configuration): a state saved under other settings is an error rather than a silent
/// mix. Returns the fit; [`NetworkFit::network`] rounds it.
///
/// # Errors
/// [`TuneError::ResumeMismatch`] for a state of other settings, [`TuneError::Config`]
/// for an invalid setting or a damaged state, [`TuneError::Io`] if the state cannot be
/// read or written.
pub fn fit_network<V: Variant>(
    train: &[NetworkSample],
    holdout: &[NetworkSample],
    config: &NetworkFitConfig,
    start: Option<&Network<V>>,
    state: &Path,
    settings: &str,
    progress: &mut dyn FnMut(FitEvent),
) -> Result<NetworkFit, TuneError> {
    let mut fit = match std::fs::read(state) {
        Ok(bytes) => {
            let body = bytes
                .strip_prefix(settings.as_bytes())
                .and_then(|rest| rest.strip_prefix(b"\n"))
                .ok_or_else(|| TuneError::ResumeMismatch {
                    path: state.to_path_buf(),
                })?;
            let fit = NetworkFit::from_bytes::<V>(body)?;
            progress(FitEvent::Resumed { epochs: fit.epochs });
            fit
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match start {
            Some(net) => {
                let fit = NetworkFit::from_network(net, train, config)?;
                progress(FitEvent::Started {
                    holdout: fit.loss(holdout, config.lambda),
                });
                fit
            }
            None => NetworkFit::new::<V>(train, config)?,
        },
        Err(e) => return Err(TuneError::io(state)(e)),
    };
    progress(FitEvent::Base {
        k: fit.k,
        train: fit.base_loss(train, config.lambda),
        holdout: fit.base_loss(holdout, config.lambda),
    });
    while fit.epochs < config.epochs {
        let point = fit.epoch(train, holdout, config)?;
        let mut bytes = settings.as_bytes().to_vec();
        bytes.push(b'\n');
        bytes.extend(fit.to_bytes());
        crate::write_atomically(state, &bytes)?;
        progress(FitEvent::Epoch(point));
    }
    Ok(fit)
}

/// Calls `f` with every input that is on in a view.
#[inline]
fn for_each_input(kinds: &[u64; KINDS], squares: usize, mut f: impl FnMut(usize)) {
    for (kind, &set) in kinds.iter().enumerate() {
        let mut bits = set;
        while bits != 0 {
            f(kind * squares + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

fn mean_loss(
    samples: &[NetworkSample],
    lambda: f64,
    k: f64,
    eval: impl Fn(&NetworkSample) -> f64 + Sync,
) -> f64 {
    let parts: Vec<f64> = samples
        .par_chunks(4096)
        .map(|chunk| {
            let losses = chunk
                .iter()
                .map(|s| log_loss(sigmoid(eval(s) / k), s.target(lambda, k)));
            losses.sum()
        })
        .collect();
    parts.iter().sum::<f64>() / samples.len() as f64
}

fn log_loss(p: f64, y: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

#[cfg(test)]
mod tests;
