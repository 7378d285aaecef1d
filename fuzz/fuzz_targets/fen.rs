//! FEN text, read as both variants: whatever reads must write a FEN that reads back to
//! the same position, and its legal moves must generate without panicking.
#![no_main]

use draughts_core::{English, International, Position, Variant};
use libfuzzer_sys::fuzz_target;

fn check<V: Variant>(text: &str) {
    let Ok(pos) = text.parse::<Position<V>>() else {
        return;
    };
    let fen = pos.to_fen();
    let back: Position<V> = fen
        .parse()
        .unwrap_or_else(|e| panic!("{fen:?}, written for {text:?}, does not read: {e}"));
    assert_eq!(back, pos, "{fen:?} reads as another position than {text:?}");
    assert_eq!(back.to_fen(), fen);
    let _ = pos.legal_moves();
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check::<International>(text);
        check::<English>(text);
    }
});
