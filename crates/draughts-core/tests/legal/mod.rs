//! Helpers of the rule tests: a position from FEN, and its exact set of legal moves.
#![allow(dead_code)]
use draughts_core::{Position, Variant};
use std::collections::BTreeSet;

/// The position of `fen`, or a panic naming it.
pub fn pos<V: Variant>(fen: &str) -> Position<V> {
    fen.parse()
        .unwrap_or_else(|e| panic!("bad FEN {fen:?}: {e}"))
}

/// Asserts that the legal moves of `fen` are exactly `expected` (Hub texts), that
/// counting agrees, and that the colour-flipped position has as many.
pub fn assert_moves<V: Variant>(fen: &str, expected: &[&str]) -> Position<V> {
    let p = pos::<V>(fen);
    let list = p.legal_moves();
    let found: BTreeSet<String> = list.iter().map(Position::hub_move_text).collect();
    let want: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(found.len(), list.len(), "a move is listed twice in {fen}");
    assert_eq!(found, want, "legal moves of {fen}");
    assert_eq!(p.count_moves(), expected.len(), "count_moves of {fen}");
    assert_eq!(
        p.flipped().legal_moves().len(),
        expected.len(),
        "flipped {fen}"
    );
    p
}
