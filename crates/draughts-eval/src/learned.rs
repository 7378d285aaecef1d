//! The learned evaluation models shipped with the crate.
//!
//! `draughts tune patterns` fits the feature weights and a [`Patterns`] table together
//! on self-play games, and `draughts tune network` a [`Network`] that corrects that
//! pair; what they wrote for a variant is embedded here, and the engine evaluates with
//! it by default. How each was made is in the crate README.

use crate::network::Network;
use crate::patterns::Patterns;
use crate::weights::Weights;
use draughts_core::Variant;
use std::sync::Arc;

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
        "english" => (
            include_str!("../learned/english.weights"),
            include_bytes!("../learned/english.patterns"),
        ),
        _ => return None,
    };
    let weights = Weights::parse::<V>(weights).ok()?;
    let table = Patterns::<V>::from_bytes(table).ok()?;
    Some((weights, Arc::new(table)))
}

/// The learned network of variant `V`, fitted to correct [`learned`]'s weights and
/// table, if the crate ships one; `None` otherwise.
///
/// ```
/// use draughts_core::{International, Position};
/// use draughts_eval::{learned, learned_network, Evaluator, LinearEval};
///
/// let (weights, table) = learned::<International>().expect("shipped");
/// let eval = LinearEval::with_patterns(weights, table).with_network(learned_network());
/// assert_eq!(eval.evaluate(&Position::<International>::initial()), 0);
/// ```
pub fn learned_network<V: Variant>() -> Option<Arc<Network<V>>> {
    let bytes: &[u8] = match V::NAME {
        "international" => include_bytes!("../learned/international.network"),
        "english" => include_bytes!("../learned/english.network"),
        _ => return None,
    };
    Network::<V>::from_bytes(bytes).ok().map(Arc::new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};

    #[test]
    fn the_shipped_models_load() {
        let (_, table) = learned::<International>().expect("the International model loads");
        assert!(table.values().iter().any(|v| *v != [0, 0]));
        let (_, table) = learned::<English>().expect("the English model loads");
        assert!(table.values().iter().any(|v| *v != [0, 0]));
        assert!(learned_network::<International>().is_some());
        assert!(learned_network::<English>().is_some());
        assert!(learned_network::<draughts_core::Brazilian>().is_none());
    }
}
