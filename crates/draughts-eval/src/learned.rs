//! The learned evaluation models shipped with the crate.
//!
//! `draughts tune patterns` fits the feature weights and a [`Patterns`] table together
//! on self-play games, and `draughts tune network` a [`Network`] that corrects an
//! evaluation: that pair (English), or the material alone (International);
//! `draughts tune pipeline` trains a network from zero on a variant's hand-set weights
//! (Russian, Brazilian, Pool). What they wrote for a variant is embedded here, and the
//! engine evaluates with [`default_eval`] by default. How each was made is in
//! docs/rebuild.md.

use crate::linear::LinearEval;
use crate::network::Network;
use crate::patterns::Patterns;
use crate::weights::Weights;
use draughts_core::Variant;
use std::sync::Arc;

/// English's weights and table: its pattern model ([`learned`]) and the base of its
/// default evaluation, embedded once.
const ENGLISH_WEIGHTS: &str = include_str!("../learned/english.weights");
const ENGLISH_PATTERNS: &[u8] = include_bytes!("../learned/english.patterns");

/// The learned feature weights and pattern table of variant `V`, if the crate ships
/// them; `None` otherwise.
///
/// ```
/// use draughts_core::{International, Position};
/// use draughts_eval::{learned, Evaluator, LinearEval};
///
/// let (weights, table) = learned::<International>().expect("shipped");
/// let eval = LinearEval::with_patterns(weights, table);
/// assert_eq!(eval.evaluate(&Position::<International>::initial()), 0);
/// ```
pub fn learned<V: Variant>() -> Option<(Weights, Arc<Patterns<V>>)> {
    let (weights, table): (&str, &[u8]) = match V::NAME {
        "international" => (
            include_str!("../learned/international.weights"),
            include_bytes!("../learned/international.patterns"),
        ),
        "english" => (ENGLISH_WEIGHTS, ENGLISH_PATTERNS),
        _ => return None,
    };
    let weights = Weights::parse::<V>(weights).ok()?;
    let table = Patterns::<V>::from_bytes(table).ok()?;
    Some((weights, Arc::new(table)))
}

/// The files of a variant's default evaluation: its weights, its pattern table if any,
/// and the network that corrects them.
struct Model {
    weights: &'static str,
    patterns: Option<&'static [u8]>,
    network: &'static [u8],
}

/// The model of a variant trained by `draughts tune pipeline`: its run's base weights
/// and best network, `learned/NAME.weights` and `learned/NAME.network`.
macro_rules! pipeline_model {
    ($name:literal) => {
        Model {
            weights: include_str!(concat!("../learned/", $name, ".weights")),
            patterns: None,
            network: include_bytes!(concat!("../learned/", $name, ".network")),
        }
    };
}

/// The default model shipped for the variant named `name`, if any.
fn model(name: &str) -> Option<Model> {
    Some(match name {
        "international" => Model {
            weights: include_str!("../learned/international-material.weights"),
            patterns: None,
            network: include_bytes!("../learned/international.network"),
        },
        "english" => Model {
            weights: ENGLISH_WEIGHTS,
            patterns: Some(ENGLISH_PATTERNS),
            network: include_bytes!("../learned/english.network"),
        },
        "russian" => pipeline_model!("russian"),
        "brazilian" => pipeline_model!("brazilian"),
        "pool" => pipeline_model!("pool"),
        _ => return None,
    })
}

/// The learned network of variant `V`, the correction [`default_eval`] adds to its
/// weights (and table), if the crate ships one; `None` otherwise.
///
/// ```
/// use draughts_core::{English, Position};
/// use draughts_eval::{learned, learned_network, Evaluator, LinearEval};
///
/// let (weights, table) = learned::<English>().expect("shipped");
/// let eval = LinearEval::with_patterns(weights, table).with_network(learned_network());
/// assert_eq!(eval.evaluate(&Position::<English>::initial()), 0);
/// ```
pub fn learned_network<V: Variant>() -> Option<Arc<Network<V>>> {
    let model = model(V::NAME)?;
    Network::<V>::from_bytes(model.network).ok().map(Arc::new)
}

/// The evaluation the engine plays with by default for `V`, if the crate ships a model
/// for it: weights (with a pattern table in English) corrected by [`learned_network`].
/// International's weights are the material alone (men 100, kings 300: the file
/// `learned/international-material.weights`), English's are [`learned`]'s weights and
/// table; a variant trained by `draughts tune pipeline` (Russian, Brazilian, Pool)
/// ships its run's base weights. `None` for the variants without a model (the engine
/// then uses the hand-set weights).
///
/// ```
/// use draughts_core::{International, Position};
/// use draughts_eval::{default_eval, Evaluator};
///
/// let eval = default_eval::<International>().expect("shipped");
/// assert!(eval.weights().is_material_only() && eval.patterns().is_none());
/// assert!(eval.network().is_some());
/// // Two heads: the side to move has a small edge in the start position.
/// assert!((1..20).contains(&eval.evaluate(&Position::<International>::initial())));
/// ```
pub fn default_eval<V: Variant>() -> Option<LinearEval<V>> {
    let model = model(V::NAME)?;
    let weights = Weights::parse::<V>(model.weights).ok()?;
    let eval = match model.patterns {
        Some(bytes) => {
            LinearEval::with_patterns(weights, Arc::new(Patterns::from_bytes(bytes).ok()?))
        }
        None => LinearEval::new(weights),
    };
    let network = Network::<V>::from_bytes(model.network).ok()?;
    Some(eval.with_network(Some(Arc::new(network))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};

    /// A variant trained by the pipeline: its hand-set weights and a network.
    fn pipeline_model_loads<V: draughts_core::Variant>() {
        let eval = default_eval::<V>().expect("the default loads");
        assert_eq!(*eval.weights(), Weights::default_for::<V>(), "{}", V::NAME);
        assert!(eval.patterns().is_none() && eval.network().is_some());
    }

    #[test]
    fn the_shipped_models_load() {
        let (_, table) = learned::<International>().expect("the International model loads");
        assert!(table.values().iter().any(|v| *v != [0, 0]));
        let (_, table) = learned::<English>().expect("the English model loads");
        assert!(table.values().iter().any(|v| *v != [0, 0]));
        assert!(learned_network::<International>().is_some());
        assert!(learned_network::<English>().is_some());
        assert!(learned_network::<draughts_core::Breakthrough>().is_none());
        pipeline_model_loads::<draughts_core::Russian>();
        pipeline_model_loads::<draughts_core::Brazilian>();
        pipeline_model_loads::<draughts_core::Pool>();
        let eval = default_eval::<International>().expect("International's default loads");
        assert!(eval.weights().is_material_only());
        assert!(eval.patterns().is_none() && eval.network().is_some());
        let eval = default_eval::<English>().expect("English's default loads");
        assert!(eval.patterns().is_some() && eval.network().is_some());
        assert!(default_eval::<draughts_core::Breakthrough>().is_none());
    }
}
