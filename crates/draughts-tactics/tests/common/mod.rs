//! Shared test helpers: random positions and a template set learned from them.
#![allow(dead_code)]

use draughts_core::{Position, Variant};
use draughts_tactics::{Finder, FinderConfig, PieceValues, Template, TemplateSet};
use proptest::prelude::*;
use std::ops::Range;

/// Positions reached by random legal moves from the initial position.
pub fn playout<V: Variant>(plies: Range<usize>) -> impl Strategy<Value = Position<V>> {
    prop::collection::vec(any::<u16>(), plies).prop_map(|choices| play_choices(&choices))
}

/// The position after playing the `choices[i] % moves`-th legal move in turn.
pub fn play_choices<V: Variant>(choices: &[u16]) -> Position<V> {
    let mut pos = Position::<V>::initial();
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(&moves[choice as usize % moves.len()]);
    }
    pos
}

/// A finder for lines a template can hold.
pub fn forced_finder<V: Variant>() -> Finder {
    Finder::new(
        FinderConfig {
            forced_only: true,
            ..FinderConfig::default()
        },
        PieceValues::for_variant::<V>(),
    )
}

/// Templates learned from `games` random playouts of up to 70 plies (every quiet
/// position on the way), deterministic.
pub fn learned_set<V: Variant>(games: u64) -> TemplateSet<V> {
    let finder = forced_finder::<V>();
    let values = PieceValues::for_variant::<V>();
    let mut set = TemplateSet::new();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..games {
        let mut pos = Position::<V>::initial();
        for _ in 0..70 {
            if pos.is_quiet() {
                if let Some(found) = finder.find(&pos) {
                    if let Some(template) = Template::learn(&pos, &found.line, &values) {
                        set.insert(template);
                    }
                }
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[(next() % moves.len() as u64) as usize]);
        }
    }
    set
}

/// Move texts of a line from `pos`.
pub fn texts<V: Variant>(pos: &Position<V>, line: &[draughts_core::Move<V>]) -> Vec<String> {
    let mut here = *pos;
    line.iter()
        .map(|m| {
            let text = here.move_text(m);
            here = here.play_unchecked(m);
            text
        })
        .collect()
}
