//! Evaluation files, read as both variants: weights text, pattern tables and networks. Whatever
//! reads must write a file that reads back to the same thing, and evaluating the start
//! position with it must not panic.
#![no_main]

use draughts_core::{English, International, Position, Variant};
use draughts_eval::{Evaluator, LinearEval, Network, Patterns, Weights};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fn check<V: Variant>(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(weights) = Weights::parse::<V>(text) {
            let back = Weights::parse::<V>(&weights.to_text::<V>());
            assert_eq!(
                back.ok(),
                Some(weights),
                "weights do not read back: {text:?}"
            );
        }
    }
    if let Ok(table) = Patterns::<V>::from_bytes(data) {
        let back = Patterns::<V>::from_bytes(&table.to_bytes());
        assert!(
            back.ok() == Some(table.clone()),
            "a table does not read back"
        );
        let eval = LinearEval::with_patterns(Weights::default_for::<V>(), Arc::new(table));
        let _ = eval.evaluate(&Position::<V>::initial());
    }
    if let Ok(net) = Network::<V>::from_bytes(data) {
        let back = Network::<V>::from_bytes(&net.to_bytes());
        assert!(
            back.ok() == Some(net.clone()),
            "a network does not read back"
        );
        let eval = LinearEval::<V>::default().with_network(Some(Arc::new(net)));
        let _ = eval.evaluate(&Position::<V>::initial());
    }
}

fuzz_target!(|data: &[u8]| {
    check::<International>(data);
    check::<English>(data);
});
