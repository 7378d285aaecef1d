//! Hub protocol position strings, read as both variants: whatever reads must write a
//! string that reads back to the same position, and agree with its FEN.
#![no_main]

use draughts_core::{English, International, Position, Variant};
use libfuzzer_sys::fuzz_target;

fn check<V: Variant>(text: &str) {
    let Ok(pos) = Position::<V>::from_hub(text) else {
        return;
    };
    let hub = pos.to_hub();
    assert_eq!(
        Position::<V>::from_hub(&hub),
        Ok(pos),
        "{hub:?} from {text:?}"
    );
    assert_eq!(pos.to_fen().parse::<Position<V>>(), Ok(pos));
    let _ = pos.legal_moves();
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check::<International>(text);
        check::<English>(text);
    }
});
